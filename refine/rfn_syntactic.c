/* rfn_syntactic.c -- tree interpolants made of program literals.
 *
 * Bottom-up, node k's summary S_k is the list of those hypotheses of k that
 * are over k's formals: its committed literals and its children's summary
 * conjuncts instantiated with the call's arguments.  Each S_k is implied by
 * k's subtree.  When the goal's hypotheses are already inconsistent, an
 * unsat core picks the conjuncts needed, top-down, and I_k is the
 * conjunction of the needed conjuncts of S_k: valid tree interpolants whose
 * atoms are literals of the program (the predicates a proof of the CAR
 * paper's kind yields, e.g. delta for the Rational program). */
#include "refine/rfn_int.h"
#include "clp/vec.h"

typedef struct conj {
  const clp_formula *f;  /* over the node's formals */
  int child, index;      /* origin: -1 = own literal; -2 = false, by the
                            node's own unsat core; else call k, conjunct */
} conj;

typedef struct summary {
  int n, cap;
  conj *c;
  bool *need;
  conj *core; int ncore; /* origin -2: the hypotheses that refute the node */
} summary;

static void push(summary *s, const clp_formula *f, int child, int index) {
  for (int i = 0; i < s->n; i++)
    if (clp_f_equal(s->c[i].f, f)) return;  /* keep the first origin */
  VEC_PUSH(conj, s->c, s->n, s->cap, ((conj){f, child, index}));
}

/* The instantiated conjunct j of child c of node nd. */
static const clp_formula *inst(const summary *S, const clp_tnode *nd, int c,
                               int j) {
  const clp_formula *call = nd->calls[c];
  return clp_f_subst_args(S[nd->child[c]].c[j].f, call->rel->arity,
                          call->rel->formals, call->args);
}

/* Hypotheses of node k: own literals, then children's conjuncts.  With
 * filter, only those over k's formals (that is S_k). */
static void collect(summary *S, const clp_trace *t, int k, summary *out,
                    bool filter) {
  const clp_tnode *nd = &t->nodes[k];
  for (int i = 0; i < nd->nlits; i++)
    if (!filter || clp_f_over(nd->lits[i], nd->rel->arity, nd->rel->formals)) push(out, nd->lits[i], -1, i);
  for (int c = 0; c < nd->ncalls; c++)
    for (int j = 0; j < S[nd->child[c]].n; j++) {
      const clp_formula *f = inst(S, nd, c, j);
      if (f->kind == CLP_F_TRUE) continue;
      if (!filter || clp_f_over(f, nd->rel->arity, nd->rel->formals)) push(out, f, c, j);
    }
}

/* A nullary relation has no formals, so its summary would be empty; when
 * its own hypotheses are already inconsistent, its summary is false. */
static zb_result refute_nullary(zb_ctx *z, summary *S, const clp_trace *t,
                                int k) {
  summary all = {0};
  collect(S, t, k, &all, false);
  const clp_formula **h = NEW_N(const clp_formula *, all.n);
  for (int i = 0; i < all.n; i++) h[i] = all.c[i].f;
  bool *keep = NEW_ATOMIC_N(bool, all.n);
  zb_result r = zb_core(z, all.n, h, keep);
  if (r != ZB_UNSAT) return r;
  S[k].core = NEW_N(conj, all.n);
  for (int i = 0; i < all.n; i++)
    if (keep[i]) S[k].core[S[k].ncore++] = all.c[i];
  S[k].n = 0;
  push(&S[k], clp_f_false(), -2, 0);
  return r;
}

static zb_result post(zb_ctx *z, summary *S, const clp_trace *t, int k,
                      char *done) {
  if (done[k]) return ZB_SAT;
  done[k] = 1;
  const clp_tnode *nd = &t->nodes[k];
  for (int c = 0; c < nd->ncalls; c++) {
    zb_result r = post(z, S, t, nd->child[c], done);
    if (r == ZB_UNKNOWN) return r;
  }
  if (!k) return ZB_SAT;
  collect(S, t, k, &S[k], true);
  if (nd->rel->arity == 0 && nd->ncalls > 0)
    return refute_nullary(z, S, t, k) == ZB_UNKNOWN ? ZB_UNKNOWN : ZB_SAT;
  return ZB_SAT;
}

/* Mark the child conjuncts a needed conjunct of node k depends on. */
static void mark(summary *S, const clp_trace *t, int k, const conj *c) {
  if (c->child == -2) {
    for (int i = 0; i < S[k].ncore; i++) mark(S, t, k, &S[k].core[i]);
    return;
  }
  if (c->child < 0) return;
  int ch = t->nodes[k].child[c->child];
  if (S[ch].need[c->index]) return;
  S[ch].need[c->index] = true;
  mark(S, t, ch, &S[ch].c[c->index]);
}

rfn_status rfn_syntactic(zb_ctx *z, const clp_trace *t,
                         const clp_formula ***interp) {
  summary *S = NEW_N(summary, t->n);
  memset(S, 0, sizeof *S * (size_t)t->n);
  char *done = NEW_ATOMIC_N(char, t->n);
  memset(done, 0, (size_t)t->n);
  if (post(z, S, t, 0, done) == ZB_UNKNOWN)
    return clp_expired() ? RFN_TIMEOUT : RFN_FAIL;
  summary root = {0};
  collect(S, t, 0, &root, false);
  const clp_formula **h = NEW_N(const clp_formula *, root.n);
  for (int i = 0; i < root.n; i++) h[i] = root.c[i].f;
  bool *keep = NEW_ATOMIC_N(bool, root.n);
  zb_result r = zb_core(z, root.n, h, keep);
  if (r != ZB_UNSAT) return clp_expired() ? RFN_TIMEOUT : RFN_FAIL;
  for (int k = 0; k < t->n; k++) {
    S[k].need = NEW_ATOMIC_N(bool, S[k].n);
    memset(S[k].need, 0, (size_t)S[k].n);
  }
  for (int i = 0; i < root.n; i++)
    if (keep[i]) mark(S, t, 0, &root.c[i]);
  const clp_formula **I = NEW_N(const clp_formula *, t->n);
  I[0] = clp_f_false();
  for (int k = 1; k < t->n; k++) {
    const clp_formula **fs = NEW_N(const clp_formula *, S[k].n);
    int m = 0;
    for (int i = 0; i < S[k].n; i++)
      if (S[k].need[i]) fs[m++] = S[k].c[i].f;
    I[k] = clp_f_and(m, fs, clp_nopos);
  }
  *interp = I;
  return RFN_OK;
}
