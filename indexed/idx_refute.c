/* idx_refute.c -- discovery's refinement from spurious counterexamples
 * (idx_disc_int.h, docs/indexed.md): when a round finds no new predicate,
 * the refuter (CAR's loop) runs on the same rule set for a bounded number
 * of iterations, and the atoms of its refutations become candidates, each
 * as it is and generalised over the index variables. */
#include <stdio.h>
#include <string.h>

#include "indexed/idx_disc_int.h"

/* The Int index terms of t's array reads and writes that are not index
 * variables, first occurrence first. */
static void index_terms(const clp_term *t, const disc *d, tlist *out) {
  if ((t->op == CLP_SELECT || t->op == CLP_STORE) &&
      t->kids[1]->sort == clp_sort_int() && !idx_is_ix(d, t->kids[1]))
    idx_tl_add(out, t->kids[1]);
  for (int i = 0; i < t->n; i++) index_terms(t->kids[i], d, out);
}

/* a with the index of each array read or write that is not an index
 * variable replaced by X, then Y (same index, same variable); NULL when a
 * has no such index or more than two. */
static const clp_term *over_ix(const disc *d, const clp_term *a) {
  tlist ix = {0, 0, NULL};
  index_terms(a, d, &ix);
  if (ix.n == 0 || ix.n > 2) return NULL;
  const clp_term *g = a;
  for (int k = 0; k < ix.n; k++)
    g = idx_replace_in(g, ix.t[k], d->ix[k], true);
  return g;
}

/* Refinement from spurious counterexamples, when a round finds no new
 * predicate: idx_params.refuter (CAR's loop) on the same rule set,
 * for at most d->refute iterations (doubled at each use).  Each of its
 * iterations takes a derivation of the goal in the rule-set abstraction
 * and checks it as a concrete trace; a spurious one is refuted, and the
 * refutation's atoms join CAR's abstraction.  Those atoms are the
 * candidates: each as it is and generalised over the index variables
 * (over_ix: a[3] = 0 gives a[X] = 0, the paper's generalisation from a
 * fixed index).  Returns true when the refuter found a real
 * counterexample (*out: unsafe, with it); its safe answer is not taken
 * (the indexed engine proves with its own invariant). */
bool idx_disc_refute(disc *d, eng_result *out) {
  const eng_opts *o = d->o;
  const idx_params *ip = &d->sp;
  if (!ip->refuter || ip->refute <= 0 || d->rs->naxioms) return false;
  eng_opts ro = *o;
  ro.max_iterations = d->refute;
  ro.verbose = 0;
  d->refute *= 2;
  eng_result r;
  memset(&r, 0, sizeof r);
  eng_run(ip->refuter, d->rs, &ro, &r);
  if (o->verbose)
    fprintf(stderr, "indexed: round %d: discovery found nothing new; %d "
            "CAR iterations, %d spurious counterexample%s refuted\n",
            d->round, r.stats.iterations, r.stats.refinements,
            r.stats.refinements == 1 ? "" : "s");
  if (r.verdict == ENG_UNSAFE && r.cex) {
    out->verdict = ENG_UNSAFE;
    out->cex = r.cex;
    out->reason = ENG_R_NONE;
    out->abstract_goal = false;
    return true;
  }
  for (int i = 0; r.atoms && i < d->rs->nrels; i++)
    for (int j = 0; j < r.natoms[i]; j++) {
      const clp_rel *rel = d->rs->rels[i];
      const clp_term *a = r.atoms[i][j], *g = over_ix(d, a);
      d->src = NULL;
      d->why = "atom of a refutation (CAR)";
      idx_disc_add(d, rel, a, true);
      if (g) {
        d->why = clp_fmt("atom %s of a refutation (CAR) over an index "
                         "variable", clp_term_str(a));
        idx_disc_add(d, rel, g, true);
      }
    }
  return false;
}
