/* cert.c -- independent certificate checks: an inductive invariant for safe
 * (checked by a fresh Z3 solver), a concrete derivation for unsafe
 * (re-evaluated with clp_eval, no Z3). */
#include <stdio.h>

#include "cert/cert.h"

/* ------------------------------------------------------------------ safe */

static const char *fmt(const char *what, const clp_rel *r) {
  size_t n = strlen(what) + strlen(r->name) + 16;
  char *s = NEW_ATOMIC_N(char, n);
  snprintf(s, n, "%s %s", what, r->name);
  return s;
}

bool cert_safe(zb_ctx *z, const clp_rs *rs, const clp_formula **inv,
               const char **why) {
  if (!inv) { *why = "no invariant"; return false; }
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (!inv[r->id] || !clp_f_over(inv[r->id], r->arity, r->formals)) {
      *why = fmt("invariant missing or not over the formals of", r);
      return false;
    }
  }
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    const clp_formula *vc = clp_f_implies(clp_f_inline_calls(r->body, inv), inv[r->id]);
    zb_result v = zb_valid(z, vc);
    if (v != ZB_SAT) {
      *why = v == ZB_UNKNOWN ? (clp_expired() ? "timeout" : fmt("z3 could not check the rule of", r))
                             : fmt("invariant is not inductive for the rule of", r);
      return false;
    }
  }
  zb_result g = zb_valid(z, clp_f_not(inv[rs->goal->id]));
  if (g != ZB_SAT) {
    *why = g == ZB_UNKNOWN ? (clp_expired() ? "timeout" : "z3 could not check the goal invariant")
                           : "the goal's invariant is satisfiable";
    return false;
  }
  return true;
}

/* ---------------------------------------------------------------- unsafe */

typedef struct checker {
  const clp_rs *rs;
  const etc_cex *cex;
  char *state;          /* per node: 0 unvisited, 1 in progress, 2 verified */
  const char *why;
} checker;

static bool node_ok(checker *c, int k);

static bool call_ok(checker *c, int k, const clp_formula *call) {
  const clp_tnode *nd = &c->cex->trace->nodes[k];
  for (int j = 0; j < nd->ncalls; j++) {
    if (nd->calls[j] != call) continue;
    int ch = nd->child[j];
    if (ch <= 0 || ch >= c->cex->trace->n) break;
    const clp_tnode *cn = &c->cex->trace->nodes[ch];
    if (cn->rel != call->rel) break;
    for (int i = 0; i < call->n; i++) {
      const clp_value *a = clp_eval(call->args[i], c->cex->env[k]);
      const clp_value *f = clp_env_get(c->cex->env[ch], cn->rel->formals[i]);
      if (!a || !f || !clp_v_equal(a, f)) return false;
    }
    return node_ok(c, ch);
  }
  return false;
}

static bool formula_ok(checker *c, int k, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_TRUE: return true;
  case CLP_F_FALSE: return false;
  case CLP_F_LIT: {
    const clp_value *v = clp_eval(f->atom, c->cex->env[k]);
    if (!v || v->kind != CLP_V_BOOL) {
      c->why = "a literal of the counterexample cannot be evaluated";
      return false;
    }
    return v->b != f->neg;
  }
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++)
      if (!formula_ok(c, k, f->kids[i])) return false;
    return true;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++)
      if (formula_ok(c, k, f->kids[i])) return true;
    return false;
  case CLP_F_CALL: return call_ok(c, k, f);
  }
  return false;
}

static bool node_ok(checker *c, int k) {
  if (c->state[k] == 2) return true;
  if (c->state[k] == 1) { c->why = "the derivation is cyclic"; return false; }
  c->state[k] = 1;
  const clp_rel *r = c->cex->trace->nodes[k].rel;
  if (r->id < 0 || r->id >= c->rs->nrels || c->rs->rels[r->id] != r) {
    c->why = "a derivation node is not a relation of the rule set";
    return false;
  }
  if (!formula_ok(c, k, r->body)) {
    if (!c->why) c->why = fmt("the rule does not hold for the values of", r);
    return false;
  }
  c->state[k] = 2;
  return true;
}

bool cert_unsafe(const clp_rs *rs, const etc_cex *cex, const char **why) {
  if (!cex || !cex->trace || cex->trace->n < 1) { *why = "no counterexample"; return false; }
  if (cex->trace->nodes[0].rel != rs->goal) { *why = "the derivation does not start at the goal"; return false; }
  checker c = {rs, cex, NEW_ATOMIC_N(char, cex->trace->n), NULL};
  memset(c.state, 0, (size_t)cex->trace->n);
  if (node_ok(&c, 0)) return true;
  *why = c.why ? c.why : "the derivation does not hold";
  return false;
}

bool cert_check(const clp_rs *rs, bool safe, const clp_formula **inv,
                const etc_cex *cex, cert_safe_fn *safe_fn, const void *data,
                const char **why) {
  if (safe) {
    zb_ctx *z = zb_ctx_new();
    bool ok = inv && safe_fn(z, rs, data, inv, why);
    if (!inv) *why = "engine returned no invariant";
    zb_ctx_free(z);
    return ok;
  }
  /* evaluation does not check axioms (no engine answers unsafe then) */
  bool ok = cex && !rs->naxioms && cert_unsafe(rs, cex, why);
  if (!cex) *why = "engine returned no counterexample";
  if (rs->naxioms) *why = "a derivation under axioms cannot be certified";
  return ok;
}
