/* zb_dec.c -- Z3 -> IR (zbi.h): sorts, uninterpreted functions, numerals,
 * and the converter of quantifier-free Z3 ASTs to IR terms and formulas. */
#include "zb/zbi.h"

#include <stdlib.h>
#include <string.h>


/* IR sort of a Z3 sort (Bool, Int, Array Int X), or NULL. */
const clp_sort *zbi_sort_back(zb_ctx *z, Z3_sort s) {
  switch (Z3_get_sort_kind(z->c, s)) {
  case Z3_BOOL_SORT: return clp_sort_bool();
  case Z3_INT_SORT: return clp_sort_int();
  case Z3_ARRAY_SORT: {
    const clp_sort *d = zbi_sort_back(z, Z3_get_array_sort_domain(z->c, s));
    const clp_sort *r = zbi_sort_back(z, Z3_get_array_sort_range(z->c, s));
    if (d != clp_sort_int() || !r) return NULL;
    return clp_sort_array(d, r);
  }
  default: return NULL;
  }
}

/* The clp_fun whose declaration is d, or NULL when d was not made by
 * to_fun (the map lives in z->funs: the clp_fun is found again by name and
 * signature, since malloc memory may hold no GC pointer). */
const clp_fun *zbi_fun_back(zb_ctx *z, Z3_func_decl d) {
  unsigned i;
  for (i = 0; i < z->nfuns; i++)
    if (z->funs[i] && Z3_is_eq_func_decl(z->c, z->funs[i], d)) break;
  if (i == z->nfuns) return NULL;
  unsigned n = Z3_get_domain_size(z->c, d);
  const clp_sort **dom = NEW_N(const clp_sort *, n);
  for (unsigned k = 0; k < n; k++)
    if (!(dom[k] = zbi_sort_back(z, Z3_get_domain(z->c, d, k)))) return NULL;
  const clp_sort *range = zbi_sort_back(z, Z3_get_range(z->c, d));
  if (!range) return NULL;
  Z3_string name = Z3_get_symbol_string(z->c, Z3_get_decl_name(z->c, d));
  return clp_fun_get(clp_strdup(name), (int)n, dom, range);
}

bool zbi_int_of(zb_ctx *z, Z3_ast a, clp_vint *out) {
  if (Z3_get_ast_kind(z->c, a) != Z3_NUMERAL_AST) return false;
  if (Z3_get_sort_kind(z->c, Z3_get_sort(z->c, a)) != Z3_INT_SORT) return false;
  int64_t k;
  if (Z3_get_numeral_int64(z->c, a, &k)) {
    *out = k;
    return true;
  }
  return clp_vint_parse(Z3_get_numeral_string(z->c, a), out);
}

/* ------------------------------------------------- the converter (zbi.h) */
void zbi_back_init(zbi_back *b, zb_ctx *z, int nvars) {
  /* zv: malloc, it holds Z3 pointers */
  memset(b, 0, sizeof *b);
  b->z = z;
  b->zv = calloc((size_t)(nvars > 0 ? nvars : 1), sizeof *b->zv);
  b->iv = NEW_N(const clp_term *, nvars);
  if (!b->zv) abort();
}

void zbi_back_free(zbi_back *b) {
  for (int i = 0; i < b->nvars; i++) zbi_unref(b->z, b->zv[i]);
  free(b->zv);
}

void zbi_back_var(zbi_back *b, Z3_ast a, const clp_term *v) {
  b->zv[b->nvars] = a;
  b->iv[b->nvars++] = v;
}

static const clp_term *memo_get(zbi_back *b, unsigned id) {
  if (!b->mcap) return NULL;
  for (unsigned h = (id * 2654435761u) & (b->mcap - 1);; h = (h + 1) & (b->mcap - 1)) {
    if (!b->mkeys[h]) return NULL;
    if (b->mkeys[h] == id + 1) return b->mvals[h];
  }
}

static void memo_put(zbi_back *b, unsigned id, const clp_term *t) {
  if (2 * (b->mn + 1) > b->mcap) {
    unsigned oc = b->mcap, *ok = b->mkeys;
    const clp_term **ov = b->mvals;
    b->mcap = oc ? 2 * oc : 64;
    b->mkeys = NEW_ATOMIC_N(unsigned, b->mcap);
    memset(b->mkeys, 0, sizeof *b->mkeys * b->mcap);
    b->mvals = NEW_N(const clp_term *, b->mcap);
    b->mn = 0;
    for (unsigned i = 0; i < oc; i++)
      if (ok[i]) memo_put(b, ok[i] - 1, ov[i]);
  }
  unsigned h = (id * 2654435761u) & (b->mcap - 1);
  while (b->mkeys[h]) h = (h + 1) & (b->mcap - 1);
  b->mkeys[h] = id + 1;
  b->mvals[h] = t;
  b->mn++;
}

/* Converts the arguments of app into k (GC); false on failure. */
static bool back_args(zbi_back *b, Z3_app app, unsigned n, const clp_term **k) {
  for (unsigned i = 0; i < n; i++)
    if (!(k[i] = zbi_back_term(b, Z3_get_app_arg(b->z->c, app, i)))) return false;
  return true;
}

static const clp_term *bool_ite(const clp_term *c, const clp_term *t,
                                const clp_term *e) {
  const clp_term *l[2] = {c, t}, *r[2] = {clp_not(c), e}, *o[2];
  o[0] = clp_and(2, l);
  o[1] = clp_and(2, r);
  return clp_or(2, o);
}

/* The IR node of an application whose arguments k are converted. */
static const clp_term *back_app(zbi_back *b, Z3_ast a, Z3_app app,
                                Z3_decl_kind dk, unsigned n,
                                const clp_term **k) {
  zb_ctx *z = b->z;
  const clp_term *r;
  switch (dk) {
  case Z3_OP_TRUE: return clp_true();
  case Z3_OP_FALSE: return clp_false();
  case Z3_OP_AND: return clp_and((int)n, k);
  case Z3_OP_OR: return clp_or((int)n, k);
  case Z3_OP_NOT: return n == 1 ? clp_not(k[0]) : NULL;
  case Z3_OP_IMPLIES: {
    if (n != 2) return NULL;
    const clp_term *o[2] = {clp_not(k[0]), k[1]};
    return clp_or(2, o);
  }
  case Z3_OP_XOR:
    return n == 2 ? bool_ite(k[0], clp_not(k[1]), k[1]) : NULL;
  case Z3_OP_IFF:
  case Z3_OP_EQ:
    if (n < 2) return NULL;
    r = clp_eq(k[0], k[1]);
    for (unsigned i = 2; i < n; i++) {
      const clp_term *p[2] = {r, clp_eq(k[0], k[i])};
      r = clp_and(2, p);
    }
    return r;
  case Z3_OP_DISTINCT: {
    r = clp_true();
    for (unsigned i = 0; i < n; i++)
      for (unsigned j = i + 1; j < n; j++) {
        const clp_term *p[2] = {r, clp_not(clp_eq(k[i], k[j]))};
        r = clp_and(2, p);
      }
    return r;
  }
  case Z3_OP_ITE:
    if (n != 3) return NULL;
    if (k[1]->sort == clp_sort_bool()) return bool_ite(k[0], k[1], k[2]);
    return clp_ite(k[0], k[1], k[2]);
  case Z3_OP_LE: return n == 2 ? clp_le(k[0], k[1]) : NULL;
  case Z3_OP_GE: return n == 2 ? clp_ge(k[0], k[1]) : NULL;
  case Z3_OP_LT: return n == 2 ? clp_lt(k[0], k[1]) : NULL;
  case Z3_OP_GT: return n == 2 ? clp_gt(k[0], k[1]) : NULL;
  case Z3_OP_ADD: case Z3_OP_SUB: case Z3_OP_MUL:
    if (n < 1) return NULL;
    r = k[0];
    for (unsigned i = 1; i < n; i++)
      r = dk == Z3_OP_ADD ? clp_add(r, k[i])
          : dk == Z3_OP_SUB ? clp_sub(r, k[i]) : clp_mul(r, k[i]);
    return r;
  case Z3_OP_UMINUS: return n == 1 ? clp_neg(k[0]) : NULL;
  case Z3_OP_IDIV: return n == 2 ? clp_div(k[0], k[1]) : NULL;
  case Z3_OP_MOD: return n == 2 ? clp_mod(k[0], k[1]) : NULL;
  case Z3_OP_SELECT: return n == 2 ? clp_select(k[0], k[1]) : NULL;
  case Z3_OP_STORE: return n == 3 ? clp_store(k[0], k[1], k[2]) : NULL;
  case Z3_OP_CONST_ARRAY: {
    const clp_sort *s = zbi_sort_back(z, Z3_get_sort(z->c, a));
    return s && n == 1 ? clp_const_array(s, k[0]) : NULL;
  }
  case Z3_OP_UNINTERPRETED: {
    const clp_fun *f = zbi_fun_back(z, Z3_get_app_decl(z->c, app));
    return f && f->arity == (int)n ? clp_app(f, k) : NULL;
  }
  default: return NULL; /* to_real, div on reals, rem, ... */
  }
}

const clp_term *zbi_back_term(zbi_back *b, Z3_ast a) {
  zb_ctx *z = b->z;
  Z3_context c = z->c;
  unsigned id = Z3_get_ast_id(c, a);
  const clp_term *r = memo_get(b, id);
  if (r) return r;
  Z3_ast_kind ak = Z3_get_ast_kind(c, a);
  if (ak == Z3_NUMERAL_AST) {
    clp_vint k;   /* IR constants are int64 */
    if (!zbi_int_of(z, a, &k) || k < INT64_MIN || k > INT64_MAX) return NULL;
    r = clp_num((int64_t)k);
  } else if (ak == Z3_APP_AST) {
    Z3_app app = Z3_to_app(c, a);
    Z3_decl_kind dk = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    unsigned n = Z3_get_app_num_args(c, app);
    if (dk == Z3_OP_UNINTERPRETED && n == 0) {
      for (int i = 0; i < b->nvars && !r; i++)
        if (Z3_is_eq_ast(c, a, b->zv[i])) r = b->iv[i];
      if (!r) return NULL; /* an unknown constant */
    } else {
      const clp_term **k = NEW_N(const clp_term *, n);
      if (!back_args(b, app, n, k)) return NULL;
      if (!(r = back_app(b, a, app, dk, n, k))) return NULL;
    }
  } else
    return NULL; /* quantifier, lambda, bound variable */
  memo_put(b, id, r);
  return r;
}

const clp_formula *zbi_back_formula(zbi_back *b, Z3_ast a) {
  const clp_term *t = zbi_back_term(b, a);
  if (!t || t->sort != clp_sort_bool()) return NULL;
  return clp_f_lit(t, false, clp_nopos);
}

zbi_back *zbi_back_new(zb_ctx *z, int nvars) {
  zbi_back *b = NEW(zbi_back); /* GC memory: it holds GC pointers */
  zbi_back_init(b, z, nvars);
  return b;
}
