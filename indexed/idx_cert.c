/* idx_cert.c -- the certificate of an indexed invariant, checked apart
 * from the engine (only the instantiation set Pi is shared, idx_inst.c):
 * inv[r] is read as forall X. inv[r], X r's index variables in the side
 * table the engine answered with (idx_preds); per rule and per part of its
 * body (idx_parts), in a scope of the rule's solver,
 *   body[calls := instances of the callees' invariants] /\ axiom instances
 *   /\ !inv_r[index := Skolem constants]
 * must be unsatisfiable.  Instances of universal hypotheses are implied by
 * them, so an unsatisfiable instance proves the rule. */
#include <stdio.h>
#include <string.h>

#include "clp/vec.h"
#include "indexed/idx.h"

/* Free variables of inv[r] are among r's formals and index variables. */
static bool closed(const idx_rel_preds *e, const clp_rel *r,
                   const clp_formula *f) {
  const clp_term **vars = NULL;
  int cap = 0, n = clp_f_vars(f, &vars, 0, &cap);
  for (int i = 0; i < n; i++) {
    bool ok = clp_rel_has_formal(r, vars[i]);
    for (int j = 0; j < e->nindex && !ok; j++) ok = e->index[j] == vars[i];
    if (!ok) return false;
  }
  return !clp_f_has_call(f);
}

bool idx_cert_safe(zb_ctx *z, const clp_rs *rs, const idx_preds *t,
                   const clp_formula **inv, const char **why) {
  static char buf[256];
  if (!t) t = idx_preds_new(rs);
  for (int i = 0; i < rs->nrels; i++)
    if (!inv[i] || !closed(&t->rel[i], rs->rels[i], inv[i])) {
      snprintf(buf, sizeof buf, "the invariant of '%s' is missing or not "
               "over its formals and index variables", rs->rels[i]->name);
      *why = buf;
      return false;
    }
  if (inv[rs->goal->id]->kind != CLP_F_FALSE) {
    *why = "the goal's invariant is not false";
    return false;
  }
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    const idx_rel_preds *e = &t->rel[i];
    const clp_term **hx = idx_head_vars(t, r);
    const clp_formula *head = clp_f_subst_args(inv[i], e->nindex, e->index, hx);
    const clp_term **phi = NULL;
    int nphi = 0, cap = 0;
    nphi = clp_f_atoms(head, &phi, 0, &cap);
    for (int j = 0; j < e->npreds; j++) /* the engine's terms too */
      VEC_PUSH(const clp_term *, phi, nphi, cap,
               clp_subst_args(e->preds[j], e->nindex, e->index, hx));
    const clp_formula **parts;
    int np = idx_parts(r, &parts);
    zb_solver *s = zb_solver_new(z);
    zb_assert(s, clp_f_not(head));
    for (int p = 0; p < np; p++) {
      const clp_term **terms;
      int nt = idx_terms(r, parts[p], e->nindex, hx, nphi, phi, &terms);
      zb_push(s);
      zb_assert(s, idx_instantiate(rs, t, parts[p], inv, nt, terms, NULL));
      zb_result res = zb_check(s);
      zb_pop(s);
      if (res != ZB_UNSAT) {
        zb_solver_free(s);
        snprintf(buf, sizeof buf, "the rule of '%s' %s", r->name,
                 res == ZB_SAT ? "does not preserve the invariants (the "
                                 "instantiated check is satisfiable)"
                               : "could not be checked (Z3: unknown)");
        *why = buf;
        return false;
      }
    }
    zb_solver_free(s);
  }
  return true;
}
