/* test_split.c -- the control split (clp/split.h): which relations are
 * split, the split set's relations, models back, and the portfolio's
 * second configuration for a split rule set (portfolio/lineup.h).  The
 * end-to-end answers (certified invariant and counterexample) are checked
 * by tests/pre.sh. */
#include <string.h>

#include "clp/split.h"
#include "frontend/fe.h"
#include "portfolio/lineup.h"
#include "check.h"

/* a loop with its location in p q: 00 entry, 01 head, 10 body, 11 exit */
static const char *loop =
    "(set-logic HORN)\n"
    "(declare-fun st (Bool Bool Int Int Int) Bool)\n"
    "(assert (forall ((i Int) (j Int) (n Int)) (st false false i j n)))\n"
    "(assert (forall ((p Bool) (q Bool) (i Int) (j Int) (n Int)\n"
    "  (p2 Bool) (q2 Bool) (i2 Int) (j2 Int) (n2 Int))\n"
    "  (=> (and (st p q i j n)\n"
    "    (=> (and (not p) (not q)) (and (not p2) q2 (= i2 0) (= j2 0) (= n2 n)))\n"
    "    (=> (and (not p) q (< i n)) (and p2 (not q2) (= i2 i) (= j2 j) (= n2 n)))\n"
    "    (=> (and (not p) q (>= i n)) (and p2 q2 (= i2 i) (= j2 j) (= n2 n)))\n"
    "    (=> (and p (not q)) (and (not p2) q2 (= i2 (+ i 1)) (= j2 (+ j 2)) (= n2 n)))\n"
    "    (=> (and p q) (and p2 q2 (= i2 i) (= j2 j) (= n2 n))))\n"
    "  (st p2 q2 i2 j2 n2))))\n"
    "(assert (forall ((i Int) (j Int) (n Int))\n"
    "  (=> (and (st true true i j n) (not (= j (* 2 i)))) false)))\n"
    "(check-sat)\n";

/* a Boolean that every step sets freely: data */
static const char *data =
    "(set-logic HORN)\n"
    "(declare-fun s (Bool Int) Bool)\n"
    "(assert (forall ((b Bool)) (s b 0)))\n"
    "(assert (forall ((b Bool) (c Bool) (x Int))\n"
    "  (=> (s b x) (s c (ite b (+ x 1) x)))))\n"
    "(assert (forall ((b Bool) (x Int)) (=> (and (s b x) (< x 0)) false)))\n"
    "(check-sat)\n";

static clp_rs *smt2(const char *text) {
  fe_diags d = {0};
  return fe_smt2_parse_string("t.smt2", text, strlen(text), &d);
}

static const char *second(const clp_rs *rs) {
  const pf_config *cfg[4];
  return pf_lineup(rs, 4, cfg) >= 2 ? cfg[1]->name : "";
}

static void test_loop(void) {
  clp_rs *rs = smt2(loop);
  CHECK(rs);
  if (!rs) return;
  clp_split *s = clp_split_run(rs);
  CHECK(s);
  if (!s) return;
  CHECK_STR(clp_split_describe(s),
            "st into 4 relations over 2 Boolean arguments "
            "(6 transitions from 5 cases)");
  const clp_rs *q = clp_split_rs(s);
  CHECK(q->nrels == 5); /* query_goal and one st@pq per location */
  const char *names[] = {"st@00", "st@01", "st@10", "st@11"};
  for (int i = 0; i < 4; i++) {
    const clp_rel *r = clp_rs_find(q, names[i]);
    CHECK(r && r->arity == 3);
  }
  CHECK(clp_rs_find(q, "st") == NULL);
  /* the exit (p q = 1 1) is reached from the head and from itself */
  const clp_rel *exit = clp_rs_find(q, "st@11");
  CHECK(exit && exit->body->kind == CLP_F_OR && exit->body->n == 2);
  /* models back: st's is the case over its four locations */
  const clp_formula **inv = NEW_N(const clp_formula *, q->nrels);
  for (int i = 0; i < q->nrels; i++) inv[i] = clp_f_true();
  const clp_formula **back = clp_split_model_back(s, inv);
  const clp_rel *st = clp_rs_find(rs, "st");
  CHECK(back && st && back[st->id]->kind == CLP_F_OR &&
        back[st->id]->n == 4);
  inv[exit->id] = NULL;
  CHECK(clp_split_model_back(s, inv) == NULL);
  /* the portfolio's second configuration runs car on the unsplit form */
  CHECK_STR(second(rs), "car-no-split");
}

static void test_not_split(void) {
  clp_rs *rs = smt2(data);
  CHECK(rs && clp_split_run(rs) == NULL);
  if (rs) CHECK_STR(second(rs), "car-no-houdini");
  /* the same loop written in .clp: its Booleans are left alone */
  const char *clp = "goal E.\nS(b, x) :- b = false, x = 0.\n"
                    "S(c, y) :- S(b, x), c = !b, y = x + 1.\n"
                    "E :- S(b, x), x < 0.\n";
  clp_rs *c = fe_clp_parse_string("t.clp", clp, strlen(clp), NULL);
  CHECK(c && clp_split_run(c) == NULL);
}

int main(void) {
  GC_INIT();
  test_loop();
  test_not_split();
  return check_done("test_split");
}
