/* names.c -- verdict, status and expected-answer names for car-bench. */
#include "bench.h"

#include <string.h>
#include <strings.h>

static const char *const verdict_names[] = {
  "none", "safe", "unsafe", "unknown", "timeout", "memout", "error"};
static const char *const status_names[] = {
  "correct", "wrong", "unchecked", "unknown", "timeout", "memout", "error"};

/* Name of a verdict as written in runs.csv. */
const char *bench_verdict_name(bench_verdict v) { return verdict_names[v]; }

/* Name of a status as written in runs.csv. */
const char *bench_status_name(bench_status s) { return status_names[s]; }

/* Name of an expected answer (normalised: safe, unsafe, unknown). */
const char *bench_expected_name(bench_expected e) {
  return e == BE_SAFE ? "safe" : e == BE_UNSAFE ? "unsafe" : "unknown";
}

/* Verdict from its name (also sat/unsat); 1 when s is known. */
int bench_verdict_parse(const char *s, bench_verdict *v) {
  if (!strcasecmp(s, "sat")) { *v = BV_SAFE; return 1; }
  if (!strcasecmp(s, "unsat")) { *v = BV_UNSAFE; return 1; }
  for (int i = 0; i < 7; i++)
    if (!strcasecmp(s, verdict_names[i])) { *v = (bench_verdict)i; return 1; }
  return 0;
}

/* Status from its name; 1 when s is known. */
int bench_status_parse(const char *s, bench_status *st) {
  for (int i = 0; i < BS_COUNT; i++)
    if (!strcmp(s, status_names[i])) { *st = (bench_status)i; return 1; }
  return 0;
}

/* Expected answer from expected.csv: safe/sat, unsafe/unsat, unknown
 * (CHC polarity: sat = a model exists = safe).  1 when s is known. */
int bench_expected_parse(const char *s, bench_expected *e) {
  if (!strcasecmp(s, "safe") || !strcasecmp(s, "sat")) *e = BE_SAFE;
  else if (!strcasecmp(s, "unsafe") || !strcasecmp(s, "unsat")) *e = BE_UNSAFE;
  else if (!strcasecmp(s, "unknown")) *e = BE_UNKNOWN;
  else return 0;
  return 1;
}

/* A run counts as solved: a definite verdict that is not known wrong. */
int bench_solved(bench_status s) { return s == BS_CORRECT || s == BS_UNCHECKED; }
