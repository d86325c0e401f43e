/* cub_ast.c -- the .cub AST builders, one per grammar action of
 * cub_gram.y (cub_ast.h). */
#include <stdlib.h>
#include <string.h>

#include "frontend/cub/cub_ast.h"

/* Appends x to the GC array *v of *n elements (capacity *cap). */
#define PUSH(T, v, n, cap, x)                                        \
  do {                                                               \
    if ((n) == (cap)) {                                              \
      (cap) = (cap) ? 2 * (cap) : 4;                                 \
      (v) = (v) ? GROW(T, (v), (cap)) : NEW_N(T, (cap));             \
    }                                                                \
    (v)[(n)++] = (x);                                                \
  } while (0)

const char *cub_text(const fe_ctx *c, fe_tok t) {
  char *s = NEW_ATOMIC_N(char, t.len + 1);
  memcpy(s, c->src + t.off, (size_t)t.len);
  s[t.len] = 0;
  return s;
}

static cub_expr *expr(cub_ek k, int off) {
  cub_expr *e = NEW(cub_expr);
  e->k = k;
  e->off = off;
  return e;
}

cub_expr *cub_mk_num(cub_px *p, fe_tok t) {
  cub_expr *e = expr(CE_NUM, t.off);
  e->num = strtoll(cub_text(p->ctx, t), NULL, 10); /* <= 18 digits (lexer) */
  return e;
}

cub_expr *cub_mk_name(cub_px *p, fe_tok t) {
  cub_expr *e = expr(CE_NAME, t.off);
  e->name = cub_text(p->ctx, t);
  return e;
}

cub_expr *cub_mk_procnum(cub_px *p, fe_tok t) {
  cub_expr *e = expr(CE_PROCNUM, t.off);
  e->num = strtoll(cub_text(p->ctx, t) + 1, NULL, 10); /* <= 9 digits */
  if (e->num > p->sys->maxprocnum) p->sys->maxprocnum = (int)e->num;
  return e;
}

cub_expr *cub_mk_sel(cub_px *p, fe_tok name, cub_exprs *idx) {
  cub_expr *e = expr(CE_SEL, name.off);
  e->name = cub_text(p->ctx, name);
  e->n = idx->n;
  e->kids = idx->v;
  return e;
}

cub_expr *cub_mk_call(cub_px *p, fe_tok name, cub_exprs *args) {
  cub_expr *e = expr(CE_CALL, name.off);
  e->name = cub_text(p->ctx, name);
  if (args) {
    e->n = args->n;
    e->kids = args->v;
  }
  return e;
}

cub_expr *cub_mk_op(cub_px *p, cub_ek k, fe_tok t, cub_expr *a, cub_expr *b,
                    cub_expr *c) {
  (void)p;
  cub_expr *e = expr(k, t.off);
  e->n = c ? 3 : b ? 2 : 1;
  e->kids = NEW_N(cub_expr *, e->n);
  e->kids[0] = a;
  if (b) e->kids[1] = b;
  if (c) e->kids[2] = c;
  return e;
}

cub_expr *cub_mk_quant(cub_px *p, cub_ek k, fe_tok t, cub_names *vars,
                       cub_expr *body) {
  (void)p;
  cub_expr *e = expr(k, t.off);
  e->n = 1;
  e->kids = NEW_N(cub_expr *, 1);
  e->kids[0] = body;
  e->nvars = vars->n;
  e->vars = vars->v;
  return e;
}

cub_expr *cub_mk_dquant(cub_px *p, cub_ek k, fe_tok t, cub_names *vars,
                        cub_expr *body) {
  cub_expr *d = NULL;
  for (int i = 0; i < vars->n; i++)
    for (int j = i + 1; j < vars->n; j++) {
      cub_expr *x = expr(CE_NAME, vars->off[i]), *y = expr(CE_NAME, vars->off[j]);
      x->name = vars->v[i], y->name = vars->v[j];
      fe_tok at = t;
      at.off = vars->off[j];
      cub_expr *ne = cub_mk_op(p, CE_NE, at, x, y, NULL);
      d = d ? cub_mk_op(p, CE_AND, t, d, ne, NULL) : ne;
    }
  body = cub_mk_op(p, k == CE_FORALL ? CE_IMP : CE_AND, t, d, body, NULL);
  return cub_mk_quant(p, k, t, vars, body);
}

cub_names *cub_mk_names(cub_px *p, cub_names *l, fe_tok t) {
  if (!l) l = NEW(cub_names);
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 4;
    l->v = l->v ? GROW(const char *, l->v, l->cap) : NEW_N(const char *, l->cap);
    l->off = l->off ? GROW(int, l->off, l->cap) : NEW_N(int, l->cap);
  }
  l->v[l->n] = cub_text(p->ctx, t);
  l->off[l->n++] = t.off;
  return l;
}

cub_exprs *cub_mk_exprs(cub_exprs *l, cub_expr *e) {
  if (!l) l = NEW(cub_exprs);
  PUSH(cub_expr *, l->v, l->n, l->cap, e);
  return l;
}

cub_ty cub_mk_ty(cub_px *p, fe_tok t) {
  cub_ty ty = {t.off, cub_text(p->ctx, t)};
  return ty;
}

cub_tys *cub_mk_tys(cub_px *p, cub_tys *l, cub_ty t) {
  if (!l) l = NEW(cub_tys);
  if (l->n == 2) {
    fe_unsup(p->ctx, t.off, "arrays of more than two dimensions");
    return l;
  }
  l->v[l->n++] = t;
  return l;
}

void cub_mk_type(cub_px *p, fe_tok name, cub_names *ctors) {
  cub_typedecl *d = NEW(cub_typedecl);
  d->off = name.off;
  d->name = cub_text(p->ctx, name);
  d->ctors = ctors;
  cub_sys *s = p->sys;
  PUSH(cub_typedecl *, s->types, s->ntypes, s->captypes, d);
}

void cub_mk_decl(cub_px *p, cub_dk k, fe_tok name, cub_tys *dims, cub_ty ty) {
  cub_decl *d = NEW(cub_decl);
  d->k = k;
  d->off = name.off;
  d->name = cub_text(p->ctx, name);
  if (dims) {
    d->ndims = dims->n;
    for (int i = 0; i < dims->n; i++) d->dims[i] = dims->v[i];
  }
  d->ty = ty;
  cub_sys *s = p->sys;
  PUSH(cub_decl *, s->decls, s->ndecls, s->capdecls, d);
}

void cub_mk_fdecl(cub_px *p, int kind, fe_tok t, cub_names *vars, cub_expr *f) {
  cub_fdecl *d = NEW(cub_fdecl);
  d->off = t.off;
  d->vars = vars ? vars : NEW(cub_names);
  d->f = f;
  cub_sys *s = p->sys;
  if (kind == 0) PUSH(cub_fdecl *, s->inits, s->ninits, s->capinits, d);
  else if (kind == 1) PUSH(cub_fdecl *, s->unsafe, s->nunsafe, s->capunsafe, d);
  /* invariants (kind 2) are hints for Cubicle's search: not used */
}

void cub_mk_pred(cub_px *p, fe_tok name, cub_names *params, cub_expr *body) {
  cub_pred *d = NEW(cub_pred);
  d->off = name.off;
  d->name = cub_text(p->ctx, name);
  d->params = params ? params : NEW(cub_names);
  d->body = body;
  cub_sys *s = p->sys;
  PUSH(cub_pred *, s->preds, s->npreds, s->cappreds, d);
}

cub_action *cub_mk_action(cub_px *p, fe_tok lhs, cub_exprs *idx) {
  cub_action *a = NEW(cub_action);
  a->off = lhs.off;
  a->lhs = cub_text(p->ctx, lhs);
  a->idx = idx;
  return a;
}

cub_action *cub_act_term(cub_action *a, cub_expr *t) {
  a->k = CA_TERM;
  a->term = t;
  return a;
}

cub_action *cub_act_nondet(cub_action *a) {
  a->k = CA_NONDET;
  return a;
}

cub_action *cub_act_case(cub_action *a, cub_expr *cond, cub_expr *val) {
  if (!a) a = NEW(cub_action);
  a->k = CA_CASE;
  cub_case c = {cond, val};
  PUSH(cub_case, a->cases, a->ncases, a->capcases, c);
  return a;
}

cub_action *cub_act_cases(cub_action *lhs, cub_action *cases) {
  lhs->k = CA_CASE;
  lhs->ncases = cases->ncases;
  lhs->capcases = cases->capcases;
  lhs->cases = cases->cases;
  return lhs;
}

cub_trans *cub_mk_acts(cub_trans *l, cub_action *a) {
  if (!l) l = NEW(cub_trans);
  if (a) PUSH(cub_action *, l->acts, l->nacts, l->capacts, a);
  return l;
}

void cub_mk_trans(cub_px *p, fe_tok name, cub_names *params, cub_expr *req,
                  cub_trans *acts) {
  cub_trans *t = acts ? acts : NEW(cub_trans);
  t->off = name.off;
  t->name = cub_text(p->ctx, name);
  t->params = params ? params : NEW(cub_names);
  t->req = req;
  cub_sys *s = p->sys;
  PUSH(cub_trans *, s->trans, s->ntrans, s->captrans, t);
}
