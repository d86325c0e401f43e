/* fuzz_clp.c -- libFuzzer harness for the .clp frontend: lex, parse,
 * resolve and sort-check one input (fe_clp_parse_string), then print the
 * rule set as .clp and as SMT-LIB (what --emit does). */
#include "fuzz_common.h"
#include "frontend/fe.h"
#include "frontend/clp/fe_clp.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  GC_INIT();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_begin();
  char *s = fuzz_text(data, size);
  clp_rs *rs = fe_clp_parse_string("fuzz.clp", s, size, NULL);
  fuzz_emit(rs);
  return 0;
}
