/* cubbmc.c -- runs of a fixed number of processes for .cub systems (docs/cub.md
 * "Runs of a fixed number of processes"), prefix cubbmc_.
 *
 * A run of exactly K processes is a run of the parameterized system, so a
 * derivation of Err in the K-process instance (fe_cub_instance: the same
 * Reach and Err with N = K and every quantifier and universal update
 * expanded over 1..K, arrays as their elements: a linear rule set over
 * scalars) proves the system unsafe.  Two searches, each resumed where it
 * stopped: the explicit search of etc_explore.c (K = 1, 2, ... in order,
 * states enumerated with no solver) and the symbolic one, the bounded
 * model checker of etc_bmc.c: one incremental solver per K, one frame
 * per step, heights interleaved (every K checked at height h before any
 * at h + 1), so the shortest run is found, with the fewest processes
 * among the shortest.  Before the engine (cubbmc_quick): the explicit
 * search of at most CUBBMC_QUICK_FACTS states per K (a twentieth of the
 * budget; the symbolic search waits).
 * After the engine's first share (cubbmc_rest, docs/cub.md): the explicit
 * search goes on from the first K it could not finish, with up to 256 MB
 * of states, and the symbolic one of every K, with the rest of the
 * budget.  The budget (--cub-bmc-time) counts CPU seconds (clp_cpu_now),
 * so that what the pass finds does not depend on the machine's load;
 * under --timeout each part also ends after twice as many wall seconds.  A chain
 * found is checked by etc_check and certified on the instance by the
 * driver, as every counterexample is.
 */
#include <stdio.h>

#include "engine/engine.h"
#include "engines/cubbmc/cubbmc.h"
#include "frontend/fe.h"
#include "zb/zb.h"

/* The states per K of the explicit search before the engine: German's 3
 * processes (107,973 states in 0.75 s) are left for after it. */
#define CUBBMC_QUICK_FACTS 16384L
/* The symbolic search before the engine: runs of at most 3 processes
 * (Cubicle's buggy models show their runs with 2 or 3). */
#define CUBBMC_QUICK_PROCS 3

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
  zb_ctx *z;           /* the solvers' context (NULL: freed) */
  etc_bmc **b;         /* per K: its bounded model checker (NULL: none) */
  bool *out;           /* per K: left out of the symbolic search */
  int *next;           /* per K: the next height (h: h - 1 steps) */
  double *kcpu;        /* per K: CPU seconds of its symbolic search */
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
  c->b = NEW_N(etc_bmc *, maxk + 1);
  c->out = NEW_ATOMIC_N(bool, maxk + 1);
  c->next = NEW_ATOMIC_N(int, maxk + 1);
  c->kcpu = NEW_ATOMIC_N(double, maxk + 1);
  for (int k = 1; k <= maxk; k++) {
    c->inst[k] = k == 1 ? first : fe_cub_instance(rs, k);
    c->xs[k] = X_OPEN;
    c->out[k] = false;
    c->next[k] = 1;
    c->kcpu[k] = 0;
  }
  c->xnext = 1;
  c->z = zb_ctx_new();
  zb_ctx_set_lambda_values(c->z, true); /* Z3's models of the Bool arrays */
  return c;
}

void cubbmc_free(cubbmc *c) {
  if (!c || !c->z) return;
  for (int k = 1; k <= c->maxk; k++) etc_bmc_free(c->b[k]), c->b[k] = NULL;
  zb_ctx_free(c->z);
  c->z = NULL;
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

/* The explicit search of K = c->xnext, ..., kmax in order, at most max_facts
 * states per K (and 256 MB), until cpu_until / wall_until; stops at the
 * first K it cannot finish.  True when a run is found (then confirmed by
 * etc_check). */
static bool explore(cubbmc *c, int kmax, long max_facts, double cpu_until,
                    double wall_until, double t0, eng_result *out,
                    const clp_rs **krs) {
  const eng_opts *o = c->o;
  for (int k = c->xnext; k <= kmax && !c->xinf && c->inst[k]; k++) {
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
    if (t && etc_check(c->z, t, &cex, NULL) == ZB_SAT) {
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

/* Whether K = k is (still) searched symbolically: an instance, not
 * proved free of runs by the explicit search, not left out; its
 * checker made on first use. */
static bool searched(cubbmc *c, int k) {
  if (!c->inst[k] || c->out[k] || c->next[k] > c->p.steps + 1) return false;
  if (c->xs[k] == X_NONE) {
    etc_bmc_free(c->b[k]);
    c->b[k] = NULL;
    return false;
  }
  if (!c->b[k]) {
    c->b[k] = etc_bmc_new(c->z, c->inst[k]);
    if (!c->b[k]) return c->out[k] = true, false;
    etc_bmc_set_extensional(c->b[k], true);
  }
  return true;
}

/* The symbolic search of K = 1..kmax until cpu_until / wall_until: the K
 * with the least CPU time among those whose next height every smaller K
 * has checked (so a run is found with the fewest processes at its
 * length).  True when a run is found. */
static bool symbolic(cubbmc *c, int kmax, double cpu_until,
                     double wall_until, double t0, eng_result *out,
                     const clp_rs **krs) {
  while (!clp_expired() && clp_cpu_now() < cpu_until &&
         clp_now() < wall_until) {
    int pick = 0, lowest = 1 << 30;
    for (int k = 1; k <= kmax; k++) {
      if (!searched(c, k)) continue;
      if (c->next[k] < lowest && (!pick || c->kcpu[k] < c->kcpu[pick]))
        pick = k;
      if (c->next[k] < lowest) lowest = c->next[k];
    }
    if (!pick) return false; /* every K searched to the bound */
    int k = pick, h = c->next[k];
    etc_cex *cex = NULL;
    double k0 = clp_cpu_now();
    zb_result r = etc_bmc_run(c->b[k], h, cpu_until, wall_until, &cex);
    c->kcpu[k] += clp_cpu_now() - k0;
    if (c->o->verbose >= 2)
      fprintf(stderr, "car: cub-bmc: %d processes, %d steps: %s (%.3fs)\n", k,
              h - 1, r == ZB_SAT ? "a run" : r == ZB_UNSAT ? "none"
              : "no answer", clp_now() - t0);
    if (r == ZB_SAT) {
      found_run(c, k, cex, out, krs);
      return true;
    }
    if (r == ZB_UNSAT) {
      c->next[k]++;
    } else if (!clp_expired() && clp_cpu_now() < cpu_until &&
               clp_now() < wall_until) {
      /* a query given up, or a chain not confirmed: K left out */
      if (c->o->verbose)
        fprintf(stderr, "car: cub-bmc: %d processes left out at %d steps "
                "(no answer)\n", k, h - 1);
      c->out[k] = true;
    }
  }
  return false;
}

/* The steps searched for every K <= kmax when no run is found: the bound
 * for the K the explicit search finished, the least refuted otherwise. */
static int steps_searched(cubbmc *c, int kmax) {
  int steps = -1;
  for (int k = 1; k <= kmax; k++) {
    if (!c->inst[k] || c->xs[k] == X_NONE) continue;
    int s = c->b[k] ? c->next[k] - 2
            : k < c->xnext ? c->p.steps : k == c->xnext ? c->xdepth : 0;
    if (s < 0) s = 0;
    if (steps < 0 || s < steps) steps = s;
  }
  return steps < 0 ? c->p.steps : steps;
}

/* One part of the pass on K = 1..kmax, for `budget` CPU seconds (and,
 * under --timeout, at most `wall` wall seconds): the explicit search (at
 * most facts states per K, for xcpu of them), then the symbolic one, for
 * what the budget has beyond xcpu (none: not run). */
static bool part(cubbmc *c, long facts, double xcpu, int kmax,
                 double budget, double wall, eng_result *out,
                 const clp_rs **krs) {
  eng_stats *st = &out->stats;
  st->cub_bmc_ran = true;
  if (kmax > c->maxk) kmax = c->maxk;
  double t0 = clp_now(), c0 = clp_cpu_now();
  /* the wall cap keeps --timeout's share of the engine on a loaded
   * machine; with no --timeout, the CPU budget alone */
  double cpu_until = c0 + budget;
  double wall_until = t0 + (clp_remaining() < 1e8 ? wall : 1e9);
  bool found = c->z &&
               explore(c, kmax, facts, c0 + xcpu, wall_until, t0, out, krs);
  if (!found && c->z && budget > xcpu) /* its share: beyond the explicit one's */
    found = symbolic(c, kmax, cpu_until, wall_until, t0, out, krs);
  c->cpu += clp_cpu_now() - c0;
  c->wall += clp_now() - t0;
  st->t_cub_bmc = c->wall;
  if (!found) st->cub_bmc_steps = steps_searched(c, kmax);
  if (c->o->verbose && found)
    fprintf(stderr, "car: cub-bmc: a run of %d processes, %d steps: unsafe "
            "(%.3fs)\n", st->cub_bmc_k, st->cub_bmc_steps, c->wall);
  else if (c->o->verbose)
    fprintf(stderr, "car: cub-bmc: no run of 1..%d processes within %d "
            "steps (%.3fs)\n", kmax, st->cub_bmc_steps, c->wall);
  return found;
}

/* Before the engine the pass stays cheap: the explicit search alone, for
 * a twentieth of the budget.  With a symbolic search there too (a fifth
 * of the budget), safe Cubicle models the indexed engine proves in about
 * 1 s took 3 s longer (berkeley 0.9 -> 4.0 s, flash_eager 0.8 -> 3.2 s,
 * --timeout=20, loaded machine), and 0.6 s longer with 0.01 of it; the
 * symbolic search waits for cubbmc_rest, after the engine's first share. */
bool cubbmc_quick(cubbmc *c, eng_result *out, const clp_rs **krs) {
  return part(c, CUBBMC_QUICK_FACTS, c->p.time / 20, CUBBMC_QUICK_PROCS,
              c->p.time / 20, c->p.time / 10, out, krs);
}

/* Every K the explicit search finished with no run: nothing left. */
static bool all_none(const cubbmc *c) {
  for (int k = 1; k <= c->maxk; k++)
    if (c->inst[k] && c->xs[k] != X_NONE) return false;
  return true;
}

double cubbmc_reserve(const cubbmc *c) {
  if (all_none(c)) return 0;
  double left = c->p.time - c->cpu;
  return left > 0 ? left : 0;
}

double cubbmc_first_share(const cubbmc *c) { return c->p.time / 5; }

bool cubbmc_rest(cubbmc *c, eng_result *out, const clp_rs **krs) {
  /* on a loaded machine: twice the budget, or half of what --timeout
   * leaves when that is more */
  double budget = cubbmc_reserve(c), wall = clp_remaining() / 2;
  if (wall < 2 * budget) wall = 2 * budget;
  return part(c, 1L << 40, budget / 2, c->maxk, budget, wall, out, krs);
}
