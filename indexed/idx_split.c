/* idx_split.c -- the atoms of a discovery candidate (idx_disc_int.h):
 * Boolean structure dropped, ite and select(store(a, i, v), j) split by
 * cases; the term helpers the other discovery files share. */
#include "clp/vec.h"
#include "indexed/idx_disc_int.h"

bool idx_has_var(const clp_term *t, const clp_term *v) {
  if (t == v) return true;
  for (int i = 0; i < t->n; i++)
    if (idx_has_var(t->kids[i], v)) return true;
  return false;
}

const clp_term *idx_replace_in(const clp_term *t, const clp_term *from,
                               const clp_term *to, bool only_index) {
  if (t == from && !only_index) return to;
  if (t->n == 0) return t;
  bool arr = t->op == CLP_SELECT || t->op == CLP_STORE;
  const clp_term **k = NEW_N(const clp_term *, t->n);
  bool same = true;
  for (int i = 0; i < t->n; i++) {
    k[i] = only_index && arr && i == 1 && t->kids[1] == from
               ? to
               : idx_replace_in(t->kids[i], from, to, only_index);
    same &= k[i] == t->kids[i];
  }
  return same ? t : clp_mk(t->op, t->sort, t->n, k, t->fun);
}

static const clp_term *replace(const clp_term *t, const clp_term *from,
                               const clp_term *to) {
  return idx_replace_in(t, from, to, false);
}

/* First ite or select-over-store subterm of t (preorder), or NULL. */
static const clp_term *redex(const clp_term *t) {
  if (t->op == CLP_ITE) return t;
  if (t->op == CLP_SELECT && t->kids[0]->op == CLP_STORE) return t;
  for (int i = 0; i < t->n; i++) {
    const clp_term *r = redex(t->kids[i]);
    if (r) return r;
  }
  return NULL;
}

void idx_tl_add(tlist *l, const clp_term *t) {
  for (int i = 0; i < l->n; i++)
    if (l->t[i] == t) return;
  VEC_PUSH(const clp_term *, l->t, l->n, l->cap, t);
}

void idx_split(const clp_term *t, tlist *out, int depth) {
  if (depth > 12 || out->n >= DISC_MAX_SPLIT) return;
  if (t->op == CLP_TRUE || t->op == CLP_FALSE) return;
  if (t->op == CLP_NOT || t->op == CLP_AND || t->op == CLP_OR ||
      (t->op == CLP_EQ && t->kids[0]->sort == clp_sort_bool())) {
    for (int i = 0; i < t->n; i++) idx_split(t->kids[i], out, depth + 1);
    return;
  }
  const clp_term *s = redex(t);
  if (!s) {
    if (clp_is_atom(t)) idx_tl_add(out, t);
    return;
  }
  if (s == t && s->op == CLP_ITE) { /* a Bool ite */
    for (int i = 0; i < 3; i++) idx_split(t->kids[i], out, depth + 1);
    return;
  }
  if (s->op == CLP_ITE) {
    idx_split(s->kids[0], out, depth + 1);
    idx_split(replace(t, s, s->kids[1]), out, depth + 1);
    idx_split(replace(t, s, s->kids[2]), out, depth + 1);
    return;
  }
  /* select(store(a, i, v), j): case j = i reads v (with i read as j, the
   * paper's match of an input index), case j != i reads a[j]. */
  const clp_term *st = s->kids[0], *a = st->kids[0], *i = st->kids[1],
                 *v = st->kids[2], *j = s->kids[1];
  idx_split(clp_eq(j, i), out, depth + 1);
  const clp_term *hit = replace(t, s, v);
  if (i->op == CLP_VAR && !idx_has_var(j, i)) {
    clp_subst *m = clp_subst_new();
    clp_subst_add(m, i, j);
    hit = clp_subst_term(m, hit);
  }
  idx_split(hit, out, depth + 1);
  idx_split(replace(t, s, clp_select(a, j)), out, depth + 1);
}

void idx_index_vars(const clp_term *t, tlist *out) {
  if (t->op == CLP_SELECT || t->op == CLP_STORE) {
    /* only Int variables: an index may read an array, a[b[-21]], whose
     * variable b cannot become an index variable */
    const clp_term **vars = NULL;
    int cap = 0, n = clp_term_vars(t->kids[1], &vars, 0, &cap);
    for (int i = 0; i < n; i++)
      if (vars[i]->sort == clp_sort_int()) idx_tl_add(out, vars[i]);
  }
  for (int i = 0; i < t->n; i++) idx_index_vars(t->kids[i], out);
}
