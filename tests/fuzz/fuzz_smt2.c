/* fuzz_smt2.c -- libFuzzer harness for the CHC-COMP input wrapper
 * (fe_smt2_parse_string: Z3's SMT-LIB parser, then the conversion of each
 * assertion to Horn clauses), then print the rule set (--emit). */
#include "fuzz_common.h"
#include "frontend/fe.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  GC_INIT();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_begin();
  char *s = fuzz_text(data, size);
  clp_rs *rs = fe_smt2_parse_string("fuzz.smt2", s, size, NULL);
  fuzz_emit(rs);
  return 0;
}
