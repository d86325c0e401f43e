/* abs.h -- abstractions and the Boolean program [[P]]alpha (prefix abs_).
 *
 * An abstraction alpha gives every relation r of a rule set an interface
 * (primitive constraints over r's formals: alpha^a_r) and explicated
 * constraints (D-valid, call-free formulas over the atoms of r's rule:
 * alpha^e_r).  [[P]]alpha is the Boolean program of CAR Fig. 3 (no Cartesian
 * approximation); abs_solve computes its least model exactly with BuDDy BDDs
 * and, when the goal holds, extracts a derivation as a concrete trace of P
 * (Lemma 4).  BDDs never leave this module.
 */
#ifndef ABS_H
#define ABS_H

#include "clp/clp.h"

typedef struct abs_rel {
  int natoms; int capatoms;
  const clp_term **atoms;      /* interface, over the relation's formals */
  int nexp; int capexp;
  const clp_formula **exp;     /* explicated constraints (conjoined) */
} abs_rel;

typedef struct abs_alpha {
  int nrels;
  abs_rel *rels;               /* indexed by clp_rel.id */
} abs_alpha;

/* The coarsest abstraction (bottom): no atoms, explicated = true. */
abs_alpha *abs_bottom(const clp_rs *rs);
/* Join one atom / one explicated constraint into alpha^a_r / alpha^e_r.
 * Contract: duplicates (same atom pointer; structurally equal formula) and
 * constant atoms/formulas are ignored; returns true iff alpha grew. */
bool abs_add_atom(abs_alpha *a, const clp_rel *r, const clp_term *atom);
bool abs_add_exp(abs_alpha *a, const clp_rel *r, const clp_formula *f);
/* replicate(alpha) for the variants of a trace rule set (clp_trace_rs):
 * every variant s gets a copy of alpha_{base(s)}. */
abs_alpha *abs_replicate(const abs_alpha *a, const clp_rs *variants);
int abs_total_atoms(const abs_alpha *a);
int abs_total_exp(const abs_alpha *a);

typedef struct abs_result {
  bool goal_holds;             /* [[P]]alpha |=B goal */
  clp_trace *trace;            /* goal_holds: a derivation of the goal, as the
                                  corresponding concrete trace of P (Lemma 4),
                                  of minimal height */
  const bool **tuple;          /* goal_holds: tuple[k][i] is the value the
                                  derivation gives interface atom i (alpha
                                  order) of nodes[k].rel in trace node k */
  const clp_formula **inv;     /* !goal_holds: per relation id, the least
                                  model concretised as a formula over the
                                  formals (a Boolean combination of interface
                                  atoms); inv[goal] is false */
  int rounds;                  /* fixpoint rounds */
  long bdd_nodes;              /* BDD nodes in use at the end */
} abs_result;

typedef enum { ABS_OK = 0, ABS_TIMEOUT, ABS_MEMOUT, ABS_ERROR } abs_status;

/* Contract: computes the least model of [[rs]]a by Kleene iteration over
 * BDDs (deterministic), checking clp_expired() between BDD operations.
 * On ABS_OK fills *out.  Any relation of rs may be the goal (rs->goal). */
abs_status abs_solve(const clp_rs *rs, const abs_alpha *a, abs_result *out);

/* BuDDy set-up/tear-down (idempotent); node cap from --memory (0 = none). */
void abs_init(long max_nodes);
/* The version of the BuDDy library linked ("BuDDy - release 2.4"). */
const char *abs_bdd_version(void);
void abs_done(void);
/* For indexed/, which keeps its own BDDs (predicate variables of its
 * abstract values) in the same BuDDy instance: ready with at least nvars
 * variables (false: BuDDy could not start); whether a BuDDy error (node
 * limit) happened since. */
bool abs_bdd_begin(int nvars);
bool abs_bdd_failed(void);

#endif
