/* derive.c -- a derivation of minimal height of the goal of [[P]]alpha, as
 * the corresponding concrete trace of P (CAR Lemma 4).
 *
 * A node is (relation r, Boolean tuple b, round j) with j the first round in
 * which b is in R_r.  One satisfying assignment of
 *   [[body_r]](R^{j-1}) /\ [[alpha^e_r]] /\ AND_i V_i = b_i
 * fixes every atom of r's rule; walking r's body under it commits the first
 * true disjunct of every OR, and each committed call c(t) becomes a child
 * node for c with the tuple read off the assignment.  Its first round is
 * below j, so the walk terminates; nodes are numbered breadth-first. */
#include "abstract/absint.h"
#include "clp/vec.h"

#define MAX_TRACE_NODES (1 << 20)

/* Contract: R (over P vars) evaluated at P_k = tuple[k]. */
bool abs_eval_tuple(const bprog *p, BDD r, const char *tuple) {
  while (r != bddtrue && r != bddfalse)
    r = tuple[bdd_var(r) / p->stride] ? bdd_high(r) : bdd_low(r);
  return r == bddtrue;
}

/* g evaluated under the full assignment val (indexed by BDD variable). */
static bool eval_val(BDD g, const char *val) {
  while (g != bddtrue && g != bddfalse)
    g = val[bdd_var(g)] ? bdd_high(g) : bdd_low(g);
  return g == bddtrue;
}

typedef struct item {          /* a node waiting to be expanded */
  int rel;
  char *tuple;                 /* callee interface values */
  int round;                   /* first round of tuple in R_rel */
} item;

typedef struct deriv {
  const bprog *p;
  BDD *const *rounds;
  int n, cap;
  clp_tnode *nodes;
  item *items;
  /* committed parts of the node being expanded */
  int nlits, caplits; const clp_formula **lits;
  int ncalls, capcalls; const bnode **calls;
} deriv;

static int new_node(deriv *d, int rel, char *tuple, int round) {
  int old = d->cap;
  VEC_RESERVE(clp_tnode, d->nodes, d->n, d->cap, 1);
  if (d->cap != old) VEC_FIT(item, d->items, d->cap);
  clp_tnode *t = &d->nodes[d->n];
  memset(t, 0, sizeof *t);
  t->rel = d->p->rs->rels[rel];
  d->items[d->n] = (item){rel, tuple, round};
  return d->n++;
}

static char *call_tuple(const bnode *c, const char *val) {
  char *t = NEW_ATOMIC_N(char, c->n);
  for (int i = 0; i < c->n; i++) t[i] = eval_val(c->params[i], val);
  return t;
}

static bool holds(const bprog *p, const bnode *n, const char *val,
                  const BDD *R) {
  switch (n->kind) {
  case CLP_F_TRUE: return true;
  case CLP_F_FALSE: return false;
  case CLP_F_LIT: return val[n->var] != n->neg;
  case CLP_F_CALL: return abs_eval_tuple(p, R[n->callee], call_tuple(n, val));
  case CLP_F_AND:
    for (int i = 0; i < n->n; i++)
      if (!holds(p, n->kids[i], val, R)) return false;
    return true;
  case CLP_F_OR:
    for (int i = 0; i < n->n; i++)
      if (holds(p, n->kids[i], val, R)) return true;
    return false;
  }
  return false;
}

/* Commits a node that holds: AND -> all kids, OR -> the first true kid. */
static bool commit(deriv *d, const bnode *n, const char *val, const BDD *R) {
  switch (n->kind) {
  case CLP_F_TRUE: return true;
  case CLP_F_FALSE: return false;
  case CLP_F_LIT:
    if (val[n->var] == n->neg) return false;
    VEC_PUSH(const clp_formula *, d->lits, d->nlits, d->caplits, n->f);
    return true;
  case CLP_F_CALL:
    if (!holds(d->p, n, val, R)) return false;
    VEC_PUSH(const bnode *, d->calls, d->ncalls, d->capcalls, n);
    return true;
  case CLP_F_AND:
    for (int i = 0; i < n->n; i++)
      if (!commit(d, n->kids[i], val, R)) return false;
    return true;
  case CLP_F_OR:
    for (int i = 0; i < n->n; i++)
      if (holds(d->p, n->kids[i], val, R)) return commit(d, n->kids[i], val, R);
    return false;
  }
  return false;
}

/* One satisfying assignment of the node's rule (don't-cares false). */
static abs_status assignment(deriv *d, const item *it, char **val) {
  const bprog *p = d->p;
  const brule *b = &p->rules[it->rel];
  BDD body;
  abs_status s = abs_body(p, b->body, d->rounds[it->round - 1], false,
                          &body);
  if (s != ABS_OK) {
    bdd_delref(body);
    return s;
  }
  /* the tuple's literals first, then the explicated clauses one by one:
   * body /\ exp in full can be far larger than the selection
   * (fixpoint.c) */
  BDD sel = body;
  for (int i = 0; i < b->nif; i++) {
    int v = b->vars[i]; /* [[h_i]] */
    BDD lit = it->tuple[i] ? bdd_ithvar(v) : bdd_nithvar(v);
    BDD y = bdd_addref(bdd_and(sel, lit));
    bdd_delref(sel);
    sel = y;
  }
  for (int i = 0; i < b->nexp && sel != bddfalse; i++) {
    BDD y = bdd_addref(bdd_and(sel, b->exps[i]));
    bdd_delref(sel);
    sel = y;
  }
  BDD cube = bdd_addref(bdd_satone(sel));
  bdd_delref(sel);
  if ((s = abs_check()) != ABS_OK) {
    bdd_delref(cube);
    return s;
  }
  if (cube == bddfalse) return ABS_ERROR; /* b not derivable at round j */
  int nv = bdd_varnum();
  *val = NEW_ATOMIC_N(char, nv);
  memset(*val, 0, (size_t)nv);
  for (BDD c = cube; c != bddtrue;) {
    int v = bdd_var(c);
    if (bdd_low(c) == bddfalse) (*val)[v] = 1, c = bdd_high(c);
    else c = bdd_low(c);
  }
  bdd_delref(cube);
  return ABS_OK;
}

static int first_round(deriv *d, int rel, const char *tuple, int below) {
  for (int m = 1; m < below; m++)
    if (abs_eval_tuple(d->p, d->rounds[m][rel], tuple)) return m;
  return -1;
}

static abs_status expand(deriv *d, int i) {
  item it = d->items[i];
  char *val;
  abs_status s = assignment(d, &it, &val);
  if (s != ABS_OK) return s;
  const BDD *R = d->rounds[it.round - 1];
  d->nlits = d->ncalls = 0;
  if (!commit(d, d->p->rules[it.rel].body, val, R)) return ABS_ERROR;
  clp_tnode t;
  memset(&t, 0, sizeof t);
  t.rel = d->p->rs->rels[it.rel];
  t.nlits = d->nlits;
  t.lits = NEW_N(const clp_formula *, d->nlits);
  for (int k = 0; k < d->nlits; k++) t.lits[k] = d->lits[k];
  t.ncalls = d->ncalls;
  t.calls = NEW_N(const clp_formula *, d->ncalls);
  t.child = NEW_ATOMIC_N(int, d->ncalls);
  for (int k = 0; k < d->ncalls; k++) {
    const bnode *c = d->calls[k];
    char *tuple = call_tuple(c, val);
    int m = first_round(d, c->callee, tuple, it.round);
    if (m < 0) return ABS_ERROR;
    if (d->n >= MAX_TRACE_NODES) return ABS_MEMOUT;
    t.calls[k] = c->f;
    t.child[k] = new_node(d, c->callee, tuple, m);
  }
  d->nodes[i] = t; /* after new_node: it may move the array */
  return ABS_OK;
}

/* Contract: the goal holds first at round k; *out is a derivation of
 * height k as a trace of P (nodes[0] = goal, children breadth-first), and
 * (*tuples)[n][i] the value of interface atom i of node n's relation. */
abs_status abs_derive(const bprog *p, BDD *const *rounds, int k,
                      clp_trace **out, const bool ***tuples) {
  deriv d;
  memset(&d, 0, sizeof d);
  d.p = p;
  d.rounds = rounds;
  int goal = p->rs->goal->id;
  const brule *g = &p->rules[goal];
  /* The goal's tuple: the least one in R^k (empty for a nullary goal). */
  char *tuple = NEW_ATOMIC_N(char, g->nif);
  BDD cube = bdd_addref(bdd_satone(rounds[k][goal]));
  memset(tuple, 0, (size_t)(g->nif > 0 ? g->nif : 1));
  for (BDD c = cube; c != bddtrue && c != bddfalse;) {
    int v = bdd_var(c);
    if (bdd_low(c) == bddfalse) tuple[v / p->stride] = 1, c = bdd_high(c);
    else c = bdd_low(c);
  }
  bdd_delref(cube);
  new_node(&d, goal, tuple, k);
  for (int i = 0; i < d.n; i++) {
    abs_status s = abs_check();
    if (s == ABS_OK) s = expand(&d, i);
    if (s != ABS_OK) return s;
  }
  clp_trace *t = NEW(clp_trace);
  t->n = d.n;
  t->nodes = d.nodes;
  const bool **tu = NEW_N(const bool *, d.n);
  for (int i = 0; i < d.n; i++) {
    int nif = p->rules[d.items[i].rel].nif;
    bool *b = NEW_ATOMIC_N(bool, nif);
    for (int j = 0; j < nif; j++) b[j] = d.items[i].tuple[j];
    tu[i] = b;
  }
  *out = t;
  *tuples = tu;
  return ABS_OK;
}
