/* test_abs.c -- the abstraction and the Boolean program (abstract/).
 * Rule sets are built by hand with the clp builder. */
#include <stdio.h>
#include <string.h>

#include "abstract/abs.h"
#include "check.h"

/* ------------------------------------------------------------ builders */
static const clp_sort **sorts_of(int n, const clp_term **v) {
  const clp_sort **s = NEW_N(const clp_sort *, n);
  for (int i = 0; i < n; i++) s[i] = v[i]->sort;
  return s;
}
static const clp_term *I(const char *n) { return clp_var(n, clp_sort_int()); }
static const clp_term *M(const char *n) {
  return clp_var(n, clp_sort_array(clp_sort_int(), clp_sort_int()));
}
static const clp_formula *L(const clp_term *t) { return clp_f_lit(t, false, clp_nopos); }
static const clp_formula *NL(const clp_term *t) { return clp_f_lit(t, true, clp_nopos); }
static const clp_formula *AND(int n, const clp_formula **k) { return clp_f_and(n, k, clp_nopos); }
static const clp_formula *OR2(const clp_formula *a, const clp_formula *b) { return clp_f_or2(a, b); }
static const clp_formula *CALL(const clp_rel *r, const clp_term **a) {
  return clp_f_call(r, a, clp_nopos);
}
#define ARGS(...) ((const clp_term *[]){__VA_ARGS__})
#define FS(...) ((const clp_formula *[]){__VA_ARGS__})
#define NARGS(...) ((int)(sizeof(ARGS(__VA_ARGS__)) / sizeof(const clp_term *)))

static clp_rel *rel(clp_rs *rs, const char *name, int n, const clp_term **h) {
  return clp_rs_rel(rs, name, n, sorts_of(n, h), clp_nopos);
}
static clp_rel *rule(clp_rs *rs, const char *name, int n, const clp_term **h,
                     const clp_formula *body) {
  clp_rel *r = rel(rs, name, n, h);
  clp_rs_add_clause(rs, r, h, body, clp_nopos);
  return r;
}
static const clp_term *zero(const clp_term *x) { return clp_eq(x, clp_num(0)); }

/* ------------------------------------------------- the Rational rule set */
typedef struct rational {
  clp_rs *rs;
  clp_rel *TRat, *Etrunc, *TreadInt, *Eloop, *Emain;
} rational;

static rational mk_rational(bool fixed) {
  rational R;
  R.rs = clp_rs_new("rational");
  const clp_sort *si = clp_sort_int();
  const clp_fun *isInt = clp_fun_get("isInt", 1, (const clp_sort *[]){si},
                                     clp_sort_bool());
  const clp_term *x = I("x"), *y = I("y"), *n = M("n"), *d = M("d"),
                 *h = M("h"), *n1 = M("n'"), *d1 = M("d'"), *h1 = M("h'"),
                 *th = I("this"), *r = I("r"), *i = I("i");
  /* Relations are declared first, then their rules. */
  R.TRat = rel(R.rs, "TRat", 9, ARGS(x, y, n, d, h, n1, d1, h1, th));
  R.Etrunc = rel(R.rs, "Etrunc", 3, ARGS(th, n, d));
  R.TreadInt = rel(R.rs, "TreadInt", 1, ARGS(r));
  R.Eloop = rel(R.rs, "Eloop", 4, ARGS(th, i, n, d));
  R.Emain = rel(R.rs, "Emain", 0, NULL);
  clp_rs_add_clause(R.rs, R.TRat, ARGS(x, y, n, d, h, n1, d1, h1, th),
    AND(4, FS(L(zero(clp_select(h, th))),
              L(clp_eq(h1, clp_store(h, th, clp_num(1)))),
              L(clp_eq(n1, clp_store(n, th, x))),
              L(clp_eq(d1, clp_store(d, th, y))))), clp_nopos);
  clp_rs_add_clause(R.rs, R.Etrunc, ARGS(th, n, d),
                    L(zero(clp_select(d, th))), clp_nopos);
  clp_rs_add_clause(R.rs, R.TreadInt, ARGS(r),
                    L(clp_app(isInt, ARGS(r))), clp_nopos);
  clp_rs_add_clause(R.rs, R.Eloop, ARGS(th, i, n, d),
    AND(2, FS(L(clp_lt(i, clp_num(100000))),
              OR2(CALL(R.Etrunc, ARGS(th, n, d)),
                  CALL(R.Eloop, ARGS(th, clp_add(i, clp_num(1)), n, d))))),
    clp_nopos);
  clp_rs_add_clause(R.rs, R.Emain, NULL,
    AND(5, FS(CALL(R.TreadInt, ARGS(x)), CALL(R.TreadInt, ARGS(y)),
              NL(zero(y)),
              CALL(R.TRat, fixed ? ARGS(x, y, n, d, h, n1, d1, h1, th)
                                 : ARGS(y, x, n, d, h, n1, d1, h1, th)),
              CALL(R.Eloop, ARGS(th, clp_num(0), n1, d1)))), clp_nopos);
  clp_rs_set_goal(R.rs, R.Emain);
  CHECK(clp_rs_finish(R.rs) == 0);
  return R;
}

/* The paper's delta (Section 4), over the relations' own formals. */
static abs_alpha *mk_delta(const rational *R) {
  abs_alpha *a = abs_bottom(R->rs);
  const clp_term **f = R->Etrunc->formals;          /* this, n, d */
  CHECK(abs_add_atom(a, R->Etrunc, zero(clp_select(f[2], f[0]))));
  f = R->Eloop->formals;                             /* this, i, n, d */
  CHECK(abs_add_atom(a, R->Eloop, zero(clp_select(f[3], f[0]))));
  f = R->TRat->formals;                              /* x y n d h n' d' h' this */
  CHECK(abs_add_atom(a, R->TRat, clp_eq(f[6], clp_store(f[3], f[8], f[1]))));
  const clp_term *d1 = M("d'"), *d = M("d"), *th = I("this"), *y = I("y");
  const clp_formula *ax = clp_f_implies(
      clp_f_and2(L(zero(clp_select(d1, th))), L(clp_eq(d1, clp_store(d, th, y)))),
      L(zero(y)));
  CHECK(abs_add_exp(a, R->Emain, ax));
  return a;
}

/* ---------------------------------------------------------- trace checks */
static bool in_body(const clp_formula *body, const clp_formula *f) {
  if (body == f) return true;
  if (body->kind == CLP_F_AND || body->kind == CLP_F_OR)
    for (int i = 0; i < body->n; i++)
      if (in_body(body->kids[i], f)) return true;
  return false;
}

/* Every committed node is a node of its relation's body, every call's child
 * instantiates the callee, children come after their parent. */
static bool trace_ok(const clp_trace *t) {
  for (int i = 0; i < t->n; i++) {
    const clp_tnode *nd = &t->nodes[i];
    for (int k = 0; k < nd->nlits; k++)
      if (nd->lits[k]->kind != CLP_F_LIT || !in_body(nd->rel->body, nd->lits[k]))
        return false;
    for (int k = 0; k < nd->ncalls; k++) {
      if (nd->calls[k]->kind != CLP_F_CALL || !in_body(nd->rel->body, nd->calls[k]))
        return false;
      int c = nd->child[k];
      if (c <= i || c >= t->n || t->nodes[c].rel != nd->calls[k]->rel) return false;
    }
  }
  return true;
}

static int height(const clp_trace *t, int i) {
  int h = 0;
  for (int k = 0; k < t->nodes[i].ncalls; k++) {
    int c = height(t, t->nodes[i].child[k]);
    if (c > h) h = c;
  }
  return h + 1;
}

/* A signature: relation names, committed node ids, shape. */
static const char *sig(const clp_trace *t) {
  static char buf[4096];
  int m = 0;
  for (int i = 0; i < t->n && m < 4000; i++) {
    const clp_tnode *nd = &t->nodes[i];
    m += snprintf(buf + m, sizeof buf - (size_t)m, "%s[", nd->rel->name);
    for (int k = 0; k < nd->nlits && m < 4000; k++)
      m += snprintf(buf + m, sizeof buf - (size_t)m, "l%d ", nd->lits[k]->id);
    for (int k = 0; k < nd->ncalls && m < 4000; k++)
      m += snprintf(buf + m, sizeof buf - (size_t)m, "c%d>%d ", nd->calls[k]->id,
                    nd->child[k]);
    m += snprintf(buf + m, sizeof buf - (size_t)m, "]");
  }
  return clp_strdup(buf);
}

/* Lemma 4: the derivation found under a is a derivation of its own trace
 * rule set T under replicate(a), of the same height. */
static void check_lemma4(const clp_rs *rs, const abs_alpha *a,
                         const clp_trace *t) {
  (void)rs;
  clp_rs *T = clp_trace_rs(t);
  abs_result r;
  CHECK(abs_solve(T, abs_replicate(a, T), &r) == ABS_OK);
  CHECK(r.goal_holds);
  CHECK(r.trace && r.trace->n == t->n);
  CHECK(r.rounds == height(t, 0));
}

/* Formula evaluation under an assignment of its atoms. */
static bool feval(const clp_formula *f, int n, const clp_term **atoms,
                  const bool *val) {
  switch (f->kind) {
  case CLP_F_TRUE: return true;
  case CLP_F_FALSE: return false;
  case CLP_F_LIT:
    for (int i = 0; i < n; i++)
      if (atoms[i] == f->atom) return val[i] != f->neg;
    CHECK(!"atom outside the interface");
    return false;
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++)
      if (!feval(f->kids[i], n, atoms, val)) return false;
    return true;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++)
      if (feval(f->kids[i], n, atoms, val)) return true;
    return false;
  default:
    CHECK(!"call in an invariant");
    return false;
  }
}

/* ------------------------------------------------------------- the tests */
static void test_alpha(void) {
  rational R = mk_rational(true);
  abs_alpha *a = abs_bottom(R.rs);
  CHECK(a->nrels == R.rs->nrels);
  CHECK(abs_total_atoms(a) == 0 && abs_total_exp(a) == 0);
  const clp_term **f = R.Etrunc->formals;
  const clp_term *at = zero(clp_select(f[2], f[0]));
  CHECK(abs_add_atom(a, R.Etrunc, at));
  CHECK(!abs_add_atom(a, R.Etrunc, zero(clp_select(f[2], f[0])))); /* dup */
  CHECK(!abs_add_atom(a, R.Etrunc, clp_true()));
  CHECK(!abs_add_atom(a, R.Etrunc, clp_false()));
  CHECK(!abs_add_atom(a, R.Etrunc, zero(I("nonformal"))));
  CHECK(abs_total_atoms(a) == 1);
  const clp_formula *e = clp_f_or2(L(at), NL(at));
  CHECK(abs_add_exp(a, R.Etrunc, e));
  CHECK(!abs_add_exp(a, R.Etrunc, clp_f_or2(L(at), NL(at)))); /* equal */
  CHECK(!abs_add_exp(a, R.Etrunc, clp_f_true()));
  CHECK(!abs_add_exp(a, R.Etrunc, clp_f_false()));
  CHECK(abs_total_exp(a) == 1);
  /* join grows capacity past the first block */
  for (int k = 0; k < 10; k++)
    CHECK(abs_add_atom(a, R.Eloop, clp_le(R.Eloop->formals[1], clp_num(k))));
  CHECK(a->rels[R.Eloop->id].natoms == 10);
  CHECK(abs_total_atoms(a) == 11);
}

static void test_bottom(void) {
  rational R = mk_rational(true);
  abs_alpha *a = abs_bottom(R.rs);
  abs_result res;
  CHECK(abs_solve(R.rs, a, &res) == ABS_OK);
  CHECK(res.goal_holds);
  CHECK(res.rounds == 3);
  clp_trace *t = res.trace;
  CHECK(t && t->n == 6);
  if (!t || t->n != 6) return;
  CHECK(trace_ok(t));
  CHECK(height(t, 0) == 3);
  /* Fig. 2: Emain -> TreadInt, TreadInt, TRat, Eloop -> Etrunc */
  const clp_tnode *m = &t->nodes[0];
  CHECK(m->rel == R.Emain);
  CHECK(m->ncalls == 4 && m->nlits == 1);
  CHECK(m->nlits == 1 && m->lits[0]->neg);
  if (m->ncalls == 4) {
    CHECK(t->nodes[m->child[0]].rel == R.TreadInt);
    CHECK(t->nodes[m->child[1]].rel == R.TreadInt);
    CHECK(t->nodes[m->child[2]].rel == R.TRat);
    CHECK(t->nodes[m->child[3]].rel == R.Eloop);
    CHECK(m->child[0] != m->child[1]);
    const clp_tnode *tr = &t->nodes[m->child[2]];
    CHECK(tr->nlits == 4 && tr->ncalls == 0);
    const clp_tnode *lp = &t->nodes[m->child[3]];
    CHECK(lp->nlits == 1 && lp->ncalls == 1);
    if (lp->nlits == 1 && lp->ncalls == 1) {
      CHECK(!lp->lits[0]->neg);
      CHECK(lp->lits[0]->atom == clp_lt(R.Eloop->formals[1], clp_num(100000)));
      CHECK(lp->calls[0]->rel == R.Etrunc); /* the Etrunc disjunct */
      const clp_tnode *et = &t->nodes[lp->child[0]];
      CHECK(et->rel == R.Etrunc && et->nlits == 1 && et->ncalls == 0);
    }
  }
  /* Determinism: the same input gives the same derivation. */
  abs_result res2;
  CHECK(abs_solve(R.rs, a, &res2) == ABS_OK);
  CHECK(res2.goal_holds && res2.trace);
  if (res2.trace) CHECK_STR(sig(t), sig(res2.trace));
  if (res2.trace) CHECK_STR(clp_trace_key(t), clp_trace_key(res2.trace));
  /* The buggy program has the same derivation under bottom. */
  rational B = mk_rational(false);
  CHECK(abs_solve(B.rs, abs_bottom(B.rs), &res) == ABS_OK);
  CHECK(res.goal_holds && res.trace && res.trace->n == 6);
}

static void test_delta(void) {
  rational R = mk_rational(true);
  abs_alpha *a = mk_delta(&R);
  abs_result res;
  CHECK(abs_solve(R.rs, a, &res) == ABS_OK);
  CHECK(!res.goal_holds);
  CHECK(res.trace == NULL);
  CHECK(res.inv != NULL);
  if (!res.inv) return;
  const clp_term **f = R.Etrunc->formals;
  const clp_formula *ie = res.inv[R.Etrunc->id];
  CHECK(ie->kind == CLP_F_LIT && !ie->neg &&
        ie->atom == zero(clp_select(f[2], f[0])));
  f = R.Eloop->formals;
  const clp_formula *il = res.inv[R.Eloop->id];
  CHECK(il->kind == CLP_F_LIT && !il->neg &&
        il->atom == zero(clp_select(f[3], f[0])));
  CHECK(res.inv[R.TRat->id]->kind == CLP_F_LIT);
  CHECK(res.inv[R.TreadInt->id]->kind == CLP_F_TRUE);
  CHECK(res.inv[R.Emain->id]->kind == CLP_F_FALSE);
  /* Without the explicated axiom, delta's atoms alone do not suffice. */
  abs_alpha *b = mk_delta(&R);
  b->rels[R.Emain->id].nexp = 0;
  CHECK(abs_solve(R.rs, b, &res) == ABS_OK);
  CHECK(res.goal_holds);
  /* The buggy program stays derivable under delta. */
  rational B = mk_rational(false);
  abs_alpha *bd = mk_delta(&B);
  CHECK(abs_solve(B.rs, bd, &res) == ABS_OK);
  CHECK(res.goal_holds && res.trace && trace_ok(res.trace));
  if (res.trace) check_lemma4(B.rs, bd, res.trace);
  /* Lemma 8 shape: the bottom trace T of the fixed program is refuted by
   * replicate(delta) on T's rule set. */
  abs_result r0;
  CHECK(abs_solve(R.rs, abs_bottom(R.rs), &r0) == ABS_OK && r0.trace);
  if (!r0.trace) return;
  clp_rs *T = clp_trace_rs(r0.trace);
  abs_alpha *rep = abs_replicate(a, T);
  CHECK(rep->nrels == T->nrels);
  CHECK(abs_total_atoms(rep) == 3 && abs_total_exp(rep) == 1);
  CHECK(abs_solve(T, rep, &res) == ABS_OK);
  CHECK(!res.goal_holds);
  CHECK(abs_solve(T, abs_bottom(T), &res) == ABS_OK);
  CHECK(res.goal_holds && res.trace && res.trace->n == 6);
}

/* Q(x, y) :- (x = 0 /\ !(y = 0)) \/ Q(y, x), interface {x = 0, y = 0}:
 * the least model is exactly {(T,F), (F,T)} -- a Cartesian abstraction would
 * add (T,T) and (F,F). */
typedef struct swapset {
  clp_rs *rs;
  clp_rel *Q, *E1, *E2, *E3, *E4, *E5, *E6;
  abs_alpha *a;
} swapset;

static swapset mk_swap(void) {
  swapset S;
  S.rs = clp_rs_new("swap");
  const clp_term *x = I("x"), *y = I("y"), *a = I("a"), *b = I("b");
  S.Q = rel(S.rs, "Q", 2, ARGS(x, y));
  clp_rs_add_clause(S.rs, S.Q, ARGS(x, y),
                    OR2(AND(2, FS(L(zero(x)), NL(zero(y)))),
                        CALL(S.Q, ARGS(y, x))), clp_nopos);
  /* correlated atoms through a call */
  S.E1 = rule(S.rs, "E1", 0, NULL,
              AND(3, FS(CALL(S.Q, ARGS(a, b)), L(zero(a)), L(zero(b)))));
  /* two parameters, one atom */
  S.E2 = rule(S.rs, "E2", 0, NULL, CALL(S.Q, ARGS(a, a)));
  /* derivable through the recursion only */
  S.E3 = rule(S.rs, "E3", 0, NULL,
              AND(3, FS(CALL(S.Q, ARGS(a, b)), NL(zero(a)), L(zero(b)))));
  /* constants: [0 = 0] is true, [1 = 0] false */
  S.E4 = rule(S.rs, "E4", 0, NULL,
              AND(2, FS(CALL(S.Q, ARGS(clp_num(0), b)), L(zero(b)))));
  S.E5 = rule(S.rs, "E5", 0, NULL,
              AND(2, FS(CALL(S.Q, ARGS(clp_num(1), b)), L(zero(b)))));
  S.E6 = rule(S.rs, "E6", 0, NULL, CALL(S.Q, ARGS(clp_num(0), b)));
  clp_rs_set_goal(S.rs, S.E1);
  CHECK(clp_rs_finish(S.rs) == 0);
  S.a = abs_bottom(S.rs);
  CHECK(abs_add_atom(S.a, S.Q, zero(S.Q->formals[0])));
  CHECK(abs_add_atom(S.a, S.Q, zero(S.Q->formals[1])));
  return S;
}

static bool derivable(swapset *S, clp_rel *goal, abs_result *res) {
  clp_rs_set_goal(S->rs, goal);
  abs_status s = abs_solve(S->rs, S->a, res);
  CHECK(s == ABS_OK);
  if (res->goal_holds) CHECK(res->trace && trace_ok(res->trace));
  if (res->goal_holds && res->trace) check_lemma4(S->rs, S->a, res->trace);
  return s == ABS_OK && res->goal_holds;
}

static void test_exact(void) {
  swapset S = mk_swap();
  abs_result res;
  CHECK(!derivable(&S, S.E1, &res));
  if (res.inv) {
    const clp_formula *q = res.inv[S.Q->id];
    const clp_term *at[2] = {zero(S.Q->formals[0]), zero(S.Q->formals[1])};
    for (int v = 0; v < 4; v++) {
      bool val[2] = {v & 1, (v >> 1) & 1};
      CHECK(feval(q, 2, at, val) == (val[0] != val[1]));
    }
    CHECK(res.inv[S.E1->id]->kind == CLP_F_FALSE);
    CHECK(res.inv[S.E3->id]->kind == CLP_F_TRUE);
    CHECK(res.inv[S.E2->id]->kind == CLP_F_FALSE);
  }
  CHECK(!derivable(&S, S.E2, &res));
  CHECK(derivable(&S, S.E3, &res));
  CHECK(res.rounds == 3);
  if (res.trace) {
    clp_trace *t = res.trace;
    CHECK(t->n == 3);
    CHECK(t->nodes[0].rel == S.E3 && t->nodes[0].nlits == 2 &&
          t->nodes[0].ncalls == 1);
    CHECK(t->n == 3 && t->nodes[1].rel == S.Q && t->nodes[1].nlits == 0 &&
          t->nodes[1].ncalls == 1);
    CHECK(t->n == 3 && t->nodes[2].rel == S.Q && t->nodes[2].nlits == 2 &&
          t->nodes[2].ncalls == 0);
  }
}

static void test_constants(void) {
  swapset S = mk_swap();
  abs_result res;
  CHECK(!derivable(&S, S.E4, &res)); /* (T, T) is not in Q */
  CHECK(derivable(&S, S.E5, &res));  /* (F, T) is, at round 2 */
  CHECK(res.trace && res.trace->n == 3);
  if (res.trace && res.trace->n == 3 && res.tuple) {
    CHECK(!res.tuple[1][0] && res.tuple[1][1]);  /* Q(1, b): (F, T) */
    CHECK(res.tuple[2][0] && !res.tuple[2][1]);  /* Q(y, x): (T, F) */
  }
  CHECK(res.rounds == 3);
  CHECK(derivable(&S, S.E6, &res));  /* (T, F) is, at round 1 */
  CHECK(res.rounds == 2);
  if (res.trace) {
    CHECK(res.trace->n == 2);
    CHECK(res.trace->nodes[1].rel == S.Q && res.trace->nodes[1].nlits == 2);
  }
}

/* A Bool formal whose instantiated atom is a NOT / an AND. */
static void test_bool_args(void) {
  clp_rs *rs = clp_rs_new("boolargs");
  const clp_term *p = clp_var("p", clp_sort_bool()), *a = I("a"), *b = I("b");
  clp_rel *B = rule(rs, "B", 1, ARGS(p), L(p));
  clp_rel *E1 = rule(rs, "E1", 0, NULL,
                     AND(2, FS(CALL(B, ARGS(clp_not(zero(a)))), L(zero(a)))));
  clp_rel *E2 = rule(rs, "E2", 0, NULL,
                     AND(2, FS(CALL(B, ARGS(clp_not(zero(a)))), NL(zero(a)))));
  clp_rel *E3 = rule(rs, "E3", 0, NULL,
                     AND(2, FS(CALL(B, ARGS(clp_and(2, ARGS(zero(a), zero(b))))),
                               NL(zero(b)))));
  clp_rs_set_goal(rs, E1);
  CHECK(clp_rs_finish(rs) == 0);
  abs_alpha *al = abs_bottom(rs);
  CHECK(abs_add_atom(al, B, B->formals[0]));
  abs_result res;
  CHECK(abs_solve(rs, al, &res) == ABS_OK && !res.goal_holds);
  if (res.inv) {
    CHECK(res.inv[B->id]->kind == CLP_F_LIT && res.inv[B->id]->atom == B->formals[0]);
    CHECK(res.inv[E2->id]->kind == CLP_F_TRUE);
    CHECK(res.inv[E3->id]->kind == CLP_F_FALSE);
  }
  clp_rs_set_goal(rs, E2);
  CHECK(abs_solve(rs, al, &res) == ABS_OK && res.goal_holds);
  if (res.trace) check_lemma4(rs, al, res.trace);
  clp_rs_set_goal(rs, E3);
  CHECK(abs_solve(rs, al, &res) == ABS_OK && !res.goal_holds);
  /* under bottom all three are derivable */
  CHECK(abs_solve(rs, abs_bottom(rs), &res) == ABS_OK && res.goal_holds);
}

/* ------------------------------------------------ random Boolean programs
 * Relations over Bool formals, interface = a subset of the formals, bodies
 * of literals and calls with arguments x, !x, true, false; the least model
 * of the Boolean program is computed by brute force and compared with
 * abs_solve: derivability, minimal height, the invariants exactly. */
enum { RN = 4, RV = 5, RA = 3 };
typedef struct rnode {
  int kind;                  /* 0 lit, 1 call, 2 and, 3 or */
  int var; bool neg;         /* lit */
  int callee;                /* call */
  int akind[RA], avar[RA];   /* call args: 0 x, 1 !x, 2 true, 3 false */
  int n; struct rnode *kids[3];
} rnode;
typedef struct rprog {
  int n;                     /* relations; the last is the nullary goal */
  int arity[RN], nif[RN], ifv[RN][RA];
  rnode *body[RN];
  int expa[RN], expb[RN];    /* explicated clause !v_a \/ v_b, or -1 */
} rprog;

static unsigned rng = 12345;
static int rnd(int n) {
  rng = rng * 1103515245u + 12345u;
  return (int)((rng >> 16) % (unsigned)n);
}

static rnode *rbody(const rprog *P, int depth) {
  rnode *x = NEW(rnode);
  int k = depth > 0 ? rnd(4) : rnd(2);
  x->kind = k;
  if (k == 0) x->var = rnd(RV), x->neg = rnd(2);
  else if (k == 1) {
    x->callee = rnd(P->n - 1);
    for (int j = 0; j < RA; j++) x->akind[j] = rnd(4), x->avar[j] = rnd(RV);
  } else {
    x->n = 2 + rnd(2);
    for (int i = 0; i < x->n; i++) x->kids[i] = rbody(P, depth - 1);
  }
  return x;
}

static rprog rgen(void) {
  rprog P;
  P.n = 2 + rnd(RN - 1);
  for (int r = 0; r < P.n; r++) {
    P.arity[r] = r == P.n - 1 ? 0 : 1 + rnd(RA);
    P.nif[r] = 0;
    for (int i = 0; i < P.arity[r]; i++)
      if (rnd(4)) P.ifv[r][P.nif[r]++] = i;
    P.expa[r] = rnd(3) ? -1 : rnd(RV);
    P.expb[r] = rnd(RV);
  }
  for (int r = 0; r < P.n; r++) P.body[r] = rbody(&P, 2);
  return P;
}

/* Variable v of relation r: formals first, then locals. */
static const clp_term *rvar(int r, int v) {
  char name[32];
  snprintf(name, sizeof name, "r%d_v%d", r, v);
  return clp_var(name, clp_sort_bool());
}
static const clp_term *rarg(int r, int kind, int v) {
  switch (kind) {
  case 0: return rvar(r, v);
  case 1: return clp_not(rvar(r, v));
  case 2: return clp_true();
  default: return clp_false();
  }
}
static const clp_formula *rir(int r, const rnode *x, clp_rel **rels) {
  if (x->kind == 0) return clp_f_lit(rvar(r, x->var), x->neg, clp_nopos);
  if (x->kind == 1) {
    const clp_term **a = NEW_N(const clp_term *, RA);
    for (int j = 0; j < rels[x->callee]->arity; j++)
      a[j] = rarg(r, x->akind[j], x->avar[j]);
    return clp_f_call(rels[x->callee], a, clp_nopos);
  }
  const clp_formula **k = NEW_N(const clp_formula *, x->n);
  for (int i = 0; i < x->n; i++) k[i] = rir(r, x->kids[i], rels);
  return x->kind == 2 ? clp_f_and(x->n, k, clp_nopos)
                      : clp_f_or(x->n, k, clp_nopos);
}

/* Oracle: R[r] is a bit set over interface tuples. */
static bool reval(const rprog *P, int r, const rnode *x, unsigned sigma,
                  const unsigned *R) {
  if (x->kind == 0) return ((sigma >> x->var) & 1) != x->neg;
  if (x->kind == 1) {
    int c = x->callee;
    unsigned t = 0;
    for (int i = 0; i < P->nif[c]; i++) {
      int j = P->ifv[c][i];
      int k = x->akind[j], v = (sigma >> x->avar[j]) & 1;
      int b = k == 0 ? v : k == 1 ? !v : k == 2;
      t |= (unsigned)b << i;
    }
    return (R[c] >> t) & 1;
  }
  for (int i = 0; i < x->n; i++) {
    bool b = reval(P, r, x->kids[i], sigma, R);
    if (x->kind == 2 && !b) return false;
    if (x->kind == 3 && b) return true;
  }
  return x->kind == 2;
}

static unsigned rstep(const rprog *P, int r, const unsigned *R) {
  unsigned out = 0;
  for (unsigned sigma = 0; sigma < (1u << RV); sigma++) {
    if (P->expa[r] >= 0 && ((sigma >> P->expa[r]) & 1) &&
        !((sigma >> P->expb[r]) & 1))
      continue;
    if (!reval(P, r, P->body[r], sigma, R)) continue;
    unsigned t = 0;
    for (int i = 0; i < P->nif[r]; i++)
      t |= ((sigma >> P->ifv[r][i]) & 1u) << i;
    out |= 1u << t;
  }
  return out;
}

static void test_random(void) {
  int nh = 0, nn = 0;
  for (int iter = 0; iter < 300; iter++) {
    rprog P = rgen();
    clp_rs *rs = clp_rs_new("random");
    clp_rel *rels[RN];
    for (int r = 0; r < P.n; r++) {
      char name[16];
      snprintf(name, sizeof name, "R%d", r);
      const clp_term *f[RA];
      for (int i = 0; i < P.arity[r]; i++) f[i] = rvar(r, i);
      rels[r] = rel(rs, name, P.arity[r], f);
    }
    for (int r = 0; r < P.n; r++) {
      const clp_term *f[RA];
      for (int i = 0; i < P.arity[r]; i++) f[i] = rvar(r, i);
      clp_rs_add_clause(rs, rels[r], f, rir(r, P.body[r], rels), clp_nopos);
    }
    clp_rs_set_goal(rs, rels[P.n - 1]);
    CHECK(clp_rs_finish(rs) == 0);
    abs_alpha *a = abs_bottom(rs);
    for (int r = 0; r < P.n; r++) {
      for (int i = 0; i < P.nif[r]; i++)
        CHECK(abs_add_atom(a, rels[r], rvar(r, P.ifv[r][i])));
      if (P.expa[r] >= 0)
        abs_add_exp(a, rels[r], clp_f_or2(NL(rvar(r, P.expa[r])),
                                          L(rvar(r, P.expb[r]))));
    }
    /* oracle rounds */
    unsigned R[RN] = {0}, N[RN];
    int k = 0, goal = P.n - 1;
    bool holds = false;
    for (;;) {
      if (R[goal]) { holds = true; break; }
      bool moved = false;
      for (int r = 0; r < P.n; r++) N[r] = rstep(&P, r, R);
      for (int r = 0; r < P.n; r++) moved |= N[r] != R[r], R[r] = N[r];
      if (!moved) break;
      k++;
    }
    abs_result res;
    CHECK(abs_solve(rs, a, &res) == ABS_OK);
    CHECK(res.goal_holds == holds);
    if (res.goal_holds != holds) {
      fprintf(stderr, "random program %d differs\n", iter);
      continue;
    }
    if (holds) nh++; else nn++;
    if (holds) {
      CHECK(res.rounds == k);
      CHECK(res.trace && trace_ok(res.trace));
      if (res.trace) CHECK(height(res.trace, 0) == k);
      CHECK(res.tuple != NULL);
      for (int n = 0; res.trace && res.tuple && n < res.trace->n; n++) {
        int r = res.trace->nodes[n].rel->id;
        unsigned t = 0;
        for (int i = 0; i < P.nif[r]; i++) t |= (unsigned)res.tuple[n][i] << i;
        CHECK((R[r] >> t) & 1); /* every node's tuple is derivable */
      }
      if (res.trace) check_lemma4(rs, a, res.trace);
      continue;
    }
    for (int r = 0; r < P.n - 1; r++) {
      const clp_term *at[RA];
      for (int i = 0; i < P.nif[r]; i++) at[i] = rvar(r, P.ifv[r][i]);
      for (unsigned t = 0; t < (1u << P.nif[r]); t++) {
        bool val[RA];
        for (int i = 0; i < P.nif[r]; i++) val[i] = (t >> i) & 1;
        CHECK(feval(res.inv[r], P.nif[r], at, val) == (bool)((R[r] >> t) & 1));
      }
    }
    CHECK(res.inv[goal]->kind == CLP_F_FALSE);
  }
  CHECK(nh > 30 && nn > 30); /* both outcomes are exercised */
}

static void test_timeout(void) {
  rational R = mk_rational(true);
  abs_result res;
  clp_deadline_set(1e-9);
  for (volatile long k = 0; k < 100000; k++) {}
  CHECK(clp_expired());
  CHECK(abs_solve(R.rs, mk_delta(&R), &res) == ABS_TIMEOUT);
  CHECK(!res.trace && !res.inv);
  clp_deadline_set(0);
  CHECK(abs_solve(R.rs, mk_delta(&R), &res) == ABS_OK && !res.goal_holds);
}

/* x[i] = the Int variable xi, i < n. */
static void xvars(const clp_term **x, int n) {
  char name[16];
  for (int i = 0; i < n; i++) {
    snprintf(name, sizeof name, "x%d", i);
    x[i] = I(name);
  }
}

/* Big(x_0 .. x_{2n-1}) :- AND_i (x_i = 0 <-> x_{n+i} = 0): exponential in
 * the variable order, so a small node cap runs out. */
static void test_memout(void) {
  enum { N = 14 };
  clp_rs *rs = clp_rs_new("big");
  const clp_term *x[2 * N];
  xvars(x, 2 * N);
  const clp_formula *k[N];
  for (int i = 0; i < N; i++)
    k[i] = OR2(clp_f_and2(L(zero(x[i])), L(zero(x[N + i]))),
               clp_f_and2(NL(zero(x[i])), NL(zero(x[N + i]))));
  clp_rel *big = rule(rs, "Big", 2 * N, x, AND(N, k));
  clp_rel *e = rule(rs, "E", 0, NULL,
                    AND(3, FS(CALL(big, x), L(zero(x[0])), NL(zero(x[N])))));
  clp_rs_set_goal(rs, e);
  CHECK(clp_rs_finish(rs) == 0);
  abs_alpha *a = abs_bottom(rs);
  for (int i = 0; i < 2 * N; i++) CHECK(abs_add_atom(a, big, zero(big->formals[i])));
  abs_result res;
  abs_done();
  abs_init(3000);
  CHECK(abs_solve(rs, a, &res) == ABS_MEMOUT);
  abs_done();
  abs_init(0);
  CHECK(abs_solve(rs, a, &res) == ABS_OK);
  CHECK(!res.goal_holds);
  CHECK(res.bdd_nodes > 3000);
}

/* Explicated clauses whose conjunction outgrows a cluster (ABS_CLUSTER):
 * R(x_0 .. x_{2n-1}) :- true with the clauses x_i = 0 <-> x_{n+i} = 0
 * (exponential in the variable order), and a goal that needs x_0 = 0 and
 * x_n = 0 to differ (not derivable) or to agree (derivable, with a trace
 * whose R tuple respects every clause).  The answers do not depend on how
 * the clauses are clustered or the locals quantified. */
static void test_clusters(void) {
  enum { N = 13 };
  for (int agree = 0; agree < 2; agree++) {
    clp_rs *rs = clp_rs_new("clusters");
    const clp_term *x[2 * N];
    xvars(x, 2 * N);
    clp_rel *r = rule(rs, "R", 2 * N, x, clp_f_true());
    const clp_formula *last = agree ? L(zero(x[N])) : NL(zero(x[N]));
    clp_rel *e = rule(rs, "E", 0, NULL,
                      AND(3, FS(CALL(r, x), L(zero(x[0])), last)));
    clp_rs_set_goal(rs, e);
    CHECK(clp_rs_finish(rs) == 0);
    abs_alpha *a = abs_bottom(rs);
    for (int i = 0; i < 2 * N; i++) CHECK(abs_add_atom(a, r, zero(r->formals[i])));
    for (int i = 0; i < N; i++) {
      const clp_term *u = zero(r->formals[i]), *v = zero(r->formals[N + i]);
      CHECK(abs_add_exp(a, r, OR2(NL(u), L(v))));
      CHECK(abs_add_exp(a, r, OR2(L(u), NL(v))));
    }
    abs_result res;
    CHECK(abs_solve(rs, a, &res) == ABS_OK);
    CHECK(res.goal_holds == agree);
    CHECK(res.bdd_nodes > 4096); /* R alone outgrows a cluster */
    if (!agree) continue;
    CHECK(res.rounds == 2 && res.trace && trace_ok(res.trace));
    for (int n = 0; res.trace && res.tuple && n < res.trace->n; n++) {
      if (res.trace->nodes[n].rel != r) continue;
      CHECK(res.tuple[n][0] && res.tuple[n][N]);
      for (int i = 0; i < N; i++) CHECK(res.tuple[n][i] == res.tuple[n][N + i]);
    }
  }
}

int main(void) {
  GC_INIT();
  abs_init(0);
  test_alpha();
  test_bottom();
  test_delta();
  test_exact();
  test_constants();
  test_bool_args();
  test_random();
  test_timeout();
  test_memout();
  test_clusters();
  abs_done();
  abs_done(); /* idempotent */
  return check_done("test_abs");
}
