/* etc_explore.c -- explicit-state search of linear rule sets over finite
 * domains (prefix etc_exp_).
 *
 * A linear rule set whose every variable takes finitely many values in a
 * derivation step is a finite transition system on facts R(values): its
 * derivations can be enumerated breadth-first, one concrete fact at a time,
 * far faster than an SMT query per height (etc_bmc.c) can refute them.  The
 * .cub instances of K processes (fe_cub_instance) are such systems when
 * their types are enumerations, Booleans and proc.
 *
 * Each conjunctive disjunct of a rule is compiled once into a plan that
 * binds its variables in order: from the called fact's values, by an
 * equation x = t or x + t = k whose other side is bound, or by enumerating
 * a Bool or an Int between bounds lo <= x <= hi read from its literals
 * (the ranges the .cub translation writes for enumerations and process
 * ids); a literal is checked as soon as its variables are bound.  A rule
 * set with a variable that no plan can bind (an unbounded Int that no
 * equation defines, an array, an uninterpreted function) is not explored
 * (etc_exp_new: NULL).
 *
 * Soundness does not rest on this file: a run found is returned as a
 * clp_trace (the rules and disjuncts committed under the run's values) and
 * the caller checks it with etc_check like any other.  "No derivation"
 * (ETC_EXP_NONE) is answered only when every fact was expanded with no
 * evaluation given up (overflow, division by zero, a range too wide).
 */
#include <stdio.h>

#include "etc/etc.h"
#include "clp/vec.h"

/* ---------------------------------------------------------- expressions */
typedef enum { X_CONST, X_SLOT, X_ADD, X_MUL, X_DIV, X_MOD, X_ITE, X_EQ,
               X_LE, X_NOT, X_AND, X_OR } xop;

typedef struct xn {
  xop op;
  int n;                      /* kids */
  int64_t c;                  /* CONST */
  int slot;                   /* SLOT */
  const struct xn **k;
} xn;

/* The value of e; false when it overflows or divides by zero. */
static bool ev(const xn *e, const int64_t *v, int64_t *out) {
  int64_t a, b;
  switch (e->op) {
  case X_CONST: *out = e->c; return true;
  case X_SLOT: *out = v[e->slot]; return true;
  case X_ADD: case X_MUL:
    if (!ev(e->k[0], v, &a)) return false;
    for (int i = 1; i < e->n; i++) {
      if (!ev(e->k[i], v, &b)) return false;
      if (e->op == X_ADD ? __builtin_add_overflow(a, b, &a)
                         : __builtin_mul_overflow(a, b, &a))
        return false;
    }
    *out = a;
    return true;
  case X_DIV: case X_MOD: { /* SMT-LIB: Euclidean, remainder >= 0 */
    int64_t q, r;
    if (!ev(e->k[0], v, &a) || !ev(e->k[1], v, &b) || !clp_euclid(a, b, &q, &r))
      return false;
    *out = e->op == X_DIV ? q : r;
    return true;
  }
  case X_ITE:
    if (!ev(e->k[0], v, &a)) return false;
    return ev(e->k[a ? 1 : 2], v, out);
  case X_EQ: case X_LE:
    if (!ev(e->k[0], v, &a) || !ev(e->k[1], v, &b)) return false;
    *out = e->op == X_EQ ? a == b : a <= b;
    return true;
  case X_NOT:
    if (!ev(e->k[0], v, &a)) return false;
    *out = !a;
    return true;
  case X_AND: case X_OR: { /* the deciding value ends the scan */
    int64_t stop = e->op == X_OR;
    for (int i = 0; i < e->n; i++) {
      if (!ev(e->k[i], v, &a)) return false;
      if (!!a == stop) { *out = stop; return true; }
    }
    *out = !stop;
    return true;
  }
  }
  return false;
}

static const xn *x_new(xop op, int n, int64_t c, int slot) {
  xn *e = NEW(xn);
  e->op = op, e->n = n, e->c = c, e->slot = slot;
  e->k = NEW_N(const xn *, n);
  return e;
}
static const xn *x2(xop op, const xn *a, const xn *b) {
  const xn *e = x_new(op, 2, 0, 0);
  ((const xn **)e->k)[0] = a, ((const xn **)e->k)[1] = b;
  return e;
}

/* ------------------------------------------------------------- planning */
typedef enum { S_CHECK, S_DEF, S_ENUM } skind;

typedef struct step {
  skind k;
  int slot;                   /* DEF, ENUM */
  const xn *e;                /* CHECK: the condition; DEF: the value */
  int nlo, nhi;               /* ENUM: lo <= slot <= hi (Bool: none) */
  const xn **lo, **hi;
  int ndom; const int64_t *dom; /* ENUM of an unbounded Int: these values */
  bool first;                 /* ... only the first that derives a fact */
} step;

/* A conjunctive disjunct of a rule: head(formals) :- lits, call. */
typedef struct disj {
  const clp_rel *head;
  const clp_formula *f;       /* the disjunct: a kid of head->body's OR */
  const clp_formula *call;    /* NULL: a fact */
  int nv;                     /* slots: vars, then one per call argument */
  const clp_term **vars;
  int *head_slot;             /* per formal of head */
  int nsteps;
  step *steps;
} disj;

/* A conjunct while planning: a formula, or "argument i = its value". */
typedef struct conj {
  const clp_formula *f;
  const clp_term *arg; int pslot;
  bool done;
} conj;

typedef struct planner {
  disj *d;
  int ndom; const int64_t *dom; /* the rule set's Int constants, and one more */
  int capv;
  bool *bound;
  int nc; conj *cs;
  int capsteps;
  bool fail;
} planner;

static int slot_of(planner *p, const clp_term *v) {
  disj *d = p->d;
  for (int i = 0; i < d->nv; i++)
    if (d->vars[i] == v) return i;
  VEC_PUSH(const clp_term *, d->vars, d->nv, p->capv, v);
  return d->nv - 1;
}

static void collect(planner *p, const clp_term *t) {
  if (t->op == CLP_VAR) {
    if (t->sort->kind == CLP_S_ARRAY) p->fail = true;
    else slot_of(p, t);
    return;
  }
  if (t->op == CLP_SELECT || t->op == CLP_STORE || t->op == CLP_APP)
    p->fail = true;
  for (int i = 0; i < t->n; i++) collect(p, t->kids[i]);
}

static void collect_f(planner *p, const clp_formula *f) {
  if (f->kind == CLP_F_LIT) collect(p, f->atom);
  else if (f->kind == CLP_F_CALL)
    for (int i = 0; i < f->n; i++) collect(p, f->args[i]);
  else
    for (int i = 0; i < (f->kind == CLP_F_AND || f->kind == CLP_F_OR ? f->n : 0);
         i++)
      collect_f(p, f->kids[i]);
}

static bool t_bound(planner *p, const clp_term *t) {
  if (t->op == CLP_VAR) return p->bound[slot_of(p, t)];
  for (int i = 0; i < t->n; i++)
    if (!t_bound(p, t->kids[i])) return false;
  return true;
}

static bool f_bound(planner *p, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_LIT: return t_bound(p, f->atom);
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++)
      if (!f_bound(p, f->kids[i])) return false;
    return true;
  case CLP_F_CALL: return false;
  default: return true;
  }
}

static const xn *comp(planner *p, const clp_term *t) {
  static const xop ops[] = {
    [CLP_ADD] = X_ADD, [CLP_MUL] = X_MUL, [CLP_DIV] = X_DIV, [CLP_MOD] = X_MOD,
    [CLP_ITE] = X_ITE, [CLP_EQ] = X_EQ, [CLP_LE] = X_LE, [CLP_NOT] = X_NOT,
    [CLP_AND] = X_AND, [CLP_OR] = X_OR};
  switch (t->op) {
  case CLP_VAR: return x_new(X_SLOT, 0, 0, slot_of(p, t));
  case CLP_NUM: return x_new(X_CONST, 0, t->num, 0);
  case CLP_TRUE: return x_new(X_CONST, 0, 1, 0);
  case CLP_FALSE: return x_new(X_CONST, 0, 0, 0);
  case CLP_ADD: case CLP_MUL: case CLP_DIV: case CLP_MOD: case CLP_ITE:
  case CLP_EQ: case CLP_LE: case CLP_NOT: case CLP_AND: case CLP_OR: {
    const xn *e = x_new(ops[t->op], t->n, 0, 0);
    for (int i = 0; i < t->n; i++) ((const xn **)e->k)[i] = comp(p, t->kids[i]);
    return e;
  }
  default:
    p->fail = true;
    return x_new(X_CONST, 0, 0, 0);
  }
}

static const xn *comp_f(planner *p, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_TRUE: return x_new(X_CONST, 0, 1, 0);
  case CLP_F_FALSE: return x_new(X_CONST, 0, 0, 0);
  case CLP_F_LIT: {
    const xn *a = comp(p, f->atom);
    return f->neg ? x2(X_EQ, a, x_new(X_CONST, 0, 0, 0)) : a;
  }
  case CLP_F_AND: case CLP_F_OR: {
    const xn *e = x_new(f->kind == CLP_F_AND ? X_AND : X_OR, f->n, 0, 0);
    for (int i = 0; i < f->n; i++) ((const xn **)e->k)[i] = comp_f(p, f->kids[i]);
    return e;
  }
  default:
    p->fail = true;
    return x_new(X_CONST, 0, 0, 0);
  }
}

/* The lone unbound summand of the linear form l (clp_lin_add: a variable
 * with coefficient +-1, every other summand bound): its index, -1 if there
 * is none such or a coefficient overflowed. */
static int lone(planner *p, const clp_lin *l) {
  int at = -1;
  if (l->ovf) return -1;
  for (int i = 0; i < l->n; i++) {
    if (t_bound(p, l->t[i])) continue;
    if (at >= 0 || l->t[i]->op != CLP_VAR || (l->c[i] != 1 && l->c[i] != -1))
      return -1;
    at = i;
  }
  return at;
}

/* The sum over l without summand `skip`, times m = +-1. */
static const xn *lin_comp(planner *p, const clp_lin *l, int skip, int64_t m) {
  const xn *e = x_new(X_ADD, l->n + 1, 0, 0);
  int n = 0;
  int64_t c;
  if (__builtin_mul_overflow(m, l->c0, &c)) p->fail = true;
  ((const xn **)e->k)[n++] = x_new(X_CONST, 0, c, 0);
  for (int i = 0; i < l->n; i++) {
    if (i == skip) continue;
    if (__builtin_mul_overflow(m, l->c[i], &c)) p->fail = true;
    ((const xn **)e->k)[n++] = x2(X_MUL, x_new(X_CONST, 0, c, 0), comp(p, l->t[i]));
  }
  ((xn *)e)->n = n;
  return e;
}

static step *push_step(planner *p, skind k, int slot, const xn *e) {
  disj *d = p->d;
  VEC_RESERVE(step, d->steps, d->nsteps, p->capsteps, 1);
  step *s = &d->steps[d->nsteps++];
  *s = (step){k, slot, e, 0, 0, NULL, NULL, 0, NULL, false};
  return s;
}

/* Checks of every conjunct bound by now. */
static void checks(planner *p) {
  for (int i = 0; i < p->nc; i++) {
    conj *c = &p->cs[i];
    if (c->done) continue;
    if (c->f ? !f_bound(p, c->f) : !t_bound(p, c->arg)) continue;
    c->done = true;
    push_step(p, S_CHECK, 0,
              c->f ? comp_f(p, c->f)
                   : x2(X_EQ, comp(p, c->arg), x_new(X_SLOT, 0, 0, c->pslot)));
  }
}

static void bind(planner *p, skind k, int slot, const xn *e) {
  push_step(p, k, slot, e);
  p->bound[slot] = true;
}

/* A definition x := e from a conjunct, if one is ready. */
static bool define(planner *p) {
  for (int i = 0; i < p->nc; i++) {
    conj *c = &p->cs[i];
    if (c->done) continue;
    if (!c->f) { /* argument i = its value */
      if (c->arg->op != CLP_VAR || p->bound[slot_of(p, c->arg)]) continue;
      c->done = true;
      bind(p, S_DEF, slot_of(p, c->arg), x_new(X_SLOT, 0, 0, c->pslot));
      return true;
    }
    if (c->f->kind != CLP_F_LIT) continue;
    const clp_term *a = c->f->atom;
    if (a->op == CLP_VAR && !p->bound[slot_of(p, a)]) { /* b or !b */
      c->done = true;
      bind(p, S_DEF, slot_of(p, a), x_new(X_CONST, 0, !c->f->neg, 0));
      return true;
    }
    if (a->op != CLP_EQ || c->f->neg) continue;
    if (a->kids[0]->sort->kind == CLP_S_BOOL) {
      for (int s = 0; s < 2; s++) {
        const clp_term *x = a->kids[s], *y = a->kids[1 - s];
        if (x->op == CLP_VAR && !p->bound[slot_of(p, x)] && t_bound(p, y)) {
          c->done = true;
          bind(p, S_DEF, slot_of(p, x), comp(p, y));
          return true;
        }
      }
      continue;
    }
    clp_lin l = {0};
    clp_lin_add(&l, a->kids[0], 1);
    clp_lin_add(&l, a->kids[1], -1);
    int at = lone(p, &l);
    if (at < 0) continue;
    /* coef * x + rest = 0, coef = +-1: x = -coef * rest */
    c->done = true;
    bind(p, S_DEF, slot_of(p, l.t[at]), lin_comp(p, &l, at, -l.c[at]));
    return true;
  }
  return false;
}

/* An enumeration of one unbound variable: a Bool, or an Int with bounds. */
static bool enumerate(planner *p) {
  disj *d = p->d;
  for (int v = 0; v < d->nv; v++) {
    if (p->bound[v]) continue;
    if (d->vars[v]->sort->kind == CLP_S_BOOL) {
      bind(p, S_ENUM, v, NULL);
      return true;
    }
    int nlo = 0, nhi = 0;
    const xn **lo = NEW_N(const xn *, p->nc), **hi = NEW_N(const xn *, p->nc);
    for (int i = 0; i < p->nc; i++) {
      const clp_formula *f = p->cs[i].f;
      if (p->cs[i].done || !f || f->kind != CLP_F_LIT || f->atom->op != CLP_LE)
        continue;
      /* s <= 0: a - b <= 0, or (negated) b - a + 1 <= 0 */
      clp_lin l = {0};
      clp_lin_add(&l, f->atom->kids[0], f->neg ? -1 : 1);
      clp_lin_add(&l, f->atom->kids[1], f->neg ? 1 : -1);
      if (f->neg && __builtin_add_overflow(l.c0, 1, &l.c0)) continue;
      int at = lone(p, &l);
      if (at < 0 || d->vars[v] != l.t[at]) continue;
      /* coef * x + rest <= 0: x <= -rest (coef 1), x >= rest (coef -1) */
      if (l.c[at] == 1) hi[nhi++] = lin_comp(p, &l, at, -1);
      else lo[nlo++] = lin_comp(p, &l, at, 1);
    }
    if (!nlo || !nhi) continue;
    step *s = push_step(p, S_ENUM, v, NULL);
    s->nlo = nlo, s->lo = lo, s->nhi = nhi, s->hi = hi;
    p->bound[v] = true;
    return true;
  }
  /* an Int that nothing bounds (a process id the init rule leaves open,
   * a nondeterministic assignment): guessed among the rule set's constants
   * and one value beyond them (plan: each, or the first that fits); a
   * guess forbids the answer "no derivation" */
  for (int v = 0; v < d->nv && p->ndom; v++) {
    if (p->bound[v]) continue;
    step *s = push_step(p, S_ENUM, v, NULL);
    s->ndom = p->ndom, s->dom = p->dom;
    p->bound[v] = true;
    return true;
  }
  return false;
}

/* The plan of disjunct f of head's rule; false if some variable cannot be
 * bound. */
static bool plan(disj *d, const clp_rel *head, const clp_formula *f,
                 int ndom, const int64_t *dom, bool *guessed) {
  planner p = {d, ndom, dom, 0, NULL, 0, NULL, 0, false};
  d->head = head, d->f = f;
  int nk = f->kind == CLP_F_AND ? f->n : 1;
  const clp_formula *const *ks = f->kind == CLP_F_AND ? f->kids : &f;
  for (int i = 0; i < nk; i++)
    if (ks[i]->kind == CLP_F_CALL) {
      if (d->call) return false; /* two calls */
      d->call = ks[i];
    }
  for (int i = 0; i < head->arity; i++) collect(&p, head->formals[i]);
  collect_f(&p, f);
  if (p.fail) return false;
  int nvars = d->nv, nargs = d->call ? d->call->n : 0;
  p.cs = NEW_N(conj, nk + nargs);
  for (int i = 0; i < nk; i++)
    if (ks[i]->kind != CLP_F_CALL) {
      if (ks[i]->kind != CLP_F_TRUE && ks[i]->kind != CLP_F_LIT &&
          ks[i]->kind != CLP_F_AND && ks[i]->kind != CLP_F_OR &&
          ks[i]->kind != CLP_F_FALSE)
        return false;
      p.cs[p.nc++] = (conj){ks[i], NULL, 0, false};
    }
  /* a pseudo variable per call argument: bound first, to the fact's value */
  for (int i = 0; i < nargs; i++) {
    int ps = slot_of(&p, clp_var(clp_fmt("exp!arg!%d", i), d->call->args[i]->sort));
    p.cs[p.nc++] = (conj){NULL, d->call->args[i], ps, false};
  }
  p.bound = NEW_ATOMIC_N(bool, d->nv);
  for (int i = 0; i < d->nv; i++) p.bound[i] = i >= nvars;
  /* pseudo variables live after the real ones: no clash with slot_of, as
   * their names cannot be written in any input */
  checks(&p);
  for (int nb = 0; nb < nvars;) {
    if (!define(&p) && !enumerate(&p)) return false;
    nb++;
    checks(&p);
    if (p.fail) return false;
  }
  for (int i = 0; i < p.nc; i++)
    if (!p.cs[i].done) return false;
  d->head_slot = NEW_ATOMIC_N(int, head->arity);
  for (int i = 0; i < head->arity; i++) d->head_slot[i] = slot_of(&p, head->formals[i]);
  /* one Int guessed: each value; several: the product would be too
   * large, each takes the first value that lets the rule derive a fact */
  int ng = 0;
  for (int i = 0; i < d->nsteps; i++) ng += d->steps[i].ndom > 0;
  for (int i = 0; i < d->nsteps; i++) d->steps[i].first = ng > 1;
  if (ng) *guessed = true;
  return !p.fail;
}

/* -------------------------------------------------------------- search */
struct etc_exp {
  const clp_rs *rs;
  int nd; disj *ds;
  int **by_src;               /* by_src[rel id]: the disjuncts calling it */
  int *nby;
  int *facts, nfacts;         /* the disjuncts with no call */
  /* facts found: rel, values at off (int32), parent fact, disjunct, depth */
  long n, cap;
  int *rel, *par, *via, *dep;
  long *off;
  int32_t *vals; long nvals, capvals;
  long *hash; long hcap;       /* open addressing: fact index + 1 */
  bool gave_up;               /* an evaluation failed, or an Int was
                                 guessed: no "none" answer */
  long goal;                  /* the goal fact, -1 */
  int maxv;                   /* the most slots of a disjunct */
  int32_t *w;                 /* a head fact's values (the largest arity) */
  int depth;                  /* heights expanded completely */
};

/* The Int constants of t, into dom (at most DOM_MAX; false beyond). */
#define DOM_MAX 64
static bool consts(const clp_term *t, int64_t *dom, int *n) {
  if (t->op == CLP_NUM) {
    for (int i = 0; i < *n; i++)
      if (dom[i] == t->num) return true;
    if (*n == DOM_MAX) return false;
    dom[(*n)++] = t->num;
    return true;
  }
  for (int i = 0; i < t->n; i++)
    if (!consts(t->kids[i], dom, n)) return false;
  return true;
}
static bool consts_f(const clp_formula *f, int64_t *dom, int *n) {
  if (f->kind == CLP_F_LIT) return consts(f->atom, dom, n);
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++)
      if (!consts_f(f->kids[i], dom, n)) return false;
  return true;
}

etc_exp *etc_exp_new(const clp_rs *rs) {
  etc_exp *x = NEW(etc_exp);
  x->rs = rs;
  int cap = 0, ndom = 0;
  int64_t *dom = NEW_ATOMIC_N(int64_t, DOM_MAX + 1);
  bool all = true;
  for (int r = 0; r < rs->nrels; r++) {
    const clp_formula *b = rs->rels[r]->body;
    cap += b->kind == CLP_F_OR ? b->n : 1;
    all = all && consts_f(b, dom, &ndom);
  }
  if (!all) ndom = 0; /* too many: no guess */
  else { /* and one value beyond them all */
    int64_t hi = 0;
    for (int i = 0; i < ndom; i++)
      if (dom[i] > hi) hi = dom[i];
    if (hi < INT32_MAX) dom[ndom++] = hi + 1;
    for (int i = 1; i < ndom; i++) /* ascending */
      for (int j = i; j > 0 && dom[j - 1] > dom[j]; j--) {
        int64_t t = dom[j]; dom[j] = dom[j - 1]; dom[j - 1] = t;
      }
  }
  x->ds = NEW_N(disj, cap);
  x->nby = NEW_ATOMIC_N(int, rs->nrels);
  memset(x->nby, 0, sizeof *x->nby * (size_t)rs->nrels);
  x->by_src = NEW_N(int *, rs->nrels);
  x->facts = NEW_ATOMIC_N(int, cap);
  for (int r = 0; r < rs->nrels; r++) {
    const clp_rel *rel = rs->rels[r];
    const clp_formula *b = rel->body;
    int nk = b->kind == CLP_F_OR ? b->n : 1;
    for (int i = 0; i < nk; i++) {
      const clp_formula *f = b->kind == CLP_F_OR ? b->kids[i] : b;
      if (f->kind == CLP_F_FALSE) continue;
      disj *d = &x->ds[x->nd];
      if (!plan(d, rel, f, ndom, dom, &x->gave_up)) return NULL;
      x->nd++;
    }
  }
  for (int i = 0; i < x->nd; i++) {
    if (!x->ds[i].call) { x->facts[x->nfacts++] = i; continue; }
    int s = x->ds[i].call->rel->id;
    if (!x->by_src[s]) x->by_src[s] = NEW_ATOMIC_N(int, x->nd);
    x->by_src[s][x->nby[s]++] = i;
  }
  int maxar = 1;
  x->maxv = 1;
  for (int i = 0; i < x->nd; i++) {
    if (x->ds[i].nv > x->maxv) x->maxv = x->ds[i].nv;
    if (x->ds[i].head->arity > maxar) maxar = x->ds[i].head->arity;
  }
  x->w = NEW_ATOMIC_N(int32_t, maxar);
  x->goal = -1;
  x->depth = -1;
  return x;
}

static uint64_t hash_fact(int rel, const int32_t *v, int n) {
  uint64_t h = 1469598103934665603ull ^ (uint64_t)rel;
  for (int i = 0; i < n; i++) h = (h ^ (uint32_t)v[i]) * 1099511628211ull;
  return h ^ (h >> 29);
}

static void grow_hash(etc_exp *x) {
  long ncap = x->hcap ? 2 * x->hcap : 1 << 12;
  long *h = NEW_ATOMIC_N(long, ncap);
  memset(h, 0, sizeof *h * (size_t)ncap);
  for (long i = 0; i < x->n; i++) {
    uint64_t k = hash_fact(x->rel[i], x->vals + x->off[i], x->rs->rels[x->rel[i]]->arity);
    long j = (long)(k & (uint64_t)(ncap - 1));
    while (h[j]) j = (j + 1) & (ncap - 1);
    h[j] = i + 1;
  }
  if (x->hash) GC_FREE(x->hash);
  x->hash = h, x->hcap = ncap;
}

/* Adds fact rel(w) unless known; returns its index, -1 if known. */
static long add_fact(etc_exp *x, int rel, const int32_t *w, int par, int via) {
  int n = x->rs->rels[rel]->arity;
  if (2 * (x->n + 1) > x->hcap) grow_hash(x);
  uint64_t k = hash_fact(rel, w, n);
  long j = (long)(k & (uint64_t)(x->hcap - 1));
  for (; x->hash[j]; j = (j + 1) & (x->hcap - 1)) {
    long f = x->hash[j] - 1;
    if (x->rel[f] == rel && !memcmp(x->vals + x->off[f], w, sizeof *w * (size_t)n))
      return -1;
  }
  long old = x->cap;
  VEC_RESERVE_ATOMIC(int, x->rel, x->n, x->cap, 1);
  if (x->cap != old) {  /* the parallel arrays, indexed by fact */
    VEC_FIT_ATOMIC(int, x->par, x->cap);
    VEC_FIT_ATOMIC(int, x->via, x->cap);
    VEC_FIT_ATOMIC(int, x->dep, x->cap);
    VEC_FIT_ATOMIC(long, x->off, x->cap);
  }
  VEC_RESERVE_ATOMIC(int32_t, x->vals, x->nvals, x->capvals, n);
  long f = x->n++;
  x->rel[f] = rel, x->par[f] = par, x->via[f] = via;
  x->dep[f] = par < 0 ? 0 : x->dep[par] + 1;
  x->off[f] = x->nvals;
  memcpy(x->vals + x->nvals, w, sizeof *w * (size_t)n);
  x->nvals += n;
  x->hash[j] = f + 1;
  return f;
}

/* Runs the plan of disjunct di from step s; the facts derived are added
 * (par: the called fact), or with `want` >= 0 only the assignment deriving
 * fact `want` is sought and left in v (returns true when found). */
typedef struct run {
  etc_exp *x; int di; int par; long want; int64_t *v;
  long emits;                 /* assignments that reached the head */
} run;

static bool exec(run *r, int s) {
  const disj *d = &r->x->ds[r->di];
  int64_t *v = r->v, a;
  for (; s < d->nsteps; s++) {
    const step *st = &d->steps[s];
    if (st->k == S_CHECK) {
      if (!ev(st->e, v, &a)) { r->x->gave_up = true; return false; }
      if (!a) return false;
    } else if (st->k == S_DEF) {
      if (!ev(st->e, v, &v[st->slot])) { r->x->gave_up = true; return false; }
      if (d->vars[st->slot]->sort->kind == CLP_S_BOOL) v[st->slot] = !!v[st->slot];
    } else {
      int64_t lo = 0, hi = 1, b;
      for (int i = 0; i < st->nlo; i++) {
        if (!ev(st->lo[i], v, &b)) { r->x->gave_up = true; return false; }
        if (!i || b > lo) lo = b;
      }
      for (int i = 0; i < st->nhi; i++) {
        if (!ev(st->hi[i], v, &b)) { r->x->gave_up = true; return false; }
        if (!i || b < hi) hi = b;
      }
      if (st->ndom) lo = 0, hi = st->ndom - 1;
      if (hi - lo > 4096) { r->x->gave_up = true; return false; }
      long e0 = r->emits;
      for (int64_t c = lo; c <= hi; c++) {
        v[st->slot] = st->ndom ? st->dom[c] : c;
        if (exec(r, s + 1)) return true;
        if (st->first && r->emits > e0) break;
      }
      return false;
    }
  }
  /* every variable bound, every conjunct true: the head fact */
  r->emits++;
  const clp_rel *h = d->head;
  int32_t *w = r->x->w;
  for (int i = 0; i < h->arity; i++) {
    a = v[d->head_slot[i]];
    if (a != (int32_t)a) { r->x->gave_up = true; return false; }
    w[i] = (int32_t)a;
  }
  if (r->want >= 0)
    return !memcmp(w, r->x->vals + r->x->off[r->want], sizeof *w * (size_t)h->arity);
  long f = add_fact(r->x, h->id, w, r->par, r->di);
  if (f >= 0 && h == r->x->rs->goal && r->x->goal < 0) r->x->goal = f;
  return false;
}

static void fire(etc_exp *x, int di, long par, long want, int64_t *v) {
  const disj *d = &x->ds[di];
  if (par >= 0) {
    const int32_t *w = x->vals + x->off[par];
    for (int i = 0; i < d->call->n; i++) v[d->nv - d->call->n + i] = w[i];
  }
  run r = {x, di, (int)par, want, v, 0};
  exec(&r, 0);
}

etc_exp_result etc_exp_run(etc_exp *x, int max_height, long max_facts,
                           double until, double wall_until) {
  int64_t *v = NEW_ATOMIC_N(int64_t, x->maxv);
  if (!x->n)
    for (int i = 0; i < x->nfacts; i++) fire(x, x->facts[i], -1, -1, v);
  long f = 0;
  for (; f < x->n && x->goal < 0; f++) {
    if (x->dep[f] > x->depth + 1) x->depth = x->dep[f] - 1;
    if (!(f & 255) && (clp_expired() || clp_cpu_now() > until ||
                       clp_now() > wall_until))
      return ETC_EXP_LIMIT;
    if (x->n > max_facts) return ETC_EXP_LIMIT;
    if (x->dep[f] > max_height) continue;
    int s = x->rel[f];
    for (int i = 0; i < x->nby[s]; i++) fire(x, x->by_src[s][i], f, -1, v);
  }
  if (x->goal >= 0) return ETC_EXP_FOUND;
  x->depth = f ? x->dep[f - 1] : 0;
  if (x->depth > max_height) x->depth = max_height;
  return x->gave_up ? ETC_EXP_PARTIAL : ETC_EXP_NONE;
}

long etc_exp_facts(const etc_exp *x) { return x->n; }
int etc_exp_depth(const etc_exp *x) { return x->depth; }

/* Commits f (a disjunct of node nd's rule) under env: the literals of the
 * first true kid of every OR. */
static bool commit(const clp_formula *f, const clp_env *env, clp_tnode *nd,
                   int *cap) {
  switch (f->kind) {
  case CLP_F_TRUE: return true;
  case CLP_F_FALSE: return false;
  case CLP_F_CALL: return true;
  case CLP_F_LIT: {
    const clp_value *b = clp_eval(f->atom, env);
    if (!b || b->kind != CLP_V_BOOL || b->b == f->neg) return false;
    VEC_PUSH(const clp_formula *, nd->lits, nd->nlits, *cap, f);
    return true;
  }
  case CLP_F_AND:
    for (int i = 0; i < f->n; i++)
      if (!commit(f->kids[i], env, nd, cap)) return false;
    return true;
  case CLP_F_OR:
    for (int i = 0; i < f->n; i++) {
      int save = nd->nlits;
      if (commit(f->kids[i], env, nd, cap)) return true;
      nd->nlits = save;
    }
    return false;
  }
  return false;
}

clp_trace *etc_exp_trace(etc_exp *x) {
  if (x->goal < 0) return NULL;
  int n = x->dep[x->goal] + 1;
  clp_trace *t = NEW(clp_trace);
  t->nodes = NEW_N(clp_tnode, n);
  for (long f = x->goal; f >= 0; f = x->par[f]) {
    const disj *d = &x->ds[x->via[f]];
    int64_t *v = NEW_ATOMIC_N(int64_t, x->maxv);
    const int32_t *pv = x->par[f] >= 0 ? x->vals + x->off[x->par[f]] : NULL;
    if (pv)
      for (int i = 0; i < d->call->n; i++) v[d->nv - d->call->n + i] = pv[i];
    run r = {x, x->via[f], x->par[f], f, v, 0};
    if (!exec(&r, 0)) return NULL;
    clp_env *env = clp_env_new();
    for (int i = 0; i < d->nv - (d->call ? d->call->n : 0); i++)
      clp_env_set(env, d->vars[i], d->vars[i]->sort->kind == CLP_S_BOOL
                                       ? clp_v_bool(v[i] != 0)
                                       : clp_v_int(v[i]));
    clp_tnode *nd = &t->nodes[t->n];
    nd->rel = d->head;
    int cap = 0;
    if (!commit(d->f, env, nd, &cap)) return NULL;
    nd->ncalls = d->call ? 1 : 0;
    nd->calls = NEW_N(const clp_formula *, 1);
    nd->calls[0] = d->call;
    nd->child = NEW_ATOMIC_N(int, 1);
    nd->child[0] = t->n + 1;
    t->n++;
  }
  return t->n == n ? t : NULL;
}

void etc_exp_free(etc_exp *x) {
  if (!x) return;
  if (x->vals) GC_FREE(x->vals);
  if (x->hash) GC_FREE(x->hash);
  x->vals = NULL, x->hash = NULL;
  x->n = x->nvals = x->capvals = x->hcap = x->cap = 0;
  x->rel = x->par = x->via = x->dep = NULL;
  x->off = NULL;
}
