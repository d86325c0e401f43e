/* schedule.h -- the order in which engines run (prefix pf_). */
#ifndef PORTFOLIO_SCHEDULE_H
#define PORTFOLIO_SCHEDULE_H

#include <stdbool.h>

#include "engine/engine.h"

struct pf_engine;
struct pf_params;

/* --pre: preprocess the rule set before the engine (auto: when the engine
 * wants it, pf_engine.pre_auto); never for an engine with no_pre. */
typedef enum { PF_PRE_AUTO, PF_PRE_ON, PF_PRE_OFF } pf_pre_mode;

/* What a run of the schedule needs. */
typedef struct pf_run {
  const struct pf_engine *engine;  /* --engine (registry.h) */
  const struct pf_params *params;  /* every engine's parameters */
  const eng_opts *opts;            /* the common settings */
  pf_pre_mode pre;
} pf_run;

/* The schedule, written once.  Contract: solves rs with r->engine into
 * *res (which the caller may read at any time: the signal watcher's
 * report):
 *  1. preprocessing (--pre), the answer translated back afterwards;
 *  2. on a .cub rule set (unless the engine has no cub_pass), the shallow
 *     fixed-size runs first (cubbmc_quick); the engine for its first
 *     share (cubbmc_first_share), the rest of the pass (cubbmc_rest) when
 *     it has no answer, and the engine again from the start with the time
 *     left (none without --timeout); under a --timeout too short for
 *     that, the engine once, with a deadline earlier by what the rest may
 *     take, then the rest;
 *  3. the certificate check (cert_check) of a safe/unsafe answer, which
 *     otherwise becomes unknown.
 * *crs: the rule set the answer is about (a .cub instance, else rs).
 * Returns true when an internal error made the answer unknown (a rejected
 * certificate, a failed translation back: printed on stderr). */
bool pf_schedule(const pf_run *r, const clp_rs *rs, eng_result *res,
                 const clp_rs **crs);

/* The indexed engine as run by --engine=indexed (o->params: the whole
 * pf_params, registry.h).  A linear rule set gets half a CPU second of
 * car's bounded model checking first (car_bmc_quick, when car.bmc); then
 * idx_disc_solve (idx.discover) or idx_solve; when the goal is derivable
 * in its abstraction (which has no counterexamples), a depth-first search
 * for a concrete derivation (dfs_solve, certified as any counterexample),
 * unless axioms constrain the functions (the search does not read them).
 * Contract as idx_disc_solve. */
void pf_indexed_solve(const clp_rs *rs, const eng_opts *o, eng_result *out);

#endif
