/* cub_upd.c -- the actions of a .cub transition as post-state terms
 * (docs/cub.md "Updates"): X := t is t; A[i] := t is store(A, i, t);
 * a case over a fresh subscript j whose conditions are "j = e" and whose
 * default is uniform in j is a chain of stores into A, another array or a
 * constant array; any other universal update is a fresh array A' with a
 * relation storing case(k) into A at every k in 1..N (exact), or, for a
 * fixed number k of processes, the chain of stores of case(1..k) into A;
 * "." and "?" are fresh values in the range of their type. */
#include <string.h>

#include "frontend/cub/cub_tr.h"

/* Is subscript e bound (a process variable, #k, or a state variable,
 * which cub_term rejects)?  Another NAME is a fresh subscript of the
 * left-hand side. */
static bool bound(const cub_tx *T, const cub_expr *e) {
  if (e->k != CE_NAME) return true;
  return cub_env_get(T, e->name) || cub_find_sv(T, e->name);
}

static const clp_term *value(cub_tx *T, const cub_expr *e, const clp_sort *s) {
  const clp_term *v = cub_term(T, e);
  if (v && v->sort != s) {
    cub_err(T, e->off, "assigned value of the wrong type");
    return NULL;
  }
  return v;
}

/* The case of a: the first branch whose condition holds gives newcell
 * (a value in the range of ty); none (no default): newcell = oldcell. */
static const clp_formula *case_formula(cub_tx *T, const cub_action *a, cub_cty ty,
                                       const clp_term *newcell,
                                       const clp_term *oldcell) {
  const clp_formula *none = clp_f_true(); /* no earlier branch holds */
  const clp_formula *out = clp_f_false();
  for (int m = 0; m < a->ncases; m++) {
    const cub_case *c = &a->cases[m];
    const clp_term *v = value(T, c->val, newcell->sort);
    if (!v) return NULL;
    const clp_formula *eq = clp_f_and2(cub_lit(clp_eq(newcell, v), true),
                                       cub_value_range(T, ty, v));
    if (!c->cond) return clp_f_or2(out, clp_f_and2(none, eq));
    const clp_formula *yes = cub_form(T, c->cond, true);
    const clp_formula *no = cub_form(T, c->cond, false);
    if (!yes || !no) return NULL;
    out = clp_f_or2(out, clp_f_and(3, (const clp_formula *[]){none, yes, eq},
                                   clp_nopos));
    none = clp_f_and2(none, no);
  }
  return clp_f_or2(out, clp_f_and2(none, cub_lit(clp_eq(newcell, oldcell), true)));
}

/* ------------------------------------------------ store chains */
/* The subscript e of "j = e" / "e = j" when c has that form. */
static const cub_expr *eq_fresh(const cub_expr *c, const char *j) {
  if (!c || c->k != CE_EQ) return NULL;
  for (int s = 0; s < 2; s++) {
    const cub_expr *x = c->kids[s], *e = c->kids[1 - s];
    if (x->k == CE_NAME && !strcmp(x->name, j) && !cub_mentions(e, j)) return e;
  }
  return NULL;
}

/* a's cases over the fresh last subscript j of a row (the array itself,
 * or row e1 of a 2D array) as stores into a base, or NULL when they do not
 * have that shape (nothing reported).  *err: an error was reported. */
static const clp_term *store_chain(cub_tx *T, const cub_action *a, const cub_sv *v,
                                   const clp_term *e1, const clp_term *old,
                                   const clp_formula **cond, bool *err) {
  const char *j = a->idx->v[a->idx->n - 1]->name;
  int n = a->ncases;
  const cub_expr *dflt = NULL;
  if (a->k == CA_TERM) dflt = a->term, n = 0;
  else if (n && !a->cases[n - 1].cond) dflt = a->cases[--n].val;
  for (int m = 0; m < n; m++)
    if (!eq_fresh(a->cases[m].cond, j)) return NULL;
  const clp_sort *rs = old->sort;
  const clp_term *base = old;
  *err = true;
  if (dflt && cub_mentions(dflt, j)) {
    /* X[j] (X[e1, j] for a row): base X (row e1 of X) */
    if (dflt->k != CE_SEL || dflt->n != a->idx->n) return *err = false, NULL;
    const cub_expr *last = dflt->kids[dflt->n - 1];
    if (last->k != CE_NAME || strcmp(last->name, j)) return *err = false, NULL;
    if (dflt->n == 2 && cub_mentions(dflt->kids[0], j)) return *err = false, NULL;
    const cub_sv *x = cub_find_sv(T, dflt->name);
    if (!x || x->d->ndims != dflt->n) return *err = false, NULL;
    /* an array of another type: its elements' ranges, one at a time */
    if (v->ty.k == CT_PROCV && x->ty.k != CT_PROCV) return *err = false, NULL;
    base = x->pre;
    if (dflt->n == 2) {
      const clp_term *f = cub_term(T, dflt->kids[0]);
      if (!f) return NULL;
      if (f != e1) return *err = false, NULL;
      base = clp_select(base, f);
    }
    if (base->sort != rs) {
      cub_err(T, dflt->off, "assigned value of the wrong type");
      return NULL;
    }
  } else if (dflt) {
    const clp_term *c = value(T, dflt, rs->elem);
    if (!c) return NULL;
    *cond = clp_f_and2(*cond, cub_value_range(T, v->ty, c));
    base = clp_const_array(rs, c);
  }
  for (int m = n - 1; m >= 0; m--) {
    const clp_term *e = cub_term(T, eq_fresh(a->cases[m].cond, j));
    if (!e) return NULL;
    if (e->sort != clp_sort_int()) {
      cub_err(T, a->cases[m].cond->off, "subscript is not a process");
      return NULL;
    }
    int ne = T->nenv, nc = T->nctx;
    cub_env_push(T, j, e, false);
    const clp_term *val = value(T, a->cases[m].val, rs->elem);
    cub_env_pop(T, ne, nc);
    if (!val) return NULL;
    *cond = clp_f_and2(*cond, cub_value_range(T, v->ty, val));
    base = clp_store(base, e, val);
  }
  *err = false;
  return base;
}

/* A 2D update over two fresh subscripts i, j whose conditions are all
 * "i = e" and whose values are free of i and j (a row reset such as
 * Cpt[i,j] := case | i = x : False | _ : Cpt[i,j]) as stores of constant
 * rows into a base: X for a default X[i,j], a constant array of constant
 * rows for a default free of i and j.  NULL when a does not have that
 * shape (nothing reported); *err: an error was reported. */
static const clp_term *row_chain(cub_tx *T, const cub_action *a,
                                 const cub_sv *v, const clp_formula **cond,
                                 bool *err) {
  const char *i = a->idx->v[0]->name, *j = a->idx->v[1]->name;
  int n = a->ncases;
  const cub_expr *dflt = NULL;
  if (a->k == CA_TERM) dflt = a->term, n = 0;
  else if (n && !a->cases[n - 1].cond) dflt = a->cases[--n].val;
  for (int m = 0; m < n; m++) {
    const cub_expr *e = eq_fresh(a->cases[m].cond, i);
    if (!e || cub_mentions(e, j) || cub_mentions(a->cases[m].val, i) ||
        cub_mentions(a->cases[m].val, j))
      return NULL;
  }
  const clp_sort *row = v->sort->elem;
  const clp_term *base = v->pre;
  *err = true;
  if (dflt && (cub_mentions(dflt, i) || cub_mentions(dflt, j))) {
    if (dflt->k != CE_SEL || dflt->n != 2 || dflt->kids[0]->k != CE_NAME ||
        strcmp(dflt->kids[0]->name, i) || dflt->kids[1]->k != CE_NAME ||
        strcmp(dflt->kids[1]->name, j))
      return *err = false, NULL;
    const cub_sv *x = cub_find_sv(T, dflt->name);
    if (!x || x->d->ndims != 2) return *err = false, NULL;
    if (v->ty.k == CT_PROCV && x->ty.k != CT_PROCV) return *err = false, NULL;
    if (x->sort != v->sort) {
      cub_err(T, dflt->off, "assigned value of the wrong type");
      return NULL;
    }
    base = x->pre;
  } else if (dflt) {
    const clp_term *c = value(T, dflt, row->elem);
    if (!c) return NULL;
    *cond = clp_f_and2(*cond, cub_value_range(T, v->ty, c));
    base = clp_const_array(v->sort, clp_const_array(row, c));
  }
  for (int m = n - 1; m >= 0; m--) {
    const clp_term *e = cub_term(T, eq_fresh(a->cases[m].cond, i));
    if (!e) return NULL;
    if (e->sort != clp_sort_int()) {
      cub_err(T, a->cases[m].cond->off, "subscript is not a process");
      return NULL;
    }
    const clp_term *val = value(T, a->cases[m].val, row->elem);
    if (!val) return NULL;
    *cond = clp_f_and2(*cond, cub_value_range(T, v->ty, val));
    base = clp_store(base, e, clp_const_array(row, val));
  }
  *err = false;
  return base;
}

/* ------------------------------------------- universal updates */
/* A universal update A[j] := ... is computed by an accumulating relation
 * (exact at every index: the elements outside 1..N are unchanged):
 *   Upd(.., acc, k, out) :- k > N, out = acc.
 *   Upd(.., acc, k, out) :- 1 <= k <= N, v = the new A[k],
 *                           Upd(.., store(acc, k, v), k + 1, out).
 * called as Upd(.., A, 1, A'); for a 2D array the new row A'[k] is
 * itself accumulated over l from the old row A[k]. */
typedef struct upd_arg {
  const cub_action *a;
  const cub_sv *v;
  const clp_term **at;      /* bound subscripts (NULL: fresh) */
  int pos;                  /* subscripts handled so far */
  const clp_term *oldc;     /* the old cell/row at those subscripts */
  const clp_formula *match; /* the bound subscripts equal the scanned ones */
} upd_arg;

static const clp_formula *accumulate(cub_tx *T, const upd_arg *b,
                                     const clp_term *init, const clp_term *out);

/* The formula making nv the new value of the cell or row b->oldc. */
static const clp_formula *new_value(cub_tx *T, const upd_arg *b,
                                    const clp_term *nv) {
  if (b->pos < b->a->idx->n) return accumulate(T, b, b->oldc, nv);
  const clp_formula *f;
  if (b->a->k == CA_TERM) {
    const clp_term *t = value(T, b->a->term, nv->sort);
    if (!t) return NULL;
    f = clp_f_and2(cub_lit(clp_eq(nv, t), true), cub_value_range(T, b->v->ty, t));
  } else if (b->a->k == CA_NONDET) {
    f = cub_range(T, b->v->ty, nv);
  } else {
    f = case_formula(T, b->a, b->v->ty, nv, b->oldc);
    if (!f) return NULL;
  }
  if (b->match->kind == CLP_F_TRUE) return f;
  const clp_formula *same = cub_lit(clp_eq(nv, b->oldc), true);
  return clp_f_or2(clp_f_and2(b->match, f), clp_f_and2(clp_f_not(b->match), same));
}

/* The update at the subscript k (a variable, or a number): the case of
 * c (the old cell/row at k, subscripts so far + 1) with k bound to name. */
static const clp_formula *step_at(cub_tx *T, const upd_arg *b, const char *name,
                                  const clp_term *k, const clp_term *nv) {
  int ne = T->nenv, nc = T->nctx;
  cub_env_push(T, name, k, true);
  upd_arg c = *b;
  c.oldc = clp_select(b->oldc, k);
  c.pos = b->pos + 1;
  if (b->at[b->pos])
    c.match = clp_f_and2(b->match, cub_lit(clp_eq(k, b->at[b->pos]), true));
  const clp_formula *step = new_value(T, &c, nv);
  cub_env_pop(T, ne, nc);
  return step;
}

/* For exactly T->fixk processes: out = init with the new values nv_k
 * stored at k = 1..fixk, each nv_k a fresh variable given by its case. */
static const clp_formula *accumulate_fixed(cub_tx *T, const upd_arg *b,
                                           const char *name,
                                           const clp_term *init,
                                           const clp_term *out) {
  const clp_formula *f = clp_f_true();
  const clp_term *acc = init;
  for (int i = 1; i <= T->fixk; i++) {
    const clp_term *k = clp_num(i);
    const clp_term *nv = cub_fresh(clp_fmt("%s'", b->v->d->name), init->sort->elem);
    const clp_formula *step = step_at(T, b, name, k, nv);
    if (!step) return NULL;
    f = clp_f_and2(f, step);
    acc = clp_store(acc, k, nv);
  }
  return clp_f_and2(f, cub_lit(clp_eq(out, acc), true));
}

static const clp_formula *accumulate(cub_tx *T, const upd_arg *b,
                                     const clp_term *init, const clp_term *out) {
  const cub_expr *x = b->a->idx->v[b->pos];
  const char *name = b->at[b->pos] ? NULL : x->name;
  if (T->fixk) return accumulate_fixed(T, b, name, init, out);
  const clp_term *k = cub_fresh(name ? name : "k", clp_sort_int());
  const clp_term *acc = cub_fresh("acc", init->sort);
  const clp_term *res = cub_fresh("out", init->sort);
  const clp_term *nv = cub_fresh(clp_fmt("%s'", b->v->d->name), init->sort->elem);
  const clp_formula *step = step_at(T, b, name, k, nv);
  if (!step) return NULL;
  /* arguments: N, the variables in scope the step uses, acc, k, out */
  const clp_term **f = NULL;
  int n = cub_scope_args(T, step, 3, &f);
  f[n++] = acc;
  f[n++] = k;
  f[n++] = res;
  const clp_sort **s = NEW_N(const clp_sort *, n);
  for (int i = 0; i < n; i++) s[i] = f[i]->sort;
  clp_rel *r = clp_rs_rel(T->rs, clp_fmt("Upd_%s_%d", T->where, ++T->nscans), n,
                          s, clp_nopos);
  clp_rs_add_clause(T->rs, r, f,
                    clp_f_and2(cub_lit(clp_gt(k, T->N), true), cub_lit(clp_eq(res, acc), true)),
                    clp_nopos);
  const clp_term **next = NEW_N(const clp_term *, n);
  memcpy(next, f, sizeof *f * (size_t)n);
  next[n - 3] = clp_store(acc, k, nv);
  next[n - 2] = clp_add(k, clp_num(1));
  const clp_formula *parts[3] = {cub_range(T, (cub_cty){CT_PROCV, 0}, k), step,
                                 clp_f_call(r, next, clp_nopos)};
  clp_rs_add_clause(T->rs, r, f, clp_f_and(3, parts, clp_nopos), clp_nopos);
  cub_aux_preds(r, n, f, T->N, k, step, nv, res, acc);
  const clp_term **first = NEW_N(const clp_term *, n);
  memcpy(first, f, sizeof *f * (size_t)n);
  first[n - 3] = init;
  first[n - 2] = clp_num(1);
  first[n - 1] = out;
  return clp_f_call(r, first, clp_nopos);
}

/* A' = the action applied to A at every process (every pair). */
static const clp_term *scan_update(cub_tx *T, const cub_action *a, const cub_sv *v,
                                   const clp_term **at, const clp_formula **cond) {
  const clp_term *na = cub_fresh(clp_fmt("%s'", v->d->name), v->sort);
  upd_arg b = {a, v, at, 0, v->pre, clp_f_true()};
  const clp_formula *f = accumulate(T, &b, v->pre, na);
  if (!f) return NULL;
  *cond = clp_f_and2(*cond, f);
  return na;
}

static bool array_update(cub_tx *T, const cub_action *a, const cub_sv *v,
                         const clp_term **post, const clp_formula **cond) {
  int n = a->idx->n;
  const clp_term *at[2] = {NULL, NULL};
  bool fresh = false;
  for (int i = 0; i < n; i++) {
    const cub_expr *x = a->idx->v[i];
    if (!bound(T, x)) { fresh = true; continue; }
    if (x->k == CE_NAME && !cub_env_get(T, x->name)) {
      cub_unsup(T, x->off, "subscript '%s' is a variable (only "
              "process variables and #k)", x->name);
      return false;
    }
    if (!(at[i] = cub_term(T, x))) return false;
    if (at[i]->sort != clp_sort_int()) {
      cub_err(T, x->off, "subscript is not a process");
      return false;
    }
  }
  if (n == 2 && !at[0] && !at[1] && !strcmp(a->idx->v[0]->name, a->idx->v[1]->name)) {
    cub_unsup(T, a->idx->v[1]->off, "a repeated fresh subscript");
    return false;
  }
  const clp_term *cur = *post;
  if (!fresh) {
    const clp_sort *es = v->sort;
    for (int i = 0; i < n; i++) es = es->elem;
    const clp_term *old = v->pre;
    for (int i = 0; i < n; i++) old = clp_select(old, at[i]);
    const clp_term *val;
    if (a->k == CA_TERM) {
      if (!(val = value(T, a->term, es))) return false;
      *cond = clp_f_and2(*cond, cub_value_range(T, v->ty, val));
    } else {
      val = cub_fresh(clp_fmt("%s'", v->d->name), es);
      const clp_formula *f = a->k == CA_NONDET ? cub_range(T, v->ty, val)
                                               : case_formula(T, a, v->ty, val, old);
      if (!f) return false;
      *cond = clp_f_and2(*cond, f);
    }
    if (n == 1) *post = clp_store(cur, at[0], val);
    else *post = clp_store(cur, at[0], clp_store(clp_select(cur, at[0]), at[1], val));
    return true;
  }
  if (cur != v->pre) {
    cub_unsup(T, a->off, "'%s' updated for all processes and also "
            "otherwise in one transition", v->d->name);
    return false;
  }
  if (a->k != CA_NONDET && !at[n - 1] && (n == 1 || at[0])) {
    bool err = false;
    const clp_term *row = n == 1 ? v->pre : clp_select(v->pre, at[0]);
    const clp_term *t = store_chain(T, a, v, at[0], row, cond, &err);
    if (err) return false;
    if (t) {
      *post = n == 1 ? t : clp_store(v->pre, at[0], t);
      return true;
    }
  }
  if (a->k != CA_NONDET && n == 2 && !at[0] && !at[1]) {
    bool err = false;
    const clp_term *t = row_chain(T, a, v, cond, &err);
    if (err) return false;
    if (t) {
      *post = t;
      return true;
    }
  }
  const clp_term *t = scan_update(T, a, v, at, cond);
  if (!t) return false;
  *post = t;
  return true;
}

bool cub_updates(cub_tx *T, const cub_trans *t, const clp_term **post,
                 const clp_formula **cond) {
  bool *done = NEW_N(bool, T->nsv + 1);
  for (int i = 0; i < T->nsv; i++) post[i] = T->sv[i].pre;
  for (int i = 0; i < t->nacts; i++) {
    const cub_action *a = t->acts[i];
    const cub_sv *v = cub_find_sv(T, a->lhs);
    if (!v) {
      cub_err(T, a->off, "unknown variable '%s'", a->lhs);
      return false;
    }
    int k = (int)(v - T->sv);
    if (v->d->k == CD_CONST) {
      cub_err(T, a->off, "'%s' is a const: it cannot be assigned", a->lhs);
      return false;
    }
    int n = a->idx ? a->idx->n : 0;
    if (n != v->d->ndims) {
      cub_err(T, a->off, "'%s' has %d subscript%s, not %d", a->lhs, v->d->ndims,
              v->d->ndims == 1 ? "" : "s", n);
      return false;
    }
    if (n) {
      if (!array_update(T, a, v, &post[k], cond)) return false;
      continue;
    }
    if (done[k]) {
      cub_err(T, a->off, "'%s' assigned twice", a->lhs);
      return false;
    }
    done[k] = true;
    if (a->k == CA_TERM) {
      if (!(post[k] = value(T, a->term, v->sort))) return false;
      *cond = clp_f_and2(*cond, cub_value_range(T, v->ty, post[k]));
      continue;
    }
    const clp_term *x = cub_fresh(clp_fmt("%s'", v->d->name), v->sort);
    const clp_formula *f = a->k == CA_NONDET ? cub_range(T, v->ty, x)
                                             : case_formula(T, a, v->ty, x, v->pre);
    if (!f) return false;
    *cond = clp_f_and2(*cond, f);
    post[k] = x;
  }
  return true;
}
