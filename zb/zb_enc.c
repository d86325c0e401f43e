/* zb_enc.c -- IR -> Z3 (zbi.h): sorts, uninterpreted functions, terms and
 * formulas, cached per context by id (terms, sorts, funs) or memoised per
 * conversion by node (formulas, which are DAGs). */
#include "zb/zbi.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Grows a malloc'd array of pointers to at least n+1 zeroed slots.  The
 * context's caches stay in malloc memory, not clp/vec.h's GC arrays: they
 * hold Z3 pointers (zbi.h, "Memory"). */
static void *grow_slots(void *p, unsigned *cap, unsigned n, size_t elt) {
  if (n < *cap) return p;
  unsigned nc = *cap ? *cap : 64;
  while (nc <= n) nc *= 2;
  char *q = realloc(p, (size_t)nc * elt);
  if (!q) abort();
  memset(q + (size_t)*cap * elt, 0, (size_t)(nc - *cap) * elt);
  *cap = nc;
  return q;
}

/* ------------------------------------------------------- IR -> Z3: sorts */
Z3_sort zbi_sort(zb_ctx *z, const clp_sort *s) {
  if (s->id < z->nsorts && z->sorts[s->id]) return z->sorts[s->id];
  Z3_sort r = NULL;
  switch (s->kind) {
  case CLP_S_BOOL: r = Z3_mk_bool_sort(z->c); break;
  case CLP_S_INT: r = Z3_mk_int_sort(z->c); break;
  case CLP_S_ARRAY: {
    Z3_sort d = zbi_sort(z, s->index), e = zbi_sort(z, s->elem);
    if (d && e) r = Z3_mk_array_sort(z->c, d, e);
    break;
  }
  }
  if (!r) return NULL;
  zbi_ref(z, Z3_sort_to_ast(z->c, r));
  z->sorts = grow_slots(z->sorts, &z->nsorts, s->id, sizeof *z->sorts);
  z->sorts[s->id] = r;
  return r;
}


Z3_func_decl zbi_fun(zb_ctx *z, const clp_fun *f) {
  if (f->id < z->nfuns && z->funs[f->id]) return z->funs[f->id];
  Z3_sort dom[f->arity > 0 ? f->arity : 1];
  for (int i = 0; i < f->arity; i++)
    if (!(dom[i] = zbi_sort(z, f->dom[i]))) return NULL;
  Z3_sort range = zbi_sort(z, f->range);
  if (!range) return NULL;
  Z3_func_decl d = Z3_mk_func_decl(z->c, Z3_mk_string_symbol(z->c, f->name),
                                   (unsigned)f->arity, dom, range);
  if (!d) return NULL;
  zbi_ref(z, Z3_func_decl_to_ast(z->c, d));
  z->funs = grow_slots(z->funs, &z->nfuns, f->id, sizeof *z->funs);
  z->funs[f->id] = d;
  return d;
}

/* ------------------------------------------------------- IR -> Z3: terms */
static Z3_ast mk_var(zb_ctx *z, const clp_term *t) {
  Z3_sort s = zbi_sort(z, t->sort);
  if (!s) return NULL;
  /* "x" for label 0, "x@k" for label k; a label-0 name that contains '@'
   * gets "@0" so that no two variables share a Z3 symbol. */
  Z3_symbol sym;
  if (t->label || strchr(t->name, '@')) {
    size_t n = strlen(t->name) + 16;
    char *buf = malloc(n);
    if (!buf) abort();
    snprintf(buf, n, "%s@%d", t->name, t->label);
    sym = Z3_mk_string_symbol(z->c, buf);
    free(buf);
  } else
    sym = Z3_mk_string_symbol(z->c, t->name);
  return Z3_mk_const(z->c, sym, s);
}

/* Builds the node of t from its converted kids k (borrowed). */
static Z3_ast mk_node(zb_ctx *z, const clp_term *t, Z3_ast *k) {
  Z3_context c = z->c;
  switch (t->op) {
  case CLP_VAR: return mk_var(z, t);
  case CLP_NUM: return Z3_mk_int64(c, t->num, zbi_sort(z, clp_sort_int()));
  case CLP_TRUE: return Z3_mk_true(c);
  case CLP_FALSE: return Z3_mk_false(c);
  case CLP_ADD: return Z3_mk_add(c, (unsigned)t->n, k);
  case CLP_MUL: return Z3_mk_mul(c, (unsigned)t->n, k);
  case CLP_DIV: return Z3_mk_div(c, k[0], k[1]);
  case CLP_MOD: return Z3_mk_mod(c, k[0], k[1]);
  case CLP_ITE: return Z3_mk_ite(c, k[0], k[1], k[2]);
  case CLP_SELECT: return Z3_mk_select(c, k[0], k[1]);
  case CLP_STORE: return Z3_mk_store(c, k[0], k[1], k[2]);
  case CLP_CONST_ARRAY: {
    Z3_sort d = zbi_sort(z, t->sort->index);
    return d ? Z3_mk_const_array(c, d, k[0]) : NULL;
  }
  case CLP_APP: {
    Z3_func_decl f = zbi_fun(z, t->fun);
    return f ? Z3_mk_app(c, f, (unsigned)t->n, k) : NULL;
  }
  case CLP_EQ: return Z3_mk_eq(c, k[0], k[1]);
  case CLP_LE: return Z3_mk_le(c, k[0], k[1]);
  case CLP_NOT: return Z3_mk_not(c, k[0]);
  case CLP_AND: return Z3_mk_and(c, (unsigned)t->n, k);
  case CLP_OR: return Z3_mk_or(c, (unsigned)t->n, k);
  }
  return NULL;
}

/* Whether node t itself (not its kids) is an array or function term. */
static bool rich_node(const clp_term *t) {
  return t->sort->kind == CLP_S_ARRAY || t->op == CLP_SELECT ||
         t->op == CLP_APP;
}

/* zbi.h: cached per context by term id. */
Z3_ast zbi_term(zb_ctx *z, const clp_term *t) {
  if (t->id < z->nterms && z->terms[t->id]) {
    z->nrich_seen += z->rich[t->id];
    return zbi_ref(z, z->terms[t->id]);
  }
  Z3_ast small[4], *k = t->n <= 4 ? small : malloc(sizeof *k * (size_t)t->n);
  if (!k) abort();
  int i;
  for (i = 0; i < t->n; i++)
    if (!(k[i] = zbi_term(z, t->kids[i]))) break;
  Z3_ast r = NULL;
  if (i == t->n) r = zbi_ref(z, mk_node(z, t, k));
  while (i-- > 0) zbi_unref(z, k[i]);
  if (k != small) free(k);
  if (!r) return NULL;
  unsigned char rich = rich_node(t);
  for (i = 0; i < t->n && !rich; i++) rich = z->rich[t->kids[i]->id];
  z->terms = grow_slots(z->terms, &z->nterms, t->id, sizeof *z->terms);
  z->rich = grow_slots(z->rich, &z->nrich, t->id, sizeof *z->rich);
  z->terms[t->id] = zbi_ref(z, r); /* the cache holds its own reference */
  z->rich[t->id] = rich;
  z->nrich_seen += rich;
  return r;
}

/* Memo of to_formula by node (formulas are DAGs: the BDD formulas of the
 * indexed engine share their subformulas, and a tree walk of them is
 * exponential): open addressing on the node's address, owned values; in
 * malloc memory, as it holds Z3 pointers (its keys are alive in f). */
typedef struct fmemo {
  unsigned cap, n;
  const clp_formula **key;
  Z3_ast *val;
} fmemo;

static unsigned fmemo_slot(const fmemo *m, const clp_formula *f) {
  size_t h = (size_t)f;
  h ^= h >> 17;
  h *= 0x9E3779B97F4A7C15ull;
  unsigned i = (unsigned)(h >> 20) & (m->cap - 1);
  while (m->key[i] && m->key[i] != f) i = (i + 1) & (m->cap - 1);
  return i;
}

static void fmemo_put(zb_ctx *z, fmemo *m, const clp_formula *f, Z3_ast a) {
  if (2 * (m->n + 1) > m->cap) {
    fmemo o = *m;
    m->cap = o.cap ? 2 * o.cap : 64;
    m->n = 0;
    m->key = calloc(m->cap, sizeof *m->key);
    m->val = calloc(m->cap, sizeof *m->val);
    if (!m->key || !m->val) abort();
    for (unsigned i = 0; i < o.cap; i++)
      if (o.key[i]) {
        unsigned j = fmemo_slot(m, o.key[i]);
        m->key[j] = o.key[i];
        m->val[j] = o.val[i];
        m->n++;
      }
    free(o.key);
    free(o.val);
  }
  unsigned i = fmemo_slot(m, f);
  m->key[i] = f;
  m->val[i] = zbi_ref(z, a);
  m->n++;
}

static void fmemo_free(zb_ctx *z, fmemo *m) {
  for (unsigned i = 0; i < m->cap; i++)
    if (m->key[i]) zbi_unref(z, m->val[i]);
  free(m->key);
  free(m->val);
}

static Z3_ast to_formula_m(zb_ctx *z, const clp_formula *f,
                           const Z3_func_decl *rels, fmemo *memo) {
  Z3_context c = z->c;
  switch (f->kind) {
  case CLP_F_TRUE: return zbi_ref(z, Z3_mk_true(c));
  case CLP_F_FALSE: return zbi_ref(z, Z3_mk_false(c));
  case CLP_F_LIT: {
    Z3_ast a = zbi_term(z, f->atom);
    if (!a || !f->neg) return a;
    Z3_ast r = zbi_ref(z, Z3_mk_not(c, a));
    zbi_unref(z, a);
    return r;
  }
  case CLP_F_AND: case CLP_F_OR: case CLP_F_CALL: break;
  }
  assert(f->kind != CLP_F_CALL || rels);
  if (f->kind == CLP_F_CALL && !rels) return NULL;
  if (memo->cap) {
    unsigned i = fmemo_slot(memo, f);
    if (memo->key[i]) return zbi_ref(z, memo->val[i]);
  }
  int n = f->n;
  Z3_ast *k = malloc(sizeof *k * (size_t)(n > 0 ? n : 1));
  if (!k) abort();
  int i;
  for (i = 0; i < n; i++) {
    k[i] = f->kind == CLP_F_CALL ? zbi_term(z, f->args[i])
                                 : to_formula_m(z, f->kids[i], rels, memo);
    if (!k[i]) break;
  }
  Z3_ast r = NULL;
  if (i == n) {
    if (f->kind == CLP_F_AND) r = Z3_mk_and(c, (unsigned)n, k);
    else if (f->kind == CLP_F_OR) r = Z3_mk_or(c, (unsigned)n, k);
    else r = Z3_mk_app(c, rels[f->rel->id], (unsigned)n, k);
    r = zbi_ref(z, r);
  }
  while (i-- > 0) zbi_unref(z, k[i]);
  free(k);
  if (r && n > 1) fmemo_put(z, memo, f, r);
  return r;
}

/* Owned Z3 formula; calls are only allowed when rels (relation id ->
 * declaration) is given.  Shared subformulas are converted once. */
Z3_ast zbi_formula(zb_ctx *z, const clp_formula *f, const Z3_func_decl *rels) {
  fmemo m = {0, 0, NULL, NULL};
  Z3_ast r = to_formula_m(z, f, rels, &m);
  fmemo_free(z, &m);
  return r;
}

/* ------------------------------------------------ variables, quantifiers */
int zbi_formula_vars(const clp_formula *f, const clp_term ***vs, int n,
                     int *cap) {
  switch (f->kind) {
  case CLP_F_LIT: return clp_term_vars(f->atom, vs, n, cap);
  case CLP_F_CALL:
    for (int i = 0; i < f->n; i++) n = clp_term_vars(f->args[i], vs, n, cap);
    return n;
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++) n = zbi_formula_vars(f->kids[i], vs, n, cap);
    return n;
  default: return n;
  }
}

Z3_ast zbi_quantify(zb_ctx *z, bool forall, int n, const clp_term **vars,
                    Z3_ast body) {
  if (!body) return NULL;
  if (n == 0) return zbi_ref(z, body);
  Z3_ast *zs = malloc(sizeof *zs * (size_t)n); /* Z3 pointers */
  Z3_app *apps = malloc(sizeof *apps * (size_t)n);
  if (!zs || !apps) abort();
  int i;
  for (i = 0; i < n; i++) {
    if (!(zs[i] = zbi_term(z, vars[i]))) break;
    apps[i] = Z3_to_app(z->c, zs[i]);
  }
  Z3_ast r = NULL;
  if (i == n)
    r = zbi_ref(z, forall ? Z3_mk_forall_const(z->c, 0, (unsigned)n, apps, 0, NULL, body)
                      : Z3_mk_exists_const(z->c, 0, (unsigned)n, apps, 0, NULL, body));
  while (i-- > 0) zbi_unref(z, zs[i]);
  free(zs);
  free(apps);
  return r;
}
