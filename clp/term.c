/* term.c -- the hash-consing table, leaves, Boolean connectives, arrays,
 * applications and the generic rebuild clp_mk.  Arithmetic and comparisons
 * (the linear normal form) are in arith.c. */
#include <assert.h>

#include "clp/clpi.h"

static const clp_term **table; /* open addressing, GC heap (scanned) */
static unsigned cap, count;

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0x100000001b3ULL;
}

static uint64_t hash_fields(clp_op op, const clp_sort *sort, int n,
                            const clp_term **kids, int64_t num,
                            const char *name, int label, const clp_fun *fun) {
  uint64_t h = mix(0xcbf29ce484222325ULL, (uint64_t)op);
  h = mix(h, sort->id);
  h = mix(h, (uint64_t)n);
  for (int i = 0; i < n; i++) h = mix(h, kids[i]->id);
  h = mix(h, (uint64_t)num);
  if (name)
    for (const char *p = name; *p; p++) h = mix(h, (unsigned char)*p);
  h = mix(h, (uint64_t)label);
  h = mix(h, fun ? fun->id + 1 : 0);
  return h ^ (h >> 29);
}

static bool same(const clp_term *t, clp_op op, const clp_sort *sort, int n,
                 const clp_term **kids, int64_t num, const char *name,
                 int label, const clp_fun *fun) {
  if (t->op != op || t->sort != sort || t->n != n || t->num != num ||
      t->label != label || t->fun != fun)
    return false;
  if ((t->name == NULL) != (name == NULL)) return false;
  if (name && strcmp(t->name, name)) return false;
  for (int i = 0; i < n; i++)
    if (t->kids[i] != kids[i]) return false;
  return true;
}

static void insert(const clp_term *t, uint64_t h) {
  unsigned mask = cap - 1, i = (unsigned)h & mask;
  while (table[i]) i = (i + 1) & mask;
  table[i] = t;
}

static void grow(void) {
  unsigned ocap = cap;
  const clp_term **old = table;
  cap = cap ? 2 * cap : 1024;
  table = NEW_N(const clp_term *, cap);
  for (unsigned i = 0; i < ocap; i++)
    if (old[i]) {
      const clp_term *t = old[i];
      insert(t, hash_fields(t->op, t->sort, t->n, t->kids, t->num, t->name,
                            t->label, t->fun));
    }
}

const clp_term *clp_hc(clp_op op, const clp_sort *sort, int n,
                       const clp_term **kids, int64_t num, const char *name,
                       int label, const clp_fun *fun) {
  if (2 * (count + 1) > cap) grow();
  uint64_t h = hash_fields(op, sort, n, kids, num, name, label, fun);
  unsigned mask = cap - 1, i = (unsigned)h & mask;
  for (; table[i]; i = (i + 1) & mask)
    if (same(table[i], op, sort, n, kids, num, name, label, fun))
      return table[i];
  clp_term *t = NEW(clp_term);
  t->op = op;
  t->sort = sort;
  t->id = count++;
  t->n = n;
  t->kids = NEW_N(const clp_term *, n);
  for (int k = 0; k < n; k++) t->kids[k] = kids[k];
  t->num = num;
  t->name = name ? clp_strdup(name) : NULL;
  t->label = label;
  t->fun = fun;
  table[i] = t;
  return t;
}

unsigned clp_term_count(void) { return count; }

/* ---------------------------------------------------------------- leaves */
const clp_term *clp_var(const char *name, const clp_sort *s) {
  assert(name && s);
  return clp_hc(CLP_VAR, s, 0, NULL, 0, name, 0, NULL);
}

const clp_term *clp_var_labelled(const clp_term *var, int label) {
  assert(var->op == CLP_VAR && label >= 0);
  return clp_hc(CLP_VAR, var->sort, 0, NULL, 0, var->name, label, NULL);
}

const clp_term *clp_num(int64_t k) {
  return clp_hc(CLP_NUM, clp_sort_int(), 0, NULL, k, NULL, 0, NULL);
}

const clp_term *clp_true(void) {
  return clp_hc(CLP_TRUE, clp_sort_bool(), 0, NULL, 0, NULL, 0, NULL);
}

const clp_term *clp_false(void) {
  return clp_hc(CLP_FALSE, clp_sort_bool(), 0, NULL, 0, NULL, 0, NULL);
}

const clp_term *clp_bool(bool b) { return b ? clp_true() : clp_false(); }

bool clp_is_atom(const clp_term *t) {
  if (t->sort->kind != CLP_S_BOOL) return false;
  switch (t->op) {
  case CLP_NOT: case CLP_AND: case CLP_OR: case CLP_TRUE: case CLP_FALSE:
    return false;
  default:
    return true;
  }
}

/* ------------------------------------------------------------- connectives */
const clp_term *clp_not(const clp_term *a) {
  assert(a->sort->kind == CLP_S_BOOL);
  if (a->op == CLP_TRUE) return clp_false();
  if (a->op == CLP_FALSE) return clp_true();
  if (a->op == CLP_NOT) return a->kids[0];
  return clp_hc(CLP_NOT, a->sort, 1, &a, 0, NULL, 0, NULL);
}

/* AND (is_and) or OR: flatten, drop units, drop duplicates, fold. */
static const clp_term *junction(bool is_and, int n, const clp_term **a) {
  clp_op op = is_and ? CLP_AND : CLP_OR;
  clp_op unit = is_and ? CLP_TRUE : CLP_FALSE;
  clp_op zero = is_and ? CLP_FALSE : CLP_TRUE;
  int m = 0, capk = n + 4;
  const clp_term **k = NEW_N(const clp_term *, capk);
  clp_pmap seen = {0};
  for (int i = 0; i < n; i++) {
    assert(a[i]->sort->kind == CLP_S_BOOL);
    int nk = a[i]->op == op ? a[i]->n : 1;
    const clp_term **ks = a[i]->op == op ? a[i]->kids : &a[i];
    for (int j = 0; j < nk; j++) {
      const clp_term *t = ks[j];
      if (t->op == unit) continue;
      if (t->op == zero) return t;
      if (clp_pmap_get(&seen, t)) continue;
      clp_pmap_put(&seen, t, t);
      VEC_PUSH(const clp_term *, k, m, capk, t);
    }
  }
  if (m == 0) return clp_bool(is_and);
  if (m == 1) return k[0];
  return clp_hc(op, clp_sort_bool(), m, k, 0, NULL, 0, NULL);
}

const clp_term *clp_and(int n, const clp_term **a) { return junction(true, n, a); }
const clp_term *clp_or(int n, const clp_term **a) { return junction(false, n, a); }

const clp_term *clp_ite(const clp_term *c, const clp_term *t,
                        const clp_term *e) {
  assert(c->sort->kind == CLP_S_BOOL && t->sort == e->sort);
  if (c->op == CLP_TRUE || t == e) return t;
  if (c->op == CLP_FALSE) return e;
  if (c->op == CLP_NOT) return clp_ite(c->kids[0], e, t);
  if (t->op == CLP_TRUE && e->op == CLP_FALSE) return c;
  if (t->op == CLP_FALSE && e->op == CLP_TRUE) return clp_not(c);
  const clp_term *k[3] = {c, t, e};
  return clp_hc(CLP_ITE, t->sort, 3, k, 0, NULL, 0, NULL);
}

/* ----------------------------------------------------------------- arrays */
const clp_term *clp_select(const clp_term *a, const clp_term *i) {
  assert(a->sort->kind == CLP_S_ARRAY && a->sort->index == i->sort);
  for (;;) {
    if (a->op == CLP_CONST_ARRAY) return a->kids[0];
    if (a->op != CLP_STORE) break;
    if (a->kids[1] == i) return a->kids[2];
    /* distinct constant indices: look through the store */
    if (a->kids[1]->op == CLP_NUM && i->op == CLP_NUM) { a = a->kids[0]; continue; }
    break;
  }
  const clp_term *k[2] = {a, i};
  return clp_hc(CLP_SELECT, a->sort->elem, 2, k, 0, NULL, 0, NULL);
}

const clp_term *clp_store(const clp_term *a, const clp_term *i,
                          const clp_term *v) {
  assert(a->sort->kind == CLP_S_ARRAY && a->sort->index == i->sort &&
         a->sort->elem == v->sort);
  if (a->op == CLP_STORE && a->kids[1] == i) a = a->kids[0];
  if (v->op == CLP_SELECT && v->kids[0] == a && v->kids[1] == i) return a;
  const clp_term *k[3] = {a, i, v};
  return clp_hc(CLP_STORE, a->sort, 3, k, 0, NULL, 0, NULL);
}

const clp_term *clp_const_array(const clp_sort *array_sort,
                                const clp_term *dflt) {
  assert(array_sort->kind == CLP_S_ARRAY && array_sort->elem == dflt->sort);
  return clp_hc(CLP_CONST_ARRAY, array_sort, 1, &dflt, 0, NULL, 0, NULL);
}

const clp_term *clp_app(const clp_fun *f, const clp_term **args) {
  for (int i = 0; i < f->arity; i++) assert(args[i]->sort == f->dom[i]);
  return clp_hc(CLP_APP, f->range, f->arity, args, 0, NULL, 0, f);
}

/* ------------------------------------------------------------ generic mk */
const clp_term *clp_mk(clp_op op, const clp_sort *sort, int n,
                       const clp_term **kids, const clp_fun *fun) {
  switch (op) {
  case CLP_TRUE: return clp_true();
  case CLP_FALSE: return clp_false();
  case CLP_VAR: case CLP_NUM: assert(!"clp_mk: leaves have no kids"); return NULL;
  case CLP_ADD: return clp_add_n(n, kids);
  case CLP_MUL: assert(n == 2); return clp_mul(kids[0], kids[1]);
  case CLP_DIV: assert(n == 2); return clp_div(kids[0], kids[1]);
  case CLP_MOD: assert(n == 2); return clp_mod(kids[0], kids[1]);
  case CLP_ITE: assert(n == 3); return clp_ite(kids[0], kids[1], kids[2]);
  case CLP_SELECT: assert(n == 2); return clp_select(kids[0], kids[1]);
  case CLP_STORE: assert(n == 3); return clp_store(kids[0], kids[1], kids[2]);
  case CLP_CONST_ARRAY: assert(n == 1); return clp_const_array(sort, kids[0]);
  case CLP_APP: assert(fun && n == fun->arity); return clp_app(fun, kids);
  case CLP_EQ: assert(n == 2); return clp_eq(kids[0], kids[1]);
  case CLP_LE: assert(n == 2); return clp_le(kids[0], kids[1]);
  case CLP_NOT: assert(n == 1); return clp_not(kids[0]);
  case CLP_AND: return clp_and(n, kids);
  case CLP_OR: return clp_or(n, kids);
  }
  return NULL;
}
