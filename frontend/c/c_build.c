/* c_build.c -- the AST builders for expressions and statements, called by
 * the grammar actions of c_gram.y (declarations: c_decl.c).  Constructs
 * outside the subset that the grammar still accepts ('&', unary '*',
 * casts to pointers or floats, sizeof of what has no constant size) are
 * reported here as "unsupported: ...". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/c/c_gram.h"
#include "frontend/c/c_parse.h"

void c_list_push(c_list *l, void *x) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 4;
    l->v = l->v ? GROW(void *, l->v, l->cap) : NEW_N(void *, l->cap);
  }
  l->v[l->n++] = x;
}

/* ------------------------------------------------------------ expressions */
static c_expr *new_expr(c_ekind k, clp_pos pos, int n) {
  c_expr *e = NEW(c_expr);
  e->kind = k;
  e->pos = pos;
  e->n = n;
  e->kids = n ? NEW_N(c_expr *, n) : NULL;
  return e;
}

/* Sets e->depth.  An expression deeper than C_EXPR_DEPTH_MAX (a chain
 * like x+x+...+x, which the parser's stack does not bound) is an error at
 * t, so that the recursive passes over expressions stay shallow. */
static c_expr *deep(c_ctx *c, c_tok t, c_expr *e) {
  int d = 0;
  for (int i = 0; i < e->n; i++)
    if (e->kids[i] && e->kids[i]->depth > d) d = e->kids[i]->depth;
  e->depth = d + 1;
  if (e->depth > C_EXPR_DEPTH_MAX && !c->syntax_error) {
    c_error(c, t.pos, "expression nested too deeply");
    c->syntax_error = true;
  }
  return e;
}

c_expr *c_num_node(clp_pos pos, int64_t v, c_base type) {
  c_expr *e = new_expr(C_E_NUM, pos, 0);
  e->num = v;
  e->ntype = type;
  return e;
}

c_expr *c_mk_num(c_ctx *c, c_tok t) {
  bool ok;
  c_base ty;
  int64_t v = c_tok_num(c, t, &ty, &ok);
  if (!ok && ty == C_VOID)
    c_unsup(c, t.pos, "integer constant %s does not fit long long "
            "(gcc makes it __int128)", c_tok_text(c, t));
  else if (!ok)
    c_error(c, t.pos, "invalid or too large constant %s", c_tok_text(c, t));
  return c_num_node(t.pos, v, ty);
}

c_expr *c_mk_str(c_ctx *c, c_tok t) {
  c_expr *e = c_num_node(t.pos, 0, C_INT);
  e->str = c_tok_str(c, t);
  return e;
}

c_expr *c_mk_var(c_ctx *c, c_tok t) {
  c_expr *e = new_expr(C_E_VAR, t.pos, 0);
  e->name = c_tok_str(c, t);
  return e;
}

c_expr *c_mk_unsupported(c_ctx *c, c_tok t, const char *what) {
  c_unsup(c, t.pos, "%s", what);
  return c_num_node(t.pos, 0, C_INT);
}

c_expr *c_mk_un(c_ctx *c, c_tok t, const char *op, c_expr *a) {
  (void)c;
  c_expr *e = new_expr(C_E_UNARY, t.pos, 1);
  e->op = op;
  e->kids[0] = a;
  return deep(c, t, e);
}

c_expr *c_mk_bin(c_ctx *c, c_tok t, const char *op, c_expr *a, c_expr *b) {
  (void)c; (void)t;
  c_expr *e = new_expr(C_E_BINARY, a->pos, 2);
  e->op = op;
  e->kids[0] = a;
  e->kids[1] = b;
  return deep(c, t, e);
}

static bool is_lvalue(const c_expr *e) {
  return e->kind == C_E_VAR || e->kind == C_E_INDEX;
}

c_expr *c_mk_assign(c_ctx *c, c_tok t, const char *op, c_expr *a, c_expr *b) {
  if (!is_lvalue(a)) c_error(c, t.pos, "expression is not assignable");
  c_expr *e = new_expr(C_E_ASSIGN, a->pos, 2);
  e->op = op ? op : c_tok_str(c, t);
  e->kids[0] = a;
  e->kids[1] = b;
  return deep(c, t, e);
}

c_expr *c_mk_incdec(c_ctx *c, c_tok t, const char *op, bool prefix, c_expr *a) {
  if (!is_lvalue(a)) c_error(c, t.pos, "expression is not assignable");
  c_expr *e = new_expr(C_E_INCDEC, prefix ? t.pos : a->pos, 1);
  e->op = op;
  e->prefix = prefix;
  e->kids[0] = a;
  return deep(c, t, e);
}

c_expr *c_mk_cond(c_ctx *c, c_tok t, c_expr *a, c_expr *b, c_expr *d) {
  (void)c; (void)t;
  c_expr *e = new_expr(C_E_COND, a->pos, 3);
  e->kids[0] = a;
  e->kids[1] = b;
  e->kids[2] = d;
  return deep(c, t, e);
}

c_expr *c_mk_index(c_ctx *c, c_tok t, c_expr *a, c_expr *i) {
  if (!is_lvalue(a))
    c_unsup(c, t.pos, "indexing an expression that is not an array");
  c_expr *e = new_expr(C_E_INDEX, a->pos, 2);
  e->kids[0] = a;
  e->kids[1] = i;
  return deep(c, t, e);
}

c_expr *c_mk_call(c_ctx *c, c_tok name, c_list *args) {
  int n = args ? args->n : 0;
  c_expr *e = new_expr(C_E_CALL, name.pos, n);
  e->name = c_tok_str(c, name);
  for (int i = 0; i < c->float_funcs.n; i++)
    if (!strcmp(c->float_funcs.v[i], e->name)) {
      c_unsup(c, name.pos, "floats (call of '%s')", e->name);
      break;
    }
  for (int i = 0; i < n; i++) e->kids[i] = args->v[i];
  return deep(c, name, e);
}

c_expr *c_mk_cast(c_ctx *c, c_tok t, c_type ty, c_expr *a) {
  if (ty.ptr) c_unsup(c, t.pos, "pointers");
  else if (ty.flt) c_unsup(c, t.pos, "floats");
  else if (ty.ndims) c_error(c, t.pos, "cast to an array type");
  c_expr *e = new_expr(C_E_CAST, t.pos, 1);
  e->cast = ty;
  e->kids[0] = a;
  return deep(c, t, e);
}

bool c_const_eval(const c_expr *e, int64_t *v) {
  int64_t a = 0, b = 0, d = 0;
  if (!e) return false;
  switch (e->kind) {
  case C_E_NUM: case C_E_SIZEOF:
    if (e->str) return false;
    *v = e->num;
    return true;
  case C_E_CAST:
    if (!c_const_eval(e->kids[0], v) || e->cast.ptr || e->cast.flt) return false;
    *v = c_type_conv_const(*v, e->cast.base);
    return true;
  case C_E_UNARY:
    if (!c_const_eval(e->kids[0], &a)) return false;
    switch (e->op[0]) {
    case '-': *v = -a; return a != INT64_MIN;
    case '+': *v = a; return true;
    case '!': *v = !a; return true;
    case '~': *v = ~a; return true;
    }
    return false;
  case C_E_COND:
    if (!c_const_eval(e->kids[0], &a) || !c_const_eval(e->kids[1], &b) ||
        !c_const_eval(e->kids[2], &d))
      return false;
    *v = a ? b : d;
    return true;
  case C_E_BINARY: {
    if (!c_const_eval(e->kids[0], &a) || !c_const_eval(e->kids[1], &b)) return false;
    const int64_t lim = (int64_t)1 << 40; /* keep the folding overflow-free */
    if (a > lim || a < -lim || b > lim || b < -lim) return false;
    const char *op = e->op;
    if (!strcmp(op, "+")) *v = a + b;
    else if (!strcmp(op, "-")) *v = a - b;
    else if (!strcmp(op, "*")) {
      if (a > 0x7fffffff || a < -0x7fffffff || b > 0x7fffffff || b < -0x7fffffff)
        return false;
      *v = a * b;
    } else if (!strcmp(op, "/")) { if (!b) return false; *v = a / b; }
    else if (!strcmp(op, "%")) { if (!b) return false; *v = a % b; }
    else if (!strcmp(op, "<<")) { if (b < 0 || b > 20 || a < 0) return false; *v = a << b; }
    else if (!strcmp(op, ">>")) { if (b < 0 || b > 62 || a < 0) return false; *v = a >> b; }
    else if (!strcmp(op, "<")) *v = a < b;
    else if (!strcmp(op, "<=")) *v = a <= b;
    else if (!strcmp(op, ">")) *v = a > b;
    else if (!strcmp(op, ">=")) *v = a >= b;
    else if (!strcmp(op, "==")) *v = a == b;
    else if (!strcmp(op, "!=")) *v = a != b;
    else if (!strcmp(op, "&&")) *v = a && b;
    else if (!strcmp(op, "||")) *v = a || b;
    else if (!strcmp(op, "&")) *v = a & b;
    else if (!strcmp(op, "|")) *v = a | b;
    else if (!strcmp(op, "^")) *v = a ^ b;
    else return false;
    return true;
  }
  default: return false;
  }
}

/* sizeof of a type: a NUM node (unsigned, as size_t), or an error. */
static c_expr *size_of(c_ctx *c, clp_pos pos, c_type ty, int skip) {
  int64_t n = ty.ptr ? c_type_ptr_size() : c_type_size(ty.base);
  for (int i = skip; i < ty.ndims; i++) {
    int64_t d;
    if (!c_const_eval(ty.dims[i], &d) || d < 0 || d > ((int64_t)1 << 31)) {
      c_unsup(c, pos, "sizeof of a variable-length array");
      return c_num_node(pos, 1, c_type_size_t());
    }
    n *= d;
  }
  return c_num_node(pos, n, c_type_size_t());
}

c_expr *c_mk_sizeof_type(c_ctx *c, c_tok t, c_type ty) {
  if (ty.flt) c_unsup(c, t.pos, "floats");
  return size_of(c, t.pos, ty, 0);
}

/* The declared type of the variable a, or NULL. */
static const c_type *var_type(const c_ctx *c, const char *name) {
  for (int i = c->vars.n - 1; i >= 0; i--) {
    const c_decl *d = c->vars.v[i];
    if (d->name && !strcmp(d->name, name)) return &d->type;
  }
  return NULL;
}

/* An expression of type int whatever its operands' types: a comparison,
 * a logical operator, '!', an int literal, and ?: between two of them
 * (glibc's assert: sizeof ((e) ? 1 : 0)). */
static bool int_typed(const c_expr *e) {
  switch (e->kind) {
  case C_E_NUM:
    return !e->str && e->ntype == C_INT;
  case C_E_UNARY: return !strcmp(e->op, "!");
  case C_E_BINARY:
    return !strcmp(e->op, "<") || !strcmp(e->op, "<=") ||
           !strcmp(e->op, ">") || !strcmp(e->op, ">=") ||
           !strcmp(e->op, "==") || !strcmp(e->op, "!=") ||
           !strcmp(e->op, "&&") || !strcmp(e->op, "||");
  case C_E_COND: return int_typed(e->kids[1]) && int_typed(e->kids[2]);
  default: return false;
  }
}

c_expr *c_mk_sizeof_expr(c_ctx *c, c_tok t, c_expr *a) {
  int skip = 0;
  const c_expr *e = a;
  while (e->kind == C_E_INDEX) { skip++; e = e->kids[0]; }
  if (e->kind == C_E_VAR) {
    const c_type *ty = var_type(c, e->name);
    if (ty && skip <= ty->ndims) return size_of(c, t.pos, *ty, skip);
  } else if (e->kind == C_E_NUM && !e->str && skip == 0) {
    return c_num_node(t.pos, c_type_size(e->ntype), c_type_size_t());
  } else if (e->kind == C_E_CAST && skip == 0) {
    return size_of(c, t.pos, e->cast, 0);
  } else if (int_typed(e) && skip == 0) {
    c_type ty;
    memset(&ty, 0, sizeof ty);
    ty.base = C_INT;
    return size_of(c, t.pos, ty, 0);
  }
  c_unsup(c, t.pos, "sizeof of this expression");
  return c_num_node(t.pos, 1, c_type_size_t());
}

/* ------------------------------------------------------------ statements */
c_stmt *c_mk_stmt(c_ctx *c, c_skind k, c_tok t) {
  (void)c;
  c_stmt *s = NEW(c_stmt);
  s->kind = k;
  s->pos = t.pos;
  return s;
}

c_stmt *c_mk_block(c_ctx *c, c_tok t, c_list *items) {
  c_stmt *s = c_mk_stmt(c, C_S_BLOCK, t);
  s->n = items ? items->n : 0;
  s->kids = NEW_N(c_stmt *, s->n);
  for (int i = 0; i < s->n; i++) s->kids[i] = items->v[i];
  return s;
}

/* ------------------------------------------------- statement expressions */
c_expr *c_mk_stmt_expr(c_ctx *c, c_tok t, c_stmt *b) {
  c_expr *e = new_expr(C_E_STMT, t.pos, 0);
  e->body = b;
  c_list_push(&c->stmt_exprs, e);
  return e;
}

static bool void_cast(const c_expr *e) {
  return e->kind == C_E_CAST && e->cast.base == C_VOID && !e->cast.ptr &&
         !e->cast.ndims;
}

/* Does e hold a statement expression where e's value is discarded? */
static bool discarded_stmt_expr(const c_expr *e) {
  if (!e) return false;
  switch (e->kind) {
  case C_E_STMT: return e->body != NULL;
  case C_E_COMMA:
    return discarded_stmt_expr(e->kids[0]) || discarded_stmt_expr(e->kids[1]);
  case C_E_CAST: return void_cast(e) && discarded_stmt_expr(e->kids[0]);
  case C_E_COND:
    return discarded_stmt_expr(e->kids[1]) || discarded_stmt_expr(e->kids[2]);
  default: return false;
  }
}

static c_stmt *new_stmt(c_skind k, clp_pos pos) {
  c_stmt *s = NEW(c_stmt);
  s->kind = k;
  s->pos = pos;
  return s;
}

c_stmt *c_mk_expr_stmt(c_ctx *c, c_expr *e) {
  if (!discarded_stmt_expr(e)) {
    c_stmt *s = new_stmt(C_S_EXPR, e->pos);
    s->e = e;
    return s;
  }
  switch (e->kind) {
  case C_E_STMT: {
    c_stmt *b = e->body;
    e->body = NULL; /* lowered */
    return b;
  }
  case C_E_CAST: return c_mk_expr_stmt(c, e->kids[0]);
  case C_E_COMMA: {
    c_stmt *s = new_stmt(C_S_BLOCK, e->pos);
    s->n = 2;
    s->kids = NEW_N(c_stmt *, 2);
    s->kids[0] = c_mk_expr_stmt(c, e->kids[0]);
    s->kids[1] = c_mk_expr_stmt(c, e->kids[1]);
    return s;
  }
  default: { /* C_E_COND */
    c_stmt *s = new_stmt(C_S_IF, e->pos);
    s->e = e->kids[0];
    s->then_ = c_mk_expr_stmt(c, e->kids[1]);
    s->else_ = c_mk_expr_stmt(c, e->kids[2]);
    return s;
  }
  }
}

void c_check_stmt_exprs(c_ctx *c) {
  for (int i = 0; i < c->stmt_exprs.n; i++) {
    const c_expr *e = c->stmt_exprs.v[i];
    if (e->body)
      c_unsup(c, e->pos, "statement expression used as a value");
  }
}
