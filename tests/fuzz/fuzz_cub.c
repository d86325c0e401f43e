/* fuzz_cub.c -- libFuzzer harness for the .cub frontend: lex, parse into
 * the AST and translate one Cubicle system (fe_cub_parse_string), then
 * print the rule set as .clp and as SMT-LIB (what --emit does), and the
 * same for its instance of 2 processes (fe_cub_instance, --cub-procs=2). */
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
  clp_rs *rs = fe_cub_parse_string("fuzz.cub", s, size, NULL);
  fuzz_emit(rs);
  if (rs) fuzz_emit(fe_cub_instance(rs, 2));
  return 0;
}
