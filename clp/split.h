/* split.h -- a control location kept in Boolean arguments split into
 * relations (prefix clp_split_), with the way back: models and
 * counterexamples of the split set are translated to the original one,
 * where the driver certifies them.
 *
 * Transition systems written as CHC in the VMT style keep the program's
 * control location in Boolean arguments of their one state relation,
 * state(b1, ..., bk, x1, ..., xm), and write each transition as a case on
 * those bits.  To CAR that is one relation whose predicates must tell the
 * locations apart, one refinement at a time; the same program as a
 * control-flow graph (one relation per location) is what its abstraction
 * is built for (ctigar's nested6: unknown at 20 s as one relation, safe in
 * 1 s from its C source).
 *
 * The pass picks a recursive relation R (not the goal) with 1..8 Boolean
 * formals, every call of which stands at the top of a disjunct of its
 * caller's body, at most one a disjunct, with variables of the caller that
 * are not its formals (or constants) at the Boolean positions.  Starting
 * from R's disjuncts without a call of R, it fixes the Boolean formals of
 * the head, and those arguments of the call, to each valuation in turn
 * and keeps what does not fold to false: the reachable valuations v (at
 * most 64) and the transitions between them.  Bits that the cases leave
 * free are data, not a location: a split where a case is followed by
 * more than half of the 2^k valuations on average (every valuation, in
 * the kind2 Lustre models) is not made.  The result has a relation
 * R@v(x) per reachable v (R's other formals, the same variables) whose
 * body is the disjunction of those folded disjuncts; every other relation
 * is kept, its calls of R split the same way.  The split set derives
 * R@v(x) exactly when the original derives R(v, x).
 *
 * Only rule sets read from SMT-LIB are split: the other frontends write
 * control flow as relations already, and their Boolean arguments are data.
 */
#ifndef CLP_SPLIT_H
#define CLP_SPLIT_H

#include "clp/clp.h"

typedef struct clp_split clp_split;

/* Contract: the split of the sealed rule set rs (not modified), sealed
 * except for formula ids (clp_pre_run seals it); NULL when no relation
 * qualifies or the split would not be smaller than the limits above
 * (rs is then to be used as it is). */
clp_split *clp_split_run(const clp_rs *rs);

const clp_rs *clp_split_rs(const clp_split *s);
/* "R into N relations over K Boolean arguments" (for -v). */
const char *clp_split_describe(const clp_split *s);

/* Contract: inv holds, per relation id of the split set, a call-free
 * formula over that relation's formals.  Returns the invariants per
 * relation id of the original set: R's the disjunction over its
 * valuations v of (its Boolean formals = v and inv of R@v), the others
 * their own.  NULL when an input invariant is missing. */
const clp_formula **clp_split_model_back(const clp_split *s,
                                         const clp_formula **inv);

/* Contract: t/env is a counterexample derivation of the split set (as for
 * clp_pre_trace_back).  Builds the derivation of the original set, one
 * node per node of t, each rule instance chosen again by evaluating the
 * original body (a node of R@v has R's Boolean formals = v).  Returns true
 * and sets *out_t, *out_env; or false with *why.  The result still has to
 * be certified (cert_unsafe). */
bool clp_split_trace_back(const clp_split *s, const clp_trace *t,
                          clp_env **env, int nfuns,
                          const clp_funinterp **funs,
                          const clp_trace **out_t, clp_env ***out_env,
                          const char **why);

#endif
