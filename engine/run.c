/* run.c -- running an engine handle (engine.h). */
#include "engine/engine.h"

void eng_run(const eng_handle *h, const clp_rs *rs, const eng_opts *o,
             eng_result *out) {
  eng_opts ho = *o;
  ho.params = h->params;
  h->solve(rs, &ho, out);
}
