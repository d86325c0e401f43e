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
 *
 * Linear up to shallow calls: a relation is deep when it reaches a call
 * cycle (itself included), shallow otherwise, so its derivations are
 * trees of bounded size (a Lustre node's step relation called by the main
 * loop, a non-recursive procedure's summary).  When some path calls two
 * relations but no path calls two deep ones, every call of a shallow
 * relation is unfolded in place: level j's copy of r holds a copy of the
 * callee's rule per call site, labelled (level, relation, instance), and
 * so on down; only deep calls go to the next level.  The derivations are
 * the chain of deep nodes, each with its tree of shallow instances, read
 * back as one trace.  The unfolding is bounded (ETC_BMC_UNFOLD formula
 * nodes per rule); beyond it the rule set is not handled.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "clp/vec.h"
#include "etc/etc.h"

/* Formula nodes a deep rule may have once its shallow calls are unfolded. */
#define ETC_BMC_UNFOLD 200000

struct etc_bmc {
  zb_ctx *z;
  zb_solver *s;
  const clp_rs *rs;
  int depth;                   /* levels 0..depth are asserted */
  int checked;                 /* heights <= checked have no derivation */
  int capacts; const clp_term **acts;  /* act(j,r) at j*nrels + r->id */
  bool ext;                    /* array equalities the model does not
                                  decide: compared by value */
  bool unfold;                 /* shallow calls unfolded in place */
  bool *deep;                  /* per relation id (unfold only) */
  int *ninst;                  /* per relation id: shallow instances of its
                                  unfolded rule (unfold only) */
  int span;                    /* labels per (level, relation): 1 + the
                                  largest ninst of a deep relation */
  double lost;                 /* CPU seconds of the last check of height
                                  checked+1 that ended undecided (0: none) */
};

/* Calls on one conjunctive path of f (OR: the largest of its kids); with
 * deep, only calls of deep relations count. */
static int path_calls(const clp_formula *f, const bool *deep) {
  int n = 0;
  switch (f->kind) {
  case CLP_F_CALL: return !deep || deep[f->rel->id];
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++) n += path_calls(f->kids[i], deep);
    return n;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++) {
      int k = path_calls(f->kids[i], deep);
      if (k > n) n = k;
    }
    return n;
  default: return 0;
  }
}

/* Is the call f unfolded in place? */
static bool shallow_call(const etc_bmc *b, const clp_formula *f) {
  return b->unfold && !b->deep[f->rel->id];
}

/* Shallow instances in f's unfolding (each shallow call: 1 + its rule's). */
static long f_ninst(const etc_bmc *b, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_CALL: return shallow_call(b, f) ? 1 + b->ninst[f->rel->id] : 0;
  case CLP_F_AND: case CLP_F_OR: {
    long n = 0;
    for (int i = 0; i < f->n; i++) n += f_ninst(b, f->kids[i]);
    return n;
  }
  default: return 0;
  }
}

/* Formula nodes of f's unfolding, given size[] of the shallow rules. */
static long f_size(const etc_bmc *b, const clp_formula *f, const long *size) {
  switch (f->kind) {
  case CLP_F_CALL: return 1 + (shallow_call(b, f) ? size[f->rel->id] : 0);
  case CLP_F_AND: case CLP_F_OR: {
    long n = 1;
    for (int i = 0; i < f->n; i++) n += f_size(b, f->kids[i], size);
    return n;
  }
  default: return 1;
  }
}

/* plan_unfold's walk: memoized per relation, callees first. */
typedef struct plan {
  etc_bmc *b;
  char *done;                  /* per relation id: settled or in progress */
  long *size;                  /* per shallow relation: unfolded nodes */
  bool over;                   /* an unfolding exceeds ETC_BMC_UNFOLD */
} plan;

static void settle(plan *p, const clp_rel *r);

static bool settle_call(void *ctx, const clp_formula *call) {
  settle(ctx, call->rel);
  return false;
}

static bool deep_call(void *ctx, const clp_formula *call) {
  return ((const etc_bmc *)ctx)->deep[call->rel->id];
}

/* Settles r after its callees: deep when recursive or calling a deep
 * relation; a shallow r's instance count and unfolded size.  A relation
 * met again while in progress is on a call cycle, so recursive, so deep
 * from the start: the walk ends, and a shallow callee is always settled
 * when its caller reads it. */
static void settle(plan *p, const clp_rel *r) {
  etc_bmc *b = p->b;
  if (p->done[r->id]) return;
  p->done[r->id] = 1;
  clp_f_calls(r->body, settle_call, p);
  if (!b->deep[r->id] && clp_f_calls(r->body, deep_call, b))
    b->deep[r->id] = true;
  if (b->deep[r->id]) return;
  long k = f_ninst(b, r->body), n = f_size(b, r->body, p->size);
  if (k > ETC_BMC_UNFOLD || n > ETC_BMC_UNFOLD) {
    p->over = true;
    k = n = ETC_BMC_UNFOLD + 1;  /* bounded, whatever calls it */
  }
  b->ninst[r->id] = (int)k;
  p->size[r->id] = n;
}

/* Classifies the relations of b->rs for unfolding: deep (reaching a call
 * cycle), the instance counts and span.  False when a path calls two deep
 * relations or an unfolding exceeds ETC_BMC_UNFOLD nodes. */
static bool plan_unfold(etc_bmc *b) {
  const clp_rs *rs = b->rs;
  int n = rs->nrels;
  b->unfold = true;
  b->deep = clp_rs_recursive(rs);
  b->ninst = NEW_ATOMIC_N(int, n);
  plan p = {b, NEW_ATOMIC_N(char, n), NEW_ATOMIC_N(long, n), false};
  for (int i = 0; i < n; i++) p.done[i] = 0, b->ninst[i] = 0, p.size[i] = 0;
  for (int i = 0; i < n; i++) settle(&p, rs->rels[i]);
  long span = 1;
  for (int i = 0; i < n && !p.over; i++) {
    const clp_rel *r = rs->rels[i];
    if (!b->deep[i]) continue;
    if (path_calls(r->body, b->deep) > 1) return false;
    long k = f_ninst(b, r->body);
    if (k > ETC_BMC_UNFOLD || f_size(b, r->body, p.size) > ETC_BMC_UNFOLD)
      return false;
    if (k + 1 > span) span = k + 1;
  }
  b->span = (int)span;
  return !p.over;
}

/* The label of level j's copy of r (its instances: the next span - 1). */
static int label(const etc_bmc *b, int j, const clp_rel *r) {
  return 1 + (j * b->rs->nrels + r->id) * b->span;
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

/* A call of the next level's s from the copy labelled lab: act(j+1,s) and
 * the binding to level j+1's copy of s. */
static const clp_formula *enc_call(etc_bmc *b, const clp_formula *f, int j,
                                   int lab) {
  const clp_rel *s = f->rel;
  return clp_f_and2(clp_f_lit(act(b, j + 1, s), false, f->pos),
                    etc_bind(f, lab, label(b, j + 1, s)));
}

/* Level j's copy of the rule formula f, labelled lab, in the copy of a
 * rule whose instances so far number *k (shallow calls: the next
 * instance, labelled from base, and its rule's unfolding). */
static const clp_formula *enc(etc_bmc *b, const clp_formula *f, int j,
                              int base, int lab, int *k) {
  switch (f->kind) {
  case CLP_F_LIT: return clp_f_label(f, lab);
  case CLP_F_CALL: {
    if (!shallow_call(b, f)) return enc_call(b, f, j, lab);
    int in = base + ++*k;
    return clp_f_and2(etc_bind(f, lab, in),
                      enc(b, f->rel->body, j, base, in, k));
  }
  case CLP_F_AND: case CLP_F_OR: {
    const clp_formula **kids = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++)
      kids[i] = enc(b, f->kids[i], j, base, lab, k);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, kids, f->pos)
                                : clp_f_or(f->n, kids, f->pos);
  }
  default: return f;
  }
}

/* Level j's copy of r's rule. */
static const clp_formula *enc_rule(etc_bmc *b, int j, const clp_rel *r) {
  int base = label(b, j, r), k = 0;
  return enc(b, r->body, j, base, base, &k);
}

/* Asserts level j: act(j,r) -> the copy of r's rule, for every relation
 * (level 0: the goal only, and it is active; shallow relations have no
 * level of their own when unfolded). */
static void add_level(etc_bmc *b, int j) {
  const clp_rs *rs = b->rs;
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (!j && r != rs->goal) continue;
    if (j && b->unfold && !b->deep[r->id]) continue;
    const clp_formula *a = clp_f_lit(act(b, j, r), !!j, clp_nopos);
    zb_assert(b->s, j ? clp_f_or2(a, enc_rule(b, j, r))
                      : clp_f_and2(a, enc_rule(b, j, r)));
  }
}

etc_bmc *etc_bmc_new(zb_ctx *z, const clp_rs *rs) {
  etc_bmc *b = NEW(etc_bmc);
  b->rs = rs;
  b->span = 1;
  bool linear = true;
  for (int i = 0; i < rs->nrels && linear; i++)
    if (path_calls(rs->rels[i]->body, NULL) > 1) linear = false;
  if (!linear && !plan_unfold(b)) return NULL;
  b->z = z;
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


/* The trace under construction: nodes grow; a node's chain call (the deep
 * one) gets its child when the next level's node is made. */
typedef struct tbuild {
  clp_trace *t;
  int cap;
  int *caplits, *capcalls;     /* per node */
} tbuild;

static int new_tnode(tbuild *tb, const clp_rel *r) {
  clp_trace *t = tb->t;
  int cap = tb->cap;
  VEC_RESERVE(clp_tnode, t->nodes, t->n, tb->cap, 1);
  if (tb->cap != cap) {        /* the per-node capacities, parallel */
    VEC_FIT_ATOMIC(int, tb->caplits, tb->cap);
    VEC_FIT_ATOMIC(int, tb->capcalls, tb->cap);
  }
  int k = t->n++;
  memset(&t->nodes[k], 0, sizeof t->nodes[k]);
  t->nodes[k].rel = r;
  tb->caplits[k] = tb->capcalls[k] = 0;
  return k;
}

static void push_lit(tbuild *tb, int k, const clp_formula *f) {
  clp_tnode *tn = &tb->t->nodes[k];
  VEC_PUSH(const clp_formula *, tn->lits, tn->nlits, tb->caplits[k], f);
}

static void push_call(tbuild *tb, int k, const clp_formula *f, int child) {
  clp_tnode *tn = &tb->t->nodes[k];
  int cap = tb->capcalls[k];
  VEC_RESERVE(const clp_formula *, tn->calls, tn->ncalls, tb->capcalls[k], 1);
  if (tb->capcalls[k] != cap) VEC_FIT_ATOMIC(int, tn->child, tb->capcalls[k]);
  tn->calls[tn->ncalls] = f;
  tn->child[tn->ncalls++] = child;
}

/* Commits level j's copy of f (labelled lab, in the copy of a rule based
 * at label base whose instances so far number k) to the model into node
 * nd: the literals of the first true disjunct of every OR, the calls on
 * that path (a shallow one with a node of its own, committed in turn; the
 * deep one with child -1, in *chain).  Returns the truth of f (-1: a value
 * could not be read). */
static int commit(etc_bmc *b, const clp_formula *f, int j, int base, int lab,
                  int k, tbuild *tb, int nd, const clp_formula **chain) {
  switch (f->kind) {
  case CLP_F_TRUE: return 1;
  case CLP_F_FALSE: return 0;
  case CLP_F_LIT: {
    int h = truth(b, clp_f_label(f, lab));
    if (h == 1) push_lit(tb, nd, f);
    return h;
  }
  case CLP_F_CALL: {
    if (!shallow_call(b, f)) {
      int h = truth(b, enc_call(b, f, j, lab));
      if (h == 1) push_call(tb, nd, f, -1), *chain = f;
      return h;
    }
    int in = base + k + 1;
    int h = truth(b, etc_bind(f, lab, in));
    if (h != 1) return h;
    int c = new_tnode(tb, f->rel);
    push_call(tb, nd, f, c);
    return commit(b, f->rel->body, j, base, in, k + 1, tb, c, chain);
  }
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++) {
      int h = commit(b, f->kids[i], j, base, lab, k, tb, nd, chain);
      if (h != 1) return h;
      k += (int)f_ninst(b, f->kids[i]);
    }
    return 1;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++) {
      int kk = k;
      int h = truth(b, enc(b, f->kids[i], j, base, lab, &kk));
      if (h < 0) return -1;
      if (h) return commit(b, f->kids[i], j, base, lab, k, tb, nd, chain);
      k = kk;
    }
    return 0;
  }
  return -1;
}

/* The chain of committed rules from the goal, with their shallow
 * instances, as a trace; NULL if the model does not give one. */
static clp_trace *read_trace(etc_bmc *b) {
  tbuild tb = {NEW(clp_trace), 0, NULL, NULL};
  const clp_rel *r = b->rs->goal;
  int up = -1;                 /* the previous level's node */
  for (int j = 0; r; j++) {
    if (j > b->depth) return NULL;
    int nd = new_tnode(&tb, r);
    if (up >= 0) {
      clp_tnode *u = &tb.t->nodes[up];
      for (int c = 0; c < u->ncalls; c++)
        if (u->child[c] < 0) u->child[c] = nd;
    }
    const clp_formula *chain = NULL;
    int base = label(b, j, r);
    if (commit(b, r->body, j, base, base, 0, &tb, nd, &chain) != 1)
      return NULL;
    up = nd;
    r = chain ? chain->rel : NULL;
  }
  for (int i = 0; i < tb.t->n; i++) {  /* arrays for nodes without any */
    clp_tnode *tn = &tb.t->nodes[i];
    if (!tn->lits) tn->lits = NEW_N(const clp_formula *, 1);
    if (!tn->calls) tn->calls = NEW_N(const clp_formula *, 1);
    if (!tn->child) tn->child = NEW_ATOMIC_N(int, 1);
  }
  return tb.t;
}

zb_result etc_bmc_run(etc_bmc *b, int max_height, double until,
                      double wall_until, etc_cex **cex) {
  while (b->checked < max_height) {
    if (clp_expired() || clp_cpu_now() > until || clp_now() > wall_until)
      return ZB_UNKNOWN;
    /* a height whose check ran out is tried again only with twice the
     * CPU time it had: the time lost on undecided checks of one height
     * stays below twice that of the last, decisive one */
    if (b->lost > 0 && until - clp_cpu_now() < 2 * b->lost) return ZB_UNKNOWN;
    double w = clp_wall_cap(until); /* Z3's deadlines are wall-clock */
    zb_solver_set_deadline(b->s, w < wall_until ? w : wall_until);
    int k = b->checked + 1;
    if ((long)(k + 2) * b->rs->nrels * b->span >= INT_MAX) return ZB_UNKNOWN;
    while (b->depth < k) add_level(b, ++b->depth);
    zb_push(b->s);
    for (int i = 0; i < b->rs->nrels; i++)
      zb_assert_term(b->s, clp_not(act(b, k + 1, b->rs->rels[i])));
    double c0 = clp_cpu_now();
    zb_result r = zb_check(b->s);
    clp_trace *t = r == ZB_SAT ? read_trace(b) : NULL;
    zb_pop(b->s);
    if (r == ZB_UNKNOWN) {
      b->lost = clp_cpu_now() - c0;
      return ZB_UNKNOWN;
    }
    b->lost = 0;
    if (r == ZB_UNSAT) { b->checked = k; continue; }
    /* the chain is checked on its own, as CAR checks its traces */
    if (!t || etc_check(b->z, t, cex, NULL) != ZB_SAT) return ZB_UNKNOWN;
    return ZB_SAT;
  }
  return ZB_UNSAT;
}
