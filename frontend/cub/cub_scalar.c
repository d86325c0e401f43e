/* cub_scalar.c -- the rule set of a .cub system for exactly k processes
 * with its arrays as scalars (docs/cub.md "Runs of a fixed number of
 * processes"): an array A of the state becomes its k elements A_1..A_k
 * (k * k for a two-dimensional one), select(A, e) the choice
 * ite(e = 1, A_1, ite(e = 2, A_2, ...)), store(A, e, v) the elements
 * ite(e = i, v, A_i), an equality of arrays the equalities of their
 * elements.  Every subscript of the fixed-k rule set is a process in 1..k
 * (a process variable, or #j with k >= j), so the elements outside 1..k
 * are never read and the translation is exact; the literal reading a
 * subscript e is conjoined with 1 <= e <= k all the same (implied where
 * it stands, and a run of the result stays a run of the system should it
 * not be).  Bounded model checking then has no array theory to solve. */
#include <string.h>

#include "frontend/cub/cub_tr.h"

typedef struct sc {
  int k;
  unsigned nvars;              /* array variables made before: memo size */
  const clp_term ***memo;      /* by term id: a variable's elements */
  const clp_formula *guards;   /* 1 <= e <= k of the subscripts read */
  bool failed;
} sc;

/* The number of scalars of a value of sort s. */
static int width(const sc *S, const clp_sort *s) {
  return s->kind == CLP_S_ARRAY ? S->k * width(S, s->elem) : 1;
}

static const clp_sort *scalar_sort(const clp_sort *s) {
  while (s->kind == CLP_S_ARRAY) s = s->elem;
  return s;
}

static const clp_term **elems(sc *S, const clp_term *t);

static const clp_term *scalar(sc *S, const clp_term *t) {
  const clp_term **v = elems(S, t);
  return v ? v[0] : NULL;
}

/* The subscript e, noted for its range guard. */
static const clp_term *subscript(sc *S, const clp_term *e) {
  const clp_term *x = scalar(S, e);
  if (!x) return NULL;
  S->guards = clp_f_and2(S->guards,
                         clp_f_and2(clp_f_lit(clp_le(clp_num(1), x), false, clp_nopos),
                                    clp_f_lit(clp_le(x, clp_num(S->k)), false, clp_nopos)));
  return x;
}

/* The width(t->sort) scalars of t (t itself when scalar and array-free);
 * NULL (and failed) for a term of another shape. */
static const clp_term **elems(sc *S, const clp_term *t) {
  int w = width(S, t->sort);
  bool arr = t->sort->kind == CLP_S_ARRAY;
  const clp_term **out = NEW_N(const clp_term *, w);
  switch (t->op) {
  case CLP_VAR:
    if (!arr) { out[0] = t; return out; }
    if (t->id < S->nvars && S->memo[t->id]) return S->memo[t->id];
    for (int i = 0; i < w; i++)
      out[i] = cub_fresh(clp_fmt("%s_%d", t->name, i + 1), scalar_sort(t->sort));
    if (t->id < S->nvars) S->memo[t->id] = out;
    else S->failed = true;
    return out;
  case CLP_CONST_ARRAY: {
    const clp_term **d = elems(S, t->kids[0]);
    if (!d) return NULL;
    int e = w / S->k;
    for (int i = 0; i < w; i++) out[i] = d[i % e];
    return out;
  }
  case CLP_STORE: {
    const clp_term **a = elems(S, t->kids[0]);
    const clp_term *x = a ? subscript(S, t->kids[1]) : NULL;
    const clp_term **v = x ? elems(S, t->kids[2]) : NULL;
    if (!v) return NULL;
    int e = w / S->k;
    for (int i = 0; i < S->k; i++) {
      const clp_term *here = clp_eq(x, clp_num(i + 1));
      for (int j = 0; j < e; j++)
        out[i * e + j] = clp_ite(here, v[j], a[i * e + j]);
    }
    return out;
  }
  case CLP_SELECT: {
    const clp_term **a = elems(S, t->kids[0]);
    const clp_term *x = a ? subscript(S, t->kids[1]) : NULL;
    if (!x) return NULL;
    for (int j = 0; j < w; j++) {
      const clp_term *c = a[(S->k - 1) * w + j];
      for (int i = S->k - 2; i >= 0; i--)
        c = clp_ite(clp_eq(x, clp_num(i + 1)), a[i * w + j], c);
      out[j] = c;
    }
    return out;
  }
  case CLP_EQ:
    if (t->kids[0]->sort->kind == CLP_S_ARRAY) {
      const clp_term **a = elems(S, t->kids[0]);
      const clp_term **b = a ? elems(S, t->kids[1]) : NULL;
      if (!b) return NULL;
      int n = width(S, t->kids[0]->sort);
      const clp_term **eq = NEW_N(const clp_term *, n);
      for (int i = 0; i < n; i++) eq[i] = clp_eq(a[i], b[i]);
      out[0] = clp_and(n, eq);
      return out;
    }
    break;
  case CLP_ITE:
    if (arr) {
      const clp_term *c = scalar(S, t->kids[0]);
      const clp_term **a = c ? elems(S, t->kids[1]) : NULL;
      const clp_term **b = a ? elems(S, t->kids[2]) : NULL;
      if (!b) return NULL;
      for (int i = 0; i < w; i++) out[i] = clp_ite(c, a[i], b[i]);
      return out;
    }
    break;
  default:
    break;
  }
  if (arr) { S->failed = true; return NULL; }
  if (!t->n) { out[0] = t; return out; }
  const clp_term **kids = NEW_N(const clp_term *, t->n);
  for (int i = 0; i < t->n; i++) {
    if (t->kids[i]->sort->kind == CLP_S_ARRAY) { S->failed = true; return NULL; }
    if (!(kids[i] = scalar(S, t->kids[i]))) return NULL;
  }
  out[0] = clp_mk(t->op, t->sort, t->n, kids, t->fun);
  return out;
}

/* The arguments t[0..n) flattened. */
static const clp_term **flat(sc *S, int n, const clp_term **t, int *m) {
  *m = 0;
  for (int i = 0; i < n; i++) *m += width(S, t[i]->sort);
  const clp_term **out = NEW_N(const clp_term *, *m + 1);
  int o = 0;
  for (int i = 0; i < n; i++) {
    const clp_term **v = elems(S, t[i]);
    if (!v) return NULL;
    for (int j = 0; j < width(S, t[i]->sort); j++) out[o++] = v[j];
  }
  return out;
}

static const clp_formula *form(sc *S, const clp_formula *f, clp_rel **rel) {
  switch (f->kind) {
  case CLP_F_TRUE: case CLP_F_FALSE: return f;
  case CLP_F_LIT: {
    S->guards = clp_f_true();
    const clp_term *a = scalar(S, f->atom);
    if (!a) return NULL;
    return clp_f_and2(clp_f_lit(a, f->neg, f->pos), S->guards);
  }
  case CLP_F_CALL: {
    int m;
    const clp_term **a = flat(S, f->n, f->args, &m);
    return a ? clp_f_call(rel[f->rel->id], a, f->pos) : NULL;
  }
  case CLP_F_AND: case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++)
      if (!(k[i] = form(S, f->kids[i], rel))) return NULL;
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  }
  return NULL;
}

clp_rs *cub_scalarize(const clp_rs *rs, cub_map *m, int k) {
  sc S = {k, clp_term_count(), NULL, NULL, false};
  S.memo = NEW_N(const clp_term **, S.nvars);
  clp_rs *out = clp_rs_new(rs->file);
  clp_rel **rel = NEW_N(clp_rel *, rs->nrels);
  const clp_term ***heads = NEW_N(const clp_term **, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    int n;
    heads[i] = flat(&S, r->arity, r->formals, &n);
    if (!heads[i]) return NULL;
    const clp_sort **s = NEW_N(const clp_sort *, n + 1);
    for (int j = 0; j < n; j++) s[j] = heads[i][j]->sort;
    rel[i] = clp_rs_rel(out, r->name, n, s, r->pos);
  }
  for (int i = 0; i < rs->nrels; i++) {
    const clp_formula *b = form(&S, rs->rels[i]->body, rel);
    if (!b || S.failed) return NULL;
    clp_rs_add_clause(out, rel[i], heads[i], b, rs->rels[i]->body->pos);
  }
  clp_rs_set_goal(out, rel[rs->goal->id]);
  /* the map of the result: the same rules, the state's elements */
  cub_map *f = NEW(cub_map);
  *f = *m;
  f->reach = rel[m->reach->id];
  f->scalar = true;
  f->rules = NEW_N(cub_rule_info, m->nrules + 1);
  for (int i = 0; i < m->nrules; i++) {
    f->rules[i] = m->rules[i];
    f->rules[i].renamed = false;
  }
  f->caprules = m->nrules;
  cub_cex_register(out, f);
  if (clp_rs_finish(out) != 0) return NULL;
  return out;
}
