/* subst.c -- substitution, labelling and free variables of terms. */
#include <assert.h>

#include "clp/clpi.h"

struct clp_subst {
  clp_pmap map;            /* variable -> term */
};

clp_subst *clp_subst_new(void) { return NEW(clp_subst); }

void clp_subst_add(clp_subst *s, const clp_term *var, const clp_term *t) {
  assert(var->op == CLP_VAR && var->sort == t->sort);
  clp_pmap_put(&s->map, var, t);
}

const clp_term *clp_subst_get(const clp_subst *s, const clp_term *var) {
  return clp_pmap_get(&s->map, var);
}

/* Rebuild t bottom-up; var_fn maps a variable to its image (or itself). */
typedef const clp_term *(*var_fn)(const void *ctx, const clp_term *v);

static const clp_term *rebuild(const clp_term *t, var_fn fn, const void *ctx,
                               clp_pmap *memo) {
  if (t->op == CLP_VAR) return fn(ctx, t);
  if (t->n == 0) return t;
  const clp_term *r = clp_pmap_get(memo, t);
  if (r) return r;
  const clp_term *small[4], **k = t->n <= 4 ? small : NEW_N(const clp_term *, t->n);
  bool changed = false;
  for (int i = 0; i < t->n; i++) {
    k[i] = rebuild(t->kids[i], fn, ctx, memo);
    changed |= k[i] != t->kids[i];
  }
  r = changed ? clp_mk(t->op, t->sort, t->n, k, t->fun) : t;
  clp_pmap_put(memo, t, r);
  return r;
}

static const clp_term *by_map(const void *ctx, const clp_term *v) {
  const clp_term *r = clp_pmap_get(&((const clp_subst *)ctx)->map, v);
  return r ? r : v;
}

const clp_term *clp_subst_term(const clp_subst *s, const clp_term *t) {
  if (!s || s->map.n == 0) return t;
  clp_pmap memo = {0};
  return rebuild(t, by_map, s, &memo);
}

const clp_term *clp_subst_args(const clp_term *t, int n,
                               const clp_term **formals,
                               const clp_term **args) {
  clp_subst s = {{0}};
  for (int i = 0; i < n; i++) clp_subst_add(&s, formals[i], args[i]);
  return clp_subst_term(&s, t);
}

static const clp_term *by_label(const void *ctx, const clp_term *v) {
  int label = *(const int *)ctx;
  return v->label ? v : clp_var_labelled(v, label);
}

const clp_term *clp_term_label(const clp_term *t, int label) {
  if (label == 0) return t;
  clp_pmap memo = {0};
  return rebuild(t, by_label, &label, &memo);
}

/* --------------------------------------------------------- free variables */
void clp_vars_collect(const clp_term *t, clp_pmap *seen,
                      const clp_term ***vars, int *n, int *cap) {
  if (clp_pmap_get(seen, t)) return;
  clp_pmap_put(seen, t, t);
  if (t->op == CLP_VAR) {
    VEC_PUSH(const clp_term *, *vars, *n, *cap, t);
    return;
  }
  for (int i = 0; i < t->n; i++) clp_vars_collect(t->kids[i], seen, vars, n, cap);
}

int clp_term_vars(const clp_term *t, const clp_term ***vars, int n, int *cap) {
  clp_pmap seen = {0};
  for (int i = 0; i < n; i++) clp_pmap_put(&seen, (*vars)[i], (*vars)[i]);
  clp_vars_collect(t, &seen, vars, &n, cap);
  return n;
}
