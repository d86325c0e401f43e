/* idx_int.h -- private to the indexed engine's fixpoint (idx_engine.c,
 * idx_image.c, idx_bdd.c): the state of one fixpoint and the functions its
 * files share.
 *   idx_engine.c  the Kleene iteration, the seeds, the verdict;
 *   idx_image.c   images part by part in one Z3 solver per part;
 *   idx_bdd.c     BuDDy values as formulas. */
#ifndef IDX_INT_H
#define IDX_INT_H

#include <bdd.h>

#include "indexed/idx.h"

/* The state of one fixpoint (idx_solve_preds). */
typedef struct idx_eng {
  const clp_rs *rs;
  const idx_preds *t;         /* the index variables and predicates */
  const eng_opts *o;
  eng_stats *st;
  int *base;                  /* first BDD variable of relation r */
  const clp_term ***pv;       /* per relation: its predicate Booleans */
  BDD *psi;                   /* per relation: current value (referenced) */
  zb_ctx *z;
  eng_reason fail;            /* reason for unknown, ENG_R_NONE while fine */
  int stop_after;             /* fault injection for tests (0 = off) */
  int *npreds;                /* per relation: its predicates ... */
  const clp_term ***preds;    /* ... those of t, or the seeds of seed() */
  struct idx_part **parts;    /* per relation: its parts (NULL: not yet;
                                 idx_image.c) */
  int *nparts;
  zb_solver **solvers;        /* every part's solver, to free */
  int nsolvers, csolvers;
} idx_eng;

/* ------------------------------------------------------------ idx_bdd.c */
/* r as a formula: Shannon expansion with variable base+j read as lit[j],
 * constant branches simplified, shared nodes converted once. */
const clp_formula *idx_bdd_formula(BDD r, int base, const clp_term **lit);
/* A BDD (referenced) between now \ old and now, for old below now: now
 * restricted to the complement of old (BuDDy's bdd_simplify), usually
 * smaller than now. */
BDD idx_bdd_restrict(BDD now, BDD old);

/* ---------------------------------------------------------- idx_image.c */
/* psi_r \/ the image of r's rule under the current values e->psi, part by
 * part (idx_parts), each part's query excluding the cubes already known
 * (referenced).  Sets e->fail on a Z3 failure or timeout. */
BDD idx_image(idx_eng *e, const clp_rel *r);
/* Releases what the images hold: the parts' BDDs and every solver. */
void idx_image_free(idx_eng *e);

#endif
