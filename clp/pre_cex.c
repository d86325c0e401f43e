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
  clp_tree out;
} back;

static clp_env *env_new(const back *b) {
  clp_env *e = clp_env_new();
  for (int i = 0; i < b->nfuns; i++) clp_env_set_fun(e, b->funs[i]);
  return e;
}

static int pre_node(back *b, int k);
static int inst_node(back *b, const pre_inst *I, const clp_env *E, int k);

static int visit_pre(void *b, int ch) { return pre_node(b, ch); }

/* A child of input node k that derives callee(vals) in the original set. */
static int match(back *b, const clp_formula *call, const clp_env *own, int k) {
  const clp_value **vals = NEW_N(const clp_value *, call->n);
  for (int i = 0; i < call->n; i++)
    if (!(vals[i] = clp_eval(call->args[i], own))) return -1;
  return clp_trace_child(b->t, b->env, k, b->p->to[call->rel->id], vals,
                         visit_pre, b);
}

/* The calls of an instance's body: an inlined callee's copy, or a child of
 * input node k (a KEPT callee). */
typedef struct inst_ctx {
  back *b;
  const pre_inst *I;
  const clp_env *E;
  int k;
} inst_ctx;

static int inst_call(void *ctx, const clp_formula *f, const clp_env *own) {
  inst_ctx *c = ctx;
  const pre_inst *J = clp_pmap_get(&c->I->kids, f);
  return J ? inst_node(c->b, J, c->E, c->k)
         : c->b->p->status[f->rel->id] == PRE_KEPT ? match(c->b, f, own, c->k)
                                                   : -1;
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
  int idx = clp_tree_node(&b->out, r, own);
  return clp_tree_choose(&b->out, idx, inst_call, &(inst_ctx){b, I, E, k})
             ? idx
             : -1;
}

static int pre_node(back *b, int k) {
  if (b->memo[k] != -2) return b->memo[k];
  b->memo[k] = -1;
  const clp_rel *r = b->t->nodes[k].rel;
  int id = r->id;
  if (id < 0 || id >= b->p->rs->nrels || b->p->rs->rels[id] != r) return -1;
  clp_env *E = env_new(b);
  clp_env_copy_rel(E, b->env[k], r);
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
            NEW_N(clp_pmap *, t->n), {0}};
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
  clp_tree_done(&b.out, out_t, out_env);
  return true;
}
