/* cub_form.c -- .cub terms and formulas as clp terms and formulas
 * (docs/cub.md "Translation"): names resolved (process variables, state
 * variables, constructors), predicate macros expanded, formulas put in
 * negation normal form, universal quantifiers as calls of scan relations
 * (exact: no quantifier is dropped or weakened; for a fixed number k of
 * processes, conjunctions over 1..k), existential ones as fresh variables
 * of the rule. */
#include <string.h>

#include "frontend/cub/cub_tr.h"

void cub_env_push(cub_tx *T, const char *name, const clp_term *t, bool ctx) {
  if (name) {
    if (T->nenv == T->capenv) {
      T->capenv = T->capenv ? 2 * T->capenv : 8;
      T->envn = T->envn ? GROW(const char *, T->envn, T->capenv)
                        : NEW_N(const char *, T->capenv);
      T->envt = T->envt ? GROW(const clp_term *, T->envt, T->capenv)
                        : NEW_N(const clp_term *, T->capenv);
    }
    T->envn[T->nenv] = name;
    T->envt[T->nenv++] = t;
  }
  if (ctx && t->op == CLP_VAR) {
    if (T->nctx == T->capctx) {
      T->capctx = T->capctx ? 2 * T->capctx : 16;
      T->ctx = T->ctx ? GROW(const clp_term *, T->ctx, T->capctx)
                      : NEW_N(const clp_term *, T->capctx);
    }
    T->ctx[T->nctx++] = t;
  }
}

void cub_env_pop(cub_tx *T, int nenv, int nctx) {
  T->nenv = nenv;
  T->nctx = nctx;
}

const clp_term *cub_env_get(const cub_tx *T, const char *name) {
  for (int i = T->nenv - 1; i >= 0; i--)
    if (!strcmp(T->envn[i], name)) return T->envt[i];
  return NULL;
}

bool cub_mentions(const cub_expr *e, const char *name) {
  if (!e) return false;
  if (e->k == CE_NAME && !strcmp(e->name, name)) return true;
  for (int i = 0; i < e->nvars; i++)
    if (!strcmp(e->vars[i], name)) return false; /* rebound */
  for (int i = 0; i < e->n; i++)
    if (cub_mentions(e->kids[i], name)) return true;
  return false;
}

static const cub_ctor *find_ctor(const cub_tx *T, const char *name) {
  for (int i = 0; i < T->nctors; i++)
    if (!strcmp(T->ctors[i].name, name)) return &T->ctors[i];
  return NULL;
}

/* A subscript: a process variable or #k.  (A proc-valued state variable
 * as a subscript, A[Home], is not supported, although its value is now a
 * process of the run, 1..N: the models do not need it.) */
static const clp_term *subscript(cub_tx *T, const cub_expr *e) {
  if (e->k == CE_NAME && !cub_env_get(T, e->name) && cub_find_sv(T, e->name)) {
    cub_unsup(T, e->off, "subscript '%s' is a variable (only process "
            "variables and #k)", e->name);
    return NULL;
  }
  const clp_term *t = cub_term(T, e);
  if (t && t->sort != clp_sort_int()) {
    cub_err(T, e->off, "subscript is not a process");
    return NULL;
  }
  return t;
}

static const clp_term *name_term(cub_tx *T, const cub_expr *e) {
  const clp_term *t = cub_env_get(T, e->name);
  if (t) return t;
  const cub_sv *v = cub_find_sv(T, e->name);
  if (v) {
    if (v->d->ndims) {
      cub_err(T, e->off, "array '%s' used without a subscript", e->name);
      return NULL;
    }
    return v->pre;
  }
  const cub_ctor *k = find_ctor(T, e->name);
  if (k) return k->val;
  cub_err(T, e->off, "unknown name '%s'", e->name);
  return NULL;
}

static const clp_term *int_kid(cub_tx *T, const cub_expr *e) {
  const clp_term *t = cub_term(T, e);
  if (t && t->sort != clp_sort_int()) {
    cub_err(T, e->off, "integer expected");
    return NULL;
  }
  return t;
}

const clp_term *cub_term(cub_tx *T, const cub_expr *e) {
  switch (e->k) {
  case CE_NUM:
    return clp_num(e->num);
  case CE_PROCNUM:
    if (e->num < 1) {
      cub_err(T, e->off, "process numbers start at #1");
      return NULL;
    }
    if (e->num > T->maxnum) T->maxnum = (int)e->num;
    return clp_num(e->num);
  case CE_NAME:
    return name_term(T, e);
  case CE_SEL: {
    const cub_sv *v = cub_find_sv(T, e->name);
    if (!v || !v->d->ndims) {
      cub_err(T, e->off, "'%s' is not an array", e->name);
      return NULL;
    }
    if (v->d->ndims != e->n) {
      cub_err(T, e->off, "array '%s' has %d dimension%s, not %d", e->name,
              v->d->ndims, v->d->ndims > 1 ? "s" : "", e->n);
      return NULL;
    }
    const clp_term *a = v->pre;
    for (int i = 0; i < e->n; i++) {
      const clp_term *x = subscript(T, e->kids[i]);
      if (!x) return NULL;
      a = clp_select(a, x);
    }
    return a;
  }
  case CE_ADD: case CE_SUB: case CE_MUL: {
    const clp_term *a = int_kid(T, e->kids[0]);
    const clp_term *b = a ? int_kid(T, e->kids[1]) : NULL;
    if (!b) return NULL;
    return e->k == CE_ADD ? clp_add(a, b) : e->k == CE_SUB ? clp_sub(a, b)
                                                           : clp_mul(a, b);
  }
  case CE_NEG: {
    const clp_term *a = int_kid(T, e->kids[0]);
    return a ? clp_neg(a) : NULL;
  }
  default:
    cub_err(T, e->off, "a formula where a term is expected");
    return NULL;
  }
}

/* ---------------------------------------------------------- formulas */
const clp_formula *cub_lit(const clp_term *a, bool pos) {
  return clp_f_lit(a, !pos, clp_nopos);
}

static const clp_formula *and2(const clp_formula *a, const clp_formula *b) {
  return a && b ? clp_f_and2(a, b) : NULL;
}

static const clp_formula *or2(const clp_formula *a, const clp_formula *b) {
  return a && b ? clp_f_or2(a, b) : NULL;
}

static const clp_formula *compare(cub_tx *T, const cub_expr *e, bool pos) {
  const clp_term *a = cub_term(T, e->kids[0]);
  const clp_term *b = a ? cub_term(T, e->kids[1]) : NULL;
  if (!b) return NULL;
  if (e->k == CE_EQ || e->k == CE_NE) {
    if (a->sort != b->sort) {
      cub_err(T, e->off, "comparison of values of different types");
      return NULL;
    }
    return cub_lit(clp_eq(a, b), e->k == CE_EQ ? pos : !pos);
  }
  if (a->sort != clp_sort_int() || b->sort != clp_sort_int()) {
    cub_err(T, e->off, "order comparison of non-integers");
    return NULL;
  }
  const clp_term *t = e->k == CE_LT ? clp_lt(a, b) : e->k == CE_LE ? clp_le(a, b)
                    : e->k == CE_GT ? clp_gt(a, b) : clp_ge(a, b);
  return cub_lit(t, pos);
}

static const clp_formula *call(cub_tx *T, const cub_expr *e, bool pos) {
  const cub_pred *p = NULL;
  for (int i = 0; i < T->sys->npreds; i++)
    if (!strcmp(T->sys->preds[i]->name, e->name)) p = T->sys->preds[i];
  if (!p) {
    cub_err(T, e->off, "unknown predicate '%s'", e->name);
    return NULL;
  }
  if (p->params->n != e->n) {
    cub_err(T, e->off, "predicate '%s' expects %d arguments, got %d", e->name,
            p->params->n, e->n);
    return NULL;
  }
  if (T->depth > 64) {
    cub_err(T, e->off, "predicate '%s' expands recursively", e->name);
    return NULL;
  }
  const clp_term **args = NEW_N(const clp_term *, e->n);
  for (int i = 0; i < e->n; i++)
    if (!(args[i] = cub_term(T, e->kids[i]))) return NULL;
  int ne = T->nenv, nc = T->nctx;
  for (int i = 0; i < e->n; i++) cub_env_push(T, p->params->v[i], args[i], false);
  T->depth++;
  const clp_formula *f = cub_form(T, p->body, pos);
  T->depth--;
  cub_env_pop(T, ne, nc);
  return f;
}

/* exists x1..xn (distinct from the others when other) in 1..N: e (pos) */
static const clp_formula *exists(cub_tx *T, const cub_expr *e, int from,
                                 bool other, bool pos) {
  if (from == e->nvars) return cub_form(T, e->kids[0], pos);
  int ne = T->nenv, nc = T->nctx;
  const clp_term *k = cub_fresh(e->vars[from], clp_sort_int());
  const clp_formula *f = cub_range(T, (cub_cty){CT_PROCV, 0}, k);
  if (other)
    for (int i = 0; i < T->nothers; i++)
      f = clp_f_and2(f, cub_lit(clp_eq(k, T->others[i]), false));
  cub_env_push(T, e->vars[from], k, true);
  f = and2(f, exists(T, e, from + 1, other, pos));
  cub_env_pop(T, ne, nc);
  return f;
}

typedef struct forall_arg {
  const cub_expr *e;
  int from;
  bool other, pos;
} forall_arg;

static const clp_formula *forall(cub_tx *T, const cub_expr *e, int from,
                                 bool other, bool pos);

static const clp_formula *forall_body(cub_tx *T, const clp_term *k, void *arg) {
  (void)k;
  forall_arg *a = arg;
  return forall(T, a->e, a->from + 1, a->other, a->pos);
}

/* The conjuncts of e (pos) in negation normal form: an AND (pos), an OR
 * (!pos), a NOT looked through; *n of them in c[], their polarities in p[]. */
static void conj_list(const cub_expr *e, bool pos, const cub_expr ***c, bool **p,
                      int *n, int *cap) {
  if (e->k == CE_NOT) return conj_list(e->kids[0], !pos, c, p, n, cap);
  if ((e->k == CE_AND && pos) || (e->k == CE_OR && !pos)) {
    conj_list(e->kids[0], pos, c, p, n, cap);
    conj_list(e->kids[1], pos, c, p, n, cap);
    return;
  }
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 8;
    *c = *c ? GROW(const cub_expr *, *c, *cap) : NEW_N(const cub_expr *, *cap);
    *p = *p ? GROW(bool, *p, *cap) : NEW_N(bool, *cap);
  }
  (*c)[*n] = e;
  (*p)[(*n)++] = pos;
}

/* The side t of a conjunct "k <> t" (e with polarity pos) with t free of
 * k, or NULL. */
static const cub_expr *differs_from(const cub_expr *e, bool pos, const char *k) {
  if (!((e->k == CE_NE && pos) || (e->k == CE_EQ && !pos))) return NULL;
  for (int s = 0; s < 2; s++) {
    const cub_expr *x = e->kids[s], *t = e->kids[1 - s];
    if (x->k == CE_NAME && !strcmp(x->name, k) && !cub_mentions(t, k)) return t;
  }
  return NULL;
}

typedef struct conj_arg {
  const cub_expr **c;
  bool *p;
  int n;
} conj_arg;

static const clp_formula *conj_body(cub_tx *T, const clp_term *k, void *arg) {
  (void)k;
  conj_arg *a = arg;
  const clp_formula *f = clp_f_true();
  for (int i = 0; i < a->n && f; i++) f = and2(f, cub_form(T, a->c[i], a->p[i]));
  return f;
}

/* forall k (other than the others when other) in 1..N: e (pos), where a
 * conjunct "k <> t" with t a process of the run (cub_value_range: a proc
 * state variable or element, a parameter, #j) holds for every such k iff t
 * is one of the others: that conjunct is "t = i or t = j ..." (false
 * without others) outside the scan, and no scan is left when it was the
 * only conjunct (forall_other k. Turn <> k is Turn = i).  Exact. */
static const clp_formula *forall_excluding(cub_tx *T, const cub_expr *e,
                                           bool other, bool pos) {
  const cub_expr **c = NULL;
  bool *p = NULL;
  int n = 0, cap = 0;
  conj_list(e->kids[0], pos, &c, &p, &n, &cap);
  const clp_formula *side = clp_f_true();
  int m = 0;
  for (int i = 0; i < n; i++) {
    const cub_expr *t = differs_from(c[i], p[i], e->vars[0]);
    const clp_term *tt = t ? cub_term(T, t) : NULL;
    if (t && !tt) return NULL;
    if (tt && tt->sort == clp_sort_int() &&
        cub_value_range(T, (cub_cty){CT_PROCV, 0}, tt)->kind == CLP_F_TRUE) {
      const clp_formula *in = clp_f_false();
      for (int j = 0; other && j < T->nothers; j++)
        in = clp_f_or2(in, cub_lit(clp_eq(tt, T->others[j]), true));
      side = clp_f_and2(side, in);
      continue;
    }
    c[m] = c[i];
    p[m++] = p[i];
  }
  if (m == n) return NULL;
  if (!m) return side;
  conj_arg a = {c, p, m};
  const clp_formula *f = cub_scan(T, e->vars[0], other ? T->nothers : 0, T->others,
                                  conj_body, &a);
  return f ? clp_f_and2(side, f) : NULL;
}

/* forall x1..xn (other than the others when other) in 1..N: e (pos) */
static const clp_formula *forall(cub_tx *T, const cub_expr *e, int from,
                                 bool other, bool pos) {
  if (from == e->nvars) return cub_form(T, e->kids[0], pos);
  if (e->nvars == 1 && !T->failed) {
    bool failed = T->failed;
    const clp_formula *f = forall_excluding(T, e, other, pos);
    if (f || T->failed != failed) return f;
  }
  forall_arg a = {e, from, other, pos};
  return cub_scan(T, e->vars[from], other ? T->nothers : 0, T->others,
                  forall_body, &a);
}

const clp_formula *cub_form(cub_tx *T, const cub_expr *e, bool pos) {
  if (!e) return NULL;
  const cub_expr *a = e->n > 0 ? e->kids[0] : NULL;
  const cub_expr *b = e->n > 1 ? e->kids[1] : NULL;
  switch (e->k) {
  case CE_AND:
    return pos ? and2(cub_form(T, a, true), cub_form(T, b, true))
               : or2(cub_form(T, a, false), cub_form(T, b, false));
  case CE_OR:
    return pos ? or2(cub_form(T, a, true), cub_form(T, b, true))
               : and2(cub_form(T, a, false), cub_form(T, b, false));
  case CE_IMP:
    return pos ? or2(cub_form(T, a, false), cub_form(T, b, true))
               : and2(cub_form(T, a, true), cub_form(T, b, false));
  case CE_EQUIV:
    return or2(and2(cub_form(T, a, true), cub_form(T, b, pos)),
               and2(cub_form(T, a, false), cub_form(T, b, !pos)));
  case CE_NOT:
    return cub_form(T, a, !pos);
  case CE_ITE:
    return or2(and2(cub_form(T, a, true), cub_form(T, b, pos)),
               and2(cub_form(T, a, false), cub_form(T, e->kids[2], pos)));
  case CE_EQ: case CE_NE: case CE_LT: case CE_LE: case CE_GT: case CE_GE:
    return compare(T, e, pos);
  case CE_CALL:
    return call(T, e, pos);
  case CE_FORALL_OTHER:
    return pos ? forall(T, e, 0, true, true) : exists(T, e, 0, true, false);
  case CE_EXISTS_OTHER:
    return pos ? exists(T, e, 0, true, true) : forall(T, e, 0, true, false);
  case CE_FORALL:
    return pos ? forall(T, e, 0, false, true) : exists(T, e, 0, false, false);
  case CE_EXISTS:
    return pos ? exists(T, e, 0, false, true) : forall(T, e, 0, false, false);
  default: {
    /* a Boolean term used as a formula */
    const clp_term *t = cub_term(T, e);
    if (!t) return NULL;
    if (t->sort != clp_sort_bool()) {
      cub_err(T, e->off, "a term where a formula is expected");
      return NULL;
    }
    return cub_lit(t, pos);
  }
  }
}

/* ---------------------------------------------------------- scans */
static bool has_var(const clp_term **v, int n, const clp_term *x) {
  for (int i = 0; i < n; i++)
    if (v[i] == x) return true;
  return false;
}

int cub_scope_args(const cub_tx *T, const clp_formula *f, int extra,
                   const clp_term ***out) {
  const clp_term **v = NULL;
  int nv = 0, cap = 0;
  nv = clp_f_vars(f, &v, nv, &cap);
  const clp_term **a = NEW_N(const clp_term *, T->nctx + 1 + extra);
  int n = 0;
  a[n++] = T->N;
  for (int i = 0; i < T->nctx; i++)
    if (T->ctx[i] != T->N && has_var(v, nv, T->ctx[i]) && !has_var(a, n, T->ctx[i]))
      a[n++] = T->ctx[i];
  *out = a;
  return n;
}

void cub_aux_preds(clp_rel *r, int nf, const clp_term **f, const clp_term *N,
                   const clp_term *k, const clp_formula *step,
                   const clp_term *nv, const clp_term *out,
                   const clp_term *acc) {
  const clp_term *x = clp_var("x", clp_sort_int());
  while (has_var(f, nf, x)) x = clp_var(clp_fmt("%s'", x->name), clp_sort_int());
  clp_subst *s = clp_subst_new();
  clp_subst_add(s, k, x);
  if (nv) clp_subst_add(s, nv, clp_select(out, x));
  const clp_term **atoms = NULL;
  int cap = 0, n = clp_f_atoms(clp_f_subst(s, step), &atoms, 0, &cap);
  const clp_term **p = NEW_N(const clp_term *, n + 3);
  int np = 0;
  p[np++] = clp_le(k, x);
  p[np++] = clp_le(x, N);
  if (nv) p[np++] = clp_eq(clp_select(out, x), clp_select(acc, x));
  const clp_term **fx = NEW_N(const clp_term *, nf + 1);
  memcpy(fx, f, sizeof *f * (size_t)nf);
  fx[nf] = x;
  bool all = !clp_f_has_call(step);
  for (int i = 0; i < n; i++) {
    bool ok = clp_term_over(atoms[i], nf + 1, fx);
    if (ok) p[np++] = atoms[i];
    all &= ok;
  }
  clp_rel_add_ipreds(r, 1, &x, np, p);
  r->ipreds_fixed = all;
}

/* k = an excluded process, or the body */
static const clp_formula *scan_step(const clp_term *k, int nexcl,
                                    const clp_term **excl,
                                    const clp_formula *body) {
  const clp_formula **alt = NEW_N(const clp_formula *, nexcl + 1);
  for (int i = 0; i < nexcl; i++) alt[i] = cub_lit(clp_eq(k, excl[i]), true);
  alt[nexcl] = body;
  return clp_f_or(nexcl + 1, alt, clp_nopos);
}

/* The scan for exactly T->fixk processes: the conjunction of the steps at
 * k = 1..fixk (N = fixk in every rule of this mode). */
static const clp_formula *scan_fixed(cub_tx *T, const char *name, int nexcl,
                                     const clp_term **excl, cub_body_fn fn,
                                     void *arg) {
  const clp_formula *all = clp_f_true();
  for (int i = 1; i <= T->fixk; i++) {
    int ne = T->nenv, nc = T->nctx;
    const clp_term *k = clp_num(i);
    cub_env_push(T, name, k, true);
    const clp_formula *body = fn(T, k, arg);
    cub_env_pop(T, ne, nc);
    if (!body) return NULL;
    all = clp_f_and2(all, scan_step(k, nexcl, excl, body));
  }
  return all;
}

const clp_formula *cub_scan(cub_tx *T, const char *name, int nexcl,
                            const clp_term **excl, cub_body_fn fn, void *arg) {
  if (T->fixk) return scan_fixed(T, name, nexcl, excl, fn, arg);
  int ne = T->nenv, nc = T->nctx;
  const clp_term *k = cub_fresh(name ? name : "k", clp_sort_int());
  cub_env_push(T, name, k, true);
  const clp_formula *body = fn(T, k, arg);
  cub_env_pop(T, ne, nc);
  if (!body) return NULL;
  const clp_formula *step = scan_step(k, nexcl, excl, body);
  const clp_term **f = NULL;
  int nf = cub_scope_args(T, step, 1, &f);
  f[nf++] = k;
  const clp_sort **s = NEW_N(const clp_sort *, nf);
  for (int i = 0; i < nf; i++) s[i] = f[i]->sort;
  const char *rname = clp_fmt("All_%s_%d", T->where, ++T->nscans);
  clp_rel *r = clp_rs_rel(T->rs, rname, nf, s, clp_nopos);
  /* All(.., k) :- k > N.   All(.., k) :- 1 <= k <= N, step, All(.., k+1). */
  clp_rs_add_clause(T->rs, r, f, cub_lit(clp_gt(k, T->N), true), clp_nopos);
  const clp_term **next = NEW_N(const clp_term *, nf);
  memcpy(next, f, sizeof *f * (size_t)nf);
  next[nf - 1] = clp_add(k, clp_num(1));
  const clp_formula *parts[3] = {
    cub_range(T, (cub_cty){CT_PROCV, 0}, k), step,
    clp_f_call(r, next, clp_nopos)};
  clp_rs_add_clause(T->rs, r, f, clp_f_and(3, parts, clp_nopos), clp_nopos);
  cub_aux_preds(r, nf, f, T->N, k, step, NULL, NULL, NULL);
  const clp_term **first = NEW_N(const clp_term *, nf);
  memcpy(first, f, sizeof *f * (size_t)nf);
  first[nf - 1] = clp_num(1);
  return clp_f_call(r, first, clp_nopos);
}
