/* rfn_simplify.c -- make interpolants look like program predicates:
 * bound pairs t <= k /\ k <= t become t = k, and for relations that are not
 * recursive, an interpolant implied by a subset of the node's own literals
 * (and its callees' already chosen predicates) is replaced by the smallest
 * such subset -- the predicates a proof of the paper's kind would pick. */
#include "refine/rfn_int.h"

/* t <= k as (lhs, k): the normal form of clp_le keeps a NUM on the right. */
static bool split_le(const clp_term *a, const clp_term **lhs, int64_t *k) {
  if (a->op != CLP_LE || a->kids[1]->op != CLP_NUM) return false;
  *lhs = a->kids[0];
  *k = a->kids[1]->num;
  return true;
}

/* In a conjunction, replace each pair lhs <= k, -lhs <= -k by lhs = k. */
static const clp_formula *merge_bounds(const clp_formula *f) {
  if (f->kind == CLP_F_OR) {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = merge_bounds(f->kids[i]);
    return clp_f_or(f->n, k, f->pos);
  }
  if (f->kind != CLP_F_AND) return f;
  const clp_formula **k = NEW_N(const clp_formula *, f->n);
  bool *dead = NEW_ATOMIC_N(bool, f->n);
  for (int i = 0; i < f->n; i++) { k[i] = merge_bounds(f->kids[i]); dead[i] = false; }
  int m = 0;
  const clp_formula **out = NEW_N(const clp_formula *, f->n);
  for (int i = 0; i < f->n; i++) {
    if (dead[i]) continue;
    const clp_term *l1, *l2;
    int64_t k1, k2;
    if (k[i]->kind == CLP_F_LIT && !k[i]->neg && split_le(k[i]->atom, &l1, &k1)) {
      for (int j = i + 1; j < f->n; j++) {
        if (dead[j] || k[j]->kind != CLP_F_LIT || k[j]->neg ||
            !split_le(k[j]->atom, &l2, &k2) || k2 != -k1 ||
            clp_neg(l1) != l2)
          continue;
        dead[j] = true;
        out[m++] = clp_f_lit(clp_eq(l1, clp_num(k1)), false, k[i]->pos);
        goto next;
      }
    }
    out[m++] = k[i];
  next:;
  }
  return clp_f_and(m, out, f->pos);
}

const clp_formula *rfn_merge_bounds(const clp_formula *f) {
  return merge_bounds(f);
}

/* The smallest (irredundant) subset of cand over r's formals whose
 * conjunction implies goal, or NULL when the whole set does not. */
const clp_formula *rfn_own_literals(zb_ctx *z, const clp_rel *r, int ncand,
                                    const clp_formula **cand,
                                    const clp_formula *goal) {
  const clp_formula **keep = NEW_N(const clp_formula *, ncand + 1);
  int n = 0;
  for (int i = 0; i < ncand; i++)
    if (clp_f_over(cand[i], r->arity, r->formals)) keep[n++] = cand[i];
  if (!n) return NULL;
  keep[n] = clp_f_not(goal);
  bool *in = NEW_ATOMIC_N(bool, n + 1);
  if (zb_core(z, n + 1, keep, in) != ZB_UNSAT) return NULL;
  int m = 0;
  for (int i = 0; i < n; i++)
    if (in[i]) keep[m++] = keep[i];
  return clp_f_and(m, keep, clp_nopos);
}
