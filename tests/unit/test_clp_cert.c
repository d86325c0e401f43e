/* test_clp_cert.c -- clp_rs_print_smt2_cert (clp/print_smt2.c), without Z3:
 * the exact script for a small rule set with an uninterpreted function, an
 * axiom and an invariant quantified over an index variable; the checks
 * counted per clause (facts, a rule with a call, the goal's, the query);
 * refusals (-1, nothing printed) of invariants that are missing, call a
 * relation or have a free variable that is neither a formal nor an index
 * variable.  The solvers' answers are tests/certificate.sh's. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "clp/clp.h"

static const clp_formula *lit(const clp_term *t) {
  return clp_f_lit(t, false, clp_nopos);
}

/* What clp_rs_print_smt2_cert prints (GC string), *n its result. */
static const char *cert(const clp_rs *rs, const clp_formula **inv,
                        const clp_term *const *const *ix, const int *nix,
                        int *n) {
  FILE *tmp = tmpfile();
  if (!tmp) return NULL;
  *n = clp_rs_print_smt2_cert(rs, inv, ix, nix, tmp);
  long len = ftell(tmp);
  char *buf = NEW_ATOMIC_N(char, len + 1);
  rewind(tmp);
  buf[fread(buf, 1, (size_t)len, tmp)] = 0;
  fclose(tmp);
  return buf;
}

int main(void) {
  GC_INIT();
  const clp_sort *I = clp_sort_int(), *M = clp_sort_array(I, I);
  const clp_term *a = clp_var("a", M), *b = clp_var("b", M);
  const clp_term *i = clp_var("i", I), *x = clp_var("x", I);
  const clp_term *u = clp_var("u", I), *k = clp_var("and", I);
  const clp_sort *dom[1] = {I};
  const clp_fun *f = clp_fun_get("f", 1, dom, I);
  const clp_term *fu[1] = {u};
  /* R(a) :- a = const(0).  R(b) :- R(a), b = store(a, i, f(i)).
   * Err :- R(a), select(a, x) < 0.  axiom f(u) >= 0. */
  clp_rs *rs = clp_rs_new("t.clp");
  const clp_sort *sm[1] = {M};
  clp_rel *r = clp_rs_rel(rs, "R", 1, sm, (clp_pos){"t.clp", 1, 1});
  clp_rel *err = clp_rs_rel(rs, "Err", 0, NULL, (clp_pos){"t.clp", 3, 1});
  const clp_term *ha[1] = {a}, *hb[1] = {b}, *fi[1] = {i};
  clp_rs_add_clause(rs, r, ha, lit(clp_eq(a, clp_const_array(M, clp_num(0)))),
                    (clp_pos){"t.clp", 1, 1});
  const clp_formula *b2[2] = {
      clp_f_call(r, ha, clp_nopos),
      lit(clp_eq(b, clp_store(a, i, clp_app(f, fi))))};
  clp_rs_add_clause(rs, r, hb, clp_f_and(2, b2, clp_nopos),
                    (clp_pos){"t.clp", 2, 1});
  const clp_formula *b3[2] = {
      clp_f_call(r, ha, clp_nopos),
      lit(clp_lt(clp_select(a, x), clp_num(0)))};
  clp_rs_add_clause(rs, err, NULL, clp_f_and(2, b3, clp_nopos),
                    (clp_pos){"t.clp", 3, 1});
  clp_rs_add_axiom(rs, lit(clp_le(clp_num(0), clp_app(f, fu))));
  clp_rs_set_goal(rs, err);
  CHECK(clp_rs_finish(rs) == 0);

  /* inv: R(a) := forall x. select(a, x) >= 0 (x the index variable) */
  const clp_formula *inv[2] = {lit(clp_le(clp_num(0), clp_select(r->formals[0], x))),
                               clp_f_false()};
  const clp_term *rix[1] = {x};
  const clp_term *const *ix[2] = {rix, NULL};
  int nix[2] = {1, 0}, n = 0;
  CHECK_STR(cert(rs, inv, ix, nix, &n),
            "; certificate of safety: t.clp\n"
            "; every check-sat below must answer unsat: the invariants (define-fun)\n"
            "; hold initially, are kept by every clause and exclude the goal\n"
            "(set-option :global-declarations true)\n"
            "(set-logic ALL)\n"
            "(declare-fun f (Int) Int)\n"
            "(define-fun R ((a (Array Int Int))) Bool\n"
            "  (forall ((x Int)) (<= (* (- 1) (select a x)) 0)))\n"
            "(define-fun Err () Bool\n"
            "  false)\n"
            "(echo \"clause 1: initiation R at t.clp:1:1\")\n"
            "(assert (forall ((u Int)) (<= (* (- 1) (f u)) 0)))\n"
            "(assert (not (forall ((a (Array Int Int))) (=> (= a ((as const (Array Int Int)) 0)) (R a)))))\n"
            "(check-sat)\n"
            "(reset-assertions)\n"
            "(echo \"clause 2: consecution R at t.clp:2:1\")\n"
            "(assert (forall ((u Int)) (<= (* (- 1) (f u)) 0)))\n"
            "(assert (not (forall ((a (Array Int Int)) (|a$2| (Array Int Int)) (|i$3| Int)) "
            "(=> (and (R |a$2|) (= a (store |a$2| |i$3| (f |i$3|)))) (R a)))))\n"
            "(check-sat)\n"
            "(reset-assertions)\n"
            "(echo \"clause 3: safety Err at t.clp:3:1\")\n"
            "(assert (forall ((u Int)) (<= (* (- 1) (f u)) 0)))\n"
            "(assert (not (forall ((a (Array Int Int)) (x Int)) (=> (and (R a) (<= (select a x) (- 1))) Err))))\n"
            "(check-sat)\n"
            "(reset-assertions)\n"
            "(echo \"clause 4: query Err at t.clp:3:1\")\n"
            "(assert (forall ((u Int)) (<= (* (- 1) (f u)) 0)))\n"
            "(assert (not (not Err)))\n"
            "(check-sat)\n"
            "(reset-assertions)\n");
  CHECK(n == 4);

  /* refused, nothing printed: x free but not R's index variable (ix
   * NULL); a free variable other than the index; a call; a missing one */
  CHECK_STR(cert(rs, inv, NULL, NULL, &n), "");
  CHECK(n == -1);
  const clp_formula *stray[2] = {lit(clp_le(k, clp_select(r->formals[0], x))),
                                 clp_f_false()};
  CHECK_STR(cert(rs, stray, ix, nix, &n), "");
  CHECK(n == -1);
  const clp_term *ca[1] = {r->formals[0]};
  const clp_formula *call[2] = {clp_f_call(r, ca, clp_nopos), clp_f_false()};
  CHECK_STR(cert(rs, call, ix, nix, &n), "");
  CHECK(n == -1);
  const clp_formula *none[2] = {NULL, clp_f_false()};
  CHECK_STR(cert(rs, none, ix, nix, &n), "");
  CHECK(n == -1);
  return check_done("test_clp_cert");
}
