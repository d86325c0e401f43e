/* pre.h -- CHC preprocessing of a rule set (prefix clp_pre_), with the way
 * back: models and counterexamples of the preprocessed set are translated
 * to the relations of the original set, where driver/main.c certifies them.
 *
 * The pass (clp_pre_run), in order:
 *  1. empty relations: a least fixpoint over "some rule path has only
 *     derivable calls" (constraints ignored); the rest cannot be derived:
 *     their calls become false, their model is false;
 *  2. cone of influence: relations the goal cannot reach (through calls to
 *     derivable relations) are dropped; their model is true;
 *  3. inlining: a relation in the cone that is not the goal, is on no call
 *     cycle, and either is called exactly once or has a small body without
 *     disjunction, is replaced at its call sites by a renamed copy of its
 *     body (formals := arguments, locals fresh, positions kept) -- but only
 *     when its own expanded and simplified body (its "template") has no
 *     local variable left, so its model is the template with the callees'
 *     models substituted, a formula over its formals (no quantifier);
 *  4. simplification: in every conjunction, an equation  l = t  (or a
 *     linear equation with coefficient +-1 on l, or a Bool literal l / !l)
 *     for a local l that occurs nowhere outside that conjunction, l not in
 *     t, t a variable or a constant, is solved and l substituted away (the
 *     term builders fold constants); the eliminations are recorded for the
 *     way back.
 * The kept relations keep their names, formals and positions.
 */
#ifndef CLP_PRE_H
#define CLP_PRE_H

#include "clp/clp.h"

typedef struct clp_pre clp_pre;

typedef struct clp_pre_stats {
  int kept, inlined, empty, dropped; /* relations of the original set */
  int eliminated;                    /* local variables substituted away */
} clp_pre_stats;

/* Contract: preprocesses the sealed rule set rs (not modified) and returns
 * the map to and from the result; NULL when rs is outside what the pass
 * handles (systems: index variables, axioms or given predicates), in which
 * case rs is to be solved as it is. */
clp_pre *clp_pre_run(const clp_rs *rs);

/* The preprocessed rule set (sealed: bodies numbered, locals computed). */
const clp_rs *clp_pre_rs(const clp_pre *p);
void clp_pre_get_stats(const clp_pre *p, clp_pre_stats *s);

/* Contract: inv holds, per relation id of the preprocessed set, a
 * call-free formula over that relation's formals.  Returns the invariants
 * per relation id of the original set, each call-free over the original
 * relation's formals: kept relations their own, dropped ones true, empty
 * ones false, inlined ones their template with every call c(t) replaced by
 * inv_c[formals := t].  NULL when an input invariant is missing. */
const clp_formula **clp_pre_model_back(const clp_pre *p,
                                       const clp_formula **inv);

/* Contract: t/env is a counterexample derivation of the preprocessed set
 * (env[k] over node k's formals and locals; funs: the uninterpreted
 * functions' interpretations, nfuns of them).  Builds a derivation of the
 * original set rooted at its goal, one node per instance of an original
 * relation (an inlined relation is its own node, its values read from the
 * renamed copy's variables), with environments over the nodes' formals
 * and locals (funs set in every one).  Returns true and sets *out_t,
 * *out_env; or false with *why when it cannot (the caller must then not
 * claim unsafe): clp_why_div0 when the original derivation divides by zero
 * in SMT-LIB input, not an internal error.  The result still has to be
 * certified (cert_unsafe). */
bool clp_pre_trace_back(const clp_pre *p, const clp_trace *t, clp_env **env,
                        int nfuns, const clp_funinterp **funs,
                        const clp_trace **out_t, clp_env ***out_env,
                        const char **why);

#endif
