/* prei.h -- private to clp/pre*.c: the map between a rule set and its
 * preprocessed form (pre.h). */
#ifndef CLP_PREI_H
#define CLP_PREI_H

#include "clp/clpi.h"
#include "clp/pre.h"

typedef enum { PRE_KEPT, PRE_INLINED, PRE_EMPTY, PRE_DROPPED } pre_status;

/* One instance of an original relation inside an expanded body: the root
 * (rho NULL: identity) or an inlined copy. */
typedef struct pre_inst {
  const clp_rel *rel;     /* the original relation */
  clp_subst *rho;         /* rel's formals and locals -> terms over the
                             expanded body's variables; NULL: identity */
  clp_pmap kids;          /* CALL node of rel->body -> pre_inst * of the
                             inlined callee's copy */
} pre_inst;

/* One local substituted away: var := term (term over the variables left
 * after this and the earlier eliminations, plus later eliminated ones). */
typedef struct pre_elim {
  const clp_term *var, *term;
} pre_elim;

struct clp_pre {
  const clp_rs *orig;
  clp_rs *rs;                  /* the preprocessed set */
  pre_status *status;          /* per original relation id */
  const bool *der;             /* per original id: derivable (step 1) */
  clp_rel **to;                /* per original id: KEPT -> its relation in rs */
  const clp_rel **from;        /* per rs id: the original relation */
  pre_inst **root;             /* per rs id: the expansion of its body */
  int *nvars;                  /* per rs id: the variables of the expanded
                                  body (before simplification) */
  const clp_term ***vars;
  int *nelim;                  /* per rs id: eliminations, in order */
  pre_elim **elim;
  const clp_formula **tmpl;    /* per original id, INLINED: the template
                                  (calls to KEPT original relations) */
  clp_pre_stats stats;
};

/* Simplification (pre_simp.c).  Contract: returns f with locals (variables
 * not among formals[0..n)) eliminated as described in pre.h; appends each
 * elimination to *el (count *nel, GC array grown as needed) in order. */
const clp_formula *clp_pre_simplify(const clp_formula *f, int n,
                                    const clp_term **formals,
                                    pre_elim **el, int *nel);

#endif
