/* etc.h -- the explicating trace checker, concrete side (prefix etc_).
 *
 * A trace (clp_trace) is flattened into one constraint: the variables of
 * node k are labelled k+1 (clp_var_labelled), a call binds the callee's
 * formals to the caller's argument terms (CAR paper §6, flat^T_r), and Z3
 * decides it.  Satisfiable: a real counterexample, returned with concrete
 * values per node.  Unsatisfiable: refine/ computes the refinement.
 */
#ifndef ETC_H
#define ETC_H

#include "clp.h"
#include "zb.h"

/* A counterexample: per trace node, an environment over the node's own
 * (unlabelled) formals and locals, plus the interpretation of every
 * uninterpreted function (shared by all nodes). */
typedef struct etc_cex {
  const clp_trace *trace;
  clp_env **env;               /* env[k] for nodes[k] */
  int nfuns; const clp_funinterp **funs;
} etc_cex;

/* The flattened trace constraint flat^T_goal (call-free). */
const clp_formula *etc_flatten(const clp_trace *t);

/* Contract: ZB_SAT -> *cex filled from the model; ZB_UNSAT -> trace
 * infeasible; ZB_UNKNOWN -> Z3 gave up or the model could not be read. */
zb_result etc_check(zb_ctx *z, const clp_trace *t, etc_cex **cex);

#endif
