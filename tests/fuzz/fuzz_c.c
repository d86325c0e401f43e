/* fuzz_c.c -- libFuzzer harness for the C frontend after preprocessing:
 * the input is taken as cpp output (line markers allowed), tokenized,
 * parsed (c_parse_string) and translated to a rule set (c_translate), as
 * forward loops and as E/T summaries; the rule set is printed (--emit). */
#include "fuzz_common.h"
#include "frontend/c/c_ast.h"
#include "frontend/c/c_parse.h"
#include "frontend/fe.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  GC_INIT();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_begin();
  char *s = fuzz_text(data, size);
  c_unit *u = c_parse_string("fuzz.c", s, size, NULL);
  if (!u) return 0;
  fe_c_set_forward_loops(size % 2 == 0);
  clp_rs *rs = c_translate(u, NULL);
  fuzz_emit(rs);
  return 0;
}
