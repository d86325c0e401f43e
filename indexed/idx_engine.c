/* idx_engine.c -- the indexed engine's fixpoint: abstract values as BuDDy
 * BDDs over predicate variables, images part by part (idx_image.c),
 * Kleene iteration over all relations without the frontier optimisation
 * (Remark 6.3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abstract/abs.h"
#include "indexed/idx_int.h"

/* A relation without given predicates gets, as unindexed predicates, the
 * atoms of its rule that are over its formals only (e.g. cond = 0 for a
 * C assume/assert wrapper), at most IDX_MAX_SEEDS of them. */
#define IDX_MAX_SEEDS 8
static void seed(idx_eng *e, const clp_rel *r) {
  int i = r->id;
  const idx_rel_preds *p = idx_preds_of(e->t, r);
  if (p->npreds || p->nindex) {
    e->npreds[i] = p->npreds;
    e->preds[i] = p->preds;
    return;
  }
  const clp_term **atoms = NULL;
  int cap = 0, n = clp_f_atoms(r->body, &atoms, 0, &cap), k = 0;
  e->preds[i] = NEW_N(const clp_term *, IDX_MAX_SEEDS);
  for (int j = 0; j < n && k < IDX_MAX_SEEDS; j++)
    if (clp_rel_over_formals(r, atoms[j])) e->preds[i][k++] = atoms[j];
  e->npreds[i] = k;
}

/* gamma of every relation's current value, over formals and index. */
static const clp_formula **gammas(idx_eng *e) {
  const clp_rs *rs = e->rs;
  const clp_formula **g = NEW_N(const clp_formula *, rs->nrels);
  for (int i = 0; i < rs->nrels; i++)
    g[i] = e->psi[i] == bddfalse ? NULL
           : idx_bdd_formula(e->psi[i], e->base[i], e->preds[i]);
  return g;
}

/* ------------------------------------------------------------- the solver */
/* The predicates of every relation (seed), one BDD variable and one
 * predicate Boolean per predicate; false when BuDDy cannot start. */
static bool setup(idx_eng *e, eng_result *out) {
  const clp_rs *rs = e->rs;
  abs_init(e->o->bdd_nodes);
  int nvars = 0;
  e->base = NEW_ATOMIC_N(int, rs->nrels);
  e->pv = NEW_N(const clp_term **, rs->nrels);
  e->npreds = NEW_ATOMIC_N(int, rs->nrels);
  e->preds = NEW_N(const clp_term **, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    e->base[i] = nvars;
    seed(e, r);
    nvars += e->npreds[i];
    out->stats.predicates += e->npreds[i];
    e->pv[i] = NEW_N(const clp_term *, e->npreds[i]);
    for (int j = 0; j < e->npreds[i]; j++) {
      char name[64];
      snprintf(name, sizeof name, "p#%d#%d", i, j);
      e->pv[i][j] = clp_var(clp_strdup(name), clp_sort_bool());
    }
  }
  if (!abs_bdd_begin(nvars)) {
    out->reason = ENG_R_INTERNAL;
    out->detail = "BuDDy could not be initialised";
    return false;
  }
  e->psi = NEW_ATOMIC_N(BDD, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) e->psi[i] = bddfalse;
  e->z = zb_ctx_new();
  e->parts = NEW_N(struct idx_part *, rs->nrels);
  e->nparts = NEW_ATOMIC_N(int, rs->nrels);
  return true;
}

/* The schedule of the Jacobi iteration.  An image depends only on the
 * callees' values: a relation whose callees did not change since its last
 * image keeps its value (same result). */
typedef struct sched {
  BDD *next;                  /* the values of this iteration */
  int *changed_at;            /* per relation: last iteration it grew */
  int *computed_at;           /* per relation: last iteration imaged */
  bool **calls;               /* calls[r][c]: r's rule calls c */
} sched;

static sched sched_new(const clp_rs *rs) {
  sched s;
  s.next = NEW_ATOMIC_N(BDD, rs->nrels);
  s.changed_at = NEW_ATOMIC_N(int, rs->nrels);
  s.computed_at = NEW_ATOMIC_N(int, rs->nrels);
  s.calls = NEW_N(bool *, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) {
    s.changed_at[i] = -1;
    s.computed_at[i] = -1;
    s.calls[i] = NEW_ATOMIC_N(bool, rs->nrels);
    memset(s.calls[i], 0, (size_t)rs->nrels);
    clp_f_callees(rs->rels[i]->body, s.calls[i]);
  }
  return s;
}

/* Iteration k: R_k from R_{k-1}.  Sets *changed; false when it failed
 * (e->fail set, the values unchanged). */
static bool iterate(idx_eng *e, sched *s, int k, bool *changed) {
  const clp_rs *rs = e->rs;
  *changed = false;
  int done = 0;
  for (; done < rs->nrels && !e->fail; done++) {
    bool stale = s->computed_at[done] < 0;
    for (int c = 0; c < rs->nrels && !stale; c++)
      stale = s->calls[done][c] && s->changed_at[c] >= s->computed_at[done];
    if (!stale) {
      s->next[done] = bdd_addref(e->psi[done]);
      continue;
    }
    s->computed_at[done] = k;
    s->next[done] = idx_image(e, rs->rels[done]);
    *changed |= s->next[done] != e->psi[done];
  }
  if (e->fail) {
    for (int i = 0; i < done; i++) bdd_delref(s->next[i]);
    return false;
  }
  if (abs_bdd_failed()) {
    for (int i = 0; i < rs->nrels; i++) bdd_delref(s->next[i]);
    e->fail = ENG_R_BDD_LIMIT;
    return false;
  }
  for (int i = 0; i < rs->nrels; i++) {
    if (s->next[i] != e->psi[i]) s->changed_at[i] = k;
    bdd_delref(e->psi[i]);
    e->psi[i] = s->next[i];
  }
  return true;
}

/* -v: the number of cubes of each relation after iteration k; -vv: the
 * values. */
static void trace(const idx_eng *e, int k, bool changed) {
  const clp_rs *rs = e->rs;
  fprintf(stderr, "indexed: iteration %d:", k);
  for (int i = 0; i < rs->nrels; i++)
    fprintf(stderr, " %s=%.0f", rs->rels[i]->name,
            ldexp(bdd_satcount(e->psi[i]), e->npreds[i] - bdd_varnum()));
  fprintf(stderr, " (%s)\n", changed ? "grew" : "stable");
  if (e->o->verbose >= 2)
    for (int i = 0; i < rs->nrels; i++)
      fprintf(stderr, "  %s: %s\n", rs->rels[i]->name,
              e->psi[i] == bddfalse ? "false"
              : clp_f_str(idx_bdd_formula(e->psi[i], e->base[i], e->preds[i])));
}

/* Kleene iteration from empty until stable (or the goal derivable with
 * idx_params.goal_stop, or a failure); returns the iterations made. */
static int fixpoint(idx_eng *e) {
  const eng_opts *o = e->o;
  sched s = sched_new(e->rs);
  int k = 0;
  for (;; k++) {
    if (clp_expired()) { e->fail = ENG_R_TIMEOUT; break; }
    if (o->max_iterations && k > o->max_iterations) {
      e->fail = ENG_R_ITERATION_LIMIT;
      break;
    }
    bool changed;
    if (!iterate(e, &s, k, &changed)) break;
    if (o->verbose) trace(e, k, changed);
    if (!changed || k + 1 == e->stop_after) break;
    /* the goal derivable now stays derivable in the least fixpoint */
    if (o->params && ((const idx_params *)o->params)->goal_stop &&
        e->psi[e->rs->goal->id] != bddfalse)
      break;
  }
  return k;
}

/* Frees the solvers and BDDs; the verdict from the values. */
static void finish(idx_eng *e, eng_result *out) {
  const clp_rs *rs = e->rs;
  idx_image_free(e);
  zb_ctx_free(e->z);
  if (e->fail) {
    out->reason = e->fail;
  } else if (e->psi[rs->goal->id] != bddfalse) {
    out->abstract_goal = true;
    out->reason = ENG_R_ABSTRACT_GOAL; /* predicates missing, or unsafe */
  } else {
    out->verdict = ENG_SAFE;
    out->inv = gammas(e);
    for (int i = 0; i < rs->nrels; i++)
      if (!out->inv[i]) out->inv[i] = clp_f_false();
  }
  for (int i = 0; i < rs->nrels; i++) bdd_delref(e->psi[i]);
}

void idx_solve_preds(const clp_rs *rs, const idx_preds *t, const eng_opts *o,
                     eng_result *out) {
  clp_timer t0 = clp_timer_start();
  memset(out, 0, sizeof *out);
  out->verdict = ENG_UNKNOWN;
  out->idx_preds = t;
  idx_eng e;
  memset(&e, 0, sizeof e);
  e.rs = rs;
  e.t = t;
  e.o = o;
  e.st = &out->stats;
  /* Tests only: CAR_IDX_STOP_AFTER=N ends the iteration after N rounds and
   * returns that iterate as if it were the fixpoint: a candidate that the
   * certificate must reject when it is not inductive (tests/indexed.sh). */
  const char *stop = getenv("CAR_IDX_STOP_AFTER");
  if (stop) e.stop_after = atoi(stop);
  if (!setup(&e, out)) return;
  int k = fixpoint(&e);
  out->stats.iterations = k;
  out->stats.fixpoint_rounds = k + 1;
  finish(&e, out);
  out->stats.t_total = clp_timer_secs(t0);
}

void idx_solve(const clp_rs *rs, const eng_opts *o, eng_result *out) {
  idx_solve_preds(rs, idx_preds_new(rs), o, out);
}
