/* concretise.c -- gamma(R_r): a BDD over the parameters P_i as a formula
 * over the interface atoms h_i, by Shannon expansion
 *   (h /\ hi) \/ (!h /\ lo)
 * with the constant branches simplified.  Shared BDD nodes give shared
 * (immutable, GC) subformulas. */
#include "abstract/absint.h"

typedef struct memo {          /* open addressing: BDD node -> formula */
  int n, cap;                   /* cap: a power of two, n < cap / 2 */
  BDD *keys;                    /* 0 (bddfalse) marks a free slot */
  const clp_formula **vals;
} memo;

static const clp_formula *lookup(const memo *m, BDD r) {
  if (!m->cap) return NULL;
  unsigned mask = (unsigned)m->cap - 1, h = ((unsigned)r * 2654435761u) & mask;
  for (; m->keys[h]; h = (h + 1) & mask)
    if (m->keys[h] == r) return m->vals[h];
  return NULL;
}

static void put(memo *m, BDD r, const clp_formula *f) {
  unsigned mask = (unsigned)m->cap - 1, h = ((unsigned)r * 2654435761u) & mask;
  while (m->keys[h]) h = (h + 1) & mask;
  m->keys[h] = r;
  m->vals[h] = f;
  m->n++;
}

static void remember(memo *m, BDD r, const clp_formula *f) {
  if (2 * (m->n + 1) > m->cap) {
    memo g = {0, m->cap ? 2 * m->cap : 64, NULL, NULL};
    size_t bytes = sizeof(BDD) * (size_t)g.cap;
    g.keys = GC_MALLOC_ATOMIC(bytes);
    memset(g.keys, 0, bytes);
    g.vals = NEW_N(const clp_formula *, g.cap);
    for (int i = 0; i < m->cap; i++)
      if (m->keys[i]) put(&g, m->keys[i], m->vals[i]);
    *m = g;
  }
  put(m, r, f);
}

static const clp_formula *expand(const bprog *p, memo *m, BDD r,
                                 const clp_term **atoms) {
  if (r == bddtrue) return clp_f_true();
  if (r == bddfalse) return clp_f_false();
  const clp_formula *f = lookup(m, r);
  if (f) return f;
  const clp_term *h = atoms[bdd_var(r) / p->stride];
  BDD lo = bdd_low(r), hi = bdd_high(r);
  const clp_formula *pos = clp_f_lit(h, false, clp_nopos);
  const clp_formula *neg = clp_f_lit(h, true, clp_nopos);
  if (hi == bddtrue && lo == bddfalse) f = pos;
  else if (hi == bddfalse && lo == bddtrue) f = neg;
  else if (lo == bddfalse) f = clp_f_and2(pos, expand(p, m, hi, atoms));
  else if (hi == bddfalse) f = clp_f_and2(neg, expand(p, m, lo, atoms));
  else if (hi == bddtrue) f = clp_f_or2(pos, expand(p, m, lo, atoms));
  else if (lo == bddtrue) f = clp_f_or2(neg, expand(p, m, hi, atoms));
  else
    f = clp_f_or2(clp_f_and2(pos, expand(p, m, hi, atoms)),
                  clp_f_and2(neg, expand(p, m, lo, atoms)));
  remember(m, r, f);
  return f;
}

/* Contract: the formula over atoms[0..n-1] denoted by r (a BDD over
 * P_0..P_{n-1}, see absint.h); deterministic. */
const clp_formula *abs_concretise(const bprog *p, BDD r, int n,
                                  const clp_term **atoms) {
  (void)n;
  memo m = {0, 0, NULL, NULL};
  return expand(p, &m, r, atoms);
}
