/* lineup.h -- the engine configurations of a portfolio run (prefix pf_):
 * --cores=N runs the first N side by side (driver/par.h), configuration 1
 * being what a single process runs.  How they
 * were chosen (docs/engines.md, "The portfolio"). */
#ifndef PORTFOLIO_LINEUP_H
#define PORTFOLIO_LINEUP_H

#include <stdbool.h>

#include "clp/clp.h"

struct pf_params;

/* One configuration: an engine of the registry and its settings changed
 * from the command line's. */
typedef struct pf_config {
  const char *name;      /* in --stats ("portfolio: 2 of 3 (NAME)"), JSON */
  const char *engine;    /* NULL: the --engine of the command line */
  bool houdini_first;    /* car: Houdini before the first iteration */
  bool no_houdini;       /* car: no Houdini runs (--houdini=0) */
  bool no_split;         /* no control split in preprocessing */
} pf_config;

/* Contract: the configurations for rs, at most n (n >= 1) of them, into
 * out[0..k), returning k: first the default (the command line's engine
 * and settings); for a rule set with array arguments (every .cub system)
 * the indexed engine next, for one whose preprocessing splits a location
 * out of Boolean arguments (clp/split.h) car without that split, otherwise
 * car without Houdini; then car with Houdini first, then the depth-first
 * search.  Static data. */
int pf_lineup(const clp_rs *rs, int n, const pf_config **out);

/* Contract: applies c to *p (its engine's settings) and returns the engine
 * name to run (c->engine, else engine); relinks p (pf_params_link). */
const char *pf_config_apply(const pf_config *c, struct pf_params *p,
                            const char *engine);

#endif
