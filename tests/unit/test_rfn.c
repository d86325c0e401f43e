/* test_rfn.c -- refine/ internals: the affine-equality candidates of
 * rfn_affine.c (exact atoms for given rule sets, and none where a step's
 * change is not constant or the ratios of two steps disagree). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "frontend/fe.h"
#include "refine/rfn_int.h"

static clp_rs *parse(const char *text) {
  return fe_clp_parse_string("t.clp", text, strlen(text), NULL);
}

/* The candidates of relation `rel` in `text`, printed and joined by "; ". */
static const char *cands(zb_ctx *z, const char *text, const char *rel) {
  clp_rs *rs = parse(text);
  if (!rs) return "(parse error)";
  const clp_rel *r = clp_rs_find(rs, rel);
  if (!r) return "(no relation)";
  const clp_term **out = NULL;
  int n = rfn_affine_cands(z, r, rs->nrels, clp_cpu_now() + 10, &out);
  static char buf[1024];
  buf[0] = 0;
  for (int i = 0; i < n; i++) {
    if (i) strcat(buf, "; ");
    strncat(buf, clp_term_str(out[i]), sizeof buf - strlen(buf) - 1);
  }
  return buf;
}

int main(void) {
  GC_INIT();
  zb_ctx *z = zb_ctx_new();
  /* s += 2; i++ from s = i = 0; n is unchanged (no relation with it) */
  CHECK_STR(cands(z,
                  "goal E.\n"
                  "L(s, i, n) :- s = 0, i = 0, n >= 0.\n"
                  "L(s + 2, i + 1, n) :- L(s, i, n), i < n.\n"
                  "E :- L(s, i, n), i >= n, s != 2 * n.\n",
                  "L"),
            "s = 2*i");
  /* a ratio 3 : -2 and a second entry: both constants kept */
  CHECK_STR(cands(z,
                  "goal E.\n"
                  "L(x, y) :- x = 0, y = 10.\n"
                  "L(x, y) :- x = 3, y = 5.\n"
                  "L(x + 3, y - 2) :- L(x, y), y > 0.\n"
                  "E :- L(x, y), x = 60, y != -30.\n",
                  "L"),
            "2*x + 3*y = 30; 2*x + 3*y = 21");
  /* two steps in different ratios: nothing is preserved by both */
  CHECK_STR(cands(z,
                  "goal E.\n"
                  "L(x, y) :- x = 0, y = 0.\n"
                  "L(x + 1, y + 1) :- L(x, y), x < 5.\n"
                  "L(x + 1, y + 2) :- L(x, y), x >= 5.\n"
                  "E :- L(x, y), y < x.\n",
                  "L"),
            "");
  /* a change that is not constant (y += x) */
  CHECK_STR(cands(z,
                  "goal E.\n"
                  "L(x, y) :- x = 0, y = 0.\n"
                  "L(x + 1, y + x) :- L(x, y).\n"
                  "E :- L(x, y), y < 0.\n",
                  "L"),
            "");
  /* an entry that does not fix the line: no constant, no candidate */
  CHECK_STR(cands(z,
                  "goal E.\n"
                  "L(x, y) :- x >= 0, y = 0.\n"
                  "L(x + 1, y + 1) :- L(x, y).\n"
                  "E :- L(x, y), y > x.\n",
                  "L"),
            "");
  /* the entry comes through another relation's call (the second loop of
   * tests/c/for_safe.c): s + j = 20 */
  CHECK_STR(cands(z,
                  "goal E.\n"
                  "A(s) :- s >= 0.\n"
                  "L(s, j) :- A(s), s = 20, j = 0.\n"
                  "L(s - 1, j + 1) :- L(s, j), j < 5.\n"
                  "E :- L(s, j), j >= 5, s != 15.\n",
                  "L"),
            "s + j = 20");
  zb_ctx_free(z);
  return check_done("test_rfn");
}
