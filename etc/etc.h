/* etc.h -- the explicating trace checker, concrete side (prefix etc_).
 *
 * A trace (clp_trace) is flattened into one constraint: the variables of
 * node k are labelled k+1 (clp_var_labelled), a call binds the callee's
 * formals to the caller's argument terms (CAR paper §6, flat^T_r), and Z3
 * decides it.  Satisfiable: a real counterexample, returned with concrete
 * values per node.  Unsatisfiable: refine/ computes the refinement.
 */
#ifndef ETC_H
#define ETC_H

#include "clp/clp.h"
#include "zb/zb.h"

/* A counterexample: per trace node, an environment over the node's own
 * (unlabelled) formals and locals, plus the interpretation of every
 * uninterpreted function (shared by all nodes). */
typedef struct etc_cex {
  const clp_trace *trace;
  clp_env **env;               /* env[k] for nodes[k] */
  int nfuns; const clp_funinterp **funs;
} etc_cex;

/* The binding of a call: formal@callee = arg@caller for each argument (the
 * callee's formals and the caller's arguments labelled as given). */
const clp_formula *etc_bind(const clp_formula *call, int caller, int callee);

/* The flattened trace constraint flat^T_goal (call-free). */
const clp_formula *etc_flatten(const clp_trace *t);

/* Division by zero (SMT-LIB): `x div 0` and `x mod 0` are total but
 * unspecified, a function of x that each model of the theory picks.  A trace
 * is infeasible (ZB_UNSAT) only when it is so under every choice (Z3 decides
 * it that way).  A counterexample must hold under every choice too, so it
 * may not evaluate a division by zero: the trace is checked a second time
 * with every division it evaluates guarded by a nonzero divisor (ite
 * branches: under their conditions).  Feasible only through a division by
 * zero: ZB_UNKNOWN with *why set (the answer to the query depends on the
 * unspecified values).
 *
 * Contract: ZB_SAT -> *cex filled from the model (no division by zero in
 * the evaluated terms); ZB_UNSAT -> trace infeasible; ZB_UNKNOWN -> Z3 gave
 * up, the model could not be read, or the trace is feasible only through a
 * division by zero (*why says which, when why is not NULL). */
zb_result etc_check(zb_ctx *z, const clp_trace *t, etc_cex **cex,
                    const char **why);

/* The same check for the semantics of .clp input (docs/clp.md), where
 * x div 0 and x mod 0 are uninterpreted like the file's own functions
 * (unsafe = derivable under SOME interpretation): with free_div0 the trace
 * is checked without guards and the counterexample's funs include the
 * interpretations of clp_fun_div0/mod0 the model uses (entries for the
 * dividends the trace divides by zero).  free_div0 false: etc_check. */
zb_result etc_check_div0(zb_ctx *z, const clp_trace *t, bool free_div0,
                         etc_cex **cex, const char **why);

/* Appends to *g (n so far, *cap) one formula per division or modulo in t
 * whose divisor is not a nonzero constant: "the conditions of the ite
 * branches it sits in imply divisor != 0"; returns the new count. */
int etc_div_guards(const clp_term *t, const clp_formula ***g, int n, int *cap);

/* Bounded model checking of linear rule sets (etc_bmc.c): every chain of
 * rules from the goal of height <= k as one incremental formula (calls of
 * relations that reach no call cycle unfolded in place, when that makes
 * the rule set linear: a chain with a tree of such instances per node).
 * etc_bmc_new: NULL if a conjunctive path of some rule calls two relations
 * that reach a call cycle, or an unfolding is too large;
 * its solver leaves out the extensionality of arrays (zb_solver_weak_arrays:
 * a refutation holds in the full theory, a chain is confirmed in it).
 * etc_bmc_run: checks heights checked+1 .. max_height in order until the
 * process's CPU time (clp_cpu_now) reaches `until`, and in any case until
 * clp_now() time wall_until (CPU budgets make the outcome independent of the machine's
 * load; the wall cap bounds a query on a starved process); ZB_SAT: *cex is
 * the shortest chain, checked by etc_check;
 * ZB_UNSAT: no derivation of height <= max_height; ZB_UNKNOWN: the time ran
 * out or Z3 gave up (heights already refuted stay refuted: a later call
 * goes on from there; a height whose check ran out after c CPU seconds is
 * checked again only when the call has 2c of them, so repeated short
 * calls do not lose their time on it).  The solver is freed by
 * etc_bmc_free. */
typedef struct etc_bmc etc_bmc;
etc_bmc *etc_bmc_new(zb_ctx *z, const clp_rs *rs);
zb_result etc_bmc_run(etc_bmc *b, int max_height, double until,
                      double wall_until, etc_cex **cex);
int etc_bmc_height(const etc_bmc *b);   /* heights refuted so far */
/* Reading a model back, an equality of two arrays that Z3's model does not
 * evaluate to true or false (arrays given as functions) is decided from
 * the two sides' values (clp_v_equal) when on; off (the default), the
 * model is not read (etc_bmc_run: ZB_UNKNOWN).  The trace read is checked
 * by etc_check either way. */
void etc_bmc_set_extensional(etc_bmc *b, bool on);
void etc_bmc_free(etc_bmc *b);

/* Explicit-state search of linear rule sets over finite domains
 * (etc_explore.c): breadth-first, one concrete fact R(values) at a time.
 * etc_exp_new: NULL when some rule has a variable that cannot be bound by
 * the fact it calls, an equation or an enumeration of finite bounds (an
 * unbounded Int no equation defines, an array, a function), or two calls.
 * etc_exp_run: expands the facts of height <= max_height (the fact of a
 * rule without a call has height 0) until the goal is derived (FOUND: the
 * derivation with the fewest rule applications; etc_exp_trace gives it as
 * a trace, for etc_check), every fact is expanded (NONE: the goal has no
 * derivation of height <= max_height + 1, answered only when no
 * evaluation was given up and no value guessed; PARTIAL when some was: an
 * Int that nothing bounds takes the rule set's constants and one more), or
 * more than max_facts facts are stored or the CPU time `until` / wall time
 * wall_until passes (LIMIT).  etc_exp_free
 * releases the facts. */
typedef struct etc_exp etc_exp;
typedef enum { ETC_EXP_FOUND, ETC_EXP_NONE, ETC_EXP_PARTIAL, ETC_EXP_LIMIT }
  etc_exp_result;
etc_exp *etc_exp_new(const clp_rs *rs);
etc_exp_result etc_exp_run(etc_exp *x, int max_height, long max_facts,
                           double until, double wall_until);
clp_trace *etc_exp_trace(etc_exp *x);  /* FOUND: the goal's derivation */
long etc_exp_facts(const etc_exp *x);  /* facts stored */
int etc_exp_depth(const etc_exp *x);   /* heights expanded completely */
void etc_exp_free(etc_exp *x);

#endif
