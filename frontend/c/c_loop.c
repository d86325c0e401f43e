/* c_loop.c -- loops of the C unit to rule sets (c_trans.c): the default
 * encoding as a pair of tail-recursive relations E_f$loopN / T_f$loopN
 * over the variables in scope (the loop's signature: what it reads and
 * modifies), or with --c-loops=forward a loop head relation I_f$loopN
 * reached from the path before the loop. */
#include <stdio.h>
#include <string.h>

#include "frontend/c/c_trans.h"

static const clp_term **pick(const clp_term **env, int n, const int *ix) {
  const clp_term **a = NEW_N(const clp_term *, n);
  for (int i = 0; i < n; i++) a[i] = env[ix[i]];
  return a;
}

typedef struct loopsig {
  int nin, *in;              /* slots in scope at the loop */
  int nout, *out;            /* those it may assign */
  const clp_term **outs;     /* T's out formals */
  const clp_term *mode, *rv; /* T's mode and return-value formals, or NULL */
  int nfor; const char **foreign; /* labels it may jump to outside */
  bool ret;                  /* it may return from the function */
  clp_rel *E, *T;
} loopsig;

static void loop_sig(ct_fn *fn, const c_stmt *s, loopsig *L, clp_pos p) {
  ct_ctx *cx = fn->cx;
  ct_scan sc = {0};
  ct_scan_s(&sc, s->body);
  ct_scan_e(&sc, s->e);
  ct_scan_e(&sc, s->step);
  /* a copy: growing a struct copy of sc.assigned would move (and free)
   * the array sc.assigned still points to (cdiff seed 800002400093) */
  ct_names mod = {0};
  for (int i = 0; i < sc.assigned.n; i++) ct_names_add(&mod, sc.assigned.s[i]);
  for (int i = 0; i < sc.calls.n; i++) {
    ct_finfo *g = ct_func(cx, sc.calls.s[i]);
    for (int j = 0; g && j < g->nmod; j++) ct_names_add(&mod, g->mod[j]);
  }
  L->in = NEW_ATOMIC_N(int, fn->nslots);
  L->out = NEW_ATOMIC_N(int, fn->nslots);
  L->nin = L->nout = 0;
  for (int i = 0; i < fn->nscope; i++) {
    int k = fn->scope[i];
    L->in[L->nin++] = k;
    /* globals modified by callees are named by their slot name */
    if (ct_names_has(&sc.assigned, fn->slots[k].cname) ||
        (fn->slots[k].global && ct_names_has(&mod, fn->slots[k].name)))
      L->out[L->nout++] = k;
  }
  L->nfor = 0;
  L->foreign = NEW_N(const char *, sc.gotos.n);
  for (int i = 0; i < sc.gotos.n; i++)
    if (!ct_names_has(&sc.labels, sc.gotos.s[i]) && !ct_is_stuck(fn, sc.gotos.s[i])) {
      ct_label_mode(fn, sc.gotos.s[i]);
      L->foreign[L->nfor++] = sc.gotos.s[i];
    }
  bool ret = L->ret = sc.ret;
  bool nonvoid = fn->f->ret.base != C_VOID;
  int ar = L->nin + L->nout + (ret || L->nfor) + (ret && nonvoid);
  const clp_sort **so = NEW_N(const clp_sort *, ar);
  L->outs = NEW_N(const clp_term *, L->nout);
  for (int i = 0; i < L->nin; i++) so[i] = fn->slots[L->in[i]].sort;
  for (int i = 0; i < L->nout; i++) {
    const ct_slot *sl = &fn->slots[L->out[i]];
    so[L->nin + i] = sl->sort;
    L->outs[i] = clp_var(ct_fmt("%s'", sl->name), sl->sort);
  }
  int n = L->nin + L->nout;
  L->mode = L->rv = NULL;
  if (ret || L->nfor) { so[n++] = clp_sort_int(); L->mode = clp_var("mode$", clp_sort_int()); }
  if (ret && nonvoid) { so[n++] = clp_sort_int(); L->rv = clp_var("ret$", clp_sort_int()); }
  int id = ++fn->nloops;
  L->E = clp_rs_rel(cx->rs, ct_fmt("E_%s$loop%d", fn->fname, id), L->nin, so, p);
  L->T = clp_rs_rel(cx->rs, ct_fmt("T_%s$loop%d", fn->fname, id), ar, so, p);
  int *sl = NEW_ATOMIC_N(int, ar + 1), *fk = NEW_ATOMIC_N(int, ar + 1);
  for (int i = 0; i < L->nin; i++) sl[i] = L->in[i], fk[i] = CT_F_STATE;
  ct_note_rel(fn, L->E, CT_R_LOOP_ERR, p, sl, fk);
  for (int i = 0; i < L->nout; i++) sl[L->nin + i] = L->out[i], fk[L->nin + i] = CT_F_OUT;
  for (int i = L->nin + L->nout; i < ar; i++) sl[i] = -1, fk[i] = CT_F_RET;
  if (L->mode) fk[L->nin + L->nout] = CT_F_MODE;
  ct_note_rel(fn, L->T, CT_R_LOOP_SUM, p, sl, fk);
}

/* The T call's arguments: in-state, outs, mode, rv. */
static const clp_term **t_args(const loopsig *L, const clp_term **in,
                               const clp_term **outs, const clp_term *mode,
                               const clp_term *rv) {
  const clp_term **a = NEW_N(const clp_term *, L->T->arity);
  int n = 0;
  for (int i = 0; i < L->nin; i++) a[n++] = in[i];
  for (int i = 0; i < L->nout; i++) a[n++] = outs[i];
  if (L->mode) a[n++] = mode;
  if (L->rv) a[n++] = rv;
  return a;
}

/* out formals = the state's out slots, mode = m (, rv = r). */
static const clp_formula *exit_eqs(const loopsig *L, const clp_term **env,
                                   int m, const clp_term *r, clp_pos p) {
  const clp_formula *f = clp_f_true();
  for (int i = 0; i < L->nout; i++)
    f = clp_f_and2(f, clp_f_lit(clp_eq(L->outs[i], env[L->out[i]]), false, p));
  if (L->mode) f = clp_f_and2(f, clp_f_lit(clp_eq(L->mode, clp_num(m)), false, p));
  if (L->rv && r) f = clp_f_and2(f, clp_f_lit(clp_eq(L->rv, r), false, p));
  return f;
}

/* The recursive call (next iteration) at the end of block bt. */
static void recurse(ct_fn *fn, ct_blk *bt, const loopsig *L,
                    const clp_term **head_env, clp_pos p) {
  const clp_term **in = pick(bt->env, L->nin, L->in);
  ct_push_exit(fn, bt, CT_ERR, clp_f_call(L->E, in, p), NULL, NULL, p);
  ct_push(bt, clp_f_call(L->T, t_args(L, in, L->outs, L->mode, L->rv), p), p);
  bt->env = ct_env_copy(fn, head_env); /* nothing follows: no phi */
}

/* The default loop encoding (--c-loops=summary: ct_loop_stmt()): the loop head as a forward
 * invariant I(function in-state, state at the head) with an entry clause
 * (the path from the function's entry) and a back-edge clause. */
static void loop_fw(ct_fn *fn, ct_blk *b, const c_stmt *s) {
  ct_ctx *cx = fn->cx;
  clp_pos p = s->pos;
  int mark = fn->nscope;
  if (s->kind == C_S_FOR && s->init) ct_stmt(fn, b, s->init);
  int na = fn->nscope, ar = fn->nin + na;
  int *act = NEW_ATOMIC_N(int, na);
  if (na) memcpy(act, fn->scope, sizeof *act * (size_t)na);
  const clp_sort **so = NEW_N(const clp_sort *, ar);
  for (int i = 0; i < fn->nin; i++) so[i] = fn->in[i]->sort;
  for (int i = 0; i < na; i++) so[fn->nin + i] = fn->slots[act[i]].sort;
  clp_rel *I = clp_rs_rel(cx->rs, ct_fmt("I_%s$loop%d", fn->fname, ++fn->nloops),
                          ar, so, p);
  int *sl = NEW_ATOMIC_N(int, ar + 1), *fk = NEW_ATOMIC_N(int, ar + 1);
  for (int i = 0; i < fn->nin; i++) sl[i] = ct_in_slot(fn, i), fk[i] = CT_F_ENTRY;
  for (int i = 0; i < na; i++) sl[fn->nin + i] = act[i], fk[fn->nin + i] = CT_F_STATE;
  ct_note_rel(fn, I, CT_R_LOOP, p, sl, fk);
  const clp_term **h = NEW_N(const clp_term *, ar);
  if (fn->nin) memcpy(h, fn->in, sizeof *h * (size_t)fn->nin);
  ct_exit x = ct_cut(fn, b, p);
  for (int i = 0; i < na; i++) h[fn->nin + i] = x.env[act[i]];
  clp_rs_add_clause(cx->rs, I, h, x.f, p);
  ct_blk *lb = ct_blk_new(fn, x.env);
  const clp_term **call = NEW_N(const clp_term *, ar);
  if (fn->nin) memcpy(call, fn->in, sizeof *call * (size_t)fn->nin);
  for (int i = 0; i < na; i++) {
    const ct_slot *sl = &fn->slots[act[i]];
    call[fn->nin + i] = lb->env[act[i]] = ct_fresh(cx, sl->name, sl->sort);
  }
  ct_push(lb, clp_f_call(I, call, p), p);
  const clp_formula *back;
  const clp_term **benv;
  if (s->kind == C_S_DO) {
    ct_blk *db = ct_blk_new(fn, lb->env);
    ct_stmt(fn, db, s->body);
    ct_rejoin(fn, db, CT_CONT, NULL, p);
    const clp_term *c = ct_cond(fn, db, s->e);
    clp_pos q = s->e->pos;   /* the test's own line: "} while (c);" */
    back = clp_f_and2(clp_f_and2(ct_fold_normal(lb).f, ct_fold_normal(db).f),
                      clp_f_lit(c, false, q));
    benv = ct_env_copy(fn, db->env);
    ct_splice(fn, lb, db, p);
    ct_push_lit(lb, clp_not(c), q);
  } else {
    const clp_term *c = s->e ? ct_cond(fn, lb, s->e) : clp_true();
    ct_blk *bt = ct_blk_new(fn, lb->env), *be = ct_blk_new(fn, lb->env);
    ct_stmt(fn, bt, s->body);
    ct_rejoin(fn, bt, CT_CONT, NULL, p);
    if (s->step) ct_effect(fn, bt, s->step);
    back = clp_f_and2(clp_f_and2(ct_fold_normal(lb).f, clp_f_lit(c, false, p)),
                      ct_fold_normal(bt).f);
    benv = ct_env_copy(fn, bt->env);
    ct_push(bt, clp_f_false(), p);
    ct_join(fn, lb, c, bt, be, p);
  }
  const clp_term **bh = NEW_N(const clp_term *, ar);
  if (fn->nin) memcpy(bh, fn->in, sizeof *bh * (size_t)fn->nin);
  for (int i = 0; i < na; i++) bh[fn->nin + i] = benv[act[i]];
  clp_rs_add_clause(cx->rs, I, bh, back, p);
  ct_rejoin(fn, lb, CT_BREAK, NULL, p);
  ct_splice(fn, b, lb, p);
  ct_scope_pop(fn, b, mark);
}

void ct_loop_stmt(ct_fn *fn, ct_blk *b, const c_stmt *s) {
  ct_ctx *cx = fn->cx;
  /* Forward only in the function's own block: there a cut of b is the
   * whole path from f's entry.  A block of an if branch, a switch or a
   * loop body holds only its own part of the path (its context lives in
   * the enclosing block), so a loop there gets the summary relations. */
  if (cx->forward && b == fn->root) { loop_fw(fn, b, s); return; }
  clp_pos p = s->pos;
  int mark = fn->nscope;
  if (s->kind == C_S_FOR && s->init) ct_stmt(fn, b, s->init);
  loopsig L;
  loop_sig(fn, s, &L, p);
  /* the loop relations' body, from the loop head */
  const clp_term **env0 = ct_env_copy(fn, b->env);
  for (int i = 0; i < fn->nslots; i++) env0[i] = fn->slots[i].ph;
  const clp_term **formals = NEW_N(const clp_term *, L.nin);
  for (int i = 0; i < L.nin; i++) {
    const ct_slot *sl = &fn->slots[L.in[i]];
    formals[i] = clp_var(sl->name, sl->sort);
    env0[L.in[i]] = formals[i];
  }
  ct_blk *lb = ct_blk_new(fn, env0);
  const clp_term *c;
  ct_blk *bt, *be;
  if (s->kind == C_S_DO) {
    ct_stmt(fn, lb, s->body);
    ct_rejoin(fn, lb, CT_CONT, NULL, p);
    c = ct_cond(fn, lb, s->e);
    bt = ct_blk_new(fn, lb->env);
    be = ct_blk_new(fn, lb->env);
  } else {
    c = s->e ? ct_cond(fn, lb, s->e) : clp_true();
    bt = ct_blk_new(fn, lb->env);
    be = ct_blk_new(fn, lb->env);
    ct_stmt(fn, bt, s->body);
    ct_rejoin(fn, bt, CT_CONT, NULL, p);
    if (s->step) ct_effect(fn, bt, s->step);
  }
  const clp_term **head = ct_env_copy(fn, lb->env);
  recurse(fn, bt, &L, head, p);
  ct_push(be, exit_eqs(&L, be->env, 0, NULL, p), p);
  ct_join(fn, lb, c, bt, be, s->kind == C_S_DO ? s->e->pos : p);
  /* a goto into a block stays an exit: never drop a path */
  for (int i = 0; i < lb->n; i++) {
    const ct_item *it = &lb->items[i];
    bool known = it->kind != CT_GOTO;
    for (int j = 0; j < L.nfor && !known; j++) known = !strcmp(L.foreign[j], it->label);
    if (!known || it->kind == CT_CONT)
      ct_unsup(cx, it->pos, "goto '%s' (backward or into a block)",
               it->label ? it->label : "?");
  }
  /* E_L and T_L */
  const clp_formula **alts = NEW_N(const clp_formula *, 3 + L.nfor);
  int na = 0;
  alts[na++] = ct_fold_normal(lb).f;
  ct_exit x = ct_fold(fn, lb, CT_BREAK, NULL);
  if (x.f->kind != CLP_F_FALSE)
    alts[na++] = clp_f_and2(x.f, exit_eqs(&L, x.env, 0, NULL, p));
  x = ct_fold(fn, lb, CT_RET, NULL);
  if (x.f->kind != CLP_F_FALSE)
    alts[na++] = clp_f_and2(x.f, exit_eqs(&L, x.env, 1, x.rv, p));
  for (int i = 0; i < L.nfor; i++) {
    x = ct_fold(fn, lb, CT_GOTO, L.foreign[i]);
    if (x.f->kind != CLP_F_FALSE)
      alts[na++] = clp_f_and2(x.f, exit_eqs(&L, x.env, ct_label_mode(fn, L.foreign[i]), NULL, p));
  }
  clp_rs_add_clause(cx->rs, L.E, formals, ct_fold(fn, lb, CT_ERR, NULL).f, p);
  clp_rs_add_clause(cx->rs, L.T, t_args(&L, formals, L.outs, L.mode, L.rv),
                    clp_f_or(na, alts, p), p);
  /* the call site */
  const clp_term **in = pick(b->env, L.nin, L.in);
  ct_push_exit(fn, b, CT_ERR, clp_f_call(L.E, in, p), NULL, NULL, p);
  const clp_term **outs = NEW_N(const clp_term *, L.nout);
  for (int i = 0; i < L.nout; i++) {
    const ct_slot *sl = &fn->slots[L.out[i]];
    outs[i] = ct_fresh(cx, sl->name, sl->sort);
  }
  const clp_term *m = L.mode ? ct_fresh(cx, "mode", clp_sort_int()) : NULL;
  const clp_term *rv = L.rv ? ct_fresh(cx, "ret", clp_sort_int()) : NULL;
  ct_push(b, clp_f_call(L.T, t_args(&L, in, outs, m, rv), p), p);
  for (int i = 0; i < L.nout; i++) b->env[L.out[i]] = outs[i];
  if (m) {
    for (int i = 0; i < L.nfor; i++)
      ct_push_exit(fn, b, CT_GOTO,
                   clp_f_lit(clp_eq(m, clp_num(ct_label_mode(fn, L.foreign[i]))), false, p),
                   NULL, L.foreign[i], p);
    if (L.ret)
      ct_push_exit(fn, b, CT_RET, clp_f_lit(clp_eq(m, clp_num(1)), false, p),
                   rv, NULL, p);
    ct_push_lit(b, clp_eq(m, clp_num(0)), p);
  }
  ct_scope_pop(fn, b, mark);
}
