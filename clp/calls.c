/* calls.c -- the one walker over a formula's relation calls, and
 * recursion (a relation reaching itself through calls) built on it. */
#include <string.h>

#include "clp/clp.h"
#include "clp/mem.h"

bool clp_f_calls(const clp_formula *f, clp_call_fn fn, void *ctx) {
  switch (f->kind) {
  case CLP_F_CALL: return fn(ctx, f);
  case CLP_F_AND:
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++)
      if (clp_f_calls(f->kids[i], fn, ctx)) return true;
    return false;
  default: return false;
  }
}

static bool mark_call(void *ctx, const clp_formula *call) {
  ((bool *)ctx)[call->rel->id] = true;
  return false;
}

void clp_f_callees(const clp_formula *f, bool *out) {
  clp_f_calls(f, mark_call, out);
}

static bool is_call_of(void *ctx, const clp_formula *call) {
  return call->rel == ctx;
}

bool clp_f_calls_rel(const clp_formula *f, const clp_rel *r) {
  return clp_f_calls(f, is_call_of, (void *)r);
}

typedef struct reach_ctx {
  const clp_rel *target;
  char *seen;               /* per relation id: body already walked */
  int nseen;
} reach_ctx;

/* Visit of one call: stops the walk when the callee is the target or
 * reaches it through its own body (each body walked at most once). */
static bool reach_call(void *ctx, const clp_formula *call) {
  reach_ctx *c = ctx;
  const clp_rel *r = call->rel;
  if (r == c->target) return true;
  if (r->id < 0 || r->id >= c->nseen || c->seen[r->id]) return false;
  c->seen[r->id] = 1;
  return r->body && clp_f_calls(r->body, reach_call, c);
}

bool clp_rel_recursive(const clp_rel *r, int nrels) {
  reach_ctx c = {r, NEW_ATOMIC_N(char, nrels > 0 ? nrels : 1), nrels};
  memset(c.seen, 0, (size_t)(nrels > 0 ? nrels : 1));
  return r->body && clp_f_calls(r->body, reach_call, &c);
}

bool *clp_rs_recursive(const clp_rs *rs) {
  bool *rec = NEW_ATOMIC_N(bool, rs->nrels > 0 ? rs->nrels : 1);
  for (int i = 0; i < rs->nrels; i++)
    rec[i] = clp_rel_recursive(rs->rels[i], rs->nrels);
  return rec;
}
