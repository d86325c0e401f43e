/* pre_simp.c -- body simplification for the preprocessor: locals defined by
 * an equation in a conjunction are substituted away (pre.h, step 4). */
#include <stdint.h>

#include "clp/prei.h"

typedef struct simp {
  clp_pmap formals;        /* never eliminated */
  clp_pmap total;          /* variable -> (intptr_t) occurrences in the body */
  pre_elim **el;
  int *nel, cap;
  bool changed;
} simp;

static intptr_t cnt(const clp_pmap *m, const clp_term *v) {
  return (intptr_t)clp_pmap_get(m, v);
}

/* Occurrences: each literal or call counts once per distinct variable. */
static void count(const clp_formula *f, clp_pmap *m) {
  const clp_term **v = NULL;
  int n = 0, cap = 0;
  switch (f->kind) {
  case CLP_F_LIT: n = clp_term_vars(f->atom, &v, 0, &cap); break;
  case CLP_F_CALL:
    for (int i = 0; i < f->n; i++) n = clp_term_vars(f->args[i], &v, n, &cap);
    break;
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++) count(f->kids[i], m);
    return;
  default: return;
  }
  for (int i = 0; i < n; i++)
    clp_pmap_put(m, v[i], (const void *)(cnt(m, v[i]) + 1));
}

static bool mentions_any(const clp_term *t, const clp_pmap *set) {
  if (!set->n) return false;
  const clp_term **v = NULL;
  int cap = 0, n = clp_term_vars(t, &v, 0, &cap);
  for (int i = 0; i < n; i++)
    if (clp_pmap_get(set, v[i])) return true;
  return false;
}

static bool mentions(const clp_term *t, const clp_term *var) {
  const clp_term **v = NULL;
  int cap = 0, n = clp_term_vars(t, &v, 0, &cap);
  for (int i = 0; i < n; i++)
    if (v[i] == var) return true;
  return false;
}

/* May l := t be chosen (l local here, not yet chosen nor in a chosen term,
 * t free of chosen variables and of l)?  Only variables and constants are
 * substituted: moving compound terms into other literals and call
 * arguments changes the literals CAR abstracts and refines with, and
 * made the engine diverge on tests/clp (loop_bounds_safe, uf_readint_safe:
 * timeouts instead of 7 and 4 iterations). */
static bool ok(const simp *s, const clp_pmap *local, const clp_pmap *L,
               const clp_pmap *V, const clp_term *l, const clp_term *t) {
  return l->op == CLP_VAR && !l->label && l->sort == t->sort &&
         t->n == 0 &&
         !clp_pmap_get(&s->formals, l) && clp_pmap_get(local, l) &&
         !clp_pmap_get(L, l) && !clp_pmap_get(V, l) && !mentions(t, l) &&
         !mentions_any(t, L);
}

/* A definition l := t read off the literal f, or false. */
static bool solve(const simp *s, const clp_pmap *local, const clp_pmap *L,
                  const clp_pmap *V, const clp_formula *f,
                  const clp_term **var, const clp_term **term) {
  if (f->kind != CLP_F_LIT) return false;
  const clp_term *a = f->atom;
  if (a->op == CLP_VAR) {
    *var = a, *term = clp_bool(!f->neg);
    return ok(s, local, L, V, *var, *term);
  }
  if (f->neg || a->op != CLP_EQ) return false;
  const clp_term *lhs = a->kids[0], *rhs = a->kids[1];
  if (lhs->sort->kind == CLP_S_INT && rhs->op == CLP_NUM) {
    int n = lhs->op == CLP_ADD ? lhs->n : 1;
    const clp_term **sm = lhs->op == CLP_ADD ? lhs->kids : &lhs;
    for (int i = 0; i < n; i++) {
      const clp_term *v = sm[i];
      int64_t c = 1;
      if (v->op == CLP_MUL && v->kids[0]->op == CLP_NUM &&
          v->kids[0]->num == -1)
        c = -1, v = v->kids[1];
      if (v->op != CLP_VAR) continue;
      const clp_term *rest = clp_sub(lhs, c == 1 ? v : clp_neg(v));
      if (mentions(rest, v)) continue;
      const clp_term *t = c == 1 ? clp_sub(rhs, rest) : clp_sub(rest, rhs);
      if (ok(s, local, L, V, v, t)) { *var = v, *term = t; return true; }
    }
    return false;
  }
  if (ok(s, local, L, V, lhs, rhs)) { *var = lhs, *term = rhs; return true; }
  if (ok(s, local, L, V, rhs, lhs)) { *var = rhs, *term = lhs; return true; }
  return false;
}

static void record(simp *s, const clp_term *v, const clp_term *t) {
  VEC_PUSH(pre_elim, *s->el, *s->nel, s->cap, ((pre_elim){v, t}));
}

static const clp_formula *node(simp *s, const clp_formula *f);

/* A conjunction (AND or a single literal): eliminate here, in rounds of
 * independent definitions; descend only when nothing changed here (the
 * occurrence counts below are stale after a change). */
static const clp_formula *conjunction(simp *s, const clp_formula *f) {
  clp_pmap in = {0}, local = {0};
  count(f, &in);
  for (int i = 0; i < in.cap; i++)
    if (in.keys[i] && cnt(&in, in.keys[i]) == cnt(&s->total, in.keys[i]))
      clp_pmap_put(&local, in.keys[i], in.keys[i]);
  bool here = false;
  for (int round = 0; round < 64; round++) {
    if (f->kind != CLP_F_AND && f->kind != CLP_F_LIT) break;
    int nk = f->kind == CLP_F_AND ? f->n : 1;
    const clp_formula *const *ks = f->kind == CLP_F_AND ? f->kids : &f;
    clp_pmap L = {0}, V = {0};
    clp_subst *sub = NULL;
    for (int i = 0; i < nk; i++) {
      const clp_term *v, *t;
      if (!solve(s, &local, &L, &V, ks[i], &v, &t)) continue;
      if (!sub) sub = clp_subst_new();
      clp_subst_add(sub, v, t);
      clp_pmap_put(&L, v, v);
      const clp_term **tv = NULL;
      int cap = 0, n = clp_term_vars(t, &tv, 0, &cap);
      for (int j = 0; j < n; j++) clp_pmap_put(&V, tv[j], tv[j]);
      record(s, v, t);
    }
    if (!sub) break;
    f = clp_f_subst(sub, f);
    here = true;
  }
  if (here) { s->changed = true; return f; }
  if (f->kind != CLP_F_AND) return f;
  const clp_formula **k = NEW_N(const clp_formula *, f->n);
  bool ch = false;
  for (int i = 0; i < f->n; i++) ch |= (k[i] = node(s, f->kids[i])) != f->kids[i];
  return ch ? clp_f_and(f->n, k, f->pos) : f;
}

static const clp_formula *node(simp *s, const clp_formula *f) {
  if (f->kind == CLP_F_AND || f->kind == CLP_F_LIT) return conjunction(s, f);
  if (f->kind != CLP_F_OR) return f;
  const clp_formula **k = NEW_N(const clp_formula *, f->n);
  bool ch = false;
  for (int i = 0; i < f->n; i++) ch |= (k[i] = node(s, f->kids[i])) != f->kids[i];
  return ch ? clp_f_or(f->n, k, f->pos) : f;
}

const clp_formula *clp_pre_simplify(const clp_formula *f, int n,
                                    const clp_term **formals,
                                    pre_elim **el, int *nel) {
  simp s = {0};
  s.el = el, s.nel = nel, s.cap = *nel;
  for (int i = 0; i < n; i++) clp_pmap_put(&s.formals, formals[i], formals[i]);
  for (int pass = 0; pass < 16; pass++) {
    s.total = (clp_pmap){0};
    count(f, &s.total);
    s.changed = false;
    f = node(&s, f);
    if (!s.changed) break;
  }
  return f;
}
