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

/* C (a subset, docs/c.md): the program text[0..len) (NUL-terminated) of
 * the file path, preprocessed by cpp (quoted includes from path's
 * directory), parsed and translated. */
clp_rs *fe_c_parse_string(const char *path, const char *text, size_t len,
                          fe_diags *d);
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
/* How C loops are translated (docs/c.md): true (the default) a forward
 * loop-head invariant relation per loop, false the CAR paper's
 * tail-recursive E/T summary pair.  Applies to later fe_c_parse_string. */
void fe_c_set_forward_loops(bool forward);
/* The C data model (docs/c.md): "ILP32" (the default: long and pointers
 * 32 bits) or "LP64" (64 bits).  Applies to later fe_c_parse_string; false
 * for another name. */
bool fe_c_set_data_model(const char *name);

/* Answers back in the input language: every frontend sets rs->back
 * (clp/clp.h, clp_back) on the rule sets it yields: C its source map
 * (counterexample lines, invariants over C names, witnesses), .cub its
 * runs, SMT-LIB its CHC-COMP model; .clp none (the IR is its language). */

/* Contract: the language of an input text without a known extension
 * (docs/cli.md "Input language"): "smt2" when an SMT-LIB command opens it
 * (after comments), "cub" when a Cubicle declaration does
 * ("number_procs N", "type T",
 * "var X :", "array A[", "const C :", "init (", "unsafe (", "transition t
 * ("), "clp" when a .clp item does ("goal E.", "rel R(", ...) or a line
 * states the goal ("goal E.", "?- E.") or starts a rule ("NAME(ARGS) :-",
 * "NAME :-"), else "c". */
const char *fe_detect_lang(const char *text, size_t len);

/* Contract: the rule set of the input file path, read once (it may be a
 * pipe), in the language lang ("clp", "smt2", "c" or "i", "cub") or, when
 * lang is NULL, the one named by the file's extension or else detected
 * from its text (fe_detect_lang); NULL when it cannot be read (a
 * directory: "is a directory"), is rejected or lang is unknown, with the
 * reasons in d, in the order found (d also holds cpp's messages when it
 * accepts a C input).  *used (when used is not NULL and the file was
 * read): the language it was read in, "clp", "smt2", "c" or "cub". */
clp_rs *fe_load(const char *path, const char *lang, fe_diags *d,
                const char **used);

#endif
