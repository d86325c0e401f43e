/* value.c -- concrete values: ints, Booleans, arrays as a default value
 * plus finitely many explicit entries (keys ascending, none equal to the
 * default, so the representation is canonical). */
#include <stdlib.h>

#include "clp/clpi.h"

const clp_value *clp_v_int(clp_vint i) {
  clp_value *v = NEW(clp_value);
  v->kind = CLP_V_INT;
  v->i = i;
  return v;
}

const clp_value *clp_v_bool(bool b) {
  clp_value *v = NEW(clp_value);
  v->kind = CLP_V_BOOL;
  v->b = b;
  return v;
}

typedef struct entry { clp_vint k; const clp_value *v; int order; } entry;

static int by_key(const void *a, const void *b) {
  const entry *x = a, *y = b;
  if (x->k != y->k) return x->k < y->k ? -1 : 1;
  return x->order - y->order;
}

const clp_value *clp_v_array(const clp_value *dflt, int n, const clp_vint *keys,
                             const clp_value **vals) {
  entry *e = NEW_N(entry, n);
  for (int i = 0; i < n; i++) e[i].k = keys[i], e[i].v = vals[i], e[i].order = i;
  qsort(e, (size_t)n, sizeof *e, by_key);
  clp_value *a = NEW(clp_value);
  a->kind = CLP_V_ARRAY;
  a->dflt = dflt;
  clp_vint *ks = NEW_ATOMIC_N(clp_vint, n);
  const clp_value **vs = NEW_N(const clp_value *, n);
  int m = 0;
  for (int i = 0; i < n; i++) {
    if (i + 1 < n && e[i + 1].k == e[i].k) continue; /* a later one wins */
    if (clp_v_equal(e[i].v, dflt)) continue;
    ks[m] = e[i].k;
    vs[m++] = e[i].v;
  }
  a->n = m;
  a->keys = ks;
  a->vals = vs;
  return a;
}

const clp_value *clp_v_store(const clp_value *a, clp_vint key,
                             const clp_value *v) {
  int n = a->n + 1;
  clp_vint *ks = NEW_ATOMIC_N(clp_vint, n);
  const clp_value **vs = NEW_N(const clp_value *, n);
  for (int i = 0; i < a->n; i++) ks[i] = a->keys[i], vs[i] = a->vals[i];
  ks[a->n] = key; /* the last entry wins in clp_v_array */
  vs[a->n] = v;
  return clp_v_array(a->dflt, n, ks, vs);
}

/* The value of array a at index k. */
const clp_value *clp_v_at(const clp_value *a, clp_vint k) {
  int lo = 0, hi = a->n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a->keys[mid] == k) return a->vals[mid];
    if (a->keys[mid] < k) lo = mid + 1;
    else hi = mid - 1;
  }
  return a->dflt;
}

bool clp_v_equal(const clp_value *a, const clp_value *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
  case CLP_V_INT: return a->i == b->i;
  case CLP_V_BOOL: return a->b == b->b;
  case CLP_V_ARRAY:
    /* Int indices are infinite: some index is in neither entry list */
    if (!clp_v_equal(a->dflt, b->dflt)) return false;
    for (int i = 0; i < a->n; i++)
      if (!clp_v_equal(a->vals[i], clp_v_at(b, a->keys[i]))) return false;
    for (int i = 0; i < b->n; i++)
      if (!clp_v_equal(b->vals[i], clp_v_at(a, b->keys[i]))) return false;
    return true;
  }
  return false;
}

static void vstr(clp_buf *b, const clp_value *v) {
  if (!v) { clp_buf_puts(b, "?"); return; }
  switch (v->kind) {
  case CLP_V_INT: clp_buf_puts(b, clp_vint_str(v->i)); return;
  case CLP_V_BOOL: clp_buf_puts(b, v->b ? "true" : "false"); return;
  case CLP_V_ARRAY:
    for (int i = 0; i < v->n; i++) clp_buf_puts(b, "store(");
    clp_buf_puts(b, "const(");
    vstr(b, v->dflt);
    clp_buf_puts(b, ")");
    for (int i = 0; i < v->n; i++) {
      clp_buf_printf(b, ", %s, ", clp_vint_str(v->keys[i]));
      vstr(b, v->vals[i]);
      clp_buf_puts(b, ")");
    }
    return;
  }
}

const char *clp_v_str(const clp_value *v) {
  clp_buf b = {0};
  vstr(&b, v);
  return clp_buf_str(&b);
}

const char *clp_vint_str(clp_vint i) {
  char buf[48], *p = buf + sizeof buf;
  unsigned __int128 u = i < 0 ? -(unsigned __int128)i : (unsigned __int128)i;
  *--p = 0;
  do *--p = (char)('0' + (int)(u % 10)); while (u /= 10);
  if (i < 0) *--p = '-';
  return clp_strdup(p);
}

bool clp_vint_parse(const char *s, clp_vint *out) {
  bool neg = *s == '-';
  if (neg) s++;
  if (!*s) return false;
  unsigned __int128 u = 0, lim = (unsigned __int128)1 << 127; /* |min| */
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return false;
    if (u > (lim - (unsigned)(*s - '0')) / 10) return false;
    u = u * 10 + (unsigned)(*s - '0');
  }
  if (!neg && u == lim) return false;
  *out = neg ? (clp_vint)(-u) : (clp_vint)u;
  return true;
}
