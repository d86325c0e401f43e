/* rfn.h -- refinement from an infeasible trace (prefix rfn_).
 *
 * Given an infeasible concrete trace T of P, computes gamma: interface atoms
 * for the relations called in T and hygienic explicated constraints for
 * their rules (each over the atoms of ONE rule: its literals and its callees'
 * interface atoms instantiated with the call's arguments), such that [[T]]gamma
 * is propositionally unsatisfiable (CAR Lemma 8), collapses gamma to the base
 * relations and joins it into alpha.
 *
 * Method: tree interpolants for T (Z3 Spacer on the non-recursive rule set
 * clp_trace_rs(T)): I_k over node k's formals with
 *   lits_k /\ AND_c I_c[formals_c := args_c]  =>  I_k,   I_goal = false.
 * Atoms of I_k join alpha^a_{base(k)}; the implication (as a call-free NNF
 * formula) joins alpha^e_{base(k)}.
 */
#ifndef RFN_H
#define RFN_H

#include "abs.h"
#include "zb.h"

typedef enum { RFN_OK = 0, RFN_TIMEOUT, RFN_FAIL } rfn_status;

/* Contract: on RFN_OK alpha has been joined with collapse(gamma);
 * *grew says whether alpha changed. */
rfn_status rfn_refine(zb_ctx *z, const clp_trace *t, abs_alpha *alpha,
                      bool *grew);

#endif
