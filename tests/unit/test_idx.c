/* test_idx.c -- the indexed engine (indexed/) on small rule sets built
 * inline: the side table of predicates (idx_preds), the instantiation set
 * Pi, the first image (R0) and the fixpoint of the TOCL running example
 * with its exact predicate and iteration counts, the certificate accepting
 * the right invariant and rejecting a wrong one, and an unsafe system
 * (discovery finds no proof; the refuter, CAR, finds the counterexample).
 * Discovery never modifies the rule set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engines/car/car.h"
#include "frontend/fe.h"
#include "indexed/idx.h"

/* The TOCL running example (tests/indexed/fi1.clp); with the paper's
 * predicates p = F(x) >= 0, q = x >= 0 when preds. */
static clp_rs *fi1(bool preds) {
  const char *text =
      "fun id: map.\n"
      "axiom select(id, u) = u.\n"
      "Reach(F) :- F = id.\n"
      "Reach(G) :- Reach(F), G = store(F, i, select(F, i + 1)).\n"
      "Err :- Reach(F), u >= 0, select(F, u) < 0.\n"
      "goal Err.\n";
  const char *ix = "indexed Reach(F) x: select(F, x) >= 0, x >= 0.\n";
  const char *all = preds ? clp_fmt("%s%s", text, ix) : text;
  return fe_clp_parse_string("fi1.clp", all, strlen(all), NULL);
}

/* Every relation's given predicates and index variables, as counts. */
static int given(const clp_rs *rs) {
  int n = 0;
  for (int i = 0; i < rs->nrels; i++)
    n += rs->rels[i]->nipreds + rs->rels[i]->nindex;
  return n;
}

static idx_params iparams = {.rounds = 8};

static eng_opts opts(void) {
  eng_opts o;
  memset(&o, 0, sizeof o);
  o.params = &iparams;
  return o;
}

/* The side table: a copy of the given predicates; adding dedups by
 * pointer, drops constants, merges index variables; rs is unchanged. */
static void test_table(void) {
  clp_rs *rs = fi1(true);
  CHECK(rs != NULL);
  if (!rs) return;
  const clp_rel *reach = clp_rs_find(rs, "Reach");
  idx_preds *t = idx_preds_new(rs);
  CHECK(t->nrels == rs->nrels);
  CHECK(idx_preds_of(t, reach)->npreds == 2);
  CHECK(idx_preds_of(t, reach)->nindex == 1);
  const clp_term *x = reach->index[0];
  const clp_term *y = clp_var("y", clp_sort_int());
  const clp_term *p[3] = {clp_le(clp_num(0), y), reach->ipreds[0],
                          clp_true()};
  const clp_term *ixs[2] = {x, y};
  idx_preds_add(t, reach, 2, ixs, 3, p);
  CHECK(idx_preds_of(t, reach)->npreds == 3);
  CHECK(idx_preds_of(t, reach)->nindex == 2);
  CHECK(idx_preds_of(t, reach)->index[1] == y);
  CHECK_STR(clp_term_str(idx_preds_of(t, reach)->preds[2]), "0 <= y");
  const clp_term *const *iv;
  CHECK(idx_preds_index(t, reach, &iv) == 2 && iv[1] == y);
  CHECK(idx_preds_index(NULL, reach, &iv) == 1 && iv[0] == x);
  CHECK(reach->nipreds == 2 && reach->nindex == 1); /* rs unchanged */
}

/* Pi of the step rule of Reach: the head's index variable copy, then the
 * index terms of the part and of the head's predicates; every call
 * instance maps the callee's index variable into them. */
static void test_pi(void) {
  clp_rs *rs = fi1(true);
  if (!rs) return;
  const clp_rel *reach = clp_rs_find(rs, "Reach");
  idx_preds *t = idx_preds_new(rs);
  const clp_formula **parts;
  CHECK(idx_parts(reach, &parts) == 2);
  const clp_term **hx = idx_head_vars(t, reach);
  CHECK_STR(hx[0]->name, "x#h");
  const clp_term *phi[2];
  for (int j = 0; j < 2; j++)
    phi[j] = clp_subst_args(reach->ipreds[j], 1, reach->index, hx);
  const clp_term **terms;
  int nt = idx_terms(reach, parts[1], 1, hx, 2, phi, &terms);
  char buf[256] = "";
  for (int i = 0; i < nt; i++)
    snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
             i ? ", " : "", clp_term_str(terms[i]));
  CHECK(nt == 3 && terms[1]->op == CLP_VAR); /* the input i (renamed) */
  if (nt == 3)
    CHECK_STR(buf, clp_fmt("x#h, %s, %s + 1", terms[1]->name,
                           terms[1]->name));
  /* the initial part has no index term but the head's */
  CHECK(idx_terms(reach, parts[0], 1, hx, 2, phi, &terms) == 1);
  /* the call Reach(F) in the step: x := each of the 3 terms */
  const clp_formula *call = NULL;
  for (int i = 0; i < parts[1]->n && !call; i++)
    if (parts[1]->kids[i]->kind == CLP_F_CALL) call = parts[1]->kids[i];
  CHECK(call != NULL);
  if (!call) return;
  idx_terms(reach, parts[1], 1, hx, 2, phi, &terms);
  clp_subst **sub;
  CHECK(idx_call_substs(t, call, nt, terms, &sub) == 3);
  long ninst = 0;
  const clp_formula **gamma = NEW_N(const clp_formula *, rs->nrels);
  gamma[reach->id] = clp_f_lit(reach->ipreds[0], false, clp_nopos);
  const clp_formula *f =
      idx_instantiate(rs, t, parts[1], gamma, nt, terms, &ninst);
  CHECK(!clp_f_has_call(f));
  CHECK(ninst == 3 + 3); /* 3 call instances, 3 of the axiom */
}

/* The first iterate R0 (the image of the initial rule: p <=> q) returned
 * as if it were the fixpoint (CAR_IDX_STOP_AFTER): 2 cubes; the
 * certificate rejects it (not inductive). */
static void test_first_image(void) {
  clp_rs *rs = fi1(true);
  if (!rs) return;
  eng_opts o = opts();
  eng_result r;
  setenv("CAR_IDX_STOP_AFTER", "1", 1);
  idx_solve(rs, &o, &r);
  unsetenv("CAR_IDX_STOP_AFTER");
  CHECK(r.verdict == ENG_SAFE);
  CHECK(r.stats.iterations == 0);
  CHECK(r.stats.idx_models == 2); /* TT and FF */
  const clp_rel *reach = clp_rs_find(rs, "Reach");
  CHECK(r.inv && r.idx_preds);
  if (!r.inv || !r.idx_preds) return;
  const char *why = NULL;
  zb_ctx *z = zb_ctx_new();
  CHECK(!idx_cert_safe(z, rs, r.idx_preds, r.inv, &why));
  CHECK(why && strstr(why, "the rule of 'Reach' does not preserve"));
  zb_ctx_free(z);
  (void)reach;
}

/* The fixpoint with the given predicates: 2 predicates, R0 -> R1 = R2,
 * the paper's invariant forall x. F(x) >= 0 \/ !(x >= 0), certified; the
 * certificate also accepts it built by hand and rejects F(x) >= 0 alone
 * (F = id is negative below 0). */
static void test_safe(void) {
  clp_rs *rs = fi1(true);
  if (!rs) return;
  eng_opts o = opts();
  eng_result r;
  idx_solve(rs, &o, &r);
  CHECK(r.verdict == ENG_SAFE);
  CHECK(r.stats.predicates == 2);
  CHECK(r.stats.iterations == 2);
  CHECK(r.stats.idx_models == 3);
  const clp_rel *reach = clp_rs_find(rs, "Reach");
  if (r.verdict != ENG_SAFE) return;
  CHECK_STR(clp_f_str(r.inv[reach->id]), "0 <= select(F, x) ; !(0 <= x)");
  zb_ctx *z = zb_ctx_new();
  const char *why = NULL;
  CHECK(idx_cert_safe(z, rs, r.idx_preds, r.inv, &why));
  const clp_formula **inv = NEW_N(const clp_formula *, rs->nrels);
  memcpy(inv, r.inv, sizeof *inv * (size_t)rs->nrels);
  const clp_formula *p = clp_f_lit(reach->ipreds[0], false, clp_nopos);
  const clp_formula *q = clp_f_lit(reach->ipreds[1], false, clp_nopos);
  inv[reach->id] = clp_f_or2(p, clp_f_not(q));
  CHECK(idx_cert_safe(z, rs, NULL, inv, &why));
  inv[reach->id] = p;
  CHECK(!idx_cert_safe(z, rs, NULL, inv, &why));
  zb_ctx_free(z);
}

/* Without predicates: discovery finds the paper's two from the property
 * in one round, in its own table (the rule set keeps none). */
static void test_discovery(void) {
  clp_rs *rs = fi1(false);
  if (!rs) return;
  eng_opts o = opts();
  eng_result r;
  idx_disc_solve(rs, &o, &r);
  CHECK(r.verdict == ENG_SAFE);
  CHECK(r.stats.predicates == 2);
  CHECK(r.stats.idx_disc_preds == 2);
  CHECK(r.stats.idx_disc_rounds == 1);
  CHECK(given(rs) == 0);
  const clp_rel *reach = clp_rs_find(rs, "Reach");
  CHECK(r.idx_preds && idx_preds_of(r.idx_preds, reach)->npreds == 2);
  zb_ctx *z = zb_ctx_new();
  const char *why = NULL;
  CHECK(r.inv && idx_cert_safe(z, rs, r.idx_preds, r.inv, &why));
  zb_ctx_free(z);
}

/* An array initialised up to n, but the property reads a[n]: unsafe.
 * The abstraction reaches the goal; with CAR as the refuter, discovery
 * answers unsafe with its counterexample; without, unknown. */
static void test_unsafe(void) {
  const char *text =
      "Inv(0, n, a) :- n >= 1.\n"
      "Inv(i + 1, n, store(a, i, 0)) :- Inv(i, n, a), i < n.\n"
      "Err :- Inv(i, n, a), i >= n, 0 <= j, j <= n, select(a, j) != 0.\n"
      "goal Err.\n";
  clp_rs *rs = fe_clp_parse_string("bug.clp", text, strlen(text), NULL);
  CHECK(rs != NULL);
  if (!rs) return;
  eng_opts o = opts();
  eng_result r;
  idx_solve(rs, &o, &r);
  CHECK(r.verdict == ENG_UNKNOWN && r.abstract_goal);
  idx_disc_solve(rs, &o, &r);
  CHECK(r.verdict == ENG_UNKNOWN && r.abstract_goal);
  static const car_params cp = {.bmc = true};
  static const eng_handle car = {"car", car_solve, &cp};
  idx_params ip = iparams;
  ip.refute = 16;
  ip.refuter = &car;
  o.params = &ip;
  idx_disc_solve(rs, &o, &r);
  CHECK(r.verdict == ENG_UNSAFE && r.cex);
  CHECK(given(rs) == 0);
}

int main(void) {
  GC_INIT();
  test_table();
  test_pi();
  test_first_image();
  test_safe();
  test_discovery();
  test_unsafe();
  return check_done("test_idx");
}
