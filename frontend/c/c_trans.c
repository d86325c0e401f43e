/* c_trans.c -- the C unit to a rule set (CAR paper §2): per function f an
 * error relation E_f(params, globals) and a transfer relation
 * T_f(params, globals, modified globals', ret); per loop a tail-recursive
 * pair E_f$loopN / T_f$loopN over the variables in scope; statements as
 * blocks (c_blk.c); the goal ERROR :- E_main(initial globals). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/c/c_trans.h"

/* -------------------------------------------------------------- utilities */

/* Reports message m of kind k at p (ct_error). */
static void report(ct_ctx *cx, fe_diag_kind k, clp_pos p, const char *m) {
  if (!p.file) p.file = cx->u->file;
  const char *s = ct_fmt("%s:%d:%d: error: %s", p.file, p.line, p.col, m);
  /* x++ looks x up twice: one message */
  if (cx->last_error && !strcmp(cx->last_error, s)) return;
  cx->last_error = s;
  cx->errors++;
  if (cx->errors > 20) return;
  if (p.line > 0) fe_diag_add(cx->out, k, p, "%s", m);
  else fe_diag_add(cx->out, k, clp_nopos, "%s\n", s); /* "FILE:0:0:" */
}

void ct_error(ct_ctx *cx, clp_pos p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const char *m = clp_vfmt(fmt, ap);
  va_end(ap);
  report(cx, FE_DIAG_ERROR, p, m);
}

void ct_unsup(ct_ctx *cx, clp_pos p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const char *m = clp_vfmt(fmt, ap);
  va_end(ap);
  report(cx, FE_DIAG_UNSUPPORTED, p, ct_fmt("unsupported: %s", m));
}

const char *ct_fmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const char *s = clp_vfmt(fmt, ap);
  va_end(ap);
  return s;
}

const clp_term *ct_fresh(ct_ctx *cx, const char *base, const clp_sort *s) {
  return clp_var(ct_fmt("%s'%d", base, ++cx->fresh), s);
}

int ct_lookup(ct_fn *fn, const char *name) {
  for (int i = fn->nscope - 1; i >= 0; i--)
    if (!strcmp(fn->slots[fn->scope[i]].cname, name)) return fn->scope[i];
  return -1;
}

ct_finfo *ct_func(ct_ctx *cx, const char *name) {
  for (int i = 0; i < cx->nfi; i++)
    if (!strcmp(cx->fi[i].f->name, name)) return &cx->fi[i];
  return NULL;
}

const c_func *ct_proto(ct_ctx *cx, const char *name) {
  for (int i = 0; i < cx->u->nfuncs; i++)
    if (!strcmp(cx->u->funcs[i]->name, name)) return cx->u->funcs[i];
  return NULL;
}

/* ------------------------------------------------- syntactic pre-analysis */

typedef struct names { int n, cap; const char **s; } names;

static void names_add(names *ns, const char *s) {
  for (int i = 0; i < ns->n; i++)
    if (!strcmp(ns->s[i], s)) return;
  if (ns->n == ns->cap) {
    ns->cap = ns->cap ? 2 * ns->cap : 8;
    ns->s = ns->s ? GROW(const char *, ns->s, ns->cap) : NEW_N(const char *, ns->cap);
  }
  ns->s[ns->n++] = s;
}

static bool names_has(const names *ns, const char *s) {
  for (int i = 0; i < ns->n; i++)
    if (!strcmp(ns->s[i], s)) return true;
  return false;
}

/* What a piece of code does, syntactically: the names it assigns, the
 * functions it calls, the labels it defines and jumps to, returns. */
typedef struct scan {
  names assigned, calls, labels, gotos;
  bool ret;
} scan;

static void scan_e(scan *sc, const c_expr *e) {
  if (!e) return;
  if (e->kind == C_E_ASSIGN || e->kind == C_E_INCDEC) {
    const c_expr *l = e->kids[0];
    while (l->kind == C_E_INDEX) l = l->kids[0];
    if (l->kind == C_E_VAR) names_add(&sc->assigned, l->name);
  }
  if (e->kind == C_E_CALL) names_add(&sc->calls, e->name);
  for (int i = 0; i < e->n; i++) scan_e(sc, e->kids[i]);
}

static void scan_s(scan *sc, const c_stmt *s) {
  if (!s) return;
  scan_e(sc, s->e);
  scan_e(sc, s->step);
  scan_s(sc, s->init);
  scan_s(sc, s->then_);
  scan_s(sc, s->else_);
  scan_s(sc, s->body);
  for (int i = 0; i < s->n; i++) scan_s(sc, s->kids[i]);
  for (int i = 0; i < s->ndecls; i++) {
    const c_decl *d = s->decls[i];
    names_add(&sc->assigned, d->name);
    scan_e(sc, d->init);
    for (int j = 0; j < d->ninit; j++) scan_e(sc, d->inits[j]);
  }
  if (s->kind == C_S_RETURN) sc->ret = true;
  if (s->kind == C_S_LABEL) names_add(&sc->labels, s->label);
  if (s->kind == C_S_GOTO) names_add(&sc->gotos, s->label);
}

/* ---------------------------------------------------------------- slots */

static void add_slot(ct_fn *fn, const char *cname, c_type t, bool global) {
  if (fn->nslots == fn->cap) {
    fn->cap = fn->cap ? 2 * fn->cap : 16;
    fn->slots = fn->slots ? GROW(ct_slot, fn->slots, fn->cap) : NEW_N(ct_slot, fn->cap);
  }
  ct_slot *s = &fn->slots[fn->nslots];
  memset(s, 0, sizeof *s);
  int dup = 0;
  for (int i = 0; i < fn->nslots; i++) dup += !strcmp(fn->slots[i].cname, cname);
  s->cname = cname;
  s->name = dup ? ct_fmt("%s$%d", cname, dup) : cname;
  s->type = t;
  s->sort = ct_sort_of(&t);
  s->global = global;
  s->ph = clp_var(ct_fmt("%s$u", s->name), s->sort);
  c_srcmap_slot(fn->cx->map, s->name, cname);
  fn->nslots++;
}

/* Slot of every local declaration, allocated before translation so that
 * every state has the same length. */
typedef struct declmap { int n, cap; const c_decl **d; int *slot; } declmap;
static declmap *dm_cur;

static void collect_decls(ct_fn *fn, const c_stmt *s) {
  if (!s) return;
  for (int i = 0; i < s->ndecls; i++) {
    declmap *m = dm_cur;
    if (m->n == m->cap) {
      m->cap = m->cap ? 2 * m->cap : 16;
      m->d = m->d ? GROW(const c_decl *, m->d, m->cap) : NEW_N(const c_decl *, m->cap);
      m->slot = m->slot ? GROW(int, m->slot, m->cap) : NEW_ATOMIC_N(int, m->cap);
    }
    m->d[m->n] = s->decls[i];
    m->slot[m->n++] = fn->nslots;
    add_slot(fn, s->decls[i]->name, s->decls[i]->type, false);
  }
  collect_decls(fn, s->init);
  collect_decls(fn, s->then_);
  collect_decls(fn, s->else_);
  collect_decls(fn, s->body);
  for (int i = 0; i < s->n; i++) collect_decls(fn, s->kids[i]);
}

static bool is_stuck(const ct_fn *fn, const char *l) {
  for (int i = 0; i < fn->nstuck; i++)
    if (!strcmp(fn->stuck[i], l)) return true;
  return false;
}

static void collect_stuck(ct_fn *fn, const c_stmt *s) {
  if (!s) return;
  if (s->kind == C_S_LABEL && s->body && s->body->kind == C_S_GOTO &&
      !strcmp(s->body->label, s->label)) {
    fn->stuck = fn->stuck ? GROW(const char *, fn->stuck, fn->nstuck + 1)
                          : NEW_N(const char *, 1);
    fn->stuck[fn->nstuck++] = s->label;
  }
  collect_stuck(fn, s->init);
  collect_stuck(fn, s->then_);
  collect_stuck(fn, s->else_);
  collect_stuck(fn, s->body);
  for (int i = 0; i < s->n; i++) collect_stuck(fn, s->kids[i]);
}

static int decl_slot(const c_decl *d) {
  for (int i = 0; i < dm_cur->n; i++)
    if (dm_cur->d[i] == d) return dm_cur->slot[i];
  return -1;
}

static void scope_push(ct_fn *fn, int k) {
  if (fn->nscope == fn->capscope) {
    fn->capscope = fn->capscope ? 2 * fn->capscope : 16;
    fn->scope = fn->scope ? GROW(int, fn->scope, fn->capscope)
                          : NEW_ATOMIC_N(int, fn->capscope);
  }
  fn->scope[fn->nscope++] = k;
  fn->slots[k].active = true;
}

static void scope_pop(ct_fn *fn, ct_blk *b, int mark) {
  while (fn->nscope > mark) {
    int k = fn->scope[--fn->nscope];
    fn->slots[k].active = false;
    b->env[k] = fn->slots[k].ph;
  }
}

static int label_mode(ct_fn *fn, const char *l) {
  for (int i = 0; i < fn->nlabels; i++)
    if (!strcmp(fn->labels[i], l)) return 2 + i;
  fn->labels = fn->labels ? GROW(const char *, fn->labels, fn->nlabels + 1)
                          : NEW_N(const char *, 1);
  fn->labels[fn->nlabels++] = l;
  return 2 + fn->nlabels - 1;
}

/* ------------------------------------------------------------ declarations */

/* The value of an array initialiser list {a, b, ...}: zero elsewhere. */
static const clp_term *array_init(ct_fn *fn, ct_blk *b, const c_decl *d) {
  const clp_sort *s = ct_sort_of(&d->type);
  const clp_term *zero = clp_num(0);
  if (d->type.ndims == 2) zero = clp_const_array(s->elem, zero);
  const clp_term *a = clp_const_array(s, zero);
  int64_t cols = 0;
  if (d->type.ndims == 2 && d->ninit &&
      !(d->type.dims[1] && ct_const(d->type.dims[1], &cols) && cols > 0)) {
    ct_unsup(fn->cx, d->pos, "initialiser of a 2-D array without constant size");
    return a;
  }
  for (int i = 0; i < d->ninit; i++) {
    ct_val v = ct_rvalue(fn, b, d->inits[i]);
    const clp_term *cv = ct_conv(v.t, v.ty, d->type.base);
    if (d->type.ndims == 1) {
      a = clp_store(a, clp_num(i), cv);
    } else {
      const clp_term *r = clp_num(i / cols), *c = clp_num(i % cols);
      a = clp_store(a, r, clp_store(clp_select(a, r), c, cv));
    }
  }
  return a;
}

static void decl(ct_fn *fn, ct_blk *b, const c_decl *d) {
  int k = decl_slot(d);
  if (k < 0) return;
  if (d->is_static) {
    ct_unsup(fn->cx, d->pos, "static local variable");
    return;
  }
  scope_push(fn, k);
  const ct_slot *s = &fn->slots[k];
  if (d->type.ndims) {
    const clp_term *v = d->ninit || d->init ? array_init(fn, b, d) : NULL;
    const clp_term *x = ct_fresh(fn->cx, s->name, s->sort);
    if (v) ct_push_lit(b, clp_eq(x, v), d->pos);
    fn->slots[k].rdrange = !v;
    b->env[k] = x;
    return;
  }
  if (d->init) {
    ct_val v = ct_rvalue(fn, b, d->init);
    ct_assign_slot(fn, b, k, v.t, v.ty, d->pos);
  } else {
    const clp_term *v = ct_nondet(fn, b, d->type.base, s->cname, d->pos);
    b->env[k] = v;
  }
}

/* The slot of E_f's formal i: parameters first, then globals. */
static int in_slot(const ct_fn *fn, int i) {
  int np = fn->f->nparams, ng = fn->nin - np;
  return i < np ? ng + i : i - np;
}

/* --------------------------------------------------------------- loops */

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
  scan sc = {0};
  scan_s(&sc, s->body);
  scan_e(&sc, s->e);
  scan_e(&sc, s->step);
  /* a copy: growing a struct copy of sc.assigned would move (and free)
   * the array sc.assigned still points to (cdiff seed 800002400093) */
  names mod = {0};
  for (int i = 0; i < sc.assigned.n; i++) names_add(&mod, sc.assigned.s[i]);
  for (int i = 0; i < sc.calls.n; i++) {
    ct_finfo *g = ct_func(cx, sc.calls.s[i]);
    for (int j = 0; g && j < g->nmod; j++) names_add(&mod, g->mod[j]);
  }
  L->in = NEW_ATOMIC_N(int, fn->nslots);
  L->out = NEW_ATOMIC_N(int, fn->nslots);
  L->nin = L->nout = 0;
  for (int i = 0; i < fn->nscope; i++) {
    int k = fn->scope[i];
    L->in[L->nin++] = k;
    /* globals modified by callees are named by their slot name */
    if (names_has(&sc.assigned, fn->slots[k].cname) ||
        (fn->slots[k].global && names_has(&mod, fn->slots[k].name)))
      L->out[L->nout++] = k;
  }
  L->nfor = 0;
  L->foreign = NEW_N(const char *, sc.gotos.n);
  for (int i = 0; i < sc.gotos.n; i++)
    if (!names_has(&sc.labels, sc.gotos.s[i]) && !is_stuck(fn, sc.gotos.s[i])) {
      label_mode(fn, sc.gotos.s[i]);
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

/* The default loop encoding (--c-loops=summary: loop()): the loop head as a forward
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
  for (int i = 0; i < fn->nin; i++) sl[i] = in_slot(fn, i), fk[i] = CT_F_ENTRY;
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
  scope_pop(fn, b, mark);
}

static void loop(ct_fn *fn, ct_blk *b, const c_stmt *s) {
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
      alts[na++] = clp_f_and2(x.f, exit_eqs(&L, x.env, label_mode(fn, L.foreign[i]), NULL, p));
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
                   clp_f_lit(clp_eq(m, clp_num(label_mode(fn, L.foreign[i]))), false, p),
                   NULL, L.foreign[i], p);
    if (L.ret)
      ct_push_exit(fn, b, CT_RET, clp_f_lit(clp_eq(m, clp_num(1)), false, p),
                   rv, NULL, p);
    ct_push_lit(b, clp_eq(m, clp_num(0)), p);
  }
  scope_pop(fn, b, mark);
}

/* ----------------------------------------------------------------- switch */

typedef struct cases { int n, cap; const c_stmt **s; const char **label; } cases;
static cases *cases_cur;

static void collect_cases(const c_stmt *s, cases *cs) {
  if (!s || s->kind == C_S_SWITCH) return;
  if (s->kind == C_S_CASE) {
    if (cs->n == cs->cap) {
      cs->cap = cs->cap ? 2 * cs->cap : 8;
      cs->s = cs->s ? GROW(const c_stmt *, cs->s, cs->cap) : NEW_N(const c_stmt *, cs->cap);
      cs->label = cs->label ? GROW(const char *, cs->label, cs->cap) : NEW_N(const char *, cs->cap);
    }
    cs->s[cs->n] = s;
    cs->label[cs->n] = ct_fmt("case$%d:%d", s->pos.line, s->pos.col);
    cs->n++;
  }
  collect_cases(s->then_, cs);
  collect_cases(s->else_, cs);
  collect_cases(s->body, cs);
  for (int i = 0; i < s->n; i++) collect_cases(s->kids[i], cs);
}

/* In its own block: its breaks are not those of an enclosing loop. */
static void switch_(ct_fn *fn, ct_blk *outer, const c_stmt *s) {
  ct_blk *b = ct_blk_new(fn, outer->env);
  ct_val v = ct_rvalue(fn, b, s->e);
  cases *cs = NEW(cases), *saved = cases_cur;
  collect_cases(s->body, cs);
  const char *dflt = NULL;
  for (int i = 0; i < cs->n; i++) {
    if (!cs->s[i]->e) { dflt = cs->label[i]; continue; }
    /* the label's value in its own type (casts, suffixes), converted to
       the promoted type of the controlling expression (C11 6.8.4.2) */
    ct_blk *kb = ct_blk_new(fn, b->env);
    ct_val k = ct_rvalue(fn, kb, cs->s[i]->e);
    if (k.t->op != CLP_NUM || kb->n) {
      ct_unsup(fn->cx, cs->s[i]->pos, "non-constant case label");
      cases_cur = saved;
      return;
    }
    const clp_term *eq = clp_eq(v.t, ct_conv(k.t, k.ty, v.ty));
    ct_push_exit(fn, b, CT_GOTO, clp_f_lit(eq, false, cs->s[i]->pos), NULL,
                 cs->label[i], cs->s[i]->pos);
    ct_push_lit(b, clp_not(eq), cs->s[i]->pos);
  }
  if (dflt) ct_push_exit(fn, b, CT_GOTO, clp_f_true(), NULL, dflt, s->pos);
  else ct_push_exit(fn, b, CT_BREAK, clp_f_true(), NULL, NULL, s->pos);
  ct_push(b, clp_f_false(), s->pos);
  cases_cur = cs;
  ct_stmt(fn, b, s->body);
  cases_cur = saved;
  for (int i = 0; i < cs->n; i++)
    if (ct_has_exit(b, CT_GOTO, cs->label[i]))
      ct_unsup(fn->cx, cs->s[i]->pos, "case label inside a nested block");
  ct_rejoin(fn, b, CT_BREAK, NULL, s->pos);
  ct_splice(fn, outer, b, s->pos);
}

/* ------------------------------------------------------------- statements */

void ct_stmt(ct_fn *fn, ct_blk *b, const c_stmt *s) {
  if (!s) return;
  switch (s->kind) {
  case C_S_EXPR:
    if (s->e) ct_effect(fn, b, s->e);
    break;
  case C_S_DECL:
    for (int i = 0; i < s->ndecls; i++) decl(fn, b, s->decls[i]);
    break;
  case C_S_BLOCK: {
    int mark = fn->nscope;
    for (int i = 0; i < s->n; i++) ct_stmt(fn, b, s->kids[i]);
    scope_pop(fn, b, mark);
    break;
  }
  case C_S_IF: {
    const clp_term *c = ct_cond(fn, b, s->e);
    ct_blk *bt = ct_blk_new(fn, b->env), *be = ct_blk_new(fn, b->env);
    int mark = fn->nscope;
    ct_stmt(fn, bt, s->then_);
    scope_pop(fn, bt, mark);
    ct_stmt(fn, be, s->else_);
    scope_pop(fn, be, mark);
    ct_join(fn, b, c, bt, be, s->pos);
    break;
  }
  case C_S_WHILE: case C_S_DO: case C_S_FOR:
    loop(fn, b, s);
    break;
  case C_S_BREAK: case C_S_CONTINUE:
    ct_push_exit(fn, b, s->kind == C_S_BREAK ? CT_BREAK : CT_CONT, clp_f_true(),
                 NULL, NULL, s->pos);
    ct_push(b, clp_f_false(), s->pos);
    break;
  case C_S_RETURN: {
    const clp_term *rv = NULL;
    if (s->e) {
      ct_val v = ct_rvalue(fn, b, s->e);
      rv = fn->f->ret.base == C_VOID ? NULL : ct_conv(v.t, v.ty, fn->f->ret.base);
    }
    if (!rv && fn->f->ret.base != C_VOID) { /* return; in a value function */
      rv = ct_fresh(fn->cx, "ret", clp_sort_int());
      ct_push(b, ct_in_range(rv, fn->f->ret.base, s->pos), s->pos);
    }
    /* only the globals (and the value) leave the function */
    const clp_term **saved = b->env;
    b->env = ct_env_copy(fn, b->env);
    for (int i = 0; i < fn->nslots; i++)
      if (!fn->slots[i].global) b->env[i] = fn->slots[i].ph;
    ct_push_exit(fn, b, CT_RET, clp_f_lit(clp_true(), false, s->pos), rv, NULL, s->pos);
    b->env = saved;
    ct_push(b, clp_f_false(), s->pos);
    break;
  }
  case C_S_LABEL:
    label_mode(fn, s->label);
    if (s->body && s->body->kind == C_S_GOTO && !strcmp(s->body->label, s->label)) {
      /* L: goto L; -- a path that never ends: no error after it */
      ct_rejoin(fn, b, CT_GOTO, s->label, s->pos);
      ct_push(b, clp_f_false(), s->pos);
      break;
    }
    ct_rejoin(fn, b, CT_GOTO, s->label, s->pos);
    ct_stmt(fn, b, s->body);
    break;
  case C_S_GOTO:
    if (is_stuck(fn, s->label)) { /* never ends: no error after it */
      ct_push(b, clp_f_false(), s->pos);
      break;
    }
    label_mode(fn, s->label);
    ct_push_exit(fn, b, CT_GOTO, clp_f_true(), NULL, s->label, s->pos);
    ct_push(b, clp_f_false(), s->pos);
    break;
  case C_S_SWITCH:
    switch_(fn, b, s);
    break;
  case C_S_CASE: {
    const char *l = NULL;
    for (int i = 0; cases_cur && i < cases_cur->n; i++)
      if (cases_cur->s[i] == s) l = cases_cur->label[i];
    if (!l) {
      ct_error(fn->cx, s->pos, "case label outside a switch");
      break;
    }
    ct_rejoin(fn, b, CT_GOTO, l, s->pos);
    ct_stmt(fn, b, s->body);
    break;
  }
  }
}

/* -------------------------------------------------------------- functions */

static void function(ct_ctx *cx, ct_finfo *fi) {
  const c_func *f = fi->f;
  ct_fn fn0 = {0}, *fn = &fn0;
  fn->cx = cx;
  fn->f = f;
  fn->fname = f->name;
  for (int i = 0; i < cx->nglob; i++)
    add_slot(fn, cx->glob[i].cname, cx->glob[i].type, true);
  for (int i = 0; i < f->nparams; i++)
    add_slot(fn, f->params[i]->name, f->params[i]->type, false);
  declmap dm = {0};
  dm_cur = &dm;
  collect_decls(fn, f->body);
  collect_stuck(fn, f->body);
  for (int i = 0; i < cx->nglob + f->nparams; i++) scope_push(fn, i);
  const clp_term **env = NEW_N(const clp_term *, fn->nslots);
  int nin = f->nparams + cx->nglob;
  const clp_term **in = NEW_N(const clp_term *, nin);
  for (int i = 0; i < fn->nslots; i++)
    env[i] = i < nin ? clp_var(fn->slots[i].name, fn->slots[i].sort)
                     : fn->slots[i].ph;
  /* formals: params first, then globals */
  for (int i = 0; i < f->nparams; i++) in[i] = env[cx->nglob + i];
  for (int i = 0; i < cx->nglob; i++) in[f->nparams + i] = env[i];
  fn->nin = nin;
  fn->in = in;
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i]->type.ndims)
      ct_unsup(cx, f->params[i]->pos, "array parameter");
  ct_blk *b = fn->root = ct_blk_new(fn, env);
  ct_stmt(fn, b, f->body);
  for (int i = 0; i < b->n; i++)
    if (b->items[i].kind == CT_GOTO)
      ct_unsup(cx, b->items[i].pos, "goto '%s' (backward or into a block)",
               b->items[i].label);
    else if (b->items[i].kind == CT_BREAK || b->items[i].kind == CT_CONT)
      ct_error(cx, b->items[i].pos, "break or continue outside a loop");
  clp_rs_add_clause(cx->rs, fi->E, in, ct_fold(fn, b, CT_ERR, NULL).f, f->pos);
  int *sl = NEW_ATOMIC_N(int, fi->T->arity + 1), *fk = NEW_ATOMIC_N(int, fi->T->arity + 1);
  for (int i = 0; i < nin; i++) sl[i] = in_slot(fn, i), fk[i] = CT_F_STATE;
  ct_note_rel(fn, fi->E, CT_R_ERR, f->pos, sl, fk);
  for (int i = 0; i < nin; i++) fk[i] = CT_F_ENTRY;
  /* T: out-state = modified globals, then the return value */
  const clp_term **head = NEW_N(const clp_term *, fi->T->arity);
  if (nin) memcpy(head, in, sizeof *in * (size_t)nin);
  int *gk = NEW_ATOMIC_N(int, fi->nmod);
  for (int j = 0; j < fi->nmod; j++) {
    int k;
    for (k = 0; k < cx->nglob && strcmp(cx->glob[k].name, fi->mod[j]); k++) {}
    gk[j] = k;
    head[nin + j] = clp_var(ct_fmt("%s'", fn->slots[k].name), fn->slots[k].sort);
    sl[nin + j] = k, fk[nin + j] = CT_F_OUT;
  }
  if (f->ret.base != C_VOID) sl[nin + fi->nmod] = -1, fk[nin + fi->nmod] = CT_F_RET;
  ct_note_rel(fn, fi->T, CT_R_RET, f->pos, sl, fk);
  const clp_term *rv = f->ret.base != C_VOID ? clp_var("ret$", clp_sort_int()) : NULL;
  if (rv) head[nin + fi->nmod] = rv;
  ct_exit xs[2] = {ct_fold_normal(b), ct_fold(fn, b, CT_RET, NULL)};
  /* the out-state equations are not source lines of their own */
  clp_pos q = {f->pos.file, 0, 0};
  const clp_formula *alts[2];
  for (int a = 0; a < 2; a++) {
    const clp_formula *g = xs[a].f;
    for (int j = 0; j < fi->nmod && g->kind != CLP_F_FALSE; j++)
      g = clp_f_and2(g, clp_f_lit(clp_eq(head[nin + j], xs[a].env[gk[j]]), false, q));
    if (rv && xs[a].rv && g->kind != CLP_F_FALSE)
      g = clp_f_and2(g, clp_f_lit(clp_eq(rv, xs[a].rv), false, q));
    /* falling off the end: an arbitrary value of the return type (every
     * value of an unsigned type must stay in range, see wrap_once) */
    if (rv && !xs[a].rv && g->kind != CLP_F_FALSE)
      g = clp_f_and2(g, ct_in_range(rv, f->ret.base, q));
    alts[a] = g;
  }
  clp_rs_add_clause(cx->rs, fi->T, head, clp_f_or(2, alts, f->pos), f->pos);
  dm_cur = NULL;
}

/* Reachable functions from main, their relations and modified globals. */
static bool prepare(ct_ctx *cx) {
  const c_unit *u = cx->u;
  cx->fi = NEW_N(ct_finfo, u->nfuncs);
  for (int i = 0; i < u->nfuncs; i++) {
    const c_func *f = u->funcs[i];
    if (!f->body || ct_func(cx, f->name)) continue;
    cx->fi[cx->nfi++].f = f;
  }
  ct_finfo *m = ct_func(cx, "main");
  if (!m) {
    clp_pos p = {u->file, 1, 1};
    fe_diag_add(cx->out, FE_DIAG_ERROR, p, "no function 'main'");
    return false;
  }
  scan *sc = NEW_N(scan, cx->nfi);
  for (int i = 0; i < cx->nfi; i++) {
    memset(&sc[i], 0, sizeof sc[i]);
    scan_s(&sc[i], cx->fi[i].f->body);
  }
  m->reached = true;
  names *mod = NEW_N(names, cx->nfi);
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < cx->nfi; i++) {
      if (!cx->fi[i].reached) continue;
      int before = mod[i].n;
      for (int j = 0; j < sc[i].assigned.n; j++)
        for (int k = 0; k < cx->nglob; k++)
          if (!strcmp(cx->glob[k].cname, sc[i].assigned.s[j]))
            names_add(&mod[i], cx->glob[k].name);
      for (int j = 0; j < sc[i].calls.n; j++) {
        ct_finfo *g = ct_func(cx, sc[i].calls.s[j]);
        if (!g || ct_is_error_name(g->f->name)) continue; /* not called */
        if (!g->reached) { g->reached = true; changed = true; }
        int gi = (int)(g - cx->fi);
        for (int k = 0; k < mod[gi].n; k++) names_add(&mod[i], mod[gi].s[k]);
      }
      changed |= mod[i].n != before;
    }
  }
  for (int i = 0; i < cx->nfi; i++) {
    ct_finfo *fi = &cx->fi[i];
    const c_func *f = fi->f;
    /* globals in slot order */
    fi->mod = NEW_N(const char *, cx->nglob);
    for (int k = 0; k < cx->nglob; k++)
      if (names_has(&mod[i], cx->glob[k].name)) fi->mod[fi->nmod++] = cx->glob[k].name;
    if (!fi->reached) continue;
    int nin = f->nparams + cx->nglob;
    int ar = nin + fi->nmod + (f->ret.base != C_VOID);
    const clp_sort **so = NEW_N(const clp_sort *, ar);
    for (int j = 0; j < f->nparams; j++) so[j] = ct_sort_of(&f->params[j]->type);
    for (int k = 0; k < cx->nglob; k++) so[f->nparams + k] = cx->glob[k].sort;
    for (int j = 0; j < fi->nmod; j++) {
      int k;
      for (k = 0; strcmp(cx->glob[k].name, fi->mod[j]); k++) {}
      so[nin + j] = cx->glob[k].sort;
    }
    if (f->ret.base != C_VOID) so[ar - 1] = clp_sort_int();
    fi->E = clp_rs_rel(cx->rs, ct_fmt("E_%s", f->name), nin, so, f->pos);
    fi->T = clp_rs_rel(cx->rs, ct_fmt("T_%s", f->name), ar, so, f->pos);
  }
  return true;
}

/* The globals and their initial values (constant initialisers). */
static void globals(ct_ctx *cx) {
  const c_unit *u = cx->u;
  ct_fn fn0 = {0}, *fn = &fn0;
  fn->cx = cx;
  c_func dummy = {0};
  dummy.name = "<globals>";
  fn->f = &dummy;
  fn->fname = "globals";
  for (int i = 0; i < u->nglobals; i++)
    add_slot(fn, u->globals[i]->name, u->globals[i]->type, true);
  cx->nglob = fn->nslots;
  cx->glob = fn->slots;
  cx->ginit = NEW_N(const clp_term *, fn->nslots);
  for (int i = 0; i < fn->nslots; i++) scope_push(fn, i);
  ct_blk *b = ct_blk_new(fn, cx->ginit);
  for (int i = 0; i < u->nglobals; i++) {
    const c_decl *d = u->globals[i];
    if (d->type.ndims) {
      cx->ginit[i] = array_init(fn, b, d);
    } else if (d->init) {
      ct_val v = ct_rvalue(fn, b, d->init);
      cx->ginit[i] = ct_conv(v.t, v.ty, d->type.base);
    } else {
      cx->ginit[i] = clp_num(0);
    }
    b->env[i] = cx->ginit[i];
    if (b->n) {
      ct_unsup(cx, d->pos, "non-constant initialiser of a global");
      b->n = 0;
    }
  }
  for (int i = 0; i < fn->nslots; i++) fn->slots[i].active = false;
}

static bool forward_loops = true;

void fe_c_set_forward_loops(bool forward) { forward_loops = forward; }

bool fe_c_set_data_model(const char *name) {
  if (!strcmp(name, "ILP32")) c_type_set_model(C_ILP32);
  else if (!strcmp(name, "LP64")) c_type_set_model(C_LP64);
  else return false;
  return true;
}

clp_rs *c_translate(const c_unit *u, fe_diags *d) {
  if (!u) return NULL;
  ct_ctx *cx = NEW(ct_ctx);
  cx->u = u;
  cx->out = d;
  cx->rs = clp_rs_new(u->file);
  cx->map = c_srcmap_new(u->file);
  cx->forward = forward_loops;
  globals(cx);
  if (cx->errors || !prepare(cx)) return NULL;
  for (int i = 0; i < cx->nfi; i++)
    if (cx->fi[i].reached) function(cx, &cx->fi[i]);
  if (cx->errors) return NULL;
  ct_finfo *m = ct_func(cx, "main");
  clp_rel *goal = clp_rs_rel(cx->rs, "ERROR", 0, NULL, m->f->pos);
  int nin = m->f->nparams + cx->nglob;
  const clp_term **a = NEW_N(const clp_term *, nin);
  for (int i = 0; i < m->f->nparams; i++)
    a[i] = clp_var(ct_fmt("arg%d", i), clp_sort_int());
  for (int i = 0; i < cx->nglob; i++) a[m->f->nparams + i] = cx->ginit[i];
  clp_pos q = {m->f->pos.file, 0, 0}; /* not a source line of its own */
  clp_rs_add_clause(cx->rs, goal, NULL, clp_f_call(m->E, a, q), m->f->pos);
  clp_rs_set_goal(cx->rs, goal);
  cx->rs->back = c_back_new(cx->map);
  if (clp_rs_finish(cx->rs) != 0) return NULL;
  return cx->rs;
}
