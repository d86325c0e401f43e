/* schedule.h -- the order in which engines run (prefix pf_). */
#ifndef PORTFOLIO_SCHEDULE_H
#define PORTFOLIO_SCHEDULE_H

#include "engine/engine.h"

/* The indexed engine as run by --engine=indexed (o->params: the whole
 * pf_params, registry.h).  A linear rule set gets half a CPU second of
 * car's bounded model checking first (car_bmc_quick, when car.bmc); then
 * idx_disc_solve (idx.discover) or idx_solve; when the goal is derivable
 * in its abstraction (which has no counterexamples), a depth-first search
 * for a concrete derivation (dfs_solve, certified as any counterexample),
 * unless axioms constrain the functions (the search does not read them).
 * Contract as idx_disc_solve. */
void pf_indexed_solve(const clp_rs *rs, const eng_opts *o, eng_result *out);

#endif
