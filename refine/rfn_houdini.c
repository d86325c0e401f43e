/* rfn_houdini.c -- predicate discovery beside interpolation: candidate
 * predicates from templates and from the constants of the predicates found
 * so far, of which Houdini keeps the largest inductive subset.
 *
 * Interpolants of unrolled loops name the unrolling depth (2 <= i, 3 <= i,
 * ...) and CAR then diverges one unrolling per iteration.  Candidates
 * x >= 0, x <= 0, x <= y, x + y <= z, z <= x + y over a relation's Int
 * formals (pairs up to 12 formals, triples up to 6), and each found atom
 * lin <= k / lin = k with its constant replaced by 0 and by k in both
 * directions, and the affine equalities of constant increments
 * (rfn_affine.c: s - 2*i = 0 for  s += 2; i++) are checked together: a
 * candidate stays while every rule, with each call replaced by the
 * callee's remaining candidates (true for relations without any), implies
 * it.  What stays holds in every model of the rule set, and its atoms join
 * alpha as interface predicates.  Atoms are only predicates: the
 * abstraction decides what to make of them and the final invariant is
 * certified as always, so a wrong or useless candidate costs time, never
 * soundness. */
#include "refine/rfn_int.h"
#include "clp/vec.h"

#include <string.h>

#define H_MAX_PAIRS 12      /* pair templates only for <= this many formals */
#define H_MAX_TRIPLES 6     /* x + y vs z only for <= this many formals */
#define H_MAX_CANDS 400     /* per relation */

typedef struct hrel {
  int n, cap;
  const clp_term **cand;   /* atoms over the relation's formals */
  char *alive;             /* this run */
  char *kept;              /* proved invariant by an earlier run */
  char *dead;              /* refuted by an earlier run: not tried again */
} hrel;

struct rfn_houdini {
  int nrels;
  hrel *rels;
  int seeded;              /* templates added */
  int grown;               /* candidates added since the last run */
  double budget;           /* seconds per run */
  int prune_at;            /* prune a relation's batch above this size */
  int failures;            /* runs abandoned (budget, unknown) */
  int wait, skip;          /* back-off: calls to skip after fruitless runs */
};

static void add_cand_upto(rfn_houdini *h, int r, const clp_term *a, int max) {
  hrel *hr = &h->rels[r];
  if (a->op == CLP_TRUE || a->op == CLP_FALSE || hr->n >= max) return;
  for (int i = 0; i < hr->n; i++)
    if (hr->cand[i] == a) return;     /* hash-consed */
  int old = hr->cap;
  VEC_RESERVE(const clp_term *, hr->cand, hr->n, hr->cap, 1);
  if (hr->cap != old) {  /* the parallel flags, indexed by candidate */
    VEC_FIT(char, hr->alive, hr->cap);
    VEC_FIT(char, hr->kept, hr->cap);
    VEC_FIT(char, hr->dead, hr->cap);
  }
  hr->kept[hr->n] = 0;
  hr->dead[hr->n] = 0;
  hr->cand[hr->n++] = a;
  h->grown++;
}

static void add_cand(rfn_houdini *h, int r, const clp_term *a) {
  add_cand_upto(h, r, a, H_MAX_CANDS);
}

static bool is_int(const clp_term *v) { return v->sort->kind == CLP_S_INT; }

static void seed(rfn_houdini *h, const clp_rs *rs) {
  const clp_term *zero = clp_num(0);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (r == rs->goal) continue;
    int nint = 0;
    for (int j = 0; j < r->arity; j++) nint += is_int(r->formals[j]);
    for (int j = 0; j < r->arity; j++) {
      const clp_term *x = r->formals[j];
      if (!is_int(x)) continue;
      add_cand(h, r->id, clp_le(zero, x));
      add_cand(h, r->id, clp_le(x, zero));
      if (nint > H_MAX_PAIRS) continue;
      for (int k = j + 1; k < r->arity; k++) {
        const clp_term *y = r->formals[k];
        if (!is_int(y)) continue;
        add_cand(h, r->id, clp_le(x, y));
        add_cand(h, r->id, clp_le(y, x));
        if (nint > H_MAX_TRIPLES) continue;
        for (int m = 0; m < r->arity; m++) {
          const clp_term *w = r->formals[m];
          if (m == j || m == k || !is_int(w)) continue;
          add_cand(h, r->id, clp_le(clp_add(x, y), w));
          add_cand(h, r->id, clp_le(w, clp_add(x, y)));
          /* x + y vs w + v: x - w = v - y, the preserved difference */
          for (int v = m + 1; v < r->arity; v++) {
            const clp_term *u = r->formals[v];
            if (v == j || v == k || !is_int(u)) continue;
            add_cand(h, r->id, clp_le(clp_add(x, y), clp_add(w, u)));
            add_cand(h, r->id, clp_le(clp_add(w, u), clp_add(x, y)));
          }
        }
      }
    }
  }
}

/* Plain linear: sums of (coefficient *) variables, nothing else. */
static bool linear(const clp_term *t) {
  switch (t->op) {
  case CLP_VAR: return is_int(t);
  case CLP_NUM: return true;
  case CLP_ADD:
    for (int i = 0; i < t->n; i++)
      if (!linear(t->kids[i])) return false;
    return true;
  case CLP_MUL: return t->kids[0]->op == CLP_NUM && linear(t->kids[1]);
  default: return false;
  }
}

/* lin <= k / lin = k  ->  lin <= c, c <= lin for c in {0, k}, and with
 * near, also k + 1 and k - 1 (a loop guard x <= k leaves x <= k + 1
 * behind).  Atoms found by refinement are generalised without near: their
 * neighbours would seed neighbours of their own, one unrolling a run. */
static void generalise(rfn_houdini *h, int r, const clp_term *a, bool near) {
  if ((a->op != CLP_LE && a->op != CLP_EQ) || a->kids[1]->op != CLP_NUM ||
      !is_int(a->kids[0]) || !linear(a->kids[0]))
    return;
  const clp_term *lin = a->kids[0];
  int64_t k = a->kids[1]->num;
  if (k <= INT64_MIN + 1 || k >= INT64_MAX - 1) return;
  int64_t ks[4] = {0, k, k + 1, k - 1};
  for (int i = 0; i < (near ? 4 : 2); i++) {
    const clp_term *c = clp_num(ks[i]);
    add_cand(h, r, clp_le(lin, c));
    add_cand(h, r, clp_le(c, lin));
  }
}

/* Atoms of r's own rule that are over its formals seed generalisations. */
static void seed_own(rfn_houdini *h, const clp_rel *r) {
  const clp_term **atoms = NULL;
  int cap = 0, n = clp_f_atoms(r->body, &atoms, 0, &cap);
  for (int i = 0; i < n; i++) {
    const clp_term **vs = NULL;
    int vcap = 0, nv = clp_term_vars(atoms[i], &vs, 0, &vcap);
    if (nv > 0 && clp_rel_over_formals(r, atoms[i]))
      generalise(h, r->id, atoms[i], true);
  }
}

typedef struct seed_ctx {
  rfn_houdini *h;
  const clp_rs *rs;
  const clp_term **atoms;       /* the caller's atoms */
  int natoms;
} seed_ctx;

/* Atoms of a caller over the arguments of its call to r, when those are
 * distinct variables, restated over r's formals: the assertion after a
 * loop (x mod 2 = 0) names what the loop should keep.  Each atom is a
 * candidate as it stands and generalised.  (A visit of clp_f_calls.) */
static bool seed_call(void *ctx, const clp_formula *f) {
  seed_ctx *c = ctx;
  rfn_houdini *h = c->h;
  const clp_term **atoms = c->atoms;
  int natoms = c->natoms;
  if (f->rel == c->rs->goal) return false;
  const clp_rel *r = f->rel;
  for (int i = 0; i < r->arity; i++) {
    if (f->args[i]->op != CLP_VAR) return false;
    for (int j = 0; j < i; j++)
      if (f->args[j] == f->args[i]) return false;
  }
  for (int i = 0; i < natoms; i++) {
    const clp_term **vs = NULL;
    int vcap = 0, nv = clp_term_vars(atoms[i], &vs, 0, &vcap);
    bool over = nv > 0;
    for (int j = 0; j < nv && over; j++) {
      over = false;
      for (int k = 0; k < r->arity; k++) over |= vs[j] == f->args[k];
    }
    if (!over) continue;
    const clp_term *a =
        clp_subst_args(atoms[i], r->arity, f->args, r->formals);
    add_cand(h, r->id, a);
    generalise(h, r->id, a, true);
  }
  return false;
}

rfn_houdini *rfn_houdini_new(const clp_rs *rs, double budget, int prune_at) {
  rfn_houdini *h = NEW(rfn_houdini);
  h->prune_at = prune_at;
  h->nrels = rs->nrels;
  h->rels = NEW_N(hrel, rs->nrels);
  h->budget = budget;
  return h;
}

/* The activation literal of candidate j of relation r: a solver of a run
 * holds act -> cand, and a check assumes the literals of the live ones. */
static const clp_term *act(int r, int j) {
  return clp_var(clp_fmt("hou!act!%d!%d", r, j), clp_sort_bool());
}

/* Per relation, the conjunction of act(r, j) -> cand_j over its candidates
 * alive at the start of the run: the model of every later check, whose
 * assumptions switch the dead candidates off. */
static const clp_formula **act_model(const rfn_houdini *h) {
  const clp_formula **inv = NEW_N(const clp_formula *, h->nrels);
  for (int i = 0; i < h->nrels; i++) {
    const hrel *hr = &h->rels[i];
    const clp_formula **k = NEW_N(const clp_formula *, hr->n + 1);
    int m = 0;
    for (int j = 0; j < hr->n; j++)
      if (hr->alive[j])
        k[m++] = clp_f_implies(clp_f_lit(act(i, j), false, clp_nopos),
                               clp_f_lit(hr->cand[j], false, clp_nopos));
    inv[i] = m ? clp_f_and(m, k, clp_nopos) : clp_f_true();
  }
  return inv;
}

/* The solvers of one run: per relation, its rule with each call replaced
 * by the callee's act_model, made at the relation's first check and kept
 * for the run (one solver a relation instead of one a check). */
typedef struct hrun {
  zb_solver **s;               /* per relation; NULL: not made yet */
  const clp_formula **inv;     /* act_model at the start of the run */
  double until;                /* CPU clock of the run */
  long queries;
} hrun;

/* Collects the ids of the relations called (a visit of clp_f_calls). */
static bool note_callee(void *ctx, const clp_formula *f) {
  ((char *)ctx)[f->rel->id] = 1;
  return false;
}

/* The literals assumed by a check of r's rule: act(p, j) of every live
 * candidate j of every relation p that the rule calls.  Returns how many. */
static int assumptions(const rfn_houdini *h, const clp_rel *r,
                       const clp_term ***out) {
  char *called = NEW_ATOMIC_N(char, h->nrels);
  memset(called, 0, (size_t)h->nrels);
  clp_f_calls(r->body, note_callee, called);
  int n = 0, cap = 0;
  const clp_term **lits = NULL;
  for (int p = 0; p < h->nrels; p++)
    for (int j = 0; called[p] && j < h->rels[p].n; j++)
      if (h->rels[p].alive[j]) VEC_PUSH(const clp_term *, lits, n, cap, act(p, j));
  *out = lits;
  return n;
}

/* Kills the candidates of r that the model of s falsifies; returns how
 * many. */
static int kill_falsified(zb_solver *s, hrel *hr) {
  int killed = 0;
  for (int j = 0; j < hr->n; j++) {
    if (!hr->alive[j]) continue;
    const clp_value *v = zb_model_eval(s, hr->cand[j]);
    if (!v || v->kind != CLP_V_BOOL || !v->b) {
      hr->alive[j] = 0;
      killed++;
    }
  }
  return killed;
}

/* Kill the candidates of r that some model of body[calls := live
 * candidates] falsifies, until none is.  Returns 1 if any died, 0 if
 * none, -1 when Z3 could not decide or the budget ran out. */
static int check_rule(zb_ctx *z, rfn_houdini *h, hrun *run,
                      const clp_rel *r) {
  hrel *hr = &h->rels[r->id];
  int nlive = 0;
  for (int j = 0; j < hr->n; j++) nlive += hr->alive[j];
  if (!nlive) return 0;
  zb_solver *s = run->s[r->id];
  if (!s) {
    s = run->s[r->id] = zb_solver_new(z);
    zb_solver_set_deadline(s, clp_wall_cap(run->until));
    zb_assert(s, clp_f_inline_calls(r->body, run->inv));
  }
  int died = 0;
  for (;;) {
    if (clp_expired() || clp_cpu_now() > run->until) return -1;
    const clp_formula **neg = NEW_N(const clp_formula *, hr->n);
    int m = 0;
    for (int j = 0; j < hr->n; j++)
      if (hr->alive[j]) neg[m++] = clp_f_lit(hr->cand[j], true, clp_nopos);
    if (!m) return died;
    const clp_term **lits = NULL;
    int nl = assumptions(h, r, &lits);
    zb_push(s);
    zb_assert(s, clp_f_or(m, neg, clp_nopos));
    zb_result res = zb_check_assuming(s, nl, lits);
    run->queries++;
    int killed = res == ZB_SAT ? kill_falsified(s, hr) : 0;
    zb_pop(s);
    if (res == ZB_UNSAT) return died;
    if (!killed) return -1; /* undecided, or the model satisfied a negation */
    died = 1;
  }
}

/* Keep a batch of new invariants of hr irredundant when it has more than
 * prune_at (rfn_houdini_new): a new one implied by the other live
 * candidates is marked kept (it stays in the model) without joining alpha
 * (inequalities tried first, so equalities stay).  Each extra predicate
 * doubles the abstract state space, and an implied one costs iterations
 * too: every derivation that gives it and the atoms implying it different
 * values is refuted by one more explicated clause.  On eq1.c, 32
 * invariants where 2 suffice made the fixpoint 20x slower; on
 * tests/c-nested/gen_nested_6_safe.c, Houdini's 61 invariants (up to 12 a
 * relation, as i0 <= i0', i0' <= i0, i0 <= i0' + 1 beside i0 = i0') took
 * 147 explications and 30 s of fixpoints where the 31 left by pruning
 * take 83 and 0.9 s. */
static void prune(zb_ctx *z, hrel *hr, int r, int prune_at, double until) {
  int fresh = 0;
  for (int j = 0; j < hr->n; j++) fresh += hr->alive[j] && !hr->kept[j];
  if (fresh <= prune_at) return;
  /* one solver: act(r, i) -> cand_i and neg_i -> !cand_i for the live
   * ones; "the others imply cand_j" is unsat under neg_j and the others'
   * act literals */
  zb_solver *s = zb_solver_new(z);
  zb_solver_set_deadline(s, clp_wall_cap(until));
  const clp_term **neg = NEW_N(const clp_term *, hr->n + 1);
  for (int i = 0; i < hr->n; i++) {
    if (!hr->alive[i]) continue;
    neg[i] = clp_var(clp_fmt("hou!neg!%d!%d", r, i), clp_sort_bool());
    zb_assert(s, clp_f_implies(clp_f_lit(act(r, i), false, clp_nopos),
                               clp_f_lit(hr->cand[i], false, clp_nopos)));
    zb_assert(s, clp_f_implies(clp_f_lit(neg[i], false, clp_nopos),
                               clp_f_lit(hr->cand[i], true, clp_nopos)));
  }
  const clp_term **lits = NEW_N(const clp_term *, hr->n + 1);
  char *drop = NEW_ATOMIC_N(char, hr->n + 1);
  memset(drop, 0, (size_t)hr->n + 1);
  for (int pass = 0; pass < 2; pass++)
    for (int j = hr->n - 1; j >= 0; j--) {
      if (!hr->alive[j] || hr->kept[j] || (hr->cand[j]->op == CLP_EQ) != pass)
        continue;
      if (clp_expired() || clp_cpu_now() > until) goto done;
      int m = 0;
      for (int i = 0; i < hr->n; i++)
        if (i != j && hr->alive[i] && !drop[i]) lits[m++] = act(r, i);
      if (!m) continue;
      lits[m++] = neg[j];
      if (zb_check_assuming(s, m, lits) == ZB_UNSAT) drop[j] = hr->kept[j] = 1;
    }
done:
  zb_solver_free(s);
}

/* The candidates: templates, the atoms of the rules, the affine
 * equalities (first run only), and the atoms of alpha generalised. */
static void grow(rfn_houdini *h, const clp_rs *rs, const abs_alpha *alpha) {
  if (!h->seeded) {
    seed(h, rs);
    for (int i = 0; i < rs->nrels; i++)
      if (rs->rels[i] != rs->goal) seed_own(h, rs->rels[i]);
    for (int i = 0; i < rs->nrels; i++) {
      const clp_term **atoms = NULL;
      int cap = 0, n = clp_f_atoms(rs->rels[i]->body, &atoms, 0, &cap);
      clp_f_calls(rs->rels[i]->body, seed_call, &(seed_ctx){h, rs, atoms, n});
    }
    /* affine equalities last, past the cap (RFN_AFFINE_MAX a relation),
     * so earlier candidates keep their places; in a Z3 context of their
     * own: queries in the shared one change the models and interpolants
     * it gives later (tests/c-nested/gen_nested_6_safe.c: safe in 17 s
     * without them, a 40 s timeout with them there, no candidate found) */
    /* a generous clock: on a loaded machine a tight one drops candidates
     * and makes the run depend on the load (tests/c/for_safe.c) */
    double until = clp_cpu_now() + 5 * h->budget;
    zb_ctx *za = zb_ctx_new();
    for (int i = 0; i < rs->nrels; i++) {
      const clp_term **eqs = NULL;
      int n = rfn_affine_cands(za, rs->rels[i], rs->nrels, until, &eqs);
      for (int j = 0; j < n; j++)
        add_cand_upto(h, i, eqs[j], H_MAX_CANDS + RFN_AFFINE_MAX);
    }
    zb_ctx_free(za);
    h->seeded = 1;
  }
  for (int i = 0; i < rs->nrels; i++) {
    const abs_rel *ar = &alpha->rels[i];
    for (int j = 0; j < ar->natoms; j++) generalise(h, i, ar->atoms[j], false);
  }
}

/* Houdini's fixpoint over the live candidates: true when every check was
 * decided within the run's clock. */
static bool fixpoint(zb_ctx *z, rfn_houdini *h, const clp_rs *rs,
                     rfn_houdini_stats *st) {
  hrun run = {NEW_N(zb_solver *, h->nrels), act_model(h),
              clp_cpu_now() + h->budget, 0};
  bool ok = true;
  for (bool changed = true; changed && ok;) {
    changed = false;
    for (int i = 0; i < rs->nrels && ok; i++) {
      const clp_rel *r = rs->rels[i];
      if (r == rs->goal) continue;
      int d = check_rule(z, h, &run, r);
      ok = d >= 0;
      changed |= d > 0;
    }
  }
  for (int i = 0; i < h->nrels; i++)
    if (run.s[i]) zb_solver_free(run.s[i]);
  st->queries = run.queries;
  return ok;
}

int rfn_houdini_run(zb_ctx *z, rfn_houdini *h, const clp_rs *rs,
                    abs_alpha *alpha, rfn_houdini_stats *st) {
  memset(st, 0, sizeof *st);
  grow(h, rs, alpha);
  if (!h->grown || h->failures >= 2) return 0;
  if (h->wait > 0) { h->wait--; return 0; }
  h->grown = 0;
  for (int i = 0; i < h->nrels; i++) {
    hrel *hr = &h->rels[i];
    for (int j = 0; j < hr->n; j++) {
      hr->alive[j] = !hr->dead[j];
      st->candidates += !hr->dead[j];
    }
  }
  if (!fixpoint(z, h, rs, st)) {
    h->failures++;
    st->abandoned = 1;
    return 0;
  }
  /* pruning has a clock of its own: the checks above may have used up
   * theirs, and an unpruned batch is kept whole, which changes the run */
  double puntil = clp_cpu_now() + 2 * h->budget;
  for (int i = 0; i < h->nrels; i++) {
    hrel *hr = &h->rels[i];
    prune(z, hr, i, h->prune_at, puntil);
    for (int j = 0; j < hr->n; j++) {
      hr->dead[j] = !hr->alive[j];
      if (!hr->alive[j] || hr->kept[j]) continue;
      hr->kept[j] = 1;
      st->invariant++;
      if (abs_add_atom(alpha, rs->rels[i], hr->cand[j])) st->added++;
    }
  }
  /* fruitless runs double the number of calls skipped before the next */
  if (st->added) h->skip = 0;
  else h->wait = h->skip = h->skip ? 2 * h->skip : 1;
  return st->added;
}
