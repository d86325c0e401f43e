/* etc.c -- flatten a concrete trace and decide it with Z3 (CAR paper §6). */
#include "etc/etc.h"
#include "clp/vec.h"

/* Label of trace node k: its variables become x@(k+1). */
static int label_of(int k) { return k + 1; }

const clp_formula *etc_bind(const clp_formula *call, int caller, int callee) {
  const clp_formula **eq = NEW_N(const clp_formula *, call->n);
  for (int i = 0; i < call->n; i++)
    eq[i] = clp_f_lit(clp_eq(clp_term_label(call->rel->formals[i], callee),
                             clp_term_label(call->args[i], caller)),
                      false, call->pos);
  return clp_f_and(call->n, eq, call->pos);
}

/* flat^T: every node's committed literals with its variables labelled, and
 * for every call the binding equalities formal^child = arg^node. */
const clp_formula *etc_flatten(const clp_trace *t) {
  int n = 0, cap = 16;
  const clp_formula **parts = NEW_N(const clp_formula *, cap);
  for (int k = 0; k < t->n; k++) {
    const clp_tnode *nd = &t->nodes[k];
    int extra = nd->nlits + nd->ncalls;
    VEC_RESERVE(const clp_formula *, parts, n, cap, extra);
    for (int i = 0; i < nd->nlits; i++)
      parts[n++] = clp_f_label(nd->lits[i], label_of(k));
    for (int c = 0; c < nd->ncalls; c++)
      parts[n++] = etc_bind(nd->calls[c], label_of(k), label_of(nd->child[c]));
  }
  return clp_f_and(n, parts, clp_nopos);
}

/* Read node k's formals and locals off the model into a fresh environment. */
static clp_env *node_env(zb_solver *s, const clp_tnode *nd, int k) {
  clp_env *e = clp_env_new();
  const clp_rel *r = nd->rel;
  for (int pass = 0; pass < 2; pass++) {
    int n = pass ? r->nlocals : r->arity;
    const clp_term **vs = pass ? r->locals : r->formals;
    for (int i = 0; i < n; i++) {
      const clp_value *v = zb_model_eval(s, clp_term_label(vs[i], label_of(k)));
      if (!v) return NULL;
      clp_env_set(e, vs[i], v);
    }
  }
  return e;
}

/* Guards of t's divisions under the ite conditions conds[0..nc). */
static int guards(const clp_term *t, int nc, const clp_term **conds,
                  const clp_formula ***g, int n, int *cap) {
  if ((t->op == CLP_DIV || t->op == CLP_MOD) &&
      !(t->kids[1]->op == CLP_NUM && t->kids[1]->num != 0)) {
    const clp_term **d = NEW_N(const clp_term *, nc + 1);
    for (int i = 0; i < nc; i++) d[i] = clp_not(conds[i]);
    d[nc] = clp_not(clp_eq(t->kids[1], clp_num(0)));
    VEC_PUSH(const clp_formula *, *g, n, *cap,
             clp_f_lit(clp_or(nc + 1, d), false, clp_nopos));
  }
  if (t->op == CLP_ITE) {
    n = guards(t->kids[0], nc, conds, g, n, cap);
    const clp_term **c = NEW_N(const clp_term *, nc + 1);
    for (int i = 0; i < nc; i++) c[i] = conds[i];
    c[nc] = t->kids[0];
    n = guards(t->kids[1], nc + 1, c, g, n, cap);
    c = NEW_N(const clp_term *, nc + 1);
    for (int i = 0; i < nc; i++) c[i] = conds[i];
    c[nc] = clp_not(t->kids[0]);
    return guards(t->kids[2], nc + 1, c, g, n, cap);
  }
  for (int i = 0; i < t->n; i++) n = guards(t->kids[i], nc, conds, g, n, cap);
  return n;
}

int etc_div_guards(const clp_term *t, const clp_formula ***g, int n, int *cap) {
  return guards(t, 0, NULL, g, n, cap);
}

/* Guards of every literal of the call-free formula f (a flattened trace:
 * every literal is evaluated by the certificate check). */
static int formula_guards(const clp_formula *f, const clp_formula ***g, int n,
                          int *cap) {
  switch (f->kind) {
  case CLP_F_LIT: return etc_div_guards(f->atom, g, n, cap);
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++) n = formula_guards(f->kids[i], g, n, cap);
    return n;
  default: return n;
  }
}

/* Divisions by zero of the model: every DIV/MOD subterm of f whose divisor
 * is 0 in the model adds "dividend value -> value of the term" to the
 * table of div/0 or mod/0 (Z3's own choice, a function of the dividend).
 * False when a value cannot be read or the model is not a function. */
typedef struct table { int n, cap; const clp_value **args, **vals; } table;

static bool record(table *tb, const clp_value *a, const clp_value *v) {
  for (int i = 0; i < tb->n; i++)
    if (clp_v_equal(tb->args[i], a)) return clp_v_equal(tb->vals[i], v);
  int old = tb->cap;
  VEC_RESERVE(const clp_value *, tb->args, tb->n, tb->cap, 1);
  if (tb->cap != old) VEC_FIT(const clp_value *, tb->vals, tb->cap);
  tb->args[tb->n] = a;
  tb->vals[tb->n++] = v;
  return true;
}

static bool zero_divs(zb_solver *s, const clp_term *t, char *seen,
                      table *tb) {
  if (seen[t->id]) return true;
  seen[t->id] = 1;
  for (int i = 0; i < t->n; i++)
    if (!zero_divs(s, t->kids[i], seen, tb)) return false;
  if (t->op != CLP_DIV && t->op != CLP_MOD) return true;
  const clp_value *d = zb_model_eval(s, t->kids[1]);
  if (!d) return false;
  if (d->i != 0) return true;
  const clp_value *a = zb_model_eval(s, t->kids[0]), *v = zb_model_eval(s, t);
  return a && v && record(&tb[t->op == CLP_MOD], a, v);
}

static bool formula_zero_divs(zb_solver *s, const clp_formula *f,
                              char *seen, table *tb) {
  if (f->kind == CLP_F_LIT) return zero_divs(s, f->atom, seen, tb);
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++)
      if (!formula_zero_divs(s, f->kids[i], seen, tb)) return false;
  return true;
}

/* The interpretations of div/0 and mod/0 the model gives f's divisions by
 * zero (appended to fs[*n..]); false when they cannot be read. */
static bool div0_funs(zb_solver *s, const clp_formula *f,
                      const clp_funinterp **fs, int *n) {
  table tb[2] = {{0}, {0}};
  unsigned nt = clp_term_count();
  char *seen = NEW_ATOMIC_N(char, nt);
  memset(seen, 0, nt);
  if (!formula_zero_divs(s, f, seen, tb)) return false;
  for (int k = 0; k < 2; k++) {
    clp_funinterp *fi = NEW(clp_funinterp);
    fi->fun = k ? clp_fun_mod0() : clp_fun_div0();
    fi->n = tb[k].n;
    fi->args = NEW_N(const clp_value **, tb[k].n > 0 ? tb[k].n : 1);
    for (int i = 0; i < tb[k].n; i++) {
      fi->args[i] = NEW_N(const clp_value *, 1);
      fi->args[i][0] = tb[k].args[i];
    }
    fi->vals = tb[k].vals;
    fi->els = clp_v_int(0);
    if (fi->n) fs[(*n)++] = fi;
  }
  return true;
}

zb_result etc_check(zb_ctx *z, const clp_trace *t, etc_cex **cex,
                    const char **why) {
  return etc_check_div0(z, t, false, cex, why);
}

zb_result etc_check_div0(zb_ctx *z, const clp_trace *t, bool free_div0,
                         etc_cex **cex, const char **why) {
  zb_solver *s = zb_solver_new(z);
  const clp_formula *flat = etc_flatten(t);
  zb_assert(s, flat);
  zb_result r = zb_check(s);
  if (r == ZB_SAT && !free_div0) {
    const clp_formula **g = NULL;
    int cap = 0, ng = formula_guards(flat, &g, 0, &cap);
    if (ng) {
      zb_assert(s, clp_f_and(ng, g, clp_nopos));
      r = zb_check(s);
      if (r == ZB_UNSAT) {
        r = ZB_UNKNOWN;
        if (why)
          *why = clp_why_div0;
      }
    }
  }
  if (r == ZB_SAT && cex) {
    etc_cex *c = NEW(etc_cex);
    c->trace = t;
    c->env = NEW_N(clp_env *, t->n);
    const clp_fun **fs = NULL;
    int nf = 0;
    for (int k = 0; k < t->n; k++) {
      const clp_tnode *nd = &t->nodes[k];
      for (int i = 0; i < nd->nlits; i++) nf = clp_f_funs(nd->lits[i], &fs, nf);
      for (int i = 0; i < nd->ncalls; i++) nf = clp_f_funs(nd->calls[i], &fs, nf);
    }
    c->funs = NEW_N(const clp_funinterp *, nf + 2);
    for (int i = 0; i < nf && r == ZB_SAT; i++)
      if (!(c->funs[i] = zb_model_fun(s, fs[i]))) r = ZB_UNKNOWN;
    if (free_div0 && r == ZB_SAT && !div0_funs(s, flat, c->funs, &nf))
      r = ZB_UNKNOWN;
    c->nfuns = nf;
    for (int k = 0; k < t->n && r == ZB_SAT; k++) {
      if (!(c->env[k] = node_env(s, &t->nodes[k], k))) {
        r = ZB_UNKNOWN;
        break;
      }
      for (int i = 0; i < nf; i++) clp_env_set_fun(c->env[k], c->funs[i]);
    }
    *cex = r == ZB_SAT ? c : NULL;
  }
  zb_solver_free(s);
  return r;
}
