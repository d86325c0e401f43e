/* zb_qe.c -- quantifier elimination (prefix zb_): exists vars. f as a
 * quantifier-free IR formula, by Z3's qe tactics. */
#include "zb/zbi.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

const clp_formula *zb_exists(zb_ctx *z, int nvars, const clp_term **vars,
                             const clp_formula *f) {
  Z3_context c = z->c;
  assert(!clp_f_has_call(f));
  if (!c || clp_expired()) return NULL;
  unsigned e0 = z->nerr;
  /* free variables that may remain: vars(f) \ vars */
  int cap = 0;
  const clp_term **fv = NULL;
  int n = zbi_formula_vars(f, &fv, 0, &cap);
  zbi_back b;
  zbi_back_init(&b, z, n);
  for (int i = 0; i < n; i++) {
    bool bound = false;
    for (int k = 0; k < nvars; k++) bound |= vars[k] == fv[i];
    Z3_ast a = bound ? NULL : zbi_term(z, fv[i]);
    if (a) zbi_back_var(&b, a, fv[i]);
  }
  Z3_ast body = zbi_formula(z, f, NULL);
  Z3_ast q = zbi_quantify(z, false, nvars, vars, body);
  zbi_unref(z, body);
  const clp_formula *res = NULL;
  Z3_goal g = q ? Z3_mk_goal(c, false, false, false) : NULL;
  Z3_tactic t = NULL;
  Z3_apply_result ar = NULL;
  if (g) {
    Z3_goal_inc_ref(c, g);
    zbi_count(1);
    Z3_goal_assert(c, g, q);
    Z3_tactic qe = Z3_mk_tactic(c, "qe");
    if (qe) { Z3_tactic_inc_ref(c, qe); zbi_count(1); }
    Z3_tactic qe2 = Z3_mk_tactic(c, "qe2");
    if (qe2) { Z3_tactic_inc_ref(c, qe2); zbi_count(1); }
    Z3_tactic both = qe && qe2 ? Z3_tactic_or_else(c, qe, qe2) : NULL;
    if (both) { Z3_tactic_inc_ref(c, both); zbi_count(1); }
    t = both ? Z3_tactic_try_for(c, both, zbi_timeout_ms(0)) : NULL;
    if (t) { Z3_tactic_inc_ref(c, t); zbi_count(1); }
    if (both) { Z3_tactic_dec_ref(c, both); zbi_count(-1); }
    if (qe2) { Z3_tactic_dec_ref(c, qe2); zbi_count(-1); }
    if (qe) { Z3_tactic_dec_ref(c, qe); zbi_count(-1); }
  }
  if (t && z->nerr == e0) {
    zbi_count_call();
    ar = Z3_tactic_apply(c, t, g);
    if (ar) { Z3_apply_result_inc_ref(c, ar); zbi_count(1); }
  }
  if (ar && z->nerr == e0) {
    /* the result is the disjunction of the subgoals' conjunctions */
    unsigned ns = Z3_apply_result_get_num_subgoals(c, ar);
    const clp_formula **ds = NEW_N(const clp_formula *, ns);
    bool ok = true;
    for (unsigned i = 0; ok && i < ns; i++) {
      Z3_goal sg = Z3_apply_result_get_subgoal(c, ar, i);
      Z3_goal_inc_ref(c, sg);
      zbi_count(1);
      unsigned nf = Z3_goal_size(c, sg);
      const clp_formula **cs = NEW_N(const clp_formula *, nf);
      for (unsigned k = 0; ok && k < nf; k++)
        ok = (cs[k] = zbi_back_formula(&b, Z3_goal_formula(c, sg, k))) != NULL;
      if (ok) ds[i] = clp_f_and((int)nf, cs, clp_nopos);
      Z3_goal_dec_ref(c, sg);
      zbi_count(-1);
    }
    if (ok && z->nerr == e0) res = clp_f_or((int)ns, ds, clp_nopos);
  }
  if (ar) { Z3_apply_result_dec_ref(c, ar); zbi_count(-1); }
  if (t) { Z3_tactic_dec_ref(c, t); zbi_count(-1); }
  if (g) { Z3_goal_dec_ref(c, g); zbi_count(-1); }
  zbi_unref(z, q);
  zbi_back_free(&b);
  return z->nerr == e0 ? res : NULL;
}
