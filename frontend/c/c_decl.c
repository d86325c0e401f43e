/* c_decl.c -- the AST builders for declarations, called by the grammar
 * actions of c_gram.y: declaration specifiers and declarators to types,
 * initialisers (flattened row-major), variables, typedefs, prototypes and
 * function definitions.  Pointer declarators, float variables, array
 * parameters and strings that are not call arguments are reported here as
 * "unsupported: ...". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/c/c_gram.h"
#include "frontend/c/c_parse.h"

/* ------------------------------------------------------------ specifiers */
c_specs c_specs_add(c_ctx *c, c_specs s, int code, c_tok t) {
  if (!s.pos.file && !s.pos.line) s.pos = t.pos;
  switch (code) {
  case CT_INT: s.nint++; break;
  case CT_UNSIGNED: s.nunsigned++; break;
  case CT_SIGNED: s.nsigned++; break;
  case CT_CHAR: s.nchar++; break;
  case CT_SHORT: s.nshort++; break;
  case CT_LONG: s.nlong++; break;
  case CT_BOOL: s.nbool++; break;
  case CT_VOID: s.nvoid++; break;
  case CT_FLOAT: s.nfloat++; break;
  case CT_STATIC: s.is_static = true; break;
  case CT_EXTERN: s.is_extern = true; break;
  case CT_TYPEDEF: s.is_typedef = true; break;
  case CT_TYPENAME:
    if (s.tdef) c_error(c, t.pos, "two type names in one declaration");
    s.tdef = c_tdef_find(c, c->src + t.off, t.len);
    break;
  }
  return s;
}

/* The base type of specifiers; quiet: no messages (system typedefs). */
static c_type specs_type(c_ctx *c, c_specs s, bool quiet) {
  c_type ty;
  memset(&ty, 0, sizeof ty);
  int nkw = s.nvoid + s.nbool + s.nchar + s.nshort + s.nint + s.nlong +
            s.nsigned + s.nunsigned;
  bool bad = false;
  if (s.tdef) {
    if (nkw) bad = true;
    if (s.tdef->unsupported && !quiet)
      c_unsup(c, s.pos, "%s (type '%s')", s.tdef->unsupported, s.tdef->name);
    ty = s.tdef->type;
  } else {
    bool u = s.nunsigned > 0;
    if (s.nsigned && s.nunsigned) bad = true;
    if (s.nvoid + s.nbool + s.nchar + s.nshort > 1 || s.nlong > 2 ||
        ((s.nvoid || s.nbool || s.nchar) && (s.nlong || s.nint)) ||
        (s.nshort && s.nlong))
      bad = true;
    if ((s.nvoid || s.nbool) && (s.nsigned || s.nunsigned)) bad = true;
    if (s.nvoid) ty.base = C_VOID;
    else if (s.nbool) ty.base = C_BOOL;
    else if (s.nchar) ty.base = u ? C_UCHAR : C_CHAR;
    else if (s.nshort) ty.base = u ? C_USHORT : C_SHORT;
    else if (s.nlong == 2) ty.base = u ? C_ULLONG : C_LLONG;
    else if (s.nlong) ty.base = u ? C_ULONG : C_LONG;
    else ty.base = u ? C_UINT : C_INT;
  }
  if (s.nfloat) { ty.base = C_INT; ty.flt = true; }
  if (bad && !quiet) c_error(c, s.pos, "invalid combination of type specifiers");
  return ty;
}

c_type c_specs_type(c_ctx *c, c_specs s) { return specs_type(c, s, false); }
c_type c_specs_type_quiet(c_ctx *c, c_specs s) { return specs_type(c, s, true); }

/* specs + declarator -> type (dimensions, pointer depth) */
static c_type dtor_type(c_ctx *c, c_specs s, const c_dtor *d, bool quiet) {
  c_type ty = specs_type(c, s, quiet);
  if (!d) return ty;
  ty.ptr += d->ptr + (d->fptr ? 1 : 0);
  if (ty.ndims + d->ndims > 2) {
    if (!quiet) c_unsup(c, d->pos, "arrays of more than 2 dimensions");
    return ty;
  }
  /* typedef int row[4]; row a[3]; -> int a[3][4] */
  c_expr *inner[2];
  int ni = ty.ndims;
  for (int i = 0; i < ni; i++) inner[i] = ty.dims[i];
  ty.ndims = 0;
  for (int i = 0; i < d->ndims; i++) ty.dims[ty.ndims++] = d->dims[i];
  for (int i = 0; i < ni; i++) ty.dims[ty.ndims++] = inner[i];
  return ty;
}

c_type c_type_name(c_ctx *c, c_specs s, const c_dtor *d) {
  return dtor_type(c, s, d, false);
}

/* ----------------------------------------------------------- declarators */
c_dtor c_dtor_name(c_ctx *c, c_tok t) {
  c_dtor d;
  memset(&d, 0, sizeof d);
  d.pos = t.pos;
  d.name = c_tok_str(c, t);
  return d;
}

c_dtor c_dtor_abstract(c_ctx *c, c_tok t) {
  (void)c;
  c_dtor d;
  memset(&d, 0, sizeof d);
  d.pos = t.pos;
  return d;
}

c_dtor c_dtor_ptr(c_ctx *c, c_dtor d) {
  (void)c;
  d.ptr++;
  return d;
}

c_dtor c_dtor_array(c_ctx *c, c_tok t, c_dtor d, c_expr *size) {
  if (d.func) { d.fptr = true; return d; }
  if (d.ndims == 3) {
    c_unsup(c, t.pos, "arrays of more than 2 dimensions");
    return d;
  }
  d.dims[d.ndims] = size;
  d.unsized[d.ndims] = size == NULL;
  d.ndims++;
  return d;
}

c_dtor c_dtor_func(c_ctx *c, c_dtor d, c_list *params) {
  (void)c;
  if (d.func || d.ndims) d.fptr = true;
  d.func = true;
  d.nparams = params ? params->n : 0;
  d.params = NEW_N(c_decl *, d.nparams);
  for (int i = 0; i < d.nparams; i++) d.params[i] = params->v[i];
  if (d.nparams == 1) { /* f(void) */
    const c_decl *p = d.params[0];
    if (p->type.base == C_VOID && !p->type.ndims && !p->type.ptr && !p->name[0])
      d.nparams = 0;
  }
  return d;
}

c_dtor c_dtor_nested(c_ctx *c, c_dtor d) {
  (void)c;
  if (d.ptr || d.func) d.fptr = true;
  return d;
}

c_decl *c_mk_param(c_ctx *c, c_specs s, const c_dtor *d) {
  c_decl *p = NEW(c_decl);
  p->pos = d ? d->pos : s.pos;
  p->name = d && d->name ? d->name : "";
  p->type = dtor_type(c, s, d, false);
  if (p->name[0]) c_list_push(&c->vars, p);
  return p;
}

/* ---------------------------------------------------------- initialisers */
c_init c_init_expr(c_expr *e) {
  c_init i;
  memset(&i, 0, sizeof i);
  i.pos = e->pos;
  i.e = e;
  return i;
}

c_init c_init_list(c_ctx *c, c_tok t, c_list *items) {
  (void)c;
  c_init i;
  memset(&i, 0, sizeof i);
  i.pos = t.pos;
  i.braces = true;
  i.n = items ? items->n : 0;
  i.kids = NEW_N(c_init *, i.n);
  for (int k = 0; k < i.n; k++) i.kids[k] = items->v[k];
  return i;
}

c_init *c_init_box(c_init i) {
  c_init *p = NEW(c_init);
  *p = i;
  return p;
}

c_idecl *c_mk_idecl(c_ctx *c, c_dtor d, const c_init *init) {
  (void)c;
  c_idecl *x = NEW(c_idecl);
  x->d = d;
  if (init) { x->init = *init; x->has_init = true; }
  return x;
}

/* A scalar out of an initialiser ({5} is 5); NULL after an error. */
static c_expr *init_scalar(c_ctx *c, const c_init *i) {
  while (i->braces) {
    if (i->n == 0) {
      c_error(c, i->pos, "empty scalar initialiser");
      return NULL;
    }
    i = i->kids[0];
  }
  return i->e;
}

/* Flattens the initialiser of an array into d->inits (row-major; each
 * braced row of a 2-D array is padded with zeros to the row length). */
static void init_array(c_ctx *c, c_decl *d, const c_init *i) {
  c_list l = {0};
  if (!i->braces) {
    if (i->e && i->e->str) c_unsup(c, i->pos, "strings");
    else c_error(c, i->pos, "array initialiser must be a list in braces");
    return;
  }
  int64_t w = 0;
  bool known = d->type.ndims == 2 && c_const_eval(d->type.dims[1], &w) && w > 0 &&
               w <= 1000000;
  for (int k = 0; k < i->n; k++) {
    const c_init *r = i->kids[k];
    if (d->type.ndims == 2 && r->braces) {
      if (!known) {
        c_unsup(c, r->pos, "initialiser of a 2-D array with a "
                "variable row length");
        return;
      }
      /* a row starts at a multiple of w */
      while (l.n % w) c_list_push(&l, c_num_node(r->pos, 0, C_INT));
      if (r->n > w) { c_error(c, r->pos, "too many initialisers in a row"); return; }
      for (int j = 0; j < r->n; j++) {
        c_expr *e = init_scalar(c, r->kids[j]);
        if (!e) return;
        c_list_push(&l, e);
      }
      while (l.n % w) c_list_push(&l, c_num_node(r->pos, 0, C_INT));
    } else {
      c_expr *e = init_scalar(c, r);
      if (!e) return;
      c_list_push(&l, e);
    }
  }
  d->ninit = l.n;
  d->inits = NEW_N(c_expr *, l.n);
  for (int k = 0; k < l.n; k++) d->inits[k] = l.v[k];
  if (d->type.ndims >= 1 && !d->type.dims[0]) { /* int a[] = {...} */
    int64_t rows = d->type.ndims == 2 ? (l.n + w - 1) / (w ? w : 1) : l.n;
    d->type.dims[0] = c_num_node(i->pos, rows, C_INT);
  }
}

/* -------------------------------------------------- strings as arguments */
static void strings_expr(c_ctx *c, const c_expr *e) {
  if (!e) return;
  if (e->str) { c_unsup(c, e->pos, "strings"); return; }
  for (int i = 0; i < e->n; i++) {
    if (e->kind == C_E_CALL && e->kids[i]->str) continue; /* ignored arg */
    strings_expr(c, e->kids[i]);
  }
}

static void strings_stmt(c_ctx *c, const c_stmt *s) {
  if (!s) return;
  strings_expr(c, s->e);
  strings_expr(c, s->step);
  strings_stmt(c, s->init);
  strings_stmt(c, s->then_);
  strings_stmt(c, s->else_);
  strings_stmt(c, s->body);
  for (int i = 0; i < s->n; i++) strings_stmt(c, s->kids[i]);
  /* declarations are checked when they are made (c_mk_decls) */
}

/* ---------------------------------------------------------- declarations */
static c_func *new_func(c_ctx *c, c_specs s, const c_dtor *d) {
  c_func *f = NEW(c_func);
  f->pos = d->pos;
  f->name = d->name ? d->name : "";
  f->ret = specs_type(c, s, false);
  f->ret.ptr = d->ptr;
  f->nparams = d->nparams;
  f->params = d->params;
  if (f->ret.flt) c_list_push(&c->float_funcs, (void *)f->name);
  return f;
}

c_stmt *c_mk_decls(c_ctx *c, c_specs s, c_list *dl, bool global) {
  (void)global;
  c_stmt *st = c_mk_stmt(c, C_S_DECL, c->last);
  st->pos = s.pos;
  c_list out = {0};
  if (!dl) specs_type(c, s, false);
  for (int k = 0; dl && k < dl->n; k++) {
    c_idecl *x = dl->v[k];
    const c_dtor *d = &x->d;
    if (!d->name) { c_error(c, d->pos, "declaration without a name"); continue; }
    if (s.is_typedef) {
      const char *why = d->fptr ? "function pointers"
                        : d->func ? "function types"
                        : d->ptr ? "pointers" : NULL;
      c_tdef_add(c, d->name, dtor_type(c, s, d, false), why);
      continue;
    }
    if (d->fptr) {
      c_unsup(c, d->pos, "%s", d->func ? "function pointers" : "pointers");
      continue;
    }
    if (d->func) { /* a prototype */
      if (x->has_init) c_error(c, d->pos, "a function cannot be initialised");
      c_list_push(&c->funcs, new_func(c, s, d));
      continue;
    }
    c_decl *v = NEW(c_decl);
    v->pos = d->pos;
    v->name = d->name;
    v->type = dtor_type(c, s, d, false);
    v->is_static = s.is_static;
    if (v->type.ptr) { c_unsup(c, d->pos, "pointers"); continue; }
    if (v->type.flt) { c_unsup(c, d->pos, "floats"); continue; }
    if (v->type.base == C_VOID) {
      c_error(c, d->pos, "variable '%s' declared void", v->name);
      continue;
    }
    if (v->type.ndims == 2 && !v->type.dims[1]) {
      c_error(c, d->pos, "array '%s' needs a size for its second dimension",
              v->name);
      continue;
    }
    if (x->has_init) {
      if (v->type.ndims) init_array(c, v, &x->init);
      else v->init = init_scalar(c, &x->init);
    }
    if (v->type.ndims && !v->type.dims[0] && !s.is_extern) {
      c_error(c, d->pos, "array '%s' needs a size", v->name);
      continue;
    }
    c_list_push(&c->vars, v);
    c_list_push(&out, v);
  }
  if (out.n == 0) return NULL; /* typedefs, prototypes */
  st->ndecls = out.n;
  st->decls = NEW_N(c_decl *, out.n);
  for (int k = 0; k < out.n; k++) st->decls[k] = out.v[k];
  for (int k = 0; k < out.n; k++) {
    strings_expr(c, st->decls[k]->init);
    for (int i = 0; i < st->decls[k]->ninit; i++)
      strings_expr(c, st->decls[k]->inits[i]);
  }
  return st;
}

void c_mk_funcdef(c_ctx *c, c_specs s, c_dtor d, c_stmt *body) {
  if (!d.func || !d.name) {
    c_error(c, d.pos, "expected a function declarator before '{'");
    return;
  }
  if (d.fptr) { c_unsup(c, d.pos, "function pointers"); return; }
  if (d.ptr) c_unsup(c, d.pos, "pointers");
  else if (s.nfloat) c_unsup(c, s.pos, "floats");
  for (int i = 0; i < d.nparams; i++) {
    const c_decl *p = d.params[i];
    if (p->type.ptr) c_unsup(c, p->pos, "pointers");
    else if (p->type.flt) c_unsup(c, p->pos, "floats");
    else if (p->type.ndims) c_unsup(c, p->pos, "array parameter");
    else if (p->type.base == C_VOID) c_error(c, p->pos, "parameter of type void");
    else if (!p->name[0]) c_error(c, p->pos, "parameter name omitted");
  }
  if (s.is_typedef) c_error(c, d.pos, "typedef of a function definition");
  c_func *f = new_func(c, s, &d);
  f->body = body;
  strings_stmt(c, body);
  c_list_push(&c->funcs, f);
}


void c_add_globals(c_ctx *c, c_stmt *d) {
  for (int i = 0; d && i < d->ndecls; i++) {
    c_decl *v = d->decls[i];
    int k = 0;
    for (; k < c->globals.n; k++)
      if (!strcmp(((c_decl *)c->globals.v[k])->name, v->name)) break;
    if (k == c->globals.n) { c_list_push(&c->globals, v); continue; }
    c_decl *old = c->globals.v[k];
    if (v->init || v->inits) {
      if (old->init || old->inits)
        c_error(c, v->pos, "redefinition of '%s'", v->name);
      else
        c->globals.v[k] = v;
    } else if (old->type.ndims && !old->type.dims[0]) {
      c->globals.v[k] = v; /* extern int a[]; int a[10]; */
    }
  }
}
