/* absint.h -- private to abstract/: the Boolean program [[P]]alpha compiled
 * to BuDDy BDDs.  Nothing here leaves the module.
 *
 * BDD variables (the order is the index order; no reordering).  The space is
 * cut into groups of `stride` variables: group j starts with the parameter
 * P_j (shared by all relations: R_r is a BDD over P_0 .. P_{n-1}), then the
 * rule atom [[h_j]] of the relation being evaluated, then the j-th
 * instantiated interface atom of its first calls.  So P_j <-> [[h_j]] and a
 * recursive call's [[h_j[x := t]]] are neighbours, which keeps the head
 * equivalences and the explicated clauses (that relate the two) small.
 * Other rule atoms come after all groups.  Each rule is evaluated on its
 * own, so all rules share the same variables.  Every BDD stored in these
 * structs holds one BuDDy reference.
 */
#ifndef ABSINT_H
#define ABSINT_H

#include <bdd.h>

#include "abstract/abs.h"

#define GROUP_CALLS 6     /* calls whose parameters get group places */
/* A cluster of explicated clauses (conjoined with a rule's body one after
 * the other, compile.c) grows up to this many BDD nodes. */
#define ABS_CLUSTER 4096

typedef struct bnode {          /* compiled node of a rule body */
  clp_fkind kind;
  const clp_formula *f;         /* the node of rel->body it mirrors */
  int var;                      /* LIT: BDD variable of the atom */
  bool neg;                     /* LIT */
  int n;                        /* AND/OR: kids; CALL: parameters */
  struct bnode **kids;          /* AND/OR */
  BDD *quant;                   /* AND (NULL: none): the rule's locals to
                                   quantify once kid i is conjoined (their
                                   last occurrence; in no explicated clause;
                                   bddtrue: none) */
  int nsupp; int *supp;         /* its BDD's variables (compile.c) */
  int callee;                   /* CALL: relation id */
  BDD *params;                  /* CALL: [[h'_i]] over V vars, i < n */
  BDD eq;                       /* CALL, checking mode only (abs_eqmode):
                                   AND_i (P_i <-> params[i]) */
  bddPair *pair;                /* CALL: P_i := params[i] (BuDDy memory) */
} bnode;

typedef struct brule {          /* compiled rule of one relation */
  const clp_rel *rel;
  int nif;                      /* interface atoms: atoms[0 .. nif-1] */
  int natoms; int capatoms;
  const clp_term **atoms;       /* the rule's atoms ... */
  int *vars;                    /* ... and their BDD variables */
  int nextra;                   /* atoms placed after the groups */
  int *slots; int nslots;       /* open-addressing map term id -> k+1 */
  bnode *body;
  int nexp;                     /* [[alpha^e_r]]: its clauses in */
  BDD *exps;                    /* clusters, conjoined with the body one
                                   after the other */
  BDD *expq;                    /* the locals quantified after exps[i]
                                   (last named there; bddtrue: none) */
  BDD heq;                      /* AND_i (P_i <-> [[h_i]]), i < nif */
  BDD vset;                     /* variable set of all rule atoms */
  int ncallees; int *callees;   /* distinct callee relation ids */
} brule;

typedef struct bprog {          /* the whole Boolean program */
  const clp_rs *rs;
  const abs_alpha *a;
  int nrels;
  brule *rules;                 /* by relation id */
  BDD pset;                     /* {P_0 .. P_{maxif-1}} */
  int maxif;
  int stride;                   /* variables per group */
} bprog;

#define PVAR(p, j) ((j) * (p)->stride)

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
 * *out referenced.  Also [[body_r]] alone: with quant, its locals
 * quantified early (bnode.quant); without, whole (for derivations). */
abs_status abs_body(const bprog *p, const bnode *n, const BDD *R, bool quant,
                    BDD *out);
abs_status abs_apply_rule(const bprog *p, const brule *b, const BDD *R,
                          BDD *out);

/* derive.c: the goal tuple holds at round k of rounds[0..k]. */
abs_status abs_derive(const bprog *p, BDD *const *rounds, int k,
                      clp_trace **out, const bool ***tuples);
bool abs_eval_tuple(const bprog *p, BDD r, const char *tuple);

/* concretise.c */
const clp_formula *abs_concretise(const bprog *p, BDD r, int n,
                                  const clp_term **atoms);

/* Calls are instantiated by bdd_veccompose (P_i := params[i]).  With the
 * environment variable CAR_ABS_EQMODE set, by the relational product with
 * AND_i (P_i <-> params[i]) instead: slower (the conjunction can be
 * exponential in the variable order) but a cross-check of the first. */
bool abs_eqmode(void);

/* Status between BDD operations: timeout or a BuDDy error. */
abs_status abs_check(void);

#endif
