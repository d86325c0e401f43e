/* path.c -- one rule instance of a derivation chosen by evaluation
 * (clpi.h, clp_path_choose): shared by the ways back of the rule-set
 * transformations (pre_cex.c, split.c). */
#include "clp/clpi.h"

static void push_lit(clp_path *ph, const clp_formula *f) {
  VEC_PUSH(const clp_formula *, ph->lits, ph->nl, ph->capl, f);
}

static void push_call(clp_path *ph, const clp_formula *f, int child) {
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

bool clp_path_choose(const clp_formula *f, const clp_env *own,
                     clp_path_call_fn call, void *ctx, clp_path *ph) {
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
      if (!clp_path_choose(f->kids[i], own, call, ctx, ph)) {
        ph->nl = nl, ph->nc = nc;
        return false;
      }
    return true;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++) {
      if (clp_path_choose(f->kids[i], own, call, ctx, ph)) return true;
      ph->nl = nl, ph->nc = nc;
    }
    return false;
  case CLP_F_CALL: {
    int ch = call(ctx, f, own);
    if (ch < 0) return false;
    push_call(ph, f, ch);
    return true;
  }
  }
  return false;
}

int clp_tree_node(clp_tree *t, const clp_rel *rel, clp_env *env) {
  int old = t->cap;
  VEC_RESERVE(clp_tnode, t->nodes, t->n, t->cap, 1);
  if (t->cap != old) VEC_FIT(clp_env *, t->env, t->cap);
  memset(&t->nodes[t->n], 0, sizeof t->nodes[t->n]);
  t->nodes[t->n].rel = rel;
  t->env[t->n] = env;
  return t->n++;
}

bool clp_tree_choose(clp_tree *t, int i, clp_path_call_fn call, void *ctx) {
  clp_path ph = {0};
  /* call may append nodes: nodes[i] is read again afterwards */
  if (!clp_path_choose(t->nodes[i].rel->body, t->env[i], call, ctx, &ph))
    return false;
  clp_tnode *nd = &t->nodes[i];
  nd->nlits = ph.nl, nd->lits = ph.lits;
  nd->ncalls = ph.nc, nd->calls = ph.calls, nd->child = ph.child;
  return true;
}

void clp_tree_done(const clp_tree *t, const clp_trace **out_t,
                   clp_env ***out_env) {
  clp_trace *o = NEW(clp_trace);
  o->n = t->n;
  o->nodes = t->nodes;
  *out_t = o;
  *out_env = t->env;
}

void clp_env_copy_rel(clp_env *to, const clp_env *from, const clp_rel *r) {
  for (int pass = 0; pass < 2; pass++) {
    int n = pass ? r->nlocals : r->arity;
    const clp_term **vs = pass ? r->locals : r->formals;
    for (int i = 0; i < n; i++) {
      const clp_value *v = clp_env_get(from, vs[i]);
      if (v) clp_env_set(to, vs[i], v);
    }
  }
}

int clp_trace_child(const clp_trace *t, clp_env *const *env, int k,
                    const clp_rel *target, const clp_value *const *vals,
                    int (*visit)(void *ctx, int child), void *ctx) {
  const clp_tnode *nd = &t->nodes[k];
  for (int j = 0; j < nd->ncalls; j++) {
    int ch = nd->child[j];
    if (nd->calls[j]->rel != target || ch <= 0 || ch >= t->n) continue;
    bool eq = true;
    for (int i = 0; i < target->arity && eq; i++) {
      const clp_value *v = clp_env_get(env[ch], target->formals[i]);
      eq = v && clp_v_equal(v, vals[i]);
    }
    int r = eq ? visit(ctx, ch) : -1;
    if (r >= 0) return r;
  }
  return -1;
}
