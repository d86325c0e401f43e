/* compile.c -- [[P]]alpha (CAR Fig. 3) as BDD building blocks: per rule the
 * map atom -> BDD variable (atoms are hash-consed: the pointer is the key;
 * the variable layout is described in absint.h), the body tree with every
 * call's instantiated interface [[h_i[x := t]]], the explicated constraints
 * and the head equivalences P_i <-> [[h_i]]. */
#include "abstract/absint.h"
#include "clp/vec.h"

/* --------------------------------------------------- atom -> BDD variable */

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

/* The index k of atom t in rule b, or -1. */
static int find_atom(const brule *b, const clp_term *t) {
  if (!b->nslots) return -1;
  unsigned mask = (unsigned)(b->nslots - 1), h = t->id & mask;
  for (; b->slots[h]; h = (h + 1) & mask)
    if (b->atoms[b->slots[h] - 1] == t) return b->slots[h] - 1;
  return -1;
}

/* Adds the new atom t with BDD variable v. */
static void add_atom(brule *b, const clp_term *t, int v) {
  if (2 * (b->natoms + 1) > b->nslots) map_grow(b);
  int old = b->capatoms;
  VEC_RESERVE(const clp_term *, b->atoms, b->natoms, b->capatoms, 1);
  if (b->capatoms != old) VEC_FIT_ATOMIC(int, b->vars, b->capatoms);
  unsigned mask = (unsigned)(b->nslots - 1), h = t->id & mask;
  while (b->slots[h]) h = (h + 1) & mask;
  b->atoms[b->natoms] = t;
  b->vars[b->natoms] = v;
  b->slots[h] = ++b->natoms;
  abs_bdd_vars(v + 1);
}

/* [[t]]'s BDD variable in rule b; a new atom goes after the groups. */
static int atom_var(const bprog *p, brule *b, const clp_term *t) {
  int k = find_atom(b, t);
  if (k >= 0) return b->vars[k];
  int v = p->maxif * p->stride + b->nextra++;
  add_atom(b, t, v);
  return v;
}

/* Places of group j: P_j, [[h_j]], then the j-th parameter of call m. */
static void place(const bprog *p, brule *b, const clp_term *t, int j, int m) {
  if (clp_is_atom(t) && find_atom(b, t) < 0)
    add_atom(b, t, PVAR(p, j) + 1 + m);
}

/* ------------------------------------------------------- BDD constructors */

/* Every function returns a referenced BDD and releases nothing it was given. */
static BDD op2(BDD x, BDD y, int op) { return bdd_addref(bdd_apply(x, y, op)); }

static BDD var_bdd(int v, bool neg) {
  return bdd_addref(neg ? bdd_nithvar(v) : bdd_ithvar(v));
}

/* [[t]] for a Bool term: atoms become their variables, connectives and
 * constants are kept (an instantiated atom may fold or become a NOT). */
static BDD term_bdd(const bprog *p, brule *b, const clp_term *t) {
  switch (t->op) {
  case CLP_TRUE: return bdd_addref(bddtrue);
  case CLP_FALSE: return bdd_addref(bddfalse);
  case CLP_NOT: {
    BDD x = term_bdd(p, b, t->kids[0]);
    BDD r = bdd_addref(bdd_not(x));
    bdd_delref(x);
    return r;
  }
  case CLP_AND:
  case CLP_OR: {
    bool and = t->op == CLP_AND;
    BDD acc = bdd_addref(and ? bddtrue : bddfalse);
    for (int i = 0; i < t->n; i++) {
      BDD x = term_bdd(p, b, t->kids[i]);
      BDD r = op2(acc, x, and ? bddop_and : bddop_or);
      bdd_delref(acc);
      bdd_delref(x);
      acc = r;
    }
    return acc;
  }
  default:
    return var_bdd(atom_var(p, b, t), false);
  }
}

/* [[f]] for a call-free formula (explicated constraints). */
static BDD formula_bdd(const bprog *p, brule *b, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_TRUE: return bdd_addref(bddtrue);
  case CLP_F_FALSE: return bdd_addref(bddfalse);
  case CLP_F_LIT: return var_bdd(atom_var(p, b, f->atom), f->neg);
  case CLP_F_AND:
  case CLP_F_OR: {
    bool and = f->kind == CLP_F_AND;
    BDD acc = bdd_addref(and ? bddtrue : bddfalse);
    for (int i = 0; i < f->n; i++) {
      BDD x = formula_bdd(p, b, f->kids[i]);
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
  VEC_PUSH_ATOMIC(int, b->callees, b->ncallees, *cap, id);
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
  /* A call's compose pair lives as long as the compiled program. */
  n->pair = bdd_newpair();
  if (!n->pair) return n; /* BuDDy recorded BDD_MEMORY */
  for (int i = 0; i < ac->natoms; i++) {
    const clp_term *h = clp_subst_args(ac->atoms[i], c->arity, c->formals,
                                       f->args);
    n->params[i] = term_bdd(p, b, h);
    bdd_setbddpair(n->pair, PVAR(p, i), n->params[i]);
    if (!abs_eqmode()) continue;
    BDD e = op2(bdd_ithvar(PVAR(p, i)), n->params[i], bddop_biimp);
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
    n->var = atom_var(p, b, f->atom);
    n->neg = f->neg;
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

typedef struct place_ctx {
  const bprog *p;
  brule *b;
  int m;                        /* calls seen */
} place_ctx;

/* Group places for the interface atoms and the first calls' parameters
 * (calls in preorder: a visit of clp_f_calls). */
static bool place_call(void *ctx, const clp_formula *f) {
  place_ctx *pc = ctx;
  if (pc->m >= pc->p->stride - 2) return false;
  const clp_rel *c = f->rel;
  const abs_rel *ac = &pc->p->a->rels[c->id];
  for (int j = 0; j < ac->natoms; j++)
    place(pc->p, pc->b,
          clp_subst_args(ac->atoms[j], c->arity, c->formals, f->args), j,
          1 + pc->m);
  pc->m++;
  return false;
}

static abs_status compile_rule(bprog *p, const clp_rel *r, brule *b) {
  const abs_rel *ar = &p->a->rels[r->id];
  const clp_formula *body = r->body ? r->body : clp_f_false();
  b->rel = r;
  b->nif = ar->natoms;
  for (int i = 0; i < ar->natoms; i++) place(p, b, ar->atoms[i], i, 0);
  clp_f_calls(body, place_call, &(place_ctx){p, b, 0});
  int capcallees = 0;
  b->body = compile_body(p, b, body, &capcallees);
  b->exp = bdd_addref(bddtrue);
  for (int i = 0; i < ar->nexp; i++) {
    BDD x = formula_bdd(p, b, ar->exp[i]);
    BDD y = op2(b->exp, x, bddop_and);
    bdd_delref(x);
    bdd_delref(b->exp);
    b->exp = y;
  }
  b->heq = bdd_addref(bddtrue);
  for (int i = 0; i < b->nif; i++) { /* atoms[i] is h_i */
    BDD e = op2(bdd_ithvar(PVAR(p, i)), bdd_ithvar(b->vars[i]), bddop_biimp);
    BDD y = op2(b->heq, e, bddop_and);
    bdd_delref(e);
    bdd_delref(b->heq);
    b->heq = y;
  }
  b->vset = bdd_addref(bdd_makeset(b->vars, b->natoms));
  return abs_check();
}

static int count_calls(const clp_formula *f) {
  if (!f) return 0;
  if (f->kind == CLP_F_CALL) return 1;
  int n = 0;
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++) n += count_calls(f->kids[i]);
  return n;
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
  int maxcalls = 0;
  for (int i = 0; i < rs->nrels; i++) {
    if (a->rels[i].natoms > p->maxif) p->maxif = a->rels[i].natoms;
    int c = count_calls(rs->rels[i]->body);
    if (c > maxcalls) maxcalls = c;
  }
  p->stride = 2 + (maxcalls < GROUP_CALLS ? maxcalls : GROUP_CALLS);
  abs_bdd_vars(PVAR(p, p->maxif) + 1);
  int *pv = NEW_ATOMIC_N(int, p->maxif);
  for (int j = 0; j < p->maxif; j++) pv[j] = PVAR(p, j);
  p->pset = bdd_addref(bdd_makeset(pv, p->maxif));
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
    if (n->pair) bdd_freepair(n->pair);
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
