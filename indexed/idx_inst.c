/* idx_inst.c -- the instantiation set Pi of the indexed engine: the index
 * terms of a rule, and a rule body with the callees' universally
 * quantified abstract values (and the axioms) instantiated over them.
 * Shared by the image (idx_engine.c) and the certificate (idx_cert.c). */
#include <stdio.h>
#include <string.h>

#include "clp/vec.h"
#include "indexed/idx.h"

typedef struct tset {
  int n, cap;
  const clp_term **t;
} tset;

static void tset_add(tset *s, const clp_term *t) {
  if (t->sort != clp_sort_int() || s->n >= IDX_MAX_TERMS) return;
  for (int i = 0; i < s->n; i++)
    if (s->t[i] == t) return;
  VEC_PUSH(const clp_term *, s->t, s->n, s->cap, t);
}

/* Index arguments of select/store inside t. */
static void term_indices(const clp_term *t, tset *s) {
  if (t->op == CLP_SELECT || t->op == CLP_STORE) tset_add(s, t->kids[1]);
  for (int i = 0; i < t->n; i++) term_indices(t->kids[i], s);
}

static void f_indices(const clp_formula *f, tset *s) {
  switch (f->kind) {
  case CLP_F_LIT: term_indices(f->atom, s); break;
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++) f_indices(f->kids[i], s);
    break;
  case CLP_F_CALL:
    for (int i = 0; i < f->n; i++) term_indices(f->args[i], s);
    break;
  default: break;
  }
}

int idx_parts(const clp_rel *r, const clp_formula ***out) {
  if (r->body->kind != CLP_F_OR) {
    *out = NEW_N(const clp_formula *, 1);
    (*out)[0] = r->body;
    return 1;
  }
  *out = r->body->kids;
  return r->body->n;
}

int idx_terms(const clp_rel *r, const clp_formula *part, int nhx,
              const clp_term **hx, int nphi, const clp_term **phi,
              const clp_term ***out) {
  tset s = {0, 0, NULL};
  for (int i = 0; i < nhx; i++) tset_add(&s, hx[i]);
  f_indices(part, &s);
  for (int i = 0; i < nphi; i++) term_indices(phi[i], &s);
  if (part != r->body) {
    /* The other parts' terms over variables this part constrains (its
     * own, the formals, the head's predicates): an instance at a term of
     * another part's local variables is unconstrained here. */
    const clp_term **vs = NULL;
    int cap = 0, nv = clp_f_vars(part, &vs, 0, &cap);
    for (int i = 0; i < nphi; i++) nv = clp_term_vars(phi[i], &vs, nv, &cap);
    for (int i = 0; i < r->arity; i++)
      nv = clp_term_vars(r->formals[i], &vs, nv, &cap);
    tset all = {0, 0, NULL};
    f_indices(r->body, &all);
    for (int i = 0; i < all.n; i++)
      if (clp_term_over(all.t[i], nv, vs)) tset_add(&s, all.t[i]);
  }
  /* No index term: a universal is still instantiated, with an arbitrary
   * value (a fresh constant of the query). */
  if (s.n == 0) tset_add(&s, clp_var("any#ix", clp_sort_int()));
  *out = s.t;
  return s.n;
}

const clp_term **idx_head_vars(const idx_preds *t, const clp_rel *r) {
  const idx_rel_preds *e = idx_preds_of(t, r);
  const clp_term **hx = NEW_N(const clp_term *, e->nindex);
  for (int i = 0; i < e->nindex; i++) {
    size_t n = strlen(e->index[i]->name) + 8;
    char *name = NEW_ATOMIC_N(char, n);
    snprintf(name, n, "%s#h", e->index[i]->name);
    hx[i] = clp_var(name, clp_sort_int());
  }
  return hx;
}

/* The substitutions from[i] := to[i] (i < nf) together with every map of
 * vars into terms, in odometer order, at most IDX_MAX_PI of them. */
static int substs(int nv, const clp_term **vars, int nf,
                  const clp_term **from, const clp_term **to, int nterms,
                  const clp_term **terms, clp_subst ***out) {
  *out = NULL;
  if (nv > 0 && nterms == 0) return 0; /* not reached */
  int *digit = NEW_ATOMIC_N(int, nv > 0 ? nv : 1);
  memset(digit, 0, sizeof(int) * (size_t)(nv > 0 ? nv : 1));
  int n = 0, cap = 0;
  clp_subst **acc = NULL;
  for (;;) {
    clp_subst *s = clp_subst_new();
    for (int i = 0; i < nf; i++) clp_subst_add(s, from[i], to[i]);
    for (int i = 0; i < nv; i++) clp_subst_add(s, vars[i], terms[digit[i]]);
    VEC_PUSH(clp_subst *, acc, n, cap, s);
    int i = 0;
    while (i < nv && ++digit[i] == nterms) digit[i++] = 0;
    if (i == nv || n >= IDX_MAX_PI) break;
  }
  *out = acc;
  return n;
}

int idx_call_substs(const idx_preds *t, const clp_formula *call, int nterms,
                    const clp_term **terms, clp_subst ***out) {
  const clp_rel *q = call->rel;
  const idx_rel_preds *e = idx_preds_of(t, q);
  return substs(e->nindex, e->index, q->arity, q->formals, call->args,
                nterms, terms, out);
}

/* The conjunction of f[s] over the substitutions s[0..n). */
static const clp_formula *instances(const clp_formula *f, int n,
                                    clp_subst **s, long *ninst) {
  const clp_formula **acc = NEW_N(const clp_formula *, n > 0 ? n : 1);
  for (int i = 0; i < n; i++) acc[i] = clp_f_subst(s[i], f);
  if (ninst) *ninst += n;
  return clp_f_and(n, acc, clp_nopos);
}

typedef struct ictx {
  const idx_preds *t;
  const clp_formula **gamma;
  int nterms;
  const clp_term **terms;
  long *ninst;
} ictx;

static const clp_formula *inst(const ictx *c, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_AND: case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = inst(c, f->kids[i]);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  case CLP_F_CALL: {
    const clp_rel *q = f->rel;
    const clp_formula *g = c->gamma[q->id];
    if (!g) return clp_f_false();
    clp_subst **sub;
    int n = idx_call_substs(c->t, f, c->nterms, c->terms, &sub);
    return instances(g, n, sub, c->ninst);
  }
  default: return f;
  }
}

/* Free variables of an axiom, in order. */
static int axiom_vars(const clp_formula *ax, const clp_term ***vars) {
  int cap = 0;
  *vars = NULL;
  return clp_f_vars(ax, vars, 0, &cap);
}

const clp_formula *idx_axioms(const clp_rs *rs, int nterms,
                              const clp_term **terms, long *ninst) {
  const clp_formula *acc = clp_f_true();
  for (int i = 0; i < rs->naxioms; i++) {
    const clp_term **vars;
    int nv = axiom_vars(rs->axioms[i], &vars);
    clp_subst **sub;
    int n = substs(nv, vars, 0, NULL, NULL, nterms, terms, &sub);
    acc = clp_f_and2(acc, instances(rs->axioms[i], n, sub, ninst));
  }
  return acc;
}

const clp_formula *idx_instantiate(const clp_rs *rs, const idx_preds *t,
                                   const clp_formula *part,
                                   const clp_formula **gamma, int nterms,
                                   const clp_term **terms, long *ninst) {
  ictx c = {t, gamma, nterms, terms, ninst};
  return clp_f_and2(inst(&c, part), idx_axioms(rs, nterms, terms, ninst));
}
