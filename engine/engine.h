/* engine.h -- the engine contract (prefix eng_): what every engine takes
 * (eng_opts) and returns (eng_result).  Every engine (engines/car,
 * engines/dfs, engines/cubbmc, indexed/) includes it from above; nothing
 * below includes an engine.  An engine never prints a verdict: the driver
 * checks the certificate (cert/cert.h) first and only then prints. */
#ifndef ENGINE_H
#define ENGINE_H

#include "clp/clp.h"
#include "etc/etc.h"

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
struct idx_preds;

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
  const struct idx_preds *idx_preds; /* indexed: the index variables and
                                   predicates inv is over (indexed/idx.h;
                                   inv[r] holds for all values of r's) */
  eng_stats stats;
} eng_result;

#endif
