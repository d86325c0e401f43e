/* test_pre.c -- the CHC preprocessor (clp/pre.h): statuses (inlined, kept,
 * empty, dropped), the shape of the preprocessed bodies, models and
 * counterexamples translated back and certified on the ORIGINAL set. */
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

/* s with every "$N" suffix of a generated name spelled "$" (the numbers
 * depend on what was built before). */
static const char *nodollar(const char *s) {
  char *d = NEW_ATOMIC_N(char, strlen(s) + 1), *o = d;
  for (; *s; s++) {
    *o++ = *s;
    if (*s == '$')
      while (s[1] >= '0' && s[1] <= '9') s++;
  }
  *o = 0;
  return d;
}

static bool has_rel(const clp_rs *rs, const char *name) {
  return clp_rs_find(rs, name) != NULL;
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

static void test_statuses(void) {
  clp_rs *rs = parse(nested);
  CHECK(rs != NULL);
  if (!rs) return;
  clp_pre *p = clp_pre_run(rs);
  CHECK(p != NULL);
  if (!p) return;
  clp_pre_stats s;
  clp_pre_get_stats(p, &s);
  CHECK(s.kept == 2 && s.inlined == 3 && s.empty == 1 && s.dropped == 1);
  const clp_rs *q = clp_pre_rs(p);
  CHECK(q->nrels == 2 && has_rel(q, "L") && has_rel(q, "E"));
  CHECK(q->goal && !strcmp(q->goal->name, "E"));
  const clp_rel *L = clp_rs_find(q, "L");
  /* L's rule: Init inlined (x = 0, y = 0), Inc and Step inlined in the
   * recursive clause; only the call of L itself is left */
  CHECK_STR(nodollar(clp_f_str(L->body)),
            "x = 0, y = 0 ; L(x$, y$), x = x$ + 1, y = y$ + 1");
  /* E's clause through Dead is gone (Dead is empty) */
  CHECK_STR(nodollar(clp_f_str(clp_rs_find(q, "E")->body)),
            "L(x$, y$), x$ + 1 <= y$");
  /* the original set is untouched */
  CHECK(rs->nrels == 7 && clp_rs_find(rs, "L")->body != L->body);
  CHECK(clp_rs_find(rs, "L") != L);
}

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

static void test_edge_cases(void) {
  /* the goal itself cannot be derived: kept, body false */
  clp_rs *rs = parse("rel R(int).\ngoal E.\nE :- R(x), x > 0.\n");
  clp_pre *p = rs ? clp_pre_run(rs) : NULL;
  CHECK(p && clp_pre_rs(p)->nrels == 1);
  if (p) CHECK(clp_pre_rs(p)->goal->body->kind == CLP_F_FALSE);
  /* a local defined as a variable or constant is substituted away; one
   * defined by a compound term is kept (CAR's literals stay as written) */
  rs = parse("goal E.\nL(x) :- x = 0.\nL(x) :- L(y), z = y, w = 3, x = z + w.\n"
             "E :- L(x), x < 0.\n");
  p = rs ? clp_pre_run(rs) : NULL;
  CHECK(p != NULL);
  if (p) {
    const clp_rel *L = clp_rs_find(clp_pre_rs(p), "L");
    CHECK_STR(nodollar(clp_f_str(L->body)), "x = 0 ; L(z$), x = z$ + 3");
    CHECK(L->nlocals == 1);
    clp_pre_stats s;
    clp_pre_get_stats(p, &s);
    CHECK(s.eliminated == 2);
  }
  /* systems (index variables) are left alone */
  rs = parse("goal E.\nE :- 1 > 0.\n");
  if (rs) {
    rs->nindex = 1;
    CHECK(clp_pre_run(rs) == NULL);
  }
}

int main(void) {
  GC_INIT();
  test_statuses();
  test_model_back();
  test_solve();
  test_edge_cases();
  return check_done("test_pre");
}
