/* engine.h -- what every engine returns, and the engines (prefix eng_, car_,
 * dfs_).  An engine never prints a verdict: driver/main.c checks the
 * certificate (cert.h) first and only then prints. */
#ifndef ENGINE_H
#define ENGINE_H

#include "clp.h"
#include "etc.h"

typedef enum { ENG_SAFE, ENG_UNSAFE, ENG_UNKNOWN } eng_verdict;

typedef struct eng_stats {
  int iterations;        /* car: abstraction/refinement iterations */
  int predicates;        /* interface atoms in the final abstraction */
  int clauses;           /* explicated constraints in the final abstraction */
  int traces;            /* concrete traces checked (Lemma 6: all distinct) */
  int explications;      /* clauses from locally inconsistent derivations */
  int refinements;       /* infeasible traces refined (interpolants) */
  int discovered;        /* atoms added by Houdini (rfn_houdini_run) */
  int lemma8_checked;    /* refinements whose gamma was checked to refute
                            its trace propositionally (Lemma 8) */
  int fixpoint_rounds;   /* Boolean fixpoint rounds, summed */
  int bmc_height;        /* car: derivation heights refuted by BMC */
  long z3_calls;
  long paths;            /* dfs: paths (unfoldings) explored */
  long idx_images;       /* indexed: image computations (rule applications) */
  long idx_queries;      /* indexed: Z3 checks in the enumerations */
  long idx_models;       /* indexed: predicate cubes enumerated */
  long idx_instances;    /* indexed: instances of callee universals/axioms */
  int idx_terms;         /* indexed: most index terms of a rule (|Pi| base) */
  int idx_disc_rounds;   /* indexed: discovery rounds (abstractions solved) */
  int idx_disc_preds;    /* indexed: predicates found by discovery */
  bool cub_bmc_ran;      /* .cub: the fixed-K pass ran (cubbmc_solve) */
  int cub_bmc_k;         /* .cub: the K of the run found, 0: none */
  int cub_bmc_steps;     /* .cub: the run's steps; none found: the steps
                            searched for every K */
  double t_cub_bmc;      /* .cub: seconds of the pass */
  double t_parse, t_abstract, t_etc, t_refine, t_bmc, t_cert, t_total; /* seconds */
} eng_stats;

struct eng_result;

typedef struct eng_opts {
  int verbose;           /* -v levels: progress on stderr */
  int max_iterations;    /* car: 0 = unbounded */
  int dfs_depth;         /* dfs: bound on derivation depth */
  long dfs_nodes;        /* dfs: bound on unfoldings */
  long bdd_nodes;        /* BuDDy node cap (0 = none) */
  double houdini;        /* car: seconds per Houdini run (0 = off) */
  bool bmc;              /* car: bounded model checking (etc_bmc.c) */
  bool idx_discover;     /* indexed: predicate discovery (idx_disc.c) */
  int idx_rounds;        /* indexed: bound on discovery rounds */
  bool idx_goal_stop;    /* indexed: end the iteration as soon as the goal
                            is derivable (discovery only needs to know) */
  int cub_bmc;           /* .cub: runs of 1..cub_bmc processes (0: off) */
  double cub_bmc_time;   /* .cub: CPU seconds for them */
  int cub_bmc_steps;     /* .cub: bound on the steps of those runs */
  int idx_refute;        /* indexed: iterations of the refuter's first run
                            when discovery finds nothing new (0: off) */
  /* indexed: the refuter (the driver passes car_solve): a run of another
   * engine on the same rule set with o->max_iterations set, whose
   * out->atoms discovery reads (idx_disc.c, "refute") */
  void (*idx_refuter)(const clp_rs *rs, const struct eng_opts *o,
                      struct eng_result *out);
} eng_opts;

typedef struct eng_result {
  eng_verdict verdict;
  const char *reason;           /* unknown: why ("timeout", "iteration
                                   limit", "internal error: ...") */
  const clp_formula **inv;      /* safe: per relation id, over its formals */
  etc_cex *cex;                 /* unsafe: the counterexample */
  bool abstract_goal;           /* indexed, unknown: the goal is derivable
                                   in the abstraction (a concrete search may
                                   follow) */
  const clp_term ***atoms;      /* car: per relation id, the interface atoms
                                   of its last abstraction (natoms[id] of
                                   them), whatever the verdict */
  int *natoms;
  eng_stats stats;
} eng_result;

/* The CAR loop (paper Fig. 4).  Each iteration solves [[P]]alpha exactly;
 * a derivation of the goal is first checked node by node for theory
 * consistency (lazy explication: inconsistent nodes yield explicated
 * clauses over existing atoms), and only a locally consistent derivation
 * becomes a concrete trace for etc; an infeasible trace is refined (rfn.h).
 * Contract: verdict safe only with inv set, unsafe only with cex set;
 * unknown with a reason otherwise.  Asserts Lemma 8 after every refinement
 * and Lemma 6 for every trace; a violation ends the run with unknown and
 * reason "internal error: ...". */
void car_solve(const clp_rs *rs, const eng_opts *o, eng_result *out);

/* Depth-first CLP baseline: unfold from the goal, committing to disjuncts in
 * order, check each path prefix with Z3, stop at the first satisfiable
 * complete derivation (unsafe).  Ends with unknown when the depth or node
 * bound is hit or when the search space is exhausted (dfs has no invariant
 * to certify safe). */
void dfs_solve(const clp_rs *rs, const eng_opts *o, eng_result *out);

/* Bounded model checking of a linear rule set rs (etc_bmc.c, as beside
 * car's refinement), heights up to max_height, for cpu CPU seconds (and
 * at most four times as many wall seconds).  Contract: true when a chain
 * is found: out->verdict unsafe, out->cex its derivation (checked by
 * etc_check); false otherwise (rs not linear or with axioms, no chain,
 * time out), out
 * unchanged but for stats.t_bmc and stats.bmc_height. */
bool car_bmc_quick(const clp_rs *rs, int max_height, double cpu,
                   eng_result *out);

/* Runs of a fixed number of processes (cubbmc.c, docs/cub.md): for a .cub
 * rule set, searches of its instances of K = 1..o->cub_bmc processes
 * (fe_cub_instance), up to o->cub_bmc_steps steps and o->cub_bmc_time CPU
 * seconds in all, shortest runs first, in two parts around the engine.
 * cubbmc_new: NULL when rs is not a .cub rule set or o->cub_bmc is 0.
 * cubbmc_quick (before the engine) and cubbmc_rest (after it, when it has
 * no answer): true when a run is found: out->verdict unsafe, out->cex its
 * derivation (checked by etc_check) on the instance *krs, which certifies
 * and prints it; false otherwise, out unchanged but for the cub_bmc
 * statistics.  cubbmc_reserve: the seconds cubbmc_rest may still use (0:
 * none, the quick part showed there is no run within the bound); the
 * engine's deadline is that much earlier than --timeout's. */
typedef struct cubbmc cubbmc;
cubbmc *cubbmc_new(const clp_rs *rs, const eng_opts *o);
bool cubbmc_quick(cubbmc *c, eng_result *out, const clp_rs **krs);
double cubbmc_reserve(const cubbmc *c);
bool cubbmc_rest(cubbmc *c, eng_result *out, const clp_rs **krs);

#endif
