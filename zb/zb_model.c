/* zb_model.c -- models (prefix zb_): the concrete value of a term and the
 * interpretation of an uninterpreted function after a satisfiable check;
 * Z3's array values (store chains, as-array, and lambdas when the solver's
 * setting zb_solver_set_lambda_values is on) read back as clp_values. */
#include "zb/zbi.h"

#include "clp/vec.h"

#include <stdlib.h>
#include <string.h>

/* The readers below take the solver: its model (s->m, of the last ZB_SAT
 * check) and its setting for lambdas (lambda_on). */
static const clp_value *value_of(const zb_solver *s, Z3_ast v);

/* Does s read array values given as lambdas?  Its own setting, else its
 * context's. */
static bool lambda_on(const zb_solver *s) {
  return s->lambda_values < 0 ? s->z->lambda_values : s->lambda_values > 0;
}

/* Appends key -> value unless key is already listed (outer stores win). */
static bool add_entry(clp_vint **keys, const clp_value ***vals, int *n,
                      int *cap, clp_vint key, const clp_value *val) {
  for (int i = 0; i < *n; i++)
    if ((*keys)[i] == key) return true;
  if (!val) return false;
  int kn = *n, kcap = *cap;
  VEC_PUSH_ATOMIC(clp_vint, *keys, kn, kcap, key);
  VEC_PUSH(const clp_value *, *vals, *n, *cap, val);
  return true;
}

/* Does the bound variable 0 occur in a only as a side of "(= x K)" with K
 * an Int numeral?  Collects the numerals K into keys. */
static bool eq_only(zb_ctx *z, Z3_ast a, clp_vint **keys, int *n, int *cap) {
  Z3_context c = z->c;
  switch (Z3_get_ast_kind(c, a)) {
  case Z3_VAR_AST: return false; /* elsewhere than in (= x K) */
  case Z3_NUMERAL_AST: return true;
  case Z3_APP_AST: break;
  default: return false;         /* a nested quantifier or lambda */
  }
  Z3_app app = Z3_to_app(c, a);
  unsigned na = Z3_get_app_num_args(c, app);
  if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_EQ && na == 2)
    for (unsigned s = 0; s < 2; s++) {
      Z3_ast x = Z3_get_app_arg(c, app, s), k = Z3_get_app_arg(c, app, 1 - s);
      clp_vint key;
      if (Z3_get_ast_kind(c, x) != Z3_VAR_AST || Z3_get_index_value(c, x) != 0)
        continue;
      if (!zbi_int_of(z, k, &key)) return false;
      VEC_PUSH_ATOMIC(clp_vint, *keys, *n, *cap, key);
      return true;
    }
  for (unsigned i = 0; i < na; i++)
    if (!eq_only(z, Z3_get_app_arg(c, app, i), keys, n, cap)) return false;
  return true;
}

/* The value of lambda body b at the index key: b[x := key] in the model. */
static const clp_value *body_at(const zb_solver *s, Z3_ast b, clp_vint key) {
  zb_ctx *z = s->z;
  Z3_context c = z->c;
  Z3_model m = s->m;
  Z3_ast k = Z3_mk_int64(c, (int64_t)key, Z3_mk_int_sort(c));
  zbi_ref(z, k);
  Z3_ast t = Z3_substitute_vars(c, b, 1, &k);
  zbi_ref(z, t);
  Z3_ast v = NULL;
  if (Z3_model_eval(c, m, t, true, &v)) zbi_ref(z, v);
  else v = NULL;
  const clp_value *r = v ? value_of(s, v) : NULL;
  zbi_unref(z, v);
  zbi_unref(z, t);
  zbi_unref(z, k);
  return r;
}

/* (lambda ((x Int)) B) whose x occurs only in equalities (= x K) (Z3's
 * models of Bool arrays, sets): B at every K, and B elsewhere as the
 * default (one index outside the Ks). */
static const clp_value *lambda_value(const zb_solver *s, Z3_ast v) {
  zb_ctx *z = s->z;
  Z3_context c = z->c;
  if (!lambda_on(s) || !Z3_is_lambda(c, v) ||
      Z3_get_quantifier_num_bound(c, v) != 1 ||
      Z3_get_sort_kind(c, Z3_get_quantifier_bound_sort(c, v, 0)) != Z3_INT_SORT)
    return NULL;
  Z3_ast b = Z3_get_quantifier_body(c, v);
  clp_vint *keys = NULL;
  int n = 0, cap = 0;
  if (!eq_only(z, b, &keys, &n, &cap)) return NULL;
  clp_vint other = 0;
  for (int i = 0; i < n; i++)
    if (keys[i] >= other) other = keys[i] + 1;
  const clp_value *d = body_at(s, b, other);
  const clp_value **vals = NEW_N(const clp_value *, n + 1);
  for (int i = 0; d && i < n; i++)
    if (!(vals[i] = body_at(s, b, keys[i]))) return NULL;
  return d ? clp_v_array(d, n, keys, vals) : NULL;
}

/* Array value: store chains over a constant array or over (_ as-array f),
 * or (lambda_on) a lambda over equalities. */
static const clp_value *array_value(const zb_solver *s, Z3_ast v) {
  zb_ctx *z = s->z;
  Z3_context c = z->c;
  Z3_model m = s->m;
  clp_vint *keys = NULL;
  const clp_value **vals = NULL;
  int n = 0, cap = 0;
  for (;;) {
    if (Z3_get_ast_kind(c, v) == Z3_QUANTIFIER_AST) { /* stores over it */
      const clp_value *a = lambda_value(s, v);
      for (int i = 0; a && i < a->n; i++)
        if (!add_entry(&keys, &vals, &n, &cap, a->keys[i], a->vals[i])) return NULL;
      return a ? clp_v_array(a->dflt, n, keys, vals) : NULL;
    }
    if (Z3_get_ast_kind(c, v) != Z3_APP_AST) return NULL; /* lambda, ... */
    if (Z3_is_as_array(c, v)) break;
    Z3_app app = Z3_to_app(c, v);
    Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    if (k == Z3_OP_CONST_ARRAY) {
      const clp_value *d = value_of(s, Z3_get_app_arg(c, app, 0));
      return d ? clp_v_array(d, n, keys, vals) : NULL;
    }
    if (k != Z3_OP_STORE || Z3_get_app_num_args(c, app) != 3) return NULL;
    clp_vint key;
    if (!zbi_int_of(z, Z3_get_app_arg(c, app, 1), &key)) return NULL;
    bool seen = false;
    for (int i = 0; i < n; i++) seen |= keys[i] == key;
    if (!seen &&
        !add_entry(&keys, &vals, &n, &cap, key,
                   value_of(s, Z3_get_app_arg(c, app, 2))))
      return NULL;
    v = Z3_get_app_arg(c, app, 0);
  }
  /* (_ as-array f): f's interpretation in the model gives entries + else */
  Z3_func_decl f = Z3_get_as_array_func_decl(c, v);
  if (!f || !Z3_model_has_interp(c, m, f)) return NULL;
  Z3_func_interp fi = Z3_model_get_func_interp(c, m, f);
  if (!fi) return NULL;
  Z3_func_interp_inc_ref(c, fi);
  zbi_count(1);
  const clp_value *res = NULL;
  unsigned ne = Z3_func_interp_get_num_entries(c, fi);
  bool ok = Z3_func_interp_get_arity(c, fi) == 1;
  for (unsigned i = 0; ok && i < ne; i++) {
    Z3_func_entry e = Z3_func_interp_get_entry(c, fi, i);
    Z3_func_entry_inc_ref(c, e);
    zbi_count(1);
    clp_vint key;
    ok = zbi_int_of(z, Z3_func_entry_get_arg(c, e, 0), &key) &&
         add_entry(&keys, &vals, &n, &cap, key,
                   value_of(s, Z3_func_entry_get_value(c, e)));
    Z3_func_entry_dec_ref(c, e);
    zbi_count(-1);
  }
  Z3_ast els = ok ? Z3_func_interp_get_else(c, fi) : NULL;
  const clp_value *d = els ? value_of(s, els) : NULL;
  if (d) res = clp_v_array(d, n, keys, vals);
  Z3_func_interp_dec_ref(c, fi);
  zbi_count(-1);
  return res;
}

/* Concrete value of a Z3 value AST (borrowed), or NULL. */
static const clp_value *value_of(const zb_solver *s, Z3_ast v) {
  zb_ctx *z = s->z;
  if (!v) return NULL;
  switch (Z3_get_sort_kind(z->c, Z3_get_sort(z->c, v))) {
  case Z3_BOOL_SORT:
    switch (Z3_get_bool_value(z->c, v)) {
    case Z3_L_TRUE: return clp_v_bool(true);
    case Z3_L_FALSE: return clp_v_bool(false);
    default: return NULL;
    }
  case Z3_INT_SORT: {
    clp_vint k;
    return zbi_int_of(z, v, &k) ? clp_v_int(k) : NULL;
  }
  case Z3_ARRAY_SORT: return array_value(s, v);
  default: return NULL;
  }
}

const clp_value *zb_model_eval(zb_solver *s, const clp_term *t) {
  zb_ctx *z = s->z;
  if (!s->m) return NULL;
  unsigned e0 = z->nerr;
  Z3_ast a = zbi_term(z, t), v = NULL;
  if (a && Z3_model_eval(z->c, s->m, a, true, &v)) zbi_ref(z, v);
  else v = NULL;
  const clp_value *r = v && z->nerr == e0 ? value_of(s, v) : NULL;
  zbi_unref(z, v);
  zbi_unref(z, a);
  return z->nerr == e0 ? r : NULL;
}

/* Value Z3's model completion gives to a sort: 0, false, const array. */
static const clp_value *default_value(const clp_sort *s) {
  switch (s->kind) {
  case CLP_S_BOOL: return clp_v_bool(false);
  case CLP_S_INT: return clp_v_int(0);
  case CLP_S_ARRAY: {
    const clp_value *d = default_value(s->elem);
    return clp_v_array(d, 0, NULL, NULL);
  }
  }
  return NULL;
}

/* IR term of the default value of a sort: false, 0, constant arrays. */
static const clp_term *default_term(const clp_sort *s) {
  switch (s->kind) {
  case CLP_S_BOOL: return clp_false();
  case CLP_S_INT: return clp_num(0);
  case CLP_S_ARRAY: return clp_const_array(s, default_term(s->elem));
  }
  return NULL;
}

/* Evaluates f(defaults) with model completion, which makes Z3 register an
 * interpretation for f when it had none.  Owned result, NULL on error. */
static Z3_ast eval_some_app(zb_ctx *z, Z3_model m, Z3_func_decl d,
                            const clp_fun *f) {
  Z3_ast args[f->arity > 0 ? f->arity : 1];
  int i;
  for (i = 0; i < f->arity; i++)
    if (!(args[i] = zbi_term(z, default_term(f->dom[i])))) break;
  Z3_ast v = NULL;
  if (i == f->arity) {
    Z3_ast app = zbi_ref(z, Z3_mk_app(z->c, d, (unsigned)f->arity, args));
    if (app && Z3_model_eval(z->c, m, app, true, &v)) zbi_ref(z, v);
    else v = NULL;
    zbi_unref(z, app);
  }
  while (i-- > 0) zbi_unref(z, args[i]);
  return v;
}

const clp_funinterp *zb_model_fun(zb_solver *s, const clp_fun *f) {
  zb_ctx *z = s->z;
  Z3_context c = z->c;
  if (!s->m) return NULL;
  unsigned e0 = z->nerr;
  Z3_func_decl d = zbi_fun(z, f);
  if (!d) return NULL;
  clp_funinterp *fi = NEW(clp_funinterp);
  fi->fun = f;
  if (f->arity == 0 || !Z3_model_has_interp(c, s->m, d)) {
    Z3_ast v = eval_some_app(z, s->m, d, f);
    if (f->arity == 0) {
      fi->els = value_of(s, v);
      zbi_unref(z, v);
      return fi->els && z->nerr == e0 ? fi : NULL;
    }
    zbi_unref(z, v);
    if (!Z3_model_has_interp(c, s->m, d)) {
      fi->els = default_value(f->range);
      return fi->els && z->nerr == e0 ? fi : NULL;
    }
  }
  Z3_func_interp zi = Z3_model_get_func_interp(c, s->m, d);
  if (!zi) return NULL;
  Z3_func_interp_inc_ref(c, zi);
  zbi_count(1);
  unsigned ne = Z3_func_interp_get_num_entries(c, zi);
  fi->n = (int)ne;
  fi->args = NEW_N(const clp_value **, ne);
  fi->vals = NEW_N(const clp_value *, ne);
  bool ok = true;
  for (unsigned i = 0; ok && i < ne; i++) {
    Z3_func_entry e = Z3_func_interp_get_entry(c, zi, i);
    Z3_func_entry_inc_ref(c, e);
    zbi_count(1);
    fi->args[i] = NEW_N(const clp_value *, f->arity);
    for (int k = 0; ok && k < f->arity; k++)
      ok = (fi->args[i][k] =
                value_of(s, Z3_func_entry_get_arg(c, e, (unsigned)k)));
    ok = ok && (fi->vals[i] = value_of(s, Z3_func_entry_get_value(c, e)));
    Z3_func_entry_dec_ref(c, e);
    zbi_count(-1);
  }
  Z3_ast els = ok ? Z3_func_interp_get_else(c, zi) : NULL;
  fi->els = els ? value_of(s, els) : NULL;
  Z3_func_interp_dec_ref(c, zi);
  zbi_count(-1);
  return ok && fi->els && z->nerr == e0 ? fi : NULL;
}
