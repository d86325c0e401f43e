/* cub_ast.h -- the abstract syntax of a Cubicle 1.2 system (prefix cub_),
 * built by the grammar actions of cub_gram.y (cub_ast.c) and read by the
 * translation to rule sets (cub_trans.c, cub_form.c).  All nodes live on
 * the GC heap; positions are byte offsets into the source (fe_ctx). */
#ifndef CUB_AST_H
#define CUB_AST_H

#include <stdint.h>

#include "frontend/cub/fe_cub.h"

typedef enum {
  CE_NUM,            /* num */
  CE_NAME,           /* name: process variable, var/const, constructor */
  CE_PROCNUM,        /* #k: num = k */
  CE_SEL,            /* name[kids]: 1 or 2 subscripts (CE_NAME/CE_PROCNUM) */
  CE_ADD, CE_SUB, CE_NEG, CE_MUL,
  CE_EQ, CE_NE, CE_LT, CE_LE, CE_GT, CE_GE,
  CE_AND, CE_OR, CE_IMP, CE_EQUIV, CE_NOT,
  CE_ITE,            /* if kids[0] then kids[1] else kids[2] (formulas) */
  CE_FORALL_OTHER, CE_EXISTS_OTHER, /* vars[0] ranges over the others */
  CE_FORALL, CE_EXISTS,             /* vars[] range over all processes */
  CE_CALL            /* predicate macro name(kids) */
} cub_ek;

typedef struct cub_expr {
  cub_ek k;
  int off;                  /* the operator or name token */
  const char *name;         /* NAME, SEL, CALL */
  int64_t num;              /* NUM, PROCNUM */
  int n;                    /* kids */
  struct cub_expr **kids;
  int nvars;                /* quantifiers: bound names */
  const char **vars;
} cub_expr;

/* A list of names with their offsets (process variables, constructors). */
typedef struct cub_names {
  int n, cap;
  const char **v;
  int *off;
} cub_names;

/* A list of expressions (subscripts, arguments). */
typedef struct cub_exprs {
  int n, cap;
  cub_expr **v;
} cub_exprs;

/* A type as written: a declared name or a built-in. */
typedef struct cub_ty {
  int off;
  const char *name;         /* "int", "bool", "proc" or a declared type */
} cub_ty;

/* The subscript types of an array declaration. */
typedef struct cub_tys {
  int n;
  cub_ty v[3];              /* at most 2 used; a third is an error */
} cub_tys;

typedef enum { CD_VAR, CD_CONST, CD_ARRAY } cub_dk;

typedef struct cub_decl {   /* var, const, array */
  cub_dk k;
  int off;
  const char *name;
  int ndims;                /* ARRAY: 1 or 2 (each proc); 0 otherwise */
  cub_ty dims[2];
  cub_ty ty;                /* value type */
} cub_decl;

typedef struct cub_typedecl {
  int off;
  const char *name;
  cub_names *ctors;         /* NULL: abstract */
} cub_typedecl;

/* init, unsafe, invariant: a formula over process variables. */
typedef struct cub_fdecl {
  int off;
  cub_names *vars;
  cub_expr *f;
} cub_fdecl;

typedef struct cub_pred {
  int off;
  const char *name;
  cub_names *params;
  cub_expr *body;
} cub_pred;

typedef struct cub_case {
  cub_expr *cond;           /* NULL: the default '_' */
  cub_expr *val;
} cub_case;

typedef enum { CA_TERM, CA_NONDET, CA_CASE } cub_ak;

typedef struct cub_action {
  cub_ak k;
  int off;                  /* the left-hand side's name */
  const char *lhs;
  cub_exprs *idx;           /* NULL: a scalar */
  cub_expr *term;           /* TERM */
  int ncases, capcases;     /* CASE */
  cub_case *cases;
} cub_action;

typedef struct cub_trans {
  int off;
  const char *name;
  cub_names *params;
  cub_expr *req;            /* NULL: true */
  int nacts, capacts;
  cub_action **acts;
} cub_trans;

/* A whole system, in declaration order per kind. */
typedef struct cub_sys {
  int ntypes, captypes;   cub_typedecl **types;
  int ndecls, capdecls;   cub_decl **decls;
  int ninits, capinits;   cub_fdecl **inits;
  int nunsafe, capunsafe; cub_fdecl **unsafe;
  int npreds, cappreds;   cub_pred **preds;
  int ntrans, captrans;   cub_trans **trans;
  int maxprocnum;           /* the largest #k, 0 when none */
  int64_t nprocs;           /* number_procs k: k; 0 when not given */
  int nprocs_off;
} cub_sys;

/* The parser's context: messages, and the system being built. */
typedef struct cub_px {
  fe_ctx *ctx;
  cub_sys *sys;
} cub_px;

/* ---- builders, one per grammar action (cub_ast.c) ---- */
const char *cub_text(const fe_ctx *c, fe_tok t);      /* the token's text */
cub_expr *cub_mk_num(cub_px *p, fe_tok t);
cub_expr *cub_mk_name(cub_px *p, fe_tok t);
cub_expr *cub_mk_procnum(cub_px *p, fe_tok t);
cub_expr *cub_mk_sel(cub_px *p, fe_tok name, cub_exprs *idx);
cub_expr *cub_mk_call(cub_px *p, fe_tok name, cub_exprs *args);
cub_expr *cub_mk_op(cub_px *p, cub_ek k, fe_tok t, cub_expr *a, cub_expr *b,
                    cub_expr *c);                     /* b, c may be NULL */
cub_expr *cub_mk_quant(cub_px *p, cub_ek k, fe_tok t, cub_names *vars,
                       cub_expr *body);
/* forall x <> y. body as forall x y. x <> y => body, exists x <> y. body
 * as exists x y. x <> y && body (every pair of vars distinct) */
cub_expr *cub_mk_dquant(cub_px *p, cub_ek k, fe_tok t, cub_names *vars,
                        cub_expr *body);
cub_names *cub_mk_names(cub_px *p, cub_names *l, fe_tok t); /* l NULL: new */
cub_exprs *cub_mk_exprs(cub_exprs *l, cub_expr *e);         /* l NULL: new */
cub_ty cub_mk_ty(cub_px *p, fe_tok t);
cub_tys *cub_mk_tys(cub_px *p, cub_tys *l, cub_ty t);          /* l NULL: new */
void cub_mk_type(cub_px *p, fe_tok name, cub_names *ctors);
void cub_mk_decl(cub_px *p, cub_dk k, fe_tok name, cub_tys *dims, cub_ty ty);
/* kind: 0 init, 1 unsafe, 2 invariant (parsed, not used) */
void cub_mk_fdecl(cub_px *p, int kind, fe_tok t, cub_names *vars, cub_expr *f);
void cub_mk_pred(cub_px *p, fe_tok name, cub_names *params, cub_expr *body);
cub_action *cub_mk_action(cub_px *p, fe_tok lhs, cub_exprs *idx);
cub_action *cub_act_term(cub_action *a, cub_expr *t);
cub_action *cub_act_nondet(cub_action *a);
/* a case list is built in an action of its own (a NULL: new), then moved
 * to the action of the left-hand side by cub_act_cases */
cub_action *cub_act_case(cub_action *a, cub_expr *cond, cub_expr *val);
cub_action *cub_act_cases(cub_action *lhs, cub_action *cases);
cub_trans *cub_mk_acts(cub_trans *l, cub_action *a);        /* l NULL: new */
void cub_mk_trans(cub_px *p, fe_tok name, cub_names *params, cub_expr *req,
                  cub_trans *acts);

/* ---- translation (cub_trans.c) ----
 * Contract: the rule set of the system (docs/cub.md), sealed; NULL after
 * reporting errors (unknown names, sort mismatches, unsupported updates)
 * as FILE:LINE:COL messages through c (the caller flushes them).  k = 0:
 * for every number N >= 1 of processes (scan and update relations); k >= 1:
 * for exactly k processes (N = k, quantifiers and universal updates
 * expanded over 1..k: a linear rule set, Reach and Err only). */
clp_rs *cub_translate(fe_ctx *c, const cub_sys *s, int k);

#endif
