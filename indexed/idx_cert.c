/* idx_cert.c -- the certificate of an indexed invariant, checked apart
 * from the engine (only the instantiation set Pi is shared, idx_inst.c):
 * inv[r] is read as forall r->index. inv[r]; per rule and per part of its
 * body (idx_parts), in a scope of the rule's solver,
 *   body[calls := instances of the callees' invariants] /\ axiom instances
 *   /\ !inv_r[index := Skolem constants]
 * must be unsatisfiable.  Instances of universal hypotheses are implied by
 * them, so an unsatisfiable instance proves the rule. */
#include <stdio.h>
#include <string.h>

#include "indexed/idx.h"

/* Free variables of inv[r] are among r's formals and r->index. */
static bool closed(const clp_rel *r, const clp_formula *f) {
  const clp_term **vars = NULL;
  int cap = 0, n = clp_f_vars(f, &vars, 0, &cap);
  for (int i = 0; i < n; i++) {
    bool ok = clp_rel_has_formal(r, vars[i]);
    for (int j = 0; j < r->nindex && !ok; j++) ok = r->index[j] == vars[i];
    if (!ok) return false;
  }
  return !clp_f_has_call(f);
}

bool idx_cert_safe(zb_ctx *z, const clp_rs *rs, const clp_formula **inv,
                   const char **why) {
  static char buf[256];
  for (int i = 0; i < rs->nrels; i++)
    if (!inv[i] || !closed(rs->rels[i], inv[i])) {
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
    const clp_term **hx = idx_head_vars(r);
    const clp_formula *head = clp_f_subst_args(inv[i], r->nindex, r->index, hx);
    const clp_term **phi = NULL;
    int nphi = 0, cap = 0;
    nphi = clp_f_atoms(head, &phi, 0, &cap);
    for (int j = 0; j < r->nipreds; j++) { /* the engine's terms too */
      phi = phi ? GROW(const clp_term *, phi, nphi + 1)
                : NEW_N(const clp_term *, 1);
      phi[nphi++] = clp_subst_args(r->ipreds[j], r->nindex, r->index, hx);
    }
    const clp_formula **parts;
    int np = idx_parts(r, &parts);
    zb_solver *s = zb_solver_new(z);
    zb_assert(s, clp_f_not(head));
    for (int p = 0; p < np; p++) {
      const clp_term **terms;
      int nt = idx_terms(r, parts[p], r->nindex, hx, nphi, phi, &terms);
      zb_push(s);
      zb_assert(s, idx_instantiate(rs, parts[p], inv, nt, terms, NULL));
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
