/* rfn_affine.c -- candidate affine equalities from constant increments, for
 * Houdini (rfn_houdini.c).
 *
 * A loop  s += 2; i++  keeps s - 2*i fixed, but no template or refutation
 * names s - 2*i: interpolants of its unrollings say i = 1, i = 2, ... and
 * CAR refines once per unrolling (tests/c/for_safe.c: 105 iterations).
 * For a relation r whose every self-recursive disjunct changes formals x
 * and y by constants (dx, dy), the line dy*x - dx*y is preserved by each
 * such step when the ratios agree; its value on entry, where a
 * non-recursive disjunct fixes it, gives the candidate dy*x - dx*y = c.
 * Deltas and entry values are read off one Z3 model per disjunct and
 * then proved constant, so a candidate is exact for the rules it came from; Houdini
 * still checks it against the whole rule set. */
#include "refine/rfn_int.h"
#include "clp/vec.h"

#define AFF_MAX_FORMALS 12  /* pairs: 66 at most */
#define AFF_MAX_DISJ 8      /* disjuncts of r's rule examined */
#define AFF_MAX_ENTRY 4     /* entry disjuncts examined */
_Static_assert(AFF_MAX_FORMALS * (AFF_MAX_FORMALS - 1) / 2 * AFF_MAX_ENTRY <=
                   RFN_AFFINE_MAX,
               "rfn_int.h promises at most RFN_AFFINE_MAX candidates");

/* Calls to r in f, and whether each sits in f's top-level conjunction. */
static int count_calls(const clp_formula *f, const clp_rel *r, bool top,
                       const clp_formula **direct) {
  switch (f->kind) {
  case CLP_F_CALL:
    if (f->rel != r) return 0;
    if (top) *direct = f;
    return 1;
  case CLP_F_AND:
  case CLP_F_OR: {
    int n = 0;
    for (int i = 0; i < f->n; i++)
      n += count_calls(f->kids[i], r, top && f->kind == CLP_F_AND, direct);
    return n;
  }
  default: return 0;
  }
}

/* A solver holding f with every call replaced by true, after a satisfiable
 * check, with the values of terms t[0..n) in its model in v; NULL when f
 * is unsatisfiable or undecided (a step that cannot be taken moves
 * nothing) or a value is not an integer. */
static zb_solver *solve(zb_ctx *z, const clp_formula *f, int nrels,
                        double until, int n, const clp_term **t, int64_t *v) {
  const clp_formula **tt = NEW_N(const clp_formula *, nrels);
  for (int i = 0; i < nrels; i++) tt[i] = clp_f_true();
  zb_solver *s = zb_solver_new(z);
  zb_solver_set_deadline(s, clp_wall_cap(until));
  zb_assert(s, clp_f_inline_calls(f, tt));
  bool ok = zb_check(s) == ZB_SAT;
  for (int i = 0; i < n && ok; i++) {
    const clp_value *val = zb_model_eval(s, t[i]);
    ok = val && val->kind == CLP_V_INT && val->i >= INT64_MIN &&
         val->i <= INT64_MAX;
    if (ok) v[i] = (int64_t)val->i;
  }
  if (!ok) {
    zb_solver_free(s);
    return NULL;
  }
  return s;
}

/* Is the atom a valid in s (its negation unsatisfiable)? */
static bool proved(zb_solver *s, const clp_term *a) {
  zb_push(s);
  zb_assert(s, clp_f_lit(a, true, clp_nopos));
  zb_result res = zb_check(s);
  zb_pop(s);
  return res == ZB_UNSAT;
}

static bool small(int64_t k) { return k > -1000000 && k < 1000000; }

int rfn_affine_cands(zb_ctx *z, const clp_rel *r, int nrels, double until,
                     const clp_term ***out) {
  int n = r->arity;
  if (n < 2 || n > AFF_MAX_FORMALS || !r->body) return 0;
  for (int j = 0; j < n; j++)
    if (r->formals[j]->sort->kind != CLP_S_INT) return 0;
  const clp_formula *const *dis = &r->body;
  int nd = 1;
  if (r->body->kind == CLP_F_OR) dis = r->body->kids, nd = r->body->n;
  if (nd > AFF_MAX_DISJ) return 0;
  /* delta[d*n + j]: the step of formal j in recursive disjunct d;
   * val[e*n + j]: formal j's value in entry disjunct e's model */
  int64_t *delta = NEW_ATOMIC_N(int64_t, nd * n);
  int64_t *val = NEW_ATOMIC_N(int64_t, nd * n);
  bool *rec = NEW_ATOMIC_N(bool, nd);
  const clp_formula **entry = NEW_N(const clp_formula *, nd);
  const clp_term **diff = NEW_N(const clp_term *, n);
  int nrec = 0, nentry = 0;
  for (int d = 0; d < nd; d++) {
    const clp_formula *call = NULL;
    int calls = count_calls(dis[d], r, true, &call);
    rec[d] = calls > 0;
    if (!calls) {
      if (nentry < AFF_MAX_ENTRY) entry[nentry++] = dis[d];
      continue;
    }
    if (calls > 1 || !call) return 0;
    for (int j = 0; j < n; j++) diff[j] = clp_sub(r->formals[j], call->args[j]);
    int64_t *dd = &delta[d * n];
    zb_solver *s = solve(z, dis[d], nrels, until, n, diff, dd);
    if (!s) { rec[d] = false; continue; }   /* a dead step */
    bool ok = true;
    for (int j = 0; j < n && ok; j++)
      ok = small(dd[j]) && proved(s, clp_eq(diff[j], clp_num(dd[j])));
    zb_solver_free(s);
    if (!ok) return 0;
    nrec++;
  }
  if (!nrec || !nentry || clp_cpu_now() > until) return 0;
  zb_solver *es[AFF_MAX_ENTRY];   /* entry disjuncts, solved once */
  for (int e = 0; e < nentry; e++)
    es[e] = solve(z, entry[e], nrels, until, n, r->formals, &val[e * n]);
  int m = 0, cap = 0;
  for (int x = 0; x < n; x++)
    for (int y = x + 1; y < n && clp_cpu_now() <= until; y++) {
      /* the line from the first step that moves x or y; all steps agree */
      int64_t a = 0, b = 0;
      bool ok = true;
      for (int d = 0; d < nd && ok; d++) {
        if (!rec[d]) continue;
        int64_t dx = delta[d * n + x], dy = delta[d * n + y];
        if (!a && !b && (dx || dy)) a = dy, b = -dx;
        ok = a * dx + b * dy == 0;
      }
      if (!ok || !a || !b) continue;   /* one unmoved: no relation */
      const clp_term *lin = clp_add(clp_mul(clp_num(a), r->formals[x]),
                                    clp_mul(clp_num(b), r->formals[y]));
      for (int e = 0; e < nentry; e++) {
        if (!es[e]) continue;
        int64_t c = a * val[e * n + x] + b * val[e * n + y];
        /* clp_eq divides out the gcd and makes the first coefficient
         * positive; duplicates are dropped by the caller (hash-consed) */
        const clp_term *eq = clp_eq(lin, clp_num(c));
        if (!small(c) || !proved(es[e], eq)) continue;
        VEC_PUSH(const clp_term *, *out, m, cap, eq);
      }
    }
  for (int e = 0; e < nentry; e++)
    if (es[e]) zb_solver_free(es[e]);
  return m;
}
