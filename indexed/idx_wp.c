/* idx_wp.c -- discovery's candidates from the clauses (idx_disc_int.h,
 * docs/indexed.md "Clauses and sources"): for each clause (top-level
 * disjunct) of a rule r(F) :- body and each call c(t) in it, (a) the
 * clause's constraint literals, (b) r's predicates with F replaced by their
 * definitions in the clause (the weakest precondition through the rule),
 * (c) the predicates of the clause's other calls over their arguments,
 * split into atoms and mapped into c's space (to_callee: the paper's
 * "match" and "generalizing from a fixed index" rules). */
#include <stdint.h>
#include <stdio.h>

#include "clp/vec.h"
#include "indexed/idx_disc_int.h"

/* A clause (top-level disjunct) of a rule, read once per pass. */
typedef struct clause {
  tlist lits;                 /* constraint atoms (not definitions) */
  int ncalls, ccalls;
  const clp_formula **calls;
  tlist defv, deft;           /* head formal := term */
  tlist ixv;                  /* variables used as array indices */
} clause;

/* v = term solved from atom a, v a head formal; NULL if a is not one. */
static const clp_term *solve_for(const clp_term *a, const clp_term *v) {
  if (a->op != CLP_EQ) return NULL;
  const clp_term *l = a->kids[0], *r = a->kids[1];
  if (l == v && !idx_has_var(r, v)) return r;
  if (r == v && !idx_has_var(l, v)) return l;
  if (v->sort != clp_sort_int() || l->sort != clp_sort_int()) return NULL;
  const clp_term *dl = clp_sub(l, r); /* v's coefficient must be +-1 */
  const clp_term *plus = clp_sub(v, dl), *minus = clp_add(v, dl);
  if (!idx_has_var(plus, v)) return plus;
  if (!idx_has_var(minus, v)) return minus;
  return NULL;
}

/* Adds to c the calls, constraint atoms, definitions and array-index
 * variables of f, a conjunct of a clause of r (top: not below an or). */
static void walk(const clp_rel *r, const clp_formula *f, bool top,
                 clause *c) {
  switch (f->kind) {
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++)
      walk(r, f->kids[i], top && f->kind == CLP_F_AND, c);
    return;
  case CLP_F_CALL:
    VEC_PUSH(const clp_formula *, c->calls, c->ncalls, c->ccalls, f);
    for (int i = 0; i < f->n; i++) idx_index_vars(f->args[i], &c->ixv);
    return;
  case CLP_F_LIT: {
    idx_index_vars(f->atom, &c->ixv);
    if (top && !f->neg)
      for (int i = 0; i < r->arity; i++) {
        const clp_term *v = r->formals[i];
        bool dup = false;
        for (int j = 0; j < c->defv.n; j++) dup |= c->defv.t[j] == v;
        const clp_term *t = dup ? NULL : solve_for(f->atom, v);
        if (t) {
          idx_tl_add(&c->defv, v);
          VEC_PUSH(const clp_term *, c->deft.t, c->deft.n, c->deft.cap, t);
          break; /* also a constraint (Turn = i: a guard, too) */
        }
      }
    idx_tl_add(&c->lits, f->atom);
    return;
  }
  default: return;
  }
}

/* The clauses of r's rule: its top-level disjuncts. */
static int clauses(const clp_rel *r, clause **out) {
  const clp_formula *b = r->body;
  int n = b->kind == CLP_F_OR ? b->n : 1;
  *out = NEW_N(clause, n);
  for (int i = 0; i < n; i++)
    walk(r, b->kind == CLP_F_OR ? b->kids[i] : b, true, &(*out)[i]);
  return n;
}

/* An index term that is not a variable or a number (a[i+1]): derived
 * atoms with one would start towers of offsets. */
static bool offset_index(const clp_term *t) {
  if ((t->op == CLP_SELECT || t->op == CLP_STORE) &&
      t->kids[1]->op != CLP_VAR && t->kids[1]->op != CLP_NUM)
    return true;
  for (int i = 0; i < t->n; i++)
    if (offset_index(t->kids[i])) return true;
  return false;
}

/* Does t read or write an array at index v? */
static bool arr_index(const clp_term *t, const clp_term *v) {
  if ((t->op == CLP_SELECT || t->op == CLP_STORE) && t->kids[1] == v)
    return true;
  for (int i = 0; i < t->n; i++)
    if (arr_index(t->kids[i], v)) return true;
  return false;
}

/* Maps atom a of clause cl into the space of call k and adds it.  The
 * variables that may become index variables are those that cl uses as
 * array indices (seeds), or that a itself uses as indices (derived). */
static void to_callee(disc *d, const clause *cl, const clp_formula *call,
                      const clp_term *a, bool derived) {
  const clp_rel *c = call->rel;
  if (derived && offset_index(a)) return;
  const clp_term **vars = NULL;
  int cap = 0, n = clp_term_vars(a, &vars, 0, &cap);
  tlist aix = {0, 0, NULL};
  if (derived) idx_index_vars(a, &aix);
  const tlist *ixs = derived ? &aix : &cl->ixv;
  bool arr = idx_disc_has_array(c);
  clp_subst *m = clp_subst_new(), *g = clp_subst_new();
  bool used[2] = {idx_has_var(a, d->ix[0]), idx_has_var(a, d->ix[1])};
  bool gused[2] = {used[0], used[1]};
  int ng = 0;
  for (int i = 0; i < n; i++) {
    const clp_term *v = vars[i];
    if (idx_is_ix(d, v)) continue;
    int p = -1;
    for (int j = 0; j < call->n && p < 0; j++)
      if (call->args[j] == v) p = j;
    bool ix = false;
    for (int j = 0; j < ixs->n; j++) ix |= ixs->t[j] == v;
    ix &= arr;
    if (p >= 0) {
      clp_subst_add(m, v, c->formals[p]);
      /* a formal used as an index: also generalised (fixed index) */
      if (ix)
        for (int k = 0; k < 2; k++)
          if (!gused[k]) {
            clp_subst_add(g, v, d->ix[k]);
            gused[k] = true;
            ng++;
            if (arr_index(a, v)) /* the paper's x = v of a fixed index */
              idx_disc_add(d, c, clp_eq(d->ix[k], c->formals[p]), false);
            break;
          }
      continue;
    }
    if (!ix) return; /* an input that is not an index: dropped */
    int k = !used[0] ? 0 : !used[1] ? 1 : -1;
    if (!derived) { /* the clause's inputs in order: the same in all atoms */
      int nth = 0;
      for (int j = 0; j < cl->ixv.n && cl->ixv.t[j] != v; j++) {
        bool arg = false;
        for (int q = 0; q < call->n; q++) arg |= call->args[q] == cl->ixv.t[j];
        nth += !arg;
      }
      if (nth < 2 && !used[nth]) k = nth;
    }
    if (k < 0) return;
    used[k] = gused[k] = true;
    clp_subst_add(m, v, d->ix[k]);
    clp_subst_add(g, v, d->ix[k]);
  }
  idx_disc_add(d, c, clp_subst_term(m, a), derived);
  if (ng) {
    /* generalised copy: the remaining argument variables as formals */
    for (int i = 0; i < n; i++)
      if (!clp_subst_get(g, vars[i]) && clp_subst_get(m, vars[i]))
        clp_subst_add(g, vars[i], clp_subst_get(m, vars[i]));
    idx_disc_add(d, c, clp_subst_term(g, a), derived);
  }
}

/* The atoms of t (split) as predicates of r. */
static void add_atoms(disc *d, const clp_rel *r, const clp_term *t,
                      bool derived) {
  tlist atoms = {0, 0, NULL};
  idx_split(t, &atoms, 0);
  for (int j = 0; j < atoms.n; j++) idx_disc_add(d, r, atoms.t[j], derived);
}

/* The atoms of t (split), a formula of clause cl, mapped into the space
 * of its call k (to_callee). */
static void from_formula(disc *d, const clause *cl, int k, const clp_term *t,
                         bool derived) {
  tlist atoms = {0, 0, NULL};
  idx_split(t, &atoms, 0);
  for (int i = 0; i < atoms.n; i++)
    to_callee(d, cl, cl->calls[k], atoms.t[i], derived);
}

/* Predicate p of the relation of call o at the call: o's formals replaced
 * by its arguments, and o's own index variables (a frontend's, as the .cub
 * scans' "x", which may differ from X and Y) renamed to X, Y in order, at
 * once (a clause variable of the same name as one of them stays). */
static const clp_term *at_call(const disc *d, const clp_formula *o,
                               const clp_term *p) {
  const clp_rel *c = o->rel;
  const idx_rel_preds *e = idx_preds_of(d->t, c);
  clp_subst *m = clp_subst_new();
  for (int j = 0; j < c->arity; j++)
    clp_subst_add(m, c->formals[j], o->args[j]);
  for (int k = 0; k < e->nindex && k < 2; k++)
    if (e->index[k] != d->ix[k]) clp_subst_add(m, e->index[k], d->ix[k]);
  return clp_subst_term(m, p);
}

/* Does p mention a formal of call o whose argument is a number (a scan
 * relation's start, All(N, s, 1)): such instances are not carried over. */
static bool at_constant(const clp_formula *o, const clp_term *p) {
  for (int j = 0; j < o->n; j++)
    if (o->args[j]->op == CLP_NUM && idx_has_var(p, o->rel->formals[j]))
      return true;
  return false;
}

static void add_const(disc *d, int64_t k) {
  for (int i = 0; i < d->nkc; i++)
    if (d->kc[i] == k) return;
  if (d->nkc < 32) d->kc[d->nkc++] = k;
}

/* The constants of t that index an array (select(a, 2), store(a, 2, v))
 * into d->kc (at most 32). */
static void consts_of(disc *d, const clp_term *t) {
  if ((t->op == CLP_SELECT || t->op == CLP_STORE) && t->kids[1]->op == CLP_NUM)
    add_const(d, t->kids[1]->num);
  for (int i = 0; i < t->n; i++) consts_of(d, t->kids[i]);
}

/* The constants of clause cl, for the offset rule (idx_disc_add). */
static void clause_consts(disc *d, const clause *cl) {
  d->nkc = 0;
  for (int i = 0; i < cl->lits.n; i++) consts_of(d, cl->lits.t[i]);
  for (int i = 0; i < cl->deft.n; i++) consts_of(d, cl->deft.t[i]);
  for (int k = 0; k < cl->ncalls; k++)
    for (int j = 0; j < cl->calls[k]->n; j++) consts_of(d, cl->calls[k]->args[j]);
}

void idx_disc_pass(disc *d, bool wp) {
  const clp_rs *rs = d->rs;
  for (int ri = 0; ri < rs->nrels; ri++) {
    const clp_rel *r = rs->rels[ri];
    clause *cls;
    int ncl = clauses(r, &cls);
    for (int ci = 0; ci < ncl; ci++) {
      const clause *cl = &cls[ci];
      clause_consts(d, cl);
      clp_subst *defs = clp_subst_new();
      for (int i = 0; i < cl->defv.n; i++)
        clp_subst_add(defs, cl->defv.t[i], cl->deft.t[i]);
      if (wp && !cl->ncalls) { /* the head's predicates at the
                                   definitions of an initial clause */
        int np = idx_preds_of(d->t, r)->npreds;
        const clp_term **ps = idx_disc_snapshot(d, r);
        for (int i = 0; i < np; i++) {
          d->src = ps[i];
          d->why = clp_fmt("%s at a definition in the rule of %s",
                           clp_term_str(ps[i]), r->name);
          add_atoms(d, r, clp_subst_term(defs, ps[i]), true);
        }
      }
      for (int k = 0; k < cl->ncalls; k++) {
        /* a condition wrapper (a callee whose rule has no call, as the C
         * frontend's assume): its predicates at the arguments are guards
         * of the head, too */
        const clp_formula *o = cl->calls[k];
        if (clp_f_has_call(o->rel->body)) continue;
        int np = idx_preds_of(d->t, o->rel)->npreds;
        const clp_term **ps = idx_disc_snapshot(d, o->rel);
        d->src = NULL;
        for (int i = 0; i < np; i++) {
          d->why = clp_fmt("%s of %s as a guard of %s", clp_term_str(ps[i]),
                           o->rel->name, r->name);
          add_atoms(d, r, at_call(d, o, ps[i]), false);
        }
      }
      for (int k = 0; k < cl->ncalls; k++) {
        const clp_rel *c = cl->calls[k]->rel;
        d->why = clp_fmt("guard of the rule of %s", r->name);
        d->src = NULL;
        if (wp || !d->rec[r->id])
          for (int i = 0; i < cl->lits.n; i++)
            from_formula(d, cl, k, cl->lits.t[i], false);
        for (int j = 0; j < cl->ncalls; j++) {
          const clp_formula *o = cl->calls[j];
          if (j == k) continue;
          int np = idx_preds_of(d->t, o->rel)->npreds;
          const clp_term **ps = idx_disc_snapshot(d, o->rel);
          for (int i = 0; i < np; i++) {
            if (at_constant(o, ps[i])) continue;
            d->src = ps[i];
            d->why = clp_fmt("%s of %s through the rule of %s into %s",
                             clp_term_str(ps[i]), o->rel->name, r->name,
                             c->name);
            from_formula(d, cl, k, at_call(d, o, ps[i]), wp);
          }
        }
        if (!wp) continue;
        int np = idx_preds_of(d->t, r)->npreds;
        const clp_term **ps = idx_disc_snapshot(d, r);
        for (int i = 0; i < np; i++) {
          d->src = ps[i];
          d->why = clp_fmt("wp of %s through the rule of %s",
                           clp_term_str(ps[i]), r->name);
          from_formula(d, cl, k, clp_subst_term(defs, ps[i]), true);
        }
      }
    }
  }
  d->nkc = 0;
}

/* For a one-variable bound a (v <= k or -v <= k, v an Int formal), the
 * bounds lo <= v <= hi among atoms[0..n) and whether v = c is among them
 * for every c in lo..hi: then a is redundant (the range of an enumerated
 * variable whose every value is a predicate: no reachable cube has them
 * all false, so the bounds never split one; they only took slots). */
static bool enum_bound(const clp_term **atoms, int n, const clp_term *a) {
  if (a->op != CLP_LE || a->kids[1]->op != CLP_NUM) return false;
  const clp_term *t = a->kids[0], *v = t;
  if (t->op == CLP_MUL && t->kids[0]->op == CLP_NUM && t->kids[0]->num == -1)
    v = t->kids[1];
  if (v->op != CLP_VAR || v->sort != clp_sort_int()) return false;
  bool has_lo = false, has_hi = false;
  int64_t lo = 0, hi = 0;
  for (int j = 0; j < n; j++) {
    const clp_term *b = atoms[j];
    if (b->op != CLP_LE || b->kids[1]->op != CLP_NUM) continue;
    if (b->kids[0] == v) has_hi = true, hi = b->kids[1]->num;
    else if (b->kids[0]->op == CLP_MUL && b->kids[0]->kids[0]->op == CLP_NUM &&
             b->kids[0]->kids[0]->num == -1 && b->kids[0]->kids[1] == v)
      has_lo = true, lo = -b->kids[1]->num;
  }
  if (!has_lo || !has_hi || hi < lo || hi - lo >= 8) return false;
  for (int64_t c = lo; c <= hi; c++) {
    const clp_term *eq = clp_eq(v, clp_num(c));
    bool found = false;
    for (int j = 0; j < n && !found; j++) found = atoms[j] == eq;
    if (!found) return false;
  }
  return true;
}

/* As the engine's own seeds, but without array equations (definitions)
 * and redundant bounds (enum_bound). */
void idx_disc_own_atoms(disc *d) {
  d->why = "atom of its own rule";
  for (int ri = 0; ri < d->rs->nrels; ri++) {
    const clp_rel *r = d->rs->rels[ri];
    const clp_term **atoms = NULL;
    int cap = 0, n = clp_f_atoms(r->body, &atoms, 0, &cap), k = 0;
    for (int j = 0; j < n && k < 8; j++)
      if (clp_rel_over_formals(r, atoms[j]) &&
          !(atoms[j]->op == CLP_EQ && atoms[j]->kids[0]->sort != clp_sort_int()
            && atoms[j]->kids[0]->sort != clp_sort_bool()) &&
          !enum_bound(atoms, n, atoms[j])) {
        idx_disc_add1(d, r, atoms[j]);
        k++;
      }
  }
}
