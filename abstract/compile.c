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

/* ------------------------------------------------- early quantification */

/* The planning's scratch, one per rule: per BDD variable a stamp (lists
 * without duplicates), its count and last kid among an AND's kids, and its
 * depth in the quantification plan (plan_quant). */
typedef struct qplan {
  int nv, now;
  int *stamp, *count, *last, *depth;
  int *buf;                     /* a list under construction */
} qplan;

/* The nodes seen by a support walk: an open-addressing set of node ids. */
typedef struct seen {
  int n, cap;
  BDD *slot;                    /* 0: empty (constants are never stored) */
} seen;

static bool seen_add(seen *s, BDD x) {
  if (2 * (s->n + 1) > s->cap) {
    seen t = {0, s->cap ? 2 * s->cap : 64, NULL};
    t.slot = NEW_ATOMIC_N(BDD, t.cap);
    memset(t.slot, 0, sizeof(BDD) * (size_t)t.cap);
    for (int i = 0; i < s->cap; i++)
      if (s->slot[i]) seen_add(&t, s->slot[i]);
    *s = t;
  }
  unsigned h = (unsigned)x * 2654435761u & (unsigned)(s->cap - 1);
  for (; s->slot[h]; h = (h + 1) & (unsigned)(s->cap - 1))
    if (s->slot[h] == x) return false;
  s->slot[h] = x;
  s->n++;
  return true;
}

/* Appends v to the list in qp->buf (length *m) unless stamped already. */
static void add_var(qplan *qp, int v, int *m) {
  if (qp->stamp[v] == qp->now) return;
  qp->stamp[v] = qp->now;
  qp->buf[(*m)++] = v;
}

/* The variables x depends on, appended (a walk of its nodes: BuDDy's
 * bdd_support makes nodes, which can fail under a node cap). */
static void support_rec(qplan *qp, BDD x, seen *s, int *m) {
  if (x <= 1 || !seen_add(s, x)) return;  /* bddfalse, bddtrue */
  add_var(qp, bdd_var(x), m);
  support_rec(qp, bdd_low(x), s, m);
  support_rec(qp, bdd_high(x), s, m);
}

/* The list in qp->buf (m variables) as a copy; starts the next list. */
static int *take_list(qplan *qp, int m) {
  int *l = NEW_ATOMIC_N(int, m + 1);
  memcpy(l, qp->buf, sizeof(int) * (size_t)m);
  qp->now++;
  return l;
}

/* The variables x depends on, as a list (its length in *n). */
static int *bdd_vars(qplan *qp, BDD x, int *n) {
  seen s = {0, 0, NULL};
  *n = 0;
  support_rec(qp, x, &s, n);
  return take_list(qp, *n);
}

/* The variables n's BDD may depend on (n->supp), once per node. */
static void node_support(qplan *qp, bnode *n) {
  if (n->supp) return;
  int m = 0;
  switch (n->kind) {
  case CLP_F_LIT: add_var(qp, n->var, &m); break;
  case CLP_F_CALL: {
    seen s = {0, 0, NULL};
    for (int i = 0; i < n->n; i++) support_rec(qp, n->params[i], &s, &m);
    if (abs_eqmode()) support_rec(qp, n->eq, &s, &m);
    break;
  }
  case CLP_F_AND:
  case CLP_F_OR:
    for (int i = 0; i < n->n; i++) node_support(qp, n->kids[i]);
    for (int i = 0; i < n->n; i++)
      for (int k = 0; k < n->kids[i]->nsupp; k++)
        add_var(qp, n->kids[i]->supp[k], &m);
    break;
  default: break;
  }
  n->nsupp = m;
  n->supp = take_list(qp, m);
}

/* Plans n's early quantification.  The variables n may quantify are those
 * of depth >= d (qp->depth: -1 for none): locals in no explicated clause
 * and in no part of the rule outside n that is conjoined with it.  Exists
 * distributes over OR, so each disjunct may quantify them all; an AND
 * quantifies one after the last kid that names it, and a kid (depth d + 1
 * while it is planned) those no other kid names. */
static void plan_quant(qplan *qp, bnode *n, int d) {
  if (n->kind == CLP_F_OR) {
    for (int i = 0; i < n->n; i++) plan_quant(qp, n->kids[i], d);
    return;
  }
  if (n->kind != CLP_F_AND || n->n == 0) return;
  for (int i = 0; i < n->n; i++) {
    const bnode *k = n->kids[i];
    for (int j = 0; j < k->nsupp; j++) {
      int v = k->supp[j];
      if (qp->depth[v] < d) continue;
      qp->count[v]++;
      qp->last[v] = i;
    }
  }
  n->quant = NEW_N(BDD, n->n);
  int **own = NEW_N(int *, n->n), *nown = NEW_ATOMIC_N(int, n->n);
  memset(nown, 0, sizeof(int) * (size_t)n->n);
  for (int i = 0; i < n->n; i++) {
    const bnode *k = n->kids[i];
    int m = 0, o = 0;
    for (int j = 0; j < k->nsupp; j++) {
      int v = k->supp[j];
      if (qp->depth[v] < d) continue;
      if (qp->count[v] == 1) o++;
      if (qp->last[v] == i && !(qp->count[v] == 1 && k->kind == CLP_F_AND))
        qp->buf[m++] = v;
    }
    n->quant[i] = bdd_addref(m ? bdd_makeset(qp->buf, m) : bddtrue);
    own[i] = NEW_ATOMIC_N(int, o + 1);
    for (int j = 0; j < k->nsupp; j++) {
      int v = k->supp[j];
      if (qp->depth[v] >= d && qp->count[v] == 1) own[i][nown[i]++] = v;
    }
  }
  for (int i = 0; i < n->n; i++)  /* the scratch, clean for the kids */
    for (int j = 0; j < n->kids[i]->nsupp; j++)
      qp->count[n->kids[i]->supp[j]] = 0;
  for (int i = 0; i < n->n; i++) {
    for (int j = 0; j < nown[i]; j++) qp->depth[own[i][j]] = d + 1;
    plan_quant(qp, n->kids[i], d + 1);
    for (int j = 0; j < nown[i]; j++) qp->depth[own[i][j]] = d;
  }
}

/* Plans b's early quantification (bnode.quant, brule.expq): a local that
 * no explicated clause names in the body, as early as its structure
 * allows; one that some clause names once the last cluster naming it is
 * conjoined. */
static void plan_rule(brule *b) {
  int nv = bdd_varnum();
  qplan qp = {nv, 1, NEW_ATOMIC_N(int, nv), NEW_ATOMIC_N(int, nv),
              NEW_ATOMIC_N(int, nv), NEW_ATOMIC_N(int, nv),
              NEW_ATOMIC_N(int, nv)};
  for (int v = 0; v < nv; v++)
    qp.stamp[v] = 0, qp.count[v] = 0, qp.last[v] = -1, qp.depth[v] = -1;
  for (int i = b->nif; i < b->natoms; i++) qp.depth[b->vars[i]] = 0;
  for (int i = 0; i < b->nexp; i++) {  /* a clause's locals: last cluster */
    int n, *l = bdd_vars(&qp, b->exps[i], &n);
    for (int j = 0; j < n; j++) qp.last[l[j]] = i;
  }
  for (int i = 0; i < b->nexp; i++) {
    int m = 0;
    for (int j = b->nif; j < b->natoms; j++)
      if (qp.last[b->vars[j]] == i) qp.buf[m++] = b->vars[j];
    b->expq[i] = bdd_addref(m ? bdd_makeset(qp.buf, m) : bddtrue);
  }
  for (int j = b->nif; j < b->natoms; j++)
    if (qp.last[b->vars[j]] >= 0) qp.depth[b->vars[j]] = -1;
  for (int v = 0; v < nv; v++) qp.last[v] = -1;
  node_support(&qp, b->body);
  plan_quant(&qp, b->body, 0);
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
  /* the explicated clauses in clusters of conjoined consecutive clauses,
   * each of at most ABS_CLUSTER nodes (or a single clause) */
  b->nexp = 0;
  b->exps = NEW_ATOMIC_N(BDD, ar->nexp + 1);
  b->expq = NEW_ATOMIC_N(BDD, ar->nexp + 1);
  BDD cur = bdd_addref(bddtrue);
  for (int i = 0; i < ar->nexp; i++) {
    BDD x = formula_bdd(p, b, ar->exp[i]);
    BDD y = op2(cur, x, bddop_and);
    if (cur != bddtrue && !abs_bdd_failed() &&
        bdd_nodecount(y) > ABS_CLUSTER) {
      b->expq[b->nexp] = bddtrue;  /* planned below */
      b->exps[b->nexp++] = cur;
      bdd_delref(y);
      cur = x;
    } else {
      bdd_delref(cur);
      bdd_delref(x);
      cur = y;
    }
  }
  if (cur != bddtrue) {
    b->expq[b->nexp] = bddtrue;
    b->exps[b->nexp++] = cur;
  } else {
    bdd_delref(cur);
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
  /* the clauses are kept apart: their conjunction over many atoms can be
   * far larger than the body conjoined with them one by one (kind2's
   * durationThm_2: 376,000 nodes for 74 clauses, rebuilt every iteration) */
  if (abs_bdd_failed()) return abs_check(); /* BDDs may be error codes */
  plan_rule(b);
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
  if (n->quant)
    for (int i = 0; i < n->n; i++) bdd_delref(n->quant[i]);
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
    for (int i = 0; i < b->nexp; i++) {
      bdd_delref(b->exps[i]);
      bdd_delref(b->expq[i]);
    }
    bdd_delref(b->heq);
    bdd_delref(b->vset);
  }
  bdd_delref(p->pset);
  p->rules = NULL;
}
