/* cubbmc.c -- runs of a fixed number of processes for .cub systems (docs/cub.md
 * "Runs of a fixed number of processes"), prefix cubbmc_.
 *
 * A run of exactly K processes is a run of the parameterized system, so a
 * derivation of Err in the K-process instance (fe_cub_instance: the same
 * Reach and Err with N = K and every quantifier and universal update
 * expanded over 1..K) proves the system unsafe.  The pass has two parts
 * around the engine.  Before it (cubbmc_quick), the explicit search of
 * etc_explore.c, K = 1, 2, ... in order, at most CUBBMC_QUICK_FACTS states
 * per K: the shallow runs of small systems, found in milliseconds.  After
 * it, when the engine has no answer (cubbmc_rest), the explicit search
 * goes on from the first K it could not finish, with up to 256 MB of
 * states, and then the bounded model checker of etc_bmc.c searches what
 * it could not finish: one incremental solver per K, heights interleaved
 * (every K checked at height h before any at h + 1), so the shortest run
 * is found, with the fewest processes among the shortest.  The driver
 * gives the engine the time the rest needs less (cubbmc_reserve), so a
 * system the engine proves does not wait for the bounded search.  A
 * chain found is checked by etc_check and certified on the instance by
 * the driver, as every counterexample is.  The pass's budget counts CPU
 * seconds (clp_cpu_now), so that what it finds does not depend on the
 * machine's load, and each part ends after twice as many wall seconds in
 * any case.
 */
#include <stdio.h>

#include "engine/engine.h"
#include "engines/cubbmc/cubbmc.h"
#include "frontend/fe.h"
#include "zb/zb.h"

/* The states per K of the explicit search before the engine: German's 3
 * processes (107,973 states in 0.75 s) are left for after it. */
#define CUBBMC_QUICK_FACTS 16384L

/* Per K: what the explicit search found out. */
enum { X_OPEN, X_NONE, X_PARTIAL };

struct cubbmc {
  const eng_opts *o;
  cubbmc_params p;
  int maxk;
  const clp_rs **inst; /* per K: the fixed-K rule set (NULL: none) */
  int *xs;             /* per K: X_OPEN, X_NONE (no run) or X_PARTIAL */
  int xnext;           /* the first K the explicit search left open */
  bool xinf;           /* the instances are not finite: no explicit search */
  int xdepth;          /* the steps the explicit search of K = xnext did */
  double cpu;          /* CPU seconds used */
  double wall;         /* wall seconds used */
};

cubbmc *cubbmc_new(const clp_rs *rs, const eng_opts *o,
                   const cubbmc_params *p) {
  int maxk = p->procs;
  const clp_rs *first = maxk >= 1 ? fe_cub_instance(rs, 1) : NULL;
  if (!first) return NULL; /* off, or not a .cub system */
  cubbmc *c = NEW(cubbmc);
  c->o = o;
  c->p = *p;
  c->maxk = maxk;
  c->inst = NEW_N(const clp_rs *, maxk + 1);
  c->xs = NEW_ATOMIC_N(int, maxk + 1);
  for (int k = 1; k <= maxk; k++) {
    c->inst[k] = k == 1 ? first : fe_cub_instance(rs, k);
    c->xs[k] = X_OPEN;
  }
  c->xnext = 1;
  return c;
}

/* A run found: the result, with its K. */
static void found_run(cubbmc *c, int k, etc_cex *cex, eng_result *out,
                      const clp_rs **krs) {
  out->verdict = ENG_UNSAFE;
  out->cex = cex;
  *krs = c->inst[k];
  out->stats.cub_bmc_k = k;
  out->stats.cub_bmc_steps = cex->trace->n - 2;
}

/* The explicit search of K = c->xnext, ... in order, at most max_facts
 * states per K (and 256 MB), until cpu_until / wall_until; stops at the
 * first K it cannot finish.  True when a run is found (then confirmed by
 * etc_check in z). */
static bool explore(cubbmc *c, zb_ctx *z, long max_facts, double cpu_until,
                    double wall_until, double t0, eng_result *out,
                    const clp_rs **krs) {
  const eng_opts *o = c->o;
  for (int k = c->xnext; k <= c->maxk && !c->xinf && c->inst[k]; k++) {
    etc_exp *x = etc_exp_new(c->inst[k]);
    if (!x) { /* not finite: the same for every K */
      c->xinf = true;
      break;
    }
    long facts = (256L << 20) / (4L * c->inst[k]->rels[0]->arity + 48);
    if (facts > max_facts) facts = max_facts;
    etc_exp_result r = etc_exp_run(x, c->p.steps, facts, cpu_until,
                                   wall_until);
    if (o->verbose)
      fprintf(stderr, "car: cub-bmc: %d processes, explicit search: %s, "
              "%ld states, %d steps (%.3fs)\n", k,
              r == ETC_EXP_FOUND ? "a run" : r == ETC_EXP_NONE ? "no run"
              : r == ETC_EXP_PARTIAL ? "no run among the values tried"
              : "stopped", etc_exp_facts(x), etc_exp_depth(x), clp_now() - t0);
    clp_trace *t = r == ETC_EXP_FOUND ? etc_exp_trace(x) : NULL;
    int depth = etc_exp_depth(x);
    etc_exp_free(x);
    etc_cex *cex = NULL;
    if (t && etc_check(z, t, &cex, NULL) == ZB_SAT) {
      found_run(c, k, cex, out, krs);
      return true;
    }
    if (r == ETC_EXP_FOUND) /* the checker decides: not a run */
      fprintf(stderr, "car: internal error: cub-bmc: the explicit run of "
              "%d processes is not confirmed\n", k);
    if (r != ETC_EXP_NONE && r != ETC_EXP_PARTIAL) {
      if (r == ETC_EXP_FOUND) c->xinf = true; /* no more explicit runs */
      c->xdepth = r == ETC_EXP_LIMIT ? depth : 0;
      break;
    }
    c->xs[k] = r == ETC_EXP_NONE ? X_NONE : X_PARTIAL;
    c->xnext = k + 1;
  }
  return false;
}

bool cubbmc_quick(cubbmc *c, eng_result *out, const clp_rs **krs) {
  out->stats.cub_bmc_ran = true;
  double t0 = clp_now(), c0 = clp_cpu_now();
  zb_ctx *z = zb_ctx_new();
  zb_ctx_set_lambda_values(z, true); /* Z3's models of the Bool arrays */
  bool found = explore(c, z, CUBBMC_QUICK_FACTS,
                       c0 + c->p.time / 2, t0 + c->p.time,
                       t0, out, krs);
  zb_ctx_free(z);
  c->cpu += clp_cpu_now() - c0;
  c->wall += clp_now() - t0;
  out->stats.t_cub_bmc = c->wall;
  if (!found) /* the steps searched for every K */
    out->stats.cub_bmc_steps = c->xnext > c->maxk || !c->inst[c->xnext]
                               ? c->p.steps : c->xdepth;
  if (c->o->verbose && found)
    fprintf(stderr, "car: cub-bmc: a run of %d processes, %d steps: unsafe "
            "(%.3fs)\n", out->stats.cub_bmc_k, out->stats.cub_bmc_steps,
            c->wall);
  return found;
}

/* Every K the explicit search finished: X_NONE for all (nothing left), or
 * some X_PARTIAL (the solver checks the guesses' runs, in a quarter of
 * the budget). */
static bool all_none(const cubbmc *c) {
  for (int k = 1; k <= c->maxk; k++)
    if (c->inst[k] && c->xs[k] != X_NONE) return false;
  return true;
}

double cubbmc_reserve(const cubbmc *c) {
  if (all_none(c)) return 0;
  double left = c->p.time - c->cpu;
  if (c->xnext > c->maxk || !c->inst[c->xnext]) /* every K finished */
    left = c->p.time / 4 < left ? c->p.time / 4 : left;
  return left > 0 ? left : 0;
}

bool cubbmc_rest(cubbmc *c, eng_result *out, const clp_rs **krs) {
  const eng_opts *o = c->o;
  eng_stats *st = &out->stats;
  int maxk = c->maxk;
  st->cub_bmc_ran = true;
  double budget = c->p.time - c->cpu;
  if (budget <= 0) budget = 0;
  double t0 = clp_now(), c0 = clp_cpu_now();
  double cpu_until = c0 + budget, wall_until = t0 + 2 * budget;
  zb_ctx *z = zb_ctx_new();
  zb_ctx_set_lambda_values(z, true); /* Z3's models of the Bool arrays */
  /* the explicit search from the first K left open, in half the budget;
   * when it finished every K (with guesses), the solver only checks the
   * guesses' runs, in a quarter of the pass's budget */
  double xuntil = c0 + budget / 2;
  bool found = explore(c, z, 1L << 40, xuntil, wall_until, t0, out, krs);
  bool finished = c->xnext > maxk || !c->inst[c->xnext];
  if (finished && clp_cpu_now() + c->p.time / 4 < cpu_until) {
    cpu_until = clp_cpu_now() + c->p.time / 4;
    wall_until = clp_now() + c->p.time / 2;
  }
  etc_bmc **b = NEW_N(etc_bmc *, maxk + 1);
  int nodone = 0;
  for (int k = 1; k <= maxk && !found; k++) {
    b[k] = c->inst[k] && c->xs[k] != X_NONE ? etc_bmc_new(z, c->inst[k])
                                             : NULL;
    if (b[k]) etc_bmc_set_extensional(b[k], true), nodone++;
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
      if (!b[k] || next[k] > c->p.steps + 1) continue;
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
      found_run(c, k, cex, out, krs);
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
    st->cub_bmc_steps = !nodone ? c->p.steps : -1;
    for (int k = 1; k <= maxk; k++)
      if (b[k] && (st->cub_bmc_steps < 0 || next[k] - 2 < st->cub_bmc_steps))
        st->cub_bmc_steps = next[k] - 2;
    if (st->cub_bmc_steps < 0) st->cub_bmc_steps = 0;
  }
  for (int k = 1; k <= maxk; k++) etc_bmc_free(b[k]);
  zb_ctx_free(z);
  c->cpu += clp_cpu_now() - c0;
  c->wall += clp_now() - t0;
  st->t_cub_bmc = c->wall;
  if (o->verbose && found)
    fprintf(stderr, "car: cub-bmc: a run of %d processes, %d steps: unsafe "
            "(%.3fs)\n", st->cub_bmc_k, st->cub_bmc_steps, c->wall);
  else if (o->verbose)
    fprintf(stderr, "car: cub-bmc: no run of 1..%d processes within %d "
            "steps (%.3fs)\n", maxk, st->cub_bmc_steps, c->wall);
  return found;
}
