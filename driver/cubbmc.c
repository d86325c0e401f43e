/* cubbmc.c -- runs of a fixed number of processes for .cub systems (docs/cub.md
 * "Runs of a fixed number of processes"), prefix cubbmc_.
 *
 * A run of exactly K processes is a run of the parameterized system, so a
 * derivation of Err in the K-process instance (fe_cub_instance: the same
 * Reach and Err with N = K and every quantifier and universal update
 * expanded over 1..K) proves the system unsafe.  The instances are linear
 * rule sets, so the bounded model checker of etc_bmc.c searches them: one
 * incremental solver per K, heights interleaved (every K checked at height
 * h before any at h + 1), so the shortest run is found, with the fewest
 * processes among the shortest.  A chain found is checked by etc_check in
 * etc_bmc_run and certified on the instance by the driver, as every
 * counterexample is.  The pass's budget counts CPU seconds (clp_cpu_now),
 * so that what it finds does not depend on the machine's load.
 */
#include <stdio.h>

#include "engine.h"
#include "fe.h"
#include "zb.h"

bool cubbmc_solve(const clp_rs *rs, const eng_opts *o, eng_result *out,
                  const clp_rs **krs) {
  eng_stats *st = &out->stats;
  int maxk = o->cub_bmc;
  const clp_rs *first = maxk >= 1 ? fe_cub_instance(rs, 1) : NULL;
  if (!first) return false; /* off, or not a .cub system */
  st->cub_bmc_ran = true;
  zb_set_lambda_values(true); /* Z3's models of the Bool arrays */
  double t0 = clp_now(), cpu_until = clp_cpu_now() + o->cub_bmc_time;
  zb_ctx *z = zb_ctx_new();
  const clp_rs **inst = NEW_N(const clp_rs *, maxk + 1);
  etc_bmc **b = NEW_N(etc_bmc *, maxk + 1);
  for (int k = 1; k <= maxk; k++) {
    inst[k] = k == 1 ? first : fe_cub_instance(rs, k);
    b[k] = inst[k] ? etc_bmc_new(z, inst[k]) : NULL;
    if (b[k]) etc_bmc_set_extensional(b[k], true); /* the state's arrays */
  }
  bool found = false, stop = false;
  /* height h: chains of h + 1 nodes, Err and h Reach nodes (h - 1 steps) */
  for (int h = 1; !found && !stop && h <= o->cub_bmc_steps + 1; h++) {
    for (int k = 1; k <= maxk && !found && !stop; k++) {
      if (!b[k]) continue;
      etc_cex *cex = NULL;
      zb_result r = clp_cpu_now() >= cpu_until ? ZB_UNKNOWN
                    : etc_bmc_run(b[k], 0, h, 0, clp_wall_cap(cpu_until), &cex);
      if (r == ZB_SAT) {
        found = true;
        out->verdict = ENG_UNSAFE;
        out->cex = cex;
        *krs = inst[k];
        st->cub_bmc_k = k;
        st->cub_bmc_steps = cex->trace->n - 2;
      } else if (r == ZB_UNKNOWN) {
        if (clp_expired() || clp_cpu_now() >= cpu_until) stop = true;
        else { /* a query given up, or a chain not confirmed: K left out */
          if (o->verbose)
            fprintf(stderr, "car: cub-bmc: %d processes left out at %d "
                    "steps (no answer)\n", k, h - 1);
          etc_bmc_free(b[k]);
          b[k] = NULL;
        }
      }
    }
    int left = 0;
    for (int k = 1; k <= maxk; k++) left += b[k] != NULL;
    if (!left) stop = true;
    if (!found && !stop) st->cub_bmc_steps = h - 1;
  }
  for (int k = 1; k <= maxk; k++) etc_bmc_free(b[k]);
  zb_ctx_free(z);
  st->t_cub_bmc = clp_now() - t0;
  if (o->verbose && found)
    fprintf(stderr, "car: cub-bmc: a run of %d processes, %d steps: unsafe "
            "(%.3fs)\n", st->cub_bmc_k, st->cub_bmc_steps, st->t_cub_bmc);
  else if (o->verbose)
    fprintf(stderr, "car: cub-bmc: no run of 1..%d processes within %d "
            "steps (%.3fs)\n", maxk, st->cub_bmc_steps, st->t_cub_bmc);
  return found;
}
