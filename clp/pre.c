/* pre.c -- the CHC preprocessor (pre.h): empty relations, cone of
 * influence, inlining, simplification; models translated back. */
#include <assert.h>
#include <stdio.h>

#include "clp/prei.h"

enum { PRE_SMALL = 64 };  /* inline a single-clause relation called more
                             than once only when its template is this small */

/* ------------------------------------------------------------- analysis */

static int fsize(const clp_formula *f) {
  int n = 1;
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++) n += fsize(f->kids[i]);
  return n;
}

static bool has_or(const clp_formula *f) {
  if (f->kind == CLP_F_OR) return true;
  if (f->kind == CLP_F_AND)
    for (int i = 0; i < f->n; i++)
      if (has_or(f->kids[i])) return true;
  return false;
}

/* Can f hold when constraints are ignored and the relations in d are the
 * derivable ones? */
static bool derivable(const clp_formula *f, const bool *d) {
  switch (f->kind) {
  case CLP_F_TRUE: case CLP_F_LIT: return true;
  case CLP_F_FALSE: return false;
  case CLP_F_CALL: return d[f->rel->id];
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++)
      if (!derivable(f->kids[i], d)) return false;
    return true;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++)
      if (derivable(f->kids[i], d)) return true;
    return false;
  }
  return false;
}

/* Live calls of f: those on a path that can hold (derivable). */
typedef void (*call_fn)(void *ctx, const clp_formula *call);
static void live_calls(const clp_formula *f, const bool *d, call_fn fn,
                       void *ctx) {
  if (!derivable(f, d)) return;
  if (f->kind == CLP_F_CALL) fn(ctx, f);
  else if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++) live_calls(f->kids[i], d, fn, ctx);
}

typedef struct graph {
  int n;
  int *deg, **adj;          /* live callees per relation (with repeats) */
} graph;

typedef struct edge_ctx { graph *g; int from; } edge_ctx;
static void edge(void *ctx, const clp_formula *call) {
  edge_ctx *e = ctx;
  graph *g = e->g;
  VEC_APPEND_ATOMIC(int, g->adj[e->from], g->deg[e->from], call->rel->id);
}

/* Is target reachable from r in one or more steps? (seen: scratch) */
static bool reaches(const graph *g, int r, int target, char *seen) {
  for (int i = 0; i < g->deg[r]; i++) {
    int c = g->adj[r][i];
    if (c == target) return true;
    if (seen[c]) continue;
    seen[c] = 1;
    if (reaches(g, c, target, seen)) return true;
  }
  return false;
}

/* ------------------------------------------------------------ expansion */

static unsigned fresh_counter;

static const clp_term *fresh(const clp_term *v) {
  char buf[80];
  const char *d = strchr(v->name, '$');
  int len = d ? (int)(d - v->name) : (int)strlen(v->name);
  if (len > 40) len = 40;
  for (;;) {
    snprintf(buf, sizeof buf, "%.*s$i%u", len, v->name, ++fresh_counter);
    unsigned before = clp_term_count();
    const clp_term *t = clp_var(buf, v->sort);
    if (clp_term_count() > before) return t;
  }
}

static const clp_term *rho_term(const pre_inst *I, const clp_term *t) {
  return I->rho ? clp_subst_term(I->rho, t) : t;
}

/* Can f hold with the EMPTY relations underivable (constraints ignored)? */
static bool live(const clp_pre *p, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_FALSE: return false;
  case CLP_F_CALL: return p->status[f->rel->id] != PRE_EMPTY;
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++)
      if (!live(p, f->kids[i])) return false;
    return true;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++)
      if (live(p, f->kids[i])) return true;
    return false;
  default: return true;
  }
}

/* f (a subformula of I->rel->body) over the expanded body's variables:
 * calls to EMPTY/DROPPED relations false, to INLINED ones their renamed
 * body (a new instance), to KEPT ones kept (original relation).  A
 * conjunction that cannot hold (not derivable) is false as a whole, so
 * only live calls are followed: the ones the call graph, and so the
 * recursion test, was built from (a dead recursive call is never
 * inlined: it would never end; P :- fact ; Empty, P is inlined as its fact). */
static const clp_formula *expand(const clp_pre *p, const clp_formula *f,
                                 pre_inst *I) {
  if ((f->kind == CLP_F_AND || f->kind == CLP_F_OR) && !live(p, f))
    return clp_f_false();
  switch (f->kind) {
  case CLP_F_TRUE: case CLP_F_FALSE: return f;
  case CLP_F_LIT: return clp_f_lit(rho_term(I, f->atom), f->neg, f->pos);
  case CLP_F_AND: case CLP_F_OR: {
    if (f->kind == CLP_F_AND && !derivable(f, p->der)) return clp_f_false();
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = expand(p, f->kids[i], I);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  case CLP_F_CALL: break;
  }
  const clp_rel *c = f->rel;
  pre_status st = p->status[c->id];
  if (st == PRE_EMPTY || st == PRE_DROPPED) return clp_f_false();
  const clp_term **a = NEW_N(const clp_term *, f->n);
  for (int i = 0; i < f->n; i++) a[i] = rho_term(I, f->args[i]);
  if (st == PRE_KEPT) return clp_f_call(c, a, f->pos);
  pre_inst *J = NEW(pre_inst);
  J->rel = c;
  J->rho = clp_subst_new();
  for (int i = 0; i < c->arity; i++) clp_subst_add(J->rho, c->formals[i], a[i]);
  for (int i = 0; i < c->nlocals; i++)
    clp_subst_add(J->rho, c->locals[i], fresh(c->locals[i]));
  clp_pmap_put(&I->kids, f, J);
  return expand(p, c->body, J);
}

/* Deep copy with calls retargeted to the preprocessed relations and nodes
 * numbered in preorder (clp_formula.id). */
static const clp_formula *seal(const clp_pre *p, const clp_formula *f,
                               int *next) {
  clp_formula *g = NEW(clp_formula);
  *g = *f;
  g->id = (*next)++;
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR) {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = seal(p, f->kids[i], next);
    g->kids = k;
  } else if (f->kind == CLP_F_CALL) {
    assert(p->status[f->rel->id] == PRE_KEPT);
    g->rel = p->to[f->rel->id];
  }
  return g;
}

/* ------------------------------------------------------------- deciding */

typedef struct decider {
  clp_pre *p;
  graph g;
  bool *rec;              /* on a call cycle */
  int *ncalls;            /* live call sites */
  char *state;            /* 0 undecided, 1 deciding, 2 decided */
} decider;

static bool over_formals(const clp_formula *f, const clp_rel *r) {
  const clp_term **v = NULL;
  int cap = 0, n = clp_f_vars(f, &v, 0, &cap);
  for (int i = 0; i < n; i++)
    if (!clp_rel_has_formal(r, v[i])) return false;
  return true;
}

static void decide(decider *d, int r) {
  clp_pre *p = d->p;
  if (d->state[r]) return;
  d->state[r] = 1;
  for (int i = 0; i < d->g.deg[r]; i++) decide(d, d->g.adj[r][i]);
  const clp_rel *R = p->orig->rels[r];
  if (p->status[r] != PRE_KEPT || R == p->orig->goal || d->rec[r] ||
      (d->ncalls[r] != 1 && has_or(R->body))) {
    d->state[r] = 2;
    return;
  }
  pre_inst root = {R, NULL, {0}};
  pre_elim *el = NULL;
  int nel = 0;
  const clp_formula *t = clp_pre_simplify(expand(p, R->body, &root), R->arity,
                                          R->formals, &el, &nel);
  if (over_formals(t, R) && (d->ncalls[r] == 1 || fsize(t) <= PRE_SMALL)) {
    p->status[r] = PRE_INLINED;
    p->tmpl[r] = t;
  }
  d->state[r] = 2;
}

/* ----------------------------------------------------------------- run */

/* n zeroed elements of sz bytes (at least one), not scanned by the GC. */
static void *zeroed(int n, size_t sz) {
  size_t b = (size_t)(n > 0 ? n : 1) * sz;
  void *p = GC_MALLOC_ATOMIC(b);
  memset(p, 0, b);
  return p;
}

/* The goal's cone: relations reachable from goal in g (goal included). */
static char *cone_of(const graph *g, int goal) {
  char *cone = zeroed(g->n, 1);
  int *stack = NEW_ATOMIC_N(int, g->n), sp = 0;
  cone[goal] = 1;
  stack[sp++] = goal;
  while (sp) {
    int r = stack[--sp];
    for (int i = 0; i < g->deg[r]; i++)
      if (!cone[g->adj[r][i]]) cone[g->adj[r][i]] = 1, stack[sp++] = g->adj[r][i];
  }
  return cone;
}

/* Step 4: the preprocessed set, the KEPT relations with their bodies
 * expanded (inlined callees), simplified and sealed; p->rs. */
static void build(clp_pre *p, const clp_rs *rs) {
  int n = rs->nrels;
  int m = 0;
  for (int i = 0; i < n; i++) m += p->status[i] == PRE_KEPT;
  clp_rel **rels = NEW_N(clp_rel *, m);
  p->from = NEW_N(const clp_rel *, m);
  p->root = NEW_N(pre_inst *, m);
  p->nvars = NEW_ATOMIC_N(int, m);
  p->vars = NEW_N(const clp_term **, m);
  p->nelim = NEW_ATOMIC_N(int, m);
  p->elim = NEW_N(pre_elim *, m);
  for (int i = 0, k = 0; i < n; i++) {
    const clp_rel *R = rs->rels[i];
    switch (p->status[i]) {
    case PRE_KEPT: p->stats.kept++; break;
    case PRE_INLINED: p->stats.inlined++; continue;
    case PRE_EMPTY: p->stats.empty++; continue;
    case PRE_DROPPED: p->stats.dropped++; continue;
    }
    clp_rel *r = NEW(clp_rel);
    *r = *R;
    r->base = r;
    r->body = NULL;
    p->to[i] = rels[k] = r;
    p->from[k++] = R;
  }
  for (int k = 0; k < m; k++) {
    const clp_rel *R = p->from[k];
    pre_inst *root = NEW(pre_inst);
    root->rel = R;
    pre_elim *el = NULL;
    int nel = 0;
    const clp_formula *x = expand(p, R->body, root);
    int cap = 0;
    p->vars[k] = NULL;
    p->nvars[k] = clp_f_vars(x, &p->vars[k], 0, &cap);
    const clp_formula *b =
        clp_pre_simplify(x, R->arity, R->formals, &el, &nel);
    int next = 0;
    rels[k]->body = seal(p, b, &next);
    p->root[k] = root;
    p->elim[k] = el;
    p->nelim[k] = nel;
    p->stats.eliminated += nel;
  }
  p->rs = clp_rs_direct(m, rels, p->to[rs->goal->id]);
  p->rs->file = rs->file;
  p->rs->smt2 = rs->smt2;
}

clp_pre *clp_pre_run(const clp_rs *rs) {
  if (!rs || !rs->goal || rs->nindex || rs->naxioms || rs->npreds)
    return NULL;
  int n = rs->nrels;
  clp_pre *p = NEW(clp_pre);
  p->orig = rs;
  p->status = NEW_ATOMIC_N(pre_status, n);
  p->to = NEW_N(clp_rel *, n);
  p->tmpl = NEW_N(const clp_formula *, n);

  /* 1. derivable relations: least fixpoint */
  bool *der = zeroed(n, sizeof(bool));
  for (bool ch = true; ch;) {
    ch = false;
    for (int i = 0; i < n; i++)
      if (!der[i] && derivable(rs->rels[i]->body, der)) der[i] = ch = true;
  }

  p->der = der;

  /* 2. live call graph and the goal's cone */
  decider d = {p, {n, zeroed(n, sizeof(int)), NEW_N(int *, n)}, NULL, NULL,
               NULL};
  for (int i = 0; i < n; i++) {
    edge_ctx e = {&d.g, i};
    live_calls(rs->rels[i]->body, der, edge, &e);
  }
  char *cone = cone_of(&d.g, rs->goal->id);
  for (int i = 0; i < n; i++) {
    p->status[i] = !der[i] && rs->rels[i] != rs->goal ? PRE_EMPTY
                   : cone[i] ? PRE_KEPT : PRE_DROPPED;
    if (p->status[i] != PRE_KEPT) d.g.deg[i] = 0; /* out of the picture */
  }

  /* 3. recursion, call sites, inlining decisions (callees first) */
  d.rec = zeroed(n, sizeof(bool));
  d.ncalls = zeroed(n, sizeof(int));
  d.state = zeroed(n, 1);
  char *seen = zeroed(n, 1);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < d.g.deg[i]; j++) d.ncalls[d.g.adj[i][j]]++;
    memset(seen, 0, (size_t)(n > 0 ? n : 1));
    d.rec[i] = p->status[i] == PRE_KEPT && reaches(&d.g, i, i, seen);
  }
  for (int i = 0; i < n; i++)
    if (p->status[i] == PRE_KEPT) decide(&d, i);

  /* 4. the preprocessed set */
  build(p, rs);
  return p;
}

const clp_rs *clp_pre_rs(const clp_pre *p) { return p->rs; }

void clp_pre_get_stats(const clp_pre *p, clp_pre_stats *s) { *s = p->stats; }

/* ---------------------------------------------------------- models back */

/* f with every call c(t) (c KEPT, original) replaced by inv_c[x_c := t]. */
static const clp_formula *plug(const clp_formula *f, const clp_formula **inv) {
  switch (f->kind) {
  case CLP_F_CALL:
    return clp_f_subst_args(inv[f->rel->id], f->rel->arity, f->rel->formals,
                            f->args);
  case CLP_F_AND: case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = plug(f->kids[i], inv);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  default: return f;
  }
}

const clp_formula **clp_pre_model_back(const clp_pre *p,
                                       const clp_formula **inv) {
  if (!inv) return NULL;
  int n = p->orig->nrels;
  const clp_formula **out = NEW_N(const clp_formula *, n);
  for (int i = 0; i < n; i++) {
    switch (p->status[i]) {
    case PRE_KEPT:
      if (!(out[i] = inv[p->to[i]->id])) return NULL;
      break;
    case PRE_EMPTY: out[i] = clp_f_false(); break;
    case PRE_DROPPED: out[i] = clp_f_true(); break;
    case PRE_INLINED: break;
    }
  }
  /* templates call KEPT relations only */
  for (int i = 0; i < n; i++)
    if (p->status[i] == PRE_INLINED) out[i] = plug(p->tmpl[i], out);
  return out;
}
