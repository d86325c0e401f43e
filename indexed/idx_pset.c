/* idx_pset.c -- discovery's predicate sets (idx_disc_int.h): the filters
 * a candidate atom passes (docs/indexed.md, "Filters"), the cap, the
 * offset rule against towers, adding to the side table (idx_preds: the
 * rule set is never modified) and the dual-index copies. */
#include <stdio.h>
#include <string.h>

#include "indexed/idx_disc_int.h"

/* A type-range constant of the C frontend (|k| >= 2^31 - 1). */
static bool big_const(const clp_term *t) {
  if (t->op == CLP_NUM) return t->num >= 2147483647 || t->num <= -2147483647;
  for (int i = 0; i < t->n; i++)
    if (big_const(t->kids[i])) return true;
  return false;
}

/* Is t over r's formals and X, Y (and not ground)? */
static bool over(const disc *d, const clp_rel *r, const clp_term *t) {
  const clp_term **vars = NULL;
  int cap = 0, n = clp_term_vars(t, &vars, 0, &cap);
  if (n == 0) return false;
  for (int i = 0; i < n; i++)
    if (!idx_is_ix(d, vars[i]) && !clp_rel_has_formal(r, vars[i]))
      return false;
  return true;
}

/* Is p, or its negation when it is a <= atom, among r's predicates? */
static bool known(const disc *d, const clp_rel *r, const clp_term *p) {
  const idx_rel_preds *e = idx_preds_of(d->t, r);
  const clp_term *neg = NULL;
  if (p->op == CLP_LE) neg = clp_lt(p->kids[1], p->kids[0]);
  for (int i = 0; i < e->npreds; i++)
    if (e->preds[i] == p || e->preds[i] == neg) return true;
  return false;
}

bool idx_disc_has_array(const clp_rel *r) {
  for (int i = 0; i < r->arity; i++)
    if (r->formals[i]->sort != clp_sort_int() &&
        r->formals[i]->sort != clp_sort_bool())
      return true;
  return false;
}

bool idx_disc_has_index(const disc *d, const clp_rel *r, const clp_term *x) {
  const idx_rel_preds *e = idx_preds_of(d->t, r);
  for (int i = 0; i < e->nindex; i++)
    if (e->index[i] == x) return true;
  return false;
}

void idx_disc_add1(disc *d, const clp_rel *r, const clp_term *p) {
  idx_rel_preds *e = idx_preds_of(d->t, r);
  if (e->fixed || !clp_is_atom(p) || big_const(p) || !over(d, r, p) ||
      known(d, r, p))
    return;
  if (e->npreds >= d->cap) {
    d->capped = true;
    return;
  }
  const clp_term *idx[2];
  int ni = 0;
  for (int k = 0; k < 2; k++)
    if (idx_has_var(p, d->ix[k])) idx[ni++] = d->ix[k];
  if (ni && !idx_disc_has_array(r) && !e->nindex)
    return; /* no arrays to index */
  for (int k = 0; k < 2; k++) /* 1 <= x replaces a discovered 0 <= x */
    if (p == d->lb1[k])
      for (int i = d->ngiven[r->id]; i < e->npreds; i++)
        if (e->preds[i] == d->lb0[k]) {
          e->preds[i] = p;
          if (d->o->verbose)
            fprintf(stderr, "indexed: round %d: new predicate %s: %s (%s; "
                    "in place of 0 <= %s)\n", d->round, r->name,
                    clp_term_str(p), d->why, d->ix[k]->name);
          return;
        }
  for (int k = 0; k < ni; k++) /* a new index variable: also 0 <= it */
    if (!idx_disc_has_index(d, r, idx[k]) && e->npreds < d->cap - 1) {
      const clp_term *lb = idx[k] == d->ix[0] ? d->lb0[0] : d->lb0[1];
      if (lb == p || known(d, r, lb)) continue;
      idx_preds_add(d->t, r, 1, &idx[k], 1, &lb);
      d->added++;
      d->total++;
      if (d->o->verbose)
        fprintf(stderr, "indexed: round %d: new predicate %s: %s (array "
                "indices are nonnegative)\n", d->round, r->name,
                clp_term_str(lb));
    }
  idx_preds_add(d->t, r, ni, idx, 1, &p);
  d->added++;
  d->total++;
  if (d->o->verbose)
    fprintf(stderr, "indexed: round %d: new predicate %s: %s (%s)\n",
            d->round, r->name, clp_term_str(p), d->why);
}

/* Every summand of the linear sum t has coefficient 1 or -1. */
static bool unit_coeffs(const clp_term *t) {
  for (int i = 0; i < t->n; i++) {
    const clp_term *k = t->kids[i];
    if (k->op == CLP_NUM) return false;
    if (k->op == CLP_MUL && k->kids[0]->op == CLP_NUM &&
        k->kids[0]->num != 1 && k->kids[0]->num != -1)
      return false;
  }
  return true;
}

/* For a one-term comparison t ~ k (or -t ~ k): *t and the value it bounds
 * t to, k (-k); false for a sum or another shape. */
static bool idx_bound_value(const clp_term *a, const clp_term **t, int64_t *out) {
  if ((a->op != CLP_EQ && a->op != CLP_LE) || a->kids[1]->op != CLP_NUM ||
      a->kids[0]->sort != clp_sort_int())
    return false;
  const clp_term *l = a->kids[0];
  int64_t k = a->kids[1]->num;
  if (l->op == CLP_ADD || l->op == CLP_NUM) return false;
  if (l->op == CLP_MUL && l->kids[0]->op == CLP_NUM) {
    if (l->kids[0]->num != -1 || k == INT64_MIN) return false;
    k = -k, l = l->kids[1];
  }
  *t = l, *out = k;
  return true;
}

/* Whether p bounds an index variable to a constant index of the clause
 * p comes from (PC[#2] := Crit gives x = 2: a fixed index of the program,
 * the paper's generalisation from a fixed index; an offset that an
 * increment made is none). */
static bool clause_index(const disc *d, const clp_term *p) {
  const clp_term *t;
  int64_t k;
  if (!idx_bound_value(p, &t, &k) || !idx_is_ix(d, t)) return false;
  for (int i = 0; i < d->nkc; i++)
    if (d->kc[i] == k) return true;
  return false;
}

/* Adds p, or for a derived lin ~ k (two or more summands, k != 0) the
 * atoms lin = 0 and lin < 0; a derived v ~ k (one summand) is dropped when
 * some v ~ k' is known (towers of constants), v = 0 and v < 0 instead,
 * unless v is an index variable and k a constant index of the clause it
 * comes from (clause_index). */
void idx_disc_add(disc *d, const clp_rel *r, const clp_term *p,
                  bool derived) {
  const idx_rel_preds *e = idx_preds_of(d->t, r);
  if (known(d, r, p)) return;
  if (p->op != CLP_LE && p->op != CLP_EQ) { /* Bool variable, select, ... */
    idx_disc_add1(d, r, p);
    return;
  }
  if (derived && (p->op == CLP_LE || p->op == CLP_EQ) &&
      p->kids[1]->op == CLP_NUM && p->kids[0]->op != CLP_ADD &&
      !clause_index(d, p)) {
    /* v ~ k with v ~ k' known: a tower (v = -1, v = -2, ...) */
    for (int i = 0; i < e->npreds; i++) {
      const clp_term *q = e->preds[i];
      if (q->op == p->op && q->kids[1]->op == CLP_NUM &&
          (q->kids[0] == p->kids[0] ||
           (p->op == CLP_LE && q->kids[0] == clp_neg(p->kids[0])))) {
        const clp_term *v = p->kids[0], *z = clp_num(0);
        if (v->op == CLP_MUL && v->kids[0]->op == CLP_NUM) v = v->kids[1];
        idx_disc_add1(d, r, clp_eq(v, z));
        idx_disc_add1(d, r, clp_lt(v, z));
        return;
      }
    }
  }
  if (derived && p->kids[0]->op == CLP_ADD &&
      (p->kids[0]->n > 2 || !unit_coeffs(p->kids[0])))
    return; /* only T1 ~ T2 + c (the paper's arithmetic predicates) */
  if (derived && (p->op == CLP_LE || p->op == CLP_EQ) &&
      p->kids[1]->op == CLP_NUM && p->kids[1]->num != 0 &&
      p->kids[0]->op == CLP_ADD && !(d->src && d->src->n == 2 &&
                                     d->src->kids[1] == p->kids[1])) {
    const clp_term *lin = p->kids[0], *z = clp_num(0);
    idx_disc_add1(d, r, clp_eq(lin, z));
    idx_disc_add1(d, r, clp_lt(lin, z));
    /* one step off an equation: lin = 1 or -1 from a source lin' = 0
     * (Level[x] + 1 = Level[y] from Level[x] = Level[y] through an
     * increment) is kept too; from it, lin = 2 is the offset rule's again,
     * so no tower */
    if (p->op == CLP_EQ && (p->kids[1]->num == 1 || p->kids[1]->num == -1) &&
        d->src && d->src->op == CLP_EQ && d->src->kids[1]->op == CLP_NUM &&
        d->src->kids[1]->num == 0 && d->src->kids[0]->op == CLP_ADD)
      idx_disc_add1(d, r, p);
    return;
  }
  idx_disc_add1(d, r, p);
}

const clp_term **idx_disc_snapshot(const disc *d, const clp_rel *r) {
  const idx_rel_preds *e = idx_preds_of(d->t, r);
  const clp_term **p = NEW_N(const clp_term *, e->npreds + 1);
  if (e->npreds) memcpy(p, e->preds, sizeof *p * (size_t)e->npreds);
  return p;
}

void idx_disc_symmetrize(disc *d) {
  d->why = "the same over the other index variable";
  for (int ri = 0; ri < d->rs->nrels; ri++) {
    const clp_rel *r = d->rs->rels[ri];
    if (!idx_disc_has_index(d, r, d->ix[0]) ||
        !idx_disc_has_index(d, r, d->ix[1]))
      continue;
    int np = idx_preds_of(d->t, r)->npreds;
    const clp_term **ps = idx_disc_snapshot(d, r);
    for (int i = 0; i < np; i++) {
      bool hx = idx_has_var(ps[i], d->ix[0]);
      bool hy = idx_has_var(ps[i], d->ix[1]);
      if (hx == hy) continue;
      clp_subst *m = clp_subst_new();
      clp_subst_add(m, d->ix[0], d->ix[1]);
      clp_subst_add(m, d->ix[1], d->ix[0]);
      idx_disc_add1(d, r, clp_subst_term(m, ps[i]));
    }
  }
}
