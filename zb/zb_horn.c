/* zb_horn.c -- Horn solving with Z3's Spacer (prefix zb_): a rule set as
 * constrained Horn clauses, and its interpretations read back as IR. */
#include "zb/zbi.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Uninterpreted functions.  Spacer reads an uninterpreted symbol of a Horn
 * system existentially (a predicate without clauses is even empty), while a
 * rule set holds for EVERY interpretation of its clp_funs.  So each
 * application is abstracted by a fresh variable of its sort, named after the
 * term ("zb!uf!<id>": one per rule, quantified with the rule).  That is an
 * over-approximation: "not derivable" and the interpretations stay valid for
 * every interpretation of the functions; "derivable" is only a maybe. */
static const clp_term *abstract_apps(const clp_term *t, bool *changed) {
  if (t->op == CLP_APP) {
    char name[32];
    snprintf(name, sizeof name, "zb!uf!%u", t->id);
    *changed = true;
    return clp_var(name, t->sort);
  }
  if (t->n == 0) return t;
  const clp_term **k = NEW_N(const clp_term *, t->n);
  bool ch = false;
  for (int i = 0; i < t->n; i++) {
    k[i] = abstract_apps(t->kids[i], &ch);
  }
  if (!ch) return t;
  *changed = true;
  return clp_mk(t->op, t->sort, t->n, k, t->fun);
}

static const clp_formula *abstract_body(const clp_formula *f, bool *changed) {
  switch (f->kind) {
  case CLP_F_LIT: {
    bool ch = false;
    const clp_term *a = abstract_apps(f->atom, &ch);
    if (!ch) return f;
    *changed = true;
    return clp_f_lit(a, f->neg, f->pos);
  }
  case CLP_F_CALL: {
    bool ch = false;
    const clp_term **k = NEW_N(const clp_term *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = abstract_apps(f->args[i], &ch);
    if (!ch) return f;
    *changed = true;
    return clp_f_call(f->rel, k, f->pos);
  }
  case CLP_F_AND: case CLP_F_OR: {
    bool ch = false;
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = abstract_body(f->kids[i], &ch);
    if (!ch) return f;
    *changed = true;
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  default: return f;
  }
}

/* Owned clause  forall formals+vars(body). body => r(formals). */
static Z3_ast horn_clause(zb_ctx *z, const clp_rel *r, const clp_formula *rb,
                          const Z3_func_decl *rels) {
  Z3_context c = z->c;
  int cap = 0, n = 0;
  const clp_term **vs = NULL;
  for (int i = 0; i < r->arity; i++) n = clp_term_vars(r->formals[i], &vs, n, &cap);
  n = zbi_formula_vars(rb, &vs, n, &cap);
  Z3_ast *args = malloc(sizeof *args * (size_t)(r->arity > 0 ? r->arity : 1));
  if (!args) abort();
  int i;
  for (i = 0; i < r->arity; i++)
    if (!(args[i] = zbi_term(z, r->formals[i]))) break;
  Z3_ast head = NULL, body = NULL, imp = NULL, cl = NULL;
  if (i == r->arity)
    head = zbi_ref(z, Z3_mk_app(c, rels[r->id], (unsigned)r->arity, args));
  while (i-- > 0) zbi_unref(z, args[i]);
  free(args);
  if (head) body = zbi_formula(z, rb, rels);
  if (body) imp = zbi_ref(z, Z3_mk_implies(c, body, head));
  cl = zbi_quantify(z, true, n, vs, imp);
  zbi_unref(z, imp);
  zbi_unref(z, body);
  zbi_unref(z, head);
  return cl;
}

static void set_bool(zb_ctx *z, Z3_params p, const char *name, bool v) {
  Z3_params_set_bool(z->c, p, Z3_mk_string_symbol(z->c, name), v);
}

/* Spacer on the relations as given: no transformation may remove one. */
static void horn_params(zb_ctx *z, Z3_solver s) {
  Z3_context c = z->c;
  Z3_params p = Z3_mk_params(c);
  Z3_params_inc_ref(c, p);
  zbi_count(1);
  Z3_params_set_symbol(c, p, Z3_mk_string_symbol(c, "engine"),
                       Z3_mk_string_symbol(c, "spacer"));
  static const char *off[] = {
      "xform.slice", "xform.inline_linear", "xform.inline_eager",
      "xform.coi", "xform.tail_simplifier_pve", "xform.compress_unbound",
      "datalog.subsumption"};
  /* Inlining mode keeps Spacer's own transformations: much faster on long
   * traces; eliminated relations get their exact definitions as models. */
  size_t from = z->horn_inline ? 7 : 0;
  for (size_t i = from; i < sizeof off / sizeof *off; i++) set_bool(z, p, off[i], false);
  Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"), zbi_timeout_ms(0));
  if (z->horn_rlimit)
    Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "rlimit"), z->horn_rlimit);
  Z3_solver_set_params(c, s, p);
  Z3_params_dec_ref(c, p);
  zbi_count(-1);
}

/* interp of r: evaluates r(c_1..c_n) over fresh constants in the model and
 * converts the result back with c_i := formals[i].  A relation the model
 * leaves uninterpreted stays an application: not convertible, NULL. */
static const clp_formula *horn_interp(zb_ctx *z, Z3_model m, const clp_rel *r,
                                      Z3_func_decl d) {
  Z3_context c = z->c;
  unsigned e0 = z->nerr;
  zbi_back b;
  zbi_back_init(&b, z, r->arity);
  Z3_ast *cs = malloc(sizeof *cs * (size_t)(r->arity > 0 ? r->arity : 1));
  if (!cs) abort();
  bool ok = true;
  for (int i = 0; ok && i < r->arity; i++) {
    Z3_sort s = zbi_sort(z, r->formals[i]->sort);
    cs[i] = s ? zbi_ref(z, Z3_mk_fresh_const(c, "c", s)) : NULL;
    if (!(ok = cs[i] != NULL)) break;
    zbi_back_var(&b, cs[i], r->formals[i]);
  }
  const clp_formula *res = NULL;
  if (ok) {
    Z3_ast app = zbi_ref(z, Z3_mk_app(c, d, (unsigned)r->arity, cs)), v = NULL;
    /* no model completion: it would give the c_i values */
    if (app && Z3_model_eval(c, m, app, false, &v)) zbi_ref(z, v);
    else v = NULL;
    if (v && z->nerr == e0) res = zbi_back_formula(&b, v);
    zbi_unref(z, v);
    zbi_unref(z, app);
  }
  free(cs);
  zbi_back_free(&b); /* releases the c_i */
  return z->nerr == e0 ? res : NULL;
}

void zb_horn_set_inline(zb_ctx *z, bool on) { z->horn_inline = on; }

void zb_horn_set_rlimit(zb_ctx *z, unsigned units) { z->horn_rlimit = units; }

zb_result zb_horn(zb_ctx *z, const clp_rs *rs, const clp_formula ***interp) {
  Z3_context c = z->c;
  if (!c || clp_expired()) return ZB_UNKNOWN;
  unsigned e0 = z->nerr;
  int nr = rs->nrels;
  Z3_func_decl *rels = calloc((size_t)(nr > 0 ? nr : 1), sizeof *rels);
  if (!rels) abort();
  bool ok = true;
  for (int i = 0; ok && i < nr; i++) {
    const clp_rel *r = rs->rels[i];
    Z3_sort dom[r->arity > 0 ? r->arity : 1];
    for (int k = 0; ok && k < r->arity; k++)
      ok = (dom[k] = zbi_sort(z, r->formals[k]->sort)) != NULL;
    if (ok) rels[i] = Z3_mk_fresh_func_decl(c, r->name, (unsigned)r->arity,
                                            dom, Z3_mk_bool_sort(c));
    if ((ok = ok && rels[i])) zbi_ref(z, Z3_func_decl_to_ast(c, rels[i]));
  }
  Z3_solver s = ok ? Z3_mk_solver_for_logic(c, Z3_mk_string_symbol(c, "HORN"))
                   : NULL;
  if (s) { Z3_solver_inc_ref(c, s); zbi_count(1); horn_params(z, s); }
  ok = ok && s && z->nerr == e0;
  bool uf = false; /* some application was abstracted */
  for (int i = 0; ok && i < nr; i++) {
    const clp_formula *body = abstract_body(rs->rels[i]->body, &uf);
    Z3_ast cl = horn_clause(z, rs->rels[i], body, rels);
    if (cl) Z3_solver_assert(c, s, cl);
    ok = cl && z->nerr == e0;
    zbi_unref(z, cl);
  }
  if (ok) { /* the query: goal() => false */
    Z3_ast g = zbi_ref(z, Z3_mk_app(c, rels[rs->goal->id], 0, NULL));
    Z3_ast ng = g ? zbi_ref(z, Z3_mk_not(c, g)) : NULL;
    if (ng) Z3_solver_assert(c, s, ng);
    zbi_unref(z, ng);
    zbi_unref(z, g);
    ok = ng && z->nerr == e0;
  }
  zb_result res = ZB_UNKNOWN;
  if (ok) {
    zbi_count_call();
    Z3_lbool r = Z3_solver_check(c, s);
    if (z->nerr != e0) r = Z3_L_UNDEF;
    else if (r == Z3_L_UNDEF) zbi_note_undef(c, s);
    if (r == Z3_L_FALSE && !uf) res = ZB_SAT; /* clauses unsat: derivable */
    if (r == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(c, s);
      if (m && z->nerr == e0) {
        Z3_model_inc_ref(c, m);
        zbi_count(1);
        res = ZB_UNSAT;
        if (interp) {
          *interp = NEW_N(const clp_formula *, nr);
          for (int i = 0; i < nr; i++)
            if (!((*interp)[i] = horn_interp(z, m, rs->rels[i], rels[i])) &&
                rs->rels[i]->body->kind == CLP_F_FALSE)
              (*interp)[i] = clp_f_false(); /* empty: false always holds */
        }
        Z3_model_dec_ref(c, m);
        zbi_count(-1);
      }
    }
  }
  if (s) { Z3_solver_dec_ref(c, s); zbi_count(-1); }
  for (int i = 0; i < nr; i++)
    if (rels[i]) zbi_unref(z, Z3_func_decl_to_ast(c, rels[i]));
  free(rels);
  return res;
}
