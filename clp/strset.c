/* strset.c -- sets of strings: open addressing, linear probing, FNV-1a
 * (strset.h). */
#include "clp/strset.h"

#include <stdint.h>
#include <string.h>

#include "clp/mem.h"

struct clp_strset {
  int n, cap;          /* strings, slots (a power of two, or 0) */
  const char **slot;   /* NULL: empty */
};

static uint32_t hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

clp_strset *clp_strset_new(void) {
  clp_strset *s = NEW(clp_strset);
  memset(s, 0, sizeof *s);
  return s;
}

/* The slot of key, or of the empty slot where it would go. */
static int find(const clp_strset *s, const char *key) {
  int mask = s->cap - 1, i = (int)(hash(key) & (uint32_t)mask);
  while (s->slot[i] && strcmp(s->slot[i], key)) i = (i + 1) & mask;
  return i;
}

bool clp_strset_has(const clp_strset *s, const char *key) {
  return s->cap && s->slot[find(s, key)];
}

bool clp_strset_add(clp_strset *s, const char *key) {
  if (2 * (s->n + 1) > s->cap) { /* at most half full */
    clp_strset old = *s;
    s->cap = old.cap ? 2 * old.cap : 16;
    s->slot = NEW_N(const char *, s->cap);
    memset(s->slot, 0, sizeof *s->slot * (size_t)s->cap);
    for (int i = 0; i < old.cap; i++)
      if (old.slot[i]) s->slot[find(s, old.slot[i])] = old.slot[i];
  }
  int i = find(s, key);
  if (s->slot[i]) return false;
  s->slot[i] = key;
  s->n++;
  return true;
}

int clp_strset_size(const clp_strset *s) { return s->n; }

void clp_strset_clear(clp_strset *s) {
  if (s->cap) memset(s->slot, 0, sizeof *s->slot * (size_t)s->cap);
  s->n = 0;
}
