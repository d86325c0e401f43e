/* registry.c -- the engines by name (registry.h). */
#include "portfolio/registry.h"

#include <string.h>

#include "portfolio/schedule.h"

/* The indexed engine runs as the schedule's composition (quick bounded
 * model checking, the engine, the depth-first search for a concrete
 * derivation): its parameters are the whole pf_params. */
static const pf_engine engines[] = {
  /* name, solve, params, pre_auto, no_pre, axioms, cub_pass, quantified,
   * stats_groups */
  {"car", car_solve, offsetof(pf_params, car), true, false, false, true,
   false, ENG_SG_ALL},
  {"dfs", dfs_solve, offsetof(pf_params, dfs), false, false, false, false,
   false, ENG_SG_ALL},
  {"indexed", pf_indexed_solve, 0, false, true, true, true, true,
   ENG_SG_ALL | ENG_SG_IDX},
};

const pf_engine *pf_engine_get(const char *name) {
  for (size_t i = 0; i < sizeof engines / sizeof *engines; i++)
    if (!strcmp(engines[i].name, name)) return &engines[i];
  return NULL;
}

eng_handle pf_engine_handle(const pf_engine *e, const pf_params *p) {
  return (eng_handle){e->name, e->solve, (const char *)p + e->params};
}

void pf_params_link(pf_params *p) {
  p->refute_car = p->car;
  p->refute_car.houdini_first = true;
  p->refuter = (eng_handle){"car", car_solve, &p->refute_car};
  p->idx.refuter = &p->refuter;
}
