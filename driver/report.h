/* report.h -- printing the outcome of a run (prefix rep_): the verdict line,
 * the counterexample derivation, the invariants, statistics and JSON.
 * Verdict and what was asked for go to stdout, statistics to stderr. */
#ifndef REPORT_H
#define REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "clp/clp.h"
#include "engine/engine.h"
#include "etc/etc.h"

typedef enum { REP_TEXT, REP_JSON, REP_CHC } rep_format;

/* Contract: "safe"/"unsafe"/"unknown" (REP_CHC: "sat"/"unsat"/"unknown"),
 * one line on out, flushed; marks the verdict as printed. */
void rep_verdict(FILE *out, rep_format f, eng_verdict v);
/* Whether a verdict line (or the JSON object) was printed already. */
bool rep_verdict_printed(void);

/* Contract: the derivation as an indented tree, one line per rule instance
 * "Rel(x=1, a=[0->0; else 7])  file:line:col" (children indented by two
 * spaces, in call order), then one line per uninterpreted function
 * interpretation "fun f: (1) -> 2; else 0".  When the input language
 * prints it (rs->back->print_cex: C's source lines, .cub's run), that. */
void rep_cex(FILE *out, const clp_rs *rs, const etc_cex *cex);

/* Contract: one line per relation, in rule-set order: "Rel(x, y) :=
 * FORMULA" ("Rel := FORMULA" when nullary), universally quantified over
 * the index variables of res->idx_preds (indexed engine); when the input
 * language prints them (rs->back->print_inv), that: for .smt2 input a
 * CHC-COMP model (docs/smt2.md), for C the invariants over the program's
 * names.  The invariants are res->inv. */
void rep_invariants(FILE *out, const clp_rs *rs, const eng_result *res);

/* Contract: the statistics as "key: value" lines (engine, iterations,
 * predicates, clauses, traces, fixpoint-rounds, z3-calls, paths, time-*),
 * without z3-live-refs (the caller prints it last, after freeing Z3). */
void rep_stats(FILE *out, const char *engine, const eng_stats *s,
               long z3_calls);

/* Contract: this process is configuration k of the of configurations of a
 * portfolio run (driver/par.h), called name: rep_stats then prints
 * "portfolio: K of OF (NAME)" before the engine line, and the JSON stats
 * hold "portfolio":{"config":K,"of":OF,"name":NAME}. */
void rep_set_portfolio(int k, int of, const char *name);

/* Contract: one JSON object on one line (plus newline) with verdict,
 * reason (null unless unknown), exit code, stats (including z3-live-refs),
 * and, when asked and available, invariants / cex (for C input the cex
 * also has "source": [{"pos", "text", "values"}...]); marks the verdict as
 * printed. */
void rep_json(FILE *out, const char *engine, const clp_rs *rs,
              eng_verdict v, const char *reason, int exit_code,
              const eng_result *r, bool want_inv, bool want_cex,
              long z3_calls, long live_refs);

/* --witness=FILE: after safe or unsafe on C input, the SV-COMP witness
 * (frontend/c_witness.c) written to path; otherwise, or when it cannot be
 * written, a warning on stderr (the verdict stands). */
void rep_witness(const char *path, const clp_rs *rs, const eng_result *r,
                 const char *data_model);

/* --certificate=FILE, before solving: can path be written?  Opens it for
 * appending (a file made so is removed again); false with
 * "car: error: OPTION: cannot write 'PATH': REASON" on stderr. */
bool rep_can_write(const char *option, const char *path);

/* Contract: after safe, the invariants of r (on rs) as an SMT-LIB 2
 * certificate written to path (clp_rs_print_smt2_cert, docs/cli.md).
 * Returns 0, or the exit code with the message on stderr: 2 when path
 * cannot be written, 3 (internal error, the file removed) when an
 * invariant is not a formula over its relation's formals and index
 * variables. */
int rep_certificate(const char *path, const clp_rs *rs, const eng_result *r);

/* Contract: the JSON object of a run without a verdict that never reached
 * (or never left) the engine: rejected input, an interruption, a memory
 * limit.  Verdict "unknown", reason, exit code, file, with error (the
 * input's messages, lines joined by newlines) when not NULL, and the
 * statistics so far; allocates nothing on the GC heap (the signal watcher
 * calls it); marks the verdict as printed. */
void rep_json_unknown(FILE *out, const char *engine, const char *file,
                      const char *reason, int exit_code, const char *error,
                      const eng_stats *s, long z3_calls, long live_refs);

#endif
