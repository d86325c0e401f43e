/* idx_disc.c -- indexed predicate discovery (Lahiri and Bryant, CAV'04,
 * section 4) around the indexed engine: predicates are proposed, never
 * trusted; every safe answer is still certified by idx_cert_safe.
 *
 * The predicates live in a side table (idx_preds) that starts with the
 * given ones and that the engine, the certificate and the printer read;
 * the rule set is never modified.  Index variables are two global names
 * (X, Y: "x", "y" unless the rule set uses them) shared by all relations.
 *
 * For each clause (top-level disjunct) of a rule r(F) :- body, and each
 * call c(t) in it, candidates for c are
 *   (a) the clause's constraint literals (guards, goal constraints),
 *   (b) r's predicates with F replaced by their definitions in the clause
 *       (literals F_j = term): the weakest precondition through the rule,
 *   (c) the predicates of the other calls d(u) of the clause over u,
 * split into atoms (ite and select(store(a,i,v),j) by cases, Boolean
 * structure dropped; idx_split.c), then mapped into c's space (idx_wp.c):
 * the call's argument variables become c's formals; a variable that the
 * clause uses as an array index becomes an index variable (the paper's
 * "match" rule for inputs and its "generalizing from a fixed index"
 * rule); atoms with any other variable are dropped.  Atoms lin ~ k with
 * two or more summands and k != 0 found by (b)/(c) give lin = 0 and
 * lin < 0 instead (the paper's rule against towers of offsets; idx_pset.c)
 * unless k is the constant of the source predicate (a program's constant
 * carried through unchanged).  Round 0 uses (a) of the rules of relations
 * that are not recursive (the goal's rule: the property, as the paper
 * starts from), (c) and the atoms of each rule over its formals; every
 * later round adds (a)-(c) of the predicates known.  At most d->cap
 * predicates per relation: when the cap stops every new candidate of a
 * round it grows, by DISC_CAP_STEP the first time and by twice the last
 * growth each later time (4, 8, 16: each growth redoes a whole fixpoint),
 * up to DISC_CAP_MAX.  A relation whose set a frontend made complete
 * (clp_rel.ipreds_fixed: the .cub scan and update relations) gets none.
 * A round that finds no new predicate asks the refuter (idx_refute.c). */
#include <stdio.h>
#include <string.h>

#include "indexed/idx_disc_int.h"

/* "x", "y" unless a variable of the rule set has that name. */
static const clp_term *fresh_ix(const clp_rs *rs, const char *base,
                                const clp_term *other) {
  tlist names = {0, 0, NULL};
  for (int i = 0; i < rs->nrels; i++) {
    const clp_term **vars = NULL;
    int cap = 0, n = clp_f_vars(rs->rels[i]->body, &vars, 0, &cap);
    for (int j = 0; j < n; j++) idx_tl_add(&names, vars[j]);
    for (int j = 0; j < rs->rels[i]->arity; j++)
      idx_tl_add(&names, rs->rels[i]->formals[j]);
  }
  for (int k = 0;; k++) {
    const char *nm = k ? clp_fmt("%s%d", base, k) : base;
    bool clash = other && !strcmp(other->name, nm);
    for (int j = 0; j < names.n && !clash; j++)
      clash = !strcmp(names.t[j]->name, nm);
    if (!clash) return clp_var(nm, clp_sort_int());
  }
}

/* ------------------------------------------------------------ the loop */
/* The statistics of one fixpoint added to those of the run. */
static void add_stats(eng_stats *acc, const eng_stats *s) {
  acc->idx_images += s->idx_images;
  acc->idx_queries += s->idx_queries;
  acc->idx_models += s->idx_models;
  acc->idx_instances += s->idx_instances;
  if (s->idx_terms > acc->idx_terms) acc->idx_terms = s->idx_terms;
  acc->t_abstract += s->t_abstract;
}

/* The state of a run on rs: the index variables X and Y, the side table
 * with the given predicates (rs is never modified), the options.  Returns
 * the number of given predicates (not counting a frontend's complete
 * sets). */
static int disc_init(disc *d, const clp_rs *rs, const eng_opts *o) {
  memset(d, 0, sizeof *d);
  d->rs = rs;
  d->t = idx_preds_new(rs);
  d->ix[0] = fresh_ix(rs, "x", NULL);
  d->ix[1] = fresh_ix(rs, "y", d->ix[0]);
  for (int k = 0; k < 2; k++) {
    d->lb0[k] = clp_le(clp_num(0), d->ix[k]);
    d->lb1[k] = clp_le(clp_num(1), d->ix[k]);
  }
  /* each fixpoint only has to tell whether the goal is derivable: the
   * iteration ends as soon as it is (monotone: it stays derivable) */
  if (o->params) d->sp = *(const idx_params *)o->params;
  d->sp.goal_stop = true;
  d->so = *o;
  d->so.params = &d->sp;
  d->o = &d->so;
  d->rec = clp_rs_recursive(rs);
  d->cap = DISC_MAX_PREDS;
  d->step = DISC_CAP_STEP;
  d->refute = d->sp.refute;
  d->ngiven = NEW_ATOMIC_N(int, rs->nrels + 1);
  int given = 0;
  for (int i = 0; i < rs->nrels; i++) {
    d->ngiven[i] = d->t->rel[i].npreds;
    if (!d->t->rel[i].fixed) /* not a frontend's complete set */
      given += d->t->rel[i].npreds;
  }
  return given;
}

/* The next round's candidates: (a)-(c) of the predicates known.  When the
 * cap left out every new one, a larger cap and the round's candidates
 * again (the predicates kept). */
static void next_round(disc *d) {
  d->round++;
  d->added = 0;
  for (;;) {
    d->capped = false;
    idx_disc_pass(d, true);
    idx_disc_symmetrize(d);
    if (d->added || !d->capped || d->cap >= DISC_CAP_MAX) break;
    d->cap += d->step;
    if (d->cap > DISC_CAP_MAX) d->cap = DISC_CAP_MAX;
    d->step *= 2;
    if (d->o->verbose)
      fprintf(stderr, "indexed: round %d: up to %d predicates per "
              "relation\n", d->round, d->cap);
  }
}

/* The rounds, the given predicates alone first: out is the last
 * fixpoint's result (or the refuter's counterexample), the statistics of
 * every fixpoint summed into *acc. */
static void rounds(disc *d, int given, eng_result *out, eng_stats *acc) {
  const eng_opts *o = d->o;
  if (given) { /* the given predicates alone first: discovery only adds */
    if (o->verbose)
      fprintf(stderr, "indexed: the %d given predicates alone\n", given);
    idx_solve_preds(d->rs, d->t, o, out);
    add_stats(acc, &out->stats);
    if (out->verdict != ENG_UNKNOWN || !out->abstract_goal) {
      d->round = -1;
      return;
    }
  }
  idx_disc_own_atoms(d);
  idx_disc_pass(d, false);
  idx_disc_symmetrize(d);
  for (;;) {
    if (o->verbose)
      fprintf(stderr, "indexed: discovery round %d: %d predicates "
              "(%d discovered)\n", d->round, given + d->total, d->total);
    idx_solve_preds(d->rs, d->t, o, out);
    add_stats(acc, &out->stats);
    if (out->verdict != ENG_UNKNOWN || !out->abstract_goal) break;
    if (d->round + 1 >= d->sp.rounds) {
      out->reason = ENG_R_ABSTRACT_GOAL;
      out->detail = clp_fmt("discovery bound reached: %d rounds",
                            d->sp.rounds);
      break;
    }
    next_round(d);
    if (!d->added && idx_disc_refute(d, out)) break;
    if (!d->added) {
      out->reason = ENG_R_ABSTRACT_GOAL;
      out->detail = "discovery found no new predicate";
      break;
    }
  }
  if (given && out->verdict == ENG_UNKNOWN && !out->abstract_goal) {
    /* stopped (timeout, ...) while discovering: the given predicates
     * were not enough, which the user wants to know first */
    out->detail = out->reason ? eng_reason_text(out->reason, out->detail)
                              : "stopped";
    out->reason = ENG_R_GIVEN_PREDS;
  }
}

void idx_disc_solve(const clp_rs *rs, const eng_opts *o, eng_result *out) {
  clp_timer t0 = clp_timer_start();
  disc d;
  int given = disc_init(&d, rs, o);
  eng_stats acc;
  memset(&acc, 0, sizeof acc);
  rounds(&d, given, out, &acc);
  eng_stats last = out->stats;
  out->stats = acc;
  out->stats.iterations = last.iterations;
  out->stats.fixpoint_rounds = last.fixpoint_rounds;
  out->stats.predicates = last.predicates;
  out->stats.idx_disc_rounds = d.round + 1;
  out->stats.idx_disc_preds = d.total;
  out->idx_preds = d.t;
  out->stats.t_total = clp_timer_secs(t0);
}
