/* fuzz_common.h -- shared set-up of the libFuzzer harnesses (tests/fuzz,
 * built with -DCAR_FUZZ=ON and clang).  Each harness parses and translates
 * one input (never solves); a crash, a sanitizer report or a leak of
 * non-GC memory is a finding.  Inputs get a NUL-terminated GC copy. */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <gc.h>

#include "clp/clp.h"

/* The input as a NUL-terminated GC string. */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
  char *s = GC_MALLOC_ATOMIC(size + 1);
  if (size) memcpy(s, data, size);
  s[size] = 0;
  return s;
}

/* Where the harnesses print rule sets (exercises the printers). */
static FILE *fuzz_sink(void) {
  static FILE *f;
  if (!f) f = fopen("/dev/null", "w");
  return f;
}

/* Prints rs as .clp and as SMT-LIB (what --emit does), if not NULL. */
static inline void fuzz_emit(const clp_rs *rs) {
  if (!rs) return;
  clp_rs_print(rs, fuzz_sink());
  clp_rs_print_smt2(rs, fuzz_sink());
}

/* A generous per-input deadline: parsing must check it (--timeout). */
static inline void fuzz_begin(void) { clp_deadline_set(5.0); }

#endif
