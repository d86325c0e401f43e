/* dfs.c -- the depth-first CLP baseline (CAR paper §2, §8: what SICStus-like
 * systems do): unfold from the goal, resolving the leftmost pending goal
 * first and committing to disjuncts in order, with backtracking; each trace
 * node's literals are labelled by the node (clp_f_label(f, k+1)) and a call
 * binds the child's formals to the caller's arguments (formal^child =
 * arg^node), all in one incremental Z3 solver with push/pop.  A prefix is
 * checked before every branching, unfolding and completion, and pruned when
 * infeasible.  A complete feasible derivation is rebuilt as a clp_trace and
 * confirmed by etc_check, which also yields the counterexample.
 *
 * dfs never proves safety: an exhausted search has no invariant to certify,
 * so it ends with unknown.  Choice points are an explicit stack and pending
 * goals persistent cons lists, so deep derivations do not use the C stack.
 */
#include <stdio.h>
#include <string.h>

#include "clp/vec.h"
#include "engine/engine.h"
#include "engines/dfs/dfs.h"
#include "etc/etc.h"
#include "zb/zb.h"

/* A pending goal: formula f of trace node `node`, then the rest. */
typedef struct goal {
  const clp_formula *f;
  int node;
  const struct goal *next;
} goal;

/* The path so far, newest first: a committed literal or call of a node. */
typedef struct event {
  const clp_formula *f;       /* LIT or CALL node of nodes[node].rel->body */
  int node;
  int child;                  /* CALL: the child node; LIT: -1 */
  const struct event *prev;
} event;

/* A choice point: an OR whose disjuncts from `next` on are untried. */
typedef struct choice {
  const clp_formula *f;       /* the OR */
  int next;                   /* next disjunct to try */
  int node;
  const goal *rest;           /* goals after the OR */
  const event *path;          /* path when the OR was reached */
  int nnodes;                 /* trace nodes when the OR was reached */
  zb_result last;             /* feasibility of that prefix */
} choice;

typedef struct dfs {
  const eng_opts *o;
  const dfs_params *p;
  zb_solver *s;
  const clp_rel **rel;        /* per trace node */
  int *depth;                 /* per trace node */
  int nnodes, capnodes, capdepth;
  choice *cps;
  int ncps, capcps;
  long unfoldings;
  bool depth_hit;             /* some branch was cut at dfs_depth */
} dfs;

static const goal *cons(const clp_formula *f, int node, const goal *next) {
  goal *g = NEW(goal);
  g->f = f; g->node = node; g->next = next;
  return g;
}

static const event *record(const clp_formula *f, int node, int child,
                           const event *prev) {
  event *e = NEW(event);
  e->f = f; e->node = node; e->child = child; e->prev = prev;
  return e;
}

static int new_node(dfs *d, const clp_rel *r, int depth) {
  VEC_RESERVE(const clp_rel *, d->rel, d->nnodes, d->capnodes, 1);
  VEC_RESERVE_ATOMIC(int, d->depth, d->nnodes, d->capdepth, 1);
  d->rel[d->nnodes] = r;
  d->depth[d->nnodes] = depth;
  return d->nnodes++;
}

static void push_choice(dfs *d, const choice *c) {
  VEC_PUSH(choice, d->cps, d->ncps, d->capcps, *c);
}

/* Asserts formal_i^child = arg_i^parent for a call of node `parent`. */
static void bind(dfs *d, const clp_formula *call, int parent, int child) {
  const clp_rel *r = call->rel;
  for (int i = 0; i < r->arity; i++) {
    const clp_term *x = clp_var_labelled(r->formals[i], child + 1);
    const clp_term *a = clp_term_label(call->args[i], parent + 1);
    zb_assert_term(d->s, clp_eq(x, a));
  }
}

/* The path as a clp_trace: per node its committed literals and calls in
 * commitment order (pointer identity with rel->body's nodes). */
static clp_trace *build_trace(const dfs *d, const event *path) {
  int nev = 0;
  for (const event *e = path; e; e = e->prev) nev++;
  const event **ev = NEW_N(const event *, nev);
  int i = nev;
  for (const event *e = path; e; e = e->prev) ev[--i] = e;
  clp_trace *t = NEW(clp_trace);
  t->n = d->nnodes;
  t->nodes = NEW_N(clp_tnode, d->nnodes);
  for (int k = 0; k < d->nnodes; k++) t->nodes[k].rel = d->rel[k];
  for (i = 0; i < nev; i++) {
    clp_tnode *n = &t->nodes[ev[i]->node];
    if (ev[i]->f->kind == CLP_F_LIT) n->nlits++;
    else n->ncalls++;
  }
  for (int k = 0; k < d->nnodes; k++) {
    clp_tnode *n = &t->nodes[k];
    n->lits = NEW_N(const clp_formula *, n->nlits);
    n->calls = NEW_N(const clp_formula *, n->ncalls);
    n->child = NEW_ATOMIC_N(int, n->ncalls);
    n->nlits = n->ncalls = 0;
  }
  for (i = 0; i < nev; i++) {
    clp_tnode *n = &t->nodes[ev[i]->node];
    if (ev[i]->f->kind == CLP_F_LIT) n->lits[n->nlits++] = ev[i]->f;
    else {
      n->child[n->ncalls] = ev[i]->child;
      n->calls[n->ncalls++] = ev[i]->f;
    }
  }
  return t;
}

static void finish(eng_result *out, eng_verdict v, eng_reason reason,
                   const char *detail) {
  out->verdict = v;
  out->reason = reason;
  out->detail = detail;
}

/* A complete derivation (path) whose flattening is (probably) feasible
 * (last: the prefix check's result): checked as a concrete trace.  Returns
 * true when the search ends (out set), false when the trace is infeasible
 * (the prefix check was inconclusive). */
static bool complete(dfs *d, zb_ctx *z, const clp_rs *rs, const event *path,
                     zb_result last, eng_result *out) {
  clp_trace *t = build_trace(d, path);
  etc_cex *cex = NULL;
  const char *why = NULL;
  out->stats.traces++;
  clp_timer te = clp_timer_start();
  zb_result r = etc_check_div0(z, t, !rs->smt2, &cex, &why);
  clp_timer_add(te, &out->stats.t_etc);
  if (r == ZB_SAT && cex) {
    out->cex = cex;
    finish(out, ENG_UNSAFE, ENG_R_NONE, NULL);
    return true;
  }
  if (clp_expired()) {
    finish(out, ENG_UNKNOWN, ENG_R_TIMEOUT, NULL);
    return true;
  }
  if (why) { finish(out, ENG_UNKNOWN, ENG_R_DIV_ZERO, NULL); return true; }
  if (r == ZB_SAT || last == ZB_SAT) {
    finish(out, ENG_UNKNOWN, ENG_R_INTERNAL,
           r == ZB_UNSAT ? "dfs path feasible but etc_check unsat"
                         : "etc_check could not confirm a feasible dfs path");
    return true;
  }
  return false;
}

/* No choice point left: the depth bound cut a branch, or the whole search
 * space was explored. */
static void exhausted(const dfs *d, eng_result *out) {
  if (d->depth_hit)
    finish(out, ENG_UNKNOWN, ENG_R_DEPTH_LIMIT, clp_fmt("%d", d->p->depth));
  else finish(out, ENG_UNKNOWN, ENG_R_SEARCH_EXHAUSTED, NULL);
}

/* The search.  Returns with out->verdict/reason set (cex for unsafe). */
static void search(dfs *d, zb_ctx *z, const clp_rs *rs, eng_result *out) {
  const eng_opts *o = d->o;
  int root = new_node(d, rs->goal, 0);
  const goal *goals = cons(rs->goal->body, root, NULL);
  const event *path = NULL;
  bool dirty = false;         /* asserted since the last feasibility check */
  zb_result last = ZB_SAT;    /* result of the last check */
  long next_report = 1000;

  for (;;) {
    bool fail = false;
    if (clp_expired()) {
      finish(out, ENG_UNKNOWN, ENG_R_TIMEOUT, NULL);
      return;
    }
    /* Check the prefix before branching, unfolding or completing it. */
    if (dirty && (!goals || goals->f->kind == CLP_F_OR ||
                  goals->f->kind == CLP_F_CALL)) {
      last = zb_check(d->s);
      dirty = false;
      if (last == ZB_UNSAT) fail = true;
      else if (last == ZB_UNKNOWN && clp_expired()) {
        finish(out, ENG_UNKNOWN, ENG_R_TIMEOUT, NULL);
        return;
      }
    }
    if (!fail && !goals) {
      if (complete(d, z, rs, path, last, out)) return;
      fail = true;            /* prefix check was inconclusive; etc says no */
    }
    if (!fail) {
      const goal *g = goals;
      const clp_formula *f = g->f;
      goals = g->next;
      switch (f->kind) {
      case CLP_F_TRUE: break;
      case CLP_F_FALSE: fail = true; break;
      case CLP_F_AND:
        for (int i = f->n - 1; i >= 0; i--)
          goals = cons(f->kids[i], g->node, goals);
        break;
      case CLP_F_LIT:
        zb_assert(d->s, clp_f_label(f, g->node + 1));
        path = record(f, g->node, -1, path);
        dirty = true;
        break;
      case CLP_F_OR: {
        if (f->n == 0) { fail = true; break; }
        choice c = {f, 1, g->node, goals, path, d->nnodes, last};
        if (f->n > 1) { push_choice(d, &c); zb_push(d->s); }
        goals = cons(f->kids[0], g->node, goals);
        break;
      }
      case CLP_F_CALL: {
        int depth = d->depth[g->node] + 1;
        if (depth > d->p->depth) { d->depth_hit = true; fail = true; break; }
        if (++d->unfoldings > d->p->nodes) {
          finish(out, ENG_UNKNOWN, ENG_R_NODE_LIMIT,
                 clp_fmt("%ld", d->p->nodes));
          return;
        }
        out->stats.paths = d->unfoldings;
        int c = new_node(d, f->rel, depth);
        bind(d, f, g->node, c);
        path = record(f, g->node, c, path);
        dirty = d->rel[c]->arity > 0 || dirty;
        goals = cons(f->rel->body, c, goals);
        if (o->verbose >= 2)
          fprintf(stderr, "dfs: %*s%s (node %d)\n", depth > 40 ? 40 : depth,
                  "", f->rel->name, c);
        else if (o->verbose && d->unfoldings >= next_report) {
          fprintf(stderr, "dfs: %ld unfoldings, depth %d, %d choice points\n",
                  d->unfoldings, depth, d->ncps);
          next_report *= 2;
        }
        break;
      }
      }
      if (!fail) continue;
    }
    /* Backtrack to the newest choice point with an untried disjunct. */
    if (!d->ncps) {
      exhausted(d, out);
      return;
    }
    choice *c = &d->cps[d->ncps - 1];
    zb_pop(d->s);
    d->nnodes = c->nnodes;
    path = c->path;
    dirty = false;
    last = c->last;
    goals = cons(c->f->kids[c->next], c->node, c->rest);
    if (++c->next < c->f->n) zb_push(d->s);
    else d->ncps--;         /* last alternative: no choice left here */
  }
}

const dfs_params dfs_defaults = {200, 20000}; /* --dfs-depth, --dfs-nodes */

void dfs_solve(const clp_rs *rs, const eng_opts *o, eng_result *out) {
  memset(out, 0, sizeof *out);
  double t0 = clp_now();
  long calls0 = zb_calls();
  eng_opts dflt = {0};
  if (!o) o = &dflt;
  dfs d;
  memset(&d, 0, sizeof d);
  d.o = o;
  d.p = o->params ? o->params : &dfs_defaults;
  if (!rs || !rs->goal) {
    finish(out, ENG_UNKNOWN, ENG_R_INTERNAL, "rule set without a goal");
    return;
  }
  zb_ctx *z = zb_ctx_new();
  /* Bool arrays as Z3 gives them (lambdas): before lambda values were a
   * setting of a context, the search after the indexed engine read them
   * through the process-wide flag its bounded model checking had set */
  zb_ctx_set_lambda_values(z, true);
  d.s = zb_solver_new(z);
  search(&d, z, rs, out);
  zb_solver_free(d.s);
  zb_ctx_free(z);
  out->stats.paths = d.unfoldings;
  out->stats.z3_calls = zb_calls() - calls0;
  out->stats.t_total = clp_now() - t0;
  if (o->verbose)
    fprintf(stderr, "dfs: %ld unfoldings, %d traces, %s\n", d.unfoldings,
            out->stats.traces,
            out->verdict == ENG_UNSAFE
                ? "counterexample"
                : eng_reason_text(out->reason, out->detail));
}
