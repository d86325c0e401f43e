/* fe.h -- frontends (prefix fe_).  Every frontend yields a sealed clp_rs.
 * On bad input a frontend adds its diagnostics (frontend/common/fe_diag.h:
 * position, kind, text) to the list d it is given and returns NULL; it
 * never prints and never aborts.  d may be NULL (messages dropped). */
#ifndef FE_H
#define FE_H

#include "clp/clp.h"
#include "frontend/common/fe_diag.h"

/* The .clp language (docs/clp.md). */
clp_rs *fe_clp_parse_file(const char *path, fe_diags *d);
clp_rs *fe_clp_parse_string(const char *name, const char *text, size_t len,
                            fe_diags *d);

/* A predicates file (--predicates, docs/clp.md "Indexed predicates"):
 * .clp syntax with only indexed, axiom, fun and pred items, naming the
 * relations of rs.  Contract: attaches the indexed predicates to rs's
 * relations (clp_rel_add_ipreds) and the axioms to rs; returns 0, or -1
 * with diagnostics in d (rs unchanged then). */
int fe_clp_load_preds(const char *path, clp_rs *rs, fe_diags *d);

/* CHC-COMP input (smt2.c, docs/smt2.md).  Contract: parses the SMT-LIB 2
 * file (logic HORN) with Z3's parser (zb_smt2_open) and converts it to a
 * sealed clp_rs: each asserted Horn clause becomes a clause of its head
 * relation; the queries (head false) become clauses of one fresh nullary
 * goal relation.  On bad input (syntax, non-Horn clause, unsupported sort or
 * construct) adds a diagnostic at the position of the assertion (or of
 * the file) to d and returns NULL.  Reads text[0..len) (NUL-terminated; a
 * NUL before len is an error), with path the name used in messages
 * (fe_load reads a file). */
clp_rs *fe_smt2_parse_string(const char *path, const char *text, size_t len,
                             fe_diags *d);

/* C (a subset, docs/c.md): c_translate(c_parse_file(path)). */
clp_rs *fe_c_parse_file(const char *path, fe_diags *d);
/* A Cubicle 1.2 .cub file (docs/cub.md) as a sealed rule set: Reach(N,
 * state) and the goal Err, exact (scan relations for universal guards).
 * Syntax errors, translation errors and unsupported constructs are
 * diagnostics in d; NULL then.  Reads text[0..len) (NUL-terminated at
 * text[len]) named name (fe_load reads a file). */
clp_rs *fe_cub_parse_string(const char *name, const char *text, size_t len,
                            fe_diags *d);
/* The system of rs (a rule set of fe_cub_parse_*) for exactly k >= 1
 * processes (docs/cub.md "Fixed number of processes"): the same Reach and
 * Err with N = k, every quantifier expanded over the ids 1..k and every
 * universal update a chain of stores, so that the rule set is linear (no
 * scan or update relation) and exact for k processes: its derivations of
 * Err are the runs of k processes, runs of the parameterized system.
 * NULL when rs is not such a rule set (nothing printed). */
clp_rs *fe_cub_instance(const clp_rs *rs, int k);
/* A counterexample of a .cub system as a run: "run of N processes:",
 * then per step "K. TRANSITION(i=1, j=2): X = v, A = [v1, .., vN]" (step 0
 * is init) and "reaches unsafe(x=1, y=2)  FILE:LINE:COL".  Returns false,
 * printing nothing, when rs is not a .cub rule set (of fe_cub_parse_* or
 * fe_cub_instance). */
bool fe_cub_cex_print(void *FILE_out, const clp_rs *rs, const clp_trace *t,
                      clp_env *const *env);
/* How C loops are translated (docs/c.md): true (the default) a forward
 * loop-head invariant relation per loop, false the CAR paper's
 * tail-recursive E/T summary pair.  Applies to later fe_c_parse_file. */
void fe_c_set_forward_loops(bool forward);
/* The C data model (docs/c.md): "ILP32" (the default: long and pointers
 * 32 bits) or "LP64" (64 bits).  Applies to later fe_c_parse_file; false
 * for another name. */
bool fe_c_set_data_model(const char *name);

/* A C counterexample as source lines (rs->srcmap set by the C frontend):
 * the concrete trace t (env[k]: values of node k) in execution order, one
 * entry per maximal run of one source line, with the values of the
 * variables that line defines (nondet inputs named by their call) and then
 * of the C variables it reads.  Returns the number of lines (0 unless rs is
 * from C). */
typedef struct fe_cex_line {
  const char *file;
  int line, col;             /* col: the line's first literal (1-based) */
  const char *func;          /* the C function the line belongs to */
  const char *text;          /* the source line, trimmed */
  const char *values;        /* "x=5, __VERIFIER_nondet_int()=5" or "" */
  int nvals;                 /* the same as pairs, in order: */
  const char **names;        /* "x", "a[2]", "__VERIFIER_nondet_int()" */
  const clp_value **vals;
  bool *read;                /* the variable is read here, not defined */
  bool *input;               /* the value is a nondeterministic input */
  int nenter;                /* user functions entered from this line: */
  const char **enter;        /* their names */
  clp_pos *enter_pos;        /* the calls' positions */
} fe_cex_line;
int fe_c_cex_lines(const clp_rs *rs, const clp_trace *t, clp_env *const *env,
                   fe_cex_line **lines);
/* The position of the failing literal (the error call or assertion) of the
 * trace: the target of a violation witness; line 0 when unknown. */
clp_pos fe_c_cex_target(const clp_rs *rs, const clp_trace *t);
/* Contract: prints those lines as "file:line: text  [values]", the last
 * one (the error) marked "  <- error". */
void fe_c_cex_print(void *FILE_out, const clp_rs *rs, const clp_trace *t,
                    clp_env *const *env);

/* C invariants (frontend/c_inv.c; rs from the C frontend, inv[i] the
 * certified invariant of rs->rels[i]).  fe_c_inv_print prints each
 * relation's invariant over C names (its meaning in the program first);
 * formals without a C name are listed as such. */
void fe_c_inv_print(void *FILE_out, const clp_rs *rs, const clp_formula **inv);
/* One of those lines (relation rs->rels[i], invariant inv), no newline. */
const char *fe_c_inv_line(const clp_rs *rs, int i, const clp_formula *inv);
/* The loop-head invariants of the C program: one per loop translated as a
 * forward relation (docs/c.md), as a C expression over the variables in
 * scope at the loop (conjuncts over unnamed values weakened to 1), with
 * the loop's position and function.  Returns the number of loops. */
typedef struct fe_c_loopinv {
  clp_pos pos;               /* the loop keyword */
  const char *func;
  const char *expr;          /* C expression, "1" when nothing is known */
} fe_c_loopinv;
int fe_c_loop_invariants(const clp_rs *rs, const clp_formula **inv,
                         fe_c_loopinv **out);

/* Writes an SV-COMP witness (format 2.0, YAML; frontend/c_witness.c) for
 * the C program of rs to path: for safe an invariant_set of the loop-head
 * invariants of inv, otherwise a violation_sequence of the concrete trace
 * t (env: its values).  version: the producer's; data_model: "ILP32" or
 * "LP64".  Returns 0, or -1 (not C input, a file unreadable/unwritable). */
int fe_c_witness_write(const char *path, const clp_rs *rs, bool safe,
                       const clp_formula **inv, const clp_trace *t,
                       clp_env *const *env, const char *version,
                       const char *data_model);

/* The text of a C source file as read by the frontend (read once: stdin
 * cannot be read again), for the source lines of counterexamples (the latest
 * registration of a name wins). */
void fe_c_cex_source(const char *file, const char *text, size_t len);

/* Contract: the rule set of the input file path, in the language lang
 * ("clp", "smt2", "c" or "i", "cub") or, when lang is NULL, the one named
 * by the file's extension; NULL when it cannot be read, is rejected or the
 * language is unknown, with the reasons in d, in the order found (d also
 * holds cpp's messages when it accepts a C input). */
clp_rs *fe_load(const char *path, const char *lang, fe_diags *d);

#endif
