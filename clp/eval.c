/* eval.c -- the concrete evaluator (independent of Z3) and environments.
 * SMT-LIB semantics, exact in 128-bit arithmetic checked for overflow; NULL
 * means "cannot evaluate" (never a wrapped value). */
#include <assert.h>

#include "clp/clpi.h"

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


static const clp_fun *fun01(const char *name) {
  const clp_sort *dom[1] = {clp_sort_int()};
  return clp_fun_get(name, 1, dom, clp_sort_int());
}
const clp_fun *clp_fun_div0(void) { return fun01("div/0"); }

static long div0_misses;
long clp_eval_div0_misses(void) { return div0_misses; }
const char clp_why_div0[] = "a trace is feasible only through a division by "
                            "zero, whose value SMT-LIB leaves unspecified";
const clp_fun *clp_fun_mod0(void) { return fun01("mod/0"); }

/* fi applied to the values a[0..n). */
static const clp_value *apply(const clp_funinterp *fi, int n,
                              const clp_value **a) {
  for (int r = 0; r < fi->n; r++) {
    int i = 0;
    while (i < n && clp_v_equal(fi->args[r][i], a[i])) i++;
    if (i == n) return fi->vals[r];
  }
  return fi->els;
}

static const clp_value *app(const clp_term *t, const clp_env *e) {
  const clp_funinterp *fi = clp_pmap_get(&e->funs, t->fun);
  if (!fi) return NULL;
  const clp_value **a = NEW_N(const clp_value *, t->n);
  for (int i = 0; i < t->n; i++)
    if (!(a[i] = clp_eval(t->kids[i], e))) return NULL;
  return apply(fi, t->n, a);
}

/* Euclidean division (0 <= r < |b|); false on b == 0 or overflow. */
static bool euclid(clp_vint a, clp_vint b, clp_vint *q, clp_vint *r) {
  const clp_vint min = (clp_vint)((unsigned __int128)1 << 127);
  if (b == 0 || (a == min && b == -1)) return false;
  clp_vint qq = a / b, rr = a % b;
  if (rr < 0) {
    if (b > 0) qq -= 1, rr += b;
    else qq += 1, rr -= b;
  }
  *q = qq;
  *r = rr;
  return true;
}

const clp_value *clp_eval(const clp_term *t, const clp_env *e) {
  const clp_value *a, *b, *c;
  clp_vint x, q, r;
  switch (t->op) {
  case CLP_VAR: return clp_env_get(e, t);
  case CLP_NUM: return clp_v_int(t->num);
  case CLP_TRUE: return clp_v_bool(true);
  case CLP_FALSE: return clp_v_bool(false);
  case CLP_ADD:
    x = 0;
    for (int i = 0; i < t->n; i++) {
      if (!(a = clp_eval(t->kids[i], e))) return NULL;
      if (__builtin_add_overflow(x, a->i, &x)) return NULL;
    }
    return clp_v_int(x);
  case CLP_MUL:
    if (!(a = clp_eval(t->kids[0], e)) || !(b = clp_eval(t->kids[1], e)))
      return NULL;
    if (__builtin_mul_overflow(a->i, b->i, &x)) return NULL;
    return clp_v_int(x);
  case CLP_DIV: case CLP_MOD:
    if (!(a = clp_eval(t->kids[0], e)) || !(b = clp_eval(t->kids[1], e)))
      return NULL;
    if (b->i == 0) { /* unspecified: the environment's div/0, mod/0 */
      const clp_funinterp *fi = clp_pmap_get(
          &e->funs, t->op == CLP_DIV ? clp_fun_div0() : clp_fun_mod0());
      if (!fi) { div0_misses++; return NULL; }
      return apply(fi, 1, &a);
    }
    if (!euclid(a->i, b->i, &q, &r)) return NULL;
    return clp_v_int(t->op == CLP_DIV ? q : r);
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
    return clp_v_store(a, b->i, c);
  }
  case CLP_CONST_ARRAY:
    if (!(a = clp_eval(t->kids[0], e))) return NULL;
    return clp_v_array(a, 0, NULL, NULL);
  case CLP_APP: return app(t, e);
  case CLP_EQ:
    if (!(a = clp_eval(t->kids[0], e)) || !(b = clp_eval(t->kids[1], e)))
      return NULL;
    return clp_v_bool(clp_v_equal(a, b));
  case CLP_LE:
    if (!(a = clp_eval(t->kids[0], e)) || !(b = clp_eval(t->kids[1], e)))
      return NULL;
    return clp_v_bool(a->i <= b->i);
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
