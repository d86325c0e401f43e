/* schedule.c -- the order in which engines run (schedule.h). */
#include "portfolio/schedule.h"

#include <string.h>

#include "portfolio/registry.h"

void pf_indexed_solve(const clp_rs *rs, const eng_opts *o, eng_result *res) {
  const pf_params *p = o->params;
  eng_opts io = *o;
  io.params = &p->idx;
  /* a linear rule set: its shallow chains first (half a CPU second), as
   * car's bounded model checking finds them at its start (German-FIFO's
   * buggy run: 9 nodes, 0.4 s) */
  eng_result b;
  memset(&b, 0, sizeof b);
  if (p->car.bmc && car_bmc_quick(rs, 32, 0.5, &b)) {
    *res = b;
    return;
  }
  if (p->idx.discover) idx_disc_solve(rs, &io, res);
  else idx_solve(rs, &io, res);
  res->stats.t_bmc = b.stats.t_bmc;
  res->stats.bmc_height = b.stats.bmc_height;
  if (res->verdict != ENG_UNKNOWN || !res->abstract_goal) return;
  /* discovery's reason names why it stopped */
  res->detail = p->idx.discover ? eng_reason_text(res->reason, res->detail)
                                : NULL;
  if (rs->naxioms) {
    res->reason = ENG_R_GOAL_AXIOMS;
    return;
  }
  eng_result d;
  memset(&d, 0, sizeof d);
  eng_opts dopts = *o;
  dopts.params = &p->dfs;
  dfs_solve(rs, &dopts, &d);
  res->stats.paths = d.stats.paths;
  if (d.verdict == ENG_UNSAFE) {
    res->verdict = ENG_UNSAFE;
    res->cex = d.cex;
    res->reason = ENG_R_NONE;
    res->detail = NULL;
    return;
  }
  res->reason = ENG_R_GOAL_NO_DFS;
}
