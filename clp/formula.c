/* formula.c -- formula builders (not hash-consed), substitution, queries. */
#include <assert.h>

#include "clp/clpi.h"

static clp_formula *node(clp_fkind k, clp_pos pos) {
  clp_formula *f = NEW(clp_formula);
  f->kind = k;
  f->pos = pos;
  f->id = -1;
  return f;
}

const clp_formula *clp_f_true(void) { return node(CLP_F_TRUE, clp_nopos); }
const clp_formula *clp_f_false(void) { return node(CLP_F_FALSE, clp_nopos); }

static const clp_formula *lit(const clp_term *b, bool neg, clp_pos pos) {
  assert(b->sort->kind == CLP_S_BOOL);
  switch (b->op) {
  case CLP_TRUE: case CLP_FALSE: {
    bool v = (b->op == CLP_TRUE) != neg;
    return node(v ? CLP_F_TRUE : CLP_F_FALSE, pos);
  }
  case CLP_NOT:
    return lit(b->kids[0], !neg, pos);
  case CLP_AND: case CLP_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, b->n);
    for (int i = 0; i < b->n; i++) k[i] = lit(b->kids[i], neg, pos);
    bool conj = (b->op == CLP_AND) != neg; /* De Morgan under neg */
    return conj ? clp_f_and(b->n, k, pos) : clp_f_or(b->n, k, pos);
  }
  default: {
    clp_formula *f = node(CLP_F_LIT, pos);
    f->atom = b;
    f->neg = neg;
    return f;
  }
  }
}

const clp_formula *clp_f_lit(const clp_term *b, bool neg, clp_pos pos) {
  return lit(b, neg, pos);
}

static const clp_formula *junction(clp_fkind kind, int n,
                                   const clp_formula **kids, clp_pos pos) {
  clp_fkind unit = kind == CLP_F_AND ? CLP_F_TRUE : CLP_F_FALSE;
  clp_fkind zero = kind == CLP_F_AND ? CLP_F_FALSE : CLP_F_TRUE;
  int m = 0, cap = n + 4;
  const clp_formula **k = NEW_N(const clp_formula *, cap);
  for (int i = 0; i < n; i++) {
    const clp_formula *f = kids[i];
    int nk = f->kind == kind ? f->n : 1;
    const clp_formula **ks = f->kind == kind ? f->kids : &kids[i];
    for (int j = 0; j < nk; j++) {
      if (ks[j]->kind == unit) continue;
      if (ks[j]->kind == zero) return node(zero, pos);
      VEC_PUSH(const clp_formula *, k, m, cap, ks[j]);
    }
  }
  if (m == 0) return node(unit, pos);
  if (m == 1) return k[0];
  clp_formula *f = node(kind, pos);
  f->n = m;
  f->kids = k;
  return f;
}

const clp_formula *clp_f_and(int n, const clp_formula **kids, clp_pos pos) {
  return junction(CLP_F_AND, n, kids, pos);
}

const clp_formula *clp_f_or(int n, const clp_formula **kids, clp_pos pos) {
  return junction(CLP_F_OR, n, kids, pos);
}

const clp_formula *clp_f_and2(const clp_formula *a, const clp_formula *b) {
  const clp_formula *k[2] = {a, b};
  return junction(CLP_F_AND, 2, k, a->pos);
}

const clp_formula *clp_f_or2(const clp_formula *a, const clp_formula *b) {
  const clp_formula *k[2] = {a, b};
  return junction(CLP_F_OR, 2, k, a->pos);
}

const clp_formula *clp_f_not(const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_TRUE: return node(CLP_F_FALSE, f->pos);
  case CLP_F_FALSE: return node(CLP_F_TRUE, f->pos);
  case CLP_F_LIT: {
    clp_formula *g = node(CLP_F_LIT, f->pos);
    g->atom = f->atom;
    g->neg = !f->neg;
    return g;
  }
  case CLP_F_AND: case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = clp_f_not(f->kids[i]);
    return junction(f->kind == CLP_F_AND ? CLP_F_OR : CLP_F_AND, f->n, k,
                    f->pos);
  }
  case CLP_F_CALL:
    break;
  }
  assert(!"clp_f_not: relation call under negation");
  return NULL;
}

const clp_formula *clp_f_implies(const clp_formula *a, const clp_formula *b) {
  return clp_f_or2(clp_f_not(a), b);
}

const clp_formula *clp_f_call(const struct clp_rel *r, const clp_term **args,
                              clp_pos pos) {
  clp_formula *f = node(CLP_F_CALL, pos);
  f->rel = r;
  f->n = r->arity;
  f->args = NEW_N(const clp_term *, r->arity);
  for (int i = 0; i < r->arity; i++) f->args[i] = args[i];
  return f;
}

/* ------------------------------------------------------------ rebuilding */
typedef const clp_term *(*term_fn)(const void *ctx, const clp_term *t);

/* f with fn applied to its terms; a node shared in f (the BDD formulas of
 * the indexed engine are DAGs) is rebuilt once (memo). */
static const clp_formula *map_terms_m(const clp_formula *f, term_fn fn,
                                      const void *ctx, clp_pmap *memo) {
  switch (f->kind) {
  case CLP_F_TRUE: case CLP_F_FALSE:
    return node(f->kind, f->pos);
  case CLP_F_LIT:
    return lit(fn(ctx, f->atom), f->neg, f->pos);
  case CLP_F_AND: case CLP_F_OR: {
    const clp_formula *done = clp_pmap_get(memo, f);
    if (done) return done;
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = map_terms_m(f->kids[i], fn, ctx, memo);
    done = junction(f->kind, f->n, k, f->pos);
    clp_pmap_put(memo, f, done);
    return done;
  }
  case CLP_F_CALL: {
    const clp_term **a = NEW_N(const clp_term *, f->n);
    for (int i = 0; i < f->n; i++) a[i] = fn(ctx, f->args[i]);
    return clp_f_call(f->rel, a, f->pos);
  }
  }
  return NULL;
}

static const clp_formula *map_terms(const clp_formula *f, term_fn fn,
                                    const void *ctx) {
  clp_pmap memo = {0};
  return map_terms_m(f, fn, ctx, &memo);
}

static const clp_term *do_subst(const void *ctx, const clp_term *t) {
  return clp_subst_term(ctx, t);
}

const clp_formula *clp_f_subst(const clp_subst *s, const clp_formula *f) {
  return map_terms(f, do_subst, s);
}

const clp_formula *clp_f_subst_args(const clp_formula *f, int n,
                                    const clp_term **formals,
                                    const clp_term **args) {
  clp_subst *s = clp_subst_new();
  for (int i = 0; i < n; i++) clp_subst_add(s, formals[i], args[i]);
  return map_terms(f, do_subst, s);
}

static const clp_term *do_label(const void *ctx, const clp_term *t) {
  return clp_term_label(t, *(const int *)ctx);
}

const clp_formula *clp_f_label(const clp_formula *f, int label) {
  return map_terms(f, do_label, &label);
}

/* --------------------------------------------------------------- queries */
static void fvars(const clp_formula *f, clp_pmap *seen, const clp_term ***v,
                  int *n, int *cap) {
  switch (f->kind) {
  case CLP_F_TRUE: case CLP_F_FALSE: return;
  case CLP_F_LIT: clp_vars_collect(f->atom, seen, v, n, cap); return;
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++) fvars(f->kids[i], seen, v, n, cap);
    return;
  case CLP_F_CALL:
    for (int i = 0; i < f->n; i++) clp_vars_collect(f->args[i], seen, v, n, cap);
    return;
  }
}

int clp_f_vars(const clp_formula *f, const clp_term ***vars, int n, int *cap) {
  clp_pmap seen = {0};
  for (int i = 0; i < n; i++) clp_pmap_put(&seen, (*vars)[i], (*vars)[i]);
  fvars(f, &seen, vars, &n, cap);
  return n;
}

static void fatoms(const clp_formula *f, clp_pmap *seen, const clp_term ***a,
                   int *n, int *cap) {
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR) {
    for (int i = 0; i < f->n; i++) fatoms(f->kids[i], seen, a, n, cap);
    return;
  }
  if (f->kind != CLP_F_LIT || clp_pmap_get(seen, f->atom)) return;
  clp_pmap_put(seen, f->atom, f->atom);
  VEC_PUSH(const clp_term *, *a, *n, *cap, f->atom);
}

int clp_f_atoms(const clp_formula *f, const clp_term ***atoms, int n,
                int *cap) {
  clp_pmap seen = {0};
  for (int i = 0; i < n; i++) clp_pmap_put(&seen, (*atoms)[i], (*atoms)[i]);
  fatoms(f, &seen, atoms, &n, cap);
  return n;
}

const clp_formula *clp_f_inline_calls(const clp_formula *f,
                                      const clp_formula **inv) {
  switch (f->kind) {
  case CLP_F_CALL:
    return clp_f_subst_args(inv[f->rel->id], f->rel->arity, f->rel->formals,
                            f->args);
  case CLP_F_AND:
  case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = clp_f_inline_calls(f->kids[i], inv);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  default: return f;
  }
}

bool clp_f_contains(const clp_formula *f, const clp_formula *g) {
  if (f == g) return true;
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++)
      if (clp_f_contains(f->kids[i], g)) return true;
  return false;
}

static bool any_call(void *ctx, const clp_formula *call) {
  (void)ctx, (void)call;
  return true;
}

bool clp_f_has_call(const clp_formula *f) {
  return clp_f_calls(f, any_call, NULL);
}

bool clp_f_equal(const clp_formula *a, const clp_formula *b) {
  if (a == b) return true;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case CLP_F_TRUE: case CLP_F_FALSE: return true;
  case CLP_F_LIT: return a->atom == b->atom && a->neg == b->neg;
  case CLP_F_AND: case CLP_F_OR:
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
      if (!clp_f_equal(a->kids[i], b->kids[i])) return false;
    return true;
  case CLP_F_CALL:
    if (a->rel != b->rel || a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
      if (a->args[i] != b->args[i]) return false;
    return true;
  }
  return false;
}

/* Is each of vs[0..m) one of vars[0..n)? */
static bool within(int m, const clp_term **vs, int n, const clp_term **vars) {
  for (int i = 0; i < m; i++) {
    bool ok = false;
    for (int j = 0; j < n && !ok; j++) ok = vs[i] == vars[j];
    if (!ok) return false;
  }
  return true;
}

/* Contract: true iff every free variable of f is one of vars[0..n) and f
 * has no relation call. */
bool clp_f_over(const clp_formula *f, int n, const clp_term **vars) {
  if (clp_f_has_call(f)) return false;
  const clp_term **vs = NULL;
  int cap = 0, m = clp_f_vars(f, &vs, 0, &cap);
  return within(m, vs, n, vars);
}

/* Contract: true iff every free variable of t is one of vars[0..n). */
bool clp_term_over(const clp_term *t, int n, const clp_term **vars) {
  const clp_term **vs = NULL;
  int cap = 0, m = clp_term_vars(t, &vs, 0, &cap);
  return within(m, vs, n, vars);
}

/* ------------------------------------------------ uninterpreted functions */
static void term_funs(const clp_term *t, clp_pmap *seen, const clp_fun ***fs,
                      int *n) {
  if (clp_pmap_get(seen, t)) return;
  clp_pmap_put(seen, t, t);
  if (t->op == CLP_APP && !clp_pmap_get(seen, t->fun)) {
    clp_pmap_put(seen, t->fun, t->fun);
    VEC_APPEND(const clp_fun *, *fs, *n, t->fun);
  }
  for (int i = 0; i < t->n; i++) term_funs(t->kids[i], seen, fs, n);
}

static void f_funs(const clp_formula *f, clp_pmap *seen, const clp_fun ***fs,
                   int *n) {
  switch (f->kind) {
  case CLP_F_LIT: term_funs(f->atom, seen, fs, n); return;
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++) f_funs(f->kids[i], seen, fs, n);
    return;
  case CLP_F_CALL:
    for (int i = 0; i < f->n; i++) term_funs(f->args[i], seen, fs, n);
    return;
  default:
    return;
  }
}

/* Contract: appends to *fs (n entries so far) every uninterpreted function
 * of f not already listed, in first-occurrence order; returns the count. */
int clp_f_funs(const clp_formula *f, const clp_fun ***fs, int n) {
  clp_pmap seen = {0};
  clp_pmap_init(&seen, 64);
  for (int i = 0; i < n; i++) clp_pmap_put(&seen, (*fs)[i], (*fs)[i]);
  f_funs(f, &seen, fs, &n);
  return n;
}
