#include <string.h>
/* util.c -- pointer maps and string buffers used inside clp/. */
#include <stdio.h>
#include <stdlib.h>

#include "clp/clpi.h"

static unsigned hash_ptr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (unsigned)x;
}

void clp_pmap_init(clp_pmap *m, int cap) {
  int c = 16;
  while (c < 2 * cap) c *= 2;
  m->cap = c;
  m->n = 0;
  m->keys = NEW_N(const void *, c);
  m->vals = NEW_N(const void *, c);
}

const void *clp_pmap_get(const clp_pmap *m, const void *key) {
  if (!m->cap) return NULL;
  unsigned mask = (unsigned)m->cap - 1, i = hash_ptr(key) & mask;
  for (; m->keys[i]; i = (i + 1) & mask)
    if (m->keys[i] == key) return m->vals[i];
  return NULL;
}

static void put_raw(clp_pmap *m, const void *key, const void *val) {
  unsigned mask = (unsigned)m->cap - 1, i = hash_ptr(key) & mask;
  for (; m->keys[i]; i = (i + 1) & mask)
    if (m->keys[i] == key) { m->vals[i] = val; return; }
  m->keys[i] = key;
  m->vals[i] = val;
  m->n++;
}

void clp_pmap_put(clp_pmap *m, const void *key, const void *val) {
  if (!m->cap) clp_pmap_init(m, 8);
  if (2 * (m->n + 1) > m->cap) {
    clp_pmap old = *m;
    m->cap *= 2;
    m->n = 0;
    m->keys = NEW_N(const void *, m->cap);
    m->vals = NEW_N(const void *, m->cap);
    for (int i = 0; i < old.cap; i++)
      if (old.keys[i]) put_raw(m, old.keys[i], old.vals[i]);
  }
  put_raw(m, key, val);
}

static void reserve(clp_buf *b, size_t extra) {
  if (b->n + extra + 1 <= b->cap) return;
  size_t c = b->cap ? b->cap : 64;
  while (c < b->n + extra + 1) c *= 2;
  char *s = NEW_ATOMIC_N(char, c);
  if (b->n) memcpy(s, b->s, b->n);
  s[b->n] = 0;
  b->s = s;
  b->cap = c;
}

void clp_buf_puts(clp_buf *b, const char *s) {
  size_t k = strlen(s);
  reserve(b, k);
  memcpy(b->s + b->n, s, k + 1);
  b->n += k;
}

void clp_buf_printf(clp_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (k < 0) return;
  reserve(b, (size_t)k);
  va_start(ap, fmt);
  vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
  va_end(ap);
  b->n += (size_t)k;
}

const char *clp_vfmt(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (n < 0) n = 0;
  char *s = NEW_ATOMIC_N(char, n + 1);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

const char *clp_fmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const char *s = clp_vfmt(fmt, ap);
  va_end(ap);
  return s;
}

const char *clp_buf_str(clp_buf *b) {
  if (!b->s) reserve(b, 0);
  return b->s;
}

