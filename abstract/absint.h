/* absint.h -- private to abstract/: the Boolean program [[P]]alpha compiled
 * to BuDDy BDDs.  Nothing here leaves the module.
 *
 * BDD variables: interface parameter k of any relation is P_k = var 2k; rule
 * atom k of the relation being evaluated is V_k = var 2k+1 (the variables are
 * shared by all rules: each rule is evaluated on its own).  A rule's first
 * atoms are its interface atoms, so P_k and [[h_k]] = V_k are neighbours.
 * Every BDD stored in these structs holds one BuDDy reference.
 */
#ifndef ABSINT_H
#define ABSINT_H

#include <bdd.h>

#include "abs.h"

#define PVAR(k) (2 * (k))
#define VVAR(k) (2 * (k) + 1)

typedef struct bnode {          /* compiled node of a rule body */
  clp_fkind kind;
  const clp_formula *f;         /* the node of rel->body it mirrors */
  int var;                      /* LIT: index k of V_k */
  bool neg;                     /* LIT */
  int n;                        /* AND/OR: kids; CALL: parameters */
  struct bnode **kids;          /* AND/OR */
  int callee;                   /* CALL: relation id */
  BDD *params;                  /* CALL: [[h'_i]] over V vars, i < n */
  BDD eq;                       /* CALL: AND_i (P_i <-> params[i]) */
} bnode;

typedef struct brule {          /* compiled rule of one relation */
  const clp_rel *rel;
  int nif;                      /* interface atoms: V_0 .. V_{nif-1} */
  int natoms; int capatoms;
  const clp_term **atoms;       /* atom k is V_k */
  int *slots; int nslots;       /* open-addressing map term id -> k+1 */
  bnode *body;
  BDD exp;                      /* [[alpha^e_r]] */
  BDD heq;                      /* AND_i (P_i <-> V_i), i < nif */
  BDD vset;                     /* variable set {V_0 .. V_{natoms-1}} */
  int ncallees; int *callees;   /* distinct callee relation ids */
} brule;

typedef struct bprog {          /* the whole Boolean program */
  const clp_rs *rs;
  const abs_alpha *a;
  int nrels;
  brule *rules;                 /* by relation id */
  BDD pset;                     /* {P_0 .. P_{maxif-1}} */
  int maxif;
} bprog;

/* budd.c: BuDDy state. */
bool abs_bdd_ready(void);               /* initialises lazily; false: error */
void abs_bdd_vars(int n);               /* ensure at least n variables */
int abs_bdd_status(void);               /* ABS_OK, or the error seen */
void abs_bdd_clear(void);               /* forget a recorded error */
void abs_bdd_reset(void);               /* after an error: tear down */

/* compile.c */
abs_status abs_compile(const clp_rs *rs, const abs_alpha *a, bprog *p);
void abs_release(bprog *p);

/* fixpoint.c: one application of F_r against the relations R (by id);
 * *out referenced.  Also [[body_r]] alone (for derivations). */
abs_status abs_body(const bprog *p, const bnode *n, const BDD *R, BDD *out);
abs_status abs_apply_rule(const bprog *p, const brule *b, const BDD *R,
                          BDD *out);

/* derive.c: the goal tuple holds at round k of rounds[0..k]. */
abs_status abs_derive(const bprog *p, BDD *const *rounds, int k,
                      clp_trace **out);
bool abs_eval_tuple(BDD r, const char *tuple);

/* concretise.c */
const clp_formula *abs_concretise(BDD r, int n, const clp_term **atoms);

/* Status between BDD operations: timeout or a BuDDy error. */
abs_status abs_check(void);

#endif
