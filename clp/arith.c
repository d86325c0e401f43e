/* arith.c -- Int arithmetic and comparisons in linear normal form.
 *
 * A sum is c0 + c1*t1 + ... + cn*tn with the ti non-constant, non-sum terms
 * sorted by id and merged, the ci not in {0}; it is built as ADD(NUM c0?,
 * s1, ..., sn) where si = ti when ci = 1 and MUL(NUM ci, ti) otherwise.
 * Comparisons become  lin <= k  /  lin = k.  When a coefficient overflows
 * int64 the term is kept as built (unnormalised, still correct). */
#include <assert.h>
#include <stdlib.h>

#include "clp/clpi.h"

typedef clp_lin lin;

static void push(lin *l, const clp_term *t, int64_t k) {
  int old = l->cap;
  VEC_RESERVE(const clp_term *, l->t, l->n, l->cap, 1);
  if (l->cap != old) { /* the coefficients: a fresh copy, never shared */
    int64_t *c = NEW_ATOMIC_N(int64_t, l->cap);
    if (l->n) memcpy(c, l->c, sizeof *c * (size_t)l->n);
    l->c = c;
  }
  l->t[l->n] = t;
  l->c[l->n++] = k;
}

/* l += k * t */
void clp_lin_add(lin *l, const clp_term *t, int64_t k) {
  int64_t p;
  if (l->ovf || k == 0) return;
  assert(t->sort->kind == CLP_S_INT);
  switch (t->op) {
  case CLP_NUM:
    if (__builtin_mul_overflow(t->num, k, &p) ||
        __builtin_add_overflow(l->c0, p, &l->c0))
      l->ovf = true;
    return;
  case CLP_ADD:
    for (int i = 0; i < t->n; i++) clp_lin_add(l, t->kids[i], k);
    return;
  case CLP_MUL:
    if (t->kids[0]->op == CLP_NUM) {
      if (__builtin_mul_overflow(t->kids[0]->num, k, &p)) l->ovf = true;
      else clp_lin_add(l, t->kids[1], p);
      return;
    }
    break;
  default:
    break;
  }
  push(l, t, k);
}

static int by_id(const void *a, const void *b) {
  unsigned x = (*(const clp_term *const *)a)->id;
  unsigned y = (*(const clp_term *const *)b)->id;
  return x < y ? -1 : x > y;
}

/* Sort by id, merge like terms, drop zero coefficients. */
static void lin_norm(lin *l) {
  if (l->ovf || l->n == 0) return;
  /* sort (t, c) pairs: sort an index permutation via a pair array */
  typedef struct { const clp_term *t; int64_t c; } pair;
  pair *p = NEW_N(pair, l->n);
  for (int i = 0; i < l->n; i++) p[i].t = l->t[i], p[i].c = l->c[i];
  /* insertion sort is stable and n is small; fall back to qsort when big */
  if (l->n > 32) {
    /* stability does not matter: like terms are merged */
    qsort(p, (size_t)l->n, sizeof *p, by_id);
  } else {
    for (int i = 1; i < l->n; i++) {
      pair x = p[i];
      int j = i;
      while (j > 0 && p[j - 1].t->id > x.t->id) p[j] = p[j - 1], j--;
      p[j] = x;
    }
  }
  int m = 0;
  for (int i = 0; i < l->n; i++) {
    if (m && p[m - 1].t == p[i].t) {
      if (__builtin_add_overflow(p[m - 1].c, p[i].c, &p[m - 1].c)) {
        l->ovf = true;
        return;
      }
    } else {
      p[m++] = p[i];
    }
  }
  l->n = 0;
  for (int i = 0; i < m; i++)
    if (p[i].c) l->t[l->n] = p[i].t, l->c[l->n++] = p[i].c;
}

static uint64_t gcd(uint64_t a, uint64_t b) {
  while (b) { uint64_t t = a % b; a = b; b = t; }
  return a;
}

static uint64_t uabs(int64_t x) { return x < 0 ? -(uint64_t)x : (uint64_t)x; }

static const clp_term *mk2(clp_op op, const clp_sort *s, const clp_term *a,
                           const clp_term *b) {
  const clp_term *k[2] = {a, b};
  return clp_hc(op, s, 2, k, 0, NULL, 0, NULL);
}

static const clp_term *scaled(int64_t c, const clp_term *t) {
  return c == 1 ? t : mk2(CLP_MUL, clp_sort_int(), clp_num(c), t);
}

/* The term of a normalised lin. */
static const clp_term *lin_build(const lin *l, bool with_c0) {
  int64_t c0 = with_c0 ? l->c0 : 0;
  if (l->n == 0) return clp_num(c0);
  const clp_term **k = NEW_N(const clp_term *, l->n + 1);
  int m = 0;
  if (c0) k[m++] = clp_num(c0);
  for (int i = 0; i < l->n; i++) k[m++] = scaled(l->c[i], l->t[i]);
  if (m == 1) return k[0];
  return clp_hc(CLP_ADD, clp_sort_int(), m, k, 0, NULL, 0, NULL);
}

const clp_term *clp_add_n(int n, const clp_term **kids) {
  lin l = {0};
  for (int i = 0; i < n; i++) clp_lin_add(&l, kids[i], 1);
  lin_norm(&l);
  if (l.ovf) {
    if (n == 1) return kids[0];
    return clp_hc(CLP_ADD, clp_sort_int(), n, kids, 0, NULL, 0, NULL);
  }
  return lin_build(&l, true);
}

const clp_term *clp_add(const clp_term *a, const clp_term *b) {
  const clp_term *k[2] = {a, b};
  return clp_add_n(2, k);
}

const clp_term *clp_neg(const clp_term *a) {
  lin l = {0};
  clp_lin_add(&l, a, -1);
  lin_norm(&l);
  if (l.ovf) return mk2(CLP_MUL, clp_sort_int(), clp_num(-1), a);
  return lin_build(&l, true);
}

const clp_term *clp_sub(const clp_term *a, const clp_term *b) {
  lin l = {0};
  clp_lin_add(&l, a, 1);
  clp_lin_add(&l, b, -1);
  lin_norm(&l);
  if (l.ovf) return mk2(CLP_ADD, clp_sort_int(), a, clp_neg(b));
  return lin_build(&l, true);
}

static const clp_term *scale(int64_t c, const clp_term *t) {
  lin l = {0};
  clp_lin_add(&l, t, c);
  lin_norm(&l);
  if (l.ovf) return mk2(CLP_MUL, clp_sort_int(), clp_num(c), t);
  return lin_build(&l, true);
}

/* a = c * prim with c the gcd of a's coefficients (and constant), signed
 * so that prim's first summand has a positive coefficient.  This keeps
 * products canonical under substitution: (2z + 2)*y = 2*((z + 1)*y). */
static void content(const clp_term *a, int64_t *c, const clp_term **prim) {
  lin l = {0};
  clp_lin_add(&l, a, 1);
  lin_norm(&l);
  *c = 1;
  *prim = a;
  if (l.ovf || l.n == 0) return;
  uint64_t g = uabs(l.c0);
  for (int i = 0; i < l.n; i++) g = gcd(g, uabs(l.c[i]));
  if (g > (uint64_t)INT64_MAX) return;
  int64_t gg = (int64_t)g;
  if (l.c[0] < 0) gg = -gg;
  if (gg == 1) return;
  if (gg == -1) { /* -INT64_MIN overflows */
    if (l.c0 == INT64_MIN) return;
    for (int i = 0; i < l.n; i++)
      if (l.c[i] == INT64_MIN) return;
  }
  l.c0 /= gg;
  for (int i = 0; i < l.n; i++) l.c[i] /= gg;
  *c = gg;
  *prim = lin_build(&l, true);
}

const clp_term *clp_mul(const clp_term *a, const clp_term *b) {
  assert(a->sort->kind == CLP_S_INT && b->sort->kind == CLP_S_INT);
  if (a->op == CLP_NUM) return scale(a->num, b);
  if (b->op == CLP_NUM) return scale(b->num, a);
  /* nonlinear: pull the contents out, order the factors by id */
  int64_t ca, cb, c;
  const clp_term *pa, *pb;
  content(a, &ca, &pa);
  content(b, &cb, &pb);
  if (__builtin_mul_overflow(ca, cb, &c)) ca = cb = c = 1, pa = a, pb = b;
  if (pa->id > pb->id) { const clp_term *t = pa; pa = pb; pb = t; }
  return scale(c, mk2(CLP_MUL, clp_sort_int(), pa, pb));
}

/* Euclidean division: 0 <= r < |b|.  false on b == 0 or overflow. */
bool clp_euclid(int64_t a, int64_t b, int64_t *q, int64_t *r) {
  if (b == 0 || (a == INT64_MIN && b == -1)) return false;
  int64_t qq = a / b, rr = a % b;
  if (rr < 0) {
    if (b > 0) qq -= 1, rr += b;
    else qq += 1, rr -= b;
  }
  *q = qq;
  *r = rr;
  return true;
}

const clp_term *clp_div(const clp_term *a, const clp_term *b) {
  assert(a->sort->kind == CLP_S_INT && b->sort->kind == CLP_S_INT);
  int64_t q, r;
  if (a->op == CLP_NUM && b->op == CLP_NUM && clp_euclid(a->num, b->num, &q, &r))
    return clp_num(q);
  if (b->op == CLP_NUM && b->num == 1) return a;
  return mk2(CLP_DIV, clp_sort_int(), a, b);
}

const clp_term *clp_mod(const clp_term *a, const clp_term *b) {
  assert(a->sort->kind == CLP_S_INT && b->sort->kind == CLP_S_INT);
  int64_t q, r;
  if (a->op == CLP_NUM && b->op == CLP_NUM && clp_euclid(a->num, b->num, &q, &r))
    return clp_num(r);
  if (b->op == CLP_NUM && (b->num == 1 || b->num == -1)) return clp_num(0);
  return mk2(CLP_MOD, clp_sort_int(), a, b);
}

/* -------------------------------------------------------------- comparisons */
static int64_t floor_div(int64_t a, int64_t g) { /* g > 0 */
  int64_t q = a / g;
  if (a % g && a < 0) q--;
  return q;
}

/* a OP b with OP in {LE, EQ} over Int. */
static const clp_term *compare(clp_op op, const clp_term *a,
                               const clp_term *b) {
  lin l = {0};
  clp_lin_add(&l, a, 1);
  clp_lin_add(&l, b, -1);
  lin_norm(&l);
  if (l.ovf || l.c0 == INT64_MIN) return mk2(op, clp_sort_bool(), a, b);
  if (l.n == 0) return clp_bool(op == CLP_LE ? l.c0 <= 0 : l.c0 == 0);
  int64_t k = -l.c0;
  uint64_t g = 0;
  for (int i = 0; i < l.n; i++) g = gcd(g, uabs(l.c[i]));
  if (g > 1) { /* g <= 2^63 and divides every coefficient */
    if (g > (uint64_t)INT64_MAX) return mk2(op, clp_sort_bool(), a, b);
    int64_t gg = (int64_t)g;
    for (int i = 0; i < l.n; i++) l.c[i] /= gg;
    if (op == CLP_LE) k = floor_div(k, gg);
    else if (k % gg) return clp_false();
    else k /= gg;
  }
  if (op == CLP_EQ && l.c[0] < 0) {
    for (int i = 0; i < l.n; i++) {
      if (l.c[i] == INT64_MIN) return mk2(op, clp_sort_bool(), a, b);
      l.c[i] = -l.c[i];
    }
    k = -k; /* k != INT64_MIN: k = -c0 */
  }
  return mk2(op, clp_sort_bool(), lin_build(&l, false), clp_num(k));
}

const clp_term *clp_le(const clp_term *a, const clp_term *b) {
  assert(a->sort->kind == CLP_S_INT && b->sort->kind == CLP_S_INT);
  return compare(CLP_LE, a, b);
}

const clp_term *clp_lt(const clp_term *a, const clp_term *b) {
  return clp_le(clp_add(a, clp_num(1)), b);
}

const clp_term *clp_ge(const clp_term *a, const clp_term *b) {
  return clp_le(b, a);
}

const clp_term *clp_gt(const clp_term *a, const clp_term *b) {
  return clp_le(clp_add(b, clp_num(1)), a);
}

const clp_term *clp_eq(const clp_term *a, const clp_term *b) {
  assert(a->sort == b->sort);
  if (a->sort->kind == CLP_S_INT) return compare(CLP_EQ, a, b);
  if (a == b) return clp_true();
  if (a->sort->kind == CLP_S_BOOL) {
    if (a->op == CLP_TRUE) return b;
    if (b->op == CLP_TRUE) return a;
    if (a->op == CLP_FALSE) return clp_not(b);
    if (b->op == CLP_FALSE) return clp_not(a);
  }
  if (a->id > b->id) { const clp_term *t = a; a = b; b = t; }
  return mk2(CLP_EQ, clp_sort_bool(), a, b);
}
