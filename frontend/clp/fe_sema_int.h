/* fe_sema_int.h -- private to the .clp checker (fe_sema.c, fe_sort.c): its
 * state, the symbols and variables it resolves, and the sort inference. */
#ifndef FE_SEMA_INT_H
#define FE_SEMA_INT_H

#include "frontend/clp/fe_clp.h"

/* ------------------------------------------------------------ sort terms */
enum { SV_VAR, SV_INT, SV_BOOL, SV_ARRAY };

typedef struct svar {
  int parent;   /* union-find */
  int kind;     /* SV_* (meaningful at the representative) */
  int elem;     /* SV_ARRAY: element sort variable (index is always int) */
} svar;

/* ------------------------------------------------------------------ symbols */
typedef enum { S_REL, S_PRED, S_FUN } skind;

typedef struct sym {
  skind kind;
  const char *name;
  int arity;
  int off;                 /* first declaration / definition */
  bool declared;           /* has a rel/pred/fun declaration */
  int decl_off;
  int *svs;                /* arity argument sort variables */
  int range;               /* PRED/FUN: result sort variable */
  const clp_sort **dom;    /* PRED/FUN: declared sorts */
  const clp_sort *rsort;
  clp_rel *rel;            /* built */
  const clp_fun *fun;      /* built */
} sym;

typedef struct var {
  const char *name;
  int sv;
  const clp_term *term;    /* built */
} var;

typedef struct scope {
  int n, cap;
  var *v;
} scope;

typedef struct sema {
  fe_ctx *c;
  svar *sv;
  int nsv, capsv;
  sym **tab;               /* open addressing by name */
  int captab, ntab;
  sym **order;             /* symbols in order of appearance */
  int norder, caporder;
  scope *scopes;           /* per item (rules only) */
  scope *cur;              /* scope of the rule being checked */
  const char *goal;
  int goal_off;
  int depth;
  bool deep;               /* "nested too deeply" already reported */
} sema;

/* fe_sort.c.  Sort variables of s: fe_sv_int/_bool/_var/_array make a new
 * one (int, bool, open, array of elem); fe_sv_of: one for a fixed sort;
 * fe_sv_unify: merges the classes of a and b, false when their sorts clash
 * (or an array would contain itself); fe_sv_sort: the sort of x's class
 * (open: int); fe_sv_str: x's sort as text (for messages). */
int fe_sv_int(sema *s);
int fe_sv_bool(sema *s);
int fe_sv_var(sema *s);
int fe_sv_array(sema *s, int elem);
int fe_sv_of(sema *s, const clp_sort *so);
bool fe_sv_unify(sema *s, int a, int b);
const clp_sort *fe_sv_sort(sema *s, int x);
const char *fe_sv_str(sema *s, int x);

#endif
