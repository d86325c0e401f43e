/* ufthread.c -- uninterpreted symbols as threaded array arguments.
 *
 * car reads a rule set with uninterpreted functions as "the goal is
 * derivable under SOME interpretation".  CHC-COMP has no such symbols, so
 * for export each function f with Int arguments becomes a variable F_f (an
 * array, nested for several arguments; a plain variable for a constant)
 * that every relation takes as an extra argument and every call passes on
 * unchanged; f(t1, ..., tk) becomes select(...select(F_f, t1)..., tk).  A
 * new nullary goal calls the old goal with the F_f free, so they are
 * existentially quantified: derivable iff derivable under some
 * interpretation -- the same query. */
#include <stdio.h>

#include "clp/clpi.h"

typedef struct thread {
  int nf;
  const clp_fun **fs;
  const clp_term **F;  /* F[i]: the variable standing for fs[i] */
  clp_rel **rels;      /* new relation per old relation id */
  clp_pmap memo;       /* term -> rewritten term */
} thread;

static const clp_term *rw(thread *th, const clp_term *t) {
  const clp_term *m = clp_pmap_get(&th->memo, t);
  if (m) return m;
  const clp_term *r = t;
  if (t->op == CLP_APP) {
    int i = 0;
    while (th->fs[i] != t->fun) i++;
    r = th->F[i];
    for (int k = 0; k < t->n; k++) r = clp_select(r, rw(th, t->kids[k]));
  } else if (t->n > 0) {
    const clp_term **kids = NEW_N(const clp_term *, t->n);
    for (int k = 0; k < t->n; k++) kids[k] = rw(th, t->kids[k]);
    r = clp_mk(t->op, t->sort, t->n, kids, t->fun);
  }
  clp_pmap_put(&th->memo, t, r);
  return r;
}

/* Call args followed by the F variables. */
static const clp_term **with_F(thread *th, int n, const clp_term **args) {
  const clp_term **a = NEW_N(const clp_term *, n + th->nf);
  for (int i = 0; i < n; i++) a[i] = args ? rw(th, args[i]) : NULL;
  for (int i = 0; i < th->nf; i++) a[n + i] = th->F[i];
  return a;
}

static const clp_formula *rw_f(thread *th, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_LIT: return clp_f_lit(rw(th, f->atom), f->neg, f->pos);
  case CLP_F_AND:
  case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = rw_f(th, f->kids[i]);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  case CLP_F_CALL:
    return clp_f_call(th->rels[f->rel->id], with_F(th, f->n, f->args), f->pos);
  default: return f;
  }
}

/* The sort of F_f: Array Int (... (Array Int range)), or range itself. */
static const clp_sort *sort_of(const clp_fun *f) {
  const clp_sort *s = f->range;
  for (int i = f->arity - 1; i >= 0; i--) s = clp_sort_array(clp_sort_int(), s);
  return s;
}

clp_rs *clp_rs_thread_funs(const clp_rs *rs) {
  thread th = {0};
  for (int i = 0; i < rs->nrels; i++)
    if (rs->rels[i]->body) th.nf = clp_f_funs(rs->rels[i]->body, &th.fs, th.nf);
  if (!th.nf) return (clp_rs *)rs;
  th.F = NEW_N(const clp_term *, th.nf);
  for (int i = 0; i < th.nf; i++) {
    for (int k = 0; k < th.fs[i]->arity; k++)
      if (th.fs[i]->dom[k]->kind != CLP_S_INT) return NULL;
    size_t len = strlen(th.fs[i]->name) + 4;
    char *name = NEW_ATOMIC_N(char, len);
    snprintf(name, len, "%s$uf", th.fs[i]->name);
    th.F[i] = clp_var(name, sort_of(th.fs[i]));
  }
  clp_pmap_init(&th.memo, 256);
  int n = rs->nrels;
  th.rels = NEW_N(clp_rel *, n + 1);
  for (int i = 0; i < n; i++) {
    const clp_rel *r = rs->rels[i];
    clp_rel *c = NEW(clp_rel);
    *c = *r;
    c->arity = r->arity + th.nf;
    c->formals = with_F(&th, r->arity, NULL);
    for (int k = 0; k < r->arity; k++) c->formals[k] = r->formals[k];
    c->base = c;
    th.rels[i] = c;
  }
  for (int i = 0; i < n; i++)
    if (rs->rels[i]->body) th.rels[i]->body = rw_f(&th, rs->rels[i]->body);
  /* goal$uf :- goal(F...), the F free. */
  clp_rel *g = NEW(clp_rel);
  g->name = clp_strdup("goal$uf");
  g->pos = rs->goal->pos;
  g->body = clp_f_call(th.rels[rs->goal->id], with_F(&th, 0, NULL), g->pos);
  g->base = g;
  g->internal = true;
  th.rels[n] = g;
  clp_rs *out = clp_rs_direct(n + 1, th.rels, g);
  out->file = rs->file;
  out->smt2 = rs->smt2;
  return out;
}
