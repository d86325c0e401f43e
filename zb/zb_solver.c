/* zb_solver.c -- incremental solvers (prefix zb_): assertions, scopes,
 * checks under a deadline and assumptions, validity and unsat cores. */
#include "zb/zbi.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static void drop_model(zb_solver *s) {
  if (!s->m) return;
  Z3_model_dec_ref(s->z->c, s->m);
  zbi_count(-1);
  s->m = NULL;
}

void zb_solver_set_deadline(zb_solver *s, double until) { s->until = until; }

void zb_solver_set_lambda_values(zb_solver *s, bool on) {
  s->lambda_values = on;
}

zb_solver *zb_solver_new(zb_ctx *z) {
  zb_solver *s = calloc(1, sizeof *s);
  if (!s) abort();
  s->z = z;
  s->lambda_values = -1; /* the context's setting */
  z->nsolvers++;
  if (!z->c) { s->broken = true; return s; }
  unsigned e0 = z->nerr;
  s->s = Z3_mk_simple_solver(z->c);
  if (s->s) { Z3_solver_inc_ref(z->c, s->s); zbi_count(1); }
  s->log = Z3_mk_ast_vector(z->c);
  if (s->log) { Z3_ast_vector_inc_ref(z->c, s->log); zbi_count(1); }
  if (!s->s || !s->log || z->nerr != e0) s->broken = true;
  return s;
}

/* Sets n Z3 parameters of s: names[i] to vals[i] (Bool when isbool[i],
 * else unsigned). */
static void set_params(zb_solver *s, int n, const char **names,
                       const bool *isbool, const unsigned *vals) {
  zb_ctx *z = s->z;
  if (s->broken) return;
  unsigned e0 = z->nerr;
  Z3_params p = Z3_mk_params(z->c);
  Z3_params_inc_ref(z->c, p);
  for (int i = 0; i < n; i++) {
    Z3_symbol k = Z3_mk_string_symbol(z->c, names[i]);
    if (isbool[i]) Z3_params_set_bool(z->c, p, k, vals[i] != 0);
    else Z3_params_set_uint(z->c, p, k, vals[i]);
  }
  Z3_solver_set_params(z->c, s->s, p);
  Z3_params_dec_ref(z->c, p);
  if (z->nerr != e0) s->broken = true;
}

/* Gives s->s the parameters of s->params (flags: those to set now). */
static void apply_params(zb_solver *s, unsigned flags) {
  if (flags & ZBI_P_WEAK_ARRAYS)
    set_params(s, 1, (const char *[]){"array.extensional"}, (const bool[]){1},
               (const unsigned[]){0});
  if (flags & ZBI_P_RLIMIT)
    set_params(s, 1, (const char *[]){"rlimit"}, (const bool[]){0},
               (const unsigned[]){s->rlimit});
  /* the SMT core rejects model.compact (a parameter of the combined
   * solver's model converters), the others it takes */
  if (flags & ZBI_P_ENUM)
    set_params(s, s->full ? 3 : 2,
               (const char *[]){"smt.relevancy", "smt.arith.solver",
                                "model.compact"},
               (const bool[]){0, 0, 1}, (const unsigned[]){0, 2, 0});
}

void zb_solver_weak_arrays(zb_solver *s) {
  s->params |= ZBI_P_WEAK_ARRAYS;
  apply_params(s, ZBI_P_WEAK_ARRAYS);
}

void zb_solver_set_rlimit(zb_solver *s, unsigned units) {
  s->params |= ZBI_P_RLIMIT;
  s->rlimit = units;
  apply_params(s, ZBI_P_RLIMIT);
}

void zb_solver_tune_enum(zb_solver *s) {
  s->params |= ZBI_P_ENUM;
  apply_params(s, ZBI_P_ENUM);
}

void zb_solver_free(zb_solver *s) {
  if (!s) return;
  drop_model(s);
  if (s->s) { Z3_solver_dec_ref(s->z->c, s->s); zbi_count(-1); }
  if (s->log) { Z3_ast_vector_dec_ref(s->z->c, s->log); zbi_count(-1); }
  free(s->marks);
  s->z->nsolvers--;
  free(s);
}

static bool upgrade(zb_solver *s);

/* Asserts a (an owned reference, released), encoded since z->nerr was e0
 * and z->nrich_seen r0: a has arrays or functions when the latter moved. */
static void assert_ast(zb_solver *s, Z3_ast a, unsigned e0,
                       unsigned long r0) {
  zb_ctx *z = s->z;
  drop_model(s);
  if (a && z->nrich_seen != r0 && !s->full && !s->broken) upgrade(s);
  if (!a || s->broken) { s->broken = true; zbi_unref(z, a); return; }
  Z3_solver_assert(z->c, s->s, a);
  Z3_ast_vector_push(z->c, s->log, a);
  zbi_unref(z, a);
  if (z->nerr != e0) s->broken = true;
}

void zb_assert(zb_solver *s, const clp_formula *f) {
  assert(!clp_f_has_call(f));
  unsigned e0 = s->z->nerr;
  unsigned long r0 = s->z->nrich_seen;
  assert_ast(s, s->broken ? NULL : zbi_formula(s->z, f, NULL), e0, r0);
}

void zb_assert_term(zb_solver *s, const clp_term *b) {
  assert(b->sort == clp_sort_bool());
  unsigned e0 = s->z->nerr;
  unsigned long r0 = s->z->nrich_seen;
  assert_ast(s, s->broken ? NULL : zbi_term(s->z, b), e0, r0);
}

void zb_push(zb_solver *s) {
  unsigned e0 = s->z->nerr;
  drop_model(s);
  if (s->broken) return;
  if (s->nmarks == s->capmarks) {
    s->capmarks = s->capmarks ? 2 * s->capmarks : 8;
    s->marks = realloc(s->marks, sizeof *s->marks * s->capmarks);
    if (!s->marks) abort();
  }
  s->marks[s->nmarks++] = Z3_ast_vector_size(s->z->c, s->log);
  Z3_solver_push(s->z->c, s->s);
  if (s->z->nerr != e0) s->broken = true;
}

void zb_pop(zb_solver *s) {
  unsigned e0 = s->z->nerr;
  drop_model(s);
  if (s->broken) return;
  assert(s->nmarks > 0);
  Z3_ast_vector_resize(s->z->c, s->log, s->marks[--s->nmarks]);
  Z3_solver_pop(s->z->c, s->s, 1);
  if (s->z->nerr != e0) s->broken = true;
}

unsigned zbi_timeout_ms(double until) {
  double ms = clp_remaining() * 1000.0;
  if (until > 0 && (until - clp_now()) * 1000.0 < ms)
    ms = (until - clp_now()) * 1000.0;
  if (!(ms < 1e9)) ms = 1e9; /* also catches NaN */
  if (ms < 1) ms = 1;
  return (unsigned)ms;
}

/* Gives Z3 the time left to this solver's deadline as its timeout.
 * Z3_solver_set_params re-reads Z3's global parameters through every layer
 * of a combined solver under a global lock (a few ms each time): the
 * timeout given before is kept while it ends within a small slack of the
 * deadline (2% of the time left plus 20 ms, at most 0.25 s late). */
static void set_timeout(zb_solver *s) {
  zb_ctx *z = s->z;
  unsigned ms = zbi_timeout_ms(s->until);
  if (s->set_ms > 0) {
    double late = (s->set_ms - (double)ms) / 1000.0;
    double slack = 0.02 + 0.02 * (ms / 1000.0);
    if (slack > 0.25) slack = 0.25;
    if (late <= slack && late >= -slack) return;
  }
  Z3_params p = Z3_mk_params(z->c);
  Z3_params_inc_ref(z->c, p);
  Z3_params_set_uint(z->c, p, Z3_mk_string_symbol(z->c, "timeout"), ms);
  Z3_solver_set_params(z->c, s->s, p);
  Z3_params_dec_ref(z->c, p);
  s->set_ms = ms;
}

/* Whether the SMT core's undecided check is worth a combined solver: not
 * when it ran out of time, resources or memory, or was cancelled. */
static bool incomplete(zb_solver *s) {
  zb_ctx *z = s->z;
  if (s->full || clp_expired()) return false;
  if (s->until > 0 && clp_now() >= s->until) return false;
  Z3_string why = Z3_solver_get_reason_unknown(z->c, s->s);
  if (!why) return false;
  static const char *const spent[] = {"timeout", "cancel", "resource",
                                      "memory", "interrupt"};
  for (size_t i = 0; i < sizeof spent / sizeof *spent; i++)
    if (strstr(why, spent[i])) return false;
  return true;
}

/* Moves s to Z3's combined solver: the assertions of s->log in the same
 * scopes, the same parameters.  False (s broken) if Z3 failed. */
static bool upgrade(zb_solver *s) {
  zb_ctx *z = s->z;
  unsigned e0 = z->nerr;
  Z3_solver t = Z3_mk_solver(z->c);
  if (!t || z->nerr != e0) return !(s->broken = true);
  Z3_solver_inc_ref(z->c, t);
  unsigned n = Z3_ast_vector_size(z->c, s->log), k = 0;
  for (unsigned i = 0; i <= n; i++) {
    for (; k < s->nmarks && s->marks[k] == i; k++) Z3_solver_push(z->c, t);
    if (i < n) Z3_solver_assert(z->c, t, Z3_ast_vector_get(z->c, s->log, i));
  }
  Z3_solver_dec_ref(z->c, s->s);
  s->s = t;
  s->full = true;
  zbi_count_upgrade();
  s->set_ms = 0;
  apply_params(s, s->params);
  if (z->nerr != e0) s->broken = true;
  return !s->broken;
}

/* Checks s under the m assumptions as (Z3's answer); an undecided check of
 * the SMT core that incomplete() admits is repeated on the upgraded
 * solver.  The caller compares z->nerr. */
static Z3_lbool solve(zb_solver *s, unsigned m, Z3_ast *as) {
  zb_ctx *z = s->z;
  for (;;) {
    set_timeout(s);
    zbi_count_call();
    Z3_lbool r = m ? Z3_solver_check_assumptions(z->c, s->s, m, as)
                   : Z3_solver_check(z->c, s->s);
    if (r != Z3_L_UNDEF || !incomplete(s) || !upgrade(s)) return r;
  }
}

/* zb_check under the assumptions lits[0..n) (Bool terms: variables or
 * their negations). */
static zb_result check(zb_solver *s, int n, const clp_term **lits) {
  zb_ctx *z = s->z;
  drop_model(s);
  if (s->broken || clp_expired()) return ZB_UNKNOWN;
  if (s->until > 0 && clp_now() >= s->until) return ZB_UNKNOWN;
  unsigned e0 = z->nerr;
  Z3_ast small[16], *as = n <= 16 ? small : malloc(sizeof *as * (size_t)n);
  if (!as) abort();
  int i;
  for (i = 0; i < n; i++)
    if (!(as[i] = zbi_term(z, lits[i]))) break;
  Z3_lbool r = Z3_L_UNDEF;
  if (i == n && z->nerr == e0) r = solve(s, (unsigned)n, as);
  else s->broken = true;
  while (i-- > 0) zbi_unref(z, as[i]);
  if (as != small) free(as);
  if (z->nerr != e0) { s->broken = true; return ZB_UNKNOWN; }
  if (r == Z3_L_FALSE) return ZB_UNSAT;
  if (r != Z3_L_TRUE) { zbi_note_undef(z->c, s->s); return ZB_UNKNOWN; }
  s->m = Z3_solver_get_model(z->c, s->s);
  if (!s->m || z->nerr != e0) { s->m = NULL; return ZB_UNKNOWN; }
  Z3_model_inc_ref(z->c, s->m);
  zbi_count(1);
  return ZB_SAT;
}

zb_result zb_check(zb_solver *s) { return check(s, 0, NULL); }

zb_result zb_check_assuming(zb_solver *s, int n, const clp_term **lits) {
  for (int i = 0; i < n; i++) {
    const clp_term *v = lits[i]->op == CLP_NOT ? lits[i]->kids[0] : lits[i];
    assert(v->op == CLP_VAR && v->sort == clp_sort_bool());
    (void)v;
  }
  return check(s, n, lits);
}

zb_result zb_valid(zb_ctx *z, const clp_formula *f) {
  zb_solver *s = zb_solver_new(z);
  zb_assert(s, clp_f_not(f));
  zb_result r = zb_check(s);
  zb_solver_free(s);
  if (r == ZB_UNKNOWN) return ZB_UNKNOWN;
  return r == ZB_UNSAT ? ZB_SAT : ZB_UNSAT;
}

/* Check under assumptions ind[i] for keep[i]; ZB_UNSAT / ZB_SAT / unknown. */
static zb_result check_subset(zb_solver *s, int n, Z3_ast *ind, const bool *keep,
                              Z3_ast *buf) {
  zb_ctx *z = s->z;
  if (clp_expired() || s->broken) return ZB_UNKNOWN;
  unsigned e0 = z->nerr, m = 0;
  for (int i = 0; i < n; i++)
    if (keep[i]) buf[m++] = ind[i];
  Z3_lbool r = solve(s, m, buf);
  if (z->nerr != e0) { s->broken = true; return ZB_UNKNOWN; }
  if (r == Z3_L_UNDEF) zbi_note_undef(z->c, s->s);
  return r == Z3_L_FALSE ? ZB_UNSAT : r == Z3_L_TRUE ? ZB_SAT : ZB_UNKNOWN;
}

/* Seconds a zb_core query may take.  Refinement queries are small; some
 * nonlinear ones (div and mod by variables) enter a phase of Z3 4.8.12 that
 * ignores cancellation once they have run for about 3 s (phases_2-2.c):
 * stop them before it. */
#define ZB_CORE_SECONDS 2.0

/* A set of formulas, each asserted behind an indicator, whose subsets are
 * checked one after another in the same solver (zb.h, zb_coreset). */
struct zb_coreset {
  zb_solver *s;
  int n;
  Z3_ast *ind, *buf;
};

zb_coreset *zb_coreset_new(zb_ctx *z, int n, const clp_formula **f) {
  zb_coreset *c = calloc(1, sizeof *c);
  if (!c) abort();
  c->s = zb_solver_new(z);
  zb_solver_set_deadline(c->s, clp_now() + ZB_CORE_SECONDS);
  c->n = n;
  c->ind = calloc((size_t)(n > 0 ? n : 1), sizeof *c->ind);
  c->buf = calloc((size_t)(n > 0 ? n : 1), sizeof *c->buf);
  if (!c->ind || !c->buf) abort();
  zb_solver *s = c->s;
  for (int i = 0; i < n && !s->broken; i++) {
    unsigned e0 = z->nerr;
    c->ind[i] = zbi_ref(z, Z3_mk_fresh_const(z->c, "core", Z3_mk_bool_sort(z->c)));
    unsigned long r0 = z->nrich_seen;
    Z3_ast a = zbi_formula(z, f[i], NULL);
    if (!c->ind[i] || !a || z->nerr != e0) { zbi_unref(z, a); s->broken = true; break; }
    Z3_ast imp = zbi_ref(z, Z3_mk_implies(z->c, c->ind[i], a));
    zbi_unref(z, a);
    assert_ast(s, imp, e0, r0);
  }
  return c;
}

zb_result zb_coreset_check(zb_coreset *c, const bool *use, bool *keep) {
  zb_solver *s = c->s;
  zb_ctx *z = s->z;
  int n = c->n;
  for (int i = 0; i < n; i++) keep[i] = !use || use[i];
  if (s->broken) return ZB_UNKNOWN;
  zb_result res = check_subset(s, n, c->ind, keep, c->buf);
  if (res != ZB_UNSAT) return res;
  /* Start from Z3's core, then drop members while still unsat. */
  unsigned e0 = z->nerr;
  Z3_ast_vector core = Z3_solver_get_unsat_core(z->c, s->s);
  if (core && z->nerr == e0) {
    Z3_ast_vector_inc_ref(z->c, core);
    zbi_count(1);
    unsigned m = Z3_ast_vector_size(z->c, core);
    for (int i = 0; i < n; i++) {
      if (!keep[i]) continue;
      keep[i] = false;
      for (unsigned j = 0; j < m && !keep[i]; j++)
        keep[i] = Z3_is_eq_ast(z->c, c->ind[i], Z3_ast_vector_get(z->c, core, j));
    }
    Z3_ast_vector_dec_ref(z->c, core);
    zbi_count(-1);
  }
  for (int i = 0; i < n && res == ZB_UNSAT; i++) {
    if (!keep[i]) continue;
    keep[i] = false;
    zb_result q = check_subset(s, n, c->ind, keep, c->buf);
    if (q == ZB_UNKNOWN) res = ZB_UNKNOWN;
    else if (q == ZB_SAT) keep[i] = true;
  }
  return res;
}

void zb_coreset_free(zb_coreset *c) {
  if (!c) return;
  zb_ctx *z = c->s->z;
  for (int i = 0; i < c->n; i++) zbi_unref(z, c->ind[i]);
  free(c->ind);
  free(c->buf);
  zb_solver_free(c->s);
  free(c);
}

zb_result zb_core(zb_ctx *z, int n, const clp_formula **f, bool *keep) {
  zb_coreset *c = zb_coreset_new(z, n, f);
  zb_result res = zb_coreset_check(c, NULL, keep);
  zb_coreset_free(c);
  return res;
}
