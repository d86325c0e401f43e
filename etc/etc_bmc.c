/* etc_bmc.c -- bounded model checking of linear rule sets (prefix etc_bmc_).
 *
 * CAR refutes a deep counterexample one unrolling per iteration: each
 * spurious trace of a loop yields interpolants for one more bound.  When no
 * conjunctive path of a rule calls two relations (a linear rule set: C
 * loops, transition systems), every derivation is a chain, and all chains
 * of height <= k are one formula.  Level j holds a copy of every rule with
 * its variables labelled per (level, relation) and guarded by an activation
 * literal act(j,r); a call s(t) in level j's copy of r becomes act(j+1,s)
 * and formals(s)@(j+1,s) = t@(j,r).  Levels are added to one incremental
 * solver; height k is checked with every act(k+1,_) false.  A model is read
 * back as the chain of committed rules from the goal (a clp_trace) and
 * checked by etc_check, so a counterexample found here is read and
 * certified exactly like one of CAR's own.
 */
#include <stdio.h>

#include "etc/etc.h"

struct etc_bmc {
  zb_ctx *z;
  zb_solver *s;
  const clp_rs *rs;
  int depth;                   /* levels 0..depth are asserted */
  int checked;                 /* heights <= checked have no derivation */
  int capacts; const clp_term **acts;  /* act(j,r) at j*nrels + r->id */
  bool ext;                    /* array equalities the model does not
                                  decide: compared by value */
};

/* Calls on one conjunctive path of f (OR: the largest of its kids). */
static int path_calls(const clp_formula *f) {
  int n = 0;
  switch (f->kind) {
  case CLP_F_CALL: return 1;
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++) n += path_calls(f->kids[i]);
    return n;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++) {
      int k = path_calls(f->kids[i]);
      if (k > n) n = k;
    }
    return n;
  default: return 0;
  }
}

static int label(const etc_bmc *b, int j, const clp_rel *r) {
  return 1 + j * b->rs->nrels + r->id;
}

/* act(j,r): a fresh Bool variable per level and relation. */
static const clp_term *act(etc_bmc *b, int j, const clp_rel *r) {
  int k = j * b->rs->nrels + r->id;
  if (k >= b->capacts) {
    int cap = b->capacts ? b->capacts : 64;
    while (cap <= k) cap *= 2;
    const clp_term **a = NEW_N(const clp_term *, cap);
    for (int i = 0; i < b->capacts; i++) a[i] = b->acts[i];
    b->acts = a;
    b->capacts = cap;
  }
  if (!b->acts[k]) {
    char name[64];
    snprintf(name, sizeof name, "bmc!act!%d!%d", j, r->id);
    b->acts[k] = clp_var(clp_strdup(name), clp_sort_bool());
  }
  return b->acts[k];
}

/* A call of s with its arguments labelled for (j, r): act(j+1,s) and the
 * binding to level j+1's copy of s. */
static const clp_formula *enc_call(etc_bmc *b, const clp_formula *f, int j,
                                   const clp_rel *r) {
  const clp_rel *s = f->rel;
  return clp_f_and2(clp_f_lit(act(b, j + 1, s), false, f->pos),
                    etc_bind(f, label(b, j, r), label(b, j + 1, s)));
}

/* Level j's copy of the rule formula f of r. */
static const clp_formula *enc(etc_bmc *b, const clp_formula *f, int j,
                              const clp_rel *r) {
  switch (f->kind) {
  case CLP_F_LIT: return clp_f_label(f, label(b, j, r));
  case CLP_F_CALL: return enc_call(b, f, j, r);
  case CLP_F_AND: case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = enc(b, f->kids[i], j, r);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  default: return f;
  }
}

/* Asserts level j: act(j,r) -> the copy of r's rule, for every relation
 * (level 0: the goal only, and it is active). */
static void add_level(etc_bmc *b, int j) {
  const clp_rs *rs = b->rs;
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (!j && r != rs->goal) continue;
    const clp_formula *a = clp_f_lit(act(b, j, r), !!j, clp_nopos);
    zb_assert(b->s, j ? clp_f_or2(a, enc(b, r->body, j, r))
                      : clp_f_and2(a, enc(b, r->body, j, r)));
  }
}

etc_bmc *etc_bmc_new(zb_ctx *z, const clp_rs *rs) {
  for (int i = 0; i < rs->nrels; i++)
    if (path_calls(rs->rels[i]->body) > 1) return NULL;
  etc_bmc *b = NEW(etc_bmc);
  b->z = z;
  b->rs = rs;
  b->s = zb_solver_new(z);
  zb_solver_weak_arrays(b->s); /* its chains are checked by etc_check */
  b->depth = -1;
  b->checked = -1;
  return b;
}

void etc_bmc_free(etc_bmc *b) {
  if (b && b->s) zb_solver_free(b->s);
  if (b) b->s = NULL;
}

int etc_bmc_height(const etc_bmc *b) { return b->checked; }

void etc_bmc_set_extensional(etc_bmc *b, bool on) { b->ext = on; }

/* The value of t in the model; a store is applied to its array's value
 * (Z3 does not always evaluate a store into an array given as a
 * function).  NULL if a value cannot be read. */
static const clp_value *model_value(etc_bmc *b, const clp_term *t) {
  if (t->op != CLP_STORE) return zb_model_eval(b->s, t);
  const clp_value *a = model_value(b, t->kids[0]);
  const clp_value *i = a ? zb_model_eval(b->s, t->kids[1]) : NULL;
  const clp_value *v = i ? model_value(b, t->kids[2]) : NULL;
  if (!v || a->kind != CLP_V_ARRAY || i->kind != CLP_V_INT) return NULL;
  return clp_v_store(a, i->i, v);
}

/* The truth of the equality atom a (of two arrays) from the values of its
 * sides in the model: -1 if one cannot be read. */
static int array_eq(etc_bmc *b, const clp_term *a) {
  if (a->op != CLP_EQ || a->kids[0]->sort->kind != CLP_S_ARRAY) return -1;
  const clp_value *x = model_value(b, a->kids[0]);
  const clp_value *y = x ? model_value(b, a->kids[1]) : NULL;
  if (!y || x->kind != CLP_V_ARRAY || y->kind != CLP_V_ARRAY) return -1;
  return clp_v_equal(x, y);
}

/* The truth of a formula over labelled variables in the model: -1 if a
 * value cannot be read. */
static int truth(etc_bmc *b, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_TRUE: return 1;
  case CLP_F_FALSE: return 0;
  case CLP_F_LIT: {
    const clp_value *v = zb_model_eval(b->s, f->atom);
    if (!v || v->kind != CLP_V_BOOL) {
      int h = b->ext ? array_eq(b, f->atom) : -1;
      return h < 0 ? -1 : h != f->neg;
    }
    return v->b != f->neg;
  }
  case CLP_F_AND: case CLP_F_OR: {
    int want = f->kind == CLP_F_OR;  /* the value that decides */
    for (int i = 0; i < f->n; i++) {
      int h = truth(b, f->kids[i]);
      if (h != !want) return h;
    }
    return !want;
  }
  default: return -1;
  }
}

/* A trace node under construction. */
typedef struct bnode {
  int nlits, caplits; const clp_formula **lits;
  const clp_formula *call;
} bnode;

static void push_lit(bnode *nd, const clp_formula *f) {
  if (nd->nlits == nd->caplits) {
    int cap = nd->caplits ? 2 * nd->caplits : 8;
    const clp_formula **l = NEW_N(const clp_formula *, cap);
    for (int i = 0; i < nd->nlits; i++) l[i] = nd->lits[i];
    nd->lits = l;
    nd->caplits = cap;
  }
  nd->lits[nd->nlits++] = f;
}

/* Commits level j's copy of f (r's rule) to the model: the literals of the
 * first true disjunct of every OR, and the call on that path, into nd.
 * Returns the truth of f (-1: a value could not be read). */
static int commit(etc_bmc *b, const clp_formula *f, int j, const clp_rel *r,
                  bnode *nd) {
  switch (f->kind) {
  case CLP_F_TRUE: return 1;
  case CLP_F_FALSE: return 0;
  case CLP_F_LIT: {
    int h = truth(b, clp_f_label(f, label(b, j, r)));
    if (h == 1) push_lit(nd, f);
    return h;
  }
  case CLP_F_CALL: {
    int h = truth(b, enc_call(b, f, j, r));
    if (h == 1) nd->call = f;
    return h;
  }
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++) {
      int h = commit(b, f->kids[i], j, r, nd);
      if (h != 1) return h;
    }
    return 1;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++) {
      int h = truth(b, enc(b, f->kids[i], j, r));
      if (h < 0) return -1;
      if (h) return commit(b, f->kids[i], j, r, nd);
    }
    return 0;
  }
  return -1;
}

/* The chain of committed rules from the goal, as a trace; NULL if the
 * model does not give one. */
static clp_trace *read_trace(etc_bmc *b) {
  clp_trace *t = NEW(clp_trace);
  t->nodes = NEW_N(clp_tnode, b->depth + 1);
  const clp_rel *r = b->rs->goal;
  for (int j = 0; r; j++) {
    if (j > b->depth) return NULL;
    bnode nd = {0, 0, NULL, NULL};
    if (commit(b, r->body, j, r, &nd) != 1) return NULL;
    clp_tnode *tn = &t->nodes[t->n++];
    tn->rel = r;
    tn->nlits = nd.nlits;
    tn->lits = nd.lits;
    tn->ncalls = nd.call ? 1 : 0;
    tn->calls = NEW_N(const clp_formula *, 1);
    tn->calls[0] = nd.call;
    tn->child = NEW_ATOMIC_N(int, 1);
    tn->child[0] = j + 1;
    r = nd.call ? nd.call->rel : NULL;
  }
  return t;
}

zb_result etc_bmc_run(etc_bmc *b, int min_height, int max_height,
                      double min_until, double until, double wall_until,
                      etc_cex **cex) {
  while (b->checked < max_height) {
    double u = b->checked < min_height && min_until > until ? min_until : until;
    if (clp_expired() || clp_cpu_now() > u || clp_now() > wall_until)
      return ZB_UNKNOWN;
    double w = clp_wall_cap(u); /* Z3's deadlines are wall-clock */
    zb_solver_set_deadline(b->s, w < wall_until ? w : wall_until);
    int k = b->checked + 1;
    while (b->depth < k) add_level(b, ++b->depth);
    zb_push(b->s);
    for (int i = 0; i < b->rs->nrels; i++)
      zb_assert_term(b->s, clp_not(act(b, k + 1, b->rs->rels[i])));
    zb_result r = zb_check(b->s);
    clp_trace *t = r == ZB_SAT ? read_trace(b) : NULL;
    zb_pop(b->s);
    if (r == ZB_UNKNOWN) return ZB_UNKNOWN;
    if (r == ZB_UNSAT) { b->checked = k; continue; }
    /* the chain is checked on its own, as CAR checks its traces */
    if (!t || etc_check(b->z, t, cex, NULL) != ZB_SAT) return ZB_UNKNOWN;
    return ZB_SAT;
  }
  return ZB_UNSAT;
}
