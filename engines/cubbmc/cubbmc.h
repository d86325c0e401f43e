/* cubbmc.h -- the fixed-size search of .cub systems (prefix cubbmc_) */
#ifndef CAR_CUBBMC_H
#define CAR_CUBBMC_H

#include "engine/engine.h"

/* Runs of a fixed number of processes (cubbmc.c, docs/cub.md): for a .cub
 * rule set, searches of its instances of K = 1..p->procs processes
 * (fe_cub_instance), explicit and symbolic (bounded model checking), up to
 * p->steps steps and p->time CPU seconds in all (a budget of its own,
 * whatever --timeout is), shortest runs first, in two parts around the
 * engine's first share.
 * cubbmc_new: NULL when rs is not a .cub rule set or p->procs is 0; the
 * pass holds a solver context until cubbmc_free (c NULL or freed before:
 * nothing; after it the pass finds no run).
 * cubbmc_quick (before the engine: 0.06 of the budget, the symbolic
 * search of at most 3 processes) and cubbmc_rest (after the engine's
 * first share, when it has no answer: the rest of the budget, every K),
 * each going on where the last stopped: true when a run is found:
 * out->verdict unsafe, out->cex its derivation (checked by etc_check) on
 * the instance *krs, which certifies and prints it; false otherwise, out
 * unchanged but for the cub_bmc statistics.
 * cubbmc_reserve: the CPU seconds cubbmc_rest may still use (0: none, the
 * explicit search showed there is no run within the bound).
 * cubbmc_first_share: the wall seconds of the engine's first share, after
 * which the engine is stopped for cubbmc_rest and then run again (a
 * fifth of the budget). */
typedef struct cubbmc cubbmc;
/* The parameters of the pass. */
typedef struct cubbmc_params {
  int procs;             /* runs of 1..procs processes (0: off) */
  double time;           /* CPU seconds for them */
  int steps;             /* bound on the steps of those runs */
} cubbmc_params;
cubbmc *cubbmc_new(const clp_rs *rs, const eng_opts *o,
                   const cubbmc_params *p);
bool cubbmc_quick(cubbmc *c, eng_result *out, const clp_rs **krs);
double cubbmc_reserve(const cubbmc *c);
bool cubbmc_rest(cubbmc *c, eng_result *out, const clp_rs **krs);
double cubbmc_first_share(const cubbmc *c);
void cubbmc_free(cubbmc *c);

#endif
