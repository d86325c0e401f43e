/* test_rfn_refine.c -- refinement (refine/rfn.h) on small safe rule sets,
 * parsed inline: CAR's loop by hand (abstract derivation, trace check,
 * refinement).  Every trace is infeasible and its refinement gamma refutes
 * it propositionally: [[T]]gamma does not derive T's goal (CAR Lemma 8);
 * alpha grows, no trace comes back, and the loop ends with the least model
 * of [[P]]alpha, an invariant the certificate checker accepts. */
#include <stdio.h>
#include <string.h>

#include "abstract/abs.h"
#include "cert/cert.h"
#include "check.h"
#include "etc/etc.h"
#include "frontend/fe.h"
#include "refine/rfn.h"

#define MAX_ITER 20

static clp_rs *parse(const char *text) {
  return fe_clp_parse_string("t.clp", text, strlen(text), NULL);
}

/* One refinement of the infeasible trace t, checked: RFN_OK, alpha grew,
 * and gamma refutes t's variants propositionally (Lemma 8). */
static void refine_one(zb_ctx *z, const clp_trace *t, abs_alpha *alpha) {
  clp_rs *T = clp_trace_rs(t);
  bool grew = false;
  abs_alpha *gamma = NULL;
  CHECK(rfn_refine(z, t, T, alpha, &grew, &gamma) == RFN_OK);
  CHECK(grew);
  CHECK(gamma != NULL);
  if (!gamma) return;
  abs_result g;
  CHECK(abs_solve(T, gamma, &g) == ABS_OK && !g.goal_holds);   /* Lemma 8 */
}

/* CAR's loop on a safe rule set, with refinement alone (no explication, no
 * Houdini): returns the number of refinements, or -1 when it did not end in
 * MAX_ITER iterations with a certified invariant. */
static int car_loop(zb_ctx *z, const char *text) {
  clp_rs *rs = parse(text);
  CHECK(rs != NULL);
  if (!rs) return -1;
  abs_alpha *alpha = abs_bottom(rs);
  const char *keys[MAX_ITER];
  for (int it = 0; it < MAX_ITER; it++) {
    abs_result ar;
    if (abs_solve(rs, alpha, &ar) != ABS_OK) return -1;
    if (!ar.goal_holds) {
      const char *why = NULL;
      bool ok = cert_safe(z, rs, ar.inv, &why);
      CHECK(ok);
      if (!ok) fprintf(stderr, "  cert_safe: %s\n", why);
      return ok ? it : -1;
    }
    keys[it] = clp_trace_key(ar.trace);
    for (int j = 0; j < it; j++)                /* no trace comes back */
      CHECK(strcmp(keys[j], keys[it]) != 0);
    etc_cex *cex = NULL;
    CHECK(etc_check(z, ar.trace, &cex, NULL) == ZB_UNSAT);
    refine_one(z, ar.trace, alpha);
  }
  return -1;
}

int main(void) {
  GC_INIT();
  abs_init(0);
  zb_ctx *z = zb_ctx_new();
  /* a counter that stops at 5 never reaches 6 (linear) */
  int n = car_loop(z,
                   "goal E.\n"
                   "L(x) :- x = 0.\n"
                   "L(x + 1) :- L(x), x < 5.\n"
                   "E :- L(x), x >= 6.\n");
  CHECK(n >= 1);
  /* r grows by 2 from 0 while below 4; the goal calls it twice (traces
   * are trees) */
  n = car_loop(z,
               "goal E.\n"
               "F(r) :- r = 0.\n"
               "F(r) :- F(s), s < 4, r = s + 2.\n"
               "E :- F(a), F(b), a + b > 9.\n");
  CHECK(n >= 1);
  /* a procedure called from a loop (the shape of the CAR paper's example,
   * a constructor called in a loop): Loop never passes 3 */
  n = car_loop(z,
               "goal E.\n"
               "Inc(x, y) :- y = x + 1.\n"
               "Inc(x, y) :- y = x.\n"
               "Loop(s) :- s = 0.\n"
               "Loop(t) :- Loop(s), s < 3, Inc(s, t).\n"
               "E :- Loop(s), s > 3.\n");
  CHECK(n >= 1);
  return check_done("test_rfn_refine");
}
