/* print_smt2.c -- a rule set as an SMT-LIB 2 HORN script (CHC-COMP format).
 *
 * One declare-fun per uninterpreted function and per relation, one
 * universally closed clause (=> BODY HEAD) per disjunct of each relation's
 * rule, the query (=> GOAL false), (check-sat).  z3 reads it as: sat = some
 * interpretation of the relations satisfies every clause = the goal is not
 * derivable = car's safe.
 *
 * The same clauses make a safe answer's certificate (--certificate): the
 * relations defined by their invariants (define-fun), each clause checked
 * valid by asking for a model of its negation (unsat), with
 * (reset-assertions) between the checks: under push/pop z3 4.8.12 runs
 * its incremental core without its preprocessing and does not decide the
 * indexed engine's quantified checks (docs/cli.md, --certificate).
 *
 * Names: a name is printed plain when it is [A-Za-z_][A-Za-z0-9_.]*, else
 * between |bars| (|x| and x are the same SMT-LIB symbol).  Names that are
 * SMT-LIB reserved words or theory symbols, or already taken in the same
 * scope (relations and functions: the file; variables: their clause), get a
 * suffix !1, !2, ... */
#include <stdio.h>
#include <string.h>

#include "clp/clpi.h"

/* -------------------------------------------------------------- names */
/* Reserved words, commands and theory symbols of SMT-LIB 2.6 (Core, Ints,
 * Reals, ArraysEx) and a few z3 built-ins a user name must not shadow. */
static const char *const reserved[] = {
    "_", "!", "as", "BINARY", "DECIMAL", "exists", "forall", "HEXADECIMAL",
    "let", "match", "NUMERAL", "par", "STRING", "lambda",
    "assert", "check-sat", "declare-fun", "declare-const", "define-fun",
    "declare-sort", "define-sort", "set-logic", "set-option", "set-info",
    "get-model", "get-value", "push", "pop", "exit", "echo", "reset",
    "true", "false", "not", "and", "or", "xor", "=>", "=", "distinct", "ite",
    "Bool", "Int", "Real", "Array", "select", "store", "const", "div", "mod",
    "abs", "rem", "+", "-", "*", "/", "<=", "<", ">=", ">", "to_real",
    "to_int", "is_int", "iff", "implies", "if", "root-obj", "as-array", "map",
    "default", "ext", "subset", "union", "intersection", "difference",
    "complement", "Seq", "String", "RegLan", "BitVec", "^", "power",
};

/* Names taken in the current scope (unquoted spelling); a scope is
 * restored by truncating n. */
typedef struct names {
  int n, cap;
  const char **s;
} names;

static bool is_reserved(const char *s) {
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
    if (!strcmp(s, reserved[i])) return true;
  return false;
}

static bool taken(const names *ns, const char *s) {
  for (int i = 0; i < ns->n; i++)
    if (!strcmp(ns->s[i], s)) return true;
  return false;
}

static void take(names *ns, const char *s) {
  VEC_PUSH(const char *, ns->s, ns->n, ns->cap, s);
}

static bool is_plain(const char *s) {
  if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '_'))
    return false;
  for (const char *p = s + 1; *p; p++)
    if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
          (*p >= '0' && *p <= '9') || *p == '_' || *p == '.'))
      return false;
  return true;
}

/* The wanted spelling of a name (before clash resolution): '|' and '\\',
 * which cannot occur in a quoted symbol, become '_'; labelled variables
 * (trace copies) get "@label". */
static const char *wanted(const char *name, int label) {
  clp_buf b = {0};
  for (const char *p = name; *p; p++)
    clp_buf_printf(&b, "%c", *p == '|' || *p == '\\' ? '_' : *p);
  if (!*name) clp_buf_puts(&b, "_");
  if (label) clp_buf_printf(&b, "@%d", label);
  return clp_buf_str(&b);
}

/* Takes a fresh spelling for want in ns and returns it, printable. */
static const char *fresh(names *ns, const char *want) {
  const char *s = want;
  for (int k = 1; is_reserved(s) || taken(ns, s); k++) {
    clp_buf b = {0};
    clp_buf_printf(&b, "%s!%d", want, k);
    s = clp_buf_str(&b);
  }
  take(ns, s);
  if (is_plain(s)) return s;
  clp_buf b = {0};
  clp_buf_printf(&b, "|%s|", s);
  return clp_buf_str(&b);
}

/* Printed names of relations, functions and the current clause's
 * variables, keyed by pointer. */
typedef struct ctx {
  clp_buf *b;
  clp_pmap sym;
  names ns;
} ctx;

static const char *sym(const ctx *c, const void *key) {
  const char *s = clp_pmap_get(&c->sym, key);
  return s ? s : "|?unnamed|"; /* not reached: every symbol is named first */
}

/* -------------------------------------------------------------- terms */
static void num(clp_buf *b, int64_t k) {
  if (k >= 0) clp_buf_printf(b, "%lld", (long long)k);
  else if (k == INT64_MIN) clp_buf_puts(b, "(- 9223372036854775808)");
  else clp_buf_printf(b, "(- %lld)", -(long long)k);
}

static void term(ctx *c, const clp_term *t);

static void app(ctx *c, const char *head, int n, const clp_term **kids) {
  if (!n) { clp_buf_puts(c->b, head); return; }
  clp_buf_printf(c->b, "(%s", head);
  for (int i = 0; i < n; i++) {
    clp_buf_puts(c->b, " ");
    term(c, kids[i]);
  }
  clp_buf_puts(c->b, ")");
}

static void term(ctx *c, const clp_term *t) {
  switch (t->op) {
  case CLP_VAR: clp_buf_puts(c->b, sym(c, t)); return;
  case CLP_NUM: num(c->b, t->num); return;
  case CLP_TRUE: clp_buf_puts(c->b, "true"); return;
  case CLP_FALSE: clp_buf_puts(c->b, "false"); return;
  case CLP_ADD: app(c, "+", t->n, t->kids); return;
  case CLP_MUL: app(c, "*", t->n, t->kids); return;
  case CLP_DIV: app(c, "div", t->n, t->kids); return;
  case CLP_MOD: app(c, "mod", t->n, t->kids); return;
  case CLP_ITE: app(c, "ite", t->n, t->kids); return;
  case CLP_SELECT: app(c, "select", t->n, t->kids); return;
  case CLP_STORE: app(c, "store", t->n, t->kids); return;
  case CLP_CONST_ARRAY:
    clp_buf_printf(c->b, "((as const %s) ", clp_sort_str(t->sort));
    term(c, t->kids[0]);
    clp_buf_puts(c->b, ")");
    return;
  case CLP_APP: app(c, sym(c, t->fun), t->n, t->kids); return;
  case CLP_EQ: app(c, "=", t->n, t->kids); return;
  case CLP_LE: app(c, "<=", t->n, t->kids); return;
  case CLP_NOT: app(c, "not", t->n, t->kids); return;
  case CLP_AND:
    if (!t->n) clp_buf_puts(c->b, "true");
    else if (t->n == 1) term(c, t->kids[0]);
    else app(c, "and", t->n, t->kids);
    return;
  case CLP_OR:
    if (!t->n) clp_buf_puts(c->b, "false");
    else if (t->n == 1) term(c, t->kids[0]);
    else app(c, "or", t->n, t->kids);
    return;
  }
}

/* ------------------------------------------------------------ formulas */
static void formula(ctx *c, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_TRUE: clp_buf_puts(c->b, "true"); return;
  case CLP_F_FALSE: clp_buf_puts(c->b, "false"); return;
  case CLP_F_LIT:
    if (f->neg) clp_buf_puts(c->b, "(not ");
    term(c, f->atom);
    if (f->neg) clp_buf_puts(c->b, ")");
    return;
  case CLP_F_AND: case CLP_F_OR:
    if (f->n == 0) {
      clp_buf_puts(c->b, f->kind == CLP_F_AND ? "true" : "false");
      return;
    }
    if (f->n == 1) { formula(c, f->kids[0]); return; }
    clp_buf_puts(c->b, f->kind == CLP_F_AND ? "(and" : "(or");
    for (int i = 0; i < f->n; i++) {
      clp_buf_puts(c->b, " ");
      formula(c, f->kids[i]);
    }
    clp_buf_puts(c->b, ")");
    return;
  case CLP_F_CALL: app(c, sym(c, f->rel), f->n, f->args); return;
  }
}

/* ----------------------------------------------------------- functions */

static void declare(ctx *c, const char *name, int n, const clp_sort **dom,
                    const clp_sort *range) {
  clp_buf_printf(c->b, "(declare-fun %s (", name);
  for (int i = 0; i < n; i++)
    clp_buf_printf(c->b, "%s%s", i ? " " : "", clp_sort_str(dom[i]));
  clp_buf_printf(c->b, ") %s)\n", clp_sort_str(range));
}

/* ------------------------------------------------------------- clauses */
/* Names the clause's variables in a scope nested in the globals: names that
 * need no renaming first, so a renamed one cannot steal another's name. */
static void name_vars(ctx *c, int n, const clp_term **vars) {
  const char **want = NEW_N(const char *, n);
  bool *done = NEW_N(bool, n);
  for (int i = 0; i < n; i++) {
    want[i] = wanted(vars[i]->name, vars[i]->label);
    done[i] = !is_reserved(want[i]) && !taken(&c->ns, want[i]);
    if (done[i]) clp_pmap_put(&c->sym, vars[i], fresh(&c->ns, want[i]));
  }
  for (int i = 0; i < n; i++)
    if (!done[i]) clp_pmap_put(&c->sym, vars[i], fresh(&c->ns, want[i]));
}

/* (forall (VARS) (=> body (r formals))), or without forall. */
static void closed_clause(ctx *c, const clp_rel *r, const clp_formula *body) {
  int n = r->arity, cap = r->arity;
  const clp_term **vars = NEW_N(const clp_term *, cap ? cap : 1);
  for (int i = 0; i < r->arity; i++) vars[i] = r->formals[i];
  n = clp_f_vars(body, &vars, n, &cap);
  int scope = c->ns.n; /* variables: named anew in every clause */
  name_vars(c, n, vars);
  if (n) {
    clp_buf_puts(c->b, "(forall (");
    for (int i = 0; i < n; i++)
      clp_buf_printf(c->b, "%s(%s %s)", i ? " " : "", sym(c, vars[i]),
                     clp_sort_str(vars[i]->sort));
    clp_buf_puts(c->b, ") ");
  }
  clp_buf_puts(c->b, "(=> ");
  formula(c, body);
  clp_buf_puts(c->b, " ");
  app(c, sym(c, r), r->arity, r->formals);
  clp_buf_puts(c->b, n ? "))" : ")");
  c->ns.n = scope;
}

/* (assert CLAUSE) of a non-false body. */
static void clause(ctx *c, const clp_rel *r, const clp_formula *body) {
  if (body->kind == CLP_F_FALSE) return;
  clp_buf_puts(c->b, "(assert ");
  closed_clause(c, r, body);
  clp_buf_puts(c->b, ")\n");
}

/* The disjunctive alternatives of a body: ORs that contain calls are
 * distributed, so every alternative is a conjunction of calls and a
 * call-free constraint (strict CHC-COMP).  Returns the number of
 * alternatives (0: false), or -1 when there would be more than MAX_ALTS. */
enum { MAX_ALTS = 256 };

static int alternatives(const clp_formula *f, const clp_formula ***out) {
  if (f->kind == CLP_F_FALSE) return 0;
  if ((f->kind != CLP_F_OR && f->kind != CLP_F_AND) || !clp_f_has_call(f)) {
    *out = NEW_N(const clp_formula *, 1);
    (*out)[0] = f;
    return 1;
  }
  const clp_formula **acc = NEW_N(const clp_formula *, 1);
  int n = f->kind == CLP_F_AND; /* AND: product from {true}; OR: sum from {} */
  int cap = 1;
  acc[0] = clp_f_true();
  for (int i = 0; i < f->n; i++) {
    const clp_formula **k;
    int m = alternatives(f->kids[i], &k);
    if (m < 0) return -1;
    if (f->kind == CLP_F_OR) {
      if (n + m > MAX_ALTS) return -1;
      VEC_RESERVE(const clp_formula *, acc, n, cap, m);
      for (int j = 0; j < m; j++) acc[n++] = k[j];
      continue;
    }
    if ((long)n * m > MAX_ALTS) return -1;
    const clp_formula **prod = NEW_N(const clp_formula *, n * m + 1);
    for (int a = 0; a < n; a++)
      for (int j = 0; j < m; j++) prod[a * m + j] = clp_f_and2(acc[a], k[j]);
    acc = prod, n *= m, cap = n + 1;
  }
  *out = acc;
  return n;
}

/* The uninterpreted functions of rs's rules, in first-occurrence order. */
static int rs_funs(const clp_rs *rs, const clp_fun ***fs) {
  int nf = 0;
  for (int i = 0; i < rs->nrels; i++)
    if (rs->rels[i]->body) nf = clp_f_funs(rs->rels[i]->body, fs, nf);
  return nf;
}

/* "; WHAT FILE" (a comment line: line breaks of the name blanked). */
static void header(clp_buf *b, const char *what, const clp_rs *rs) {
  if (!rs->file) return;
  clp_buf_printf(b, "; %s ", what);
  for (const char *p = rs->file; *p; p++)
    clp_buf_printf(b, "%c", *p == '\n' || *p == '\r' ? ' ' : *p);
  clp_buf_puts(b, "\n");
}

/* Names the functions and relations (the file's scope), those needing no
 * renaming first (see name_vars), and declares the functions. */
static void globals(ctx *c, const clp_rs *rs, int nf, const clp_fun **fs) {
  int ng = nf + rs->nrels;
  const void **key = NEW_N(const void *, ng ? ng : 1);
  const char **want = NEW_N(const char *, ng ? ng : 1);
  for (int i = 0; i < nf; i++) key[i] = fs[i], want[i] = wanted(fs[i]->name, 0);
  for (int i = 0; i < rs->nrels; i++)
    key[nf + i] = rs->rels[i], want[nf + i] = wanted(rs->rels[i]->name, 0);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < ng; i++) {
      if (clp_pmap_get(&c->sym, key[i])) continue;
      bool ok = !is_reserved(want[i]) && !taken(&c->ns, want[i]);
      if (ok || pass) clp_pmap_put(&c->sym, key[i], fresh(&c->ns, want[i]));
    }
  for (int i = 0; i < nf; i++)
    declare(c, sym(c, fs[i]), fs[i]->arity, fs[i]->dom, fs[i]->range);
}

/* Calls fn(c, r, alt, pos, data) for each clause of r's rule in order (the
 * alternatives of the body; past MAX_ALTS the body itself, with calls
 * under or, which z3 and cvc5 take), pos: the input clause it comes from
 * (the position of its top-level disjunct when the body is a disjunction
 * with calls, else r's). */
typedef void clause_fn(ctx *c, const clp_rel *r, const clp_formula *alt,
                       clp_pos pos, void *data);

static void each_clause(ctx *c, const clp_rel *r, clause_fn *fn, void *data) {
  if (!r->body) return;
  const clp_formula **alt;
  if (alternatives(r->body, &alt) < 0) {
    fn(c, r, r->body, r->pos, data);
    return;
  }
  bool top = r->body->kind == CLP_F_OR && clp_f_has_call(r->body);
  for (int k = 0; k < (top ? r->body->n : 1); k++) {
    const clp_formula *d = top ? r->body->kids[k] : r->body;
    int n = alternatives(d, &alt);
    for (int j = 0; j < n; j++)
      fn(c, r, alt[j], d->pos.line ? d->pos : r->pos, data);
  }
}

static void emit_clause(ctx *c, const clp_rel *r, const clp_formula *alt,
                        clp_pos pos, void *data) {
  (void)pos, (void)data;
  clause(c, r, alt);
}

const char *clp_rs_print_smt2(const clp_rs *rs, void *FILE_out) {
  FILE *out = FILE_out;
  clp_buf b = {0};
  ctx c = {.b = &b};
  clp_pmap_init(&c.sym, 64);
  const clp_fun **fs = NULL;
  /* A declared function would be read by CHC solvers as an unconstrained
   * (for a predicate: empty) relation, not as "some interpretation": thread
   * each through the relations as an array argument instead (exact). */
  if (rs_funs(rs, &fs)) {
    const clp_rs *th = clp_rs_thread_funs(rs);
    if (!th) return fs[0]->name; /* a non-Int argument: refuse */
    return clp_rs_print_smt2(th, FILE_out);
  }

  header(&b, "rule set of", rs);
  clp_buf_puts(&b, "(set-logic HORN)\n");
  globals(&c, rs, 0, fs);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    const clp_sort **s = NEW_N(const clp_sort *, r->arity ? r->arity : 1);
    for (int j = 0; j < r->arity; j++) s[j] = r->formals[j]->sort;
    declare(&c, sym(&c, r), r->arity, s, clp_sort_bool());
  }
  for (int i = 0; i < rs->nrels; i++) each_clause(&c, rs->rels[i], emit_clause, NULL);
  if (rs->goal) clp_buf_printf(&b, "(assert (=> %s false))\n", sym(&c, rs->goal));
  clp_buf_puts(&b, "(check-sat)\n");
  fputs(clp_buf_str(&b), out);
  return NULL;
}

/* --------------------------------------------------------- certificates */
/* (define-fun R ((x Int) ...) Bool INV), INV under (forall ((i Int) ...)
 * ...) over the index variables ix[0..nix) that occur in it.  False
 * (nothing printed) when inv has a call or another free variable. */
static bool define(ctx *c, const clp_rel *r, const clp_formula *inv,
                   int nix, const clp_term *const *ix) {
  if (!inv || clp_f_has_call(inv)) return false;
  int cap = r->arity + 8;
  const clp_term **vars = NEW_N(const clp_term *, cap);
  for (int i = 0; i < r->arity; i++) vars[i] = r->formals[i];
  int n = clp_f_vars(inv, &vars, r->arity, &cap);
  for (int i = r->arity; i < n; i++) {
    bool index = false;
    for (int j = 0; j < nix && !index; j++) index = ix[j] == vars[i];
    if (!index) return false;
  }
  int scope = c->ns.n;
  name_vars(c, n, vars);
  clp_buf_printf(c->b, "(define-fun %s (", sym(c, r));
  for (int i = 0; i < r->arity; i++)
    clp_buf_printf(c->b, "%s(%s %s)", i ? " " : "", sym(c, vars[i]),
                   clp_sort_str(vars[i]->sort));
  clp_buf_puts(c->b, ") Bool\n  ");
  if (n > r->arity) {
    clp_buf_puts(c->b, "(forall (");
    for (int i = r->arity; i < n; i++)
      clp_buf_printf(c->b, "%s(%s %s)", i > r->arity ? " " : "",
                     sym(c, vars[i]), clp_sort_str(vars[i]->sort));
    clp_buf_puts(c->b, ") ");
  }
  formula(c, inv);
  clp_buf_puts(c->b, n > r->arity ? "))\n" : ")\n");
  c->ns.n = scope;
  return true;
}

/* An SMT-LIB string literal's contents: '"' doubled, line breaks blanked. */
static void string_lit(clp_buf *b, const char *s) {
  for (const char *p = s; *p; p++) {
    if (*p == '"') clp_buf_puts(b, "\"\"");
    else clp_buf_printf(b, "%c", *p == '\n' || *p == '\r' ? ' ' : *p);
  }
}

/* The checks printed so far: rs, their number, the axioms' assertions
 * (repeated in every check: reset-assertions removes them). */
typedef struct cert {
  const clp_rs *rs;
  int k;
  const char *axioms;
} cert;

/* One check: (echo "clause K: KIND R at FILE:L:C"), the axioms, the
 * negation of the closed clause alt (what = NULL) or of the claim what,
 * (check-sat), (reset-assertions). */
static void check(ctx *c, cert *q, const char *kind, const clp_rel *r,
                  clp_pos pos, const clp_formula *alt, const char *what) {
  clp_buf_printf(c->b, "(echo \"clause %d: %s ", ++q->k, kind);
  string_lit(c->b, r->name);
  if (pos.line) {
    clp_buf_puts(c->b, " at ");
    string_lit(c->b, pos.file ? pos.file : "?");
    clp_buf_printf(c->b, ":%d:%d", pos.line, pos.col);
  }
  clp_buf_printf(c->b, "\")\n%s(assert (not ", q->axioms);
  if (what) clp_buf_puts(c->b, what);
  else closed_clause(c, r, alt);
  clp_buf_puts(c->b, "))\n(check-sat)\n(reset-assertions)\n");
}

static void cert_clause(ctx *c, const clp_rel *r, const clp_formula *alt,
                        clp_pos pos, void *data) {
  cert *q = data;
  if (alt->kind == CLP_F_FALSE) return;
  const char *kind = r == q->rs->goal      ? "safety"
                     : clp_f_has_call(alt) ? "consecution"
                                           : "initiation";
  check(c, q, kind, r, pos, alt, NULL);
}

/* (assert (forall (VARS) AXIOM)) lines of rs's axioms. */
static const char *axioms(ctx *c, const clp_rs *rs) {
  clp_buf b = {0}, *keep = c->b;
  c->b = &b;
  for (int k = 0; k < rs->naxioms; k++) {
    int cap = 8;
    const clp_term **vars = NEW_N(const clp_term *, cap);
    int n = clp_f_vars(rs->axioms[k], &vars, 0, &cap), scope = c->ns.n;
    name_vars(c, n, vars);
    clp_buf_puts(&b, "(assert ");
    if (n) {
      clp_buf_puts(&b, "(forall (");
      for (int i = 0; i < n; i++)
        clp_buf_printf(&b, "%s(%s %s)", i ? " " : "", sym(c, vars[i]),
                       clp_sort_str(vars[i]->sort));
      clp_buf_puts(&b, ") ");
    }
    formula(c, rs->axioms[k]);
    clp_buf_puts(&b, n ? "))\n" : ")\n");
    c->ns.n = scope;
  }
  c->b = keep;
  return clp_buf_str(&b);
}

int clp_rs_print_smt2_cert(const clp_rs *rs, const clp_formula **inv,
                           const clp_term *const *const *ix, const int *nix,
                           void *FILE_out) {
  clp_buf b = {0};
  ctx c = {.b = &b};
  clp_pmap_init(&c.sym, 64);
  const clp_fun **fs = NULL;
  int nf = rs_funs(rs, &fs);
  for (int i = 0; i < rs->naxioms; i++) nf = clp_f_funs(rs->axioms[i], &fs, nf);
  header(&b, "certificate of safety:", rs);
  clp_buf_puts(&b, "; every check-sat below must answer unsat: the "
                   "invariants (define-fun)\n; hold initially, are kept "
                   "by every clause and exclude the goal\n"
                   "(set-option :global-declarations true)\n"
                   "(set-logic ALL)\n");
  globals(&c, rs, nf, fs);
  for (int i = 0; i < rs->nrels; i++)
    if (!define(&c, rs->rels[i], inv[i], ix ? nix[i] : 0, ix ? ix[i] : NULL))
      return -1;
  cert q = {rs, 0, axioms(&c, rs)};
  for (int i = 0; i < rs->nrels; i++)
    each_clause(&c, rs->rels[i], cert_clause, &q);
  check(&c, &q, "query", rs->goal, rs->goal->pos, NULL,
        clp_fmt("(not %s)", sym(&c, rs->goal)));
  fputs(clp_buf_str(&b), (FILE *)FILE_out);
  return q.k;
}

/* ------------------------------------------------------ models (report) */
const char *clp_smt2_symbol(const char *name) {
  const char *w = wanted(name, 0);
  if (is_plain(w) && !is_reserved(w)) return w;
  clp_buf b = {0};
  clp_buf_printf(&b, "|%s|", w);
  return clp_buf_str(&b);
}

const char *clp_f_smt2(const clp_formula *f, int n, const clp_term **formals,
                       const char **names) {
  if (clp_f_has_call(f)) return NULL;
  clp_buf b = {0};
  ctx c = {.b = &b};
  clp_pmap_init(&c.sym, 64);
  for (int i = 0; i < n; i++) { /* verbatim, and taken by the others */
    clp_pmap_put(&c.sym, formals[i], names[i]);
    take(&c.ns, names[i]);
  }
  int cap = 8;
  const clp_term **vars = NEW_N(const clp_term *, cap);
  int nv = clp_f_vars(f, &vars, 0, &cap);
  const clp_term **other = NEW_N(const clp_term *, nv ? nv : 1);
  int no = 0;
  for (int i = 0; i < nv; i++)
    if (!clp_pmap_get(&c.sym, vars[i])) other[no++] = vars[i];
  name_vars(&c, no, other);
  formula(&c, f);
  return clp_buf_str(&b);
}
