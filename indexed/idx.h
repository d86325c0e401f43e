/* idx.h -- the indexed-predicate engine (prefix idx_): Lahiri and Bryant's
 * indexed predicate abstraction (TOCL 2007, sections 4-11) on a rule set.
 *
 * A relation r with indexed predicates (its entry in the side table
 * idx_preds, idx_preds.h: the index variables and predicates the rule set
 * carries, docs/clp.md, and those discovery adds) is abstracted by a
 * Boolean function psi_r over one predicate variable per predicate (a
 * BuDDy BDD); its meaning is
 *     gamma(psi_r)(formals) = forall index. psi_r[p_j := ipred_j].
 * A relation without given predicates (and index variables) gets the
 * atoms of its rule over its formals as unindexed predicates.  The
 * universals of a callee are instantiated by the instantiation set Pi
 * (idx_terms), per part of the rule (idx_parts): every map of its index
 * variables into the index terms of the part (select/store indices of the
 * part and of the head's predicates, and the head's own index variables;
 * a fresh constant when there are none).  Axioms (rs->axioms, universally
 * closed) are instantiated the same way.  Instantiating a hypothesis only
 * weakens it, so images over-approximate and the certificate is sound.
 */
#ifndef IDX_H
#define IDX_H

#include "clp/clp.h"
#include "engine/engine.h"
#include "indexed/idx_preds.h"
#include "zb/zb.h"

/* The parameters of the indexed engine (eng_opts.params; NULL: all zero). */
typedef struct idx_params {
  bool discover;             /* predicate discovery (idx_disc.c) */
  int rounds;                /* bound on discovery rounds */
  int refute;                /* iterations of the refuter's first run when
                                discovery finds nothing new (0: off) */
  bool goal_stop;            /* end the iteration as soon as the goal is
                                derivable (discovery only needs to know) */
  const eng_handle *refuter; /* run on the same rule set with
                                max_iterations set; discovery reads its
                                out->atoms (idx_disc.c, "refute") */
} idx_params;

/* Caps of the instantiation heuristic. */
#define IDX_MAX_TERMS 24     /* index terms per rule */
#define IDX_MAX_PI 512       /* instances per call / per axiom */

/* The parts of r's rule: the disjuncts of its body when that is a
 * disjunction (one per transition of a system), else the body alone.
 * Images and certificates are computed part by part, each with its own
 * instantiation set (fewer, smaller queries; a part's disjunction is the
 * body).  Returns their number, the parts in *out. */
int idx_parts(const clp_rel *r, const clp_formula ***out);

/* The index terms of a part of rule r (idx_parts; or r->body) for a query
 * whose head index variables are hx[0..nhx) (fresh copies of r's index
 * variables, idx_head_vars):
 * hx, the select/store index terms of the part and of the head predicates
 * phi[0..nphi) (already over hx), then those of the rest of r's body whose
 * variables all occur in the part, phi or r's formals.  Returns their
 * number (at most IDX_MAX_TERMS), the terms in *out (GC). */
int idx_terms(const clp_rel *r, const clp_formula *part, int nhx,
              const clp_term **hx, int nphi, const clp_term **phi,
              const clp_term ***out);

/* part (of a rule body) with each call c(t) replaced by the conjunction,
 * over every map s of c's index variables (in t) into terms[0..nterms),
 * of gamma[c->id][formals := t, index := s] (gamma[c] over c's formals and
 * index variables; NULL = false), and the instances of rs's axioms over
 * the same terms conjoined.  *ninst (if not NULL) is increased by the
 * number of instances made.  Call-free. */
const clp_formula *idx_instantiate(const clp_rs *rs, const idx_preds *t,
                                   const clp_formula *part,
                                   const clp_formula **gamma, int nterms,
                                   const clp_term **terms, long *ninst);

/* The substitutions of the instances of a call c(t) (a CLP_F_CALL node)
 * over terms[0..nterms): formals := t and every map of c's index
 * variables (in the table t) into the terms, in odometer order, at most
 * IDX_MAX_PI.  Returns their number, the substitutions in *out (GC). */
int idx_call_substs(const idx_preds *t, const clp_formula *call, int nterms,
                    const clp_term **terms, clp_subst ***out);

/* The conjunction of the instances of rs's axioms over terms[0..nterms)
 * (every map of an axiom's free variables into the terms); *ninst (if not
 * NULL) is increased by their number. */
const clp_formula *idx_axioms(const clp_rs *rs, int nterms,
                              const clp_term **terms, long *ninst);

/* Fresh copies of r's index variables in t ("x#h"), a GC array of
 * idx_preds_of(t, r)->nindex. */
const clp_term **idx_head_vars(const idx_preds *t, const clp_rel *r);

/* The engine.  Contract: least fixpoint of the indexed abstraction over
 * all relations (Kleene iteration from empty, Jacobi order: iteration k
 * computes R_k from R_{k-1}; stats.iterations counts them up to the first
 * R_k = R_{k-1}, or, with idx_params.goal_stop, up to the first R_k in which
 * the goal is derivable); images by Z3 all-solutions enumeration with blocking
 * clauses.  safe with out->inv[r] over r's formals and index variables X
 * (meaning forall X. inv[r]) when the goal is not reachable abstractly;
 * unknown with a reason otherwise (never unsafe: the abstraction has no
 * counterexamples).  The predicates are those rs carries (idx_preds_new);
 * out->idx_preds is set to them. */
void idx_solve(const clp_rs *rs, const eng_opts *o, eng_result *out);

/* idx_solve with the predicates and index variables of the table t (read
 * only; out->idx_preds = t). */
void idx_solve_preds(const clp_rs *rs, const idx_preds *t, const eng_opts *o,
                     eng_result *out);

/* Certificate of an indexed invariant: for every relation r, with a fresh
 * solver of z, the rule body with the callees' invariants instantiated
 * (idx_instantiate) and the head's invariant negated with its index
 * variables as Skolem constants is unsatisfiable (the goal's invariant is
 * false, so its body must be unsatisfiable).  The index variables and the
 * predicates (whose index terms join the instantiation set) are those of
 * t, the table the engine answered with (eng_result.idx_preds); NULL: those
 * rs carries.  An unsat instance proves the quantified implication.
 * Returns true, or false with *why set (not provable, or Z3 unknown). */
bool idx_cert_safe(zb_ctx *z, const clp_rs *rs, const idx_preds *t,
                   const clp_formula **inv, const char **why);

/* Predicate discovery around idx_solve (CAV'04 section 4, idx_disc.c):
 * seeds from the rules' constraints, then rounds of weakest-precondition
 * predicates, each added to a side table (idx_preds: rs is not modified;
 * given predicates are kept; out->idx_preds is the table) and followed by
 * a fresh idx_solve_preds, until it answers safe, fails (timeout, ...), no
 * new predicate appears or idx_params.rounds rounds were made.  A round
 * without a new predicate first asks idx_params.refuter (.refute iterations, then
 * twice as many; off when 0 or NULL) for the atoms of its refutations of
 * spurious counterexamples, and answers unsafe with its counterexample
 * when it finds a real one.  Contract as
 * idx_solve (but unsafe, as above); stats.idx_disc_rounds and
 * stats.idx_disc_preds are set. */
void idx_disc_solve(const clp_rs *rs, const eng_opts *o, eng_result *out);

#endif
