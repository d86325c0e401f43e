/* test_clp.c -- unit tests of the IR core (clp/): hash-consing,
 * normalisation, formulas, clause merging, traces, evaluation, printing. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "clp/clp.h"
#include "clp/strset.h"

static const clp_sort *I, *B, *M;
static const clp_term *x, *y, *z, *p, *q, *a, *d;

static const clp_term *n(int64_t k) { return clp_num(k); }

static void test_sorts(void) {
  CHECK(clp_sort_int() == clp_sort_int());
  CHECK(clp_sort_array(I, I) == M);
  CHECK(clp_sort_array(I, B) != M);
  CHECK_STR(clp_sort_str(M), "(Array Int Int)");
  CHECK_STR(clp_sort_str(clp_sort_array(I, M)), "(Array Int (Array Int Int))");
  const clp_sort *dom[1] = {I};
  const clp_fun *f = clp_fun_get("isInt", 1, dom, B);
  CHECK(f && f == clp_fun_get("isInt", 1, dom, B));
  CHECK(clp_fun_get("isInt", 1, dom, I) == NULL);
  CHECK(clp_fun_get("isInt", 0, NULL, B) == NULL);
}

static void test_hashcons(void) {
  CHECK(clp_var("x", I) == x);
  CHECK(clp_var("x", B) != x);
  CHECK(clp_var_labelled(x, 3) == clp_var_labelled(x, 3));
  CHECK(clp_var_labelled(x, 3) != clp_var_labelled(x, 2));
  CHECK(clp_var_labelled(x, 0) == x);
  CHECK(n(5) == n(5) && n(5) != n(6));
  CHECK(clp_select(a, x) == clp_select(a, x));
  unsigned c = clp_term_count();
  CHECK(x->id < c && clp_add(x, y)->id < clp_term_count());
  const clp_term *s = clp_store(a, z, y);
  CHECK(s->id == clp_term_count() - 1 || s->id < clp_term_count());
  CHECK(clp_store(a, z, y) == s);
}

static void test_arith(void) {
  CHECK(clp_add(n(3), n(4)) == n(7));
  CHECK(clp_mul(n(3), n(4)) == n(12));
  CHECK(clp_add(x, y) == clp_add(y, x));
  CHECK(clp_add(x, n(0)) == x);
  CHECK(clp_sub(x, x) == n(0));
  CHECK(clp_add(clp_add(x, y), clp_neg(y)) == x);
  CHECK(clp_neg(clp_neg(x)) == x);
  CHECK(clp_mul(n(1), x) == x);
  CHECK(clp_mul(n(0), x) == n(0));
  /* 2*(x + 3) = 2x + 6 = x + x + 6 */
  CHECK(clp_mul(n(2), clp_add(x, n(3))) == clp_add(clp_add(x, x), n(6)));
  /* normal form shape: ADD(NUM 6, MUL(NUM 2, x)) */
  const clp_term *t = clp_mul(n(2), clp_add(x, n(3)));
  CHECK(t->op == CLP_ADD && t->n == 2 && t->kids[0] == n(6));
  CHECK(t->kids[1]->op == CLP_MUL && t->kids[1]->kids[0] == n(2) &&
        t->kids[1]->kids[1] == x);
  /* summands sorted by id */
  t = clp_add(clp_add(z, x), y);
  CHECK(t->op == CLP_ADD && t->n == 3 && t->kids[0] == x && t->kids[1] == y &&
        t->kids[2] == z);
  /* nonlinear */
  CHECK(clp_mul(x, y) == clp_mul(y, x));
  CHECK(clp_mul(x, y)->op == CLP_MUL && clp_mul(x, y)->kids[0] == x);
  CHECK(clp_mul(clp_mul(n(2), x), y) == clp_mul(n(2), clp_mul(x, y)));
  /* div/mod folding, Euclidean */
  CHECK(clp_div(n(-7), n(2)) == n(-4));
  CHECK(clp_mod(n(-7), n(2)) == n(1));
  CHECK(clp_div(n(7), n(-2)) == n(-3));
  CHECK(clp_mod(n(7), n(-2)) == n(1));
  CHECK(clp_div(n(-7), n(-2)) == n(4));
  CHECK(clp_mod(n(-7), n(-2)) == n(1));
  CHECK(clp_div(x, n(0))->op == CLP_DIV);
  CHECK(clp_div(x, n(1)) == x);
  /* overflow does not fold wrongly */
  t = clp_add(n(INT64_MAX), n(1));
  CHECK(t->op == CLP_ADD);
  CHECK(clp_mul(n(INT64_MAX), clp_add(x, n(2)))->op != CLP_NUM);
}

static void test_compare(void) {
  CHECK(clp_le(n(1), n(2)) == clp_true());
  CHECK(clp_le(n(3), n(2)) == clp_false());
  CHECK(clp_eq(n(2), n(2)) == clp_true());
  CHECK(clp_eq(x, x) == clp_true());
  CHECK(clp_lt(x, y) == clp_le(clp_add(x, n(1)), y));
  CHECK(clp_ge(x, y) == clp_le(y, x));
  CHECK(clp_gt(x, y) == clp_le(clp_add(y, n(1)), x));
  /* 2x <= 5  ==  x <= 2 */
  const clp_term *t = clp_le(clp_mul(n(2), x), n(5));
  CHECK(t == clp_le(x, n(2)));
  CHECK(t->op == CLP_LE && t->kids[0] == x && t->kids[1] == n(2));
  /* 2x <= -5  ==  x <= -3 (floor) */
  CHECK(clp_le(clp_mul(n(2), x), n(-5)) == clp_le(x, n(-3)));
  /* 2x = 5 is false; 2x = 6 is x = 3 */
  CHECK(clp_eq(clp_mul(n(2), x), n(5)) == clp_false());
  CHECK(clp_eq(clp_mul(n(2), x), n(6)) == clp_eq(x, n(3)));
  /* x + y = y + x: same pointer, and symmetric */
  CHECK(clp_eq(clp_add(x, y), n(1)) == clp_eq(clp_add(y, x), n(1)));
  CHECK(clp_eq(x, y) == clp_eq(y, x));
  t = clp_eq(x, y);
  CHECK(t->op == CLP_EQ && t->kids[1] == n(0));
  /* first coefficient positive for = */
  t = clp_eq(n(0), clp_sub(x, y));
  CHECK(t == clp_eq(x, y));
  CHECK(clp_eq(clp_neg(x), n(3)) == clp_eq(x, n(-3)));
  /* constant moved right */
  CHECK(clp_le(clp_add(x, n(3)), y) == clp_le(clp_sub(x, y), n(-3)));
  CHECK(clp_le(clp_add(x, n(3)), y)->kids[1] == n(-3));
  /* strict vs non-strict */
  CHECK(clp_lt(x, n(5)) == clp_le(x, n(4)));
  /* Bool equalities */
  CHECK(clp_eq(p, clp_true()) == p);
  CHECK(clp_eq(clp_false(), p) == clp_not(p));
  CHECK(clp_eq(p, q) == clp_eq(q, p));
  CHECK(clp_eq(p, q)->op == CLP_EQ);
  CHECK(clp_eq(clp_true(), clp_false()) == clp_false());
  CHECK(clp_eq(a, a) == clp_true());
  CHECK(clp_eq(a, d) == clp_eq(d, a));
  /* overflowing comparisons stay correct (not folded) */
  t = clp_le(clp_add(x, n(INT64_MAX)), clp_add(y, n(INT64_MIN)));
  CHECK(t->op == CLP_LE);
}

static void test_bool(void) {
  CHECK(clp_not(clp_not(p)) == p);
  CHECK(clp_not(clp_true()) == clp_false());
  const clp_term *k[4] = {p, clp_true(), q, p};
  const clp_term *t = clp_and(4, k);
  CHECK(t->op == CLP_AND && t->n == 2);
  const clp_term *k2[2] = {t, clp_not(p)};
  CHECK(clp_and(2, k2)->n == 3); /* flattened */
  const clp_term *k3[2] = {p, clp_false()};
  CHECK(clp_and(2, k3) == clp_false());
  CHECK(clp_or(2, k3) == p);
  CHECK(clp_and(0, NULL) == clp_true());
  CHECK(clp_or(0, NULL) == clp_false());
  CHECK(clp_ite(p, x, x) == x);
  CHECK(clp_ite(clp_true(), x, y) == x);
  CHECK(clp_ite(clp_false(), x, y) == y);
  CHECK(clp_ite(clp_not(p), x, y) == clp_ite(p, y, x));
  CHECK(clp_is_atom(p) && clp_is_atom(clp_eq(x, y)));
  CHECK(!clp_is_atom(clp_not(p)) && !clp_is_atom(clp_true()) && !clp_is_atom(x));
}

static void test_arrays(void) {
  CHECK(clp_select(clp_store(a, x, y), x) == y);
  CHECK(clp_select(clp_const_array(M, n(0)), x) == n(0));
  CHECK(clp_select(clp_store(a, n(1), y), n(2)) == clp_select(a, n(2)));
  CHECK(clp_select(clp_store(a, x, y), z)->op == CLP_SELECT);
  CHECK(clp_store(clp_store(a, x, y), x, z) == clp_store(a, x, z));
  CHECK(clp_select(a, x)->sort == I);
  CHECK(clp_store(a, x, y)->sort == M);
}

static void test_subst(void) {
  clp_subst *s = clp_subst_new();
  clp_subst_add(s, x, clp_add(y, n(1)));
  CHECK(clp_subst_get(s, x) == clp_add(y, n(1)));
  CHECK(clp_subst_get(s, y) == NULL);
  /* (x <= y)[x := y+1] == (y + 1 <= y) == false */
  CHECK(clp_subst_term(s, clp_le(x, y)) == clp_false());
  /* same pointer as direct construction */
  const clp_term *t = clp_le(clp_add(x, clp_mul(n(2), z)), n(7));
  CHECK(clp_subst_term(s, t) == clp_le(clp_add(clp_add(y, n(1)), clp_mul(n(2), z)), n(7)));
  const clp_term *fo[1] = {x}, *ar[1] = {clp_sub(z, y)};
  CHECK(clp_subst_args(clp_eq(x, y), 1, fo, ar) == clp_eq(z, clp_mul(n(2), y)));
  CHECK(clp_subst_args(clp_select(a, x), 1, fo, ar) == clp_select(a, clp_sub(z, y)));
  /* labelling */
  const clp_term *l = clp_term_label(clp_le(x, y), 2);
  CHECK(l == clp_le(clp_var_labelled(x, 2), clp_var_labelled(y, 2)));
  CHECK(clp_term_label(l, 3) == l);
  /* vars in first occurrence order, no duplicates */
  const clp_term **v = NULL;
  int cap = 0, nv = clp_term_vars(clp_add(clp_select(a, z), clp_mul(n(2), x)), &v, 0, &cap);
  CHECK(nv == 3);
  nv = clp_term_vars(clp_le(x, y), &v, nv, &cap);
  CHECK(nv == 4 && v[3] == y);
}

static void test_formulas(void) {
  clp_pos pos = {"t.clp", 1, 2};
  const clp_formula *f = clp_f_lit(clp_not(p), false, pos);
  CHECK(f->kind == CLP_F_LIT && f->atom == p && f->neg && f->id == -1);
  CHECK(f->pos.line == 1 && f->pos.col == 2);
  const clp_term *k[2] = {p, clp_eq(x, y)};
  f = clp_f_lit(clp_and(2, k), true, pos); /* !(p & x=y) = !p ; !(x=y) */
  CHECK(f->kind == CLP_F_OR && f->n == 2 && f->kids[0]->neg && f->kids[1]->neg);
  CHECK(f->kids[1]->atom == clp_eq(x, y));
  f = clp_f_lit(clp_true(), true, pos);
  CHECK(f->kind == CLP_F_FALSE);
  const clp_formula *l1 = clp_f_lit(p, false, pos), *l2 = clp_f_lit(q, false, pos);
  const clp_formula *ks[4] = {l1, clp_f_true(), clp_f_and2(l2, l1), clp_f_true()};
  f = clp_f_and(4, ks, pos);
  CHECK(f->kind == CLP_F_AND && f->n == 3);
  CHECK(clp_f_and(0, NULL, pos)->kind == CLP_F_TRUE);
  CHECK(clp_f_or(0, NULL, pos)->kind == CLP_F_FALSE);
  CHECK(clp_f_or2(l1, clp_f_true())->kind == CLP_F_TRUE);
  CHECK(clp_f_and2(l1, clp_f_false())->kind == CLP_F_FALSE);
  const clp_formula *nf = clp_f_not(f);
  CHECK(nf->kind == CLP_F_OR && nf->n == 3 && nf->kids[0]->neg);
  CHECK(clp_f_equal(clp_f_not(nf), f));
  CHECK(!clp_f_equal(nf, f));
  const clp_formula *im = clp_f_implies(l1, l2);
  CHECK(im->kind == CLP_F_OR && im->kids[0]->neg && !im->kids[1]->neg);
  /* substitution folds */
  const clp_formula *le = clp_f_lit(clp_le(x, y), false, pos);
  const clp_term *fo[1] = {x}, *ar[1] = {clp_add(y, n(1))};
  CHECK(clp_f_subst_args(le, 1, fo, ar)->kind == CLP_F_FALSE);
  const clp_formula *lab = clp_f_label(le, 1);
  CHECK(lab->kind == CLP_F_LIT &&
        lab->atom == clp_le(clp_var_labelled(x, 1), clp_var_labelled(y, 1)));
  /* atoms and vars */
  const clp_term **v = NULL;
  int cap = 0;
  const clp_formula *ks2[3] = {le, l1, clp_f_lit(clp_le(y, x), true, pos)};
  const clp_formula *g = clp_f_and(3, ks2, pos);
  CHECK(clp_f_atoms(g, &v, 0, &cap) == 3 && v[1] == p);
  cap = 0; v = NULL;
  CHECK(clp_f_vars(g, &v, 0, &cap) == 3 && v[0] == x && v[1] == y && v[2] == p);
  CHECK(!clp_f_has_call(g));
}

static void test_rules(void) {
  const clp_sort *s2[2] = {I, I};
  clp_rs *rs = clp_rs_new("t.clp");
  clp_rel *r = clp_rs_rel(rs, "r", 2, s2, clp_nopos);
  CHECK(r && clp_rs_rel(rs, "r", 2, s2, clp_nopos) == r);
  CHECK(clp_rs_rel(rs, "r", 1, s2, clp_nopos) == NULL);
  clp_rel *g = clp_rs_rel(rs, "g", 0, NULL, clp_nopos);
  clp_rel *e = clp_rs_rel(rs, "e", 1, s2, clp_nopos); /* no clause */
  CHECK(clp_rs_find(rs, "g") == g && clp_rs_find(rs, "nope") == NULL);
  /* r(0, y) :- y >= 1.   r(x, y) :- r(x - 1, z), y = z + x. */
  const clp_term *h1[2] = {n(0), y};
  clp_rs_add_clause(rs, r, h1, clp_f_lit(clp_ge(y, n(1)), false, clp_nopos), clp_nopos);
  const clp_term *h2[2] = {x, y}, *ca[2] = {clp_sub(x, n(1)), z};
  const clp_formula *b2[2] = {clp_f_call(r, ca, clp_nopos),
                              clp_f_lit(clp_eq(y, clp_add(z, x)), false, clp_nopos)};
  clp_rs_add_clause(rs, r, h2, clp_f_and(2, b2, clp_nopos), clp_nopos);
  /* g :- r(x, y), e(x), y <= 0. */
  const clp_term *ea[1] = {x};
  const clp_formula *b3[3] = {clp_f_call(r, h2, clp_nopos), clp_f_call(e, ea, clp_nopos),
                              clp_f_lit(clp_le(y, n(0)), false, clp_nopos)};
  clp_rs_add_clause(rs, g, NULL, clp_f_and(3, b3, clp_nopos), clp_nopos);
  CHECK(clp_rs_finish(rs) == -1); /* no goal yet */
  clp_rs_set_goal(rs, g);
  CHECK(clp_rs_finish(rs) == 0);
  /* r: two clauses merged into one OR, formals fresh (first head is not all vars) */
  CHECK(r->body->kind == CLP_F_OR && r->body->n == 2);
  CHECK(r->formals[0] != x && r->formals[1] != y);
  CHECK(r->body->id == 0 && r->body->kids[0]->id == 1);
  /* ids preorder and dense */
  const clp_formula *c1 = r->body->kids[0];
  CHECK(c1->kind == CLP_F_AND && c1->n == 2);
  /* formal0 = 0 and formal1 >= 1 */
  CHECK(c1->kids[0]->kind == CLP_F_LIT && c1->kids[0]->atom == clp_eq(r->formals[0], n(0)));
  CHECK(c1->kids[1]->atom == clp_le(n(1), r->formals[1]));
  const clp_formula *c2 = r->body->kids[1];
  CHECK(c2->kind == CLP_F_AND && c2->kids[0]->kind == CLP_F_CALL);
  CHECK(c2->kids[0]->args[0] == clp_sub(r->formals[0], n(1)));
  CHECK(c2->kids[0]->args[1] != z && c2->kids[0]->args[1]->op == CLP_VAR);
  CHECK(c2->kids[1]->id == c2->kids[0]->id + 1);
  CHECK(r->nlocals == 1 && r->locals[0] == c2->kids[0]->args[1]);
  CHECK(!strncmp(r->locals[0]->name, "z$", 2));
  /* g: one clause, nullary: names kept */
  CHECK(g->body->kind == CLP_F_AND && g->body->n == 3 && g->nlocals == 2);
  CHECK(g->locals[0] == x && g->locals[1] == y);
  CHECK(g->body->kids[2]->id == 3);
  /* e: no clause */
  CHECK(e->body->kind == CLP_F_FALSE);
  CHECK(rs->nrels == 3 && rs->rels[2] == e && e->id == 2 && e->base == e);

  /* single clause with distinct variable heads keeps names */
  clp_rs *rs2 = clp_rs_new(NULL);
  clp_rel *t = clp_rs_rel(rs2, "t", 2, s2, clp_nopos);
  clp_rs_add_clause(rs2, t, h2, clp_f_lit(clp_lt(x, y), false, clp_nopos), clp_nopos);
  clp_rs_set_goal(rs2, t);
  CHECK(clp_rs_finish(rs2) == 0);
  CHECK(t->formals[0] == x && t->formals[1] == y && t->nlocals == 0);
  CHECK(t->body->kind == CLP_F_LIT && t->body->atom == clp_lt(x, y) && t->body->id == 0);

  /* repeated head variable: t2(x, x) gives formal1 = formal0 */
  clp_rel *t2 = clp_rs_rel(rs2, "t2", 2, s2, clp_nopos);
  const clp_term *hx[2] = {x, x};
  clp_rs_add_clause(rs2, t2, hx, clp_f_true(), clp_nopos);
  clp_rs_finish(rs2);
  CHECK(t2->body->kind == CLP_F_LIT &&
        t2->body->atom == clp_eq(t2->formals[0], t2->formals[1]));
  CHECK(t->formals[0] == x); /* unchanged by the second finish */
}

/* Trace of g -> r (clause 2) -> r (clause 1), with e unexplored: only the
 * structure matters here. */
static void test_trace(void) {
  const clp_sort *s1[1] = {I};
  clp_rs *rs = clp_rs_new(NULL);
  clp_rel *r = clp_rs_rel(rs, "r", 1, s1, clp_nopos);
  clp_rel *g = clp_rs_rel(rs, "g", 0, NULL, clp_nopos);
  const clp_term *h[1] = {x}, *c[1] = {clp_add(x, n(1))};
  const clp_formula *alt[2] = {
    clp_f_lit(clp_eq(x, n(0)), false, clp_nopos),
    clp_f_and2(clp_f_lit(clp_le(n(1), x), false, clp_nopos), clp_f_call(r, c, clp_nopos))};
  clp_rs_add_clause(rs, r, h, clp_f_or(2, alt, clp_nopos), clp_nopos);
  const clp_term *c0[1] = {n(5)};
  clp_rs_add_clause(rs, g, NULL, clp_f_call(r, c0, clp_nopos), clp_nopos);
  clp_rs_set_goal(rs, g);
  CHECK(clp_rs_finish(rs) == 0);
  /* r body: OR(0) [LIT(1), AND(2) [LIT(3), CALL(4)]] */
  const clp_formula *or = r->body, *l1 = or->kids[0], *an = or->kids[1];
  CHECK(or->id == 0 && l1->id == 1 && an->id == 2 && an->kids[0]->id == 3 &&
        an->kids[1]->id == 4);
  clp_tnode nodes[3];
  int ch0[1] = {1}, ch1[1] = {2};
  const clp_formula *gcall = g->body;
  CHECK(gcall->kind == CLP_F_CALL && gcall->id == 0);
  nodes[0] = (clp_tnode){g, 0, NULL, 1, &g->body, ch0};
  const clp_formula *lits1[1] = {an->kids[0]}, *calls1[1] = {an->kids[1]};
  nodes[1] = (clp_tnode){r, 1, lits1, 1, calls1, ch1};
  const clp_formula *lits2[1] = {l1};
  nodes[2] = (clp_tnode){r, 1, lits2, 0, NULL, NULL};
  clp_trace tr = {3, nodes};
  CHECK_STR(clp_trace_key(&tr), "g[0](r[3,4](r[1]()))");
  clp_trace tr2 = {1, nodes + 2};
  CHECK_STR(clp_trace_key(&tr2), "r[1]()");
  clp_rs *T = clp_trace_rs(&tr);
  CHECK(T->nrels == 3 && T->goal == T->rels[0]);
  CHECK_STR(T->rels[0]->name, "g#0");
  CHECK_STR(T->rels[1]->name, "r#1");
  CHECK(T->rels[1]->base == r && T->rels[1]->formals == r->formals);
  const clp_formula *b1 = T->rels[1]->body;
  CHECK(b1->kind == CLP_F_AND && b1->n == 2 && b1->kids[0] == an->kids[0]);
  CHECK(b1->kids[1]->kind == CLP_F_CALL && b1->kids[1]->rel == T->rels[2]);
  CHECK(b1->kids[1]->id == 4 && b1->kids[1]->args == an->kids[1]->args);
  CHECK(T->rels[2]->body == l1);
  CHECK(T->rels[0]->body->kind == CLP_F_CALL && T->rels[0]->body->rel == T->rels[1]);
  CHECK(r->body->kids[1]->kids[1]->rel == r); /* original untouched */
  CHECK(l1->id == 1 && an->kids[0]->id == 3); /* not renumbered */
}

static void test_eval(void) {
  clp_env *e = clp_env_new();
  clp_env_set(e, x, clp_v_int(-7));
  clp_env_set(e, y, clp_v_int(2));
  CHECK(clp_env_get(e, x)->i == -7);
  CHECK(clp_eval(clp_div(x, y), e)->i == -4);
  CHECK(clp_eval(clp_mod(x, y), e)->i == 1);
  CHECK(clp_eval(clp_div(x, clp_neg(y)), e)->i == 4);
  CHECK(clp_eval(clp_mod(x, clp_neg(y)), e)->i == 1);
  CHECK(clp_eval(clp_div(n(7), clp_neg(y)), e)->i == -3);
  CHECK(clp_eval(clp_div(x, z), e) == NULL); /* z unbound */
  clp_env_set(e, z, clp_v_int(0));
  CHECK(clp_eval(clp_div(x, z), e) == NULL); /* division by zero */
  CHECK(clp_eval(clp_mod(x, z), e) == NULL);
  CHECK(clp_eval(clp_add(x, clp_mul(n(3), y)), e)->i == -1);
  CHECK(clp_eval(clp_le(x, y), e)->b == true);
  CHECK(clp_eval(clp_eq(x, y), e)->b == false);
  /* beyond 2^63: exact in 128 bits, "cannot evaluate" beyond */
  clp_env_set(e, z, clp_v_int(INT64_MAX));
  CHECK(clp_eval(clp_add(z, y), e)->i == (clp_vint)INT64_MAX + 2);
  CHECK(clp_eval(clp_mul(z, y), e)->i == (clp_vint)INT64_MAX * 2);
  CHECK(clp_eval(clp_sub(x, z), e)->i == -7 - (clp_vint)INT64_MAX);
  CHECK(clp_eval(clp_sub(clp_neg(z), n(1)), e)->i == INT64_MIN);
  CHECK(clp_eval(clp_mod(clp_add(z, z), n(-3)), e)->i == 2); /* 2^64-2 */
  CHECK(clp_eval(clp_div(clp_add(z, z), n(-3)), e)->i == -(((clp_vint)INT64_MAX * 2 - 2) / 3));
  CHECK_STR(clp_v_str(clp_eval(clp_add(z, z), e)), "18446744073709551614");
  CHECK_STR(clp_vint_str(-((clp_vint)1 << 100)), "-1267650600228229401496703205376");
  clp_vint big;
  CHECK(clp_vint_parse("-170141183460469231731687303715884105728", &big) &&
        big == (clp_vint)((unsigned __int128)1 << 127));
  CHECK(clp_vint_parse("170141183460469231731687303715884105727", &big) &&
        big == (clp_vint)(((unsigned __int128)1 << 127) - 1));
  CHECK(!clp_vint_parse("170141183460469231731687303715884105728", &big));
  CHECK(!clp_vint_parse("12a", &big) && !clp_vint_parse("-", &big));
  clp_env_set(e, z, clp_v_int((clp_vint)1 << 100));
  CHECK(clp_eval(clp_mul(z, z), e) == NULL);            /* 2^200 */
  CHECK(clp_eval(clp_mul(z, n((int64_t)1 << 26)), e)->i == (clp_vint)1 << 126);
  CHECK(clp_eval(clp_mul(z, n((int64_t)1 << 27)), e) == NULL);  /* 2^127 */
  clp_env_set(e, z, clp_v_int((clp_vint)((unsigned __int128)1 << 127)));
  clp_env_set(e, q, clp_v_bool(true));
  CHECK(clp_eval(clp_div(z, clp_neg(clp_var("one", I))), e) == NULL);
  CHECK(clp_eval(clp_sub(z, n(1)), e) == NULL);
  /* Kleene: false /\ unknown = false */
  const clp_term *k[2] = {clp_le(y, x), clp_le(clp_var("u", I), x)};
  CHECK(clp_eval(clp_and(2, k), e) && clp_eval(clp_and(2, k), e)->b == false);
  CHECK(clp_eval(clp_or(2, k), e) == NULL);
  CHECK(clp_eval(clp_ite(q, x, clp_var("u", I)), e)->i == -7);
  /* arrays */
  const clp_value *zero = clp_v_int(0), *one = clp_v_int(1);
  const clp_vint keys[3] = {5, 2, 5};
  const clp_value *vals[3] = {one, one, zero};
  const clp_value *arr = clp_v_array(zero, 3, keys, vals);
  CHECK(arr->n == 1 && arr->keys[0] == 2); /* 5 -> 0 (last wins) equals default */
  CHECK_STR(clp_v_str(arr), "store(const(0), 2, 1)");
  clp_env_set(e, a, arr);
  CHECK(clp_eval(clp_select(a, y), e)->i == 1);
  CHECK(clp_eval(clp_select(a, x), e)->i == 0);
  const clp_value *st = clp_eval(clp_store(a, x, n(3)), e);
  CHECK(st && st->n == 2 && st->keys[0] == -7 && st->vals[0]->i == 3);
  CHECK(clp_eval(clp_select(clp_store(a, x, n(3)), clp_sub(y, n(9))), e)->i == 3);
  /* extensional equality: store(const 0, 2, 1) = store(store(const 0, 2, 1), 4, 0) */
  const clp_term *c0 = clp_const_array(M, n(0));
  clp_env_set(e, d, clp_eval(clp_store(clp_store(c0, n(2), n(1)), n(4), n(0)), e));
  CHECK(clp_eval(clp_eq(a, d), e)->b == true);
  CHECK(clp_eval(clp_eq(a, clp_store(d, n(2), n(0))), e)->b == false);
  CHECK(clp_eval(clp_eq(c0, clp_const_array(M, n(1))), e)->b == false);
  CHECK(!clp_v_equal(clp_v_array(zero, 0, NULL, NULL), clp_v_array(one, 0, NULL, NULL)));
  CHECK(clp_v_equal(clp_v_int(3), clp_v_int(3)) && !clp_v_equal(clp_v_int(3), clp_v_bool(true)));
  /* uninterpreted functions */
  const clp_sort *dom[1] = {I};
  const clp_fun *f = clp_fun_get("f", 1, dom, I);
  const clp_term *fx[1] = {x}, *fy[1] = {y};
  CHECK(clp_eval(clp_app(f, fx), e) == NULL);
  const clp_value *row0[1] = {clp_v_int(-7)};
  const clp_value **rows[1] = {row0};
  const clp_value *outs[1] = {clp_v_int(42)};
  clp_funinterp fi = {f, 1, rows, outs, clp_v_int(9)};
  clp_env_set_fun(e, &fi);
  CHECK(clp_eval(clp_app(f, fx), e)->i == 42);
  CHECK(clp_eval(clp_app(f, fy), e)->i == 9);
  CHECK_STR(clp_v_str(clp_v_bool(false)), "false");
  CHECK_STR(clp_v_str(clp_v_int(-3)), "-3");
}

static void test_print(void) {
  CHECK_STR(clp_term_str(clp_add(x, clp_mul(n(2), y))), "x + 2*y");
  CHECK_STR(clp_term_str(clp_sub(n(3), x)), "-x + 3");
  CHECK_STR(clp_term_str(clp_sub(x, clp_mul(n(2), y))), "x - 2*y");
  CHECK_STR(clp_term_str(clp_mul(n(2), clp_mul(x, y))), "2*(x*y)");
  CHECK_STR(clp_term_str(clp_mul(n(-2), x)), "-2*x");
  CHECK_STR(clp_term_str(n(-4)), "-4");
  CHECK_STR(clp_term_str(clp_lt(x, y)), "x + 1 <= y");
  CHECK_STR(clp_term_str(clp_eq(x, y)), "x = y");
  CHECK_STR(clp_term_str(clp_eq(clp_select(d, x), n(0))), "select(d, x) = 0");
  CHECK_STR(clp_term_str(clp_le(n(3), x)), "3 <= x");
  CHECK_STR(clp_term_str(clp_le(x, n(3))), "x <= 3");
  CHECK_STR(clp_term_str(clp_le(clp_add(x, y), clp_add(z, n(2)))), "x + y <= z + 2");
  CHECK_STR(clp_term_str(clp_store(a, x, clp_add(y, n(1)))), "store(a, x, y + 1)");
  CHECK_STR(clp_term_str(clp_ite(clp_le(x, y), x, y)), "ite(x <= y, x, y)");
  CHECK_STR(clp_term_str(clp_not(clp_eq(x, y))), "!(x = y)");
  CHECK_STR(clp_term_str(clp_not(p)), "!p");
  CHECK_STR(clp_term_str(clp_var_labelled(x, 2)), "x@2");
  CHECK_STR(clp_term_str(clp_const_array(M, n(0))), "const(0)");
  CHECK_STR(clp_term_str(clp_div(x, clp_add(y, n(1)))), "x / (y + 1)");
  const clp_term *bo[2] = {p, q};
  const clp_term *an[2] = {clp_or(2, bo), clp_le(x, y)};
  CHECK_STR(clp_term_str(clp_and(2, an)), "(p ; q), x <= y");
  CHECK_STR(clp_term_str(clp_ite(clp_and(2, an), x, y)), "ite(((p ; q), x <= y), x, y)");
  const clp_formula *f = clp_f_lit(clp_and(2, an), false, clp_nopos);
  CHECK_STR(clp_f_str(f), "(p ; q), x <= y");
  CHECK_STR(clp_f_str(clp_f_lit(clp_eq(x, y), true, clp_nopos)), "!(x = y)");
  CHECK_STR(clp_f_str(clp_f_lit(p, true, clp_nopos)), "!p");
  CHECK_STR(clp_f_str(clp_f_false()), "false");

  /* a small rule set */
  const clp_sort *s2[2] = {I, M};
  clp_rs *rs = clp_rs_new(NULL);
  clp_rel *r = clp_rs_rel(rs, "r", 2, s2, clp_nopos);
  clp_rel *g = clp_rs_rel(rs, "g", 0, NULL, clp_nopos);
  clp_rs_rel(rs, "nop", 0, NULL, clp_nopos);
  const clp_sort *dom[1] = {I};
  const clp_fun *isInt = clp_fun_get("isInt", 1, dom, B);
  const clp_term *h[2] = {x, d}, *ix[1] = {x};
  const clp_formula *b1[2] = {clp_f_lit(clp_app(isInt, ix), false, clp_nopos),
                              clp_f_lit(clp_eq(clp_select(d, x), n(0)), true, clp_nopos)};
  clp_rs_add_clause(rs, r, h, clp_f_and(2, b1, clp_nopos), clp_nopos);
  const clp_term *ca[2] = {clp_add(y, n(1)), d};
  const clp_formula *b2[2] = {clp_f_call(r, ca, clp_nopos),
                              clp_f_lit(clp_lt(y, n(100)), false, clp_nopos)};
  const clp_formula *b3[2] = {clp_f_and(2, b2, clp_nopos),
                              clp_f_lit(clp_eq(y, n(3)), false, clp_nopos)};
  const clp_formula *b4[2] = {clp_f_or(2, b3, clp_nopos), clp_f_lit(q, false, clp_nopos)};
  clp_rs_add_clause(rs, g, NULL, clp_f_and(2, b4, clp_nopos), clp_nopos);
  clp_rs_set_goal(rs, g);
  CHECK(clp_rs_finish(rs) == 0);
  FILE *tmp = tmpfile();
  CHECK(tmp != NULL);
  if (!tmp) return;
  clp_rs_print(rs, tmp);
  rewind(tmp);
  static char buf[4096];
  size_t len = fread(buf, 1, sizeof buf - 1, tmp);
  buf[len] = 0;
  fclose(tmp);
  CHECK_STR(buf,
            "pred isInt(int).\n"
            "rel r(int, map).\n"
            "rel g.\n"
            "rel nop.\n"
            "\n"
            "r(x, d) :-\n    isInt(x),\n    !(select(d, x) = 0).\n"
            "\n"
            "g :-\n    (r(y + 1, d), y <= 99 ; y = 3),\n    q.\n"
            "\n"
            "goal g.\n");
}

static void test_deadline(void) {
  double t0 = clp_now();
  CHECK(t0 > 0 && clp_now() >= t0);
  clp_deadline_set(0);
  CHECK(!clp_expired() && clp_remaining() > 1e6);
  clp_deadline_set(100);
  CHECK(!clp_expired() && clp_remaining() <= 100 && clp_remaining() > 50);
  clp_deadline_set(1e-9);
  while (clp_now() < t0 + 0.001) {}
  CHECK(clp_expired() && clp_remaining() == 0);
  clp_deadline_set(0);
}

/* ------------------------------------------------------------ properties */
/* Random Int expressions built through the smart constructors, with their
 * value computed directly: normalisation must preserve values, and
 * substitution must give the pointer of direct construction. */
static uint64_t rng = 12345;
static unsigned rnd(unsigned k) {
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)(rng >> 33) % k;
}
static int64_t yv = 3, zv = -2;

static const clp_term *gen(int depth, const clp_term *xt, int64_t xv,
                           int64_t *v, bool *ok);

static const clp_term *gen_cmp(int depth, const clp_term *xt, int64_t xv,
                               bool *v, bool *ok) {
  int64_t a, b;
  const clp_term *s = gen(depth, xt, xv, &a, ok), *t = gen(depth, xt, xv, &b, ok);
  switch (rnd(6)) {
  case 0: *v = a <= b; return clp_le(s, t);
  case 1: *v = a < b; return clp_lt(s, t);
  case 2: *v = a >= b; return clp_ge(s, t);
  case 3: *v = a > b; return clp_gt(s, t);
  case 4: *v = a == b; return clp_eq(s, t);
  default: *v = a != b; return clp_not(clp_eq(s, t));
  }
}

static int64_t ediv(int64_t a, int64_t b, bool mod) {
  int64_t q = a / b, r = a % b;
  if (r < 0) { if (b > 0) q--, r += b; else q++, r -= b; }
  return mod ? r : q;
}

static const clp_term *gen(int depth, const clp_term *xt, int64_t xv,
                           int64_t *v, bool *ok) {
  unsigned c = depth <= 0 ? rnd(4) : 4 + rnd(9);
  int64_t a, b, w;
  const clp_term *s, *t, *u;
  bool cv;
  switch (c) {
  case 0: *v = xv; return xt;
  case 1: *v = yv; return y;
  case 2: *v = zv; return z;
  case 3: *v = (int64_t)rnd(9) - 4; return n(*v);
  case 4: s = gen(depth - 1, xt, xv, &a, ok); t = gen(depth - 1, xt, xv, &b, ok);
    *v = a + b; return clp_add(s, t);
  case 5: s = gen(depth - 1, xt, xv, &a, ok); t = gen(depth - 1, xt, xv, &b, ok);
    *v = a - b; return clp_sub(s, t);
  case 6: s = gen(depth - 1, xt, xv, &a, ok); *v = -a; return clp_neg(s);
  case 7: case 8: s = gen(depth - 1, xt, xv, &a, ok); t = gen(depth - 1, xt, xv, &b, ok);
    *v = a * b; return clp_mul(s, t);
  case 9: case 10: s = gen(depth - 1, xt, xv, &a, ok); t = gen(depth - 1, xt, xv, &b, ok);
    if (b == 0) { *ok = false; *v = 0; }
    else *v = ediv(a, b, c == 10);
    return c == 10 ? clp_mod(s, t) : clp_div(s, t);
  case 11: u = gen_cmp(depth - 1, xt, xv, &cv, ok);
    s = gen(depth - 1, xt, xv, &a, ok); t = gen(depth - 1, xt, xv, &b, ok);
    *v = cv ? a : b; return clp_ite(u, s, t);
  default: /* select(store(const(1), s, t), u) */
    s = gen(depth - 1, xt, xv, &a, ok); t = gen(depth - 1, xt, xv, &b, ok);
    u = gen(depth - 1, xt, xv, &w, ok);
    *v = w == a ? b : 1;
    return clp_select(clp_store(clp_const_array(M, n(1)), s, t), u);
  }
}

static void test_properties(void) {
  clp_env *e = clp_env_new();
  clp_env_set(e, y, clp_v_int(yv));
  clp_env_set(e, z, clp_v_int(zv));
  int bad_val = 0, bad_cmp = 0, bad_sub = 0, bad_idem = 0, tried = 0;
  for (int it = 0; it < 3000; it++) {
    int64_t xv = (int64_t)rnd(11) - 5, ev, v1, v2;
    bool ok = true, ok2 = true, okx = true, b1, b2;
    clp_env_set(e, x, clp_v_int(xv));
    /* value preservation */
    const clp_term *t = gen(1 + it % 4, x, xv, &v1, &ok);
    const clp_value *r = clp_eval(t, e);
    if (ok && (!r || r->i != v1)) {
      if (!bad_val++) fprintf(stderr, "value: %s expected %lld\n", clp_term_str(t), (long long)v1);
    }
    const clp_term *c = gen_cmp(1 + it % 3, x, xv, &b1, &ok);
    r = clp_eval(c, e);
    if (ok && (!r || r->b != b1)) {
      if (!bad_cmp++) fprintf(stderr, "cmp: %s expected %d\n", clp_term_str(c), b1);
    }
    /* idempotence: rebuilding a normal term gives itself */
    if (t->n && clp_mk(t->op, t->sort, t->n, t->kids, t->fun) != t) {
      if (!bad_idem++) fprintf(stderr, "idem: %s\n", clp_term_str(t));
    }
    /* substitution = direct construction */
    const clp_term *ex = gen(it % 3, y, yv, &ev, &okx);
    uint64_t saved = rng;
    const clp_term *t1 = gen(1 + it % 4, x, xv, &v1, &ok);
    rng = saved;
    const clp_term *t2 = gen(1 + it % 4, ex, ev, &v2, &ok2);
    const clp_term *fo[1] = {x}, *ar[1] = {ex};
    tried++;
    if (clp_subst_args(t1, 1, fo, ar) != t2) {
      if (!bad_sub++)
        fprintf(stderr, "subst: %s [x := %s] = %s, direct %s\n", clp_term_str(t1),
                clp_term_str(ex), clp_term_str(clp_subst_args(t1, 1, fo, ar)),
                clp_term_str(t2));
    }
    saved = rng;
    c = gen_cmp(1 + it % 3, x, xv, &b1, &ok);
    rng = saved;
    const clp_term *c2 = gen_cmp(1 + it % 3, ex, ev, &b2, &ok2);
    if (clp_subst_args(c, 1, fo, ar) != c2) {
      if (!bad_sub++)
        fprintf(stderr, "subst: %s [x := %s] = %s, direct %s\n", clp_term_str(c),
                clp_term_str(ex), clp_term_str(clp_subst_args(c, 1, fo, ar)),
                clp_term_str(c2));
    }
  }
  CHECK(bad_val == 0);
  CHECK(bad_cmp == 0);
  CHECK(bad_idem == 0);
  CHECK(bad_sub == 0);
  CHECK(tried == 3000);
  if (bad_val + bad_cmp + bad_idem + bad_sub)
    fprintf(stderr, "bad: value %d cmp %d idem %d subst %d\n", bad_val, bad_cmp,
            bad_idem, bad_sub);
}

/* clp_strset: equal strings are one member, whatever their address;
 * growth keeps every member; clear empties. */
static void test_strset(void) {
  clp_strset *s = clp_strset_new();
  CHECK(!clp_strset_has(s, "a"));
  CHECK(clp_strset_add(s, "a"));
  char buf[8] = "a";
  CHECK(!clp_strset_add(s, buf));      /* equal, not the same pointer */
  CHECK(clp_strset_has(s, buf));
  for (int i = 0; i < 1000; i++) CHECK(clp_strset_add(s, clp_fmt("k%d", i)));
  CHECK(clp_strset_size(s) == 1001);
  int found = 0;
  for (int i = 0; i < 1000; i++) found += clp_strset_has(s, clp_fmt("k%d", i));
  CHECK(found == 1000);
  CHECK(!clp_strset_has(s, "k1000") && !clp_strset_has(s, ""));
  CHECK(clp_strset_add(s, ""));
  clp_strset_clear(s);
  CHECK(clp_strset_size(s) == 0 && !clp_strset_has(s, "k7"));
  CHECK(clp_strset_add(s, "k7") && clp_strset_has(s, "k7"));
}

int main(void) {
  GC_INIT();
  I = clp_sort_int();
  B = clp_sort_bool();
  M = clp_sort_array(I, I);
  x = clp_var("x", I);
  y = clp_var("y", I);
  z = clp_var("z", I);
  p = clp_var("p", B);
  q = clp_var("q", B);
  a = clp_var("a", M);
  d = clp_var("d", M);
  test_sorts();
  test_hashcons();
  test_arith();
  test_compare();
  test_bool();
  test_arrays();
  test_subst();
  test_formulas();
  test_rules();
  test_trace();
  test_eval();
  test_print();
  test_deadline();
  test_properties();
  test_strset();
  return check_done("test_clp");
}
