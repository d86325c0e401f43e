/* cub_type.c -- Cubicle's typing rules on a parsed system, before its
 * translation (cub_type.h).  The translation maps enumerations, abstract
 * types, int and proc all to integers, so without this pass PC[i] = #1
 * (a location against a process) or Flag[i] + 1 would be read as integer
 * constraints where Cubicle rejects the model (its typing.ml: the two
 * sides of a comparison unify; + and - take int; a subscript is a proc).
 * Names this pass cannot type (unknown ones, malformed terms) are left to
 * the translation, which reports them. */
#include <stdarg.h>
#include <string.h>

#include "frontend/cub/cub_type.h"

#define NEST_MAX 64 /* predicate expansion, as the translation */

typedef struct env {
  const cub_sys *s;
  fe_ctx *c;
  int n, cap;               /* bound names (process variables, parameters) */
  const char **name, **ty;
  int depth;
  bool failed;
} env;

static void err(env *E, int off, const char *fmt, ...) {
  if (E->failed) return; /* the first error only: the rest may follow it */
  va_list ap;
  va_start(ap, fmt);
  fe_error(E->c, off, "%s", clp_vfmt(fmt, ap));
  va_end(ap);
  E->failed = true;
}

static void push(env *E, const char *name, const char *ty) {
  if (E->n == E->cap) {
    E->cap = E->cap ? 2 * E->cap : 16;
    E->name = E->name ? GROW(const char *, E->name, E->cap) : NEW_N(const char *, E->cap);
    E->ty = E->ty ? GROW(const char *, E->ty, E->cap) : NEW_N(const char *, E->cap);
  }
  E->name[E->n] = name;
  E->ty[E->n++] = ty;
}

static const cub_decl *decl(const env *E, const char *name) {
  for (int i = 0; i < E->s->ndecls; i++)
    if (!strcmp(E->s->decls[i]->name, name)) return E->s->decls[i];
  return NULL;
}

/* The type of constructor name, or NULL. */
static const char *ctor_type(const env *E, const char *name) {
  if (!strcmp(name, "True") || !strcmp(name, "False")) return "bool";
  for (int i = 0; i < E->s->ntypes; i++) {
    const cub_names *k = E->s->types[i]->ctors;
    for (int j = 0; k && j < k->n; j++)
      if (!strcmp(k->v[j], name)) return E->s->types[i]->name;
  }
  return NULL;
}

static const char *name_type(const env *E, const char *name) {
  for (int i = E->n - 1; i >= 0; i--)
    if (!strcmp(E->name[i], name)) return E->ty[i];
  const cub_decl *d = decl(E, name);
  if (d) return d->ndims ? NULL : d->ty.name;
  return ctor_type(E, name);
}

static const char *term(env *E, const cub_expr *e);

static void want(env *E, const cub_expr *e, const char *ty, const char *what) {
  const char *t = term(E, e);
  if (t && strcmp(t, ty)) err(E, e->off, what, t, ty);
}

/* The Cubicle type of term e: "int", "bool", "proc" or a declared type;
 * NULL when unknown (left to the translation). */
static const char *term(env *E, const cub_expr *e) {
  switch (e->k) {
  case CE_NUM: return "int";
  case CE_PROCNUM: return "proc";
  case CE_NAME: return name_type(E, e->name);
  case CE_SEL: {
    const cub_decl *d = decl(E, e->name);
    for (int i = 0; i < e->n; i++)
      want(E, e->kids[i], "proc", "subscript of type '%s', not '%s'");
    return d && d->ndims ? d->ty.name : NULL;
  }
  case CE_ADD: case CE_SUB: case CE_MUL: case CE_NEG:
    for (int i = 0; i < e->n; i++)
      want(E, e->kids[i], "int", "arithmetic on a value of type '%s', not '%s'");
    return "int";
  default: return NULL;
  }
}

static void form(env *E, const cub_expr *e);

static void call(env *E, const cub_expr *e) {
  const cub_pred *p = NULL;
  for (int i = 0; i < E->s->npreds; i++)
    if (!strcmp(E->s->preds[i]->name, e->name)) p = E->s->preds[i];
  if (!p || p->params->n != e->n || E->depth >= NEST_MAX) return;
  const char **ty = NEW_N(const char *, e->n + 1);
  for (int i = 0; i < e->n; i++) ty[i] = term(E, e->kids[i]);
  /* the body sees its parameters only (a macro of Cubicle's ptree.ml) */
  int n = E->n;
  for (int i = 0; i < e->n; i++) push(E, p->params->v[i], ty[i]);
  E->depth++;
  form(E, p->body);
  E->depth--;
  E->n = n;
}

static void form(env *E, const cub_expr *e) {
  if (!e || E->failed) return;
  switch (e->k) {
  case CE_EQ: case CE_NE: {
    const char *a = term(E, e->kids[0]), *b = term(E, e->kids[1]);
    if (a && b && strcmp(a, b))
      err(E, e->off, "comparison of values of different types ('%s' and '%s')", a, b);
    return;
  }
  case CE_LT: case CE_LE: case CE_GT: case CE_GE: {
    const char *a = term(E, e->kids[0]), *b = term(E, e->kids[1]);
    if (a && b && strcmp(a, b))
      err(E, e->off, "comparison of values of different types ('%s' and '%s')", a, b);
    else if (a && strcmp(a, "int") && strcmp(a, "proc"))
      err(E, e->off, "order comparison of values of type '%s' (int and proc "
          "are ordered)", a);
    return;
  }
  case CE_FORALL_OTHER: case CE_EXISTS_OTHER: case CE_FORALL: case CE_EXISTS: {
    int n = E->n;
    for (int i = 0; i < e->nvars; i++) push(E, e->vars[i], "proc");
    form(E, e->kids[0]);
    E->n = n;
    return;
  }
  case CE_CALL: call(E, e); return;
  case CE_AND: case CE_OR: case CE_IMP: case CE_EQUIV: case CE_NOT: case CE_ITE:
    for (int i = 0; i < e->n; i++) form(E, e->kids[i]);
    return;
  default: return; /* a term where a formula is expected: the translation */
  }
}

/* The value assigned by action a has the type of its left-hand side. */
static void action(env *E, const cub_action *a) {
  const cub_decl *d = decl(E, a->lhs);
  if (!d) return;
  const char *ty = d->ty.name;
  int n = E->n;
  if (a->idx)
    for (int i = 0; i < a->idx->n; i++) {
      const cub_expr *x = a->idx->v[i];
      /* a fresh subscript (A[j] := case ...) is a process variable */
      if (x->k == CE_NAME && !name_type(E, x->name)) push(E, x->name, "proc");
      else want(E, x, "proc", "subscript of type '%s', not '%s'");
    }
  if (a->k == CA_TERM) want(E, a->term, ty, "assigned value of type '%s', not '%s'");
  for (int i = 0; a->k == CA_CASE && i < a->ncases; i++) {
    form(E, a->cases[i].cond);
    want(E, a->cases[i].val, ty, "assigned value of type '%s', not '%s'");
  }
  E->n = n;
}

static void fdecl(env *E, const cub_fdecl *f) {
  int n = E->n;
  for (int i = 0; i < f->vars->n; i++) push(E, f->vars->v[i], "proc");
  form(E, f->f);
  E->n = n;
}

bool cub_typecheck(fe_ctx *c, const cub_sys *s) {
  env E = {s, c, 0, 0, NULL, NULL, 0, false};
  for (int i = 0; i < s->ninits; i++) fdecl(&E, s->inits[i]);
  for (int i = 0; i < s->nunsafe; i++) fdecl(&E, s->unsafe[i]);
  for (int i = 0; i < s->ntrans; i++) {
    const cub_trans *t = s->trans[i];
    for (int j = 0; j < t->params->n; j++) push(&E, t->params->v[j], "proc");
    form(&E, t->req);
    for (int j = 0; j < t->nacts; j++) action(&E, t->acts[j]);
    E.n = 0;
  }
  return !E.failed;
}
