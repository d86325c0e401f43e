/* c_scan.c -- the syntactic pre-analysis of C code for the translation
 * (c_trans.c, c_loop.c): the names a statement assigns, the functions it
 * calls, the labels it defines and jumps to, whether it returns. */
#include <string.h>

#include "frontend/c/c_trans.h"


void ct_names_add(ct_names *ns, const char *s) {
  for (int i = 0; i < ns->n; i++)
    if (!strcmp(ns->s[i], s)) return;
  if (ns->n == ns->cap) {
    ns->cap = ns->cap ? 2 * ns->cap : 8;
    ns->s = ns->s ? GROW(const char *, ns->s, ns->cap) : NEW_N(const char *, ns->cap);
  }
  ns->s[ns->n++] = s;
}

bool ct_names_has(const ct_names *ns, const char *s) {
  for (int i = 0; i < ns->n; i++)
    if (!strcmp(ns->s[i], s)) return true;
  return false;
}


void ct_scan_e(ct_scan *sc, const c_expr *e) {
  if (!e) return;
  if (e->kind == C_E_ASSIGN || e->kind == C_E_INCDEC) {
    const c_expr *l = e->kids[0];
    while (l->kind == C_E_INDEX) l = l->kids[0];
    if (l->kind == C_E_VAR) ct_names_add(&sc->assigned, l->name);
  }
  if (e->kind == C_E_CALL) ct_names_add(&sc->calls, e->name);
  for (int i = 0; i < e->n; i++) ct_scan_e(sc, e->kids[i]);
}

void ct_scan_s(ct_scan *sc, const c_stmt *s) {
  if (!s) return;
  ct_scan_e(sc, s->e);
  ct_scan_e(sc, s->step);
  ct_scan_s(sc, s->init);
  ct_scan_s(sc, s->then_);
  ct_scan_s(sc, s->else_);
  ct_scan_s(sc, s->body);
  for (int i = 0; i < s->n; i++) ct_scan_s(sc, s->kids[i]);
  for (int i = 0; i < s->ndecls; i++) {
    const c_decl *d = s->decls[i];
    ct_names_add(&sc->assigned, d->name);
    ct_scan_e(sc, d->init);
    for (int j = 0; j < d->ninit; j++) ct_scan_e(sc, d->inits[j]);
  }
  if (s->kind == C_S_RETURN) sc->ret = true;
  if (s->kind == C_S_LABEL) ct_names_add(&sc->labels, s->label);
  if (s->kind == C_S_GOTO) ct_names_add(&sc->gotos, s->label);
}
