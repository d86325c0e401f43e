/* zbi.h -- private to the Z3 bridge (clp/zb*.c, the only files that include
 * <z3.h>): the context structure, reference accounting and the Z3 -> IR
 * converter of zb.c, shared with the other bridge files (zb_smt2.c).
 * Not for other modules: include zb.h instead. */
#ifndef ZBI_H
#define ZBI_H

#include <z3.h>

#include "zb/zb.h"

struct zb_ctx {
  Z3_context c;
  zb_ctx *next;          /* registry of live contexts (error handler) */
  unsigned nerr;         /* number of errors recorded so far */
  char *err;             /* last error message (malloc), or NULL */
  int nsolvers;          /* live zb_solvers of this context */
  Z3_ast *terms;         /* term id -> Z3 AST (own reference) or NULL */
  unsigned nterms;
  Z3_sort *sorts;        /* sort id -> Z3 sort (own reference) or NULL */
  unsigned nsorts;
  Z3_func_decl *funs;    /* clp_fun id -> declaration (own reference) */
  unsigned nfuns;
  bool horn_inline;      /* zb_horn: let Spacer inline relations */
};

/* Counted inc_ref/dec_ref (zb_live_refs); both accept NULL.  zbi_ref
 * returns its argument, now an owned reference. */
Z3_ast zbi_ref(zb_ctx *z, Z3_ast a);
void zbi_unref(zb_ctx *z, Z3_ast a);

/* IR sort of a Z3 sort (Bool, Int, Array Int S for such S), or NULL. */
const clp_sort *zbi_sort_back(zb_ctx *z, Z3_sort s);

/* Z3 -> IR converter.  Contract: zbi_back_new makes a converter (GC memory)
 * for up to nvars free Z3 constants; zbi_back_var maps the OWNED constant a
 * (released by zbi_back_free) to the IR variable v; zbi_back_term converts a
 * borrowed quantifier-free Z3 AST whose only uninterpreted constants are the
 * mapped ones, or returns NULL (no IR counterpart: other symbols, Reals,
 * numerals beyond int64, unsupported operators).  Results are memoised by
 * AST id: keep converted ASTs alive while the converter lives. */
typedef struct back zbi_back;
zbi_back *zbi_back_new(zb_ctx *z, int nvars);
void zbi_back_var(zbi_back *b, Z3_ast a, const clp_term *v);
const clp_term *zbi_back_term(zbi_back *b, Z3_ast a);
void zbi_back_free(zbi_back *b);

#endif
