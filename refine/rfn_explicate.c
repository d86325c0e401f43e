/* rfn_explicate.c -- lazy explication of theory facts (Das-Dill style) from
 * a Boolean derivation, before its concrete trace is checked. */
#include <stdio.h>

#include "refine/rfn_int.h"

/* The literal "atom has value v", or NULL when the atom is a constant. */
static const clp_formula *valued(const clp_term *atom, bool v) {
  if (atom->op == CLP_TRUE || atom->op == CLP_FALSE) return NULL;
  return clp_f_lit(atom, !v, clp_nopos);
}

/* Node k's hypotheses: committed literals, own interface atoms with their
 * values (only with own), callees' instantiated interface atoms with
 * theirs. */
static int hypotheses(const clp_trace *t, const bool **tuple,
                      const abs_alpha *alpha, int k, bool own,
                      const clp_formula ***out) {
  const clp_tnode *nd = &t->nodes[k];
  const abs_rel *ar = &alpha->rels[nd->rel->id];
  int cap = nd->nlits + ar->natoms + 1, n = 0;
  for (int c = 0; c < nd->ncalls; c++)
    cap += alpha->rels[nd->calls[c]->rel->id].natoms;
  const clp_formula **h = NEW_N(const clp_formula *, cap);
  for (int i = 0; i < nd->nlits; i++) h[n++] = nd->lits[i];
  for (int i = 0; own && i < ar->natoms; i++) {
    const clp_formula *f = valued(ar->atoms[i], tuple[k][i]);
    if (f) h[n++] = f;
  }
  for (int c = 0; c < nd->ncalls; c++) {
    const clp_formula *call = nd->calls[c];
    const clp_rel *cr = call->rel;
    const abs_rel *cb = &alpha->rels[cr->id];
    int j = nd->child[c];
    for (int i = 0; i < cb->natoms; i++) {
      const clp_term *a =
          clp_subst_args(cb->atoms[i], cr->arity, cr->formals, call->args);
      const clp_formula *f = valued(a, tuple[j][i]);
      if (f) h[n++] = f;
    }
  }
  *out = h;
  return n;
}

/* A key for (relation, committed literals, values): equal keys give equal
 * hypotheses, so each is checked once per derivation, and a consistent one
 * once while alpha's atoms are the same list (atoms are only appended, and
 * a key holds a value for each: a key of an earlier alpha whose relations
 * had fewer atoms is another string). */
static const char *node_key(const clp_trace *t, const bool **tuple,
                            const abs_alpha *alpha, int k) {
  const clp_tnode *nd = &t->nodes[k];
  size_t cap = 64 + (size_t)nd->nlits * 12, len = 0;
  for (int c = 0; c < nd->ncalls; c++)
    cap += 12 + (size_t)alpha->rels[nd->calls[c]->rel->id].natoms;
  cap += (size_t)alpha->rels[nd->rel->id].natoms;
  char *s = NEW_ATOMIC_N(char, cap);
  len += (size_t)snprintf(s + len, cap - len, "%d:", nd->rel->id);
  for (int i = 0; i < nd->nlits; i++)
    len += (size_t)snprintf(s + len, cap - len, "%d,", nd->lits[i]->id);
  for (int i = 0; i < alpha->rels[nd->rel->id].natoms; i++)
    s[len++] = tuple[k][i] ? '1' : '0';
  for (int c = 0; c < nd->ncalls; c++) {
    len += (size_t)snprintf(s + len, cap - len, "|%d:", nd->calls[c]->id);
    for (int i = 0; i < alpha->rels[nd->calls[c]->rel->id].natoms; i++)
      s[len++] = tuple[nd->child[c]][i] ? '1' : '0';
  }
  s[len] = 0;
  return s;
}

/* Saturation of an inconsistent node k: its body (committed literals,
 * callees' valued atoms) may force values of its own interface atoms; each
 * forced value becomes an explicated clause now, not one per iteration. */
static void saturate_node(zb_ctx *z, const clp_trace *t, const bool **tuple,
                          abs_alpha *alpha, int k, int *added) {
  const clp_tnode *nd = &t->nodes[k];
  const abs_rel *ar = &alpha->rels[nd->rel->id];
  const clp_formula **h;
  int m = hypotheses(t, tuple, alpha, k, false, &h); /* the body alone */
  int na = ar->natoms;
  /* then each own atom both ways */
  const clp_formula **f = NEW_N(const clp_formula *, m + 2 * na + 1);
  for (int i = 0; i < m; i++) f[i] = h[i];
  int nq = 0;
  for (int j = 0; j < na; j++)
    for (int v = 0; v < 2; v++) {
      const clp_formula *l = valued(ar->atoms[j], v);
      if (l) f[m + nq++] = l; /* constants give none: pairs */
    }
  if (!nq) return;
  zb_coreset *c = zb_coreset_new(z, m + nq, f);
  bool *use = NEW_ATOMIC_N(bool, m + nq), *keep = NEW_ATOMIC_N(bool, m + nq);
  for (int i = 0; i < m + nq; i++) use[i] = i < m;
  if (zb_coreset_check(c, use, keep) == ZB_SAT) {
    const clp_formula **q = NEW_N(const clp_formula *, m + 1);
    for (int i = 0; i < nq && !clp_expired(); i++) {
      use[m + i] = true;
      zb_result r = zb_coreset_check(c, use, keep);
      use[m + i] = false;
      if (r != ZB_UNSAT) continue;
      int cn = 0;
      for (int j = 0; j < m + nq; j++)
        if (keep[j]) q[cn++] = f[j];
      const clp_formula *clause = clp_f_not(clp_f_and(cn, q, clp_nopos));
      if (abs_add_exp(alpha, nd->rel, clause)) (*added)++;
      if (!(i & 1)) i++; /* the atom's other value is not forced too */
    }
  }
  zb_coreset_free(c);
}

rfn_status rfn_explicate(zb_ctx *z, const clp_trace *t, const bool **tuple,
                         abs_alpha *alpha, bool saturate,
                         clp_strset *consistent, int *added) {
  *added = 0;
  clp_strset *seen = clp_strset_new();
  for (int k = 0; k < t->n; k++) {
    if (clp_expired()) return RFN_TIMEOUT;
    const char *key = node_key(t, tuple, alpha, k);
    if (!clp_strset_add(seen, key) ||
        (consistent && clp_strset_has(consistent, key)))
      continue;
    const clp_formula **h;
    int n = hypotheses(t, tuple, alpha, k, true, &h);
    bool *keep = NEW_ATOMIC_N(bool, n);
    zb_result r = zb_core(z, n, h, keep);
    if (r == ZB_UNKNOWN && clp_expired()) return RFN_TIMEOUT;
    if (r == ZB_SAT && consistent) clp_strset_add(consistent, key);
    if (r != ZB_UNSAT) continue; /* undecided: no clause; the trace decides */
    int m = 0;
    for (int i = 0; i < n; i++)
      if (keep[i]) h[m++] = h[i];
    n = m;
    const clp_formula *clause = clp_f_not(clp_f_and(n, h, clp_nopos));
    if (abs_add_exp(alpha, t->nodes[k].rel, clause)) (*added)++;
    if (saturate) saturate_node(z, t, tuple, alpha, k, added);
  }
  return RFN_OK;
}
