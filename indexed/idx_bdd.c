/* idx_bdd.c -- the indexed engine's values, BuDDy BDDs over predicate
 * variables, as formulas (idx_int.h). */
#include <string.h>

#include "indexed/idx_int.h"

/* Converted nodes: open addressing on the node. */
typedef struct memo { unsigned n, cap; BDD *k; const clp_formula **v; } memo;

static unsigned memo_slot(const memo *m, BDD r) {
  unsigned i = ((unsigned)r * 2654435761u) & (m->cap - 1);
  while (m->v[i] && m->k[i] != r) i = (i + 1) & (m->cap - 1);
  return i;
}

static void memo_put(memo *m, BDD r, const clp_formula *f) {
  if (2 * (m->n + 1) > m->cap) {
    memo o = *m;
    m->cap = o.cap ? 2 * o.cap : 64;
    m->n = 0;
    m->k = NEW_ATOMIC_N(BDD, m->cap);
    m->v = NEW_N(const clp_formula *, m->cap);
    memset(m->v, 0, sizeof *m->v * m->cap);
    for (unsigned i = 0; i < o.cap; i++)
      if (o.v[i]) memo_put(m, o.k[i], o.v[i]);
  }
  unsigned i = memo_slot(m, r);
  m->k[i] = r;
  m->v[i] = f;
  m->n++;
}

static const clp_formula *to_f(memo *m, BDD r, int base, const clp_term **lit) {
  if (r == bddtrue) return clp_f_true();
  if (r == bddfalse) return clp_f_false();
  if (m->cap) {
    unsigned i = memo_slot(m, r);
    if (m->v[i]) return m->v[i];
  }
  const clp_term *h = lit[bdd_var(r) - base];
  const clp_formula *hi = to_f(m, bdd_high(r), base, lit);
  const clp_formula *lo = to_f(m, bdd_low(r), base, lit);
  const clp_formula *p = clp_f_lit(h, false, clp_nopos);
  const clp_formula *n = clp_f_lit(h, true, clp_nopos);
  const clp_formula *f;
  if (hi->kind == CLP_F_TRUE) f = clp_f_or2(p, lo);
  else if (lo->kind == CLP_F_TRUE) f = clp_f_or2(n, hi);
  else if (hi->kind == CLP_F_FALSE) f = clp_f_and2(n, lo);
  else if (lo->kind == CLP_F_FALSE) f = clp_f_and2(p, hi);
  else f = clp_f_or2(clp_f_and2(p, hi), clp_f_and2(n, lo));
  memo_put(m, r, f);
  return f;
}

const clp_formula *idx_bdd_formula(BDD r, int base, const clp_term **lit) {
  memo m = {0, 0, NULL, NULL};
  return to_f(&m, r, base, lit);
}

BDD idx_bdd_restrict(BDD now, BDD old) {
  if (old == bddfalse) return bdd_addref(now);
  BDD care = bdd_addref(bdd_not(old));
  BDD d = bdd_addref(bdd_simplify(now, care));
  bdd_delref(care);
  return d;
}
