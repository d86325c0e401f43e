/* rfn.h -- refinement from an infeasible trace (prefix rfn_).
 *
 * Given an infeasible concrete trace T of P, computes gamma: interface atoms
 * for the relations called in T and hygienic explicated constraints for
 * their rules (each over the atoms of ONE rule: its literals and its callees'
 * interface atoms instantiated with the call's arguments), such that [[T]]gamma
 * is propositionally unsatisfiable (CAR Lemma 8), collapses gamma to the base
 * relations and joins it into alpha.
 *
 * Method: tree interpolants I_k over node k's formals with
 *   lits_k /\ AND_c I_c[formals_c := args_c]  =>  I_k,   I_goal = false,
 * taken first from the program's own literals (rfn_syntactic.c: literals
 * over a relation's formals propagated up the trace, the needed ones picked
 * by unsat cores -- the proof shape of the paper's §6), otherwise from Z3's
 * Spacer on the non-recursive rule set clp_trace_rs(T) (relation-preserving
 * on short traces, inlining on long ones).  Bound pairs are merged into
 * equalities, and for non-recursive relations a minimal set of the node's
 * own literals that implies I_k replaces it.  Atoms of I_k join
 * alpha^a_{base(k)}; the implication (a call-free NNF formula, hygienic by
 * construction) joins alpha^e_{base(k)}.
 */
#ifndef RFN_H
#define RFN_H

#include "abstract/abs.h"
#include "clp/strset.h"
#include "zb/zb.h"

typedef enum { RFN_OK = 0, RFN_TIMEOUT, RFN_FAIL } rfn_status;

/* Contract: T is clp_trace_rs(t).  On RFN_OK alpha has been joined with
 * collapse(gamma), *grew says whether alpha changed, and *gamma (if
 * non-NULL) is gamma itself, an abstraction of T's variants, for checking
 * Lemma 8: [[T]]gamma does not derive T's goal. */
rfn_status rfn_refine(zb_ctx *z, const clp_trace *t, const clp_rs *T,
                      abs_alpha *alpha, bool *grew, abs_alpha **gamma);

/* Lazy explication (before any trace is checked): node k of the Boolean
 * derivation gives its rule's atoms truth values (its committed literals
 * true, its own interface atoms and its callees' instantiated interface atoms
 * as in tuple[]).  For every node whose values are inconsistent in D, the
 * negation of a minimal inconsistent subset -- a D-valid clause over the
 * atoms of that one rule -- joins alpha^e of its relation.  With
 * saturate, such a node also gives, for each of its relation's interface
 * atoms whose value its body (committed literals, callees' values) forces,
 * the clause "a minimal part of that body implies the value": the clauses
 * later iterations would find one at a time.
 * consistent (NULL: none) keeps the keys of the nodes found consistent,
 * across calls on the same alpha (clear it when alpha is replaced): a node
 * whose relation, committed literals and values were found consistent
 * before is not checked again (37% of the checks on the CHC sample's
 * median files: derivations of consecutive iterations share most nodes).
 * Contract: *added counts the new clauses; 0 means every node is locally
 * consistent or undecided by Z3 (then the concrete trace must be checked).
 * Returns RFN_OK, or RFN_TIMEOUT past the global deadline. */
rfn_status rfn_explicate(zb_ctx *z, const clp_trace *t, const bool **tuple,
                         abs_alpha *alpha, bool saturate,
                         clp_strset *consistent, int *added);

/* Predicate discovery by Houdini (rfn_houdini.c): template candidates over
 * each relation's Int formals (x >= 0, x <= 0, x <= y, x + y vs z) and
 * generalisations of the atoms over the formals in the relation's own rule
 * and in alpha (lin <= k / lin = k with k replaced by 0 and k, both
 * directions); the largest subset that is inductive for the rule set (each
 * call replaced by the callee's candidates) holds in every model, and its
 * new atoms join alpha^a.  State persists between runs: a run happens only
 * when the candidates grew, starts from the candidates no earlier run
 * refuted (its result is still inductive, just not always the largest),
 * and after a run that added nothing the next 1, 2, 4, ... calls are
 * skipped.  A run's checks are incremental: one Z3 solver per relation
 * for the run, each candidate behind an activation literal assumed while
 * it is alive.  Each run has `budget` seconds; a run that
 * exceeds it or meets an undecided query adds nothing (after two such runs
 * discovery stops).  Soundness never depends on it: atoms are predicates. */
typedef struct rfn_houdini rfn_houdini;
typedef struct rfn_houdini_stats {
  int candidates, invariant, added, abandoned;
  long queries;
} rfn_houdini_stats;
/* Contract: a discovery with `budget` seconds per run; a run's new
 * invariants of a relation, when more than prune_at, are pruned to an
 * irredundant subset (none implied by the others) before joining alpha. */
rfn_houdini *rfn_houdini_new(const clp_rs *rs, double budget, int prune_at);
/* Contract: returns the number of atoms added to alpha (st->added). */
int rfn_houdini_run(zb_ctx *z, rfn_houdini *h, const clp_rs *rs,
                    abs_alpha *alpha, rfn_houdini_stats *st);

#endif
