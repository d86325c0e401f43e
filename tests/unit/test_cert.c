/* test_cert.c -- the certificate checker (cert/cert.h) on rule sets parsed
 * inline: a correct inductive invariant is accepted; a non-inductive one,
 * one that does not exclude the goal and a missing one are rejected with a
 * reason; a real counterexample is accepted and one whose values were
 * altered is rejected with a reason. */
#include <stdio.h>
#include <string.h>

#include "cert/cert.h"
#include "check.h"
#include "fixtures.h"
#include "etc/etc.h"
#include "frontend/fe.h"

static const clp_formula *lit(const clp_term *t) {
  return clp_f_lit(t, false, clp_nopos);
}

/* inv[L] = lo <= x <= hi (hi < 0: no upper bound), inv[E] = false. */
static const clp_formula **invariant(const clp_rs *rs, int lo, int hi) {
  const clp_formula **inv = NEW_N(const clp_formula *, rs->nrels);
  const clp_rel *L = clp_rs_find(rs, "L");
  const clp_term *x = L->formals[0];
  inv[L->id] = lit(clp_ge(x, clp_num(lo)));
  if (hi >= 0) inv[L->id] = clp_f_and2(inv[L->id], lit(clp_le(x, clp_num(hi))));
  inv[rs->goal->id] = clp_f_false();
  return inv;
}

/* why contains `text`. */
static bool says(const char *why, const char *text) {
  return why && strstr(why, text);
}

static void safe(zb_ctx *z) {
  clp_rs *rs = counter("6");
  CHECK(rs != NULL);
  if (!rs) return;
  const char *why = NULL;
  CHECK(cert_safe(z, rs, invariant(rs, 0, 5), &why));
  /* 0 <= x <= 3 is not closed under L's step x + 1 (x < 5) */
  why = NULL;
  CHECK(!cert_safe(z, rs, invariant(rs, 0, 3), &why));
  CHECK(says(why, "not inductive for the rule of L"));
  /* x >= 0 is inductive for L but lets E's rule derive the goal */
  why = NULL;
  CHECK(!cert_safe(z, rs, invariant(rs, 0, -1), &why));
  CHECK(says(why, "not inductive for the rule of E"));
  /* x >= 1 does not hold for L's fact */
  why = NULL;
  CHECK(!cert_safe(z, rs, invariant(rs, 1, 5), &why));
  CHECK(says(why, "rule of L"));
  /* a relation without an invariant */
  const clp_formula **inv = invariant(rs, 0, 5);
  inv[clp_rs_find(rs, "L")->id] = NULL;
  why = NULL;
  CHECK(!cert_safe(z, rs, inv, &why));
  CHECK(says(why, "invariant missing"));
  why = NULL;
  CHECK(!cert_safe(z, rs, NULL, &why));
  CHECK(says(why, "no invariant"));
}

/* The derivation L(0) .. L(3), E found by the explicit-state search and
 * checked by etc_check. */
static etc_cex *real_cex(zb_ctx *z, const clp_rs *rs) {
  etc_exp *x = etc_exp_new(rs);
  if (!x || etc_exp_run(x, 20, 10000, clp_cpu_now() + 30, clp_now() + 60) !=
                ETC_EXP_FOUND)
    return NULL;
  etc_cex *cex = NULL;
  if (etc_check(z, etc_exp_trace(x), &cex, NULL) != ZB_SAT) cex = NULL;
  etc_exp_free(x);
  return cex;
}

static void unsafe(zb_ctx *z) {
  clp_rs *rs = counter("3");
  etc_cex *cex = real_cex(z, rs);
  CHECK(cex != NULL && cex->trace->n == 5);
  if (!cex) return;
  const char *why = NULL;
  CHECK(cert_unsafe(rs, cex, &why));
  /* the goal node's L(3) said to be L(2): E's rule x >= 3 fails, and the
   * call no longer matches its child's values */
  const clp_rel *L = cex->trace->nodes[1].rel;
  CHECK(L == clp_rs_find(rs, "L"));
  clp_env_set(cex->env[1], L->formals[0], clp_v_int(2));
  why = NULL;
  CHECK(!cert_unsafe(rs, cex, &why));
  CHECK(why != NULL && why[0] != 0);
  /* the value restored: accepted again (the check has no memory) */
  clp_env_set(cex->env[1], L->formals[0], clp_v_int(3));
  why = NULL;
  CHECK(cert_unsafe(rs, cex, &why));
}

int main(void) {
  GC_INIT();
  zb_ctx *z = zb_ctx_new();
  safe(z);
  unsafe(z);
  return check_done("test_cert");
}
