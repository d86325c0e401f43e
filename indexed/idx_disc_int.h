/* idx_disc_int.h -- private to predicate discovery (idx_disc*.c): the
 * state of a discovery run and the functions its files share.
 *   idx_split.c   the atoms of a candidate (split by cases), term helpers;
 *   idx_pset.c    the predicate sets: filters, the cap, adding to the side
 *                 table (idx_preds), the dual-index copies;
 *   idx_wp.c      candidates from the clauses: guards, weakest
 *                 preconditions, the callees' predicates, round 0's own
 *                 atoms;
 *   idx_refute.c  candidates from the refutations of spurious
 *                 counterexamples (the refuter);
 *   idx_disc.c    the round loop (idx_disc_solve). */
#ifndef IDX_DISC_INT_H
#define IDX_DISC_INT_H

#include "indexed/idx.h"

#define DISC_MAX_PREDS 28   /* predicates per relation, at first */
#define DISC_CAP_STEP 4     /* the cap's first growth (then doubled) */
#define DISC_CAP_MAX 64     /* its bound */
#define DISC_MAX_SPLIT 48   /* atoms from one formula */

typedef struct disc {
  const clp_rs *rs;           /* never modified */
  idx_preds *t;               /* the predicates: given, then discovered */
  const eng_opts *o;          /* &so */
  eng_opts so;                /* the caller's, with sp */
  idx_params sp;              /* the caller's, with goal_stop */
  const clp_term *ix[2];      /* the index variables X, Y */
  const clp_term *lb0[2], *lb1[2]; /* 0 <= X, 0 <= Y; 1 <= X, 1 <= Y */
  int round;
  int added;                  /* predicates added this round */
  int total;                  /* discovered so far */
  const char *why;            /* current source, for -v */
  bool *rec;                  /* per relation: on a cycle of calls */
  int *ngiven;                /* per relation: given predicates (first) */
  int cap;                    /* predicates per relation */
  int step;                   /* the cap's next growth */
  bool capped;                /* a candidate was left out by the cap */
  const clp_term *src;        /* current source predicate (its constant is
                                 kept by the offset rule), or NULL */
  int nkc; int64_t kc[32];    /* the constant array indices of the current
                                 clause (an index variable equal to one is
                                 kept by the offset rule), nkc 0: none */
  int refute;                 /* the refuter's next iteration bound */
} disc;

/* Is v one of the index variables X, Y? */
static inline bool idx_is_ix(const disc *d, const clp_term *v) {
  return v == d->ix[0] || v == d->ix[1];
}

/* ------------------------------------------------------------ idx_split.c */
/* A list of distinct terms (by pointer), in order of addition. */
typedef struct tlist { int n, cap; const clp_term **t; } tlist;

/* Appends t to l unless it is there. */
void idx_tl_add(tlist *l, const clp_term *t);
/* Does variable v occur in t? */
bool idx_has_var(const clp_term *t, const clp_term *v);
/* t with every occurrence of subterm from replaced by to; with
 * only_index, only the occurrences that are the index of an array read or
 * write. */
const clp_term *idx_replace_in(const clp_term *t, const clp_term *from,
                               const clp_term *to, bool only_index);
/* Adds to out the atoms of Bool term t: Boolean structure dropped, ite and
 * select(store(a, i, v), j) split by cases (at most DISC_MAX_SPLIT; depth
 * the nesting so far, 0 at the top). */
void idx_split(const clp_term *t, tlist *out, int depth);
/* Adds to out the Int variables of the index terms of t's array reads and
 * writes. */
void idx_index_vars(const clp_term *t, tlist *out);

/* ------------------------------------------------------------- idx_pset.c */
/* Does r have an array-sorted formal (may it have index variables)? */
bool idx_disc_has_array(const clp_rel *r);
/* Is x an index variable of r (in d's table)? */
bool idx_disc_has_index(const disc *d, const clp_rel *r, const clp_term *x);
/* Adds atom p to r's predicates in d's table (and its index variables,
 * with 0 <= X for a new X) when it passes the filters (docs/indexed.md,
 * "Filters") and the cap; counts it in d->added, d->total; prints it with
 * d->why under -v. */
void idx_disc_add1(disc *d, const clp_rel *r, const clp_term *p);
/* idx_disc_add1 of p, or for a derived p (found by wp or through a call)
 * the offset rule's atoms instead (lin = 0 and lin < 0, ...). */
void idx_disc_add(disc *d, const clp_rel *r, const clp_term *p,
                  bool derived);
/* A copy of r's predicates in d's table (adding may move the array). */
const clp_term **idx_disc_snapshot(const disc *d, const clp_rel *r);
/* A relation with both index variables gets, for each predicate over one
 * of them, its copy over the other (the paper's crit(i), crit(j)). */
void idx_disc_symmetrize(disc *d);

/* --------------------------------------------------------------- idx_wp.c */
/* One pass over every clause of every rule adding the candidates of
 * docs/indexed.md, "Clauses and sources": (a) and (c), and with wp also
 * (b) and the head's predicates at an initial clause's definitions. */
void idx_disc_pass(disc *d, bool wp);
/* Round 0 also: the atoms of each rule over its formals, at most 8 per
 * relation (no array equations, no redundant bounds). */
void idx_disc_own_atoms(disc *d);

/* ----------------------------------------------------------- idx_refute.c */
/* When a round finds no new predicate: the refuter's atoms as candidates.
 * Returns true when the refuter found a real counterexample (*out is then
 * unsafe, with it). */
bool idx_disc_refute(disc *d, eng_result *out);

#endif
