/* c_back.h -- answers back in C (prefix c_): the rule set of c_translate
 * carries them as its clp_back (c_back.c); c_cex.c, c_inv.c and
 * c_witness.c implement them over the source map of c_trans.h. */
#ifndef C_BACK_H
#define C_BACK_H

#include "clp/clp.h"

/* The clp_back of a C rule set over its source map m (a c_srcmap). */
const clp_back *c_back_new(const void *m);
/* The source map of rs, NULL unless rs is from the C frontend. */
const struct c_srcmap *c_srcmap_of(const clp_rs *rs);

/* A C counterexample as source lines: the concrete trace t (env[k]: values
 * of node k) in execution order, one entry per maximal run of one source
 * line, with the values of the variables that line defines (nondet inputs
 * named by their call) and then of the C variables it reads.  Returns the
 * number of lines (0 unless rs is from C). */
int c_cex_lines(const clp_rs *rs, const clp_trace *t, clp_env *const *env,
                clp_src_line **lines);
/* The position of the failing literal (the error call or assertion) of the
 * trace: the target of a violation witness; line 0 when unknown. */
clp_pos c_cex_target(const clp_rs *rs, const clp_trace *t);
/* Contract: prints those lines as "file:line: text  [values]", the last
 * one (the error) marked "  <- error"; true. */
bool c_cex_print(void *FILE_out, const clp_rs *rs, const clp_trace *t,
                 clp_env *const *env);

/* C invariants (c_inv.c; rs from the C frontend, inv[i] the certified
 * invariant of rs->rels[i]).  c_inv_print prints each relation's invariant
 * over C names (its meaning in the program first); formals without a C
 * name are listed as such. */
void c_inv_print(void *FILE_out, const clp_rs *rs, const clp_formula **inv,
                 const clp_term *const *const *ix, const int *nix);
/* One of those lines (relation rs->rels[i], invariant inv), no newline. */
const char *c_inv_line(const clp_rs *rs, int i, const clp_formula *inv);
/* The loop-head invariants of the C program: one per loop translated as a
 * forward relation (docs/c.md), as a C expression over the variables in
 * scope at the loop (conjuncts over unnamed values weakened to 1), with
 * the loop's position and function.  Returns the number of loops. */
typedef struct c_loopinv {
  clp_pos pos;               /* the loop keyword */
  const char *func;
  const char *expr;          /* C expression, "1" when nothing is known */
} c_loopinv;
int c_loop_invariants(const clp_rs *rs, const clp_formula **inv,
                      c_loopinv **out);

/* Writes an SV-COMP witness (format 2.0, YAML; c_witness.c) for the C
 * program of rs to path: for safe an invariant_set of the loop-head
 * invariants of inv, otherwise a violation_sequence of the concrete trace
 * t (env: its values).  version: the producer's; data_model: "ILP32" or
 * "LP64".  Returns 0, or -1 (not C input, a file unreadable/unwritable). */
int c_witness_write(const char *path, const clp_rs *rs, bool safe,
                    const clp_formula **inv, const clp_trace *t,
                    clp_env *const *env, const char *version,
                    const char *data_model);

/* The text of a C source file as read by the frontend (read once: stdin
 * cannot be read again), for the source lines of counterexamples (the
 * latest registration of a name wins). */
void c_cex_source(const char *file, const char *text, size_t len);

#endif
