/* test_etc.c -- the trace checker (etc/): a feasible trace gives a
 * counterexample with the values of its derivation, an infeasible one is
 * refuted (ZB_UNSAT); the explicit-state search and bounded model checking
 * find the shortest derivation of a small unsafe rule set, and none of a
 * safe one.  Rule sets are parsed inline (fe_clp_parse_string). */
#include <stdio.h>
#include <string.h>

#include "abstract/abs.h"
#include "check.h"
#include "fixtures.h"
#include "etc/etc.h"
#include "frontend/fe.h"

/* The first abstract derivation of the goal under the bottom abstraction
 * (no predicates): E from L's fact, the trace CAR checks first. */
static clp_trace *first_trace(const clp_rs *rs) {
  abs_result ar;
  if (abs_solve(rs, abs_bottom(rs), &ar) != ABS_OK || !ar.goal_holds)
    return NULL;
  return ar.trace;
}

/* The Int value of relation `rel`'s first formal in node k of cex, or -1. */
static long formal0(const etc_cex *cex, int k) {
  const clp_rel *r = cex->trace->nodes[k].rel;
  if (r->arity < 1) return -1;
  const clp_value *v = clp_env_get(cex->env[k], r->formals[0]);
  return v && v->kind == CLP_V_INT ? (long)v->i : -1;
}

/* A feasible trace: E :- L(x), x >= 0 with L(0) holds. */
static void feasible(zb_ctx *z) {
  clp_rs *rs = counter("0");
  CHECK(rs != NULL);
  clp_trace *t = first_trace(rs);
  CHECK(t != NULL && t->n == 2);
  if (!t) return;
  etc_cex *cex = NULL;
  const char *why = NULL;
  CHECK(etc_check(z, t, &cex, &why) == ZB_SAT);
  CHECK(cex != NULL && cex->trace == t);
  if (!cex) return;
  CHECK(t->nodes[0].rel == rs->goal);
  CHECK(formal0(cex, 1) == 0);               /* L(0) */
}

/* An infeasible trace: L's fact x = 0 cannot give x >= 3. */
static void infeasible(zb_ctx *z) {
  clp_rs *rs = counter("3");
  clp_trace *t = first_trace(rs);
  CHECK(t != NULL && t->n == 2);
  if (!t) return;
  etc_cex *cex = NULL;
  CHECK(etc_check(z, t, &cex, NULL) == ZB_UNSAT);
  /* the flattened constraint (call-free) is unsatisfiable */
  const clp_formula *flat = etc_flatten(t);
  CHECK(flat != NULL && zb_valid(z, clp_f_not(flat)) == ZB_SAT);
}

/* The explicit-state search: the derivation L(0) .. L(3), E has 5 nodes
 * and is a real counterexample; with x >= 6 there is none. */
static void explore(zb_ctx *z) {
  clp_rs *rs = counter("3");
  etc_exp *x = etc_exp_new(rs);
  CHECK(x != NULL);
  if (!x) return;
  CHECK(etc_exp_run(x, 20, 10000, clp_cpu_now() + 30, clp_now() + 60) ==
        ETC_EXP_FOUND);
  clp_trace *t = etc_exp_trace(x);
  CHECK(t != NULL && t->n == 5);
  etc_cex *cex = NULL;
  CHECK(t && etc_check(z, t, &cex, NULL) == ZB_SAT);
  if (cex) CHECK(formal0(cex, 1) == 3);     /* the goal's L(3) */
  etc_exp_free(x);

  x = etc_exp_new(counter("6"));
  CHECK(x != NULL);
  if (!x) return;
  CHECK(etc_exp_run(x, 20, 10000, clp_cpu_now() + 30, clp_now() + 60) ==
        ETC_EXP_NONE);
  etc_exp_free(x);
}

/* Bounded model checking: the shortest chain has height 4 (E, L(3) ..
 * L(0)); the safe variant has no chain up to height 8. */
static void bmc(zb_ctx *z) {
  etc_bmc *b = etc_bmc_new(z, counter("3"));
  CHECK(b != NULL);
  if (!b) return;
  etc_cex *cex = NULL;
  double cpu = clp_cpu_now(), wall = clp_now();
  CHECK(etc_bmc_run(b, 8, cpu + 30, wall + 60, &cex) == ZB_SAT);
  CHECK(cex != NULL && cex->trace->n == 5);
  etc_bmc_free(b);

  b = etc_bmc_new(z, counter("6"));
  CHECK(b != NULL);
  if (!b) return;
  cex = NULL;
  CHECK(etc_bmc_run(b, 8, cpu + 30, wall + 60, &cex) == ZB_UNSAT);
  CHECK(etc_bmc_height(b) == 8);
  etc_bmc_free(b);
}

int main(void) {
  GC_INIT();
  abs_init(0);
  zb_ctx *z = zb_ctx_new();
  feasible(z);
  infeasible(z);
  explore(z);
  bmc(z);
  return check_done("test_etc");
}
