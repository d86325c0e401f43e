/* zb_smt2.c -- the Z3 side of CHC-COMP input (prefix zb_): Z3's SMT-LIB 2
 * parser in a private context, and each assertion as a neutral tree of GC
 * memory (zb_sx, zb.h) that frontend/smt2.c turns into Horn clauses, with
 * the IR terms of its parts converted when the frontend asks (so terms are
 * made in the order the frontend meets them).  Part of the Z3 bridge
 * (zbi.h): the Z3 objects stay in the zb_smt2 (malloc), nodes name them by
 * index.
 *
 * An assertion's prefix of foralls (nested foralls merge) or its
 * not (exists vars. B) is opened here: the bound variables become fresh Z3
 * constants (index 0 is the LAST bound variable) mapped to clp_vars named
 * after the binder (x, x!1, ... when a name repeats in the clause).  The
 * matrix is a tree of the Bool connectives and/or/=>/ite/not, true, false,
 * relation atoms (applications of uninterpreted Bool-valued symbols that
 * are not variables) and other Bool terms; every node carries the first
 * relation atom in it. */
#include "zb/zbi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The GC pointers of a zb_smt2 (malloc memory, which the collector does
 * not scan): an uncollectable GC object, freed by zb_smt2_close. */
struct gc_side {
  zbi_back *b;             /* the converter of the current clause */
  const clp_term **iv;     /* its variables' IR terms */
};

struct zb_smt2 {
  zb_ctx *z;
  Z3_context c;
  Z3_ast_vector v;         /* the assertions (owned) */
  unsigned nv_asserts;
  zb_why err;              /* the current assertion's prefix error */
  /* the current clause: bound variables as owned Z3 constants (zv, also
   * owned by g->b) and IR variables (g->iv) */
  struct gc_side *g;
  int nv, capv;
  Z3_ast *zv;              /* malloc: Z3 only */
  int nown;                /* owned instantiated matrices, released at the */
  Z3_ast own[16];          /* end of the clause (deeper nests: error) */
  /* the current clause's nodes: node id -> borrowed Z3 AST (alive while
   * own[] and v are) */
  Z3_ast *nodes;           /* malloc */
  int nnodes, capnodes;
  unsigned nerr0;          /* Z3's error count when the clause was opened */
};
typedef struct zb_smt2 reader;

static const char *gc_str(const char *s) { return clp_strdup(s ? s : ""); }

static const char *decl_name(reader *R, Z3_func_decl d) {
  return gc_str(Z3_get_symbol_string(R->c, Z3_get_decl_name(R->c, d)));
}

static const char *app_name(reader *R, Z3_ast a) {
  return decl_name(R, Z3_get_app_decl(R->c, Z3_to_app(R->c, a)));
}

/* ----------------------------------------------------------- inspection */
static bool is_app(reader *R, Z3_ast a) {
  return Z3_get_ast_kind(R->c, a) == Z3_APP_AST;
}

static Z3_decl_kind kind_of(reader *R, Z3_ast a) {
  if (!is_app(R, a)) return Z3_OP_INTERNAL; /* none of the kinds used */
  return Z3_get_decl_kind(R->c, Z3_get_app_decl(R->c, Z3_to_app(R->c, a)));
}

static unsigned nargs(reader *R, Z3_ast a) {
  return Z3_get_app_num_args(R->c, Z3_to_app(R->c, a));
}

static Z3_ast arg(reader *R, Z3_ast a, unsigned i) {
  return Z3_get_app_arg(R->c, Z3_to_app(R->c, a), i);
}

static bool is_var(reader *R, Z3_ast a) {
  for (int i = 0; i < R->nv; i++)
    if (Z3_is_eq_ast(R->c, a, R->zv[i])) return true;
  return false;
}

/* A relation atom: an application of an uninterpreted Bool-valued symbol
 * that is not one of the clause's variables. */
static bool is_rel_app(reader *R, Z3_ast a) {
  if (kind_of(R, a) != Z3_OP_UNINTERPRETED) return false;
  if (Z3_get_sort_kind(R->c, Z3_get_sort(R->c, a)) != Z3_BOOL_SORT) return false;
  return !is_var(R, a);
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
static Z3_ast find_rel(reader *R, Z3_ast a, idset *seen) {
  if (!is_app(R, a) || !idset_add(seen, Z3_get_ast_id(R->c, a))) return NULL;
  if (is_rel_app(R, a)) return a;
  for (unsigned i = 0, n = nargs(R, a); i < n; i++) {
    Z3_ast r = find_rel(R, arg(R, a, i), seen);
    if (r) return r;
  }
  return NULL;
}

static Z3_ast has_rel(reader *R, Z3_ast a) {
  idset seen = {0};
  Z3_ast r = find_rel(R, a, &seen);
  free(seen.k);
  return r;
}

static zb_why unsupported(const char *text) { return (zb_why){text, true}; }
static zb_why wrong(const char *text) { return (zb_why){text, false}; }

/* Why a (relation-free or not) term has no IR counterpart: the message for
 * its first offending node, or text NULL. */
static zb_why why(reader *R, Z3_ast a, idset *seen) {
  Z3_context c = R->c;
  if (!idset_add(seen, Z3_get_ast_id(c, a))) return wrong(NULL);
  switch (Z3_get_ast_kind(c, a)) {
  case Z3_QUANTIFIER_AST:
    if (Z3_is_lambda(c, a)) return unsupported("lambda is not supported");
    return unsupported(Z3_is_quantifier_forall(c, a)
                           ? "quantifier inside a clause is not supported"
                           : "exists is not supported");
  case Z3_VAR_AST: return wrong("unexpected bound variable");
  case Z3_APP_AST: case Z3_NUMERAL_AST: break;
  default: return unsupported("unsupported construct");
  }
  Z3_sort s = Z3_get_sort(c, a);
  if (!zbi_sort_back(R->z, s))
    return unsupported(clp_fmt("unsupported sort %s", Z3_sort_to_string(c, s)));
  if (Z3_get_ast_kind(c, a) == Z3_NUMERAL_AST) {
    int64_t k;
    if (Z3_get_numeral_int64(c, a, &k)) return wrong(NULL);
    return wrong(clp_fmt("integer constant %s out of range",
                         Z3_get_numeral_string(c, a)));
  }
  for (unsigned i = 0, n = nargs(R, a); i < n; i++) {
    zb_why w = why(R, arg(R, a, i), seen);
    if (w.text) return w;
  }
  if (kind_of(R, a) == Z3_OP_UNINTERPRETED && !is_var(R, a)) {
    if (is_rel_app(R, a))
      return wrong(clp_fmt("relation %s under negation or inside a term "
                           "(not Horn)", app_name(R, a)));
    return unsupported(clp_fmt("uninterpreted function %s is not supported",
                               app_name(R, a)));
  }
  if (!zbi_back_term(R->g->b, a))
    return unsupported(clp_fmt("unsupported operator %s", app_name(R, a)));
  return wrong(NULL);
}

/* The IR term of a relation-free term, or NULL with *w set. */
static const clp_term *term(reader *R, Z3_ast a, zb_why *w) {
  const clp_term *t = zbi_back_term(R->g->b, a);
  if (t) return t;
  idset seen = {0};
  *w = why(R, a, &seen);
  free(seen.k);
  if (!w->text) *w = wrong("cannot convert term");
  return NULL;
}

/* ------------------------------------------------------------------ trees */
/* The signature of relation atom a in x, or why_sig. */
static void rel_atom(reader *R, Z3_ast a, zb_sx *x) {
  Z3_context c = R->c;
  Z3_func_decl d = Z3_get_app_decl(c, Z3_to_app(c, a));
  unsigned n = Z3_get_domain_size(c, d);
  x->arity = (int)n;
  x->sorts = NEW_N(const clp_sort *, n);
  for (unsigned i = 0; i < n; i++) {
    Z3_sort s = Z3_get_domain(c, d, i);
    if (!(x->sorts[i] = zbi_sort_back(R->z, s))) {
      x->why_sig = clp_fmt("unsupported sort %s (argument %u of relation %s)",
                           Z3_sort_to_string(c, s), i + 1, x->rel);
      return;
    }
  }
}

/* Records a as the next node of the clause; returns its id.  R->nodes is
 * malloc'd, not a clp/vec.h array: it holds Z3 pointers. */
static int node_id(reader *R, Z3_ast a) {
  if (R->nnodes == R->capnodes) {
    R->capnodes = R->capnodes ? 2 * R->capnodes : 64;
    R->nodes = realloc(R->nodes, sizeof *R->nodes * (size_t)R->capnodes);
    if (!R->nodes) abort();
  }
  R->nodes[R->nnodes] = a;
  return R->nnodes++;
}

/* The tree of the Bool term a (a position of a clause's matrix). */
static const zb_sx *node(reader *R, Z3_ast a) {
  zb_sx *x = NEW(zb_sx);
  x->id = node_id(R, a);
  switch (kind_of(R, a)) {
  case Z3_OP_AND: x->kind = ZB_SX_AND; break;
  case Z3_OP_OR: x->kind = ZB_SX_OR; break;
  case Z3_OP_IMPLIES: x->kind = ZB_SX_IMPLIES; break;
  case Z3_OP_ITE: x->kind = ZB_SX_ITE; break;
  case Z3_OP_NOT: x->kind = ZB_SX_NOT; break;
  case Z3_OP_TRUE: x->kind = ZB_SX_TRUE; break;
  case Z3_OP_FALSE: x->kind = ZB_SX_FALSE; break;
  case Z3_OP_UNINTERPRETED:
    if (is_rel_app(R, a)) {
      x->kind = ZB_SX_REL;
      x->rel = app_name(R, a);
      rel_atom(R, a, x);
      return x;
    }
    x->kind = ZB_SX_OTHER;
    break;
  default: x->kind = ZB_SX_OTHER; break;
  }
  if (x->kind <= ZB_SX_NOT) { /* a connective: the first atom of its kids */
    x->n = (int)nargs(R, a);
    x->kids = NEW_N(const zb_sx *, x->n);
    for (int i = 0; i < x->n; i++) {
      x->kids[i] = node(R, arg(R, a, (unsigned)i));
      if (!x->rel) x->rel = x->kids[i]->rel;
    }
  } else {
    Z3_ast r = has_rel(R, a);
    if (r) x->rel = app_name(R, r);
  }
  return x;
}

/* ------------------------------------------------------------- clauses */
/* Instantiates the bound variables of quantifier q with fresh constants;
 * returns the OWNED instantiated body, or NULL (error recorded). */
static Z3_ast open_quantifier(reader *R, Z3_ast q) {
  Z3_context c = R->c;
  unsigned n = Z3_get_quantifier_num_bound(c, q);
  Z3_ast *to = malloc(sizeof *to * (n ? n : 1));
  if (!to) abort();
  for (unsigned j = 0; j < n; j++) {
    const char *name = gc_str(Z3_get_symbol_string(c, Z3_get_quantifier_bound_name(c, q, j)));
    Z3_sort zs = Z3_get_quantifier_bound_sort(c, q, j);
    const clp_sort *s = zbi_sort_back(R->z, zs);
    if (!s) {
      R->err = unsupported(clp_fmt("unsupported sort %s (variable %s)",
                                   Z3_sort_to_string(c, zs), name));
      free(to);
      return NULL;
    }
    /* a name unique within the clause: x, x!1, x!2, ... */
    const clp_term *v = clp_var(name, s);
    for (int k = 1;; k++) {
      bool dup = false;
      for (int i = 0; i < R->nv; i++) dup |= R->g->iv[i]->name == v->name ||
                                             !strcmp(R->g->iv[i]->name, v->name);
      if (!dup) break;
      size_t m = strlen(name) + 16;
      char *buf = NEW_ATOMIC_N(char, m);
      snprintf(buf, m, "%s!%d", name, k);
      v = clp_var(buf, s);
    }
    Z3_ast k = zbi_ref(R->z, Z3_mk_fresh_const(c, name, zs));
    if (R->nv == R->capv) { /* zv malloc'd (Z3 pointers), iv (GC) beside */
      R->capv = R->capv ? 2 * R->capv : 16;
      R->zv = realloc(R->zv, sizeof *R->zv * (size_t)R->capv);
      if (!R->zv) abort();
      R->g->iv = R->g->iv ? GROW(const clp_term *, R->g->iv, R->capv)
                    : NEW_N(const clp_term *, R->capv);
    }
    R->zv[R->nv] = k;
    R->g->iv[R->nv++] = v;
    zbi_back_var(R->g->b, k, v);
    to[n - 1 - j] = k; /* de Bruijn index 0 is the last bound variable */
  }
  Z3_ast r = zbi_ref(R->z, Z3_substitute_vars(c, Z3_get_quantifier_body(c, q), n, to));
  free(to);
  if (r && R->nown < (int)(sizeof R->own / sizeof *R->own)) {
    R->own[R->nown++] = r;
    return r;
  }
  zbi_unref(R->z, r);
  R->err = wrong("too deeply nested quantifiers");
  return NULL;
}

/* The number of bound variables of the prenex foralls (and of a top-level
 * not-exists) of a, for sizing the converter. */
static int count_bound(reader *R, Z3_ast a) {
  Z3_context c = R->c;
  int n = 0;
  for (;;) {
    if (Z3_get_ast_kind(c, a) == Z3_QUANTIFIER_AST && !Z3_is_lambda(c, a)) {
      n += (int)Z3_get_quantifier_num_bound(c, a);
      a = Z3_get_quantifier_body(c, a);
    } else if (kind_of(R, a) == Z3_OP_NOT) {
      a = arg(R, a, 0);
    } else {
      return n;
    }
  }
}

/* Ends the current clause: releases its Z3 objects. */
static void end_clause(reader *R) {
  for (int i = 0; i < R->nown; i++) zbi_unref(R->z, R->own[i]);
  R->nown = 0;
  if (R->g && R->g->b) zbi_back_free(R->g->b); /* releases the variables' */
  if (R->g) R->g->b = NULL;                     /* constants */
  R->nv = 0;
  R->nnodes = 0;
}

zb_smt2 *zb_smt2_open(const char *text, int *n, const char **err) {
  *n = 0;
  *err = NULL;
  reader *R = calloc(1, sizeof *R);
  if (!R) abort();
  R->z = zb_ctx_new();
  if (!R->z || !R->z->c) {
    *err = "cannot create a Z3 context";
    zb_ctx_free(R->z);
    free(R);
    return NULL;
  }
  R->c = R->z->c;
  R->g = GC_MALLOC_UNCOLLECTABLE(sizeof *R->g);
  if (!R->g) abort();
  unsigned e0 = R->z->nerr;
  R->v = Z3_parse_smtlib2_string(R->c, text, 0, NULL, NULL, 0, NULL, NULL);
  if (R->z->nerr != e0 || !R->v) {
    *err = zb_error(R->z) ? clp_strdup(zb_error(R->z)) : "syntax error";
    R->v = NULL;
    zb_smt2_close(R);
    return NULL;
  }
  Z3_ast_vector_inc_ref(R->c, R->v);
  R->nv_asserts = Z3_ast_vector_size(R->c, R->v);
  *n = (int)R->nv_asserts;
  return R;
}

void zb_smt2_get(zb_smt2 *R, int i, zb_smt2_clause *cl) {
  Z3_context c = R->c;
  end_clause(R);
  memset(cl, 0, sizeof *cl);
  Z3_ast a = Z3_ast_vector_get(c, R->v, (unsigned)i);
  R->g->b = zbi_back_new(R->z, count_bound(R, a));
  R->err = wrong(NULL);
  unsigned e0 = R->z->nerr;
  /* prenex foralls; not (exists vars. B) is the query B => false */
  bool query = false;
  while (!R->err.text) {
    if (Z3_get_ast_kind(c, a) == Z3_QUANTIFIER_AST) {
      if (Z3_is_lambda(c, a)) {
        R->err = unsupported("lambda is not supported");
        break;
      }
      if (!Z3_is_quantifier_forall(c, a) && !query) {
        R->err = unsupported("exists is not supported "
                             "(except as (not (exists ...)))");
        break;
      }
      if (Z3_is_quantifier_forall(c, a) == query) {
        R->err = unsupported("alternating quantifiers are not supported");
        break;
      }
      a = open_quantifier(R, a);
    } else if (!query && kind_of(R, a) == Z3_OP_NOT &&
               Z3_get_ast_kind(c, arg(R, a, 0)) == Z3_QUANTIFIER_AST &&
               !Z3_is_lambda(c, arg(R, a, 0)) &&
               !Z3_is_quantifier_forall(c, arg(R, a, 0))) {
      query = true;
      a = arg(R, a, 0);
    } else {
      break;
    }
  }
  cl->err = R->err;
  cl->query = query;
  if (!R->err.text) cl->matrix = node(R, a);
  R->nerr0 = e0;
}

const char *zb_smt2_z3_error(zb_smt2 *R) {
  return R->z->nerr != R->nerr0 ? clp_fmt("Z3: %s", zb_error(R->z)) : NULL;
}

const clp_term *zb_smt2_term(zb_smt2 *R, const zb_sx *x, zb_why *why) {
  return term(R, R->nodes[x->id], why);
}

const clp_term **zb_smt2_args(zb_smt2 *R, const zb_sx *x, zb_why *why) {
  Z3_ast a = R->nodes[x->id];
  const clp_term **args = NEW_N(const clp_term *, x->arity);
  for (int i = 0; i < x->arity; i++) {
    Z3_ast y = arg(R, a, (unsigned)i);
    Z3_ast inner = has_rel(R, y);
    if (inner) {
      *why = wrong(clp_fmt("relation %s inside a term (not Horn)",
                           app_name(R, inner)));
      return NULL;
    }
    if (!(args[i] = term(R, y, why))) return NULL;
  }
  return args;
}

void zb_smt2_close(zb_smt2 *R) {
  if (!R) return;
  end_clause(R);
  if (R->v) Z3_ast_vector_dec_ref(R->c, R->v);
  free(R->zv);
  free(R->nodes);
  GC_FREE(R->g);
  zb_ctx_free(R->z);
  free(R);
}
