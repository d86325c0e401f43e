/* compile.c -- [[P]]alpha (CAR Fig. 3) as BDD building blocks: per rule the
 * map atom -> V_k (atoms are hash-consed: the pointer is the key), the body
 * tree with every call's instantiated interface [[h_i[x := t]]], the
 * explicated constraints and the head equivalences P_i <-> [[h_i]]. */
#include <assert.h>

#include "absint.h"

/* ------------------------------------------------------------ atom -> V_k */

static void map_grow(brule *b) {
  int nslots = b->nslots ? 2 * b->nslots : 16;
  int *slots = NEW_ATOMIC_N(int, nslots);
  memset(slots, 0, sizeof(int) * (size_t)nslots);
  for (int k = 0; k < b->natoms; k++) {
    unsigned h = b->atoms[k]->id & (unsigned)(nslots - 1);
    while (slots[h]) h = (h + 1) & (unsigned)(nslots - 1);
    slots[h] = k + 1;
  }
  b->slots = slots;
  b->nslots = nslots;
}

/* The index k of atom t in rule b (V_k), adding it when new. */
static int atom_var(brule *b, const clp_term *t) {
  if (2 * (b->natoms + 1) > b->nslots) map_grow(b);
  unsigned mask = (unsigned)(b->nslots - 1), h = t->id & mask;
  while (b->slots[h]) {
    int k = b->slots[h] - 1;
    if (b->atoms[k] == t) return k;
    h = (h + 1) & mask;
  }
  if (b->natoms == b->capatoms) {
    b->capatoms = b->capatoms ? 2 * b->capatoms : 8;
    b->atoms = b->atoms ? GROW(const clp_term *, b->atoms, b->capatoms)
                        : NEW_N(const clp_term *, b->capatoms);
  }
  b->atoms[b->natoms] = t;
  b->slots[h] = ++b->natoms;
  return b->natoms - 1;
}

/* ------------------------------------------------------- BDD constructors */

/* Every function returns a referenced BDD and releases nothing it was given. */
static BDD op2(BDD x, BDD y, int op) { return bdd_addref(bdd_apply(x, y, op)); }

static BDD var_bdd(int k, bool neg) {
  abs_bdd_vars(VVAR(k) + 1);
  return bdd_addref(neg ? bdd_nithvar(VVAR(k)) : bdd_ithvar(VVAR(k)));
}

/* [[t]] for a Bool term: atoms become their variables, connectives and
 * constants are kept (an instantiated atom may fold or become a NOT). */
static BDD term_bdd(brule *b, const clp_term *t) {
  switch (t->op) {
  case CLP_TRUE: return bdd_addref(bddtrue);
  case CLP_FALSE: return bdd_addref(bddfalse);
  case CLP_NOT: {
    BDD x = term_bdd(b, t->kids[0]);
    BDD r = bdd_addref(bdd_not(x));
    bdd_delref(x);
    return r;
  }
  case CLP_AND:
  case CLP_OR: {
    bool and = t->op == CLP_AND;
    BDD acc = bdd_addref(and ? bddtrue : bddfalse);
    for (int i = 0; i < t->n; i++) {
      BDD x = term_bdd(b, t->kids[i]);
      BDD r = op2(acc, x, and ? bddop_and : bddop_or);
      bdd_delref(acc);
      bdd_delref(x);
      acc = r;
    }
    return acc;
  }
  default:
    return var_bdd(atom_var(b, t), false);
  }
}

/* [[f]] for a call-free formula (explicated constraints). */
static BDD formula_bdd(brule *b, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_TRUE: return bdd_addref(bddtrue);
  case CLP_F_FALSE: return bdd_addref(bddfalse);
  case CLP_F_LIT: return var_bdd(atom_var(b, f->atom), f->neg);
  case CLP_F_AND:
  case CLP_F_OR: {
    bool and = f->kind == CLP_F_AND;
    BDD acc = bdd_addref(and ? bddtrue : bddfalse);
    for (int i = 0; i < f->n; i++) {
      BDD x = formula_bdd(b, f->kids[i]);
      BDD r = op2(acc, x, and ? bddop_and : bddop_or);
      bdd_delref(acc);
      bdd_delref(x);
      acc = r;
    }
    return acc;
  }
  case CLP_F_CALL:
  default:
    /* Explicated constraints are call-free: a call is unconstrained. */
    return bdd_addref(bddtrue);
  }
}

/* ------------------------------------------------------------ rule bodies */

static void add_callee(brule *b, int id, int *cap) {
  for (int i = 0; i < b->ncallees; i++)
    if (b->callees[i] == id) return;
  if (b->ncallees == *cap) {
    *cap = *cap ? 2 * *cap : 4;
    b->callees = b->callees ? GROW(int, b->callees, *cap)
                            : NEW_ATOMIC_N(int, *cap);
  }
  b->callees[b->ncallees++] = id;
}

static bnode *compile_call(const bprog *p, brule *b, const clp_formula *f,
                           bnode *n) {
  const clp_rel *c = f->rel;
  const abs_rel *ac = &p->a->rels[c->id];
  n->callee = c->id;
  n->n = ac->natoms;
  n->params = NEW_ATOMIC_N(BDD, ac->natoms);
  memset(n->params, 0, sizeof(BDD) * (size_t)(ac->natoms > 0 ? ac->natoms : 1));
  n->eq = bdd_addref(bddtrue);
  for (int i = 0; i < ac->natoms; i++) {
    const clp_term *h = clp_subst_args(ac->atoms[i], c->arity, c->formals,
                                       f->args);
    n->params[i] = term_bdd(b, h);
    abs_bdd_vars(PVAR(i) + 1);
    BDD e = op2(bdd_ithvar(PVAR(i)), n->params[i], bddop_biimp);
    BDD r = op2(n->eq, e, bddop_and);
    bdd_delref(e);
    bdd_delref(n->eq);
    n->eq = r;
  }
  return n;
}

static bnode *compile_body(const bprog *p, brule *b, const clp_formula *f,
                           int *capcallees) {
  bnode *n = NEW(bnode);
  n->kind = f->kind;
  n->f = f;
  n->eq = bddfalse;
  switch (f->kind) {
  case CLP_F_LIT:
    n->var = atom_var(b, f->atom);
    n->neg = f->neg;
    abs_bdd_vars(VVAR(n->var) + 1);
    break;
  case CLP_F_AND:
  case CLP_F_OR:
    n->n = f->n;
    n->kids = NEW_N(bnode *, f->n);
    for (int i = 0; i < f->n; i++)
      n->kids[i] = compile_body(p, b, f->kids[i], capcallees);
    break;
  case CLP_F_CALL:
    add_callee(b, f->rel->id, capcallees);
    compile_call(p, b, f, n);
    break;
  default:
    break;
  }
  return n;
}

static BDD make_set(int from, int n, int (*var)(int)) {
  int *vs = NEW_ATOMIC_N(int, n);
  for (int k = 0; k < n; k++) vs[k] = var(from + k);
  return bdd_addref(bdd_makeset(vs, n));
}

static int pvar(int k) { return PVAR(k); }
static int vvar(int k) { return VVAR(k); }

static abs_status compile_rule(bprog *p, const clp_rel *r, brule *b) {
  const abs_rel *ar = &p->a->rels[r->id];
  b->rel = r;
  b->nif = ar->natoms;
  for (int i = 0; i < ar->natoms; i++) {
    int k = atom_var(b, ar->atoms[i]);
    assert(k == i); /* interface atoms are distinct */
    (void)k;
  }
  abs_bdd_vars(2 * (ar->natoms + 1));
  int capcallees = 0;
  b->body = compile_body(p, b, r->body ? r->body : clp_f_false(),
                         &capcallees);
  b->exp = bdd_addref(bddtrue);
  for (int i = 0; i < ar->nexp; i++) {
    BDD x = formula_bdd(b, ar->exp[i]);
    BDD y = op2(b->exp, x, bddop_and);
    bdd_delref(x);
    bdd_delref(b->exp);
    b->exp = y;
  }
  b->heq = bdd_addref(bddtrue);
  for (int i = 0; i < b->nif; i++) {
    BDD e = op2(bdd_ithvar(PVAR(i)), bdd_ithvar(VVAR(i)), bddop_biimp);
    BDD y = op2(b->heq, e, bddop_and);
    bdd_delref(e);
    bdd_delref(b->heq);
    b->heq = y;
  }
  abs_bdd_vars(VVAR(b->natoms) + 1);
  b->vset = make_set(0, b->natoms, vvar);
  return abs_check();
}

/* Contract: p describes [[rs]]a; on a non-OK status p is still released
 * safely by abs_release. */
abs_status abs_compile(const clp_rs *rs, const abs_alpha *a, bprog *p) {
  memset(p, 0, sizeof *p);
  p->rs = rs;
  p->a = a;
  p->nrels = rs->nrels;
  p->rules = NEW_N(brule, rs->nrels);
  memset(p->rules, 0, sizeof(brule) * (size_t)(rs->nrels > 0 ? rs->nrels : 1));
  for (int i = 0; i < rs->nrels; i++)
    if (a->rels[i].natoms > p->maxif) p->maxif = a->rels[i].natoms;
  abs_bdd_vars(2 * (p->maxif + 1));
  p->pset = make_set(0, p->maxif, pvar);
  for (int i = 0; i < rs->nrels; i++) {
    abs_status s = compile_rule(p, rs->rels[i], &p->rules[i]);
    if (s != ABS_OK) return s;
  }
  return abs_check();
}

static void release_node(bnode *n) {
  if (!n) return;
  if (n->kind == CLP_F_AND || n->kind == CLP_F_OR)
    for (int i = 0; i < n->n; i++) release_node(n->kids[i]);
  if (n->kind == CLP_F_CALL) {
    for (int i = 0; i < n->n; i++) bdd_delref(n->params[i]);
    bdd_delref(n->eq);
  }
}

/* Drops every BuDDy reference held by p (only while BuDDy still runs). */
void abs_release(bprog *p) {
  if (!p->rules) return;
  for (int i = 0; i < p->nrels; i++) {
    brule *b = &p->rules[i];
    if (!b->rel) continue;
    release_node(b->body);
    bdd_delref(b->exp);
    bdd_delref(b->heq);
    bdd_delref(b->vset);
  }
  bdd_delref(p->pset);
  p->rules = NULL;
}
