/* c_inv.h -- private to the C invariant printer (prefix ci_): c_inv.c
 * (which relation is which source construct, the lines printed),
 * c_invfmt.c (formulas as C expressions with ACSL's \forall, ==>, \old,
 * \result), c_invmin.c (the equivalent simplification of what is printed:
 * docs/c.md, "Invariants"). */
#ifndef C_INV_H
#define C_INV_H

#include "frontend/c/c_trans.h"

/* How the formulas of one relation are printed. */
typedef struct ci_printer {
  int n;                     /* the relation's formals and their C text */
  const clp_term **formals;
  const char **name;         /* NULL: no C name */
  const c_base *type;        /* per formal: its C type (C_VOID: unknown, or
                                an array) */
  bool exact;                /* witness mode: long long arithmetic, only
                                what C evaluates exactly like the model */
  bool failed;               /* the term could not be printed */
  int nq;                    /* quantified (index) variables in scope */
  const clp_term **q;
  const char **qname;
} ci_printer;

/* One conjunct of a printed invariant: f holds for all values of its nq
 * index variables q (nq = 0: a plain conjunct). */
typedef struct ci_item {
  const clp_formula *f;
  int nq;
  const clp_term **q;
} ci_item;

/* c_invmin.c.  Contract: the conjuncts of f (index variables: the free
 * variables of f that are no formal of p, or those of ix[0..nix) when ix
 * is given, each quantified universally), simplified equivalently (for a
 * C reader: a bound that is exactly a formal's C type range counts as
 * true): clauses of f's CNF when f is quantified, bounds on one linear
 * term merged into the tightest, duplicates and conjuncts implied by the
 * others (Z3, a small time budget) dropped.  Returns their count. */
int ci_simplify(const ci_printer *p, const clp_formula *f,
                const clp_term *const *ix, int nix, ci_item **out);
/* Is the term the literal l's atom with the index variables of q
 * (nq of them) and no array? (a guard of a quantified clause) */
bool ci_guard(const clp_formula *l, int nq, const clp_term **q);
/* The guard g (a literal over q and integers) as q's bound: q <= *t
 * (*upper), *t <= q (*lower), or q == *t (both), q not in *t; false
 * unless q's coefficient is 1 or -1 and q occurs nowhere else. */
bool ci_isolate(const clp_formula *g, const clp_term *q, const clp_term **t,
                bool *upper, bool *lower);

/* c_invfmt.c.  Contract: the conjunction of it[0..n) as a C expression
 * (ACSL's "\forall int k; guard ==> body" for quantified conjuncts),
 * parenthesised by C's precedence; "1" for none.  Index variables get
 * names no formal has. */
const char *ci_items(ci_printer *p, int n, const ci_item *it);
/* Witness mode: f with every literal that p cannot print exactly (or that
 * has a variable no formal names) replaced by true: implied by f (f is in
 * negation normal form). */
const clp_formula *ci_weaken(ci_printer *p, const clp_formula *f);

#endif
