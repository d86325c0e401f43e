/* zb.c -- the Z3 bridge (prefix zb_): contexts, reference accounting, IR to
 * Z3 conversion, incremental solving, models, Horn solving with Spacer, Z3
 * to IR conversion and quantifier elimination.  With the other bridge files
 * (zb_*.c, sharing zbi.h) the only files of the project that include <z3.h>.
 *
 * Reference discipline: every helper that returns a Z3_ast returns an OWNED
 * reference (inc_ref'd through ref()); the caller releases it with unref().
 * All inc/dec_ref calls go through the counters of zb_live_refs().
 * Errors: the Z3 error handler records the message and bumps z->nerr; every
 * entry point compares z->nerr before and after and answers ZB_UNKNOWN/NULL
 * when an error happened in between.  A solver that saw an error while
 * asserting is broken for good (its checks answer ZB_UNKNOWN), so a failed
 * assertion can never make a check look satisfiable or unsatisfiable. */
#include "zb/zbi.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long live_refs = 0;   /* inc_ref - dec_ref, process-wide */
static long ncalls = 0; /* check/horn/qe calls */
static zb_ctx *live_ctxs = NULL; /* registry for the error handler */
static unsigned memory_mb = 0;   /* --memory cap given to Z3 (0 = none) */
static bool memout = false;      /* Z3 reported running out of memory */

long zb_live_refs(void) { return live_refs; }
long zb_calls(void) { return ncalls; }

/* ------------------------------------------------------------ references */
static Z3_ast ref(zb_ctx *z, Z3_ast a) {
  if (a) { Z3_inc_ref(z->c, a); live_refs++; }
  return a;
}

static void unref(zb_ctx *z, Z3_ast a) {
  if (a) { Z3_dec_ref(z->c, a); live_refs--; }
}

/* -------------------------------------------------------------- contexts */
static void on_error(Z3_context c, Z3_error_code e) {
  for (zb_ctx *z = live_ctxs; z; z = z->next) {
    if (z->c != c) continue;
    const char *msg = Z3_get_error_msg(c, e);
    size_t n = strcspn(msg ? msg : "", "\n"); /* first line only */
    free(z->err);
    z->err = malloc(n + 1);
    if (z->err) { memcpy(z->err, msg ? msg : "", n); z->err[n] = 0; }
    z->nerr++;
    if (e == Z3_MEMOUT_FAIL) memout = true;
    return;
  }
  if (e == Z3_MEMOUT_FAIL) memout = true;
}

/* After an undecided check of s: was it Z3's memory cap? */
static void note_undef(Z3_context c, Z3_solver s) {
  if (!memory_mb || memout) return;
  Z3_string why = Z3_solver_get_reason_unknown(c, s);
  if (why && strstr(why, "memory")) memout = true;
}

bool zb_memory_exhausted(void) { return memout; }

const char *zb_version(void) {
  static char buf[48];
  unsigned a, b, c, d;
  Z3_get_version(&a, &b, &c, &d);
  snprintf(buf, sizeof buf, "%u.%u.%u", a, b, c);
  return buf;
}

void zb_set_memory_mb(unsigned mb) {
  char buf[32];
  snprintf(buf, sizeof buf, "%u", mb);
  Z3_global_param_set("memory_max_size", buf);
  memory_mb = mb;
}

zb_ctx *zb_ctx_new(void) {
  zb_ctx *z = calloc(1, sizeof *z);
  if (!z) return NULL;
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  z->c = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!z->c) { /* e.g. over the memory cap: a context that answers unknown */
    z->err = strdup("cannot create a Z3 context");
    z->nerr = 1;
    if (memory_mb) memout = true;
    return z;
  }
  Z3_set_error_handler(z->c, on_error);
  z->next = live_ctxs;
  live_ctxs = z;
  return z;
}

void zb_ctx_free(zb_ctx *z) {
  if (!z) return;
  assert(z->nsolvers == 0 && "free the solvers of a context first");
  for (unsigned i = 0; i < z->nterms; i++) unref(z, z->terms[i]);
  for (unsigned i = 0; i < z->nsorts; i++)
    if (z->sorts[i]) unref(z, Z3_sort_to_ast(z->c, z->sorts[i]));
  for (unsigned i = 0; i < z->nfuns; i++)
    if (z->funs[i]) unref(z, Z3_func_decl_to_ast(z->c, z->funs[i]));
  free(z->terms);
  free(z->sorts);
  free(z->funs);
  for (zb_ctx **p = &live_ctxs; *p; p = &(*p)->next)
    if (*p == z) { *p = z->next; break; }
  if (z->c) Z3_del_context(z->c);
  free(z->err);
  free(z);
}

const char *zb_error(zb_ctx *z) { return z ? z->err : NULL; }

/* Grows a malloc'd array of pointers to at least n+1 zeroed slots. */
static void *grow_slots(void *p, unsigned *cap, unsigned n, size_t elt) {
  if (n < *cap) return p;
  unsigned nc = *cap ? *cap : 64;
  while (nc <= n) nc *= 2;
  char *q = realloc(p, (size_t)nc * elt);
  if (!q) abort();
  memset(q + (size_t)*cap * elt, 0, (size_t)(nc - *cap) * elt);
  *cap = nc;
  return q;
}

/* ------------------------------------------------------- IR -> Z3: sorts */
/* Borrowed (cached) sort, or NULL on error. */
static Z3_sort to_sort(zb_ctx *z, const clp_sort *s) {
  if (s->id < z->nsorts && z->sorts[s->id]) return z->sorts[s->id];
  Z3_sort r = NULL;
  switch (s->kind) {
  case CLP_S_BOOL: r = Z3_mk_bool_sort(z->c); break;
  case CLP_S_INT: r = Z3_mk_int_sort(z->c); break;
  case CLP_S_ARRAY: {
    Z3_sort d = to_sort(z, s->index), e = to_sort(z, s->elem);
    if (d && e) r = Z3_mk_array_sort(z->c, d, e);
    break;
  }
  }
  if (!r) return NULL;
  ref(z, Z3_sort_to_ast(z->c, r));
  z->sorts = grow_slots(z->sorts, &z->nsorts, s->id, sizeof *z->sorts);
  z->sorts[s->id] = r;
  return r;
}

/* IR sort of a Z3 sort (Bool, Int, Array Int X), or NULL. */
static const clp_sort *sort_back(zb_ctx *z, Z3_sort s) {
  switch (Z3_get_sort_kind(z->c, s)) {
  case Z3_BOOL_SORT: return clp_sort_bool();
  case Z3_INT_SORT: return clp_sort_int();
  case Z3_ARRAY_SORT: {
    const clp_sort *d = sort_back(z, Z3_get_array_sort_domain(z->c, s));
    const clp_sort *r = sort_back(z, Z3_get_array_sort_range(z->c, s));
    if (d != clp_sort_int() || !r) return NULL;
    return clp_sort_array(d, r);
  }
  default: return NULL;
  }
}

/* Borrowed (cached) declaration of an uninterpreted function, or NULL. */
static Z3_func_decl to_fun(zb_ctx *z, const clp_fun *f) {
  if (f->id < z->nfuns && z->funs[f->id]) return z->funs[f->id];
  Z3_sort dom[f->arity > 0 ? f->arity : 1];
  for (int i = 0; i < f->arity; i++)
    if (!(dom[i] = to_sort(z, f->dom[i]))) return NULL;
  Z3_sort range = to_sort(z, f->range);
  if (!range) return NULL;
  Z3_func_decl d = Z3_mk_func_decl(z->c, Z3_mk_string_symbol(z->c, f->name),
                                   (unsigned)f->arity, dom, range);
  if (!d) return NULL;
  ref(z, Z3_func_decl_to_ast(z->c, d));
  z->funs = grow_slots(z->funs, &z->nfuns, f->id, sizeof *z->funs);
  z->funs[f->id] = d;
  return d;
}

/* The clp_fun whose declaration is d, or NULL when d was not made by
 * to_fun (the map lives in z->funs: the clp_fun is found again by name and
 * signature, since malloc memory may hold no GC pointer). */
static const clp_fun *fun_back(zb_ctx *z, Z3_func_decl d) {
  unsigned i;
  for (i = 0; i < z->nfuns; i++)
    if (z->funs[i] && Z3_is_eq_func_decl(z->c, z->funs[i], d)) break;
  if (i == z->nfuns) return NULL;
  unsigned n = Z3_get_domain_size(z->c, d);
  const clp_sort **dom = NEW_N(const clp_sort *, n);
  for (unsigned k = 0; k < n; k++)
    if (!(dom[k] = sort_back(z, Z3_get_domain(z->c, d, k)))) return NULL;
  const clp_sort *range = sort_back(z, Z3_get_range(z->c, d));
  if (!range) return NULL;
  Z3_string name = Z3_get_symbol_string(z->c, Z3_get_decl_name(z->c, d));
  return clp_fun_get(clp_strdup(name), (int)n, dom, range);
}

/* ------------------------------------------------------- IR -> Z3: terms */
static Z3_ast mk_var(zb_ctx *z, const clp_term *t) {
  Z3_sort s = to_sort(z, t->sort);
  if (!s) return NULL;
  /* "x" for label 0, "x@k" for label k; a label-0 name that contains '@'
   * gets "@0" so that no two variables share a Z3 symbol. */
  Z3_symbol sym;
  if (t->label || strchr(t->name, '@')) {
    size_t n = strlen(t->name) + 16;
    char *buf = malloc(n);
    if (!buf) abort();
    snprintf(buf, n, "%s@%d", t->name, t->label);
    sym = Z3_mk_string_symbol(z->c, buf);
    free(buf);
  } else
    sym = Z3_mk_string_symbol(z->c, t->name);
  return Z3_mk_const(z->c, sym, s);
}

/* Builds the node of t from its converted kids k (borrowed). */
static Z3_ast mk_node(zb_ctx *z, const clp_term *t, Z3_ast *k) {
  Z3_context c = z->c;
  switch (t->op) {
  case CLP_VAR: return mk_var(z, t);
  case CLP_NUM: return Z3_mk_int64(c, t->num, to_sort(z, clp_sort_int()));
  case CLP_TRUE: return Z3_mk_true(c);
  case CLP_FALSE: return Z3_mk_false(c);
  case CLP_ADD: return Z3_mk_add(c, (unsigned)t->n, k);
  case CLP_MUL: return Z3_mk_mul(c, (unsigned)t->n, k);
  case CLP_DIV: return Z3_mk_div(c, k[0], k[1]);
  case CLP_MOD: return Z3_mk_mod(c, k[0], k[1]);
  case CLP_ITE: return Z3_mk_ite(c, k[0], k[1], k[2]);
  case CLP_SELECT: return Z3_mk_select(c, k[0], k[1]);
  case CLP_STORE: return Z3_mk_store(c, k[0], k[1], k[2]);
  case CLP_CONST_ARRAY: {
    Z3_sort d = to_sort(z, t->sort->index);
    return d ? Z3_mk_const_array(c, d, k[0]) : NULL;
  }
  case CLP_APP: {
    Z3_func_decl f = to_fun(z, t->fun);
    return f ? Z3_mk_app(c, f, (unsigned)t->n, k) : NULL;
  }
  case CLP_EQ: return Z3_mk_eq(c, k[0], k[1]);
  case CLP_LE: return Z3_mk_le(c, k[0], k[1]);
  case CLP_NOT: return Z3_mk_not(c, k[0]);
  case CLP_AND: return Z3_mk_and(c, (unsigned)t->n, k);
  case CLP_OR: return Z3_mk_or(c, (unsigned)t->n, k);
  }
  return NULL;
}

/* Owned Z3 AST of a term, cached per context by term id; NULL on error. */
static Z3_ast to_term(zb_ctx *z, const clp_term *t) {
  if (t->id < z->nterms && z->terms[t->id]) return ref(z, z->terms[t->id]);
  Z3_ast small[4], *k = t->n <= 4 ? small : malloc(sizeof *k * (size_t)t->n);
  if (!k) abort();
  int i;
  for (i = 0; i < t->n; i++)
    if (!(k[i] = to_term(z, t->kids[i]))) break;
  Z3_ast r = NULL;
  if (i == t->n) r = ref(z, mk_node(z, t, k));
  while (i-- > 0) unref(z, k[i]);
  if (k != small) free(k);
  if (!r) return NULL;
  z->terms = grow_slots(z->terms, &z->nterms, t->id, sizeof *z->terms);
  z->terms[t->id] = ref(z, r); /* the cache holds its own reference */
  return r;
}

/* Memo of to_formula by node (formulas are DAGs: the BDD formulas of the
 * indexed engine share their subformulas, and a tree walk of them is
 * exponential): open addressing on the node's address, owned values. */
typedef struct fmemo {
  unsigned cap, n;
  const clp_formula **key;
  Z3_ast *val;
} fmemo;

static unsigned fmemo_slot(const fmemo *m, const clp_formula *f) {
  size_t h = (size_t)f;
  h ^= h >> 17;
  h *= 0x9E3779B97F4A7C15ull;
  unsigned i = (unsigned)(h >> 20) & (m->cap - 1);
  while (m->key[i] && m->key[i] != f) i = (i + 1) & (m->cap - 1);
  return i;
}

static void fmemo_put(zb_ctx *z, fmemo *m, const clp_formula *f, Z3_ast a) {
  if (2 * (m->n + 1) > m->cap) {
    fmemo o = *m;
    m->cap = o.cap ? 2 * o.cap : 64;
    m->n = 0;
    m->key = calloc(m->cap, sizeof *m->key);
    m->val = calloc(m->cap, sizeof *m->val);
    if (!m->key || !m->val) abort();
    for (unsigned i = 0; i < o.cap; i++)
      if (o.key[i]) {
        unsigned j = fmemo_slot(m, o.key[i]);
        m->key[j] = o.key[i];
        m->val[j] = o.val[i];
        m->n++;
      }
    free(o.key);
    free(o.val);
  }
  unsigned i = fmemo_slot(m, f);
  m->key[i] = f;
  m->val[i] = ref(z, a);
  m->n++;
}

static void fmemo_free(zb_ctx *z, fmemo *m) {
  for (unsigned i = 0; i < m->cap; i++)
    if (m->key[i]) unref(z, m->val[i]);
  free(m->key);
  free(m->val);
}

static Z3_ast to_formula_m(zb_ctx *z, const clp_formula *f,
                           const Z3_func_decl *rels, fmemo *memo) {
  Z3_context c = z->c;
  switch (f->kind) {
  case CLP_F_TRUE: return ref(z, Z3_mk_true(c));
  case CLP_F_FALSE: return ref(z, Z3_mk_false(c));
  case CLP_F_LIT: {
    Z3_ast a = to_term(z, f->atom);
    if (!a || !f->neg) return a;
    Z3_ast r = ref(z, Z3_mk_not(c, a));
    unref(z, a);
    return r;
  }
  case CLP_F_AND: case CLP_F_OR: case CLP_F_CALL: break;
  }
  assert(f->kind != CLP_F_CALL || rels);
  if (f->kind == CLP_F_CALL && !rels) return NULL;
  if (memo->cap) {
    unsigned i = fmemo_slot(memo, f);
    if (memo->key[i]) return ref(z, memo->val[i]);
  }
  int n = f->n;
  Z3_ast *k = malloc(sizeof *k * (size_t)(n > 0 ? n : 1));
  if (!k) abort();
  int i;
  for (i = 0; i < n; i++) {
    k[i] = f->kind == CLP_F_CALL ? to_term(z, f->args[i])
                                 : to_formula_m(z, f->kids[i], rels, memo);
    if (!k[i]) break;
  }
  Z3_ast r = NULL;
  if (i == n) {
    if (f->kind == CLP_F_AND) r = Z3_mk_and(c, (unsigned)n, k);
    else if (f->kind == CLP_F_OR) r = Z3_mk_or(c, (unsigned)n, k);
    else r = Z3_mk_app(c, rels[f->rel->id], (unsigned)n, k);
    r = ref(z, r);
  }
  while (i-- > 0) unref(z, k[i]);
  free(k);
  if (r && n > 1) fmemo_put(z, memo, f, r);
  return r;
}

/* Owned Z3 formula; calls are only allowed when rels (relation id ->
 * declaration) is given.  Shared subformulas are converted once. */
static Z3_ast to_formula(zb_ctx *z, const clp_formula *f, const Z3_func_decl *rels) {
  fmemo m = {0, 0, NULL, NULL};
  Z3_ast r = to_formula_m(z, f, rels, &m);
  fmemo_free(z, &m);
  return r;
}

/* ----------------------------------------------------------------- solver */
struct zb_solver {
  zb_ctx *z;
  Z3_solver s;
  Z3_model m;   /* model of the last ZB_SAT check, or NULL */
  bool broken;  /* an error happened while asserting: never answer again */
  double until; /* clp_now() deadline of this solver's checks (0 = none) */
  unsigned set_ms; /* the timeout last given to Z3 (0 = none yet) */
};

static void drop_model(zb_solver *s) {
  if (!s->m) return;
  Z3_model_dec_ref(s->z->c, s->m);
  live_refs--;
  s->m = NULL;
}

void zb_solver_set_deadline(zb_solver *s, double until) { s->until = until; }

zb_solver *zb_solver_new(zb_ctx *z) {
  zb_solver *s = calloc(1, sizeof *s);
  if (!s) abort();
  s->z = z;
  z->nsolvers++;
  if (!z->c) { s->broken = true; return s; }
  unsigned e0 = z->nerr;
  s->s = Z3_mk_solver(z->c);
  if (s->s) { Z3_solver_inc_ref(z->c, s->s); live_refs++; }
  if (!s->s || z->nerr != e0) s->broken = true;
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

void zb_solver_weak_arrays(zb_solver *s) {
  set_params(s, 1, (const char *[]){"array.extensional"}, (const bool[]){1},
             (const unsigned[]){0});
}

void zb_solver_free(zb_solver *s) {
  if (!s) return;
  drop_model(s);
  if (s->s) { Z3_solver_dec_ref(s->z->c, s->s); live_refs--; }
  s->z->nsolvers--;
  free(s);
}

static void assert_ast(zb_solver *s, Z3_ast a, unsigned e0) {
  zb_ctx *z = s->z;
  drop_model(s);
  if (!a || s->broken) { s->broken = true; unref(z, a); return; }
  Z3_solver_assert(z->c, s->s, a);
  unref(z, a);
  if (z->nerr != e0) s->broken = true;
}

void zb_assert(zb_solver *s, const clp_formula *f) {
  assert(!clp_f_has_call(f));
  unsigned e0 = s->z->nerr;
  assert_ast(s, s->broken ? NULL : to_formula(s->z, f, NULL), e0);
}

void zb_assert_term(zb_solver *s, const clp_term *b) {
  assert(b->sort == clp_sort_bool());
  unsigned e0 = s->z->nerr;
  assert_ast(s, s->broken ? NULL : to_term(s->z, b), e0);
}

void zb_solver_tune_enum(zb_solver *s) {
  set_params(s, 3,
             (const char *[]){"smt.relevancy", "smt.arith.solver",
                              "model.compact"},
             (const bool[]){0, 0, 1}, (const unsigned[]){0, 2, 0});
}

void zb_push(zb_solver *s) {
  unsigned e0 = s->z->nerr;
  drop_model(s);
  if (!s->broken) Z3_solver_push(s->z->c, s->s);
  if (s->z->nerr != e0) s->broken = true;
}

void zb_pop(zb_solver *s) {
  unsigned e0 = s->z->nerr;
  drop_model(s);
  if (!s->broken) Z3_solver_pop(s->z->c, s->s, 1);
  if (s->z->nerr != e0) s->broken = true;
}

static unsigned timeout_ms_until(double until) {
  double ms = clp_remaining() * 1000.0;
  if (until > 0 && (until - clp_now()) * 1000.0 < ms)
    ms = (until - clp_now()) * 1000.0;
  if (!(ms < 1e9)) ms = 1e9; /* also catches NaN */
  if (ms < 1) ms = 1;
  return (unsigned)ms;
}

static unsigned timeout_ms(void) { return timeout_ms_until(0); }

/* Gives Z3 the time left to this solver's deadline as its timeout.
 * Z3_solver_set_params re-reads Z3's global parameters through every layer
 * of the solver under a global lock, a large part of a small check's cost
 * (measured: a third of the indexed engine's run time): the timeout given
 * before is kept while it ends within a small slack of the deadline (2% of
 * the time left plus 20 ms, at most 0.25 s late). */
static void set_timeout(zb_solver *s) {
  zb_ctx *z = s->z;
  unsigned ms = timeout_ms_until(s->until);
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
    if (!(as[i] = to_term(z, lits[i]))) break;
  Z3_lbool r = Z3_L_UNDEF;
  if (i == n && z->nerr == e0) {
    set_timeout(s);
    ncalls++;
    r = n ? Z3_solver_check_assumptions(z->c, s->s, (unsigned)n, as)
          : Z3_solver_check(z->c, s->s);
  } else
    s->broken = true;
  while (i-- > 0) unref(z, as[i]);
  if (as != small) free(as);
  if (z->nerr != e0) { s->broken = true; return ZB_UNKNOWN; }
  if (r == Z3_L_FALSE) return ZB_UNSAT;
  if (r != Z3_L_TRUE) { note_undef(z->c, s->s); return ZB_UNKNOWN; }
  s->m = Z3_solver_get_model(z->c, s->s);
  if (!s->m || z->nerr != e0) { s->m = NULL; return ZB_UNKNOWN; }
  Z3_model_inc_ref(z->c, s->m);
  live_refs++;
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
  if (clp_expired()) return ZB_UNKNOWN;
  unsigned e0 = z->nerr, m = 0;
  for (int i = 0; i < n; i++)
    if (keep[i]) buf[m++] = ind[i];
  set_timeout(s);
  ncalls++;
  Z3_lbool r = Z3_solver_check_assumptions(z->c, s->s, m, buf);
  if (z->nerr != e0) { s->broken = true; return ZB_UNKNOWN; }
  if (r == Z3_L_UNDEF) note_undef(z->c, s->s);
  return r == Z3_L_FALSE ? ZB_UNSAT : r == Z3_L_TRUE ? ZB_SAT : ZB_UNKNOWN;
}

/* Seconds a zb_core query may take.  Refinement queries are small; some
 * nonlinear ones (div and mod by variables) enter a phase of Z3 4.8.12 that
 * ignores cancellation once they have run for about 3 s (phases_2-2.c):
 * stop them before it. */
#define ZB_CORE_SECONDS 2.0

zb_result zb_core(zb_ctx *z, int n, const clp_formula **f, bool *keep) {
  zb_solver *s = zb_solver_new(z);
  zb_solver_set_deadline(s, clp_now() + ZB_CORE_SECONDS);
  zb_result res = ZB_UNKNOWN;
  Z3_ast *ind = calloc((size_t)(n > 0 ? n : 1), sizeof *ind);
  Z3_ast *buf = calloc((size_t)(n > 0 ? n : 1), sizeof *buf);
  if (!ind || !buf) abort();
  for (int i = 0; i < n; i++) keep[i] = true;
  for (int i = 0; i < n && !s->broken; i++) {
    unsigned e0 = z->nerr;
    ind[i] = ref(z, Z3_mk_fresh_const(z->c, "core", Z3_mk_bool_sort(z->c)));
    Z3_ast a = to_formula(z, f[i], NULL);
    if (!ind[i] || !a || z->nerr != e0) { unref(z, a); s->broken = true; break; }
    Z3_ast imp = ref(z, Z3_mk_implies(z->c, ind[i], a));
    unref(z, a);
    assert_ast(s, imp, e0);
  }
  if (!s->broken) res = check_subset(s, n, ind, keep, buf);
  if (res == ZB_UNSAT) {
    /* Start from Z3's core, then drop members while still unsat. */
    unsigned e0 = z->nerr;
    Z3_ast_vector core = Z3_solver_get_unsat_core(z->c, s->s);
    if (core && z->nerr == e0) {
      Z3_ast_vector_inc_ref(z->c, core);
      live_refs++;
      unsigned m = Z3_ast_vector_size(z->c, core);
      for (int i = 0; i < n; i++) {
        keep[i] = false;
        for (unsigned j = 0; j < m && !keep[i]; j++)
          keep[i] = Z3_is_eq_ast(z->c, ind[i], Z3_ast_vector_get(z->c, core, j));
      }
      Z3_ast_vector_dec_ref(z->c, core);
      live_refs--;
    }
    for (int i = 0; i < n && res == ZB_UNSAT; i++) {
      if (!keep[i]) continue;
      keep[i] = false;
      zb_result q = check_subset(s, n, ind, keep, buf);
      if (q == ZB_UNKNOWN) res = ZB_UNKNOWN;
      else if (q == ZB_SAT) keep[i] = true;
    }
  }
  for (int i = 0; i < n; i++) unref(z, ind[i]);
  free(ind);
  free(buf);
  zb_solver_free(s);
  return res;
}

/* ------------------------------------------------------------------ models */
static const clp_value *value_of(zb_ctx *z, Z3_model m, Z3_ast v);

/* Appends key -> value unless key is already listed (outer stores win). */
static bool add_entry(clp_vint **keys, const clp_value ***vals, int *n,
                      int *cap, clp_vint key, const clp_value *val) {
  for (int i = 0; i < *n; i++)
    if ((*keys)[i] == key) return true;
  if (!val) return false;
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 8;
    clp_vint *nk = NEW_ATOMIC_N(clp_vint, *cap);
    const clp_value **nv = NEW_N(const clp_value *, *cap);
    if (*n) {
      memcpy(nk, *keys, sizeof *nk * (size_t)*n);
      memcpy(nv, *vals, sizeof *nv * (size_t)*n);
    }
    *keys = nk;
    *vals = nv;
  }
  (*keys)[*n] = key;
  (*vals)[*n] = val;
  (*n)++;
  return true;
}

/* An Int numeral's value; false beyond 128 bits. */
static bool int_of(zb_ctx *z, Z3_ast a, clp_vint *out) {
  if (Z3_get_ast_kind(z->c, a) != Z3_NUMERAL_AST) return false;
  if (Z3_get_sort_kind(z->c, Z3_get_sort(z->c, a)) != Z3_INT_SORT) return false;
  int64_t k;
  if (Z3_get_numeral_int64(z->c, a, &k)) {
    *out = k;
    return true;
  }
  return clp_vint_parse(Z3_get_numeral_string(z->c, a), out);
}

static bool lambda_values = false;

void zb_set_lambda_values(bool on) { lambda_values = on; }

/* Does the bound variable 0 occur in a only as a side of "(= x K)" with K
 * an Int numeral?  Collects the numerals K into keys. */
static bool eq_only(zb_ctx *z, Z3_ast a, clp_vint **keys, int *n, int *cap) {
  Z3_context c = z->c;
  switch (Z3_get_ast_kind(c, a)) {
  case Z3_VAR_AST: return false; /* elsewhere than in (= x K) */
  case Z3_NUMERAL_AST: return true;
  case Z3_APP_AST: break;
  default: return false;         /* a nested quantifier or lambda */
  }
  Z3_app app = Z3_to_app(c, a);
  unsigned na = Z3_get_app_num_args(c, app);
  if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_EQ && na == 2)
    for (unsigned s = 0; s < 2; s++) {
      Z3_ast x = Z3_get_app_arg(c, app, s), k = Z3_get_app_arg(c, app, 1 - s);
      clp_vint key;
      if (Z3_get_ast_kind(c, x) != Z3_VAR_AST || Z3_get_index_value(c, x) != 0)
        continue;
      if (!int_of(z, k, &key)) return false;
      if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        clp_vint *nk = NEW_ATOMIC_N(clp_vint, *cap);
        if (*n) memcpy(nk, *keys, sizeof *nk * (size_t)*n);
        *keys = nk;
      }
      (*keys)[(*n)++] = key;
      return true;
    }
  for (unsigned i = 0; i < na; i++)
    if (!eq_only(z, Z3_get_app_arg(c, app, i), keys, n, cap)) return false;
  return true;
}

/* The value of lambda body b at the index key: b[x := key] in the model. */
static const clp_value *body_at(zb_ctx *z, Z3_model m, Z3_ast b, clp_vint key) {
  Z3_context c = z->c;
  Z3_ast k = Z3_mk_int64(c, (int64_t)key, Z3_mk_int_sort(c));
  ref(z, k);
  Z3_ast t = Z3_substitute_vars(c, b, 1, &k);
  ref(z, t);
  Z3_ast v = NULL;
  if (Z3_model_eval(c, m, t, true, &v)) ref(z, v);
  else v = NULL;
  const clp_value *r = v ? value_of(z, m, v) : NULL;
  unref(z, v);
  unref(z, t);
  unref(z, k);
  return r;
}

/* (lambda ((x Int)) B) whose x occurs only in equalities (= x K) (Z3's
 * models of Bool arrays, sets): B at every K, and B elsewhere as the
 * default (one index outside the Ks). */
static const clp_value *lambda_value(zb_ctx *z, Z3_model m, Z3_ast v) {
  Z3_context c = z->c;
  if (!lambda_values || !Z3_is_lambda(c, v) ||
      Z3_get_quantifier_num_bound(c, v) != 1 ||
      Z3_get_sort_kind(c, Z3_get_quantifier_bound_sort(c, v, 0)) != Z3_INT_SORT)
    return NULL;
  Z3_ast b = Z3_get_quantifier_body(c, v);
  clp_vint *keys = NULL;
  int n = 0, cap = 0;
  if (!eq_only(z, b, &keys, &n, &cap)) return NULL;
  clp_vint other = 0;
  for (int i = 0; i < n; i++)
    if (keys[i] >= other) other = keys[i] + 1;
  const clp_value *d = body_at(z, m, b, other);
  const clp_value **vals = NEW_N(const clp_value *, n + 1);
  for (int i = 0; d && i < n; i++)
    if (!(vals[i] = body_at(z, m, b, keys[i]))) return NULL;
  return d ? clp_v_array(d, n, keys, vals) : NULL;
}

/* Array value: store chains over a constant array or over (_ as-array f),
 * or (zb_set_lambda_values) a lambda over equalities. */
static const clp_value *array_value(zb_ctx *z, Z3_model m, Z3_ast v) {
  Z3_context c = z->c;
  clp_vint *keys = NULL;
  const clp_value **vals = NULL;
  int n = 0, cap = 0;
  for (;;) {
    if (Z3_get_ast_kind(c, v) == Z3_QUANTIFIER_AST) { /* stores over it */
      const clp_value *a = lambda_value(z, m, v);
      for (int i = 0; a && i < a->n; i++)
        if (!add_entry(&keys, &vals, &n, &cap, a->keys[i], a->vals[i])) return NULL;
      return a ? clp_v_array(a->dflt, n, keys, vals) : NULL;
    }
    if (Z3_get_ast_kind(c, v) != Z3_APP_AST) return NULL; /* lambda, ... */
    if (Z3_is_as_array(c, v)) break;
    Z3_app app = Z3_to_app(c, v);
    Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    if (k == Z3_OP_CONST_ARRAY) {
      const clp_value *d = value_of(z, m, Z3_get_app_arg(c, app, 0));
      return d ? clp_v_array(d, n, keys, vals) : NULL;
    }
    if (k != Z3_OP_STORE || Z3_get_app_num_args(c, app) != 3) return NULL;
    clp_vint key;
    if (!int_of(z, Z3_get_app_arg(c, app, 1), &key)) return NULL;
    bool seen = false;
    for (int i = 0; i < n; i++) seen |= keys[i] == key;
    if (!seen &&
        !add_entry(&keys, &vals, &n, &cap, key,
                   value_of(z, m, Z3_get_app_arg(c, app, 2))))
      return NULL;
    v = Z3_get_app_arg(c, app, 0);
  }
  /* (_ as-array f): f's interpretation in the model gives entries + else */
  Z3_func_decl f = Z3_get_as_array_func_decl(c, v);
  if (!f || !Z3_model_has_interp(c, m, f)) return NULL;
  Z3_func_interp fi = Z3_model_get_func_interp(c, m, f);
  if (!fi) return NULL;
  Z3_func_interp_inc_ref(c, fi);
  live_refs++;
  const clp_value *res = NULL;
  unsigned ne = Z3_func_interp_get_num_entries(c, fi);
  bool ok = Z3_func_interp_get_arity(c, fi) == 1;
  for (unsigned i = 0; ok && i < ne; i++) {
    Z3_func_entry e = Z3_func_interp_get_entry(c, fi, i);
    Z3_func_entry_inc_ref(c, e);
    live_refs++;
    clp_vint key;
    ok = int_of(z, Z3_func_entry_get_arg(c, e, 0), &key) &&
         add_entry(&keys, &vals, &n, &cap, key,
                   value_of(z, m, Z3_func_entry_get_value(c, e)));
    Z3_func_entry_dec_ref(c, e);
    live_refs--;
  }
  Z3_ast els = ok ? Z3_func_interp_get_else(c, fi) : NULL;
  const clp_value *d = els ? value_of(z, m, els) : NULL;
  if (d) res = clp_v_array(d, n, keys, vals);
  Z3_func_interp_dec_ref(c, fi);
  live_refs--;
  return res;
}

/* Concrete value of a Z3 value AST (borrowed), or NULL. */
static const clp_value *value_of(zb_ctx *z, Z3_model m, Z3_ast v) {
  if (!v) return NULL;
  switch (Z3_get_sort_kind(z->c, Z3_get_sort(z->c, v))) {
  case Z3_BOOL_SORT:
    switch (Z3_get_bool_value(z->c, v)) {
    case Z3_L_TRUE: return clp_v_bool(true);
    case Z3_L_FALSE: return clp_v_bool(false);
    default: return NULL;
    }
  case Z3_INT_SORT: {
    clp_vint k;
    return int_of(z, v, &k) ? clp_v_int(k) : NULL;
  }
  case Z3_ARRAY_SORT: return array_value(z, m, v);
  default: return NULL;
  }
}

const clp_value *zb_model_eval(zb_solver *s, const clp_term *t) {
  zb_ctx *z = s->z;
  if (!s->m) return NULL;
  unsigned e0 = z->nerr;
  Z3_ast a = to_term(z, t), v = NULL;
  if (a && Z3_model_eval(z->c, s->m, a, true, &v)) ref(z, v);
  else v = NULL;
  const clp_value *r = v && z->nerr == e0 ? value_of(z, s->m, v) : NULL;
  unref(z, v);
  unref(z, a);
  return z->nerr == e0 ? r : NULL;
}

/* Value Z3's model completion gives to a sort: 0, false, const array. */
static const clp_value *default_value(const clp_sort *s) {
  switch (s->kind) {
  case CLP_S_BOOL: return clp_v_bool(false);
  case CLP_S_INT: return clp_v_int(0);
  case CLP_S_ARRAY: {
    const clp_value *d = default_value(s->elem);
    return clp_v_array(d, 0, NULL, NULL);
  }
  }
  return NULL;
}

/* IR term of the default value of a sort: false, 0, constant arrays. */
static const clp_term *default_term(const clp_sort *s) {
  switch (s->kind) {
  case CLP_S_BOOL: return clp_false();
  case CLP_S_INT: return clp_num(0);
  case CLP_S_ARRAY: return clp_const_array(s, default_term(s->elem));
  }
  return NULL;
}

/* Evaluates f(defaults) with model completion, which makes Z3 register an
 * interpretation for f when it had none.  Owned result, NULL on error. */
static Z3_ast eval_some_app(zb_ctx *z, Z3_model m, Z3_func_decl d,
                            const clp_fun *f) {
  Z3_ast args[f->arity > 0 ? f->arity : 1];
  int i;
  for (i = 0; i < f->arity; i++)
    if (!(args[i] = to_term(z, default_term(f->dom[i])))) break;
  Z3_ast v = NULL;
  if (i == f->arity) {
    Z3_ast app = ref(z, Z3_mk_app(z->c, d, (unsigned)f->arity, args));
    if (app && Z3_model_eval(z->c, m, app, true, &v)) ref(z, v);
    else v = NULL;
    unref(z, app);
  }
  while (i-- > 0) unref(z, args[i]);
  return v;
}

const clp_funinterp *zb_model_fun(zb_solver *s, const clp_fun *f) {
  zb_ctx *z = s->z;
  Z3_context c = z->c;
  if (!s->m) return NULL;
  unsigned e0 = z->nerr;
  Z3_func_decl d = to_fun(z, f);
  if (!d) return NULL;
  clp_funinterp *fi = NEW(clp_funinterp);
  fi->fun = f;
  if (f->arity == 0 || !Z3_model_has_interp(c, s->m, d)) {
    Z3_ast v = eval_some_app(z, s->m, d, f);
    if (f->arity == 0) {
      fi->els = value_of(z, s->m, v);
      unref(z, v);
      return fi->els && z->nerr == e0 ? fi : NULL;
    }
    unref(z, v);
    if (!Z3_model_has_interp(c, s->m, d)) {
      fi->els = default_value(f->range);
      return fi->els && z->nerr == e0 ? fi : NULL;
    }
  }
  Z3_func_interp zi = Z3_model_get_func_interp(c, s->m, d);
  if (!zi) return NULL;
  Z3_func_interp_inc_ref(c, zi);
  live_refs++;
  unsigned ne = Z3_func_interp_get_num_entries(c, zi);
  fi->n = (int)ne;
  fi->args = NEW_N(const clp_value **, ne);
  fi->vals = NEW_N(const clp_value *, ne);
  bool ok = true;
  for (unsigned i = 0; ok && i < ne; i++) {
    Z3_func_entry e = Z3_func_interp_get_entry(c, zi, i);
    Z3_func_entry_inc_ref(c, e);
    live_refs++;
    fi->args[i] = NEW_N(const clp_value *, f->arity);
    for (int k = 0; ok && k < f->arity; k++)
      ok = (fi->args[i][k] =
                value_of(z, s->m, Z3_func_entry_get_arg(c, e, (unsigned)k)));
    ok = ok && (fi->vals[i] = value_of(z, s->m, Z3_func_entry_get_value(c, e)));
    Z3_func_entry_dec_ref(c, e);
    live_refs--;
  }
  Z3_ast els = ok ? Z3_func_interp_get_else(c, zi) : NULL;
  fi->els = els ? value_of(z, s->m, els) : NULL;
  Z3_func_interp_dec_ref(c, zi);
  live_refs--;
  return ok && fi->els && z->nerr == e0 ? fi : NULL;
}

/* ------------------------------------------------------------ Z3 -> IR */
/* Converter state: the Z3 constants that may occur free (zv, malloc, owned
 * references) with their IR variables (iv, GC), and a memo from Z3 AST ids
 * to IR terms (GC memory: ids and GC pointers only). */
typedef struct back {
  zb_ctx *z;
  int nvars;
  Z3_ast *zv;
  const clp_term **iv;
  unsigned *mkeys;            /* memo: ast id + 1 (0 = empty) */
  const clp_term **mvals;
  unsigned mcap, mn;
} back;

static void back_init(back *b, zb_ctx *z, int nvars) {
  memset(b, 0, sizeof *b);
  b->z = z;
  b->zv = calloc((size_t)(nvars > 0 ? nvars : 1), sizeof *b->zv);
  b->iv = NEW_N(const clp_term *, nvars);
  if (!b->zv) abort();
}

static void back_free(back *b) {
  for (int i = 0; i < b->nvars; i++) unref(b->z, b->zv[i]);
  free(b->zv);
}

/* Maps the owned Z3 constant a to the IR variable v. */
static void back_var(back *b, Z3_ast a, const clp_term *v) {
  b->zv[b->nvars] = a;
  b->iv[b->nvars++] = v;
}

static const clp_term *memo_get(back *b, unsigned id) {
  if (!b->mcap) return NULL;
  for (unsigned h = (id * 2654435761u) & (b->mcap - 1);; h = (h + 1) & (b->mcap - 1)) {
    if (!b->mkeys[h]) return NULL;
    if (b->mkeys[h] == id + 1) return b->mvals[h];
  }
}

static void memo_put(back *b, unsigned id, const clp_term *t) {
  if (2 * (b->mn + 1) > b->mcap) {
    unsigned oc = b->mcap, *ok = b->mkeys;
    const clp_term **ov = b->mvals;
    b->mcap = oc ? 2 * oc : 64;
    b->mkeys = NEW_ATOMIC_N(unsigned, b->mcap);
    memset(b->mkeys, 0, sizeof *b->mkeys * b->mcap);
    b->mvals = NEW_N(const clp_term *, b->mcap);
    b->mn = 0;
    for (unsigned i = 0; i < oc; i++)
      if (ok[i]) memo_put(b, ok[i] - 1, ov[i]);
  }
  unsigned h = (id * 2654435761u) & (b->mcap - 1);
  while (b->mkeys[h]) h = (h + 1) & (b->mcap - 1);
  b->mkeys[h] = id + 1;
  b->mvals[h] = t;
  b->mn++;
}

static const clp_term *back_term(back *b, Z3_ast a);

/* Converts the arguments of app into k (GC); false on failure. */
static bool back_args(back *b, Z3_app app, unsigned n, const clp_term **k) {
  for (unsigned i = 0; i < n; i++)
    if (!(k[i] = back_term(b, Z3_get_app_arg(b->z->c, app, i)))) return false;
  return true;
}

static const clp_term *bool_ite(const clp_term *c, const clp_term *t,
                                const clp_term *e) {
  const clp_term *l[2] = {c, t}, *r[2] = {clp_not(c), e}, *o[2];
  o[0] = clp_and(2, l);
  o[1] = clp_and(2, r);
  return clp_or(2, o);
}

/* The IR node of an application whose arguments k are converted. */
static const clp_term *back_app(back *b, Z3_ast a, Z3_app app,
                                Z3_decl_kind dk, unsigned n,
                                const clp_term **k) {
  zb_ctx *z = b->z;
  const clp_term *r;
  switch (dk) {
  case Z3_OP_TRUE: return clp_true();
  case Z3_OP_FALSE: return clp_false();
  case Z3_OP_AND: return clp_and((int)n, k);
  case Z3_OP_OR: return clp_or((int)n, k);
  case Z3_OP_NOT: return n == 1 ? clp_not(k[0]) : NULL;
  case Z3_OP_IMPLIES: {
    if (n != 2) return NULL;
    const clp_term *o[2] = {clp_not(k[0]), k[1]};
    return clp_or(2, o);
  }
  case Z3_OP_XOR:
    return n == 2 ? bool_ite(k[0], clp_not(k[1]), k[1]) : NULL;
  case Z3_OP_IFF:
  case Z3_OP_EQ:
    if (n < 2) return NULL;
    r = clp_eq(k[0], k[1]);
    for (unsigned i = 2; i < n; i++) {
      const clp_term *p[2] = {r, clp_eq(k[0], k[i])};
      r = clp_and(2, p);
    }
    return r;
  case Z3_OP_DISTINCT: {
    r = clp_true();
    for (unsigned i = 0; i < n; i++)
      for (unsigned j = i + 1; j < n; j++) {
        const clp_term *p[2] = {r, clp_not(clp_eq(k[i], k[j]))};
        r = clp_and(2, p);
      }
    return r;
  }
  case Z3_OP_ITE:
    if (n != 3) return NULL;
    if (k[1]->sort == clp_sort_bool()) return bool_ite(k[0], k[1], k[2]);
    return clp_ite(k[0], k[1], k[2]);
  case Z3_OP_LE: return n == 2 ? clp_le(k[0], k[1]) : NULL;
  case Z3_OP_GE: return n == 2 ? clp_ge(k[0], k[1]) : NULL;
  case Z3_OP_LT: return n == 2 ? clp_lt(k[0], k[1]) : NULL;
  case Z3_OP_GT: return n == 2 ? clp_gt(k[0], k[1]) : NULL;
  case Z3_OP_ADD: case Z3_OP_SUB: case Z3_OP_MUL:
    if (n < 1) return NULL;
    r = k[0];
    for (unsigned i = 1; i < n; i++)
      r = dk == Z3_OP_ADD ? clp_add(r, k[i])
          : dk == Z3_OP_SUB ? clp_sub(r, k[i]) : clp_mul(r, k[i]);
    return r;
  case Z3_OP_UMINUS: return n == 1 ? clp_neg(k[0]) : NULL;
  case Z3_OP_IDIV: return n == 2 ? clp_div(k[0], k[1]) : NULL;
  case Z3_OP_MOD: return n == 2 ? clp_mod(k[0], k[1]) : NULL;
  case Z3_OP_SELECT: return n == 2 ? clp_select(k[0], k[1]) : NULL;
  case Z3_OP_STORE: return n == 3 ? clp_store(k[0], k[1], k[2]) : NULL;
  case Z3_OP_CONST_ARRAY: {
    const clp_sort *s = sort_back(z, Z3_get_sort(z->c, a));
    return s && n == 1 ? clp_const_array(s, k[0]) : NULL;
  }
  case Z3_OP_UNINTERPRETED: {
    const clp_fun *f = fun_back(z, Z3_get_app_decl(z->c, app));
    return f && f->arity == (int)n ? clp_app(f, k) : NULL;
  }
  default: return NULL; /* to_real, div on reals, rem, ... */
  }
}

/* IR term of a borrowed Z3 AST, or NULL when it has no IR counterpart. */
static const clp_term *back_term(back *b, Z3_ast a) {
  zb_ctx *z = b->z;
  Z3_context c = z->c;
  unsigned id = Z3_get_ast_id(c, a);
  const clp_term *r = memo_get(b, id);
  if (r) return r;
  Z3_ast_kind ak = Z3_get_ast_kind(c, a);
  if (ak == Z3_NUMERAL_AST) {
    clp_vint k;   /* IR constants are int64 */
    if (!int_of(z, a, &k) || k < INT64_MIN || k > INT64_MAX) return NULL;
    r = clp_num((int64_t)k);
  } else if (ak == Z3_APP_AST) {
    Z3_app app = Z3_to_app(c, a);
    Z3_decl_kind dk = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    unsigned n = Z3_get_app_num_args(c, app);
    if (dk == Z3_OP_UNINTERPRETED && n == 0) {
      for (int i = 0; i < b->nvars && !r; i++)
        if (Z3_is_eq_ast(c, a, b->zv[i])) r = b->iv[i];
      if (!r) return NULL; /* an unknown constant */
    } else {
      const clp_term **k = NEW_N(const clp_term *, n);
      if (!back_args(b, app, n, k)) return NULL;
      if (!(r = back_app(b, a, app, dk, n, k))) return NULL;
    }
  } else
    return NULL; /* quantifier, lambda, bound variable */
  memo_put(b, id, r);
  return r;
}

/* IR formula of a borrowed Z3 Bool AST, or NULL. */
static const clp_formula *back_formula(back *b, Z3_ast a) {
  const clp_term *t = back_term(b, a);
  if (!t || t->sort != clp_sort_bool()) return NULL;
  return clp_f_lit(t, false, clp_nopos);
}

/* zbi.h: the converter and helpers for the other bridge files. */
Z3_ast zbi_ref(zb_ctx *z, Z3_ast a) { return ref(z, a); }
void zbi_unref(zb_ctx *z, Z3_ast a) { unref(z, a); }
const clp_sort *zbi_sort_back(zb_ctx *z, Z3_sort s) { return sort_back(z, s); }

zbi_back *zbi_back_new(zb_ctx *z, int nvars) {
  back *b = NEW(back); /* GC memory: it holds GC pointers */
  back_init(b, z, nvars);
  return b;
}

void zbi_back_var(zbi_back *b, Z3_ast a, const clp_term *v) { back_var(b, a, v); }
const clp_term *zbi_back_term(zbi_back *b, Z3_ast a) { return back_term(b, a); }
void zbi_back_free(zbi_back *b) { back_free(b); }

/* --------------------------------------------------------------- Horn */
/* Distinct variables of a formula, call arguments included. */
static int formula_vars(const clp_formula *f, const clp_term ***vs, int n,
                        int *cap) {
  switch (f->kind) {
  case CLP_F_LIT: return clp_term_vars(f->atom, vs, n, cap);
  case CLP_F_CALL:
    for (int i = 0; i < f->n; i++) n = clp_term_vars(f->args[i], vs, n, cap);
    return n;
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++) n = formula_vars(f->kids[i], vs, n, cap);
    return n;
  default: return n;
  }
}

/* Owned  forall vars. body  (just body when there are no variables). */
static Z3_ast quantify(zb_ctx *z, bool forall, int n, const clp_term **vars,
                       Z3_ast body) {
  if (!body) return NULL;
  if (n == 0) return ref(z, body);
  Z3_ast *zs = malloc(sizeof *zs * (size_t)n);
  Z3_app *apps = malloc(sizeof *apps * (size_t)n);
  if (!zs || !apps) abort();
  int i;
  for (i = 0; i < n; i++) {
    if (!(zs[i] = to_term(z, vars[i]))) break;
    apps[i] = Z3_to_app(z->c, zs[i]);
  }
  Z3_ast r = NULL;
  if (i == n)
    r = ref(z, forall ? Z3_mk_forall_const(z->c, 0, (unsigned)n, apps, 0, NULL, body)
                      : Z3_mk_exists_const(z->c, 0, (unsigned)n, apps, 0, NULL, body));
  while (i-- > 0) unref(z, zs[i]);
  free(zs);
  free(apps);
  return r;
}

/* Uninterpreted functions.  Spacer reads an uninterpreted symbol of a Horn
 * system existentially (a predicate without clauses is even empty), while a
 * rule set holds for EVERY interpretation of its clp_funs.  So each
 * application is abstracted by a fresh variable of its sort, named after the
 * term ("zb!uf!<id>": one per rule, quantified with the rule).  That is an
 * over-approximation: "not derivable" and the interpretations stay valid for
 * every interpretation of the functions; "derivable" is only a maybe. */
static const clp_term *abstract_apps(const clp_term *t, bool *changed) {
  if (t->op == CLP_APP) {
    char name[32];
    snprintf(name, sizeof name, "zb!uf!%u", t->id);
    *changed = true;
    return clp_var(name, t->sort);
  }
  if (t->n == 0) return t;
  const clp_term **k = NEW_N(const clp_term *, t->n);
  bool ch = false;
  for (int i = 0; i < t->n; i++) {
    k[i] = abstract_apps(t->kids[i], &ch);
  }
  if (!ch) return t;
  *changed = true;
  return clp_mk(t->op, t->sort, t->n, k, t->fun);
}

static const clp_formula *abstract_body(const clp_formula *f, bool *changed) {
  switch (f->kind) {
  case CLP_F_LIT: {
    bool ch = false;
    const clp_term *a = abstract_apps(f->atom, &ch);
    if (!ch) return f;
    *changed = true;
    return clp_f_lit(a, f->neg, f->pos);
  }
  case CLP_F_CALL: {
    bool ch = false;
    const clp_term **k = NEW_N(const clp_term *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = abstract_apps(f->args[i], &ch);
    if (!ch) return f;
    *changed = true;
    return clp_f_call(f->rel, k, f->pos);
  }
  case CLP_F_AND: case CLP_F_OR: {
    bool ch = false;
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = abstract_body(f->kids[i], &ch);
    if (!ch) return f;
    *changed = true;
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  default: return f;
  }
}

/* Owned clause  forall formals+vars(body). body => r(formals). */
static Z3_ast horn_clause(zb_ctx *z, const clp_rel *r, const clp_formula *rb,
                          const Z3_func_decl *rels) {
  Z3_context c = z->c;
  int cap = 0, n = 0;
  const clp_term **vs = NULL;
  for (int i = 0; i < r->arity; i++) n = clp_term_vars(r->formals[i], &vs, n, &cap);
  n = formula_vars(rb, &vs, n, &cap);
  Z3_ast *args = malloc(sizeof *args * (size_t)(r->arity > 0 ? r->arity : 1));
  if (!args) abort();
  int i;
  for (i = 0; i < r->arity; i++)
    if (!(args[i] = to_term(z, r->formals[i]))) break;
  Z3_ast head = NULL, body = NULL, imp = NULL, cl = NULL;
  if (i == r->arity)
    head = ref(z, Z3_mk_app(c, rels[r->id], (unsigned)r->arity, args));
  while (i-- > 0) unref(z, args[i]);
  free(args);
  if (head) body = to_formula(z, rb, rels);
  if (body) imp = ref(z, Z3_mk_implies(c, body, head));
  cl = quantify(z, true, n, vs, imp);
  unref(z, imp);
  unref(z, body);
  unref(z, head);
  return cl;
}

static void set_bool(zb_ctx *z, Z3_params p, const char *name, bool v) {
  Z3_params_set_bool(z->c, p, Z3_mk_string_symbol(z->c, name), v);
}

/* Spacer on the relations as given: no transformation may remove one. */
static void horn_params(zb_ctx *z, Z3_solver s) {
  Z3_context c = z->c;
  Z3_params p = Z3_mk_params(c);
  Z3_params_inc_ref(c, p);
  live_refs++;
  Z3_params_set_symbol(c, p, Z3_mk_string_symbol(c, "engine"),
                       Z3_mk_string_symbol(c, "spacer"));
  static const char *off[] = {
      "xform.slice", "xform.inline_linear", "xform.inline_eager",
      "xform.coi", "xform.tail_simplifier_pve", "xform.compress_unbound",
      "datalog.subsumption"};
  /* Inlining mode keeps Spacer's own transformations: much faster on long
   * traces; eliminated relations get their exact definitions as models. */
  size_t from = z->horn_inline ? 7 : 0;
  for (size_t i = from; i < sizeof off / sizeof *off; i++) set_bool(z, p, off[i], false);
  Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"), timeout_ms());
  Z3_solver_set_params(c, s, p);
  Z3_params_dec_ref(c, p);
  live_refs--;
}

/* interp of r: evaluates r(c_1..c_n) over fresh constants in the model and
 * converts the result back with c_i := formals[i].  A relation the model
 * leaves uninterpreted stays an application: not convertible, NULL. */
static const clp_formula *horn_interp(zb_ctx *z, Z3_model m, const clp_rel *r,
                                      Z3_func_decl d) {
  Z3_context c = z->c;
  unsigned e0 = z->nerr;
  back b;
  back_init(&b, z, r->arity);
  Z3_ast *cs = malloc(sizeof *cs * (size_t)(r->arity > 0 ? r->arity : 1));
  if (!cs) abort();
  bool ok = true;
  for (int i = 0; ok && i < r->arity; i++) {
    Z3_sort s = to_sort(z, r->formals[i]->sort);
    cs[i] = s ? ref(z, Z3_mk_fresh_const(c, "c", s)) : NULL;
    if (!(ok = cs[i] != NULL)) break;
    back_var(&b, cs[i], r->formals[i]);
  }
  const clp_formula *res = NULL;
  if (ok) {
    Z3_ast app = ref(z, Z3_mk_app(c, d, (unsigned)r->arity, cs)), v = NULL;
    /* no model completion: it would give the c_i values */
    if (app && Z3_model_eval(c, m, app, false, &v)) ref(z, v);
    else v = NULL;
    if (v && z->nerr == e0) res = back_formula(&b, v);
    unref(z, v);
    unref(z, app);
  }
  free(cs);
  back_free(&b); /* releases the c_i */
  return z->nerr == e0 ? res : NULL;
}

void zb_horn_set_inline(zb_ctx *z, bool on) { z->horn_inline = on; }

zb_result zb_horn(zb_ctx *z, const clp_rs *rs, const clp_formula ***interp) {
  Z3_context c = z->c;
  if (!c || clp_expired()) return ZB_UNKNOWN;
  unsigned e0 = z->nerr;
  int nr = rs->nrels;
  Z3_func_decl *rels = calloc((size_t)(nr > 0 ? nr : 1), sizeof *rels);
  if (!rels) abort();
  bool ok = true;
  for (int i = 0; ok && i < nr; i++) {
    const clp_rel *r = rs->rels[i];
    Z3_sort dom[r->arity > 0 ? r->arity : 1];
    for (int k = 0; ok && k < r->arity; k++)
      ok = (dom[k] = to_sort(z, r->formals[k]->sort)) != NULL;
    if (ok) rels[i] = Z3_mk_fresh_func_decl(c, r->name, (unsigned)r->arity,
                                            dom, Z3_mk_bool_sort(c));
    if ((ok = ok && rels[i])) ref(z, Z3_func_decl_to_ast(c, rels[i]));
  }
  Z3_solver s = ok ? Z3_mk_solver_for_logic(c, Z3_mk_string_symbol(c, "HORN"))
                   : NULL;
  if (s) { Z3_solver_inc_ref(c, s); live_refs++; horn_params(z, s); }
  ok = ok && s && z->nerr == e0;
  bool uf = false; /* some application was abstracted */
  for (int i = 0; ok && i < nr; i++) {
    const clp_formula *body = abstract_body(rs->rels[i]->body, &uf);
    Z3_ast cl = horn_clause(z, rs->rels[i], body, rels);
    if (cl) Z3_solver_assert(c, s, cl);
    ok = cl && z->nerr == e0;
    unref(z, cl);
  }
  if (ok) { /* the query: goal() => false */
    Z3_ast g = ref(z, Z3_mk_app(c, rels[rs->goal->id], 0, NULL));
    Z3_ast ng = g ? ref(z, Z3_mk_not(c, g)) : NULL;
    if (ng) Z3_solver_assert(c, s, ng);
    unref(z, ng);
    unref(z, g);
    ok = ng && z->nerr == e0;
  }
  zb_result res = ZB_UNKNOWN;
  if (ok) {
    ncalls++;
    Z3_lbool r = Z3_solver_check(c, s);
    if (z->nerr != e0) r = Z3_L_UNDEF;
    else if (r == Z3_L_UNDEF) note_undef(c, s);
    if (r == Z3_L_FALSE && !uf) res = ZB_SAT; /* clauses unsat: derivable */
    if (r == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(c, s);
      if (m && z->nerr == e0) {
        Z3_model_inc_ref(c, m);
        live_refs++;
        res = ZB_UNSAT;
        if (interp) {
          *interp = NEW_N(const clp_formula *, nr);
          for (int i = 0; i < nr; i++)
            if (!((*interp)[i] = horn_interp(z, m, rs->rels[i], rels[i])) &&
                rs->rels[i]->body->kind == CLP_F_FALSE)
              (*interp)[i] = clp_f_false(); /* empty: false always holds */
        }
        Z3_model_dec_ref(c, m);
        live_refs--;
      }
    }
  }
  if (s) { Z3_solver_dec_ref(c, s); live_refs--; }
  for (int i = 0; i < nr; i++)
    if (rels[i]) unref(z, Z3_func_decl_to_ast(c, rels[i]));
  free(rels);
  return res;
}

/* ------------------------------------------------------------------ QE */
const clp_formula *zb_exists(zb_ctx *z, int nvars, const clp_term **vars,
                             const clp_formula *f) {
  Z3_context c = z->c;
  assert(!clp_f_has_call(f));
  if (!c || clp_expired()) return NULL;
  unsigned e0 = z->nerr;
  /* free variables that may remain: vars(f) \ vars */
  int cap = 0;
  const clp_term **fv = NULL;
  int n = formula_vars(f, &fv, 0, &cap);
  back b;
  back_init(&b, z, n);
  for (int i = 0; i < n; i++) {
    bool bound = false;
    for (int k = 0; k < nvars; k++) bound |= vars[k] == fv[i];
    Z3_ast a = bound ? NULL : to_term(z, fv[i]);
    if (a) back_var(&b, a, fv[i]);
  }
  Z3_ast body = to_formula(z, f, NULL);
  Z3_ast q = quantify(z, false, nvars, vars, body);
  unref(z, body);
  const clp_formula *res = NULL;
  Z3_goal g = q ? Z3_mk_goal(c, false, false, false) : NULL;
  Z3_tactic t = NULL;
  Z3_apply_result ar = NULL;
  if (g) {
    Z3_goal_inc_ref(c, g);
    live_refs++;
    Z3_goal_assert(c, g, q);
    Z3_tactic qe = Z3_mk_tactic(c, "qe");
    if (qe) { Z3_tactic_inc_ref(c, qe); live_refs++; }
    Z3_tactic qe2 = Z3_mk_tactic(c, "qe2");
    if (qe2) { Z3_tactic_inc_ref(c, qe2); live_refs++; }
    Z3_tactic both = qe && qe2 ? Z3_tactic_or_else(c, qe, qe2) : NULL;
    if (both) { Z3_tactic_inc_ref(c, both); live_refs++; }
    t = both ? Z3_tactic_try_for(c, both, timeout_ms()) : NULL;
    if (t) { Z3_tactic_inc_ref(c, t); live_refs++; }
    if (both) { Z3_tactic_dec_ref(c, both); live_refs--; }
    if (qe2) { Z3_tactic_dec_ref(c, qe2); live_refs--; }
    if (qe) { Z3_tactic_dec_ref(c, qe); live_refs--; }
  }
  if (t && z->nerr == e0) {
    ncalls++;
    ar = Z3_tactic_apply(c, t, g);
    if (ar) { Z3_apply_result_inc_ref(c, ar); live_refs++; }
  }
  if (ar && z->nerr == e0) {
    /* the result is the disjunction of the subgoals' conjunctions */
    unsigned ns = Z3_apply_result_get_num_subgoals(c, ar);
    const clp_formula **ds = NEW_N(const clp_formula *, ns);
    bool ok = true;
    for (unsigned i = 0; ok && i < ns; i++) {
      Z3_goal sg = Z3_apply_result_get_subgoal(c, ar, i);
      Z3_goal_inc_ref(c, sg);
      live_refs++;
      unsigned nf = Z3_goal_size(c, sg);
      const clp_formula **cs = NEW_N(const clp_formula *, nf);
      for (unsigned k = 0; ok && k < nf; k++)
        ok = (cs[k] = back_formula(&b, Z3_goal_formula(c, sg, k))) != NULL;
      if (ok) ds[i] = clp_f_and((int)nf, cs, clp_nopos);
      Z3_goal_dec_ref(c, sg);
      live_refs--;
    }
    if (ok && z->nerr == e0) res = clp_f_or((int)ns, ds, clp_nopos);
  }
  if (ar) { Z3_apply_result_dec_ref(c, ar); live_refs--; }
  if (t) { Z3_tactic_dec_ref(c, t); live_refs--; }
  if (g) { Z3_goal_dec_ref(c, g); live_refs--; }
  unref(z, q);
  back_free(&b);
  return z->nerr == e0 ? res : NULL;
}
