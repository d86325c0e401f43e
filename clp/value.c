/* value.c -- concrete values: ints, Booleans, arrays as a default value
 * plus finitely many explicit entries (keys ascending, none equal to the
 * default, so the representation is canonical). */
#include <stdlib.h>

#include "clpi.h"

const clp_value *clp_v_int(int64_t i) {
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

typedef struct entry { int64_t k; const clp_value *v; int order; } entry;

static int by_key(const void *a, const void *b) {
  const entry *x = a, *y = b;
  if (x->k != y->k) return x->k < y->k ? -1 : 1;
  return x->order - y->order;
}

const clp_value *clp_v_array(const clp_value *dflt, int n, const int64_t *keys,
                             const clp_value **vals) {
  entry *e = NEW_N(entry, n);
  for (int i = 0; i < n; i++) e[i].k = keys[i], e[i].v = vals[i], e[i].order = i;
  qsort(e, (size_t)n, sizeof *e, by_key);
  clp_value *a = NEW(clp_value);
  a->kind = CLP_V_ARRAY;
  a->dflt = dflt;
  int64_t *ks = NEW_ATOMIC_N(int64_t, n);
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

/* The value of array a at index k. */
const clp_value *clp_v_at(const clp_value *a, int64_t k) {
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
  case CLP_V_INT: clp_buf_printf(b, "%lld", (long long)v->i); return;
  case CLP_V_BOOL: clp_buf_puts(b, v->b ? "true" : "false"); return;
  case CLP_V_ARRAY:
    for (int i = 0; i < v->n; i++) clp_buf_puts(b, "store(");
    clp_buf_puts(b, "const(");
    vstr(b, v->dflt);
    clp_buf_puts(b, ")");
    for (int i = 0; i < v->n; i++) {
      clp_buf_printf(b, ", %lld, ", (long long)v->keys[i]);
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
