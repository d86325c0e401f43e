/* dfs.h -- the depth-first CLP baseline engine (prefix dfs_) */
#ifndef CAR_DFS_H
#define CAR_DFS_H

#include "engine/engine.h"

/* The parameters of dfs (eng_opts.params; NULL: dfs_defaults). */
typedef struct dfs_params {
  int depth;             /* bound on derivation depth */
  long nodes;            /* bound on unfoldings */
} dfs_params;
extern const dfs_params dfs_defaults;

/* Depth-first CLP baseline: unfold from the goal, committing to disjuncts in
 * order, check each path prefix with Z3, stop at the first satisfiable
 * complete derivation (unsafe).  Ends with unknown when the depth or node
 * bound is hit or when the search space is exhausted (dfs has no invariant
 * to certify safe). */
void dfs_solve(const clp_rs *rs, const eng_opts *o, eng_result *out);

#endif
