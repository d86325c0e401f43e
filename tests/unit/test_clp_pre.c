/* test_clp_pre.c -- the CHC preprocessor (clp/pre.h) without Z3, an
 * engine or a frontend: rule sets built with the clp API; statuses
 * (inlined, kept, empty, dropped), the shape of the preprocessed bodies,
 * models translated back.  Linked with the clp library only (which does
 * not link libz3: tests/CMakeLists.txt checks the binary).  The checks
 * that need Z3 (certificates, the engine) are in test_pre.c. */
#include <stdarg.h>
#include <string.h>

#include "clp/pre.h"
#include "check.h"

static const clp_term *v(const char *name) {
  return clp_var(name, clp_sort_int());
}
static const clp_term *n(int64_t k) { return clp_num(k); }
static const clp_formula *lit(const clp_term *t) {
  return clp_f_lit(t, false, clp_nopos);
}

/* A relation of Int arguments. */
static clp_rel *rel(clp_rs *rs, const char *name, int arity) {
  const clp_sort *s[8];
  for (int i = 0; i < arity; i++) s[i] = clp_sort_int();
  return clp_rs_rel(rs, name, arity, s, clp_nopos);
}

/* Clause r(head) :- the nb formulas that follow (their conjunction). */
static void clause(clp_rs *rs, clp_rel *r, const clp_term **head, int nb,
                   ...) {
  const clp_formula *b[8];
  va_list ap;
  va_start(ap, nb);
  for (int i = 0; i < nb; i++) b[i] = va_arg(ap, const clp_formula *);
  va_end(ap);
  clp_rs_add_clause(rs, r, head, clp_f_and(nb, b, clp_nopos), clp_nopos);
}

#define ARGS(...) ((const clp_term *[]){__VA_ARGS__})
#define CALL(r, ...) clp_f_call((r), ARGS(__VA_ARGS__), clp_nopos)

/* s with every "$N" suffix of a generated name spelled "$". */
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

/* goal E.  Init(x, y) :- x = 0, y = 0.  Step(a, b) :- b = a + 1.
 * Inc(x, y, x1, y1) :- Step(x, x1), Step(y, y1).  L(x, y) :- Init(x, y).
 * L(x1, y1) :- L(x, y), Inc(x, y, x1, y1).  Dead(x) :- Dead(y), x = y + 1.
 * Unused(x) :- L(x, x).  E :- L(x, y), x < y.  E :- Dead(x), x > 0. */
static clp_rs *nested(void) {
  clp_rs *rs = clp_rs_new("t.clp");
  const clp_term *x = v("x"), *y = v("y"), *x1 = v("x1"), *y1 = v("y1");
  const clp_term *a = v("a"), *b = v("b");
  clp_rel *E = rel(rs, "E", 0), *Init = rel(rs, "Init", 2);
  clp_rel *Step = rel(rs, "Step", 2), *Inc = rel(rs, "Inc", 4);
  clp_rel *L = rel(rs, "L", 2), *Dead = rel(rs, "Dead", 1);
  clp_rel *Unused = rel(rs, "Unused", 1);
  clp_rs_set_goal(rs, E);
  clause(rs, Init, ARGS(x, y), 2, lit(clp_eq(x, n(0))), lit(clp_eq(y, n(0))));
  clause(rs, Step, ARGS(a, b), 1, lit(clp_eq(b, clp_add(a, n(1)))));
  clause(rs, Inc, ARGS(x, y, x1, y1), 2, CALL(Step, x, x1), CALL(Step, y, y1));
  clause(rs, L, ARGS(x, y), 1, CALL(Init, x, y));
  clause(rs, L, ARGS(x1, y1), 2, CALL(L, x, y), CALL(Inc, x, y, x1, y1));
  clause(rs, Dead, ARGS(x), 2, CALL(Dead, y), lit(clp_eq(x, clp_add(y, n(1)))));
  clause(rs, Unused, ARGS(x), 1, CALL(L, x, x));
  clause(rs, E, NULL, 2, CALL(L, x, y), lit(clp_lt(x, y)));
  clause(rs, E, NULL, 2, CALL(Dead, x), lit(clp_gt(x, n(0))));
  CHECK(clp_rs_finish(rs) == 0);
  return rs;
}

static void test_statuses(void) {
  clp_rs *rs = nested();
  clp_pre *p = clp_pre_run(rs);
  CHECK(p != NULL);
  if (!p) return;
  clp_pre_stats s;
  clp_pre_get_stats(p, &s);
  CHECK(s.kept == 2 && s.inlined == 3 && s.empty == 1 && s.dropped == 1);
  const clp_rs *q = clp_pre_rs(p);
  CHECK(q->nrels == 2 && clp_rs_find(q, "L") && clp_rs_find(q, "E"));
  CHECK(q->goal && !strcmp(q->goal->name, "E"));
  const clp_rel *L = clp_rs_find(q, "L");
  /* Init inlined, Inc and Step inlined in the recursive clause */
  CHECK_STR(nodollar(clp_f_str(L->body)),
            "x = 0, y = 0 ; L(x$, y$), x = x$ + 1, y = y$ + 1");
  /* E's clause through Dead is gone (Dead is empty) */
  CHECK_STR(nodollar(clp_f_str(clp_rs_find(q, "E")->body)),
            "L(x$, y$), x$ + 1 <= y$");
  /* the original set is untouched */
  CHECK(rs->nrels == 7 && clp_rs_find(rs, "L")->body != L->body);
  CHECK(clp_rs_find(rs, "L") != L);
}

/* Invariants by hand for the preprocessed set, translated back. */
static void test_model_back(void) {
  clp_rs *rs = nested();
  clp_pre *p = clp_pre_run(rs);
  if (!p) { CHECK(0); return; }
  const clp_rs *q = clp_pre_rs(p);
  const clp_rel *L = clp_rs_find(q, "L");
  const clp_formula **inv = NEW_N(const clp_formula *, q->nrels);
  inv[L->id] = lit(clp_eq(L->formals[0], L->formals[1]));
  inv[q->goal->id] = clp_f_false();
  const clp_formula **back = clp_pre_model_back(p, inv);
  CHECK(back != NULL);
  if (!back) return;
  CHECK_STR(clp_f_str(back[clp_rs_find(rs, "Dead")->id]), "false");
  CHECK_STR(clp_f_str(back[clp_rs_find(rs, "Unused")->id]), "true");
  CHECK_STR(clp_f_str(back[clp_rs_find(rs, "Inc")->id]),
            "x + 1 = x1, y + 1 = y1");
  CHECK_STR(clp_f_str(back[clp_rs_find(rs, "Init")->id]), "x = 0, y = 0");
  inv[L->id] = NULL; /* a missing invariant: no model */
  CHECK(clp_pre_model_back(p, inv) == NULL);
}

static void test_edge_cases(void) {
  /* the goal itself cannot be derived: kept, body false */
  clp_rs *rs = clp_rs_new("t.clp");
  const clp_term *x = v("x"), *y = v("y"), *z = v("z"), *w = v("w");
  clp_rel *R = rel(rs, "R", 1), *E = rel(rs, "E", 0);
  clp_rs_set_goal(rs, E);
  clause(rs, E, NULL, 2, CALL(R, x), lit(clp_gt(x, n(0))));
  CHECK(clp_rs_finish(rs) == 0);
  clp_pre *p = clp_pre_run(rs);
  CHECK(p && clp_pre_rs(p)->nrels == 1);
  if (p) CHECK(clp_pre_rs(p)->goal->body->kind == CLP_F_FALSE);
  /* a local defined as a variable or constant is substituted away; one
   * defined by a compound term is kept (CAR's literals stay as written) */
  rs = clp_rs_new("t.clp");
  E = rel(rs, "E", 0);
  clp_rel *L = rel(rs, "L", 1);
  clp_rs_set_goal(rs, E);
  clause(rs, L, ARGS(x), 1, lit(clp_eq(x, n(0))));
  clause(rs, L, ARGS(x), 4, CALL(L, y), lit(clp_eq(z, y)),
         lit(clp_eq(w, n(3))), lit(clp_eq(x, clp_add(z, w))));
  clause(rs, E, NULL, 2, CALL(L, x), lit(clp_lt(x, n(0))));
  CHECK(clp_rs_finish(rs) == 0);
  p = clp_pre_run(rs);
  CHECK(p != NULL);
  if (p) {
    const clp_rel *Lq = clp_rs_find(clp_pre_rs(p), "L");
    CHECK_STR(nodollar(clp_f_str(Lq->body)), "x = 0 ; L(z$), x = z$ + 3");
    CHECK(Lq->nlocals == 1);
    clp_pre_stats s;
    clp_pre_get_stats(p, &s);
    CHECK(s.eliminated == 2);
  }
  /* systems (index variables) are left alone */
  rs->nindex = 1;
  CHECK(clp_pre_run(rs) == NULL);
}

/* The one walker over calls (clp/calls.c) on nested(): callees, "does f
 * call r", recursion through one or more calls. */
static void test_calls(void) {
  clp_rs *rs = nested();
  const clp_rel *E = clp_rs_find(rs, "E"), *L = clp_rs_find(rs, "L");
  const clp_rel *Inc = clp_rs_find(rs, "Inc"), *Dead = clp_rs_find(rs, "Dead");
  const clp_rel *Step = clp_rs_find(rs, "Step"), *Init = clp_rs_find(rs, "Init");
  bool *out = NEW_ATOMIC_N(bool, rs->nrels);
  memset(out, 0, (size_t)rs->nrels);
  clp_f_callees(L->body, out);
  int n = 0;
  for (int i = 0; i < rs->nrels; i++) n += out[i];
  CHECK(n == 3 && out[L->id] && out[Inc->id] && out[Init->id]);
  CHECK(clp_f_calls_rel(E->body, Dead) && clp_f_calls_rel(E->body, L));
  CHECK(!clp_f_calls_rel(E->body, Inc) && !clp_f_calls_rel(Inc->body, Inc));
  bool *rec = clp_rs_recursive(rs);
  CHECK(rec[L->id] && rec[Dead->id] && !rec[Inc->id] && !rec[E->id] &&
        !rec[Step->id]);
  CHECK(clp_rel_recursive(L, rs->nrels) && !clp_rel_recursive(Init, rs->nrels));
}

int main(void) {
  GC_INIT();
  test_calls();
  test_statuses();
  test_model_back();
  test_edge_cases();
  return check_done("test_clp_pre");
}
