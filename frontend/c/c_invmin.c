/* c_invmin.c -- the equivalent simplification of a printed invariant
 * (c_inv.h, docs/c.md "Invariants"): the conjuncts (CNF clauses for the
 * quantified invariants of the indexed engine), bounds on one linear term
 * merged into the tightest, bounds that are exactly a variable's C type
 * range dropped, duplicates dropped, and conjuncts the others imply
 * (asked of Z3 with a small budget of resource units) dropped.  Printing only: the
 * certificate checked the formula before. */
#include <stdint.h>
#include <string.h>

#include "frontend/c/c_inv.h"
#include "zb/zb.h"

/* The Z3 pass: Z3's resource units per query and the queries in all (per
 * process), counted so the printed text does not depend on the machine's
 * load; the seconds in all only guard against a pathological case. */
#define REDUNDANT_QUERY_RLIMIT 2000000u
#define REDUNDANT_QUERIES 2000
#define REDUNDANT_TOTAL_S 60.0
/* The CNF of a quantified invariant: at most this many clauses. */
#define MAX_CLAUSES 256

/* --------------------------------------------------------------- bounds */

static bool in(const clp_term *v, int n, const clp_term *const *vs) {
  for (int i = 0; i < n; i++)
    if (vs[i] == v) return true;
  return false;
}


/* The literal f as a bound on a linear term: key <= hi (upper) or
 * lo <= key (lower), both for key == k; key's first coefficient is
 * positive.  false: not such a literal. */
static bool bound_of(const clp_formula *f, const clp_term **key, bool *lo_set,
                     int64_t *lo, bool *hi_set, int64_t *hi) {
  if (f->kind != CLP_F_LIT) return false;
  const clp_term *a = f->atom;
  if ((a->op != CLP_LE && a->op != CLP_EQ) || a->kids[1]->op != CLP_NUM ||
      a->kids[0]->sort->kind != CLP_S_INT)
    return false;
  const clp_term *l = a->kids[0];
  int64_t k = a->kids[1]->num;
  if (k == INT64_MIN || k == INT64_MAX) return false;
  *lo_set = *hi_set = false;
  if (a->op == CLP_EQ) {
    if (f->neg) return false;
    *key = l, *lo_set = *hi_set = true, *lo = *hi = k;
    return true;
  }
  if (f->neg) l = clp_neg(l), k = -k - 1;   /* !(l <= k): -l <= -k - 1 */
  const clp_term *first = l->op == CLP_ADD ? l->kids[0] : l;
  bool down = first->op == CLP_MUL && first->kids[0]->op == CLP_NUM &&
              first->kids[0]->num < 0;
  if (l->op == CLP_ADD && first->op == CLP_NUM) return false;
  if (down) *key = clp_neg(l), *lo_set = true, *lo = -k;
  else *key = l, *hi_set = true, *hi = k;
  return true;
}

typedef struct bnd {
  const clp_term *key;
  bool has_lo, has_hi;
  int64_t lo, hi;
  int at;                    /* the conjunct that prints it */
} bnd;

/* The conjuncts k[0..n) (disj: the disjuncts) with the bounds on each
 * linear term merged into the tightest (disj: the weakest) at the place of
 * its first bound; returns the new count. */
static int merge_bounds(const clp_formula **k, int n, bool disj) {
  bnd *b = NEW_N(bnd, n + 1);
  int nb = 0, m = 0;
  const clp_formula **out = NEW_N(const clp_formula *, n + 1);
  for (int i = 0; i < n; i++) {
    bnd x = {0};
    if (!bound_of(k[i], &x.key, &x.has_lo, &x.lo, &x.has_hi, &x.hi) ||
        (disj && x.has_lo && x.has_hi)) {
      out[m++] = k[i];
      continue;
    }
    int j;
    for (j = 0; j < nb && b[j].key != x.key; j++) {}
    if (j == nb) { x.at = m; out[m++] = NULL; b[nb++] = x; continue; }
    if (x.has_lo && (!b[j].has_lo || (disj ? x.lo < b[j].lo : x.lo > b[j].lo)))
      b[j].lo = x.lo, b[j].has_lo = true;
    if (x.has_hi && (!b[j].has_hi || (disj ? x.hi > b[j].hi : x.hi < b[j].hi)))
      b[j].hi = x.hi, b[j].has_hi = true;
  }
  for (int j = 0; j < nb; j++) {
    const clp_term *t = b[j].key;
    clp_pos p = {0};
    const clp_formula *f = NULL;
    if (disj) f = NULL;
    else if (b[j].has_lo && b[j].has_hi && b[j].lo > b[j].hi) f = clp_f_false();
    else if (b[j].has_lo && b[j].has_hi && b[j].lo == b[j].hi)
      f = clp_f_lit(clp_eq(t, clp_num(b[j].lo)), false, p);
    if (!f) {
      const clp_formula *lo = b[j].has_lo ? clp_f_lit(clp_le(clp_num(b[j].lo), t), false, p)
                                          : clp_f_true();
      const clp_formula *hi = b[j].has_hi ? clp_f_lit(clp_le(t, clp_num(b[j].hi)), false, p)
                                          : clp_f_true();
      f = !disj ? clp_f_and2(lo, hi) : !b[j].has_lo ? hi : !b[j].has_hi ? lo
                                                       : clp_f_or2(lo, hi);
    }
    out[b[j].at] = f;
  }
  /* flatten the pairs, drop the units */
  int r = 0;
  for (int i = 0; i < m; i++) {
    const clp_formula *f = out[i];
    if (f->kind == (disj ? CLP_F_FALSE : CLP_F_TRUE)) continue;
    if (f->kind == (disj ? CLP_F_OR : CLP_F_AND))
      for (int j = 0; j < f->n; j++) k[r++] = f->kids[j];
    else k[r++] = f;
  }
  return r;
}

/* The conjuncts of f (f itself unless a conjunction). */
static int conjuncts(const clp_formula *f, const clp_formula *const **out) {
  if (f->kind == CLP_F_AND) { *out = f->kids; return f->n; }
  *out = NEW_N(const clp_formula *, 1);
  ((const clp_formula **)*out)[0] = f;
  return 1;
}

static bool has(const clp_formula *const *k, int n, const clp_formula *f) {
  for (int i = 0; i < n; i++)
    if (k[i] == f || clp_f_equal(k[i], f)) return true;
  return false;
}

/* The disjunction of d[0..n) with the conjuncts common to all of them
 * factored out: (a && b) || (a && c) is a && (b || c). */
static const clp_formula *factor(const clp_formula **d, int n, clp_pos pos) {
  const clp_formula *const *c0;
  int n0 = conjuncts(d[0], &c0), nc = 0;
  const clp_formula **common = NEW_N(const clp_formula *, n0 + 2);
  for (int j = 0; j < n0; j++) {
    bool all = !has(common, nc, c0[j]);
    for (int i = 1; i < n && all; i++) {
      const clp_formula *const *ci;
      int ni = conjuncts(d[i], &ci);
      all = has(ci, ni, c0[j]);
    }
    if (all) common[nc++] = c0[j];
  }
  if (!nc) return clp_f_or(n, d, pos);
  const clp_formula **rest = NEW_N(const clp_formula *, n + 1);
  for (int i = 0; i < n; i++) {
    const clp_formula *const *ci;
    int ni = conjuncts(d[i], &ci), m = 0;
    const clp_formula **r = NEW_N(const clp_formula *, ni + 1);
    for (int j = 0; j < ni; j++)
      if (!has(common, nc, ci[j])) r[m++] = ci[j];
    rest[i] = clp_f_and(m, r, pos);
  }
  common[nc++] = clp_f_or(n, rest, pos);
  return clp_f_and(nc, common, pos);
}

/* f with common conjuncts factored out of its disjunctions and the bounds
 * of every conjunction inside it merged. */
static const clp_formula *tighten(const clp_formula *f) {
  if (f->kind != CLP_F_AND && f->kind != CLP_F_OR) return f;
  bool is_or = f->kind == CLP_F_OR;
  if (is_or) {   /* factored before the bounds change */
    const clp_formula *g = factor((const clp_formula **)f->kids, f->n, f->pos);
    if (g->kind == CLP_F_AND) return tighten(g);
  }
  const clp_formula **k = NEW_N(const clp_formula *, f->n + 1);
  for (int i = 0; i < f->n; i++) k[i] = tighten(f->kids[i]);
  const clp_formula *g = is_or ? clp_f_or(f->n, k, f->pos)    /* flattened */
                               : clp_f_and(f->n, k, f->pos);
  if (g->kind != f->kind) return g;
  k = NEW_N(const clp_formula *, g->n + 1);
  memcpy(k, g->kids, sizeof *k * (size_t)g->n);
  int m = merge_bounds(k, g->n, is_or);
  return is_or ? clp_f_or(m, k, f->pos) : clp_f_and(m, k, f->pos);
}

/* Drops the bounds that are exactly the C type range of their variable. */
static int drop_type_range(const ci_printer *p, const clp_formula **k, int n) {
  int m = 0;
  for (int i = 0; i < n; i++) {
    const clp_term *key;
    bool hl, hh;
    int64_t lo = 0, hi = 0, tlo, thi;
    bool drop = false;
    if (bound_of(k[i], &key, &hl, &lo, &hh, &hi) && key->op == CLP_VAR && hl != hh)
      for (int j = 0; j < p->n; j++)
        if (p->formals[j] == key && p->type && p->type[j] != C_VOID) {
          c_type_range(p->type[j], &tlo, &thi);
          drop = hl ? lo == tlo : hi == thi;
        }
    if (!drop) k[m++] = k[i];
  }
  return m;
}

/* ------------------------------------------------------------------ CNF */

typedef struct clauses { int n; const clp_formula ***lit; int *len; } clauses;

static bool has_lit(const clp_formula **c, int n, const clp_formula *l, bool neg) {
  for (int i = 0; i < n; i++)
    if (c[i]->atom == l->atom && (c[i]->neg != l->neg) == neg) return true;
  return false;
}

/* Adds the clause c (n literals) unless it is a tautology. */
static bool add_clause(clauses *s, const clp_formula **c, int n) {
  const clp_formula **d = NEW_N(const clp_formula *, n + 1);
  int m = 0;
  for (int i = 0; i < n; i++) {
    if (has_lit(d, m, c[i], true)) return true;
    if (!has_lit(d, m, c[i], false)) d[m++] = c[i];
  }
  if (s->n >= MAX_CLAUSES) return false;
  s->lit[s->n] = d, s->len[s->n++] = m;
  return true;
}

static clauses *new_clauses(void) {
  clauses *s = NEW(clauses);
  s->lit = NEW_N(const clp_formula **, MAX_CLAUSES);
  s->len = NEW_ATOMIC_N(int, MAX_CLAUSES);
  return s;
}

/* The CNF of f (literals, and, or, true, false), NULL past MAX_CLAUSES. */
static clauses *cnf(const clp_formula *f) {
  clauses *s = new_clauses();
  if (f->kind == CLP_F_TRUE) return s;
  if (f->kind == CLP_F_FALSE) { add_clause(s, NULL, 0); return s; }
  if (f->kind == CLP_F_LIT) { add_clause(s, &f, 1); return s; }
  if (f->kind != CLP_F_AND && f->kind != CLP_F_OR) return NULL;
  for (int i = 0; i < f->n; i++) {
    clauses *k = cnf(f->kids[i]);
    if (!k) return NULL;
    if (f->kind == CLP_F_AND) {
      for (int j = 0; j < k->n; j++)
        if (!add_clause(s, k->lit[j], k->len[j])) return NULL;
      continue;
    }
    if (i == 0) { s = k; continue; }
    clauses *t = new_clauses();
    for (int a = 0; a < s->n; a++)
      for (int b = 0; b < k->n; b++) {
        const clp_formula **c = NEW_N(const clp_formula *, s->len[a] + k->len[b] + 1);
        memcpy(c, s->lit[a], sizeof *c * (size_t)s->len[a]);
        memcpy(c + s->len[a], k->lit[b], sizeof *c * (size_t)k->len[b]);
        if (!add_clause(t, c, s->len[a] + k->len[b])) return NULL;
      }
    s = t;
  }
  return s;
}

/* Is clause a (na literals) a subset of clause b? */
static bool subsumes(const clp_formula **a, int na, const clp_formula **b, int nb) {
  for (int i = 0; i < na; i++)
    if (!has_lit(b, nb, a[i], false)) return false;
  return true;
}

/* The clauses of s that no other clause subsumes, as formulas. */
static int clause_list(const clauses *s, const clp_formula **out) {
  int m = 0;
  for (int i = 0; i < s->n; i++) {
    bool drop = false;
    for (int j = 0; j < s->n && !drop; j++)
      if (j != i && subsumes(s->lit[j], s->len[j], s->lit[i], s->len[i]))
        drop = s->len[j] < s->len[i] || j < i;
    if (!drop) out[m++] = clp_f_or(s->len[i], s->lit[i], (clp_pos){0});
  }
  return m;
}

/* ------------------------------------------------ guard-only clauses */

bool ci_isolate(const clp_formula *g, const clp_term *q, const clp_term **t,
                    bool *upper, bool *lower) {
  const clp_term *a = g->atom;
  if ((a->op != CLP_LE && (a->op != CLP_EQ || g->neg)) || a->kids[1]->op != CLP_NUM)
    return false;
  const clp_term *l = a->kids[0];
  int64_t c = a->kids[1]->num;
  if (g->neg) {   /* !(l <= c): -l <= -c - 1 */
    if (c == INT64_MIN || c == INT64_MAX) return false;
    l = clp_neg(l), c = -c - 1;
  }
  clp_lin lin = {0};
  clp_lin_add(&lin, l, 1);
  int64_t k = 0;
  for (int i = 0; i < lin.n; i++)
    if (lin.t[i] == q) k += lin.c[i];
  if (lin.ovf || (k != 1 && k != -1)) return false;
  /* k*q + r <= c: q <= c - r (k = 1), q >= r - c (k = -1) */
  const clp_term *r = clp_sub(l, clp_mul(clp_num(k), q));
  *t = k == 1 ? clp_sub(clp_num(c), r) : clp_sub(r, clp_num(c));
  const clp_term **vs = NULL;
  int cap = 0, nv = clp_term_vars(*t, &vs, 0, &cap);
  if (in(q, nv, vs)) return false;   /* q in a product, say */
  *upper = k == 1 || a->op == CLP_EQ;
  *lower = k == -1 || a->op == CLP_EQ;
  return true;
}

/* A clause whose literals over the index variable q are all negated
 * guards says: no q meets the guards, or one of the other literals holds.
 * With lower bounds L and upper bounds U of q (unit coefficients: exact
 * over the integers) "no q" is max L > min U, the disjunction of
 * U + 1 <= L over the pairs.  NULL when the clause is not of that form. */
static const clp_formula *no_index(const clp_formula *f, const clp_term *q) {
  const clp_formula *one[1] = {f};
  const clp_formula *const *ls = f->kind == CLP_F_OR ? f->kids : one;
  int n = f->kind == CLP_F_OR ? f->n : 1, nl = 0, nu = 0, m = 0;
  const clp_term **lo = NEW_N(const clp_term *, n + 1), **hi = NEW_N(const clp_term *, n + 1);
  const clp_formula **d = NEW_N(const clp_formula *, n * n + 1);
  for (int i = 0; i < n; i++) {
    const clp_term *t, **vs = NULL;
    int cap = 0;
    bool up, dn;
    int nv = clp_f_vars(ls[i], &vs, 0, &cap);
    if (!in(q, nv, vs)) {   /* not about q */
      d[m++] = ls[i];
      continue;
    }
    if (ls[i]->kind != CLP_F_LIT || !ci_guard(ls[i], 1, &q) ||
        !ci_isolate(clp_f_not(ls[i]), q, &t, &up, &dn))
      return NULL;
    if (up) hi[nu++] = t;
    if (dn) lo[nl++] = t;
  }
  for (int i = 0; i < nl; i++)
    for (int j = 0; j < nu; j++)
      d[m++] = clp_f_lit(clp_le(clp_add(hi[j], clp_num(1)), lo[i]), false, f->pos);
  return clp_f_or(m, d, f->pos);   /* no lower or no upper bound: false */
}

/* ------------------------------------------------------------------- Z3 */

static double z3_used;       /* seconds the redundancy pass took so far */
static int z3_queries;       /* and its queries */

/* Drops each conjunct the others (those kept) imply, last first: one
 * solver holds every conjunct k[j] behind a literal a_j (a_j -> k[j]) and
 * its negation behind b_j (b_j -> !k[j]); the query for k[i] assumes b_i
 * and the a_j of the conjuncts still kept. */
static int drop_implied(const clp_formula **k, int n) {
  if (n < 1 || z3_used >= REDUNDANT_TOTAL_S) return n;
  if (z3_queries + n > REDUNDANT_QUERIES) return n;
  z3_queries += n;
  clp_timer t = clp_timer_start();
  zb_ctx *z = zb_ctx_new();
  zb_solver *s = zb_solver_new(z);
  zb_solver_set_rlimit(s, REDUNDANT_QUERY_RLIMIT);   /* per check */
  const clp_term **a = NEW_N(const clp_term *, 2 * n + 1), **b = a + n;
  for (int j = 0; j < n; j++) {
    a[j] = clp_var(clp_fmt("keep$%d", j), clp_sort_bool());
    b[j] = clp_var(clp_fmt("drop$%d", j), clp_sort_bool());
    zb_assert(s, clp_f_or(2, (const clp_formula *[]){
                   clp_f_lit(a[j], true, clp_nopos), k[j]}, clp_nopos));
    zb_assert(s, clp_f_or(2, (const clp_formula *[]){
                   clp_f_lit(b[j], true, clp_nopos), clp_f_not(k[j])}, clp_nopos));
  }
  bool *gone = NEW_ATOMIC_N(bool, n);
  memset(gone, 0, sizeof *gone * (size_t)n);
  const clp_term **as = NEW_N(const clp_term *, n + 1);
  for (int i = n - 1; i >= 0 && z3_used + clp_timer_secs(t) < REDUNDANT_TOTAL_S; i--) {
    int m = 0;
    for (int j = 0; j < n; j++)
      if (j != i && !gone[j]) as[m++] = a[j];
    as[m++] = b[i];
    gone[i] = zb_check_assuming(s, m, as) == ZB_UNSAT;
  }
  zb_solver_free(s);
  zb_ctx_free(z);
  z3_used += clp_timer_secs(t);
  int m = 0;
  for (int i = 0; i < n; i++)
    if (!gone[i]) k[m++] = k[i];
  return m;
}

/* -------------------------------------------------------------- the pass */

/* The index variables of f: those of ix free in f, or (ix NULL) its free
 * variables that are no formal of p. */
static int index_vars(const ci_printer *p, const clp_formula *f,
                      const clp_term *const *ix, int nix, const clp_term ***out) {
  const clp_term **vs = NULL;
  int cap = 0, n = clp_f_vars(f, &vs, 0, &cap), m = 0;
  *out = NEW_N(const clp_term *, n + 1);
  for (int i = 0; i < n; i++)
    if (ix ? in(vs[i], nix, ix) : !in(vs[i], p->n, p->formals)) (*out)[m++] = vs[i];
  return m;
}

bool ci_guard(const clp_formula *l, int nq, const clp_term **q) {
  const clp_term **vs = NULL;
  int cap = 0, n = clp_term_vars(l->atom, &vs, 0, &cap);
  bool any = false;
  for (int i = 0; i < n; i++) {
    if (vs[i]->sort->kind != CLP_S_INT) return false;
    any |= in(vs[i], nq, q);
  }
  return any && (l->atom->op == CLP_LE || l->atom->op == CLP_EQ);
}

int ci_simplify(const ci_printer *p, const clp_formula *f,
                const clp_term *const *ix, int nix, ci_item **out) {
  const clp_term **q;
  int nq = index_vars(p, f, ix, nix, &q), n;
  f = tighten(f);
  const clp_formula **k;
  clauses *c = nq ? cnf(f) : NULL;
  if (c) {
    k = NEW_N(const clp_formula *, c->n + 1);
    n = clause_list(c, k);
    for (int i = 0; i < n; i++) {
      const clp_term **qi;
      const clp_formula *g = NULL;
      if (index_vars(p, k[i], q, nq, &qi) == 1 && (g = no_index(k[i], qi[0])))
        k[i] = tighten(g);
    }
  } else if (f->kind == CLP_F_AND) {
    k = NEW_N(const clp_formula *, f->n + 1);
    memcpy(k, f->kids, sizeof *k * (size_t)f->n);
    n = f->n;
  } else {
    k = NEW_N(const clp_formula *, 1);
    k[0] = f, n = 1;
  }
  n = drop_type_range(p, k, merge_bounds(k, n, false));
  int m = 0;   /* duplicates */
  for (int i = 0; i < n; i++) {
    bool dup = false;
    for (int j = 0; j < m && !dup; j++) dup = clp_f_equal(k[j], k[i]);
    if (!dup) k[m++] = k[i];
  }
  n = drop_implied(k, m);
  *out = NEW_N(ci_item, n + 1);
  for (int i = 0; i < n; i++) {
    (*out)[i].f = k[i];
    (*out)[i].nq = index_vars(p, k[i], q, nq, &(*out)[i].q);
  }
  return n;
}
