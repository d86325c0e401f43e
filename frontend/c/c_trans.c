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

bool ct_is_stuck(const ct_fn *fn, const char *l) {
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

void ct_scope_pop(ct_fn *fn, ct_blk *b, int mark) {
  while (fn->nscope > mark) {
    int k = fn->scope[--fn->nscope];
    fn->slots[k].active = false;
    b->env[k] = fn->slots[k].ph;
  }
}

int ct_label_mode(ct_fn *fn, const char *l) {
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
int ct_in_slot(const ct_fn *fn, int i) {
  int np = fn->f->nparams, ng = fn->nin - np;
  return i < np ? ng + i : i - np;
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
    ct_scope_pop(fn, b, mark);
    break;
  }
  case C_S_IF: {
    const clp_term *c = ct_cond(fn, b, s->e);
    ct_blk *bt = ct_blk_new(fn, b->env), *be = ct_blk_new(fn, b->env);
    int mark = fn->nscope;
    ct_stmt(fn, bt, s->then_);
    ct_scope_pop(fn, bt, mark);
    ct_stmt(fn, be, s->else_);
    ct_scope_pop(fn, be, mark);
    ct_join(fn, b, c, bt, be, s->pos);
    break;
  }
  case C_S_WHILE: case C_S_DO: case C_S_FOR:
    ct_loop_stmt(fn, b, s);
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
    ct_label_mode(fn, s->label);
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
    if (ct_is_stuck(fn, s->label)) { /* never ends: no error after it */
      ct_push(b, clp_f_false(), s->pos);
      break;
    }
    ct_label_mode(fn, s->label);
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
  for (int i = 0; i < nin; i++) sl[i] = ct_in_slot(fn, i), fk[i] = CT_F_STATE;
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
  ct_scan *sc = NEW_N(ct_scan, cx->nfi);
  for (int i = 0; i < cx->nfi; i++) {
    memset(&sc[i], 0, sizeof sc[i]);
    ct_scan_s(&sc[i], cx->fi[i].f->body);
  }
  m->reached = true;
  ct_names *mod = NEW_N(ct_names, cx->nfi);
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < cx->nfi; i++) {
      if (!cx->fi[i].reached) continue;
      int before = mod[i].n;
      for (int j = 0; j < sc[i].assigned.n; j++)
        for (int k = 0; k < cx->nglob; k++)
          if (!strcmp(cx->glob[k].cname, sc[i].assigned.s[j]))
            ct_names_add(&mod[i], cx->glob[k].name);
      for (int j = 0; j < sc[i].calls.n; j++) {
        ct_finfo *g = ct_func(cx, sc[i].calls.s[j]);
        if (!g || ct_is_error_name(g->f->name)) continue; /* not called */
        if (!g->reached) { g->reached = true; changed = true; }
        int gi = (int)(g - cx->fi);
        for (int k = 0; k < mod[gi].n; k++) ct_names_add(&mod[i], mod[gi].s[k]);
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
      if (ct_names_has(&mod[i], cx->glob[k].name)) fi->mod[fi->nmod++] = cx->glob[k].name;
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
