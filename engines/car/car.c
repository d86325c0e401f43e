/* car.c -- the CAR loop (paper Fig. 4) with its two invariants checked on
 * every run: Lemma 6 (no concrete trace is checked twice) and Lemma 8 (each
 * refinement makes the refuted trace propositionally unsatisfiable). */
#include <stdio.h>
#include <string.h>

#include "abstract/abs.h"
#include "clp/vec.h"
#include "engine/engine.h"
#include "engines/car/car.h"
#include "etc/etc.h"
#include "refine/rfn.h"

static void unknown(eng_result *out, eng_reason why, const char *detail) {
  out->verdict = ENG_UNKNOWN;
  out->reason = why;
  out->detail = detail;
}

/* The reason of a failed Boolean fixpoint (detail: *detail). */
static eng_reason abs_reason(abs_status st, const char **detail) {
  switch (st) {
  case ABS_TIMEOUT: return ENG_R_TIMEOUT;
  case ABS_MEMOUT: return ENG_R_MEMORY_BDD;
  default: *detail = "Boolean fixpoint failed"; return ENG_R_INTERNAL;
  }
}

/* Lemma 8: [[T]]gamma must not derive T's goal.  ENG_R_NONE when it holds,
 * else the reason (detail: *detail). */
static eng_reason check_lemma8(const clp_rs *T, const abs_alpha *gamma,
                               const char **detail) {
  abs_result ar;
  abs_status st = abs_solve(T, gamma, &ar);
  if (st != ABS_OK) return abs_reason(st, detail);
  if (ar.goal_holds) {
    *detail = "Lemma 8 violated: the refinement does not refute its trace";
    return ENG_R_INTERNAL;
  }
  return ENG_R_NONE;
}

static void progress(const eng_opts *o, int level, const char *fmt, int a,
                     int b, int c) {
  if (o->verbose >= level) {
    fprintf(stderr, "car: ");
    fprintf(stderr, fmt, a, b, c);
    fputc('\n', stderr);
  }
}

static int *atom_counts(const abs_alpha *a) {
  int *n = NEW_ATOMIC_N(int, a->nrels);
  for (int i = 0; i < a->nrels; i++) n[i] = a->rels[i].natoms;
  return n;
}

static void print_new_atoms(const clp_rs *rs, const abs_alpha *a,
                            const int *before) {
  for (int i = 0; i < a->nrels; i++)
    for (int j = before[i]; j < a->rels[i].natoms; j++)
      fprintf(stderr, "car:   %s: %s\n", rs->rels[i]->name,
              clp_term_str(a->rels[i].atoms[j]));
}

/* Houdini over the candidates (rfn_houdini.c): invariant atoms join alpha. */
/* Returns how many atoms joined alpha. */
static int discover(zb_ctx *z, rfn_houdini *h, const clp_rs *rs,
                    abs_alpha *alpha, const eng_opts *o, eng_stats *st) {
  if (!h) return 0;
  clp_timer t0 = clp_timer_start();
  rfn_houdini_stats hs;
  int *before = o->verbose >= 2 ? atom_counts(alpha) : NULL;
  int added = rfn_houdini_run(z, h, rs, alpha, &hs);
  clp_timer_add(t0, &st->t_refine);
  st->discovered += added;
  if (o->verbose >= 1 && hs.candidates)
    fprintf(stderr, "car: houdini: %d candidates, %d invariant, %d new "
                    "predicates, %ld queries, %.2fs%s\n",
            hs.candidates, hs.invariant, added, hs.queries,
            clp_timer_secs(t0),
            hs.abandoned ? " (abandoned)" : "");
  if (before) print_new_atoms(rs, alpha, before);
  return added;
}

/* The CPU seconds BMC is owed (30% of refinement's, less what it had): a
 * round also comes when a second of them has built up, so that when each
 * iteration takes long (a Spacer query of many seconds) BMC still gets its
 * share between the doubling points (examples/param/german_fifo_bug.clp:
 * refinement took 103 of 112 s between iterations 8 and 16 while BMC
 * finds the chain of height 8 in 8.5 s). */
#define CAR_BMC_OWED 1.0
static double bmc_owed(double cpu_start, double bmc_cpu) {
  return 0.3 * (clp_cpu_now() - cpu_start - bmc_cpu) - bmc_cpu;
}

/* Bounded model checking beside refinement (etc_bmc.c): after iterations
 * 2, 4, 8, ... the chains of rules are searched, one height after the
 * other, while BMC's CPU time in the run is below 30% of refinement's.
 * No floor: a quarter CPU second granted to BMC (first per round, then
 * once a run) was the largest phase of a safe run of 10-30 iterations,
 * 0.25 of 0.45 s at the CHC sample's median (docs/benchmarks.md), and
 * unsafe rule sets found by it in that quarter second are found by
 * refinement or by BMC's share a few iterations later.  The budgets count
 * the process's CPU seconds (*bmc_cpu: BMC's so far; cpu_start: the run's
 * start), so that a chain is found at the same iteration on an idle or a
 * loaded machine; the wall time of a round is capped at its budget times
 * the load seen so far (wall over CPU seconds, at most 10).  A deep
 * counterexample then costs a few iterations instead of one per
 * unrolling; on a safe rule set BMC adds at most 30% to the run.
 * Returns true with the result set when a counterexample is found. */
static bool bmc_round(etc_bmc *b, double t_start, double cpu_start,
                      double *bmc_cpu, eng_result *out) {
  eng_stats *st = &out->stats;
  double t0 = clp_now(), c0 = clp_cpu_now();
  double budget = bmc_owed(cpu_start, *bmc_cpu);
  if (budget < 0) budget = 0;
  double load = c0 - cpu_start > 0.01 ? (t0 - t_start) / (c0 - cpu_start) : 1;
  if (load < 1) load = 1;
  if (load > 10) load = 10;
  etc_cex *cex = NULL;
  zb_result r = etc_bmc_run(b, 1 << 20, c0 + budget,
                            t0 + load * budget + 0.05, &cex);
  *bmc_cpu += clp_cpu_now() - c0;
  st->t_bmc += clp_now() - t0;
  st->bmc_height = etc_bmc_height(b);
  if (r != ZB_SAT) return false;
  out->verdict = ENG_UNSAFE;
  out->cex = cex;
  return true;
}

/* Refinement gave up on a trace (refine/rfn.c: Spacer's work limit, no
 * exact summaries): the loop cannot go on, so bounded model checking gets
 * the time left, up to --timeout's deadline, or without one as much CPU
 * time again as the run took so far (at least 1 s).  A counterexample
 * deeper than refinement got is still found; a safe rule set stays
 * unknown.  Returns true with out unsafe when a chain is found. */
static bool bmc_last(etc_bmc *b, double cpu_start, eng_result *out) {
  double c0 = clp_cpu_now(), t0 = clp_now(), left = clp_remaining();
  double span = c0 - cpu_start > 1 ? c0 - cpu_start : 1;
  bool deadline = left < 1e8;
  etc_cex *cex = NULL;
  zb_result r = etc_bmc_run(b, 1 << 20, deadline ? c0 + 1e9 : c0 + span,
                            deadline ? t0 + left : t0 + 10 * span, &cex);
  out->stats.t_bmc += clp_now() - t0;
  out->stats.bmc_height = etc_bmc_height(b);
  if (r != ZB_SAT) return false;
  out->verdict = ENG_UNSAFE;
  out->cex = cex;
  out->reason = ENG_R_NONE;
  out->detail = NULL;
  return true;
}

/* The bounded model checker of rs (NULL: not linear, etc_bmc_new),
 * reading its chains from models with arrays (German-FIFO's: Bool arrays
 * given as lambdas, array equalities decided from the values). */
static etc_bmc *bmc_new(zb_ctx *z, const clp_rs *rs) {
  etc_bmc *b = etc_bmc_new(z, rs);
  if (b) {
    etc_bmc_set_extensional(b, true);
    zb_ctx_set_lambda_values(z, true);
  }
  return b;
}

bool car_bmc_quick(const clp_rs *rs, int max_height, double cpu,
                   eng_result *out) {
  if (rs->naxioms) return false; /* a chain's values need not satisfy them */
  zb_ctx *z = zb_ctx_new();
  etc_bmc *b = bmc_new(z, rs);
  bool found = false;
  if (b) {
    double t0 = clp_now(), c0 = clp_cpu_now();
    etc_cex *cex = NULL;
    found = etc_bmc_run(b, max_height, c0 + cpu, t0 + 4 * cpu, &cex)
            == ZB_SAT;
    if (found) out->verdict = ENG_UNSAFE, out->cex = cex;
    out->stats.t_bmc += clp_now() - t0;
    out->stats.bmc_height = etc_bmc_height(b);
    etc_bmc_free(b);
  }
  zb_ctx_free(z);
  return found;
}

/* One run of the loop: what its iterations share. */
typedef struct car_run {
  const clp_rs *rs;
  const eng_opts *o;
  zb_ctx *z;
  abs_alpha *alpha;
  clp_strset *seen;      /* trace keys (Lemma 6) */
  clp_strset *consistent; /* derivation nodes found consistent (alpha's) */
  rfn_houdini *hou;      /* NULL: no Houdini */
  bool hou_started;      /* Houdini's first run done (houdini_due) */
  eng_result *out;
  bool saturate;         /* car_params.saturate */
} car_run;

/* Houdini is the expensive attempt, so the loop tries without it first:
 * when CAR_HOUDINI_ITERS iterations, or CAR_HOUDINI_CALLS Z3 calls of
 * the loop, have not ended the run, Houdini runs on the empty
 * abstraction, and when it finds predicates the loop starts over from
 * them (no trace seen), as if that had been the start; else it goes on
 * with the slice's abstraction, as a run whose first Houdini found
 * nothing would have.  Refinements add no Houdini run before.  The slice
 * is counted, not timed, so the iterations and the answer do not depend
 * on the machine's load (a CPU-time slice of 0.5 s ended
 * tests/c-nested/gen_nested_6_safe.c's at iteration 3 or 4).  On a
 * sample of CHC-COMP, the run before the first iteration was about three
 * quarters of the median time of the files solved without it (most in 1
 * or 2 iterations), while the files only it makes provable take many
 * more iterations.  Starting over, not going on with the slice's atoms
 * and Houdini's: those make the runs that need Houdini longer
 * (tests/houdini.sh: loop_sum_safe.clp 31 iterations instead of 18,
 * diff_preserved_safe.c 29 instead of 14). */
#define CAR_HOUDINI_ITERS 4
#define CAR_HOUDINI_CALLS 200

/* Houdini's invariants of a relation are pruned to an irredundant subset
 * (rfn_houdini_new): the implied ones only cost explications and fixpoint
 * time (gen_nested_6_safe.c: 61 invariants, 30 s of fixpoints; pruned to
 * 31, 0.9 s), and after a slice the loops of tests/houdini.sh take as many
 * iterations or fewer (loop_sum_safe.clp 14 instead of 23, for_safe.c 19
 * instead of 31, tests/clp/iter_thresholds_unsafe.clp 16 either way).  The
 * indexed engine's refuter, with Houdini first, keeps the threshold of 16
 * a relation it had: iter_thresholds_unsafe took 6x longer pruned when
 * Houdini ran before the first iteration, and tests/indexed_disc.sh counts
 * its rounds. */
#define CAR_HOUDINI_PRUNE_AT 1
#define CAR_HOUDINI_FIRST_PRUNE_AT 16

/* Runs Houdini when it is due: c has a Houdini, it has not run yet, and
 * the loop has done CAR_HOUDINI_ITERS iterations or CAR_HOUDINI_CALLS Z3
 * calls since calls0 (zb_calls). */
static void houdini_due(car_run *c, long calls0) {
  eng_stats *st = &c->out->stats;
  if (!c->hou || c->hou_started) return;
  if (st->iterations < CAR_HOUDINI_ITERS &&
      zb_calls() - calls0 < CAR_HOUDINI_CALLS)
    return;
  c->hou_started = true;
  abs_alpha *fresh = abs_bottom(c->rs);
  if (!discover(c->z, c->hou, c->rs, fresh, c->o, st)) return;
  progress(c->o, 1, "iteration %d: no answer yet; starting over with the "
                    "%d discovered predicates", st->iterations,
           abs_total_atoms(fresh), 0);
  c->alpha = fresh;
  clp_strset_clear(c->seen);
  clp_strset_clear(c->consistent);
}

/* Refines the infeasible trace of ar (rfn_refine) and checks Lemma 8 on
 * the result.  Returns true when the run ends (out set). */
static bool refine(car_run *c, const abs_result *ar) {
  const eng_opts *o = c->o;
  eng_result *out = c->out;
  eng_stats *st = &out->stats;
  abs_alpha *alpha = c->alpha;
  clp_timer t0 = clp_timer_start();
  bool grew = false;
  int a0 = abs_total_atoms(alpha), e0 = abs_total_exp(alpha);
  int *before = atom_counts(alpha);
  clp_rs *T = clp_trace_rs(ar->trace);
  abs_alpha *gamma = NULL;
  rfn_status rr = rfn_refine(c->z, ar->trace, T, alpha, &grew, &gamma);
  clp_timer_add(t0, &st->t_refine);
  if (rr != RFN_OK) {
    unknown(out, rr == RFN_TIMEOUT ? ENG_R_TIMEOUT : ENG_R_NO_INTERPOLANT,
            NULL);
    return true;
  }
  progress(o, 1, "iteration %d: trace of %d nodes infeasible; predicates "
                 "+%d",
           st->iterations, ar->trace->n, abs_total_atoms(alpha) - a0);
  progress(o, 2, "  explicated clauses +%d", abs_total_exp(alpha) - e0, 0, 0);
  if (o->verbose >= 2) print_new_atoms(c->rs, alpha, before);
  t0 = clp_timer_start();
  st->refinements++;
  const char *bad = NULL;
  eng_reason br = check_lemma8(T, gamma, &bad);
  clp_timer_add(t0, &st->t_refine);
  if (br != ENG_R_NONE) { unknown(out, br, bad); return true; }
  st->lemma8_checked++;
  if (grew && c->hou_started) discover(c->z, c->hou, c->rs, alpha, o, st);
  return false;
}

/* The final abstraction's sizes and atoms into out. */
static void finish(car_run *c) {
  const clp_rs *rs = c->rs;
  eng_result *out = c->out;
  out->stats.predicates = abs_total_atoms(c->alpha);
  out->stats.clauses = abs_total_exp(c->alpha);
  out->atoms = NEW_N(const clp_term **, rs->nrels);
  out->natoms = NEW_ATOMIC_N(int, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) {
    out->atoms[i] = c->alpha->rels[i].atoms;
    out->natoms[i] = c->alpha->rels[i].natoms;
  }
}

/* The derivation ar of the goal in the abstraction: explicated when its
 * nodes are inconsistent, else checked as a concrete trace, which is a
 * counterexample or is refined (Lemma 8 checked).  Returns true when the
 * run ends (out set). */
static bool refute_derivation(car_run *c, const abs_result *ar) {
  const eng_opts *o = c->o;
  eng_result *out = c->out;
  eng_stats *st = &out->stats;
  /* Lazy explication: a derivation whose nodes are inconsistent in D is
   * refuted by clauses over existing atoms, without checking a trace. */
  clp_timer t0 = clp_timer_start();
  int added = 0;
  rfn_status xs = rfn_explicate(c->z, ar->trace, ar->tuple, c->alpha,
                                c->saturate, c->consistent, &added);
  clp_timer_add(t0, &st->t_refine);
  if (xs != RFN_OK) {
    unknown(out, ENG_R_TIMEOUT, NULL);
    return true;
  }
  if (added) {
    st->explications += added;
    progress(o, 1, "iteration %d: derivation of %d nodes inconsistent; "
                   "explicated clauses +%d",
             st->iterations, ar->trace->n, added);
    return false;
  }
  if (!clp_strset_add(c->seen, clp_trace_key(ar->trace))) {
    unknown(out, ENG_R_INTERNAL, "Lemma 6 violated: a concrete trace was "
                                 "produced twice");
    return true;
  }
  st->traces++;
  t0 = clp_timer_start();
  etc_cex *cex = NULL;
  const char *why = NULL;
  /* .clp: a division by zero is a free function (docs/clp.md) */
  zb_result er = etc_check_div0(c->z, ar->trace, !c->rs->smt2, &cex, &why);
  clp_timer_add(t0, &st->t_etc);
  if (er == ZB_SAT) {
    out->verdict = ENG_UNSAFE;
    out->cex = cex;
    progress(o, 1, "iteration %d: trace of %d nodes is feasible: unsafe",
             st->iterations, ar->trace->n, 0);
    return true;
  }
  if (er == ZB_UNKNOWN) {
    unknown(out, clp_expired() ? ENG_R_TIMEOUT
                 : why ? ENG_R_DIV_ZERO : ENG_R_Z3_TRACE, NULL);
    return true;
  }
  return refine(c, ar);
}
void car_solve(const clp_rs *rs, const eng_opts *o, eng_result *out) {
  memset(out, 0, sizeof *out);
  static const car_params none;
  const car_params *p = o->params ? o->params : &none;
  eng_stats *st = &out->stats;
  abs_init(o->bdd_nodes);
  zb_ctx *z = zb_ctx_new();
  car_run c = {rs, o, z, abs_bottom(rs), clp_strset_new(), clp_strset_new(),
               NULL, false, out, p->saturate};
  long calls0 = zb_calls();
  double t_start = clp_now(), cpu_start = clp_cpu_now(), bmc_cpu = 0;
  int prune_at = p->houdini_first ? CAR_HOUDINI_FIRST_PRUNE_AT
                                  : CAR_HOUDINI_PRUNE_AT;
  c.hou = p->houdini > 0 ? rfn_houdini_new(rs, p->houdini, prune_at) : NULL;
  if (c.hou && p->houdini_first) {
    c.hou_started = true;
    discover(c.z, c.hou, rs, c.alpha, o, st);
  }
  etc_bmc *bmc = p->bmc ? bmc_new(c.z, rs) : NULL;
  int next_bmc = 2;
  for (;;) {
    bool doubling = st->iterations >= next_bmc;
    if (bmc && (doubling || (st->iterations >= 2 &&
                             bmc_owed(cpu_start, bmc_cpu) >= CAR_BMC_OWED))) {
      if (doubling) next_bmc *= 2;
      if (bmc_round(bmc, t_start, cpu_start, &bmc_cpu, out)) {
        progress(o, 1, "iteration %d: bounded model checking: a derivation "
                       "of height %d is feasible: unsafe",
                 st->iterations, out->cex->trace->n - 1, 0);
        break;
      }
      progress(o, 2, "  bounded model checking: no derivation of height "
                     "<= %d", st->bmc_height, 0, 0);
    }
    if (clp_expired()) { unknown(out, ENG_R_TIMEOUT, NULL); break; }
    if (o->max_iterations && st->iterations >= o->max_iterations) {
      unknown(out, ENG_R_ITERATION_LIMIT, NULL);
      break;
    }
    houdini_due(&c, calls0);
    st->iterations++;
    clp_timer t0 = clp_timer_start();
    abs_result ar;
    abs_status as = abs_solve(rs, c.alpha, &ar);
    clp_timer_add(t0, &st->t_abstract);
    if (as != ABS_OK) {
      const char *d = NULL;
      eng_reason r = abs_reason(as, &d);
      unknown(out, r, d);
      break;
    }
    st->fixpoint_rounds += ar.rounds;
    if (!ar.goal_holds) {
      out->verdict = ENG_SAFE;
      out->inv = ar.inv;
      progress(o, 1, "iteration %d: goal not derivable: safe", st->iterations,
               0, 0);
      break;
    }
    if (refute_derivation(&c, &ar)) break;
  }
  if (bmc && out->verdict == ENG_UNKNOWN &&
      out->reason == ENG_R_NO_INTERPOLANT && bmc_last(bmc, cpu_start, out))
    progress(o, 1, "refinement gave up; bounded model checking: a "
                   "derivation of height %d is feasible: unsafe",
             out->cex->trace->n - 1, 0, 0);
  finish(&c);
  etc_bmc_free(bmc);
  st->z3_calls = zb_calls() - calls0;
  st->t_total = clp_now() - t_start;
  zb_ctx_free(c.z);
}
