/* lineup.c -- the engine configurations of a portfolio run (lineup.h). */
#include "portfolio/lineup.h"

#include "clp/split.h"
#include "portfolio/registry.h"

static const pf_config deflt = {"default", NULL, false, false, false};
static const pf_config indexed = {"indexed", "indexed", false, false, false};
static const pf_config houdini_first = {"car-houdini-first", "car", true,
                                        false, false};
static const pf_config dfs = {"dfs", "dfs", false, false, false};
static const pf_config no_houdini = {"car-no-houdini", "car", false, true,
                                     false};
static const pf_config no_split = {"car-no-split", "car", false, false, true};

/* Does a relation of rs take an array argument? */
static bool has_arrays(const clp_rs *rs) {
  for (int i = 0; i < rs->nrels; i++)
    for (int j = 0; j < rs->rels[i]->arity; j++)
      if (rs->rels[i]->formals[j]->sort->kind == CLP_S_ARRAY) return true;
  return false;
}

int pf_lineup(const clp_rs *rs, int n, const pf_config **out) {
  /* the order measured: docs/engines.md, "The portfolio" */
  const pf_config *second = has_arrays(rs)       ? &indexed
                            : clp_split_run(rs) ? &no_split
                                                : &no_houdini;
  const pf_config *all[] = {&deflt, second, &houdini_first, &dfs};
  int k = 0;
  for (; k < n && k < (int)(sizeof all / sizeof *all); k++) out[k] = all[k];
  return k;
}

const char *pf_config_apply(const pf_config *c, pf_params *p,
                            const char *engine) {
  if (c->houdini_first) p->car.houdini_first = true;
  if (c->no_houdini) p->car.houdini = 0;
  if (c->no_split) p->no_split = true;
  pf_params_link(p);
  return c->engine ? c->engine : engine;
}
