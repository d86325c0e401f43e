/* smt2.c -- CHC-COMP input (prefix fe_smt2_): an SMT-LIB 2 file in logic
 * HORN, read by Z3's parser through the bridge (zb_smt2_open: each
 * assertion's matrix as a tree, its terms converted on demand), whose
 * assertions become the Horn clauses of a clp_rs (docs/smt2.md).
 *
 * An assertion is  forall vars. M  (no quantifier is a clause without
 * variables; not (exists vars. B) is the query B => false).  The matrix M
 * is  B1 => (B2 => ... H): the bodies conjoined, H the head: a relation
 * atom, false, (not X) (query with X added to the body), a relation-free
 * constraint C (query with not C added), a conjunction of heads (one clause
 * each) or a disjunction with at most one disjunct that is not of the forms
 * above (the others go to the body negated).  Bodies keep and/or/=>/ite
 * structure around relation atoms (clp_f_call); anything relation-free is
 * one literal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clp/mem.h"
#include "frontend/fe.h"
#include "frontend/smt2/smt2.h"
#include "zb/zb.h"

#define GOAL_NAME "query_goal" /* the nullary goal (a .clp-valid name) */

typedef struct loader {
  zb_smt2 *smt2;           /* the parsed file (the Z3 side) */
  clp_rs *rs;
  const char *file;
  const char *text;        /* the input (GC), for assertion positions */
  int nasserts;            /* positions of the top-level "(assert" commands */
  clp_pos *asserts;
  clp_pos pos;             /* position of the current assertion */
  clp_pos deep;            /* the '(' nested deeper than CLP_NEST_MAX */
  const char *err;         /* first error (GC string), or NULL */
  fe_diag_kind err_kind;   /* its kind */
  fe_diags *out;           /* the diagnostics */
  /* queries, added once every relation name is known */
  int nq, capq;
  const clp_formula **queries;
  clp_pos *qpos;
} loader;

/* Records the first error of the current assertion (of kind k); returns
 * NULL.  fail_why: a reason of the bridge, of the kind it gives. */
static void *fail_k(loader *L, fe_diag_kind k, const char *msg) {
  if (!L->err) {
    L->err = msg;
    L->err_kind = k;
  }
  return NULL;
}
static void *fail_why(loader *L, zb_why w) {
  return fail_k(L, w.unsupported ? FE_DIAG_UNSUPPORTED : FE_DIAG_ERROR,
                w.text);
}

/* ------------------------------------------------------------- positions */
/* Positions of the top-level "(assert" commands, skipping comments, string
 * literals and |quoted| symbols; L->deep: the first '(' that nests deeper
 * than CLP_NEST_MAX (then the scan stops). */
static void scan_asserts(loader *L) {
  const char *s = L->text;
  int depth = 0, cap = 0, line = 1, bol = 0; /* bol: offset of the line */
  for (int i = 0; s[i]; i++) {
    char ch = s[i];
    if (ch == '\n') { line++; bol = i + 1; }
    if (ch == ';') {
      while (s[i + 1] && s[i + 1] != '\n') i++;
    } else if (ch == '"' || ch == '|') {
      for (i++; s[i] && !(s[i] == ch && (ch == '|' || s[i + 1] != '"')); i++) {
        if (s[i] == '\n') { line++; bol = i + 1; }
        if (ch == '"' && s[i] == '"') i++; /* "" escapes a quote */
      }
      if (!s[i]) break;
    } else if (ch == '(') {
      if (depth == CLP_NEST_MAX) {
        clp_pos p = {L->file, line, i - bol + 1};
        L->deep = p;
        return;
      }
      if (depth++ == 0) {
        int k = i + 1;
        while (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r') k++;
        if (!strncmp(s + k, "assert", 6) && s[k + 6] &&
            strchr(" \t\r\n(", s[k + 6])) {
          if (L->nasserts == cap) {
            cap = cap ? 2 * cap : 64;
            L->asserts = L->asserts ? GROW(clp_pos, L->asserts, cap)
                                    : NEW_N(clp_pos, cap);
          }
          clp_pos p = {L->file, line, i - bol + 1};
          L->asserts[L->nasserts++] = p;
        }
      }
    } else if (ch == ')' && depth > 0) {
      depth--;
    }
  }
}

/* Reports msg (kind k) at p (file L->file; line 0: the whole file). */
static void report(loader *L, fe_diag_kind k, clp_pos p, const char *msg) {
  p.file = L->file;
  if (p.line <= 0) p.line = p.col = 0;
  fe_diag_add(L->out, k, p, "%s", msg);
}

/* Z3 parser errors read "(error \"line L column C: MESSAGE\")" (possibly
 * several, one per line) with 0-based columns; the first is reported at its
 * position. */
static void parser_error(loader *L, const char *msg) {
  const char *m = msg ? msg : "syntax error";
  const char *at = strstr(m, "line ");
  int line = 0, col = 0, used = 0;
  if (at && sscanf(at, "line %d column %d: %n", &line, &col, &used) == 2 &&
      used > 0) {
    const char *text = at + used;
    size_t n = strcspn(text, "\"\n");
    char *s = NEW_ATOMIC_N(char, n + 1);
    memcpy(s, text, n);
    s[n] = 0;
    clp_pos p = {L->file, line, col + 1};
    report(L, FE_DIAG_ERROR, p, s);
    return;
  }
  report(L, FE_DIAG_ERROR, clp_nopos, m);
}

/* ------------------------------------------------------------- relations */
/* The call of relation atom x, or NULL (error recorded). */
static const clp_formula *call(loader *L, const zb_sx *x) {
  if (x->why_sig) return fail_k(L, FE_DIAG_UNSUPPORTED, x->why_sig);
  clp_rel *r = clp_rs_rel(L->rs, x->rel, x->arity, x->sorts, L->pos);
  if (!r)
    return fail_k(L, FE_DIAG_ERROR, clp_fmt("relation %s declared with two signatures",
                           x->rel));
  zb_why why = {NULL, false};
  const clp_term **args = zb_smt2_args(L->smt2, x, &why);
  if (!args) return fail_why(L, why);
  return clp_f_call(r, args, L->pos);
}

/* ------------------------------------------------------------------ bodies */
static const clp_formula *body(loader *L, const zb_sx *x);

/* A relation-free Bool term as a literal (negated if neg), or NULL. */
static const clp_formula *lit(loader *L, const zb_sx *x, bool neg) {
  if (x->rel)
    return fail_k(L, FE_DIAG_ERROR, clp_fmt("relation %s under negation or inside a term "
                           "(not Horn)", x->rel));
  zb_why why = {NULL, false};
  const clp_term *t = zb_smt2_term(L->smt2, x, &why);
  return t ? clp_f_lit(t, neg, L->pos) : fail_why(L, why);
}

/* Converts the kids of an and/or node. */
static const clp_formula *junction(loader *L, const zb_sx *x, bool conj) {
  const clp_formula **k = NEW_N(const clp_formula *, x->n);
  for (int i = 0; i < x->n; i++)
    if (!(k[i] = body(L, x->kids[i]))) return NULL;
  return conj ? clp_f_and(x->n, k, L->pos) : clp_f_or(x->n, k, L->pos);
}

/* A clause body (positive position): and/or/=>/ite around relation atoms. */
static const clp_formula *body(loader *L, const zb_sx *x) {
  switch (x->kind) {
  case ZB_SX_AND: return junction(L, x, true);
  case ZB_SX_OR: return junction(L, x, false);
  case ZB_SX_IMPLIES:
    if (x->n == 2 && x->kids[1]->rel) {
      const clp_formula *p = lit(L, x->kids[0], true);
      const clp_formula *q = p ? body(L, x->kids[1]) : NULL;
      return q ? clp_f_or2(p, q) : NULL;
    }
    break;
  case ZB_SX_ITE:
    if (x->kids[1]->rel || x->kids[2]->rel) {
      const zb_sx *cnd = x->kids[0];
      const clp_formula *c1 = lit(L, cnd, false), *c0 = lit(L, cnd, true);
      const clp_formula *t = c1 && c0 ? body(L, x->kids[1]) : NULL;
      const clp_formula *e = t ? body(L, x->kids[2]) : NULL;
      return e ? clp_f_or2(clp_f_and2(c1, t), clp_f_and2(c0, e)) : NULL;
    }
    break;
  case ZB_SX_REL: return call(L, x);
  default: break;
  }
  return lit(L, x, false);
}

/* ------------------------------------------------------------------ heads */
static void add_query(loader *L, const clp_formula *b) {
  if (L->nq == L->capq) {
    L->capq = L->capq ? 2 * L->capq : 16;
    L->queries = L->queries ? GROW(const clp_formula *, L->queries, L->capq)
                            : NEW_N(const clp_formula *, L->capq);
    L->qpos = L->qpos ? GROW(clp_pos, L->qpos, L->capq)
                      : NEW_N(clp_pos, L->capq);
  }
  L->queries[L->nq] = b;
  L->qpos[L->nq++] = L->pos;
}

/* Adds the clauses  b => h; false on error. */
static bool head(loader *L, const clp_formula *b, const zb_sx *h) {
  switch (h->kind) {
  case ZB_SX_FALSE: add_query(L, b); return true;
  case ZB_SX_TRUE: return true; /* a tautology */
  case ZB_SX_IMPLIES: {         /* b => (p => q)  is  b, p => q */
    if (h->n != 2) break;
    const clp_formula *p = body(L, h->kids[0]);
    return p && head(L, clp_f_and2(b, p), h->kids[1]);
  }
  case ZB_SX_NOT: {             /* b => not x  is  b, x => false */
    const clp_formula *x = body(L, h->kids[0]);
    if (x) add_query(L, clp_f_and2(b, x));
    return x != NULL;
  }
  case ZB_SX_AND:
    for (int i = 0; i < h->n; i++)
      if (!head(L, b, h->kids[i])) return false;
    return true;
  case ZB_SX_OR: {              /* one positive disjunct, the rest negated */
    int npos = 0, pos = 0;
    for (int i = 0; i < h->n; i++) {
      const zb_sx *d = h->kids[i];
      if (d->kind != ZB_SX_NOT && d->rel) { npos++; pos = i; }
    }
    if (npos > 1) {
      fail_k(L, FE_DIAG_ERROR, "non-Horn clause: two relation atoms in the head");
      return false;
    }
    const clp_formula *nb = b;
    for (int i = 0; i < h->n && nb; i++) {
      const zb_sx *d = h->kids[i];
      if (npos && i == pos) continue;
      const clp_formula *x = d->kind == ZB_SX_NOT ? body(L, d->kids[0])
                                                  : lit(L, d, true);
      nb = x ? clp_f_and2(nb, x) : NULL;
    }
    if (!nb) return false;
    if (!npos) { add_query(L, nb); return true; }
    return head(L, nb, h->kids[pos]);
  }
  case ZB_SX_REL: {
    const clp_formula *c = call(L, h);
    if (!c) return false;
    clp_rs_add_clause(L->rs, (clp_rel *)c->rel, c->args, b, L->pos);
    return true;
  }
  default: break;
  }
  if (h->rel) {
    fail_k(L, FE_DIAG_UNSUPPORTED,
           "non-Horn clause: relation atom in an unsupported head position");
    return false;
  }
  const clp_formula *x = lit(L, h, true); /* b => C  is  b, not C => false */
  if (x) add_query(L, clp_f_and2(b, x));
  return x != NULL;
}

/* ------------------------------------------------------------- loading */
/* A goal name not used by any relation. */
static const char *goal_name(loader *L) {
  if (!clp_rs_find(L->rs, GOAL_NAME)) return GOAL_NAME;
  for (int k = 1;; k++) {
    char buf[64];
    snprintf(buf, sizeof buf, GOAL_NAME "%d", k);
    if (!clp_rs_find(L->rs, buf)) return clp_strdup(buf);
  }
}

/* Converts the n assertions of L->smt2; false on error (printed). */
static bool convert(loader *L, int n) {
  bool have_pos = L->nasserts == n;
  for (int i = 0; i < n; i++) {
    if (clp_expired()) return false; /* --timeout: no message (clp.h) */
    zb_smt2_clause cl;
    zb_smt2_get(L->smt2, i, &cl);
    L->pos = have_pos ? L->asserts[i] : clp_nopos;
    if (!have_pos) L->pos.file = L->file;
    if (cl.err.text) fail_why(L, cl.err);
    else if (cl.query) {
      const clp_formula *b = body(L, cl.matrix);
      if (b) add_query(L, b);
    } else {
      head(L, clp_f_true(), cl.matrix); /* B1 => (B2 => ... H) */
    }
    if (!L->err) {
      const char *e = zb_smt2_z3_error(L->smt2);
      if (e) fail_k(L, FE_DIAG_ERROR, e); /* Z3 raised an error */
    }
    if (L->err) {
      report(L, L->err_kind, have_pos ? L->pos : clp_nopos, L->err);
      return false;
    }
  }
  /* one query  R => false  with R nullary (the "fail" style): R is the
   * goal; otherwise a fresh goal relation gets every query as a clause */
  if (L->nq == 1 && L->queries[0]->kind == CLP_F_CALL &&
      L->queries[0]->rel->arity == 0) {
    clp_rs_set_goal(L->rs, L->queries[0]->rel);
    return true;
  }
  L->pos = clp_nopos;
  L->pos.file = L->file;
  /* one query: the goal's rule is that clause, so it takes its position
   * (a counterexample then names the query's assert) */
  if (L->nq == 1) L->pos = L->qpos[0];
  clp_rel *g = clp_rs_rel(L->rs, goal_name(L), 0, NULL, L->pos);
  g->internal = true; /* not declared in the input: no model for it */
  for (int i = 0; i < L->nq; i++)
    clp_rs_add_clause(L->rs, g, NULL, L->queries[i], L->qpos[i]);
  clp_rs_set_goal(L->rs, g);
  return true;
}

clp_rs *fe_smt2_parse_string(const char *path, const char *text, size_t len,
                             fe_diags *d) {
  if (strlen(text) != len) {
    fe_diag_add(d, FE_DIAG_SYNTAX, fe_diag_file(path), "NUL byte in input");
    return NULL;
  }
  loader L;
  memset(&L, 0, sizeof L);
  L.out = d;
  L.file = clp_strdup(path);
  L.text = text;
  scan_asserts(&L);
  if (L.deep.line > 0) {
    char msg[64];
    snprintf(msg, sizeof msg, "nesting deeper than %d", CLP_NEST_MAX);
    report(&L, FE_DIAG_LIMIT, L.deep, msg);
    return NULL;
  }
  int n = 0;
  const char *err = NULL;
  L.smt2 = zb_smt2_open(text, &n, &err);
  if (!L.smt2) {
    parser_error(&L, err);
    return NULL;
  }
  L.rs = clp_rs_new(path);
  L.rs->smt2 = true;
  L.rs->back = smt2_back();
  bool ok = convert(&L, n);
  zb_smt2_close(L.smt2);
  if (!ok) return NULL;
  if (clp_rs_finish(L.rs) != 0) {
    fe_diag_add(d, FE_DIAG_ERROR, fe_diag_file(path), "no goal");
    return NULL;
  }
  return L.rs;
}
