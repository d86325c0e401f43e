/* car.h -- the CAR engine (prefix car_): the abstraction-refinement loop
 * of the CAR paper over abstract/, etc/ and refine/, and its bounded
 * model checking of linear rule sets */
#ifndef CAR_CAR_H
#define CAR_CAR_H

#include "engine/engine.h"

/* The parameters of car (eng_opts.params; NULL: all zero). */
typedef struct car_params {
  double houdini;        /* seconds per Houdini run (0 = off) */
  bool bmc;              /* bounded model checking (etc_bmc.c) */
  bool houdini_first;    /* Houdini before the first iteration, not after
                            a slice without it (car.c, houdini_due) */
  bool saturate;         /* explication gives every value an inconsistent
                            node's body forces (rfn_explicate) */
} car_params;

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

/* Bounded model checking of a linear rule set rs (etc_bmc.c, as beside
 * car's refinement), heights up to max_height, for cpu CPU seconds (and
 * at most four times as many wall seconds).  Contract: true when a chain
 * is found: out->verdict unsafe, out->cex its derivation (checked by
 * etc_check); false otherwise (rs not linear or with axioms, no chain,
 * time out), out
 * unchanged but for stats.t_bmc and stats.bmc_height. */
bool car_bmc_quick(const clp_rs *rs, int max_height, double cpu,
                   eng_result *out);

#endif
