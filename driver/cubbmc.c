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
 * so that what it finds does not depend on the machine's load, and it
 * ends after twice as many wall seconds in any case, so that on a loaded
 * machine it leaves the engine its share of --timeout.
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
  /* CPU seconds, and at most twice as many wall seconds (a loaded
   * machine must not let the pass take the engine's share of --timeout) */
  double t0 = clp_now(), cpu_until = clp_cpu_now() + o->cub_bmc_time;
  double wall_until = t0 + 2 * o->cub_bmc_time;
  zb_ctx *z = zb_ctx_new();
  bool found = false;
  const clp_rs **inst = NEW_N(const clp_rs *, maxk + 1);
  etc_bmc **b = NEW_N(etc_bmc *, maxk + 1);
  for (int k = 1; k <= maxk; k++) {
    inst[k] = k == 1 ? first : fe_cub_instance(rs, k);
    b[k] = inst[k] ? etc_bmc_new(z, inst[k]) : NULL;
    if (b[k]) etc_bmc_set_extensional(b[k], true); /* the state's arrays */
  }
  /* first the explicit search, K = 1, 2, ... in order (etc_explore.c):
   * a K whose every state within the step bound is enumerated needs no
   * query (PARTIAL: some values were guessed, the solver searches it
   * too); after the first K it cannot finish, the larger ones are left to
   * the solver with the time that remains; when it finished every K
   * (with guesses), the solver only checks the guesses' runs, in a quarter
   * of the time */
  int nodone = maxk, finished = 0;
  double xuntil = clp_cpu_now() + o->cub_bmc_time / 2;
  for (int k = 1; k <= maxk && !found && inst[k]; k++) {
    etc_exp *x = etc_exp_new(inst[k]);
    if (!x) break; /* not finite: the same for every K */
    long facts = (256L << 20) / (4L * inst[k]->rels[0]->arity + 48);
    etc_exp_result r = etc_exp_run(x, o->cub_bmc_steps, facts,
                                   xuntil < cpu_until ? xuntil : cpu_until,
                                   wall_until);
    if (o->verbose)
      fprintf(stderr, "car: cub-bmc: %d processes, explicit search: %s, "
              "%ld states, %d steps (%.3fs)\n", k,
              r == ETC_EXP_FOUND ? "a run" : r == ETC_EXP_NONE ? "no run"
              : r == ETC_EXP_PARTIAL ? "no run among the values tried"
              : "stopped", etc_exp_facts(x), etc_exp_depth(x), clp_now() - t0);
    clp_trace *t = r == ETC_EXP_FOUND ? etc_exp_trace(x) : NULL;
    etc_exp_free(x);
    etc_cex *cex = NULL;
    if (t && etc_check(z, t, &cex, NULL) == ZB_SAT) {
      found = true;
      out->verdict = ENG_UNSAFE;
      out->cex = cex;
      *krs = inst[k];
      st->cub_bmc_k = k;
      st->cub_bmc_steps = cex->trace->n - 2;
    } else if (r == ETC_EXP_NONE) { /* no run of K processes */
      etc_bmc_free(b[k]);
      b[k] = NULL;
      nodone--, finished++;
    } else if (r == ETC_EXP_PARTIAL) {
      finished++;
    } else {
      if (r == ETC_EXP_FOUND) /* the checker decides: not a run */
        fprintf(stderr, "car: internal error: cub-bmc: the explicit run of "
                "%d processes is not confirmed\n", k);
      break;
    }
  }
  if (finished == maxk && clp_cpu_now() + o->cub_bmc_time / 4 < cpu_until) {
    cpu_until = clp_cpu_now() + o->cub_bmc_time / 4;
    wall_until = clp_now() + o->cub_bmc_time / 2;
  }
  /* next[k]: the next height of K = k (height h: chains of h + 1 nodes,
   * Err and h Reach nodes, h - 1 steps); cpu[k]: its CPU seconds */
  int *next = NEW_ATOMIC_N(int, maxk + 1);
  double *cpu = NEW_ATOMIC_N(double, maxk + 1);
  for (int k = 1; k <= maxk; k++) next[k] = 1, cpu[k] = 0;
  while (!found && !clp_expired() && clp_cpu_now() < cpu_until &&
         clp_now() < wall_until) {
    /* the K with the least CPU time among those whose next height every
     * smaller K has checked (so a run is found with the fewest
     * processes at its length) */
    int pick = 0, lowest = 1 << 30;
    for (int k = 1; k <= maxk; k++) {
      if (!b[k] || next[k] > o->cub_bmc_steps + 1) continue;
      if (next[k] < lowest && (!pick || cpu[k] < cpu[pick])) pick = k;
      if (next[k] < lowest) lowest = next[k];
    }
    if (!pick) break; /* every K searched to the bound */
    int k = pick, h = next[k];
    etc_cex *cex = NULL;
    double c0 = clp_cpu_now();
    zb_result r = etc_bmc_run(b[k], 0, h, 0, cpu_until, wall_until, &cex);
    cpu[k] += clp_cpu_now() - c0;
    if (o->verbose >= 2)
      fprintf(stderr, "car: cub-bmc: %d processes, %d steps: %s (%.3fs)\n", k,
              h - 1, r == ZB_SAT ? "a run" : r == ZB_UNSAT ? "none"
              : "no answer", clp_now() - t0);
    if (r == ZB_SAT) {
      found = true;
      out->verdict = ENG_UNSAFE;
      out->cex = cex;
      *krs = inst[k];
      st->cub_bmc_k = k;
      st->cub_bmc_steps = cex->trace->n - 2;
    } else if (r == ZB_UNSAT) {
      next[k]++;
    } else if (!clp_expired() && clp_cpu_now() < cpu_until &&
               clp_now() < wall_until) {
      /* a query given up, or a chain not confirmed: K left out */
      if (o->verbose)
        fprintf(stderr, "car: cub-bmc: %d processes left out at %d steps "
                "(no answer)\n", k, h - 1);
      etc_bmc_free(b[k]);
      b[k] = NULL;
    }
  }
  if (!found) { /* the steps searched for every K still searched (those
                 * the explicit search finished: the bound) */
    st->cub_bmc_steps = !nodone ? o->cub_bmc_steps : -1;
    for (int k = 1; k <= maxk; k++)
      if (b[k] && (st->cub_bmc_steps < 0 || next[k] - 2 < st->cub_bmc_steps))
        st->cub_bmc_steps = next[k] - 2;
    if (st->cub_bmc_steps < 0) st->cub_bmc_steps = 0;
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
