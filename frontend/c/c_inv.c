/* c_inv.c -- the certified invariants of a translated C unit read back
 * over the program's names: each relation's formals mapped to the C
 * variables they hold (recorded by c_trans.c: ct_note_rel), each relation
 * named by the source construct it stands for ("loop at line 9 in main"),
 * the formulas simplified equivalently (c_invmin.c) and printed as C
 * expressions (c_invfmt.c).  `--invariant` prints the nontrivial ones;
 * the loop-head invariants of the forward loop relations are what a
 * correctness witness states (c_witness.c).  Format: docs/c.md,
 * "Invariants". */
#include <stdio.h>
#include <string.h>

#include "frontend/c/c_inv.h"

/* ------------------------------------------------------------- relations */

static const ct_relinfo *info_of(const c_srcmap *m, const clp_rel *r) {
  for (int i = 0; i < c_srcmap_nrels(m); i++)
    if (c_srcmap_rel(m, i)->rel == r) return c_srcmap_rel(m, i);
  return NULL;
}

/* The display names of r's formals for --invariant (every formal named,
 * unnamed ones marked) or, exact, the C names valid at a loop head.  In a
 * loop summary the state at the loop head is \old(x), after the loop x
 * (ACSL's statement contracts); in a function's, at its entry. */
static const char **names_of(const ct_relinfo *ri, const clp_rel *r, bool exact) {
  const char **nm = NEW_N(const char *, r->arity + 1);
  for (int i = 0; i < r->arity; i++) {
    const char *c = ri ? ri->cname[i] : NULL;
    int k = ri ? ri->fkind[i] : -1;
    if (exact) {
      nm[i] = k == CT_F_STATE && c && !ri->shadowed[i] ? c : NULL;
      continue;
    }
    bool old = k == CT_F_ENTRY || (k == CT_F_STATE && ri->kind == CT_R_LOOP_SUM);
    if (k == CT_F_RET) nm[i] = "\\result";
    else if (k == CT_F_MODE) nm[i] = "\\mode";
    else if (!c) nm[i] = r->formals[i]->name;
    else if (ri->shadowed[i]) {   /* \shadowed(x, n): hidden by n inner x */
      int n = 0;
      for (int j = i + 1; j < r->arity; j++)
        n += ri->cname[j] && ri->fkind[j] == k && !strcmp(ri->cname[j], c);
      const char *h = n > 1 ? ct_fmt("\\shadowed(%s, %d)", c, n) : ct_fmt("\\shadowed(%s)", c);
      nm[i] = old ? ct_fmt("\\old(%s)", h) : h;
    }
    else if (old) nm[i] = ct_fmt("\\old(%s)", c);
    else nm[i] = c;
  }
  return nm;
}

/* What relation r (ri: its meaning, NULL if none) stands for, before the
 * ": "; NULL for the goal. */
static const char *what(const clp_rs *rs, const clp_rel *r, const ct_relinfo *ri) {
  if (!ri) return r == rs->goal ? NULL : r->name;
  int l = ri->pos.line;
  const char *f = ri->func;
  switch (ri->kind) {
  case CT_R_ERR:
    return ct_fmt("an error is reachable from a call of %s (line %d) only if", f, l);
  case CT_R_RET: return ct_fmt("function %s (line %d) returns", f, l);
  case CT_R_LOOP: return ct_fmt("loop at line %d in %s", l, f);
  case CT_R_LOOP_ERR:
    return ct_fmt("an error is reachable from the loop at line %d in %s only if", l, f);
  default: return ct_fmt("loop at line %d in %s ends", l, f);
  }
}

/* The invariant inv of rs->rels[i] as a C expression, simplified; ix:
 * the index variables (NULL: the free variables that are no formal). */
static const char *render(const clp_rs *rs, int i, const clp_formula *inv,
                          const clp_term *const *ix, int nix, bool *trivial) {
  const c_srcmap *m = c_srcmap_of(rs);
  const clp_rel *r = rs->rels[i];
  const ct_relinfo *ri = m ? info_of(m, r) : NULL;
  ci_printer p = {r->arity, r->formals, names_of(ri, r, false), ri ? ri->base : NULL,
                  false, false, 0, NULL, NULL};
  ci_item *it = NULL;
  int n = inv ? ci_simplify(&p, inv, ix, nix, &it) : 0;
  const char *e = ci_items(&p, n, it);
  bool err = r == rs->goal || (ri && (ri->kind == CT_R_ERR || ri->kind == CT_R_LOOP_ERR));
  *trivial = !strcmp(e, err ? "0" : "1");
  const char *w = what(rs, r, ri);
  if (!w) return ct_fmt("an error is reachable: %s", *trivial ? "never" : e);
  if (*trivial) e = err ? "never" : "(no constraint)";
  if (!ri && r->arity) {   /* no C meaning: the relation's own formals */
    const char *h = "";
    for (int j = 0; j < r->arity; j++) h = ct_fmt("%s%s%s", h, j ? ", " : "", p.name[j]);
    w = ct_fmt("%s(%s)", w, h);
  }
  const char *s = ct_fmt("%s: %s", w, e);
  for (int j = 0; j < r->arity; j++)
    if (!ri || (!ri->cname[j] && ri->fkind[j] != CT_F_RET && ri->fkind[j] != CT_F_MODE))
      if (strstr(e, p.name[j])) s = ct_fmt("%s  /* %s: no C variable */", s, p.name[j]);
  return s;
}

const char *c_inv_line(const clp_rs *rs, int i, const clp_formula *inv) {
  bool trivial;
  return render(rs, i, inv, NULL, 0, &trivial);
}

void c_inv_print(void *FILE_out, const clp_rs *rs, const clp_formula **inv,
                 const clp_term *const *const *ix, const int *nix) {
  for (int i = 0; i < rs->nrels; i++) {
    bool trivial;
    const char *s = render(rs, i, inv ? inv[i] : NULL, ix ? ix[i] : NULL,
                           ix ? nix[i] : 0, &trivial);
    if (!trivial) fprintf((FILE *)FILE_out, "%s\n", s);
  }
}

/* main's in-state is the initial globals when main is only entered from
 * the goal (ERROR :- E_main(initial values)): the invariant of a loop of
 * main, valid for every in-state, is stated for that one.  Returns the
 * substitution of I's in-state formals by the goal's ground arguments, or
 * NULL. */
static clp_subst *main_entry(const clp_rs *rs, const ct_relinfo *ri) {
  if (strcmp(ri->func, "main") || !rs->goal) return NULL;
  const clp_rel *E = clp_rs_find(rs, "E_main"), *T = clp_rs_find(rs, "T_main");
  const clp_formula *g = rs->goal->body;
  if (!E || !g || g->kind != CLP_F_CALL || g->rel != E) return NULL;
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (r != rs->goal && r->body && (clp_f_calls_rel(r->body, E) ||
                                   (T && clp_f_calls_rel(r->body, T))))
      return NULL;
  }
  clp_subst *s = clp_subst_new();
  const clp_rel *I = ri->rel;
  for (int j = 0; j < I->arity && j < g->n && ri->fkind[j] == CT_F_ENTRY; j++) {
    const clp_term **vs = NULL;
    int cap = 0;
    if (clp_term_vars(g->args[j], &vs, 0, &cap) == 0 &&
        g->args[j]->sort == I->formals[j]->sort)
      clp_subst_add(s, I->formals[j], g->args[j]);
  }
  return s;
}

int c_loop_invariants(const clp_rs *rs, const clp_formula **inv,
                         c_loopinv **out) {
  *out = NULL;
  const c_srcmap *m = rs ? c_srcmap_of(rs) : NULL;
  if (!m || !inv) return 0;
  int n = 0;
  c_loopinv *v = NEW_N(c_loopinv, c_srcmap_nrels(m) + 1);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    const ct_relinfo *ri = info_of(m, r);
    if (!ri || ri->kind != CT_R_LOOP || !inv[i]) continue;
    ci_printer p = {r->arity, r->formals, names_of(ri, r, true), ri->base, true, false,
                    0, NULL, NULL};
    clp_subst *s0 = main_entry(rs, ri);
    ci_item *it;
    int k = ci_simplify(&p, ci_weaken(&p, s0 ? clp_f_subst(s0, inv[i]) : inv[i]), NULL, 0,
                        &it);
    v[n].pos = ri->pos;
    v[n].func = ri->func;
    v[n].expr = ci_items(&p, k, it);
    n++;
  }
  *out = v;
  return n;
}
