/* rfn.c -- refinement from an infeasible trace via tree interpolants. */
#include "refine/rfn_int.h"

/* I_c[formals_c := args] for the k-th call of node nd. */
static const clp_formula *callee_interp(const clp_formula **interp,
                                        const clp_tnode *nd, int c) {
  const clp_formula *call = nd->calls[c];
  const clp_rel *callee = call->rel;
  return clp_f_subst_args(interp[nd->child[c]], callee->arity, callee->formals,
                          call->args);
}

/* The explicated constraint of node k: lits_k /\ AND_c I_c[args] => I_k.
 * Every atom in it is an atom of k's rule or an instantiated interface atom
 * of one of its callees: the clause is hygienic by construction. */
static const clp_formula *explicate(const clp_formula **interp,
                                    const clp_tnode *nd, int k) {
  int n = nd->nlits + nd->ncalls;
  const clp_formula **hyp = NEW_N(const clp_formula *, n);
  int m = 0;
  for (int i = 0; i < nd->nlits; i++) hyp[m++] = nd->lits[i];
  for (int c = 0; c < nd->ncalls; c++) hyp[m++] = callee_interp(interp, nd, c);
  return clp_f_implies(clp_f_and(m, hyp, clp_nopos), interp[k]);
}

/* Post-order over the trace: replace I_k by a minimal conjunction of node k's
 * own literals and its callees' (final) predicates when that implies I_k and
 * k's relation is not recursive.  A stronger I_k keeps every interpolant
 * condition valid: k's own (the conjunction is of its hypotheses) and its
 * parent's (a stronger hypothesis). */
typedef struct own_ctx {
  zb_ctx *z;
  const clp_trace *t;
  const clp_formula **interp;
  int nrels;
  char *done;         /* per trace node */
  signed char *rec;   /* per relation id: -1 unknown, else recursive? */
} own_ctx;

/* Is r recursive?  Asked once per relation, not once per trace node. */
static bool recursive(own_ctx *o, const clp_rel *r) {
  if (o->rec[r->id] < 0) o->rec[r->id] = clp_rel_recursive(r, o->nrels);
  return o->rec[r->id];
}

static void prefer_own(own_ctx *o, int k) {
  if (o->done[k]) return;
  o->done[k] = 1;
  const clp_trace *t = o->t;
  const clp_formula **interp = o->interp;
  const clp_tnode *nd = &t->nodes[k];
  for (int c = 0; c < nd->ncalls; c++) prefer_own(o, nd->child[c]);
  if (k == 0 || interp[k]->kind == CLP_F_TRUE || clp_expired() ||
      recursive(o, nd->rel))
    return;
  int n = nd->nlits + nd->ncalls, m = 0;
  const clp_formula **cand = NEW_N(const clp_formula *, n);
  for (int i = 0; i < nd->nlits; i++) cand[m++] = nd->lits[i];
  for (int c = 0; c < nd->ncalls; c++) cand[m++] = callee_interp(interp, nd, c);
  const clp_formula *own = rfn_own_literals(o->z, nd->rel, m, cand, interp[k]);
  if (own) interp[k] = own;
}

/* Exact summaries, the fallback when Spacer answers unknown (seen on traces
 * whose unsigned wrap-around and mod literals it cannot generalise): in
 * post-order, I_k = exists (variables other than k's formals).
 * lits_k /\ AND_c I_c[args], by quantifier elimination.  The strongest
 * summaries satisfy every interpolant condition; the trace is infeasible
 * exactly when I_0 is false.  RFN_FAIL when elimination fails or I_0 is
 * not false. */
static rfn_status exact_summaries(zb_ctx *z, const clp_trace *t,
                                  const clp_formula ***out) {
  const clp_formula **interp = NEW_N(const clp_formula *, t->n);
  for (int k = t->n - 1; k >= 0; k--) {
    const clp_tnode *nd = &t->nodes[k];
    for (int c = 0; c < nd->ncalls; c++)
      if (!interp[nd->child[c]]) return RFN_FAIL; /* not post-order */
    int n = nd->nlits + nd->ncalls, m = 0;
    const clp_formula **conj = NEW_N(const clp_formula *, n > 0 ? n : 1);
    for (int i = 0; i < nd->nlits; i++) conj[m++] = nd->lits[i];
    for (int c = 0; c < nd->ncalls; c++)
      conj[m++] = callee_interp(interp, nd, c);
    const clp_formula *f = clp_f_and(m, conj, clp_nopos);
    int cap = 0, nl = 0;
    const clp_term **vs = NULL;
    int nv = clp_f_vars(f, &vs, 0, &cap);
    const clp_term **loc = NEW_N(const clp_term *, nv > 0 ? nv : 1);
    for (int i = 0; i < nv; i++)
      if (!clp_rel_has_formal(nd->rel, vs[i])) loc[nl++] = vs[i];
    interp[k] = nl ? zb_exists(z, nl, loc, f) : f;
    if (!interp[k]) return clp_expired() ? RFN_TIMEOUT : RFN_FAIL;
  }
  if (interp[0]->kind != CLP_F_FALSE &&
      zb_valid(z, clp_f_not(interp[0])) != ZB_SAT)
    return clp_expired() ? RFN_TIMEOUT : RFN_FAIL;
  interp[0] = clp_f_false();
  *out = interp;
  return RFN_OK;
}

/* Trace length from which zb_horn may inline (measured on tests/clp: the
 * relation-preserving mode diverges less on safe loops, the inlining mode
 * is 2-4x faster on counterexamples of 50+ unrollings). */
#define RFN_INLINE_NODES 12

/* Spacer's work on one trace, in Z3's resource units (counted, so the
 * same on an idle and a loaded machine).  Measured (Z3's "rlimit count"
 * around each zb_horn of tests/clp, tests/c, examples and a third of the
 * shared CHC and C corpora at 10-20 s, 420 files): every trace Spacer
 * refuted took at most 0.26M units (0.44 s); the ones it did not end on
 * ran on past 7M to 23M (German-FIFO's buggy variant, aeval's s_split
 * files), about 1.1M units a second.  Past the limit the exact summaries are tried, and then
 * the loop gives up on refinement (car.c: bounded model checking gets the
 * time left). */
#define RFN_HORN_RLIMIT 20000000u

rfn_status rfn_refine(zb_ctx *z, const clp_trace *t, const clp_rs *T,
                      abs_alpha *alpha, bool *grew, abs_alpha **gamma) {
  *grew = false;
  const clp_formula **interp = NULL;
  zb_result r = ZB_UNKNOWN;
  rfn_status sy = rfn_syntactic(z, t, &interp);
  if (sy == RFN_TIMEOUT) return RFN_TIMEOUT;
  if (sy == RFN_OK) {
    r = ZB_UNSAT;
  } else {
    /* Short traces: Spacer's lemmas, which generalise; long ones (deep
     * unrollings) would cost quadratic time that way: let Spacer inline. */
    bool inl = t->n > RFN_INLINE_NODES;
    zb_horn_set_inline(z, inl);
    zb_horn_set_rlimit(z, RFN_HORN_RLIMIT);
    r = zb_horn(z, T, &interp);
    /* Inlining mode may leave relations without a quantifier-free model:
     * fall back to the relation-preserving mode for this trace. */
    bool missing = false;
    for (int k = 0; r == ZB_UNSAT && k < t->n; k++) missing |= !interp[k];
    if (missing && inl) {
      zb_horn_set_inline(z, false);
      r = zb_horn(z, T, &interp);
      zb_horn_set_inline(z, true);
    }
    zb_horn_set_rlimit(z, 0);
  }
  bool missing = false;
  for (int k = 0; r == ZB_UNSAT && k < t->n; k++) missing |= !interp[k];
  if ((r == ZB_UNKNOWN || missing) && !clp_expired()) {
    rfn_status ex = exact_summaries(z, t, &interp);
    if (ex == RFN_TIMEOUT) return ex;
    if (ex == RFN_OK) r = ZB_UNSAT;
  }
  if (r != ZB_UNSAT) return clp_expired() ? RFN_TIMEOUT : RFN_FAIL;
  for (int k = 0; k < t->n; k++) {
    if (!interp[k]) return RFN_FAIL;
    interp[k] = rfn_merge_bounds(interp[k]);
  }
  own_ctx o = {z, t, interp, alpha->nrels, NEW_ATOMIC_N(char, t->n),
               NEW_ATOMIC_N(signed char, alpha->nrels)};
  memset(o.done, 0, (size_t)t->n);
  memset(o.rec, -1, (size_t)alpha->nrels);
  prefer_own(&o, 0);
  abs_alpha *g = abs_bottom(T);
  for (int k = 0; k < t->n; k++) {
    const clp_tnode *nd = &t->nodes[k];
    const clp_term **atoms = NULL;
    int cap = 0, na = clp_f_atoms(interp[k], &atoms, 0, &cap);
    for (int i = 0; i < na; i++) {
      abs_add_atom(g, T->rels[k], atoms[i]);
      if (abs_add_atom(alpha, nd->rel, atoms[i])) *grew = true;
    }
    if (interp[k]->kind == CLP_F_TRUE) continue;
    const clp_formula *e = explicate(interp, nd, k);
    abs_add_exp(g, T->rels[k], e);
    if (abs_add_exp(alpha, nd->rel, e)) *grew = true;
  }
  if (gamma) *gamma = g;
  return RFN_OK;
}
