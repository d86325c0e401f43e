/* pre_cex.c -- counterexamples of the preprocessed set translated back to
 * derivations of the original relations (pre.h, clp_pre_trace_back). */
#include "clp/prei.h"

typedef struct back {
  const clp_pre *p;
  const clp_trace *t;              /* input: over p->rs */
  clp_env **env;
  int nfuns;
  const clp_funinterp **funs;
  int *memo;                       /* per input node: -2 unvisited, -1 failed
                                      or in progress, else output node */
  clp_pmap **elim;                 /* per input node: its relation's
                                      eliminated locals (set by pre_node) */
  int n, cap;                      /* output */
  clp_tnode *nodes;
  clp_env **oenv;
} back;

/* The rule instance being rebuilt: its committed literals and calls. */
typedef struct path {
  int nl, nc, capl, capc;
  const clp_formula **lits, **calls;
  int *child;
} path;

static void push_lit(path *ph, const clp_formula *f) {
  VEC_PUSH(const clp_formula *, ph->lits, ph->nl, ph->capl, f);
}

static void push_call(path *ph, const clp_formula *f, int child) {
  int old = ph->capc;
  VEC_RESERVE(const clp_formula *, ph->calls, ph->nc, ph->capc, 1);
  if (ph->capc != old) {
    int *c = NEW_ATOMIC_N(int, ph->capc);
    if (ph->nc) memcpy(c, ph->child, sizeof *c * (size_t)ph->nc);
    ph->child = c;
  }
  ph->calls[ph->nc] = f;
  ph->child[ph->nc++] = child;
}

static clp_env *env_new(const back *b) {
  clp_env *e = clp_env_new();
  for (int i = 0; i < b->nfuns; i++) clp_env_set_fun(e, b->funs[i]);
  return e;
}

static int new_node(back *b) {
  int old = b->cap;
  VEC_RESERVE(clp_tnode, b->nodes, b->n, b->cap, 1);
  if (b->cap != old) VEC_FIT(clp_env *, b->oenv, b->cap);
  memset(&b->nodes[b->n], 0, sizeof b->nodes[b->n]);
  b->oenv[b->n] = NULL;
  return b->n++;
}

static int pre_node(back *b, int k);
static int inst_node(back *b, const pre_inst *I, const clp_env *E, int k);

/* A child of input node k that derives callee(vals) in the original set. */
static int match(back *b, const clp_formula *call, const clp_env *own, int k) {
  const clp_rel *target = b->p->to[call->rel->id];
  const clp_value **vals = NEW_N(const clp_value *, call->n);
  for (int i = 0; i < call->n; i++)
    if (!(vals[i] = clp_eval(call->args[i], own))) return -1;
  const clp_tnode *nd = &b->t->nodes[k];
  for (int j = 0; j < nd->ncalls; j++) {
    int ch = nd->child[j];
    if (nd->calls[j]->rel != target || ch <= 0 || ch >= b->t->n) continue;
    bool eq = true;
    for (int i = 0; i < call->n && eq; i++) {
      const clp_value *v = clp_env_get(b->env[ch], target->formals[i]);
      eq = v && clp_v_equal(v, vals[i]);
    }
    int r = eq ? pre_node(b, ch) : -1;
    if (r >= 0) return r;
  }
  return -1;
}

/* Commits f (a subformula of I->rel->body) under own: true when it holds,
 * with its literals and calls (and their children) appended to ph. */
static bool choose(back *b, const pre_inst *I, const clp_formula *f,
                   const clp_env *own, const clp_env *E, int k, path *ph) {
  int nl = ph->nl, nc = ph->nc;
  switch (f->kind) {
  case CLP_F_TRUE: return true;
  case CLP_F_FALSE: return false;
  case CLP_F_LIT: {
    const clp_value *v = clp_eval(f->atom, own);
    if (!v || v->kind != CLP_V_BOOL || v->b == f->neg) return false;
    push_lit(ph, f);
    return true;
  }
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++)
      if (!choose(b, I, f->kids[i], own, E, k, ph)) {
        ph->nl = nl, ph->nc = nc;
        return false;
      }
    return true;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++) {
      if (choose(b, I, f->kids[i], own, E, k, ph)) return true;
      ph->nl = nl, ph->nc = nc;
    }
    return false;
  case CLP_F_CALL: {
    const pre_inst *J = clp_pmap_get(&I->kids, f);
    int ch = J ? inst_node(b, J, E, k)
             : b->p->status[f->rel->id] == PRE_KEPT ? match(b, f, own, k)
                                                    : -1;
    if (ch < 0) return false;
    push_call(ph, f, ch);
    return true;
  }
  }
  return false;
}

/* Any value of sort s (for variables the simplified body lost).  Ints get
 * 1, not 0: the original body may still divide by such a variable in a
 * term that simplification folded away (x div z = x div z), and the
 * certificate cannot evaluate a division by zero. */
static const clp_value *any_value(const clp_sort *s) {
  switch (s->kind) {
  case CLP_S_INT: return clp_v_int(1);
  case CLP_S_BOOL: return clp_v_bool(false);
  case CLP_S_ARRAY: return clp_v_array(any_value(s->elem), 0, NULL, NULL);
  }
  return NULL;
}

/* t (an instance's formal or local under rho) has variables without a
 * value in E (k's values): those that are not eliminated occur nowhere in
 * the expanded body (a formal of an inlined relation that its body never
 * mentions, passed down from the caller's local), so they are unconstrained
 * and get any value -- in E, so that every instance that shares them reads
 * the same one.  Returns whether some variable was set. */
static bool unconstrained(const back *b, const clp_term *t, const clp_env *E,
                          int k) {
  const clp_term **vs = NULL;
  int cap = 0, n = clp_term_vars(t, &vs, 0, &cap);
  bool set = false;
  for (int i = 0; i < n; i++)
    if (!clp_env_get(E, vs[i]) && !clp_pmap_get(b->elim[k], vs[i])) {
      clp_env_set((clp_env *)E, vs[i], any_value(vs[i]->sort));
      set = true;
    }
  return set;
}

/* The output node of instance I of input node k (E: k's values, with the
 * eliminated locals restored), or -1. */
static int inst_node(back *b, const pre_inst *I, const clp_env *E, int k) {
  const clp_rel *r = I->rel;
  clp_env *own = env_new(b);
  for (int pass = 0; pass < 2; pass++) {
    int n = pass ? r->nlocals : r->arity;
    const clp_term **vs = pass ? r->locals : r->formals;
    for (int i = 0; i < n; i++) {
      const clp_term *t = I->rho ? clp_subst_term(I->rho, vs[i]) : vs[i];
      const clp_value *v = clp_eval(t, E);
      if (!v && unconstrained(b, t, E, k)) v = clp_eval(t, E);
      if (v) clp_env_set(own, vs[i], v);
    }
  }
  int idx = new_node(b);
  b->nodes[idx].rel = r;
  b->oenv[idx] = own;
  path ph = {0};
  if (!choose(b, I, r->body, own, E, k, &ph)) return -1;
  clp_tnode *nd = &b->nodes[idx];
  nd->nlits = ph.nl, nd->lits = ph.lits;
  nd->ncalls = ph.nc, nd->calls = ph.calls, nd->child = ph.child;
  return idx;
}

static int pre_node(back *b, int k) {
  if (b->memo[k] != -2) return b->memo[k];
  b->memo[k] = -1;
  const clp_rel *r = b->t->nodes[k].rel;
  int id = r->id;
  if (id < 0 || id >= b->p->rs->nrels || b->p->rs->rels[id] != r) return -1;
  clp_env *E = env_new(b);
  for (int pass = 0; pass < 2; pass++) {
    int n = pass ? r->nlocals : r->arity;
    const clp_term **vs = pass ? r->locals : r->formals;
    for (int i = 0; i < n; i++) {
      const clp_value *v = clp_env_get(b->env[k], vs[i]);
      if (v) clp_env_set(E, vs[i], v);
    }
  }
  /* variables of the expanded body that are neither in the simplified
   * one nor eliminated are unconstrained: any value */
  clp_pmap *elim = b->elim[k] = NEW(clp_pmap);
  for (int i = 0; i < b->p->nelim[id]; i++)
    clp_pmap_put(elim, b->p->elim[id][i].var, b->p->elim[id][i].var);
  for (int i = 0; i < b->p->nvars[id]; i++) {
    const clp_term *v = b->p->vars[id][i];
    if (!clp_pmap_get(elim, v) && !clp_env_get(E, v))
      clp_env_set(E, v, any_value(v->sort));
  }
  for (int i = b->p->nelim[id] - 1; i >= 0; i--) {
    const pre_elim *e = &b->p->elim[id][i];
    const clp_value *v = clp_eval(e->term, E);
    if (v) clp_env_set(E, e->var, v);
  }
  return b->memo[k] = inst_node(b, b->p->root[id], E, k);
}

/* funs, with any interpretation (the else value any_value) added for each
 * function of the original bodies that has none: simplification may fold
 * every use away (f(x) = f(y) with y = x), so the preprocessed set's
 * counterexample does not interpret it, but the original body still needs
 * a value (found by fuzzing). */
static const clp_funinterp **all_funs(const clp_pre *p, int *nfuns,
                                      const clp_funinterp **funs) {
  const clp_fun **fs = NULL;
  int n = 0;
  for (int i = 0; i < p->orig->nrels; i++)
    if (p->orig->rels[i]->body) n = clp_f_funs(p->orig->rels[i]->body, &fs, n);
  const clp_funinterp **all = NEW_N(const clp_funinterp *, *nfuns + n + 1);
  int m = 0;
  for (int i = 0; i < *nfuns; i++) all[m++] = funs[i];
  for (int j = 0; j < n; j++) {
    bool have = false;
    for (int i = 0; i < m && !have; i++) have = all[i]->fun == fs[j];
    if (have) continue;
    clp_funinterp *fi = NEW(clp_funinterp);
    fi->fun = fs[j];
    fi->els = any_value(fs[j]->range);
    all[m++] = fi;
  }
  *nfuns = m;
  return all;
}

bool clp_pre_trace_back(const clp_pre *p, const clp_trace *t, clp_env **env,
                        int nfuns, const clp_funinterp **funs,
                        const clp_trace **out_t, clp_env ***out_env,
                        const char **why) {
  if (!t || t->n < 1 || !env) { *why = "no counterexample"; return false; }
  funs = all_funs(p, &nfuns, funs);
  back b = {p, t, env, nfuns, funs, NEW_ATOMIC_N(int, t->n),
            NEW_N(clp_pmap *, t->n), 0, 0, NULL, NULL};
  for (int k = 0; k < t->n; k++) b.memo[k] = -2;
  long d0 = clp_eval_div0_misses();
  if (t->nodes[0].rel != p->rs->goal || pre_node(&b, 0) != 0) {
    /* the simplified bodies lost a division by zero that the original
     * needs (SMT-LIB: its value is unspecified, so not a derivation) */
    if (p->rs->smt2 && clp_eval_div0_misses() > d0) *why = clp_why_div0;
    else *why = "the counterexample could not be translated back to the "
                "original relations";
    return false;
  }
  clp_trace *o = NEW(clp_trace);
  o->n = b.n;
  o->nodes = b.nodes;
  *out_t = o;
  *out_env = b.oenv;
  return true;
}
