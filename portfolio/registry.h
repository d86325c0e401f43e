/* registry.h -- the engines by name (prefix pf_): the one place an engine
 * name ("car", "dfs", "indexed") is matched, and what the schedule
 * (schedule.h) and the report need to know of each engine. */
#ifndef PORTFOLIO_REGISTRY_H
#define PORTFOLIO_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/engine.h"
#include "engines/car/car.h"
#include "engines/cubbmc/cubbmc.h"
#include "engines/dfs/dfs.h"
#include "indexed/idx.h"

/* The parameters of every engine of a run (the driver fills them from the
 * options: driver/options.h, OPT_PARAMS). */
typedef struct pf_params {
  car_params car;
  dfs_params dfs;
  idx_params idx;        /* idx.refuter: set by pf_params_link */
  cubbmc_params cub;     /* the fixed-size .cub pass around an engine */
  eng_handle refuter;    /* what idx.refuter points to */
  car_params refute_car; /* its parameters: car's, with Houdini first (a
                            bounded run harvesting atoms: a slice without
                            Houdini would only shorten it) */
  bool no_split;         /* preprocessing leaves a location kept in
                            Boolean arguments as it is (clp/split.h) */
} pf_params;

/* An engine of the registry (static: nothing is allocated). */
typedef struct pf_engine {
  const char *name;      /* as --engine spells it */
  eng_solve_fn *solve;
  size_t params;         /* offset of its parameters in pf_params */
  bool pre_auto;         /* --pre=auto preprocesses for it */
  bool no_pre;           /* never on the preprocessed set (the indexed
                            predicates name the original relations) */
  bool axioms;           /* reads the axioms of a rule set */
  bool cub_pass;         /* the fixed-size .cub pass runs around it */
  bool quantified;       /* its invariants are quantified over indices
                            (certified by idx_cert_safe) */
  int stats_groups;      /* the statistics it prints (ENG_SG_*) */
} pf_engine;

/* Contract: the engine named name (as --engine spells it); NULL when no
 * engine has that name.  Allocates nothing. */
const pf_engine *pf_engine_get(const char *name);

/* Contract: e's handle with its parameters in p (p must outlive it). */
eng_handle pf_engine_handle(const pf_engine *e, const pf_params *p);

/* Contract: sets p->idx.refuter to CAR's handle with p->car's parameters
 * and Houdini first (the indexed engine's refuter, p->refuter, with
 * p->refute_car). */
void pf_params_link(pf_params *p);

#endif
