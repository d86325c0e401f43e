/* idx_engine.c -- the indexed engine's fixpoint: abstract values as BuDDy
 * BDDs over predicate variables, images part by part (idx_parts) by Z3
 * all-solutions enumeration with blocking clauses (TOCL eq. 23/26 and
 * section 10) in one solver per part, Kleene iteration over all relations
 * without the frontier optimisation (Remark 6.3). */
#include <bdd.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abstract/abs.h"
#include "clp/vec.h"
#include "indexed/idx.h"

typedef struct eng {
  const clp_rs *rs;
  const idx_preds *t;         /* the index variables and predicates */
  const eng_opts *o;
  eng_stats *st;
  int *base;                  /* first BDD variable of relation r */
  const clp_term ***pv;       /* per relation: its predicate Booleans */
  BDD *psi;                   /* per relation: current value (referenced) */
  zb_ctx *z;
  const char *fail;           /* reason for unknown, NULL while fine */
  int stop_after;             /* fault injection for tests (0 = off) */
  int *npreds;                /* per relation: its predicates ... */
  const clp_term ***preds;    /* ... those of t, or the seeds of seed() */
  struct part **parts;        /* per relation: its parts (NULL: not yet) */
  int *nparts;
  zb_solver **solvers;        /* every part's solver, to free */
  int nsolvers, csolvers;
} eng;

/* The image query of one part of a rule is split in two.  What does not
 * change between iterations is asserted once, in the part's own solver:
 * p_j <-> phi_j, the part with each call replaced by a Boolean "lit", the
 * instances of the axioms, and for each instance s of each call c(t) one
 * Boolean q_j per predicate of c with q_j <-> pred_j[formals := t, s].
 * Building and converting the instantiated predicates once instead of the
 * instantiated gamma at every image was most of the run time.
 *
 * The solver is never popped, so that what Z3 learns (theory lemmas
 * between the atoms) serves every image.  Values only grow, and that
 * makes the rest incremental too:
 * - the callee's value psi_c (gamma instantiated is psi_c over the
 *   instantiated predicates): per instance s a chain of Booleans m_v, one
 *   per version v of psi_c seen, with m_v -> m_(v-1) \/ D_v(q_s) asserted
 *   for good, D_v between the cubes new in version v and psi_c (BuDDy's
 *   restrict of psi_c to the complement of version v-1).  So m_v holds
 *   only when q_s is in psi_c version v, and each version converts only
 *   its new part.  An image assumes act_v, with act_v /\ lit -> AND_s m_v;
 *   a call whose callee is still empty assumes !lit.
 * - the cubes known (acc): a cube of the head's value never has to be
 *   found again, so blocking it is asserted for good, and per image only
 *   the cubes not blocked yet in this solver (found by other parts, or
 *   by this one in earlier images) are excluded. */
typedef struct icall {
  const clp_formula *call;    /* the call c(t) in the part */
  const clp_rel *callee;
  const clp_term *lit;
  int ninst;
  const clp_term ***q;        /* per instance: callee's npreds Booleans */
  BDD seen;                   /* the value of the callee encoded (ref'd) */
  int version;                /* versions of it encoded so far */
  const clp_term **m;         /* per instance: m_version, NULL at 0 */
  const clp_term *act;        /* act_version, NULL at 0 */
} icall;

typedef struct part {
  zb_solver *s;
  int ncalls, ccalls;
  icall *calls;
  BDD blocked;                /* the head's cubes excluded for good (ref'd) */
} part;

/* A relation without given predicates gets, as unindexed predicates, the
 * atoms of its rule that are over its formals only (e.g. cond = 0 for a
 * C assume/assert wrapper), at most IDX_MAX_SEEDS of them. */
#define IDX_MAX_SEEDS 8
static void seed(eng *e, const clp_rel *r) {
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

/* ---------------------------------------------------------- BDD -> formula */
/* Shannon expansion of psi with variable base+j read as lit[j], constant
 * branches simplified; memo by node (open addressing on the node). */
typedef struct memo { unsigned n, cap; BDD *k; const clp_formula **v; } memo;

static unsigned memo_slot(const memo *m, BDD r) {
  unsigned i = ((unsigned)r * 2654435761u) & (m->cap - 1);
  while (m->v[i] && m->k[i] != r) i = (i + 1) & (m->cap - 1);
  return i;
}

static void memo_put(memo *m, BDD r, const clp_formula *f) {
  if (2 * (m->n + 1) > m->cap) {
    memo o = *m;
    m->cap = o.cap ? 2 * o.cap : 64;
    m->n = 0;
    m->k = NEW_ATOMIC_N(BDD, m->cap);
    m->v = NEW_N(const clp_formula *, m->cap);
    memset(m->v, 0, sizeof *m->v * m->cap);
    for (unsigned i = 0; i < o.cap; i++)
      if (o.v[i]) memo_put(m, o.k[i], o.v[i]);
  }
  unsigned i = memo_slot(m, r);
  m->k[i] = r;
  m->v[i] = f;
  m->n++;
}

static const clp_formula *to_f(memo *m, BDD r, int base, const clp_term **lit) {
  if (r == bddtrue) return clp_f_true();
  if (r == bddfalse) return clp_f_false();
  if (m->cap) {
    unsigned i = memo_slot(m, r);
    if (m->v[i]) return m->v[i];
  }
  const clp_term *h = lit[bdd_var(r) - base];
  const clp_formula *hi = to_f(m, bdd_high(r), base, lit);
  const clp_formula *lo = to_f(m, bdd_low(r), base, lit);
  const clp_formula *p = clp_f_lit(h, false, clp_nopos);
  const clp_formula *n = clp_f_lit(h, true, clp_nopos);
  const clp_formula *f;
  if (hi->kind == CLP_F_TRUE) f = clp_f_or2(p, lo);
  else if (lo->kind == CLP_F_TRUE) f = clp_f_or2(n, hi);
  else if (hi->kind == CLP_F_FALSE) f = clp_f_and2(n, lo);
  else if (lo->kind == CLP_F_FALSE) f = clp_f_and2(p, hi);
  else f = clp_f_or2(clp_f_and2(p, hi), clp_f_and2(n, lo));
  memo_put(m, r, f);
  return f;
}

static const clp_formula *bdd_formula(BDD r, int base, const clp_term **lit) {
  memo m = {0, 0, NULL, NULL};
  return to_f(&m, r, base, lit);
}

/* gamma of every relation's current value, over formals and index. */
static const clp_formula **gammas(eng *e) {
  const clp_rs *rs = e->rs;
  const clp_formula **g = NEW_N(const clp_formula *, rs->nrels);
  for (int i = 0; i < rs->nrels; i++)
    g[i] = e->psi[i] == bddfalse ? NULL
           : bdd_formula(e->psi[i], e->base[i], e->preds[i]);
  return g;
}

/* -------------------------------------------------------------- the image */
/* f with each call replaced by the literal of a new icall of pt. */
static const clp_formula *skeleton(const clp_rel *r, int ip, part *pt,
                                   const clp_formula *f) {
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR) {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = skeleton(r, ip, pt, f->kids[i]);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  if (f->kind != CLP_F_CALL) return f;
  char name[96];
  snprintf(name, sizeof name, "c#%d#%d#%d", r->id, ip, pt->ncalls);
  VEC_RESERVE(icall, pt->calls, pt->ncalls, pt->ccalls, 1);
  icall *c = &pt->calls[pt->ncalls++];
  c->call = f;
  c->callee = f->rel;
  c->lit = clp_var(clp_strdup(name), clp_sort_bool());
  c->ninst = 0;
  c->q = NULL;
  c->seen = bddfalse;
  c->version = 0;
  c->m = NULL;
  c->act = NULL;
  return clp_f_lit(c->lit, false, f->pos);
}

/* Part ip of r's rule with its solver and the assertions that stay. */
static void part_init(eng *e, const clp_rel *r, int ip, const clp_formula *f,
                      const clp_term **hx, const clp_term **phi, part *pt) {
  int k = e->npreds[r->id];
  const clp_term **terms;
  int nt = idx_terms(r, f, idx_preds_of(e->t, r)->nindex, hx, k, phi, &terms);
  if (nt > e->st->idx_terms) e->st->idx_terms = nt;
  pt->ncalls = pt->ccalls = 0;
  pt->calls = NULL;
  pt->blocked = bddfalse;
  const clp_formula *sk = skeleton(r, ip, pt, f);
  zb_solver *s = pt->s = zb_solver_new(e->z);
  zb_solver_tune_enum(s);
  VEC_PUSH(zb_solver *, e->solvers, e->nsolvers, e->csolvers, s);
  for (int j = 0; j < k; j++)
    zb_assert_term(s, clp_eq(e->pv[r->id][j], phi[j]));
  zb_assert(s, sk);
  zb_assert(s, idx_axioms(e->rs, nt, terms, &e->st->idx_instances));
  for (int ic = 0; ic < pt->ncalls; ic++) {
    icall *c = &pt->calls[ic];
    clp_subst **sub;
    int n = idx_call_substs(e->t, c->call, nt, terms, &sub);
    int kc = e->npreds[c->callee->id];
    c->ninst = n;
    c->q = NEW_N(const clp_term **, n);
    c->m = NEW_N(const clp_term *, n > 0 ? n : 1);
    e->st->idx_instances += n;
    for (int m = 0; m < n; m++) {
      c->q[m] = NEW_N(const clp_term *, kc);
      for (int j = 0; j < kc; j++) {
        char name[96];
        snprintf(name, sizeof name, "q#%d#%d#%d#%d#%d", r->id, ip, ic, m, j);
        c->q[m][j] = clp_var(clp_strdup(name), clp_sort_bool());
        zb_assert_term(s, clp_eq(c->q[m][j], clp_subst_term(
                                     sub[m], e->preds[c->callee->id][j])));
      }
    }
  }
}

/* A fresh Boolean variable "tag#r#ip#ic#a#b" (names are unique per
 * solver, and each part has its own solver). */
static const clp_term *fresh_bool(const char *tag, const clp_rel *r, int ip,
                                  int ic, int a, int b) {
  char name[96];
  snprintf(name, sizeof name, "%s#%d#%d#%d#%d#%d", tag, r->id, ip, ic, a, b);
  return clp_var(clp_strdup(name), clp_sort_bool());
}

/* A BDD (referenced) between now \ old and now, for old below now: now
 * restricted to the complement of old (BuDDy's bdd_simplify), usually
 * smaller than now. */
static BDD restrict_new(BDD now, BDD old) {
  if (old == bddfalse) return bdd_addref(now);
  BDD care = bdd_addref(bdd_not(old));
  BDD d = bdd_addref(bdd_simplify(now, care));
  bdd_delref(care);
  return d;
}

/* Encodes the current value of c's callee in the solver of part ip of r
 * (a new version of the m chains, see above) unless it is encoded. */
static void encode_callee(eng *e, const clp_rel *r, int ip, int ic,
                          part *pt) {
  icall *c = &pt->calls[ic];
  int id = c->callee->id;
  if (e->psi[id] == c->seen) return;
  BDD d = restrict_new(e->psi[id], c->seen);
  int v = ++c->version;
  const clp_formula **acts = NEW_N(const clp_formula *, c->ninst + 1);
  for (int m = 0; m < c->ninst; m++) {
    const clp_term *mv = fresh_bool("m", r, ip, ic, m, v);
    const clp_formula *dq = bdd_formula(d, e->base[id], c->q[m]);
    if (c->m[m]) dq = clp_f_or2(clp_f_lit(c->m[m], false, clp_nopos), dq);
    zb_assert(pt->s, clp_f_implies(clp_f_lit(mv, false, clp_nopos), dq));
    c->m[m] = mv;
    acts[m] = clp_f_lit(mv, false, clp_nopos);
  }
  bdd_delref(d);
  c->act = fresh_bool("act", r, ip, ic, 0, v);
  zb_assert(pt->s, clp_f_implies(
                       clp_f_and2(clp_f_lit(c->act, false, clp_nopos),
                                  clp_f_lit(c->lit, false, clp_nopos)),
                       clp_f_and(c->ninst, acts, clp_nopos)));
  bdd_delref(c->seen);
  c->seen = bdd_addref(e->psi[id]);
}

/* Adds to *acc (referenced) the new predicate cubes of part ip of r's
 * rule: under the assumptions of its calls (the callees' current values)
 * and with the cubes of *acc excluded, enumerated with blocking clauses. */
static void image_part(eng *e, const clp_rel *r, int ip, BDD *acc) {
  part *pt = &e->parts[r->id][ip];
  int k = e->npreds[r->id];
  zb_solver *s = pt->s;
  const clp_term **as = NEW_N(const clp_term *, pt->ncalls > 0 ? pt->ncalls : 1);
  for (int i = 0; i < pt->ncalls; i++) {
    icall *c = &pt->calls[i];
    if (e->psi[c->callee->id] == bddfalse) {
      as[i] = clp_not(c->lit);
      continue;
    }
    encode_callee(e, r, ip, i, pt);
    as[i] = c->act;
  }
  if (*acc != pt->blocked) {
    /* not in acc, for the part of acc not yet excluded here */
    BDD d = restrict_new(*acc, pt->blocked);
    BDD nd = bdd_addref(bdd_not(d));
    zb_assert(s, bdd_formula(nd, e->base[r->id], e->pv[r->id]));
    bdd_delref(nd);
    bdd_delref(d);
  }
  for (;;) {
    zb_result res = zb_check_assuming(s, pt->ncalls, as);
    e->st->idx_queries++;
    if (res == ZB_UNSAT) break;
    if (res != ZB_SAT) {
      e->fail = clp_expired() ? "timeout" : "Z3 answered unknown on an image";
      break;
    }
    e->st->idx_models++;
    BDD cube = bddtrue;
    const clp_formula **lits = NEW_N(const clp_formula *, k);
    for (int j = 0; j < k; j++) {
      const clp_value *v = zb_model_eval(s, e->pv[r->id][j]);
      bool b = v && v->kind == CLP_V_BOOL && v->b;
      BDD l = b ? bdd_ithvar(e->base[r->id] + j)
                : bdd_nithvar(e->base[r->id] + j);
      BDD c2 = bdd_addref(bdd_and(cube, l));
      bdd_delref(cube);
      cube = c2;
      lits[j] = clp_f_lit(e->pv[r->id][j], !b, clp_nopos);
    }
    BDD a2 = bdd_addref(bdd_or(*acc, cube));
    bdd_delref(*acc);
    bdd_delref(cube);
    *acc = a2;
    if (k == 0) break; /* true: nothing left to block */
    /* block the cube for good: not (l_1 /\ ... /\ l_k) */
    zb_assert(s, clp_f_not(clp_f_and(k, lits, clp_nopos)));
  }
  /* every cube of *acc is now excluded here (unless it ended early) */
  if (!e->fail && *acc != bddtrue) {
    bdd_delref(pt->blocked);
    pt->blocked = bdd_addref(*acc);
  }
}

/* psi_r \/ the image of r's rule, part by part (idx_parts), each part's
 * query excluding the cubes already known (referenced). */
static BDD image(eng *e, const clp_rel *r) {
  clp_timer t0 = clp_timer_start();
  e->st->idx_images++;
  int k = e->npreds[r->id];
  if (!e->parts[r->id]) {
    const idx_rel_preds *ip = idx_preds_of(e->t, r);
    const clp_term **hx = idx_head_vars(e->t, r);
    const clp_term **phi = NEW_N(const clp_term *, k);
    for (int j = 0; j < k; j++)
      phi[j] = clp_subst_args(e->preds[r->id][j], ip->nindex, ip->index, hx);
    const clp_formula **fs;
    int np = idx_parts(r, &fs);
    e->parts[r->id] = NEW_N(part, np);
    for (int i = 0; i < np; i++)
      part_init(e, r, i, fs[i], hx, phi, &e->parts[r->id][i]);
    e->nparts[r->id] = np;
  }
  BDD acc = bdd_addref(e->psi[r->id]);
  for (int i = 0; i < e->nparts[r->id] && !e->fail && acc != bddtrue; i++)
    image_part(e, r, i, &acc);
  clp_timer_add(t0, &e->st->t_abstract);
  return acc;
}

/* The relations called in f. */
static void callees(const clp_formula *f, bool *out) {
  if (f->kind == CLP_F_CALL) out[f->rel->id] = true;
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++) callees(f->kids[i], out);
}

/* ------------------------------------------------------------- the solver */
/* The predicates of every relation (seed), one BDD variable and one
 * predicate Boolean per predicate; false when BuDDy cannot start. */
static bool setup(eng *e, eng_result *out) {
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
    out->reason = "internal error: BuDDy could not be initialised";
    return false;
  }
  e->psi = NEW_ATOMIC_N(BDD, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) e->psi[i] = bddfalse;
  e->z = zb_ctx_new();
  e->parts = NEW_N(part *, rs->nrels);
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
    callees(rs->rels[i]->body, s.calls[i]);
  }
  return s;
}

/* Iteration k: R_k from R_{k-1}.  Sets *changed; false when it failed
 * (e->fail set, the values unchanged). */
static bool iterate(eng *e, sched *s, int k, bool *changed) {
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
    s->next[done] = image(e, rs->rels[done]);
    *changed |= s->next[done] != e->psi[done];
  }
  if (e->fail) {
    for (int i = 0; i < done; i++) bdd_delref(s->next[i]);
    return false;
  }
  if (abs_bdd_failed()) {
    for (int i = 0; i < rs->nrels; i++) bdd_delref(s->next[i]);
    e->fail = "BDD node limit reached";
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
static void trace(const eng *e, int k, bool changed) {
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
              : clp_f_str(bdd_formula(e->psi[i], e->base[i], e->preds[i])));
}

/* Kleene iteration from empty until stable (or the goal derivable with
 * o->idx_goal_stop, or a failure); returns the iterations made. */
static int fixpoint(eng *e) {
  const eng_opts *o = e->o;
  sched s = sched_new(e->rs);
  int k = 0;
  for (;; k++) {
    if (clp_expired()) { e->fail = "timeout"; break; }
    if (o->max_iterations && k > o->max_iterations) {
      e->fail = "iteration limit";
      break;
    }
    bool changed;
    if (!iterate(e, &s, k, &changed)) break;
    if (o->verbose) trace(e, k, changed);
    if (!changed || k + 1 == e->stop_after) break;
    /* the goal derivable now stays derivable in the least fixpoint */
    if (o->idx_goal_stop && e->psi[e->rs->goal->id] != bddfalse) break;
  }
  return k;
}

/* Frees the solvers and BDDs; the verdict from the values. */
static void finish(eng *e, eng_result *out) {
  const clp_rs *rs = e->rs;
  for (int i = 0; i < rs->nrels; i++)
    for (int j = 0; e->parts[i] && j < e->nparts[i]; j++) {
      part *pt = &e->parts[i][j];
      bdd_delref(pt->blocked);
      for (int c = 0; c < pt->ncalls; c++) bdd_delref(pt->calls[c].seen);
    }
  for (int i = 0; i < e->nsolvers; i++) zb_solver_free(e->solvers[i]);
  zb_ctx_free(e->z);
  if (e->fail) {
    out->reason = e->fail;
  } else if (e->psi[rs->goal->id] != bddfalse) {
    out->abstract_goal = true;
    out->reason = "the goal is reachable in the indexed abstraction "
                  "(predicates missing, or the program is unsafe)";
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
  eng e;
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
