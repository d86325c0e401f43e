/* rfn_int.h -- internals of refine/ shared between its files. */
#ifndef RFN_INT_H
#define RFN_INT_H
#include "refine/rfn.h"

/* Conjunctions of t <= k and -t <= -k become t = k (equivalent formula). */
const clp_formula *rfn_merge_bounds(const clp_formula *f);
/* A minimal conjunction of those cand[i] that are over r's formals which
 * implies goal (checked with Z3), or NULL if none does. */
const clp_formula *rfn_own_literals(zb_ctx *z, const clp_rel *r, int ncand,
                                    const clp_formula **cand,
                                    const clp_formula *goal);
/* Tree interpolants made of program literals (rfn_syntactic.c): RFN_OK
 * with (*interp)[k] over node k's formals when the goal's hypotheses are
 * refuted by literals propagated up the trace; RFN_FAIL otherwise. */
rfn_status rfn_syntactic(zb_ctx *z, const clp_trace *t,
                         const clp_formula ***interp);
/* Candidate equalities a*x + b*y = c over r's formals (rfn_affine.c):
 * every self-recursive disjunct of r's rule changes x and y by constants
 * in the ratio -b : a, and a non-recursive disjunct fixes a*x + b*y to c.
 * Appends them to *out (GC array, grown as needed); returns how many.
 * The work ends by CPU time `until` (clp_cpu_now(), each Z3 query capped
 * by clp_wall_cap(until)); nrels bounds relation ids.
 * At most RFN_AFFINE_MAX of them (pairs of 12 formals, 4 entries each). */
#define RFN_AFFINE_MAX (66 * 4)
int rfn_affine_cands(zb_ctx *z, const clp_rel *r, int nrels, double until,
                     const clp_term ***out);
#endif
