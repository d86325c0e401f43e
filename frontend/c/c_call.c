/* c_call.c -- calls in C expressions (c_expr.c): a call of a function with
 * a body as an application of its relations (E_g for its errors, T_g for
 * its effect on the globals and its value), the error markers and the
 * SV-COMP builtins (assume, nondet values, abort, exit). */
#include <stdio.h>
#include <string.h>

#include "frontend/c/c_trans.h"

static ct_val ct_v(const clp_term *t, c_base ty) { return (ct_val){t, ty}; }

static ct_val user_call(ct_fn *fn, ct_blk *b, const c_expr *e, ct_finfo *g) {
  ct_ctx *cx = fn->cx;
  const c_func *f = g->f;
  if (e->n != f->nparams) {
    ct_error(cx, e->pos, "call of '%s' with %d arguments, expected %d",
             e->name, e->n, f->nparams);
    return ct_v(clp_num(0), C_INT);
  }
  int nin = f->nparams + cx->nglob;
  const clp_term **in = NEW_N(const clp_term *, nin);
  for (int i = 0; i < f->nparams; i++) {
    if (f->params[i]->type.ndims) {
      ct_unsup(cx, e->kids[i]->pos, "array parameter");
      return ct_v(clp_num(0), C_INT);
    }
    ct_val v = ct_rvalue(fn, b, e->kids[i]);
    in[i] = ct_conv(v.t, v.ty, f->params[i]->type.base);
  }
  for (int i = 0; i < cx->nglob; i++) in[f->nparams + i] = b->env[i];
  ct_push_exit(fn, b, CT_ERR, clp_f_call(g->E, in, e->pos), NULL, NULL, e->pos);
  bool ret = f->ret.base != C_VOID;
  const clp_term **args = NEW_N(const clp_term *, g->T->arity);
  if (nin) memcpy(args, in, sizeof *in * (size_t)nin);
  int n = nin;
  for (int j = 0; j < g->nmod; j++) {
    int k; /* globals are slots 0..nglob-1 */
    for (k = 0; k < cx->nglob && strcmp(cx->glob[k].name, g->mod[j]); k++) {}
    const clp_term *x = ct_fresh(cx, cx->glob[k].name, cx->glob[k].sort);
    args[n++] = x;
    b->env[k] = x;
    c_srcmap_def(cx->map, x, e->pos, cx->glob[k].cname, 0, NULL, x,
                 c_type_u64(cx->glob[k].type.base));
  }
  const clp_term *rv = NULL;
  if (ret) {
    rv = ct_fresh(cx, ct_fmt("%s$ret", f->name), clp_sort_int());
    args[n++] = rv;
    c_srcmap_def(cx->map, rv, e->pos, ct_fmt("%s()", f->name), 0, NULL, rv,
                 c_type_u64(f->ret.base));
  }
  ct_push(b, clp_f_call(g->T, args, e->pos), e->pos);
  return ct_v(rv ? rv : clp_num(0), c_type_promote(f->ret.base));
}

/* The condition of an error exit at p that always holds: a marker literal
 * "error'k = line" naming the error's source line in counterexamples. */
static const clp_formula *error_marker(ct_ctx *cx, clp_pos p) {
  const clp_term *m = ct_fresh(cx, "error", clp_sort_int());
  return clp_f_lit(clp_eq(m, clp_num(p.line)), false, p);
}

ct_val ct_call(ct_fn *fn, ct_blk *b, const c_expr *e, bool used) {
  ct_ctx *cx = fn->cx;
  const char *n = e->name;
  ct_finfo *g = ct_func(cx, n);
  clp_pos p = e->pos;
  if (ct_is_error_name(n)) {
    ct_push_exit(fn, b, CT_ERR, error_marker(cx, p), NULL, NULL, p);
    ct_push(b, clp_f_false(), p);
    return ct_v(clp_num(0), C_INT);
  }
  if (g) return user_call(fn, b, e, g);
  if (!strcmp(n, "abort") || !strcmp(n, "exit") || !strcmp(n, "_exit") ||
      !strcmp(n, "__builtin_abort") || !strcmp(n, "__builtin_trap")) {
    ct_push(b, clp_f_false(), p);
    return ct_v(clp_num(0), C_INT);
  }
  if (!strcmp(n, "__VERIFIER_assume") || !strcmp(n, "assume") ||
      !strcmp(n, "assume_abort_if_not")) {
    if (e->n != 1) {
      ct_error(cx, p, "'%s' takes one argument", n);
      return ct_v(clp_num(0), C_INT);
    }
    ct_push_lit(b, ct_cond(fn, b, e->kids[0]), p);
    return ct_v(clp_num(0), C_INT);
  }
  if (!strcmp(n, "assert") || !strcmp(n, "__VERIFIER_assert")) {
    if (e->n != 1) {
      ct_error(cx, p, "'%s' takes one argument", n);
      return ct_v(clp_num(0), C_INT);
    }
    const clp_term *c = ct_cond(fn, b, e->kids[0]);
    const clp_formula *fail = clp_f_lit(c, true, p);
    /* a constant false condition leaves no literal of this line */
    if (fail->kind == CLP_F_TRUE) fail = error_marker(cx, p);
    ct_push_exit(fn, b, CT_ERR, fail, NULL, NULL, p);
    ct_push_lit(b, c, p);
    return ct_v(clp_num(0), C_INT);
  }
  if (!strncmp(n, "__VERIFIER_nondet_", 18)) {
    c_base t;
    if (!ct_nondet_suffix(n + 18, &t)) {
      ct_unsup(cx, p, "%s (not an integer type)", n);
      return ct_v(clp_num(0), C_INT);
    }
    return ct_v(ct_nondet(fn, b, t, ct_fmt("%s()", n), p), c_type_promote(t));
  }
  const c_func *proto = ct_proto(cx, n);
  c_base rt = proto ? proto->ret.base : C_INT;
  if (used && proto && proto->ret.ptr) {
    ct_unsup(cx, p, "pointers (the result of '%s')", n);
    return ct_v(clp_num(0), C_INT);
  }
  if (ct_is_nondet_name(n) && e->n == 0 && rt != C_VOID)
    return ct_v(ct_nondet(fn, b, rt, ct_fmt("%s()", n), p), c_type_promote(rt));
  if (used && rt != C_VOID) {
    ct_unsup(cx, p, "call of unknown function '%s'", n);
    return ct_v(clp_num(0), C_INT);
  }
  /* an external function without a body and an unused result: its
     arguments are evaluated, it has no effect on this program's state */
  for (int i = 0; i < e->n; i++) ct_effect(fn, b, e->kids[i]);
  return ct_v(clp_num(0), C_INT);
}
