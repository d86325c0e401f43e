/* zb.h -- the Z3 bridge (prefix zb_), a library of its own (zb/).  Its
 * files zb/zb_*.c (one concern each: contexts, encoding, solvers, models,
 * decoding, Horn, quantifier elimination, SMT-LIB input; they share the
 * private zbi.h) are the ONLY files of the project that include <z3.h>.
 * The interface speaks IR only: no Z3 type escapes.
 *
 * Memory: one Z3 context per zb_ctx, made with Z3_mk_context_rc; every Z3
 * AST the bridge keeps is inc_ref'd and released by its owner; bridge
 * objects (zb_ctx, zb_solver) live in malloc memory, never on the GC heap,
 * and hold no pointers into the GC heap (term caches are keyed by term id).
 * zb_live_refs() counts inc_ref minus dec_ref over the process: it is 0 once
 * every bridge object has been freed (tests assert this at exit).
 */
#ifndef ZB_H
#define ZB_H

#include "clp/clp.h"

typedef struct zb_ctx zb_ctx;
typedef struct zb_solver zb_solver;

typedef enum { ZB_UNSAT = 0, ZB_SAT = 1, ZB_UNKNOWN = 2 } zb_result;

/* Contract: a fresh context with an error handler that records (never
 * aborts); zb_ctx_free releases everything it made.  (Z3's own context may
 * be one a zb_ctx freed without errors before: zb_ctx.c keeps one.) */
zb_ctx *zb_ctx_new(void);
void zb_ctx_free(zb_ctx *z);
/* Last Z3 error message of this context, or NULL. */
const char *zb_error(zb_ctx *z);
/* Contract: whether the solvers of z read array values given as lambdas
 * (zb_model_eval, zb_model_fun) unless they have a setting of their own
 * (zb_solver_set_lambda_values); off in a new context.  Applies to the
 * solvers made before and after; other contexts are not affected. */
void zb_ctx_set_lambda_values(zb_ctx *z, bool on);

/* Process-wide counters (every context together). */
long zb_live_refs(void);      /* inc_ref - dec_ref */
long zb_calls(void);          /* number of check/horn/qe calls made */
/* Solvers moved from Z3's SMT core to its combined solver (tactics): for
 * arrays or functions, or a check the core left incomplete (zbi.h). */
long zb_upgrades(void);

/* Memory cap for Z3 (MB, 0 = none); applied to contexts made afterwards. */
void zb_set_memory_mb(unsigned mb);
/* Whether Z3 ran out of memory at some point of this process (an error
 * Z3_MEMOUT_FAIL, a context that could not be made under the cap, or a
 * check undecided for memory): the driver then reports the memory limit. */
bool zb_memory_exhausted(void);
/* The version of the Z3 library linked, "4.8.12". */
const char *zb_version(void);

/* --------------------------------------------------------------- solving */
/* An incremental solver.  Variables are Z3 constants named after the IR
 * variable ("x", or "x@k" for label k); uninterpreted clp_funs become Z3
 * function declarations of the same name. */
zb_solver *zb_solver_new(zb_ctx *z);
void zb_solver_free(zb_solver *s);
/* Parameters for a solver that enumerates many models (thousands of small
 * incremental checks, each model read for a few Booleans): no relevancy
 * propagation, Z3's simplex arithmetic (arith.solver=2), no compaction of
 * function graphs in models.  Answers are those of any complete procedure
 * (the same cubes); on the indexed engine's German-FIFO they cut the time
 * of the images by about two thirds (docs/indexed.md, "Images"). */
void zb_solver_tune_enum(zb_solver *s);
/* Contract: asserts a call-free formula (calls are a programming error). */
void zb_assert(zb_solver *s, const clp_formula *f);
void zb_assert_term(zb_solver *s, const clp_term *b); /* Bool term */
void zb_push(zb_solver *s);
void zb_pop(zb_solver *s);
/* Checks with a timeout of min(clp_remaining(), extra cap) seconds. */
zb_result zb_check(zb_solver *s);
/* zb_check under assumptions: lits[0..n) are Bool variables or their
 * negations (clp_not of a variable), assumed for this check only. */
zb_result zb_check_assuming(zb_solver *s, int n, const clp_term **lits);
/* Checks of s end by clp_now() time `until` (besides the global deadline):
 * past it zb_check answers ZB_UNKNOWN. */
void zb_solver_set_deadline(zb_solver *s, double until);
/* Bounds each later check of s by Z3's resource limit ("rlimit"): counted,
 * not timed, so a check gives up at the same point on an idle and on a
 * loaded machine (ZB_UNKNOWN).  0 = none. */
void zb_solver_set_rlimit(zb_solver *s, unsigned units);
/* Turns off Z3's extensionality axiom for arrays in s (a != b then has no
 * index where they differ): a weaker theory, so ZB_UNSAT still holds in
 * the full one, while ZB_SAT may not (the caller checks its models in the
 * full theory).  Z3 finds models of the bounded model checker's chains
 * over nested arrays at once instead of in seconds (German-FIFO's buggy
 * run: 0.1 s instead of 8 s for the query of 9 nodes). */
void zb_solver_weak_arrays(zb_solver *s);
/* After ZB_SAT: value of a term in the model (model completion on), as a
 * concrete value; NULL if it cannot be represented (e.g. > int64). */
const clp_value *zb_model_eval(zb_solver *s, const clp_term *t);
/* Contract: a setting of s alone, its context's setting
 * (zb_ctx_set_lambda_values) until set: on, s's model values also read
 * arrays that Z3 gives as lambdas whose index occurs only in equalities
 * with numerals ((lambda ((x Int)) (or (= x 1) (= x 2))), Z3's Bool
 * arrays), as the body at each numeral and elsewhere.  Off, such values
 * cannot be read (NULL).  The bounded searches (CAR's bounded model
 * checker, the .cub runs of a fixed number of processes) turn it on. */
void zb_solver_set_lambda_values(zb_solver *s, bool on);
/* After ZB_SAT: interpretation of an uninterpreted function, or NULL. */
const clp_funinterp *zb_model_fun(zb_solver *s, const clp_fun *f);

/* Convenience: is the call-free formula valid (its negation unsat) in a
 * fresh solver?  ZB_SAT here means "valid", ZB_UNSAT "not valid". */
zb_result zb_valid(zb_ctx *z, const clp_formula *f);

/* Is the conjunction of the call-free formulas f[0..n) satisfiable?  On
 * ZB_UNSAT, keep[i] marks an irredundant unsatisfiable subset (Z3's unsat
 * core under indicator assumptions, then minimised by deletion).  Each
 * query may take at most a few seconds (ZB_CORE_SECONDS): past that the
 * answer is ZB_UNKNOWN. */
zb_result zb_core(zb_ctx *z, int n, const clp_formula **f, bool *keep);
/* zb_core for many subsets of one set of formulas f[0..n), in one solver
 * (each formula asserted once behind an indicator): zb_coreset_check
 * checks the conjunction of the f[i] with use[i] (use NULL: all) and on
 * ZB_UNSAT marks in keep an irredundant unsatisfiable subset of them.  The
 * set's checks share one deadline of ZB_CORE_SECONDS. */
typedef struct zb_coreset zb_coreset;
zb_coreset *zb_coreset_new(zb_ctx *z, int n, const clp_formula **f);
zb_result zb_coreset_check(zb_coreset *c, const bool *use, bool *keep);
void zb_coreset_free(zb_coreset *c);

/* --------------------------------------------------------------- Horn */
/* Solve a rule set as constrained Horn clauses with Z3's Spacer engine,
 * preprocessing that would eliminate relations switched off.
 * Contract: returns ZB_UNSAT when the goal is NOT derivable (safe) and then,
 * if interp != NULL, fills interp[r->id] for every relation with a formula
 * over r->formals (quantifier-free, call-free, converted back to IR) such
 * that every rule holds and interp[goal] is false; a relation whose
 * interpretation cannot be converted gets NULL.  Returns ZB_SAT when the goal
 * is derivable, ZB_UNKNOWN on timeout or failure. */
zb_result zb_horn(zb_ctx *z, const clp_rs *rs, const clp_formula ***interp);

/* zb_horn mode for this context: false (default) switches off every
 * transformation that removes relations, so Spacer's lemmas are its
 * interpretations; true keeps Spacer's inlining: much faster on long
 * traces, eliminated relations are interpreted by their exact definitions
 * (NULL where those need quantifiers). */
void zb_horn_set_inline(zb_ctx *z, bool on);

/* zb_horn's work limit for this context in Z3's resource units (its
 * "rlimit": counted, not timed, so a run ends the same way on an idle and
 * a loaded machine); 0 (default) = none.  Past it zb_horn is ZB_UNKNOWN. */
void zb_horn_set_rlimit(zb_ctx *z, unsigned units);

/* Quantifier elimination: a call-free formula equivalent to
 * exists vars. f, or NULL on failure. */
const clp_formula *zb_exists(zb_ctx *z, int nvars, const clp_term **vars,
                             const clp_formula *f);

/* --------------------------------------------------------------- input */
/* SMT-LIB 2 input, the Z3 side (zb_smt2.c): frontend/smt2/smt2.c makes Horn
 * clauses of what this reads (docs/smt2.md).  An assertion's matrix is a
 * tree of Bool nodes in GC memory, no Z3 object in it: */
typedef enum {
  ZB_SX_AND, ZB_SX_OR, ZB_SX_IMPLIES, ZB_SX_ITE, ZB_SX_NOT, /* connectives */
  ZB_SX_TRUE, ZB_SX_FALSE,
  ZB_SX_REL,   /* a relation atom name(args) */
  ZB_SX_OTHER  /* any other Bool term */
} zb_sx_kind;

/* Why the bridge could not translate something: the message, and its kind
 * as data (never read off the words): unsupported when the input is valid
 * but outside what the IR expresses (a sort, an operator, a quantifier
 * place), else the input is not a Horn clause set car reads. */
typedef struct zb_why {
  const char *text;        /* NULL: nothing wrong */
  bool unsupported;
} zb_why;

typedef struct zb_sx zb_sx;
struct zb_sx {
  zb_sx_kind kind;
  int id;                  /* the node in its zb_smt2 (zb_smt2_term) */
  int n;                   /* connectives: the n kids, in Z3's order */
  const zb_sx **kids;
  const char *rel;         /* the first relation atom in the node (its
                              name, in pre-order), NULL: relation-free */
  /* ZB_SX_REL (rel is its own name): the relation's arity and argument
   * sorts, or why_sig (an argument sort the IR lacks: unsupported) */
  int arity;
  const clp_sort **sorts;
  const char *why_sig;
};

/* One assertion: err (its quantifier prefix is not supported: forall and
 * exists alternate, exists other than (not (exists ...)), lambda), or the
 * matrix under its foralls, or under the exists of a not (exists ...) when
 * query is set. */
typedef struct zb_smt2_clause {
  zb_why err;
  bool query;
  const zb_sx *matrix;
} zb_smt2_clause;

/* Contract: zb_smt2_open parses text (NUL-terminated) with Z3's SMT-LIB 2
 * parser in a private context and returns the file (malloc) with its *n
 * assertions; NULL with *err Z3's message (with "line L column C: ",
 * columns from 0) on a parse error.  zb_smt2_get opens assertion i into
 * *cl: its bound variables become IR variables named after their binders
 * (x, x!1, ... when a name repeats within the assertion); the nodes of the
 * previous assertion are no longer valid.  zb_smt2_term: the IR term of a
 * relation-free node of the open assertion, or NULL with *why;
 * zb_smt2_args: the argument terms of a ZB_SX_REL node without why_sig,
 * or NULL with *why (the first argument that has none).  zb_smt2_z3_error:
 * "Z3: MESSAGE" if Z3 raised an error since the assertion was opened, else
 * NULL.  zb_smt2_close frees the file (NULL is accepted). */
typedef struct zb_smt2 zb_smt2;
zb_smt2 *zb_smt2_open(const char *text, int *n, const char **err);
void zb_smt2_get(zb_smt2 *s, int i, zb_smt2_clause *cl);
const clp_term *zb_smt2_term(zb_smt2 *s, const zb_sx *x, zb_why *why);
const clp_term **zb_smt2_args(zb_smt2 *s, const zb_sx *x, zb_why *why);
const char *zb_smt2_z3_error(zb_smt2 *s);
void zb_smt2_close(zb_smt2 *s);

#endif
