/* zb.h -- the Z3 bridge (prefix zb_).  The bridge files clp/zb*.c (zb.c,
 * zb_smt2.c, sharing the private zbi.h) are the ONLY files of the project
 * that include <z3.h>.  The interface speaks IR only: no Z3 type escapes.
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

#include "clp.h"

typedef struct zb_ctx zb_ctx;
typedef struct zb_solver zb_solver;

typedef enum { ZB_UNSAT = 0, ZB_SAT = 1, ZB_UNKNOWN = 2 } zb_result;

/* Contract: a fresh context with an error handler that records (never
 * aborts); zb_ctx_free releases everything it made. */
zb_ctx *zb_ctx_new(void);
void zb_ctx_free(zb_ctx *z);
/* Last Z3 error message of this context, or NULL. */
const char *zb_error(zb_ctx *z);

/* Process-wide counters. */
long zb_live_refs(void);      /* inc_ref - dec_ref */
long zb_calls(void);          /* number of check/horn/qe calls made */

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
/* Contract: asserts a call-free formula (calls are a programming error). */
void zb_assert(zb_solver *s, const clp_formula *f);
void zb_assert_term(zb_solver *s, const clp_term *b); /* Bool term */
void zb_push(zb_solver *s);
void zb_pop(zb_solver *s);
/* Checks with a timeout of min(clp_remaining(), extra cap) seconds. */
zb_result zb_check(zb_solver *s);
/* Checks of s end by clp_now() time `until` (besides the global deadline):
 * past it zb_check answers ZB_UNKNOWN. */
void zb_solver_set_deadline(zb_solver *s, double until);
/* After ZB_SAT: value of a term in the model (model completion on), as a
 * concrete value; NULL if it cannot be represented (e.g. > int64). */
const clp_value *zb_model_eval(zb_solver *s, const clp_term *t);
/* Process-wide, off by default: model values also read arrays that Z3
 * gives as lambdas whose index occurs only in equalities with numerals
 * ((lambda ((x Int)) (or (= x 1) (= x 2))), Z3's Bool arrays), as the
 * body at each numeral and elsewhere.  Off, such values cannot be read
 * (NULL).  The .cub runs of a fixed number of processes turn it on. */
void zb_set_lambda_values(bool on);
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

/* Quantifier elimination: a call-free formula equivalent to
 * exists vars. f, or NULL on failure. */
const clp_formula *zb_exists(zb_ctx *z, int nvars, const clp_term **vars,
                             const clp_formula *f);

/* --------------------------------------------------------------- input */
/* CHC-COMP input (zb_smt2.c, docs/smt2.md).  Contract: parses the SMT-LIB 2
 * file (logic HORN) with Z3's parser in a private context and converts it to
 * a sealed clp_rs: each asserted Horn clause becomes a clause of its head
 * relation; the queries (head false) become clauses of one fresh nullary
 * goal relation.  On bad input (syntax, non-Horn clause, unsupported sort or
 * construct) prints "FILE:LINE:COL: error: MESSAGE" (position of the
 * assertion) or "FILE: error: MESSAGE" to stderr and returns NULL. */
clp_rs *zb_load_smt2(const char *path);
/* The same on text[0..len) (NUL-terminated; a NUL before len is an error),
 * with path the name used in messages. */
clp_rs *zb_load_smt2_string(const char *path, const char *text, size_t len);

#endif
