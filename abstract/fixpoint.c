/* fixpoint.c -- the least model of [[P]]alpha by Kleene iteration in rounds:
 * R^0 = empty, R^{k+1}_r = F_r(R^k) for all r at once, where
 *   F_r(R)(P) = exists V. [[body_r]](R) /\ [[alpha^e_r]] /\ AND_i P_i <-> V_i
 * and a call c(t) in [[body_r]] is R_c with P_i := [[h_i^c[x := t]]].
 * Every round is kept, so that a derivation of minimal height can be read
 * off (derive.c); at the fixpoint the model is concretised (concretise.c). */
#include "abstract/absint.h"
#include "clp/vec.h"

/* Contract: *out = [[n]] under the relations R (referenced). */
abs_status abs_body(const bprog *p, const bnode *n, const BDD *R, bool quant,
                    BDD *out) {
  abs_status s = ABS_OK;
  switch (n->kind) {
  case CLP_F_TRUE: *out = bdd_addref(bddtrue); return ABS_OK;
  case CLP_F_FALSE: *out = bdd_addref(bddfalse); return ABS_OK;
  case CLP_F_LIT:
    *out = bdd_addref(n->neg ? bdd_nithvar(n->var) : bdd_ithvar(n->var));
    return ABS_OK;
  case CLP_F_CALL:
    if (abs_eqmode())
      *out = bdd_addref(bdd_appex(R[n->callee], n->eq, bddop_and, p->pset));
    else
      *out = bdd_addref(bdd_veccompose(R[n->callee], n->pair));
    return abs_check();
  case CLP_F_AND:
  case CLP_F_OR: {
    bool and = n->kind == CLP_F_AND;
    BDD unit = and ? bddtrue : bddfalse, zero = and ? bddfalse : bddtrue;
    BDD acc = bdd_addref(unit);
    for (int i = 0; i < n->n && acc != zero; i++) {
      BDD x;
      s = abs_body(p, n->kids[i], R, quant, &x);
      if (s != ABS_OK) break;
      BDD y = quant && n->quant && n->quant[i] != bddtrue
                  ? bdd_addref(bdd_appex(acc, x, bddop_and, n->quant[i]))
                  : bdd_addref(bdd_apply(acc, x, and ? bddop_and : bddop_or));
      bdd_delref(x);
      bdd_delref(acc);
      acc = y;
      if ((s = abs_check()) != ABS_OK) break;
    }
    *out = acc;
    return s;
  }
  }
  *out = bdd_addref(bddfalse);
  return ABS_OK;
}

/* Contract: *out = F_r(R) over P_0 .. P_{nif-1} (referenced). */
abs_status abs_apply_rule(const bprog *p, const brule *b, const BDD *R,
                          BDD *out) {
  BDD body;
  abs_status s = abs_body(p, b->body, R, true, &body);
  if (s != ABS_OK) {
    *out = body;
    return s;
  }
  /* exists V. body /\ exp /\ heq, the locals quantified as early as
   * compile.c planned: in the body, after the last explicated clause
   * naming them, with heq (the conjunction of it all can be orders of
   * magnitude larger than the result: nay-horn/CONST_sum_9_15, 6.4
   * million nodes and 33 s for a result of 27 nodes) */
  for (int i = 0; i < b->nexp && body != bddfalse; i++) {
    BDD t = b->expq[i] != bddtrue
                ? bdd_addref(bdd_appex(body, b->exps[i], bddop_and, b->expq[i]))
                : bdd_addref(bdd_apply(body, b->exps[i], bddop_and));
    bdd_delref(body);
    body = t;
    if ((s = abs_check()) != ABS_OK) {
      *out = body;
      return s;
    }
  }
  *out = bdd_addref(bdd_appex(body, b->heq, bddop_and, b->vset));
  bdd_delref(body);
  return abs_check();
}

/* ------------------------------------------------------------ the rounds */

typedef struct rounds {
  int n, cap, nrels;
  BDD **R;        /* R[k][r], referenced */
  char **changed; /* changed[k][r]: R[k][r] != R[k-1][r] */
} rounds;

static void push_round(rounds *rd) {
  int old = rd->cap;
  VEC_RESERVE(BDD *, rd->R, rd->n, rd->cap, 1);
  if (rd->cap != old) VEC_FIT(char *, rd->changed, rd->cap);
  BDD *r = NEW_ATOMIC_N(BDD, rd->nrels);
  char *c = NEW_ATOMIC_N(char, rd->nrels);
  for (int i = 0; i < rd->nrels; i++) r[i] = bddfalse, c[i] = 0;
  rd->R[rd->n] = r;
  rd->changed[rd->n] = c;
  rd->n++;
}

static void free_rounds(rounds *rd) {
  for (int k = 0; k < rd->n; k++)
    for (int i = 0; i < rd->nrels; i++) bdd_delref(rd->R[k][i]);
  rd->n = 0;
}

/* Round k+1 from round k; *moved: some relation changed. */
static abs_status next_round(const bprog *p, rounds *rd, bool *moved) {
  int k = rd->n - 1;
  push_round(rd);
  BDD *cur = rd->R[k], *nxt = rd->R[k + 1];
  *moved = false;
  for (int r = 0; r < p->nrels; r++) {
    const brule *b = &p->rules[r];
    bool stale = k == 0;
    for (int i = 0; i < b->ncallees && !stale; i++)
      stale = rd->changed[k][b->callees[i]];
    if (!stale) {
      nxt[r] = bdd_addref(cur[r]);
      continue;
    }
    abs_status s = abs_apply_rule(p, b, cur, &nxt[r]);
    if (s != ABS_OK) return s;
    if (nxt[r] != cur[r]) rd->changed[k + 1][r] = 1, *moved = true;
  }
  return ABS_OK;
}

/* At the fixpoint R: inv[r] = gamma(R_r), inv[goal] = false. */
static void fill_inv(const bprog *p, const BDD *R, abs_result *out) {
  out->inv = NEW_N(const clp_formula *, p->nrels);
  for (int r = 0; r < p->nrels; r++) {
    const abs_rel *ar = &p->a->rels[r];
    out->inv[r] = abs_concretise(p, R[r], ar->natoms, ar->atoms);
  }
  out->inv[p->rs->goal->id] = clp_f_false();
}

static abs_status iterate(const bprog *p, rounds *rd, abs_result *out) {
  int goal = p->rs->goal->id;
  push_round(rd); /* R^0 = empty */
  for (;;) {
    abs_status s = abs_check();
    if (s != ABS_OK) return s;
    int k = rd->n - 1;
    if (rd->R[k][goal] != bddfalse) {
      out->goal_holds = true;
      out->rounds = k;
      out->bdd_nodes = bdd_anodecount(rd->R[k], rd->nrels);
      return abs_derive(p, rd->R, k, &out->trace, &out->tuple);
    }
    bool moved;
    s = next_round(p, rd, &moved);
    if (s != ABS_OK) return s;
    if (!moved) {
      out->goal_holds = false;
      out->rounds = k + 1;
      out->bdd_nodes = bdd_anodecount(rd->R[k], rd->nrels);
      fill_inv(p, rd->R[k], out);
      return abs_check();
    }
  }
}

/* Contract (abs.h): least model of [[rs]]a, deterministic; *out filled on
 * ABS_OK.  All BDDs are released before returning; after a BuDDy error the
 * BDD package is restarted on the next call. */
abs_status abs_solve(const clp_rs *rs, const abs_alpha *a, abs_result *out) {
  memset(out, 0, sizeof *out);
  if (!rs || !rs->goal || !a || a->nrels != rs->nrels) return ABS_ERROR;
  if (!abs_bdd_ready()) return ABS_MEMOUT;
  abs_bdd_clear();
  if (clp_expired()) return ABS_TIMEOUT;
  bprog p;
  rounds rd = {0, 0, rs->nrels, NULL, NULL};
  abs_status s = abs_compile(rs, a, &p);
  if (s == ABS_OK) s = iterate(&p, &rd, out);
  if (abs_bdd_status() != ABS_OK) {
    s = (abs_status)abs_bdd_status();
    abs_bdd_reset();
  } else {
    free_rounds(&rd);
    abs_release(&p);
    if (abs_bdd_status() != ABS_OK) { /* a reference bug: start afresh */
      abs_bdd_reset();
      if (s == ABS_OK) s = ABS_ERROR;
    }
  }
  if (s != ABS_OK) memset(out, 0, sizeof *out);
  return s;
}
