/* fe.h -- frontends (prefix fe_).  Every frontend yields a sealed clp_rs.
 * On bad input a frontend prints "file:line:col: error: message" lines to
 * stderr and returns NULL; it never aborts. */
#ifndef FE_H
#define FE_H

#include "clp.h"

/* The .clp language (docs/clp.md). */
clp_rs *fe_clp_parse_file(const char *path);
clp_rs *fe_clp_parse_string(const char *name, const char *text, size_t len);

/* C (a subset, docs/c.md): c_translate(c_parse_file(path)). */
clp_rs *fe_c_parse_file(const char *path);
/* How C loops are translated (docs/c.md): true (the default) a forward
 * loop-head invariant relation per loop, false the CAR paper's
 * tail-recursive E/T summary pair.  Applies to later fe_c_parse_file. */
void fe_c_set_forward_loops(bool forward);

/* A C counterexample as source lines (rs->srcmap set by the C frontend):
 * the concrete trace t (env[k]: values of node k) in execution order, one
 * entry per maximal run of one source line, with "name=value, ..." for the
 * variables that line defines (nondet inputs named by their call).
 * Returns the number of lines (0 unless rs is from C). */
typedef struct fe_cex_line {
  const char *file;
  int line;
  const char *text;          /* the source line, trimmed */
  const char *values;        /* "x=5, __VERIFIER_nondet_int()=5" or "" */
} fe_cex_line;
int fe_c_cex_lines(const clp_rs *rs, const clp_trace *t, clp_env *const *env,
                   fe_cex_line **lines);
/* Contract: prints those lines as "file:line: text  [values]", the last
 * one (the error) marked "  <- error". */
void fe_c_cex_print(void *FILE_out, const clp_rs *rs, const clp_trace *t,
                    clp_env *const *env);

/* The text of a C source file as read by the frontend (read once: stdin
 * cannot be read again), for the source lines of counterexamples (the latest
 * registration of a name wins). */
void fe_c_cex_source(const char *file, const char *text, size_t len);

/* A token for a message: its first 40 bytes in single quotes (non-printing
 * bytes as '?', "..." when cut), or "end of file" when len <= 0. */
const char *fe_quote_token(const char *text, int len);

/* Prints each message line on stderr unless quiet; returns them joined,
 * each ending in a newline ("" when n = 0), for tests to inspect. */
const char *fe_print_messages(int n, const char *const *texts, bool quiet);

/* Dispatch on lang ("clp", ...) or, when lang is NULL, on the file
 * extension.  Unknown language: error message, NULL. */
clp_rs *fe_load(const char *path, const char *lang);

#endif
