/* eval.c -- the concrete evaluator (independent of Z3) and environments.
 * SMT-LIB semantics; Int values are int64, arithmetic inside a term is
 * done in 128 bits checked for overflow; NULL means "cannot evaluate". */
#include <assert.h>

#include "clpi.h"

struct clp_env {
  clp_pmap vars;           /* variable -> value */
  clp_pmap funs;           /* clp_fun -> clp_funinterp */
};

clp_env *clp_env_new(void) { return NEW(clp_env); }

void clp_env_set(clp_env *e, const clp_term *var, const clp_value *v) {
  assert(var->op == CLP_VAR);
  clp_pmap_put(&e->vars, var, v);
}

const clp_value *clp_env_get(const clp_env *e, const clp_term *var) {
  return clp_pmap_get(&e->vars, var);
}

void clp_env_set_fun(clp_env *e, const clp_funinterp *fi) {
  clp_pmap_put(&e->funs, fi->fun, fi);
}


static const clp_value *app(const clp_term *t, const clp_env *e) {
  const clp_funinterp *fi = clp_pmap_get(&e->funs, t->fun);
  if (!fi) return NULL;
  const clp_value **a = NEW_N(const clp_value *, t->n);
  for (int i = 0; i < t->n; i++)
    if (!(a[i] = clp_eval(t->kids[i], e))) return NULL;
  for (int r = 0; r < fi->n; r++) {
    int i = 0;
    while (i < t->n && clp_v_equal(fi->args[r][i], a[i])) i++;
    if (i == t->n) return fi->vals[r];
  }
  return fi->els;
}

/* An Int term in 128 bits, so that a sum or product whose intermediate
 * values leave int64 is still exact (y - x for x = INT64_MIN in a
 * normalised y = x; the wrap tests of C's 64-bit unsigned arithmetic);
 * false when even 128 bits overflow or a part cannot be evaluated. */
static bool eval128(const clp_term *t, const clp_env *e, __int128 *out) {
  __int128 x, y;
  const clp_value *v;
  switch (t->op) {
  case CLP_NUM: *out = t->num; return true;
  case CLP_ADD:
    *out = 0;
    for (int i = 0; i < t->n; i++)
      if (!eval128(t->kids[i], e, &x) || __builtin_add_overflow(*out, x, out))
        return false;
    return true;
  case CLP_MUL:
    return eval128(t->kids[0], e, &x) && eval128(t->kids[1], e, &y) &&
           !__builtin_mul_overflow(x, y, out);
  case CLP_DIV: case CLP_MOD: {
    if (!eval128(t->kids[0], e, &x) || !eval128(t->kids[1], e, &y) || y == 0)
      return false;
    __int128 q = x / y, r = x % y; /* Euclidean: 0 <= r < |y| */
    if (r < 0) {
      if (y > 0) q -= 1, r += y;
      else q += 1, r -= y;
    }
    *out = t->op == CLP_DIV ? q : r;
    return true;
  }
  case CLP_ITE:
    if (!(v = clp_eval(t->kids[0], e))) return false;
    return eval128(t->kids[v->b ? 1 : 2], e, out);
  default:
    if (!(v = clp_eval(t, e)) || v->kind != CLP_V_INT) return false;
    *out = v->i;
    return true;
  }
}

static const clp_value *int128_value(const clp_term *t, const clp_env *e) {
  __int128 x;
  if (!eval128(t, e, &x) || x < INT64_MIN || x > INT64_MAX) return NULL;
  return clp_v_int((int64_t)x);
}

const clp_value *clp_eval(const clp_term *t, const clp_env *e) {
  const clp_value *a, *b, *c;
  __int128 x128, y128;
  switch (t->op) {
  case CLP_VAR: return clp_env_get(e, t);
  case CLP_NUM: return clp_v_int(t->num);
  case CLP_TRUE: return clp_v_bool(true);
  case CLP_FALSE: return clp_v_bool(false);
  case CLP_ADD: case CLP_MUL: case CLP_DIV: case CLP_MOD:
    return int128_value(t, e);
  case CLP_ITE:
    if (!(c = clp_eval(t->kids[0], e))) return NULL;
    return clp_eval(t->kids[c->b ? 1 : 2], e);
  case CLP_SELECT:
    if (!(a = clp_eval(t->kids[0], e)) || !(b = clp_eval(t->kids[1], e)))
      return NULL;
    return clp_v_at(a, b->i);
  case CLP_STORE: {
    if (!(a = clp_eval(t->kids[0], e)) || !(b = clp_eval(t->kids[1], e)) ||
        !(c = clp_eval(t->kids[2], e)))
      return NULL;
    int n = a->n + 1;
    int64_t *ks = NEW_ATOMIC_N(int64_t, n);
    const clp_value **vs = NEW_N(const clp_value *, n);
    for (int i = 0; i < a->n; i++) ks[i] = a->keys[i], vs[i] = a->vals[i];
    ks[a->n] = b->i; /* the last entry wins in clp_v_array */
    vs[a->n] = c;
    return clp_v_array(a->dflt, n, ks, vs);
  }
  case CLP_CONST_ARRAY:
    if (!(a = clp_eval(t->kids[0], e))) return NULL;
    return clp_v_array(a, 0, NULL, NULL);
  case CLP_APP: return app(t, e);
  case CLP_EQ:
    if (t->kids[0]->sort->kind == CLP_S_INT) {
      if (!eval128(t->kids[0], e, &x128) || !eval128(t->kids[1], e, &y128))
        return NULL;
      return clp_v_bool(x128 == y128);
    }
    if (!(a = clp_eval(t->kids[0], e)) || !(b = clp_eval(t->kids[1], e)))
      return NULL;
    return clp_v_bool(clp_v_equal(a, b));
  case CLP_LE:
    if (!eval128(t->kids[0], e, &x128) || !eval128(t->kids[1], e, &y128))
      return NULL;
    return clp_v_bool(x128 <= y128);
  case CLP_NOT:
    if (!(a = clp_eval(t->kids[0], e))) return NULL;
    return clp_v_bool(!a->b);
  case CLP_AND: case CLP_OR: {
    /* Kleene: a dominating value decides even if another kid is unknown */
    bool dom = t->op == CLP_OR, unknown = false;
    for (int i = 0; i < t->n; i++) {
      if (!(a = clp_eval(t->kids[i], e))) unknown = true;
      else if (a->b == dom) return clp_v_bool(dom);
    }
    return unknown ? NULL : clp_v_bool(!dom);
  }
  }
  return NULL;
}
