/* idx_image.c -- the indexed engine's image (idx_int.h): per part of a
 * rule (idx_parts), the head's new predicate cubes under the callees'
 * values, by Z3 all-solutions enumeration with blocking clauses (TOCL
 * eq. 23/26 and section 10) in one solver per part. */
#include <stdio.h>

#include "clp/vec.h"
#include "indexed/idx_int.h"

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

typedef struct idx_part {
  zb_solver *s;
  int ncalls, ccalls;
  icall *calls;
  BDD blocked;                /* the head's cubes excluded for good (ref'd) */
} part;

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
static void part_init(idx_eng *e, const clp_rel *r, int ip,
                      const clp_formula *f, const clp_term **hx,
                      const clp_term **phi, part *pt) {
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


/* Encodes the current value of c's callee in the solver of part ip of r
 * (a new version of the m chains, see above) unless it is encoded. */
static void encode_callee(idx_eng *e, const clp_rel *r, int ip, int ic,
                          part *pt) {
  icall *c = &pt->calls[ic];
  int id = c->callee->id;
  if (e->psi[id] == c->seen) return;
  BDD d = idx_bdd_restrict(e->psi[id], c->seen);
  int v = ++c->version;
  const clp_formula **acts = NEW_N(const clp_formula *, c->ninst + 1);
  for (int m = 0; m < c->ninst; m++) {
    const clp_term *mv = fresh_bool("m", r, ip, ic, m, v);
    const clp_formula *dq = idx_bdd_formula(d, e->base[id], c->q[m]);
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
static void image_part(idx_eng *e, const clp_rel *r, int ip, BDD *acc) {
  part *pt = &e->parts[r->id][ip];
  int k = e->npreds[r->id];
  zb_solver *s = pt->s;
  const clp_term **as =
      NEW_N(const clp_term *, pt->ncalls > 0 ? pt->ncalls : 1);
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
    BDD d = idx_bdd_restrict(*acc, pt->blocked);
    BDD nd = bdd_addref(bdd_not(d));
    zb_assert(s, idx_bdd_formula(nd, e->base[r->id], e->pv[r->id]));
    bdd_delref(nd);
    bdd_delref(d);
  }
  for (;;) {
    zb_result res = zb_check_assuming(s, pt->ncalls, as);
    e->st->idx_queries++;
    if (res == ZB_UNSAT) break;
    if (res != ZB_SAT) {
      e->fail = clp_expired() ? ENG_R_TIMEOUT : ENG_R_Z3_IMAGE;
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

BDD idx_image(idx_eng *e, const clp_rel *r) {
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

void idx_image_free(idx_eng *e) {
  for (int i = 0; i < e->rs->nrels; i++)
    for (int j = 0; e->parts[i] && j < e->nparts[i]; j++) {
      part *pt = &e->parts[i][j];
      bdd_delref(pt->blocked);
      for (int c = 0; c < pt->ncalls; c++) bdd_delref(pt->calls[c].seen);
    }
  for (int i = 0; i < e->nsolvers; i++) zb_solver_free(e->solvers[i]);
}
