/* test_pre.c -- the CHC preprocessor (clp/pre.h) with Z3 and the engine:
 * models and counterexamples translated back and certified on the
 * ORIGINAL set.  The checks without Z3 (statuses, body shapes, models
 * back) are in test_clp_pre.c, linked with the clp library only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cert/cert.h"
#include "clp/pre.h"
#include "engine/engine.h"
#include "engines/car/car.h"
#include "frontend/fe.h"
#include "check.h"

static clp_rs *parse(const char *text) {
  return fe_clp_parse_string("t.clp", text, strlen(text), NULL);
}

static const char *nested =
    "goal E.\n"
    "Init(x, y) :- x = 0, y = 0.\n"
    "Step(a, b) :- b = a + 1.\n"
    "Inc(x, y, x1, y1) :- Step(x, x1), Step(y, y1).\n"
    "L(x, y) :- Init(x, y).\n"
    "L(x1, y1) :- L(x, y), Inc(x, y, x1, y1).\n"
    "Dead(x) :- Dead(y), x = y + 1.\n"
    "Unused(x) :- L(x, x).\n"
    "E :- L(x, y), x < y.\n"
    "E :- Dead(x), x > 0.\n";

/* Invariants by hand for the preprocessed set, translated back, certified
 * on the original set. */
static void test_model_back(void) {
  clp_rs *rs = parse(nested);
  clp_pre *p = clp_pre_run(rs);
  if (!p) { CHECK(0); return; }
  const clp_rs *q = clp_pre_rs(p);
  const clp_rel *L = clp_rs_find(q, "L");
  const clp_formula **inv = NEW_N(const clp_formula *, q->nrels);
  inv[L->id] = clp_f_lit(clp_eq(L->formals[0], L->formals[1]), false, clp_nopos);
  inv[q->goal->id] = clp_f_false();
  const clp_formula **back = clp_pre_model_back(p, inv);
  CHECK(back != NULL);
  if (!back) return;
  CHECK_STR(clp_f_str(back[clp_rs_find(rs, "Dead")->id]), "false");
  CHECK_STR(clp_f_str(back[clp_rs_find(rs, "Unused")->id]), "true");
  CHECK_STR(clp_f_str(back[clp_rs_find(rs, "Inc")->id]),
            "x + 1 = x1, y + 1 = y1");
  CHECK_STR(clp_f_str(back[clp_rs_find(rs, "Init")->id]), "x = 0, y = 0");
  zb_ctx *z = zb_ctx_new();
  const char *why = NULL;
  CHECK(cert_safe(z, rs, back, &why));
  /* a wrong invariant for L is rejected on the original set */
  inv[L->id] = clp_f_lit(clp_le(L->formals[0], clp_num(3)), false, clp_nopos);
  back = clp_pre_model_back(p, inv);
  CHECK(back && !cert_safe(z, rs, back, &why));
  zb_ctx_free(z);
  /* a missing invariant: no model */
  inv[L->id] = NULL;
  CHECK(clp_pre_model_back(p, inv) == NULL);
}

/* The engine on the preprocessed set, the answer on the original one. */
static void solve(const char *text, eng_verdict want, const char *inlined) {
  clp_rs *rs = parse(text);
  clp_pre *p = rs ? clp_pre_run(rs) : NULL;
  CHECK(p != NULL);
  if (!p) return;
  eng_opts o = {0};
  eng_result r;
  memset(&r, 0, sizeof r);
  clp_deadline_set(30);
  car_solve(clp_pre_rs(p), &o, &r);
  clp_deadline_set(0);
  CHECK(r.verdict == want);
  const char *why = NULL;
  if (r.verdict == ENG_SAFE) {
    const clp_formula **inv = clp_pre_model_back(p, r.inv);
    zb_ctx *z = zb_ctx_new();
    CHECK(inv && cert_safe(z, rs, inv, &why));
    zb_ctx_free(z);
  } else if (r.verdict == ENG_UNSAFE) {
    etc_cex c = *r.cex;
    CHECK(clp_pre_trace_back(p, r.cex->trace, r.cex->env, r.cex->nfuns,
                             r.cex->funs, &c.trace, &c.env, &why));
    CHECK(cert_unsafe(rs, &c, &why));
    bool found = false;
    for (int k = 0; k < c.trace->n; k++) {
      CHECK(c.trace->nodes[k].rel == rs->rels[c.trace->nodes[k].rel->id]);
      found |= !strcmp(c.trace->nodes[k].rel->name, inlined);
    }
    CHECK(found); /* the inlined relation is a node of its own */
    /* a wrong value in the preprocessed cex: not translatable, or rejected */
    clp_env **bad = NEW_N(clp_env *, r.cex->trace->n);
    for (int k = 0; k < r.cex->trace->n; k++) bad[k] = clp_env_new();
    etc_cex d = *r.cex;
    CHECK(!clp_pre_trace_back(p, r.cex->trace, bad, 0, NULL, &d.trace,
                              &d.env, &why) ||
          !cert_unsafe(rs, &d, &why));
  }
}

static void test_solve(void) {
  solve(nested, ENG_SAFE, NULL);
  solve("goal E.\n"
        "Init(x, y) :- x = 0, y = 0.\n"
        "Step(a, b) :- b = a + 1.\n"
        "Inc(x, y, x1, y1) :- Step(x, x1), Step(y, y2), y1 = y2 + 1.\n"
        "L(x, y) :- Init(x, y).\n"
        "L(x1, y1) :- L(x, y), Inc(x, y, x1, y1).\n"
        "E :- L(x, y), x < y.\n",
        ENG_UNSAFE, "Step");
  /* an inlined relation with a disjunction, called once */
  solve("goal E.\n"
        "Init(x) :- x = 0 ; x = 5.\n"
        "L(x) :- Init(x).\n"
        "L(y) :- L(x), x < 3, y = x + 2.\n"
        "E :- L(x), x = 4.\n",
        ENG_UNSAFE, "Init");
}

int main(void) {
  GC_INIT();
  test_model_back();
  test_solve();
  return check_done("test_pre");
}
