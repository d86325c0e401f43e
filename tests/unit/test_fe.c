/* test_fe.c -- the .clp frontend: the paper's examples, sort inference,
 * clause merging, precedence, normalisation, every tests/clp/errors case (by
 * parsing the files directly), robustness on garbage, round trip through
 * the IR printer. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "frontend/clp/fe_clp.h"
#include "frontend/fe.h"

/* The diagnostics of the last parse. */
static fe_diags last;
static const char *errors(void) { return fe_diags_text(&last); }

static clp_rs *parse_n(const char *name, const char *text, size_t len) {
  last = (fe_diags){0};
  return fe_clp_parse_string(name, text, len, &last);
}

static clp_rs *parse(const char *text) {
  return parse_n("t.clp", text, strlen(text));
}

static clp_rs *parse_file(const char *path) {
  last = (fe_diags){0};
  return fe_clp_parse_file(path, &last);
}

static const clp_sort *arg_sort(const clp_rs *rs, const char *rel, int i) {
  const clp_rel *r = clp_rs_find(rs, rel);
  if (!r || i >= r->arity) return NULL;
  return r->formals[i]->sort;
}

static bool has_error(const char *sub) {
  return strstr(errors(), sub) != NULL;
}

static void test_rational(const char *path) {
  clp_rs *rs = parse_file(path);
  CHECK(rs != NULL);
  if (!rs) return;
  const clp_sort *I = clp_sort_int(), *A = clp_sort_array(I, I);
  CHECK(rs->nrels == 5);
  CHECK(rs->goal && !strcmp(rs->goal->name, "Emain") && rs->goal->arity == 0);
  const clp_rel *t = clp_rs_find(rs, "TRat");
  CHECK(t && t->arity == 9);
  /* TRat(x, y, n, d, h, n', d', h', this) */
  const clp_sort *want[9] = {I, I, A, A, A, A, A, A, I};
  for (int i = 0; i < 9; i++) CHECK(arg_sort(rs, "TRat", i) == want[i]);
  if (t) CHECK_STR(t->formals[5]->name, "n'");
  CHECK(arg_sort(rs, "Etrunc", 0) == I && arg_sort(rs, "Etrunc", 1) == A &&
        arg_sort(rs, "Etrunc", 2) == A);
  CHECK(arg_sort(rs, "TreadInt", 0) == I);
  CHECK(arg_sort(rs, "Eloop", 0) == I && arg_sort(rs, "Eloop", 1) == I &&
        arg_sort(rs, "Eloop", 3) == A);
  /* Eloop: i < 100000 , (Etrunc(..) ; Eloop(..)) */
  const clp_rel *l = clp_rs_find(rs, "Eloop");
  CHECK(l && l->body->kind == CLP_F_AND && l->body->n == 2);
  if (l && l->body->kind == CLP_F_AND && l->body->n == 2) {
    CHECK(l->body->kids[0]->kind == CLP_F_LIT);
    CHECK(l->body->kids[0]->pos.line == 18 && l->body->kids[0]->pos.col == 5);
    CHECK(l->body->kids[1]->kind == CLP_F_OR);
    CHECK(clp_f_has_call(l->body));
  }
  const clp_rel *m = clp_rs_find(rs, "Emain");
  CHECK(m && m->body->kind == CLP_F_AND && m->body->n == 5);
  /* TreadInt(r) :- isInt(r): an uninterpreted predicate */
  const clp_rel *ri = clp_rs_find(rs, "TreadInt");
  CHECK(ri && ri->body->kind == CLP_F_LIT && ri->body->atom->op == CLP_APP &&
        !strcmp(ri->body->atom->fun->name, "isInt"));
}

static void test_merge_and_facts(void) {
  clp_rs *rs = parse("goal g.\n"
                     "p(0).\n"
                     "p(x) :- p(y), x = y + 1.\n"
                     "g :- p(x), x < 0.\n");
  CHECK(rs != NULL);
  if (!rs) return;
  const clp_rel *p = clp_rs_find(rs, "p");
  CHECK(p && p->arity == 1 && p->body->kind == CLP_F_OR && p->body->n == 2);
  clp_rs *f = parse("goal g. q(1, 2). g :- q(a, b).");
  CHECK(f != NULL);
  if (f) {
    const clp_rel *q = clp_rs_find(f, "q");
    CHECK(q && q->body->kind == CLP_F_AND && !clp_f_has_call(q->body));
  }
  /* a rel without rules is empty; nullary facts */
  clp_rs *e = parse("rel r(int). goal g. h. g :- h, r(3).");
  CHECK(e != NULL);
  if (e) {
    CHECK(clp_rs_find(e, "r")->body->kind == CLP_F_FALSE);
    CHECK(clp_rs_find(e, "h")->body->kind == CLP_F_TRUE);
  }
}

static void test_sorts(void) {
  const clp_sort *I = clp_sort_int(), *B = clp_sort_bool();
  clp_rs *rs = parse("goal g. q(b, c) :- b, !c. g :- q(x, y).");
  CHECK(rs && arg_sort(rs, "q", 0) == B && arg_sort(rs, "q", 1) == B);
  rs = parse("goal g. r(a, b, i) :- a = const(0), "
             "select(store(a, 1, 2), i) = ite(b, 1, 0). g :- r(x, y, z).");
  CHECK(rs && arg_sort(rs, "r", 0) == clp_sort_array(I, I) &&
        arg_sort(rs, "r", 1) == B && arg_sort(rs, "r", 2) == I);
  /* declared sorts flow through calls; nested arrays */
  rs = parse("rel r(map, array(int, bool)). goal g.\n"
             "s(m, k) :- r(m, k), select(k, 0). g :- s(u, v).\n"
             "t(w) :- select(select(w, 1), 2) = 3. h :- t(z).");
  CHECK(rs && arg_sort(rs, "s", 0) == clp_sort_array(I, I) &&
        arg_sort(rs, "s", 1) == clp_sort_array(I, B) &&
        arg_sort(rs, "t", 0) == clp_sort_array(I, clp_sort_array(I, I)));
  /* open sorts default to int */
  rs = parse("goal g. e(u, v) :- u = v. g :- e(a, b).");
  CHECK(rs && arg_sort(rs, "e", 0) == I && arg_sort(rs, "e", 1) == I);
  /* uninterpreted functions and predicates */
  rs = parse("fun f(int, map): bool. pred P(int). fun c: int. goal g.\n"
             "g :- f(x, m), P(c), x = c + 1, !f(c, store(m, 0, 1)).");
  CHECK(rs != NULL);
  if (!rs) fprintf(stderr, "%s", errors());
  /* parenthesised conjunction as a Bool argument */
  rs = parse("pred PB(bool, int). goal g. g :- PB((x = 1, y = 2), 3).");
  CHECK(rs != NULL);
  /* ',' separates arguments even next to ';' '\/' '/\' */
  rs = parse("pred PS(bool, bool). goal g.\n"
             "g :- PS(a ; b, c), PS(a, b /\\ c), PS(a /\\ b, c \\/ d),\n"
             "     PS(a ; b /\\ c, d ; e), x = ite(x < 0 \\/ y < 0, 1, 2).");
  CHECK(rs != NULL);
  if (!rs) fprintf(stderr, "%s", errors());
  CHECK(parse("pred PT(bool, bool). goal g. g :- PT(a, b, c).") == NULL &&
        has_error("expects 2 arguments, got 3"));
}

static void test_precedence(void) {
  clp_rs *rs = parse("goal g. g :- a, b ; c.");
  CHECK(rs != NULL);
  if (rs) {
    const clp_formula *b = rs->goal->body;
    CHECK(b->kind == CLP_F_OR && b->n == 2 && b->kids[0]->kind == CLP_F_AND);
  }
  rs = parse("goal g. g :- a /\\ (b \\/ c).");
  if (rs) {
    const clp_formula *b = rs->goal->body;
    CHECK(b->kind == CLP_F_AND && b->n == 2 && b->kids[1]->kind == CLP_F_OR);
  } else CHECK(0);
  /* arithmetic: 1 + 2 * x = 7 has x = 3 as normal form */
  rs = parse("goal g. g :- 1 + 2 * x = 7, - y - 1 < 0.");
  CHECK(rs != NULL);
  if (rs) {
    const clp_formula *b = rs->goal->body;
    CHECK(b->kind == CLP_F_AND && b->n == 2 &&
          b->kids[0]->kind == CLP_F_LIT && b->kids[0]->atom->op == CLP_EQ);
  }
}

static void test_normalisation(void) {
  clp_rs *rs = parse("goal g. g :- x != 3.");
  CHECK(rs && rs->goal->body->kind == CLP_F_LIT && rs->goal->body->neg &&
        rs->goal->body->atom->op == CLP_EQ);
  rs = parse("goal g. g :- x < 3.");
  CHECK(rs && rs->goal->body->kind == CLP_F_LIT && !rs->goal->body->neg &&
        rs->goal->body->atom->op == CLP_LE);
  clp_rs *rs2 = parse("goal g. g :- x <= 2.");
  CHECK(rs && rs2 && rs->goal->body->atom == rs2->goal->body->atom);
  rs = parse("goal g. g :- not (x > 1 /\\ y >= 2).");
  CHECK(rs && rs->goal->body->kind == CLP_F_OR);
  rs = parse("goal g. g :- x = 10 mod 3, y = 7 div 2, z = 7 / 2.");
  CHECK(rs != NULL);
}

static void test_misc_syntax(void) {
  CHECK(parse("?- g. g :- true. % comment\n// another\n/* block\n */") != NULL);
  CHECK(parse("goal g. g :- x$1 = 1, y!2 = x$1, z# = 0, q'' = 1.") != NULL);
  CHECK(parse("goal g. g() :- h(). h().") != NULL);
  CHECK(parse("goal g. g :- x = -9223372036854775807.") != NULL);
  CHECK(parse("goal g. g :- a!=b.") != NULL);
}

/* Every tests/clp/errors file: first line "% error: LINE:COL: SUBSTRING". */
static void test_error_files(void) {
  DIR *d = opendir("tests/clp/errors");
  CHECK(d != NULL);
  if (!d) return;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t k = strlen(e->d_name);
    if (k < 5 || strcmp(e->d_name + k - 4, ".clp")) continue;
    char path[512], line[512], want[700];
    snprintf(path, sizeof path, "tests/clp/errors/%s", e->d_name);
    FILE *f = fopen(path, "r");
    if (!f || !fgets(line, sizeof line, f)) {
      CHECK(0);
      if (f) fclose(f);
      continue;
    }
    fclose(f);
    line[strcspn(line, "\n")] = 0;
    const char *spec = line + strlen("% error: ");
    CHECK(!strncmp(line, "% error: ", 9));
    const char *colon = strchr(spec, ' '); /* after "LINE:COL:" */
    if (!colon) { CHECK(0); continue; }
    snprintf(want, sizeof want, "%s:%.*s error: %s", path,
             (int)(colon - spec), spec, colon + 1);
    clp_rs *rs = parse_file(path);
    CHECK(rs == NULL);
    if (!strstr(errors(), want)) {
      check_fail++;
      fprintf(stderr, "%s: want \"%s\", got:\n%s", path, want, errors());
    } else check_pass++;
    n++;
  }
  closedir(d);
  CHECK(n >= 12);
}

static void test_errors_inline(void) {
  CHECK(parse("") == NULL && has_error("t.clp:1:1: error: no goal declaration"));
  CHECK(parse("goal g. g :- p(1). g :- q(2).") == NULL &&
        has_error("unknown relation or predicate 'p'") &&
        has_error("unknown relation or predicate 'q'"));
  CHECK(parse("goal g. g :- x = select(x, 1).") == NULL &&
        has_error("sort mismatch"));
  CHECK(parse("goal g. g :- b, b = 1.") == NULL && has_error("sort mismatch"));
  CHECK(parse("goal g.\ng :- a(1, 2) = b.") == NULL);
  CHECK(parse("goal g. g :- x < y < z.") == NULL);
  CHECK(parse("goal g. g :- f(x).\nfun f(int): int.") == NULL &&
        has_error("call to fun 'f' in body position"));
  CHECK(parse("goal g. g :- select(a).") == NULL &&
        has_error("arity mismatch: builtin 'select' expects 2 arguments, got 1"));
  CHECK(parse("goal g. g :- x = 1\n% a comment, not a dot") == NULL &&
        has_error("expected '.' at end of rule"));
  CHECK(parse("goal g. g :- (x = 1.") == NULL &&
        has_error("t.clp:1:20: error: unexpected '.': unmatched '(' opened at 1:14"));
}

static void test_robust(void) {
  /* binary garbage, NULs, deep nesting, long chains: no crash, an answer */
  char buf[4096];
  unsigned s = 12345;
  for (int round = 0; round < 200; round++) {
    int n = (int)(s % sizeof buf);
    for (int i = 0; i < n; i++) {
      s = s * 1103515245u + 12345u;
      buf[i] = round % 2 ? (char)(s >> 16) : " ()a=+,.:-;g1!"[(s >> 16) % 14];
    }
    parse_n("garbage", buf, (size_t)n);
  }
  const char nul[] = "goal g.\0 g.";
  CHECK(parse_n("nul", nul, sizeof nul - 1) == NULL &&
        strstr(errors(), "nul:1:8: error: unexpected character '\\x00'"));
  CHECK(parse_n("nul", "goal g. g. % \0 x", 16) != NULL);
  enum { N = 100000 };
  char *deep = malloc(3 * N + 64);
  int k = sprintf(deep, "goal g. g :- ");
  for (int i = 0; i < N; i++) deep[k++] = '(';
  strcpy(deep + k, "x = 1");
  k += 5;
  for (int i = 0; i < N; i++) deep[k++] = ')';
  strcpy(deep + k, ".");
  CHECK(parse(deep) == NULL && has_error("1:1014: error: nesting deeper than 1000"));
  k = sprintf(deep, "goal g. g :- x = 0");
  for (int i = 0; i < N / 2; i++) k += sprintf(deep + k, " + 1");
  strcpy(deep + k, ".");
  CHECK(parse(deep) == NULL && has_error("nested too deeply"));
  k = sprintf(deep, "goal g. g :- x = 0");
  for (int i = 0; i < N / 4; i++) k += sprintf(deep + k, ", x = 0");
  strcpy(deep + k, ".");
  CHECK(parse(deep) != NULL);
  free(deep);
}

static void test_load(void) {
  fe_diags d = {0};
  CHECK(fe_load("examples/rational_fixed.clp", NULL, &d, NULL) != NULL);
  CHECK(fe_load("examples/rational_fixed.clp", "clp", &d, NULL) != NULL);
  CHECK(d.n == 0);
  CHECK(fe_load("nonexistent.clp", NULL, &d, NULL) == NULL);
  CHECK(d.n == 1 && d.v[0].kind == FE_DIAG_IO && d.v[0].pos.line == 0 &&
        !strncmp(fe_diags_text(&d), "nonexistent.clp: error: cannot read: ", 37));
  CHECK(fe_load("x.foo", NULL, NULL, NULL) == NULL);
  d = (fe_diags){0}; /* a directory */
  CHECK(fe_load("examples", NULL, &d, NULL) == NULL && d.n == 1 &&
        !strcmp(fe_diags_text(&d), "examples: error: is a directory\n"));
  d = (fe_diags){0}; /* the language read, in *used */
  const char *used = NULL;
  CHECK(fe_load("examples/rational_fixed.clp", NULL, &d, &used) && used &&
        !strcmp(used, "clp"));
  CHECK(fe_load("examples/rational_fixed.clp", "smtlib", NULL, NULL) == NULL);
  /* kinds: the exit code is chosen from them, never from the text */
  CHECK(!fe_diags_only_unsupported(&d));
  d = (fe_diags){0};
  CHECK(parse("goal g. g :- (x = 1.") == NULL && last.n == 1 &&
        last.v[0].kind == FE_DIAG_SYNTAX && last.v[0].pos.line == 1 &&
        last.v[0].pos.col == 20);
  fe_diag_add(&d, FE_DIAG_UNSUPPORTED, fe_diag_file("a.c"), "unsupported: x");
  fe_diag_add(&d, FE_DIAG_NOTE, clp_nopos, "cpp: a warning\n");
  CHECK(fe_diags_only_unsupported(&d) && fe_diags_errors(&d) == 1);
  CHECK_STR(fe_diags_text(&d), "a.c: error: unsupported: x\ncpp: a warning\n");
  fe_diag_add(&d, FE_DIAG_ERROR, fe_diag_file("a.c"), "not unsupported");
  CHECK(!fe_diags_only_unsupported(&d));
}

/* fe_detect_lang: the language of a text without an extension. */
static void test_detect(void) {
  static const struct { const char *text, *lang; } cases[] = {
      {"(set-logic HORN)\n(declare-fun inv (Int) Bool)", "smt2"},
      {"; comment\n(declare-fun inv (Int) Bool)", "smt2"},
      {"  (assert (=> true false))", "smt2"},
      {"(* c *)\nnumber_procs 2\ntype loc = A | B", "cub"},
      {"(* (* nested *) *)\ntype loc = A | B", "cub"},
      {"var X : int\n", "cub"},
      {"array A[proc] : bool", "cub"},
      {"const c : int", "cub"},
      {"init (z) { X = 0 }", "cub"},
      {"unsafe (z1 z2) { A[z1] = B }", "cub"},
      {"transition t (i)\nrequires { X = 0 }", "cub"},
      {"goal E.\nE :- x = 1.", "clp"},
      {"% c\n/* c */\nE(x) :- x = 1.\ngoal G.", "clp"},
      {"?- E.", "clp"},
      {"rel R(int).", "clp"},
      {"fun f: int.", "clp"},
      {"int x;\nE :- x.", "clp"}, /* a rule on a later line */
      {"E(1).\ngoal E.", "clp"},    /* facts, then the goal */
      {"int goal;\nint main(void) { goal = 1; }", "c"},
      {"#include <stdio.h>\nint main(void) { return 0; }", "c"},
      {"const int k = 3;\nint main(void) { return k; }", "c"},
      {"int f(int type) { int x = type ? 1 :-1; return x; }", "c"},
      {"type = 1;", "c"},
      {"", "c"},
      {"/* unterminated", "c"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *got = fe_detect_lang(cases[i].text, strlen(cases[i].text));
    if (strcmp(got, cases[i].lang))
      fprintf(stderr, "detect case %zu: %s, want %s\n", i, got, cases[i].lang);
    CHECK(!strcmp(got, cases[i].lang));
  }
}

int main(void) {
  GC_INIT();
  test_detect();
  test_rational("examples/rational_bug.clp");
  test_rational("examples/rational_fixed.clp");
  test_merge_and_facts();
  test_sorts();
  test_precedence();
  test_normalisation();
  test_misc_syntax();
  test_error_files();
  test_errors_inline();
  test_robust();
  test_load();
  return check_done("test_fe");
}
