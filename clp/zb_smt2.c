/* zb_smt2.c -- CHC-COMP input (prefix zb_): an SMT-LIB 2 file in logic HORN
 * is parsed by Z3 in a private context and each assertion becomes Horn
 * clauses of a clp_rs (docs/smt2.md).  Part of the Z3 bridge (zbi.h).
 *
 * An assertion is  forall vars. M  (nested foralls merge; no quantifier is
 * a clause without variables; not (exists vars. B) is the query B => false).
 * The matrix M is  B1 => (B2 => ... H): the bodies conjoined, H the head:
 * a relation atom, false, (not X) (query with X added to the body), a
 * relation-free constraint C (query with not C added), a conjunction of
 * heads (one clause each) or a disjunction with at most one disjunct that
 * is not of the forms above (the others go to the body negated).
 * Bound variables are instantiated with fresh Z3 constants (index 0 is the
 * LAST bound variable) mapped to clp_vars named after the binder.  Bodies
 * keep and/or/=>/ite structure around relation atoms (clp_f_call); anything
 * relation-free goes through zb.c's converter as one literal. */
#include "zbi.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GOAL_NAME "query_goal" /* the nullary goal (a .clp-valid name) */

typedef struct loader {
  zb_ctx *z;
  Z3_context c;
  clp_rs *rs;
  const char *file;
  const char *text;        /* the input (GC), for assertion positions */
  int nasserts;            /* positions of the top-level "(assert" commands */
  clp_pos *asserts;
  clp_pos pos;             /* position of the current assertion */
  clp_pos deep;            /* the '(' nested deeper than CLP_NEST_MAX */
  const char *err;         /* first error (GC string), or NULL */
  /* queries, added once every relation name is known */
  int nq, capq;
  const clp_formula **queries;
  clp_pos *qpos;
  /* the current clause: bound variables as owned Z3 constants (zv, also
   * owned by b) and IR variables (iv) */
  zbi_back *b;
  int nv, capv;
  Z3_ast *zv;              /* malloc: Z3 only */
  const clp_term **iv;     /* GC */
  int nown;                /* owned instantiated matrices, released at the */
  Z3_ast own[16];          /* end of the clause (deeper nests: error) */
} loader;

/* Records the first error of the current assertion. */
static void fail(loader *L, const char *fmt, const char *arg) {
  if (L->err) return;
  size_t n = strlen(fmt) + (arg ? strlen(arg) : 0) + 1;
  char *s = NEW_ATOMIC_N(char, n);
  snprintf(s, n, fmt, arg ? arg : "");
  L->err = s;
}

static const char *gc_str(const char *s) { return clp_strdup(s ? s : ""); }

static const char *decl_name(loader *L, Z3_func_decl d) {
  return gc_str(Z3_get_symbol_string(L->c, Z3_get_decl_name(L->c, d)));
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

static void print_error(loader *L, clp_pos p, const char *msg) {
  if (p.line > 0)
    fprintf(stderr, "%s:%d:%d: error: %s\n", L->file, p.line, p.col, msg);
  else
    fprintf(stderr, "%s: error: %s\n", L->file, msg);
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
    print_error(L, p, s);
    return;
  }
  print_error(L, clp_nopos, m);
}

/* ----------------------------------------------------------- inspection */
static bool is_app(loader *L, Z3_ast a) {
  return Z3_get_ast_kind(L->c, a) == Z3_APP_AST;
}

static Z3_decl_kind kind_of(loader *L, Z3_ast a) {
  if (!is_app(L, a)) return Z3_OP_INTERNAL; /* none of the kinds used */
  return Z3_get_decl_kind(L->c, Z3_get_app_decl(L->c, Z3_to_app(L->c, a)));
}

static unsigned nargs(loader *L, Z3_ast a) {
  return Z3_get_app_num_args(L->c, Z3_to_app(L->c, a));
}

static Z3_ast arg(loader *L, Z3_ast a, unsigned i) {
  return Z3_get_app_arg(L->c, Z3_to_app(L->c, a), i);
}

static bool is_var(loader *L, Z3_ast a) {
  for (int i = 0; i < L->nv; i++)
    if (Z3_is_eq_ast(L->c, a, L->zv[i])) return true;
  return false;
}

/* A relation atom: an application of an uninterpreted Bool-valued symbol
 * that is not one of the clause's variables. */
static bool is_rel_app(loader *L, Z3_ast a) {
  if (kind_of(L, a) != Z3_OP_UNINTERPRETED) return false;
  if (Z3_get_sort_kind(L->c, Z3_get_sort(L->c, a)) != Z3_BOOL_SORT) return false;
  return !is_var(L, a);
}

/* Set of visited AST ids (malloc, open addressing). */
typedef struct idset { unsigned *k; unsigned cap, n; } idset;

static bool idset_add(idset *s, unsigned id) {
  if (2 * (s->n + 1) > s->cap) {
    idset t = {calloc(s->cap ? 2 * s->cap : 64, sizeof *t.k),
               s->cap ? 2 * s->cap : 64, 0};
    if (!t.k) abort();
    for (unsigned i = 0; i < s->cap; i++)
      if (s->k[i]) idset_add(&t, s->k[i] - 1);
    free(s->k);
    *s = t;
  }
  unsigned h = (id * 2654435761u) & (s->cap - 1);
  for (; s->k[h]; h = (h + 1) & (s->cap - 1))
    if (s->k[h] == id + 1) return false;
  s->k[h] = id + 1;
  s->n++;
  return true;
}

/* The first relation atom in a (borrowed), or NULL. */
static Z3_ast find_rel(loader *L, Z3_ast a, idset *seen) {
  if (!is_app(L, a) || !idset_add(seen, Z3_get_ast_id(L->c, a))) return NULL;
  if (is_rel_app(L, a)) return a;
  for (unsigned i = 0, n = nargs(L, a); i < n; i++) {
    Z3_ast r = find_rel(L, arg(L, a, i), seen);
    if (r) return r;
  }
  return NULL;
}

static Z3_ast has_rel(loader *L, Z3_ast a) {
  idset seen = {0};
  Z3_ast r = find_rel(L, a, &seen);
  free(seen.k);
  return r;
}

/* Why a (relation-free or not) term has no IR counterpart: the message for
 * its first offending node, or NULL. */
static const char *why(loader *L, Z3_ast a, idset *seen) {
  Z3_context c = L->c;
  if (!idset_add(seen, Z3_get_ast_id(c, a))) return NULL;
  switch (Z3_get_ast_kind(c, a)) {
  case Z3_QUANTIFIER_AST:
    if (Z3_is_lambda(c, a)) return "lambda is not supported";
    return Z3_is_quantifier_forall(c, a)
               ? "quantifier inside a clause is not supported"
               : "exists is not supported";
  case Z3_VAR_AST: return "unexpected bound variable";
  case Z3_APP_AST: case Z3_NUMERAL_AST: break;
  default: return "unsupported construct";
  }
  Z3_sort s = Z3_get_sort(c, a);
  if (!zbi_sort_back(L->z, s)) {
    fail(L, "unsupported sort %s", Z3_sort_to_string(c, s));
    return L->err;
  }
  if (Z3_get_ast_kind(c, a) == Z3_NUMERAL_AST) {
    int64_t k;
    if (Z3_get_numeral_int64(c, a, &k)) return NULL;
    fail(L, "integer constant %s out of range", Z3_get_numeral_string(c, a));
    return L->err;
  }
  for (unsigned i = 0, n = nargs(L, a); i < n; i++) {
    const char *w = why(L, arg(L, a, i), seen);
    if (w) return w;
  }
  Z3_func_decl d = Z3_get_app_decl(c, Z3_to_app(c, a));
  if (kind_of(L, a) == Z3_OP_UNINTERPRETED && !is_var(L, a)) {
    if (is_rel_app(L, a))
      fail(L, "relation %s under negation or inside a term (not Horn)",
           decl_name(L, d));
    else
      fail(L, "uninterpreted function %s is not supported", decl_name(L, d));
    return L->err;
  }
  if (!zbi_back_term(L->b, a)) {
    fail(L, "unsupported operator %s", decl_name(L, d));
    return L->err;
  }
  return NULL;
}

/* The IR term of a relation-free term, or NULL (error recorded). */
static const clp_term *term(loader *L, Z3_ast a) {
  const clp_term *t = zbi_back_term(L->b, a);
  if (t) return t;
  idset seen = {0};
  const char *w = why(L, a, &seen);
  free(seen.k);
  if (!w) w = "cannot convert term";
  fail(L, "%s", w);
  return NULL;
}

/* ------------------------------------------------------------- relations */
static clp_rel *relation(loader *L, Z3_func_decl d) {
  Z3_context c = L->c;
  unsigned n = Z3_get_domain_size(c, d);
  const clp_sort **sorts = NEW_N(const clp_sort *, n);
  const char *name = decl_name(L, d);
  for (unsigned i = 0; i < n; i++) {
    Z3_sort s = Z3_get_domain(c, d, i);
    if (!(sorts[i] = zbi_sort_back(L->z, s))) {
      const char *ss = gc_str(Z3_sort_to_string(c, s));
      size_t m = strlen(ss) + strlen(name) + 64;
      char *buf = NEW_ATOMIC_N(char, m);
      snprintf(buf, m, "unsupported sort %s (argument %u of relation %s)", ss,
               i + 1, name);
      fail(L, "%s", buf);
      return NULL;
    }
  }
  clp_rel *r = clp_rs_rel(L->rs, name, (int)n, sorts, L->pos);
  if (!r) fail(L, "relation %s declared with two signatures", name);
  return r;
}

/* The call of relation atom a, or NULL (error recorded). */
static const clp_formula *call(loader *L, Z3_ast a) {
  clp_rel *r = relation(L, Z3_get_app_decl(L->c, Z3_to_app(L->c, a)));
  if (!r) return NULL;
  const clp_term **args = NEW_N(const clp_term *, r->arity);
  for (int i = 0; i < r->arity; i++) {
    Z3_ast x = arg(L, a, (unsigned)i);
    Z3_ast inner = has_rel(L, x);
    if (inner) {
      fail(L, "relation %s inside a term (not Horn)",
           decl_name(L, Z3_get_app_decl(L->c, Z3_to_app(L->c, inner))));
      return NULL;
    }
    if (!(args[i] = term(L, x))) return NULL;
  }
  return clp_f_call(r, args, L->pos);
}

/* ------------------------------------------------------------------ bodies */
static const clp_formula *body(loader *L, Z3_ast a);

/* A relation-free Bool term as a literal (negated if neg), or NULL. */
static const clp_formula *lit(loader *L, Z3_ast a, bool neg) {
  Z3_ast r = has_rel(L, a);
  if (r) {
    fail(L, "relation %s under negation or inside a term (not Horn)",
         decl_name(L, Z3_get_app_decl(L->c, Z3_to_app(L->c, r))));
    return NULL;
  }
  const clp_term *t = term(L, a);
  return t ? clp_f_lit(t, neg, L->pos) : NULL;
}

/* Converts the kids of an and/or node. */
static const clp_formula *junction(loader *L, Z3_ast a, bool conj) {
  unsigned n = nargs(L, a);
  const clp_formula **k = NEW_N(const clp_formula *, n);
  for (unsigned i = 0; i < n; i++)
    if (!(k[i] = body(L, arg(L, a, i)))) return NULL;
  return conj ? clp_f_and((int)n, k, L->pos) : clp_f_or((int)n, k, L->pos);
}

/* A clause body (positive position): and/or/=>/ite around relation atoms. */
static const clp_formula *body(loader *L, Z3_ast a) {
  switch (kind_of(L, a)) {
  case Z3_OP_AND: return junction(L, a, true);
  case Z3_OP_OR: return junction(L, a, false);
  case Z3_OP_IMPLIES:
    if (nargs(L, a) == 2 && has_rel(L, arg(L, a, 1))) {
      const clp_formula *p = lit(L, arg(L, a, 0), true);
      const clp_formula *q = p ? body(L, arg(L, a, 1)) : NULL;
      return q ? clp_f_or2(p, q) : NULL;
    }
    break;
  case Z3_OP_ITE:
    if (has_rel(L, arg(L, a, 1)) || has_rel(L, arg(L, a, 2))) {
      Z3_ast cnd = arg(L, a, 0);
      const clp_formula *c1 = lit(L, cnd, false), *c0 = lit(L, cnd, true);
      const clp_formula *t = c1 && c0 ? body(L, arg(L, a, 1)) : NULL;
      const clp_formula *e = t ? body(L, arg(L, a, 2)) : NULL;
      return e ? clp_f_or2(clp_f_and2(c1, t), clp_f_and2(c0, e)) : NULL;
    }
    break;
  case Z3_OP_UNINTERPRETED:
    if (is_rel_app(L, a)) return call(L, a);
    break;
  default: break;
  }
  return lit(L, a, false);
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
static bool head(loader *L, const clp_formula *b, Z3_ast h) {
  switch (kind_of(L, h)) {
  case Z3_OP_FALSE: add_query(L, b); return true;
  case Z3_OP_TRUE: return true; /* a tautology */
  case Z3_OP_IMPLIES: {        /* b => (p => q)  is  b, p => q */
    if (nargs(L, h) != 2) break;
    const clp_formula *p = body(L, arg(L, h, 0));
    return p && head(L, clp_f_and2(b, p), arg(L, h, 1));
  }
  case Z3_OP_NOT: {            /* b => not x  is  b, x => false */
    const clp_formula *x = body(L, arg(L, h, 0));
    if (x) add_query(L, clp_f_and2(b, x));
    return x != NULL;
  }
  case Z3_OP_AND:
    for (unsigned i = 0, n = nargs(L, h); i < n; i++)
      if (!head(L, b, arg(L, h, i))) return false;
    return true;
  case Z3_OP_OR: {             /* one positive disjunct, the rest negated */
    unsigned n = nargs(L, h), npos = 0, pos = 0;
    for (unsigned i = 0; i < n; i++) {
      Z3_ast d = arg(L, h, i);
      if (kind_of(L, d) != Z3_OP_NOT && has_rel(L, d)) { npos++; pos = i; }
    }
    if (npos > 1) {
      fail(L, "%s", "non-Horn clause: two relation atoms in the head");
      return false;
    }
    const clp_formula *nb = b;
    for (unsigned i = 0; i < n && nb; i++) {
      Z3_ast d = arg(L, h, i);
      if (npos && i == pos) continue;
      if (kind_of(L, d) == Z3_OP_NOT) {
        const clp_formula *x = body(L, arg(L, d, 0));
        nb = x ? clp_f_and2(nb, x) : NULL;
      } else {
        const clp_formula *x = lit(L, d, true);
        nb = x ? clp_f_and2(nb, x) : NULL;
      }
    }
    if (!nb) return false;
    if (!npos) { add_query(L, nb); return true; }
    return head(L, nb, arg(L, h, pos));
  }
  case Z3_OP_UNINTERPRETED:
    if (is_rel_app(L, h)) {
      const clp_formula *c = call(L, h);
      if (!c) return false;
      clp_rs_add_clause(L->rs, (clp_rel *)c->rel, c->args, b, L->pos);
      return true;
    }
    break;
  default: break;
  }
  if (has_rel(L, h)) {
    fail(L, "%s", "non-Horn clause: relation atom in an unsupported head "
                  "position");
    return false;
  }
  const clp_formula *x = lit(L, h, true); /* b => C  is  b, not C => false */
  if (x) add_query(L, clp_f_and2(b, x));
  return x != NULL;
}

/* ------------------------------------------------------------- clauses */
/* Instantiates the bound variables of quantifier q with fresh constants;
 * returns the OWNED instantiated body, or NULL (error recorded). */
static Z3_ast open_quantifier(loader *L, Z3_ast q) {
  Z3_context c = L->c;
  unsigned n = Z3_get_quantifier_num_bound(c, q);
  Z3_ast *to = malloc(sizeof *to * (n ? n : 1));
  if (!to) abort();
  for (unsigned j = 0; j < n; j++) {
    const char *name = gc_str(Z3_get_symbol_string(c, Z3_get_quantifier_bound_name(c, q, j)));
    Z3_sort zs = Z3_get_quantifier_bound_sort(c, q, j);
    const clp_sort *s = zbi_sort_back(L->z, zs);
    if (!s) {
      fail(L, "unsupported sort %s", Z3_sort_to_string(c, zs));
      size_t m = strlen(L->err) + strlen(name) + 16;
      char *e = NEW_ATOMIC_N(char, m);
      snprintf(e, m, "%s (variable %s)", L->err, name);
      L->err = e;
      free(to);
      return NULL;
    }
    /* a name unique within the clause: x, x!1, x!2, ... */
    const clp_term *v = clp_var(name, s);
    for (int k = 1;; k++) {
      bool dup = false;
      for (int i = 0; i < L->nv; i++) dup |= L->iv[i]->name == v->name ||
                                             !strcmp(L->iv[i]->name, v->name);
      if (!dup) break;
      size_t m = strlen(name) + 16;
      char *buf = NEW_ATOMIC_N(char, m);
      snprintf(buf, m, "%s!%d", name, k);
      v = clp_var(buf, s);
    }
    Z3_ast k = zbi_ref(L->z, Z3_mk_fresh_const(c, name, zs));
    if (L->nv == L->capv) {
      L->capv = L->capv ? 2 * L->capv : 16;
      L->zv = realloc(L->zv, sizeof *L->zv * (size_t)L->capv);
      if (!L->zv) abort();
      L->iv = L->iv ? GROW(const clp_term *, L->iv, L->capv)
                    : NEW_N(const clp_term *, L->capv);
    }
    L->zv[L->nv] = k;
    L->iv[L->nv++] = v;
    zbi_back_var(L->b, k, v);
    to[n - 1 - j] = k; /* de Bruijn index 0 is the last bound variable */
  }
  Z3_ast r = zbi_ref(L->z, Z3_substitute_vars(c, Z3_get_quantifier_body(c, q), n, to));
  free(to);
  if (r && L->nown < (int)(sizeof L->own / sizeof *L->own)) {
    L->own[L->nown++] = r;
    return r;
  }
  zbi_unref(L->z, r);
  fail(L, "%s", "too deeply nested quantifiers");
  return NULL;
}

/* The number of bound variables of the prenex foralls (and of a top-level
 * not-exists) of a, for sizing the converter. */
static int count_bound(loader *L, Z3_ast a) {
  Z3_context c = L->c;
  int n = 0;
  for (;;) {
    if (Z3_get_ast_kind(c, a) == Z3_QUANTIFIER_AST && !Z3_is_lambda(c, a)) {
      n += (int)Z3_get_quantifier_num_bound(c, a);
      a = Z3_get_quantifier_body(c, a);
    } else if (kind_of(L, a) == Z3_OP_NOT) {
      a = arg(L, a, 0);
    } else {
      return n;
    }
  }
}

/* Converts one assertion. */
static void clause(loader *L, Z3_ast a) {
  Z3_context c = L->c;
  L->b = zbi_back_new(L->z, count_bound(L, a));
  L->nv = 0;
  L->nown = 0;
  /* prenex foralls; not (exists vars. B) is the query B => false */
  bool query = false;
  while (!L->err) {
    if (Z3_get_ast_kind(c, a) == Z3_QUANTIFIER_AST) {
      if (Z3_is_lambda(c, a)) { fail(L, "%s", "lambda is not supported"); break; }
      if (!Z3_is_quantifier_forall(c, a) && !query) {
        fail(L, "%s", "exists is not supported (except as (not (exists ...)))");
        break;
      }
      if (Z3_is_quantifier_forall(c, a) == query) {
        fail(L, "%s", "alternating quantifiers are not supported");
        break;
      }
      a = open_quantifier(L, a);
    } else if (!query && kind_of(L, a) == Z3_OP_NOT &&
               Z3_get_ast_kind(c, arg(L, a, 0)) == Z3_QUANTIFIER_AST &&
               !Z3_is_lambda(c, arg(L, a, 0)) &&
               !Z3_is_quantifier_forall(c, arg(L, a, 0))) {
      query = true;
      a = arg(L, a, 0);
    } else {
      break;
    }
  }
  if (!L->err) {
    if (query) {
      const clp_formula *b = body(L, a);
      if (b) add_query(L, b);
    } else {
      /* matrix: B1 => (B2 => ... H), handled by head() */
      head(L, clp_f_true(), a);
    }
  }
  for (int i = 0; i < L->nown; i++) zbi_unref(L->z, L->own[i]);
  zbi_back_free(L->b); /* releases the variables' constants */
  L->b = NULL;
  L->nv = 0;
}

/* -------------------------------------------------------------- loading */

/* A goal name not used by any relation. */
static const char *goal_name(loader *L) {
  if (!clp_rs_find(L->rs, GOAL_NAME)) return GOAL_NAME;
  for (int k = 1;; k++) {
    char buf[64];
    snprintf(buf, sizeof buf, GOAL_NAME "%d", k);
    if (!clp_rs_find(L->rs, buf)) return clp_strdup(buf);
  }
}

/* Converts the parsed assertions v; false on error (printed). */
static bool convert(loader *L, Z3_ast_vector v) {
  Z3_context c = L->c;
  unsigned n = Z3_ast_vector_size(c, v);
  bool have_pos = L->nasserts == (int)n;
  for (unsigned i = 0; i < n; i++) {
    if (clp_expired()) return false; /* --timeout: no message (clp.h) */
    L->pos = have_pos ? L->asserts[i] : clp_nopos;
    if (!have_pos) L->pos.file = L->file;
    unsigned e0 = L->z->nerr;
    clause(L, Z3_ast_vector_get(c, v, i));
    if (!L->err && L->z->nerr != e0) fail(L, "Z3: %s", zb_error(L->z));
    if (L->err) {
      print_error(L, have_pos ? L->pos : clp_nopos, L->err);
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

clp_rs *zb_load_smt2(const char *path) {
  size_t len = 0;
  char *text = clp_read_file(path, &len);
  if (!text) return NULL;
  return zb_load_smt2_string(path, text, len);
}

clp_rs *zb_load_smt2_string(const char *path, const char *text, size_t len) {
  if (strlen(text) != len) {
    fprintf(stderr, "%s: error: NUL byte in input\n", path);
    return NULL;
  }
  loader L;
  memset(&L, 0, sizeof L);
  L.file = clp_strdup(path);
  L.text = text;
  scan_asserts(&L);
  if (L.deep.line > 0) {
    char msg[64];
    snprintf(msg, sizeof msg, "nesting deeper than %d", CLP_NEST_MAX);
    print_error(&L, L.deep, msg);
    return NULL;
  }
  L.z = zb_ctx_new();
  if (!L.z || !L.z->c) {
    fprintf(stderr, "%s: error: cannot create a Z3 context\n", path);
    zb_ctx_free(L.z);
    return NULL;
  }
  L.c = L.z->c;
  L.rs = clp_rs_new(path);
  L.rs->smt2 = true;
  unsigned e0 = L.z->nerr;
  Z3_ast_vector v = Z3_parse_smtlib2_string(L.c, text, 0, NULL, NULL, 0, NULL, NULL);
  bool ok = false;
  if (L.z->nerr != e0 || !v) {
    parser_error(&L, zb_error(L.z));
  } else {
    Z3_ast_vector_inc_ref(L.c, v);
    ok = convert(&L, v);
    Z3_ast_vector_dec_ref(L.c, v);
  }
  free(L.zv);
  zb_ctx_free(L.z);
  if (!ok) return NULL;
  if (clp_rs_finish(L.rs) != 0) {
    fprintf(stderr, "%s: error: no goal\n", path);
    return NULL;
  }
  return L.rs;
}
