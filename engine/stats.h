/* stats.h -- the statistics of a run (eng_stats), written once: the
 * X-macro ENG_STATS generates the struct (engine.h), the "--stats" text
 * and the JSON object (driver/report.c) and the copy of a group of fields
 * from one run into another (eng_stats_copy).
 *
 * ENG_STATS(F, A): F(kind, field, key, group, comment) is a field; A(kind,
 * field, key, group) prints a field a second time under another key (no
 * struct member).  kind: I int, L long, T double printed as seconds with
 * three decimals, B bool never printed.  group: ENG_SG_ALL printed always
 * (text and JSON), ENG_SG_CUB in the text when cub_bmc_ran, ENG_SG_IDX in
 * the text of --engine=indexed.  The order is the printing order. */
#ifndef ENGINE_STATS_H
#define ENGINE_STATS_H

#include <stdbool.h>

#define ENG_STATS(F, A)                                                      \
  F(I, iterations, "iterations", ALL, "car: abstraction/refinement rounds")  \
  F(I, predicates, "predicates", ALL, "interface atoms, final abstraction")  \
  F(I, clauses, "clauses", ALL, "explicated constraints, final abstraction") \
  F(I, traces, "traces", ALL, "concrete traces checked (all distinct)")      \
  F(I, explications, "explications", ALL, "clauses from locally "            \
                                           "inconsistent derivations")       \
  F(I, refinements, "refinements", ALL, "infeasible traces refined")         \
  F(I, discovered, "discovered", ALL, "atoms added by Houdini")              \
  F(I, lemma8_checked, "lemma8-checked", ALL, "refinements whose gamma was " \
                                "checked to refute its trace (Lemma 8)")     \
  F(I, fixpoint_rounds, "fixpoint-rounds", ALL, "Boolean fixpoint rounds")   \
  F(L, z3_calls, "z3-calls", ALL, "Z3 checks")                               \
  F(L, paths, "paths", ALL, "dfs: paths (unfoldings) explored")              \
  F(I, bmc_height, "bmc-height", ALL, "car: heights refuted by BMC")         \
  F(T, t_parse, "time-parse", ALL, "seconds")                                \
  F(T, t_abstract, "time-abstract", ALL, "seconds")                          \
  F(T, t_etc, "time-etc", ALL, "seconds")                                    \
  F(T, t_refine, "time-refine", ALL, "seconds")                              \
  F(T, t_bmc, "time-bmc", ALL, "seconds")                                    \
  F(T, t_cert, "time-cert", ALL, "seconds")                                  \
  F(T, t_total, "time-total", ALL, "seconds")                                \
  F(B, cub_bmc_ran, "cub-bmc-ran", CUB, ".cub: the fixed-K pass ran")        \
  F(I, cub_bmc_k, "cub-bmc-processes", CUB, ".cub: the K of the run "        \
                                             "found, 0: none")               \
  F(I, cub_bmc_steps, "cub-bmc-steps", CUB, ".cub: the run's steps; none "   \
                            "found: the steps searched for every K")         \
  F(T, t_cub_bmc, "time-cub-bmc", CUB, ".cub: seconds of the pass")          \
  F(L, idx_images, "images", IDX, "indexed: image computations")             \
  F(L, idx_queries, "z3-enumeration-checks", IDX, "indexed: Z3 checks in "   \
                                                  "the enumerations")        \
  F(L, idx_models, "predicate-cubes", IDX, "indexed: cubes enumerated")      \
  F(L, idx_instances, "instances", IDX, "indexed: instances of callee "      \
                                         "universals/axioms")                \
  F(I, idx_terms, "instantiation-terms", IDX, "indexed: most index terms "   \
                                              "of a rule")                   \
  A(T, t_abstract, "time-image", IDX)                                        \
  F(I, idx_disc_rounds, "idx-discovery-rounds", IDX, "indexed: discovery "   \
                                                      "rounds")              \
  F(I, idx_disc_preds, "idx-predicates-discovered", IDX, "indexed: "         \
                                          "predicates found by discovery")

/* The C type of each kind. */
#define ENG_STAT_TYPE_I int
#define ENG_STAT_TYPE_L long
#define ENG_STAT_TYPE_T double
#define ENG_STAT_TYPE_B bool

/* The groups, as a mask. */
enum { ENG_SG_ALL = 1, ENG_SG_CUB = 2, ENG_SG_IDX = 4 };

#define ENG_STAT_FIELD(kind, field, key, group, comment)                     \
  ENG_STAT_TYPE_##kind field;
#define ENG_STAT_NONE(kind, field, key, group)
typedef struct eng_stats {
  ENG_STATS(ENG_STAT_FIELD, ENG_STAT_NONE)
} eng_stats;
#undef ENG_STAT_FIELD
#undef ENG_STAT_NONE

/* Contract: copies into dst every field of src in the groups of mask (a
 * result of one engine run carried into the result of the next). */
void eng_stats_copy(eng_stats *dst, const eng_stats *src, int mask);

#endif
