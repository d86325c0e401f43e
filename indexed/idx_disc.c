/* idx_disc.c -- indexed predicate discovery (Lahiri and Bryant, CAV'04,
 * section 4) around the indexed engine: predicates are proposed, never
 * trusted; every safe answer is still certified by idx_cert_safe.
 *
 * Predicates live on the relations (clp_rel.index / clp_rel.ipreds), so
 * the engine, the certificate and the printer see the same sets.  Index
 * variables are two global names (X, Y: "x", "y" unless the rule set uses
 * them) shared by all relations.
 *
 * For each clause (top-level disjunct) of a rule r(F) :- body, and each
 * call c(t) in it, candidates for c are
 *   (a) the clause's constraint literals (guards, goal constraints),
 *   (b) r's predicates with F replaced by their definitions in the clause
 *       (literals F_j = term): the weakest precondition through the rule,
 *   (c) the predicates of the other calls d(u) of the clause over u,
 * split into atoms (ite and select(store(a,i,v),j) by cases, Boolean
 * structure dropped), then mapped into c's space: the call's argument
 * variables become c's formals; a variable that the clause uses as an
 * array index becomes an index variable (the paper's "match" rule for
 * inputs and its "generalizing from a fixed index" rule); atoms with any
 * other variable are dropped.  Atoms lin ~ k with two or more summands and
 * k != 0 found by (b)/(c) give lin = 0 and lin < 0 instead (the paper's
 * rule against towers of offsets) unless k is the constant of the source
 * predicate (a program's constant carried through unchanged).  Round 0
 * uses (a) of the rules of relations that are not recursive (the goal's
 * rule: the property, as the paper starts from), (c) and the atoms of
 * each rule over its formals; every later round adds (a)-(c) of the
 * predicates known.  At most d->cap predicates per relation: when the cap
 * stops every new candidate of a round it grows, by DISC_CAP_STEP the
 * first time and by twice the last growth each later time (4, 8, 16: each
 * growth redoes a whole fixpoint), up to DISC_CAP_MAX.  A relation whose
 * set a frontend made complete (clp_rel.ipreds_fixed: the .cub scan and
 * update relations) gets none.
 * A round that finds no new predicate asks the refuter (refute below). */
#include <stdio.h>
#include <string.h>

#include "indexed/idx.h"

#define DISC_MAX_PREDS 28   /* predicates per relation, at first */
#define DISC_CAP_STEP 4     /* the cap's first growth (then doubled) */
#define DISC_CAP_MAX 64     /* its bound */
#define DISC_MAX_SPLIT 48   /* atoms from one formula */

typedef struct disc {
  clp_rs *rs;
  const eng_opts *o;
  const clp_term *ix[2];      /* the index variables X, Y */
  const clp_term *lb0[2], *lb1[2]; /* 0 <= X, 0 <= Y; 1 <= X, 1 <= Y */
  int round;
  int added;                  /* predicates added this round */
  int total;                  /* discovered so far */
  const char *why;            /* current source, for -v */
  bool *rec;                  /* per relation: on a cycle of calls */
  int *ngiven;                /* per relation: given predicates (first) */
  int cap;                    /* predicates per relation */
  int step;                   /* the cap's next growth */
  bool capped;                /* a candidate was left out by the cap */
  const clp_term *src;        /* current source predicate (its constant is
                                 kept by the offset rule), or NULL */
  int refute;                 /* the refuter's next iteration bound */
} disc;

/* ------------------------------------------------------------- helpers */
static bool is_ix(const disc *d, const clp_term *v) {
  return v == d->ix[0] || v == d->ix[1];
}

static bool has_var(const clp_term *t, const clp_term *v) {
  if (t == v) return true;
  for (int i = 0; i < t->n; i++)
    if (has_var(t->kids[i], v)) return true;
  return false;
}

/* A type-range constant of the C frontend (|k| >= 2^31 - 1). */
static bool big_const(const clp_term *t) {
  if (t->op == CLP_NUM) return t->num >= 2147483647 || t->num <= -2147483647;
  for (int i = 0; i < t->n; i++)
    if (big_const(t->kids[i])) return true;
  return false;
}

/* t with every occurrence of subterm from replaced by to; with only_index,
 * only the occurrences that are the index of an array read or write. */
static const clp_term *replace_in(const clp_term *t, const clp_term *from,
                                  const clp_term *to, bool only_index) {
  if (t == from && !only_index) return to;
  if (t->n == 0) return t;
  bool arr = t->op == CLP_SELECT || t->op == CLP_STORE;
  const clp_term **k = NEW_N(const clp_term *, t->n);
  bool same = true;
  for (int i = 0; i < t->n; i++) {
    k[i] = only_index && arr && i == 1 && t->kids[1] == from
               ? to
               : replace_in(t->kids[i], from, to, only_index);
    same &= k[i] == t->kids[i];
  }
  return same ? t : clp_mk(t->op, t->sort, t->n, k, t->fun);
}

static const clp_term *replace(const clp_term *t, const clp_term *from,
                               const clp_term *to) {
  return replace_in(t, from, to, false);
}

/* First ite or select-over-store subterm of t (preorder), or NULL. */
static const clp_term *redex(const clp_term *t) {
  if (t->op == CLP_ITE) return t;
  if (t->op == CLP_SELECT && t->kids[0]->op == CLP_STORE) return t;
  for (int i = 0; i < t->n; i++) {
    const clp_term *r = redex(t->kids[i]);
    if (r) return r;
  }
  return NULL;
}

typedef struct tlist { int n; const clp_term **t; } tlist;

static void tl_add(tlist *l, const clp_term *t) {
  for (int i = 0; i < l->n; i++)
    if (l->t[i] == t) return;
  l->t = l->t ? GROW(const clp_term *, l->t, l->n + 1)
              : NEW_N(const clp_term *, 1);
  l->t[l->n++] = t;
}

/* The atoms of Bool term t, ite and select(store) split by cases. */
static void split(const clp_term *t, tlist *out, int depth) {
  if (depth > 12 || out->n >= DISC_MAX_SPLIT) return;
  if (t->op == CLP_TRUE || t->op == CLP_FALSE) return;
  if (t->op == CLP_NOT || t->op == CLP_AND || t->op == CLP_OR ||
      (t->op == CLP_EQ && t->kids[0]->sort == clp_sort_bool())) {
    for (int i = 0; i < t->n; i++) split(t->kids[i], out, depth + 1);
    return;
  }
  const clp_term *s = redex(t);
  if (!s) {
    if (clp_is_atom(t)) tl_add(out, t);
    return;
  }
  if (s == t && s->op == CLP_ITE) { /* a Bool ite */
    for (int i = 0; i < 3; i++) split(t->kids[i], out, depth + 1);
    return;
  }
  if (s->op == CLP_ITE) {
    split(s->kids[0], out, depth + 1);
    split(replace(t, s, s->kids[1]), out, depth + 1);
    split(replace(t, s, s->kids[2]), out, depth + 1);
    return;
  }
  /* select(store(a, i, v), j): case j = i reads v (with i read as j, the
   * paper's match of an input index), case j != i reads a[j]. */
  const clp_term *st = s->kids[0], *a = st->kids[0], *i = st->kids[1],
                 *v = st->kids[2], *j = s->kids[1];
  split(clp_eq(j, i), out, depth + 1);
  const clp_term *hit = replace(t, s, v);
  if (i->op == CLP_VAR && !has_var(j, i)) {
    clp_subst *m = clp_subst_new();
    clp_subst_add(m, i, j);
    hit = clp_subst_term(m, hit);
  }
  split(hit, out, depth + 1);
  split(replace(t, s, clp_select(a, j)), out, depth + 1);
}

/* ------------------------------------------------------- predicate sets */
static bool over(const disc *d, const clp_rel *r, const clp_term *t) {
  const clp_term **vars = NULL;
  int cap = 0, n = clp_term_vars(t, &vars, 0, &cap);
  if (n == 0) return false;
  for (int i = 0; i < n; i++)
    if (!is_ix(d, vars[i]) && !clp_rel_has_formal(r, vars[i])) return false;
  return true;
}

static bool known(const clp_rel *r, const clp_term *p) {
  const clp_term *neg = NULL;
  if (p->op == CLP_LE) neg = clp_lt(p->kids[1], p->kids[0]);
  for (int i = 0; i < r->nipreds; i++)
    if (r->ipreds[i] == p || r->ipreds[i] == neg) return true;
  return false;
}

/* Does r have an array-sorted formal (may it have index variables)? */
static bool has_array(const clp_rel *r) {
  for (int i = 0; i < r->arity; i++)
    if (r->formals[i]->sort != clp_sort_int() &&
        r->formals[i]->sort != clp_sort_bool())
      return true;
  return false;
}

static bool has_index(const clp_rel *r, const clp_term *x) {
  for (int i = 0; i < r->nindex; i++)
    if (r->index[i] == x) return true;
  return false;
}

/* Adds p to r's predicates (and its index variables to r's) if new. */
static void add1(disc *d, clp_rel *r, const clp_term *p) {
  if (r->ipreds_fixed || !clp_is_atom(p) || big_const(p) || !over(d, r, p) ||
      known(r, p))
    return;
  if (r->nipreds >= d->cap) {
    d->capped = true;
    return;
  }
  const clp_term *idx[2];
  int ni = 0;
  for (int k = 0; k < 2; k++)
    if (has_var(p, d->ix[k])) idx[ni++] = d->ix[k];
  if (ni && !has_array(r) && !r->nindex) return; /* no arrays to index */
  for (int k = 0; k < 2; k++) /* 1 <= x replaces a discovered 0 <= x */
    if (p == d->lb1[k])
      for (int i = d->ngiven[r->id]; i < r->nipreds; i++)
        if (r->ipreds[i] == d->lb0[k]) {
          r->ipreds[i] = p;
          if (d->o->verbose)
            fprintf(stderr, "indexed: round %d: new predicate %s: %s (%s; "
                    "in place of 0 <= %s)\n", d->round, r->name,
                    clp_term_str(p), d->why, d->ix[k]->name);
          return;
        }
  for (int k = 0; k < ni; k++) /* a new index variable: also 0 <= it */
    if (!has_index(r, idx[k]) && r->nipreds < d->cap - 1) {
      const clp_term *lb = idx[k] == d->ix[0] ? d->lb0[0] : d->lb0[1];
      if (lb == p || known(r, lb)) continue;
      clp_rel_add_ipreds(r, 1, &idx[k], 1, &lb);
      d->added++;
      d->total++;
      if (d->o->verbose)
        fprintf(stderr, "indexed: round %d: new predicate %s: %s (array "
                "indices are nonnegative)\n", d->round, r->name,
                clp_term_str(lb));
    }
  clp_rel_add_ipreds(r, ni, idx, 1, &p);
  d->added++;
  d->total++;
  if (d->o->verbose)
    fprintf(stderr, "indexed: round %d: new predicate %s: %s (%s)\n",
            d->round, r->name, clp_term_str(p), d->why);
}

/* Every summand of the linear sum t has coefficient 1 or -1. */
static bool unit_coeffs(const clp_term *t) {
  for (int i = 0; i < t->n; i++) {
    const clp_term *k = t->kids[i];
    if (k->op == CLP_NUM) return false;
    if (k->op == CLP_MUL && k->kids[0]->op == CLP_NUM &&
        k->kids[0]->num != 1 && k->kids[0]->num != -1)
      return false;
  }
  return true;
}

/* Adds p, or for a derived lin ~ k (two or more summands, k != 0) the
 * atoms lin = 0 and lin < 0; a derived v ~ k (one summand) is dropped when
 * some v ~ k' is known (towers of constants), v = 0 and v < 0 instead. */
static void add(disc *d, clp_rel *r, const clp_term *p, bool derived) {
  if (known(r, p)) return;
  if (p->op != CLP_LE && p->op != CLP_EQ) { /* Bool variable, select, ... */
    add1(d, r, p);
    return;
  }
  if (derived && (p->op == CLP_LE || p->op == CLP_EQ) &&
      p->kids[1]->op == CLP_NUM && p->kids[0]->op != CLP_ADD) {
    /* v ~ k with v ~ k' known: a tower (v = -1, v = -2, ...) */
    for (int i = 0; i < r->nipreds; i++) {
      const clp_term *q = r->ipreds[i];
      if (q->op == p->op && q->kids[1]->op == CLP_NUM &&
          (q->kids[0] == p->kids[0] ||
           (p->op == CLP_LE && q->kids[0] == clp_neg(p->kids[0])))) {
        const clp_term *v = p->kids[0], *z = clp_num(0);
        if (v->op == CLP_MUL && v->kids[0]->op == CLP_NUM) v = v->kids[1];
        add1(d, r, clp_eq(v, z));
        add1(d, r, clp_lt(v, z));
        return;
      }
    }
  }
  if (derived && p->kids[0]->op == CLP_ADD &&
      (p->kids[0]->n > 2 || !unit_coeffs(p->kids[0])))
    return; /* only T1 ~ T2 + c (the paper's arithmetic predicates) */
  if (derived && (p->op == CLP_LE || p->op == CLP_EQ) &&
      p->kids[1]->op == CLP_NUM && p->kids[1]->num != 0 &&
      p->kids[0]->op == CLP_ADD && !(d->src && d->src->n == 2 &&
                                     d->src->kids[1] == p->kids[1])) {
    const clp_term *lin = p->kids[0], *z = clp_num(0);
    add1(d, r, clp_eq(lin, z));
    add1(d, r, clp_lt(lin, z));
    /* one step off an equation: lin = 1 or -1 from a source lin' = 0
     * (Level[x] + 1 = Level[y] from Level[x] = Level[y] through an
     * increment) is kept too; from it, lin = 2 is the offset rule's again,
     * so no tower */
    if (p->op == CLP_EQ && (p->kids[1]->num == 1 || p->kids[1]->num == -1) &&
        d->src && d->src->op == CLP_EQ && d->src->kids[1]->op == CLP_NUM &&
        d->src->kids[1]->num == 0 && d->src->kids[0]->op == CLP_ADD)
      add1(d, r, p);
    return;
  }
  add1(d, r, p);
}

/* ------------------------------------------------------------- clauses */
typedef struct clause {
  tlist lits;                 /* constraint atoms (not definitions) */
  int ncalls;
  const clp_formula **calls;
  tlist defv, deft;           /* head formal := term */
  tlist ixv;                  /* variables used as array indices */
} clause;

static void index_vars(const clp_term *t, tlist *out) {
  if (t->op == CLP_SELECT || t->op == CLP_STORE) {
    /* only Int variables: an index may read an array, a[b[-21]], whose
     * variable b cannot become an index variable */
    const clp_term **vars = NULL;
    int cap = 0, n = clp_term_vars(t->kids[1], &vars, 0, &cap);
    for (int i = 0; i < n; i++)
      if (vars[i]->sort == clp_sort_int()) tl_add(out, vars[i]);
  }
  for (int i = 0; i < t->n; i++) index_vars(t->kids[i], out);
}

/* The Int index terms of t's array reads and writes that are not index
 * variables, first occurrence first. */
static void index_terms(const clp_term *t, const disc *d, tlist *out) {
  if ((t->op == CLP_SELECT || t->op == CLP_STORE) &&
      t->kids[1]->sort == clp_sort_int() && !is_ix(d, t->kids[1]))
    tl_add(out, t->kids[1]);
  for (int i = 0; i < t->n; i++) index_terms(t->kids[i], d, out);
}

/* v = term solved from atom a, v a head formal; NULL if a is not one. */
static const clp_term *solve_for(const clp_term *a, const clp_term *v) {
  if (a->op != CLP_EQ) return NULL;
  const clp_term *l = a->kids[0], *r = a->kids[1];
  if (l == v && !has_var(r, v)) return r;
  if (r == v && !has_var(l, v)) return l;
  if (v->sort != clp_sort_int() || l->sort != clp_sort_int()) return NULL;
  const clp_term *dl = clp_sub(l, r); /* v's coefficient must be +-1 */
  const clp_term *plus = clp_sub(v, dl), *minus = clp_add(v, dl);
  if (!has_var(plus, v)) return plus;
  if (!has_var(minus, v)) return minus;
  return NULL;
}

static void walk(const clp_rel *r, const clp_formula *f, bool top,
                 clause *c) {
  switch (f->kind) {
  case CLP_F_AND: case CLP_F_OR:
    for (int i = 0; i < f->n; i++)
      walk(r, f->kids[i], top && f->kind == CLP_F_AND, c);
    return;
  case CLP_F_CALL:
    c->calls = c->calls ? GROW(const clp_formula *, c->calls, c->ncalls + 1)
                        : NEW_N(const clp_formula *, 1);
    c->calls[c->ncalls++] = f;
    for (int i = 0; i < f->n; i++) index_vars(f->args[i], &c->ixv);
    return;
  case CLP_F_LIT: {
    index_vars(f->atom, &c->ixv);
    if (top && !f->neg)
      for (int i = 0; i < r->arity; i++) {
        const clp_term *v = r->formals[i];
        bool dup = false;
        for (int j = 0; j < c->defv.n; j++) dup |= c->defv.t[j] == v;
        const clp_term *t = dup ? NULL : solve_for(f->atom, v);
        if (t) {
          tl_add(&c->defv, v);
          c->deft.t = c->deft.t ? GROW(const clp_term *, c->deft.t,
                                       c->deft.n + 1)
                                : NEW_N(const clp_term *, 1);
          c->deft.t[c->deft.n++] = t;
          break; /* also a constraint (Turn = i: a guard, too) */
        }
      }
    tl_add(&c->lits, f->atom);
    return;
  }
  default: return;
  }
}

/* The clauses of r's rule: its top-level disjuncts. */
static int clauses(const clp_rel *r, clause **out) {
  const clp_formula *b = r->body;
  int n = b->kind == CLP_F_OR ? b->n : 1;
  *out = NEW_N(clause, n);
  for (int i = 0; i < n; i++)
    walk(r, b->kind == CLP_F_OR ? b->kids[i] : b, true, &(*out)[i]);
  return n;
}

/* An index term that is not a variable or a number (a[i+1]): derived
 * atoms with one would start towers of offsets. */
static bool offset_index(const clp_term *t) {
  if ((t->op == CLP_SELECT || t->op == CLP_STORE) &&
      t->kids[1]->op != CLP_VAR && t->kids[1]->op != CLP_NUM)
    return true;
  for (int i = 0; i < t->n; i++)
    if (offset_index(t->kids[i])) return true;
  return false;
}

/* Does t read or write an array at index v? */
static bool arr_index(const clp_term *t, const clp_term *v) {
  if ((t->op == CLP_SELECT || t->op == CLP_STORE) && t->kids[1] == v)
    return true;
  for (int i = 0; i < t->n; i++)
    if (arr_index(t->kids[i], v)) return true;
  return false;
}

/* Maps atom a of clause cl into the space of call k and adds it.  The
 * variables that may become index variables are those that cl uses as
 * array indices (seeds), or that a itself uses as indices (derived). */
static void to_callee(disc *d, const clause *cl, const clp_formula *call,
                      const clp_term *a, bool derived) {
  clp_rel *c = (clp_rel *)call->rel;
  if (derived && offset_index(a)) return;
  const clp_term **vars = NULL;
  int cap = 0, n = clp_term_vars(a, &vars, 0, &cap);
  tlist aix = {0, NULL};
  if (derived) index_vars(a, &aix);
  const tlist *ixs = derived ? &aix : &cl->ixv;
  bool arr = has_array(c);
  clp_subst *m = clp_subst_new(), *g = clp_subst_new();
  bool used[2] = {has_var(a, d->ix[0]), has_var(a, d->ix[1])};
  bool gused[2] = {used[0], used[1]};
  int ng = 0;
  for (int i = 0; i < n; i++) {
    const clp_term *v = vars[i];
    if (is_ix(d, v)) continue;
    int p = -1;
    for (int j = 0; j < call->n && p < 0; j++)
      if (call->args[j] == v) p = j;
    bool ix = false;
    for (int j = 0; j < ixs->n; j++) ix |= ixs->t[j] == v;
    ix &= arr;
    if (p >= 0) {
      clp_subst_add(m, v, c->formals[p]);
      /* a formal used as an index: also generalised (fixed index) */
      if (ix)
        for (int k = 0; k < 2; k++)
          if (!gused[k]) {
            clp_subst_add(g, v, d->ix[k]);
            gused[k] = true;
            ng++;
            if (arr_index(a, v)) /* the paper's x = v of a fixed index */
              add(d, c, clp_eq(d->ix[k], c->formals[p]), false);
            break;
          }
      continue;
    }
    if (!ix) return; /* an input that is not an index: dropped */
    int k = !used[0] ? 0 : !used[1] ? 1 : -1;
    if (!derived) { /* the clause's inputs in order: the same in all atoms */
      int nth = 0;
      for (int j = 0; j < cl->ixv.n && cl->ixv.t[j] != v; j++) {
        bool arg = false;
        for (int q = 0; q < call->n; q++) arg |= call->args[q] == cl->ixv.t[j];
        nth += !arg;
      }
      if (nth < 2 && !used[nth]) k = nth;
    }
    if (k < 0) return;
    used[k] = gused[k] = true;
    clp_subst_add(m, v, d->ix[k]);
    clp_subst_add(g, v, d->ix[k]);
  }
  add(d, c, clp_subst_term(m, a), derived);
  if (ng) {
    /* generalised copy: the remaining argument variables as formals */
    for (int i = 0; i < n; i++)
      if (!clp_subst_get(g, vars[i]) && clp_subst_get(m, vars[i]))
        clp_subst_add(g, vars[i], clp_subst_get(m, vars[i]));
    add(d, c, clp_subst_term(g, a), derived);
  }
}

/* The atoms of t (split) as predicates of r. */
static void add_atoms(disc *d, const clp_rel *r, const clp_term *t,
                      bool derived) {
  tlist atoms = {0, NULL};
  split(t, &atoms, 0);
  for (int j = 0; j < atoms.n; j++) add(d, (clp_rel *)r, atoms.t[j], derived);
}

static void from_formula(disc *d, const clause *cl, int k, const clp_term *t,
                         bool derived) {
  tlist atoms = {0, NULL};
  split(t, &atoms, 0);
  for (int i = 0; i < atoms.n; i++)
    to_callee(d, cl, cl->calls[k], atoms.t[i], derived);
}

/* A copy of r's predicates (adding may move the array). */
static const clp_term **snapshot(const clp_rel *r) {
  const clp_term **p = NEW_N(const clp_term *, r->nipreds + 1);
  if (r->nipreds) memcpy(p, r->ipreds, sizeof *p * (size_t)r->nipreds);
  return p;
}

/* A relation with both index variables gets, for each predicate over
 * one of them, its copy over the other (the paper's crit(i), crit(j)). */
static void symmetrize(disc *d) {
  d->why = "the same over the other index variable";
  for (int ri = 0; ri < d->rs->nrels; ri++) {
    clp_rel *r = d->rs->rels[ri];
    if (!has_index(r, d->ix[0]) || !has_index(r, d->ix[1])) continue;
    int np = r->nipreds;
    const clp_term **ps = snapshot(r);
    for (int i = 0; i < np; i++) {
      bool hx = has_var(ps[i], d->ix[0]), hy = has_var(ps[i], d->ix[1]);
      if (hx == hy) continue;
      clp_subst *m = clp_subst_new();
      clp_subst_add(m, d->ix[0], d->ix[1]);
      clp_subst_add(m, d->ix[1], d->ix[0]);
      add1(d, r, clp_subst_term(m, ps[i]));
    }
  }
}

/* Predicate p of the relation of call o at the call: o's formals replaced
 * by its arguments, and o's own index variables (a frontend's, as the .cub
 * scans' "x", which may differ from X and Y) renamed to X, Y in order, at
 * once (a clause variable of the same name as one of them stays). */
static const clp_term *at_call(const disc *d, const clp_formula *o,
                               const clp_term *p) {
  const clp_rel *c = o->rel;
  clp_subst *m = clp_subst_new();
  for (int j = 0; j < c->arity; j++) clp_subst_add(m, c->formals[j], o->args[j]);
  for (int k = 0; k < c->nindex && k < 2; k++)
    if (c->index[k] != d->ix[k]) clp_subst_add(m, c->index[k], d->ix[k]);
  return clp_subst_term(m, p);
}

/* Does p mention a formal of call o whose argument is a number (a scan
 * relation's start, All(N, s, 1)): such instances are not carried over. */
static bool at_constant(const clp_formula *o, const clp_term *p) {
  for (int j = 0; j < o->n; j++)
    if (o->args[j]->op == CLP_NUM && has_var(p, o->rel->formals[j]))
      return true;
  return false;
}

/* One pass over every clause; wp: also through the head's predicates. */
static void pass(disc *d, bool wp) {
  clp_rs *rs = d->rs;
  for (int ri = 0; ri < rs->nrels; ri++) {
    const clp_rel *r = rs->rels[ri];
    clause *cls;
    int ncl = clauses(r, &cls);
    for (int ci = 0; ci < ncl; ci++) {
      const clause *cl = &cls[ci];
      clp_subst *defs = clp_subst_new();
      for (int i = 0; i < cl->defv.n; i++)
        clp_subst_add(defs, cl->defv.t[i], cl->deft.t[i]);
      if (wp && !cl->ncalls) { /* the head's predicates at the
                                   definitions of an initial clause */
        int np = r->nipreds;
        const clp_term **ps = snapshot(r);
        for (int i = 0; i < np; i++) {
          d->src = ps[i];
          d->why = clp_fmt("%s at a definition in the rule of %s",
                           clp_term_str(ps[i]), r->name);
          add_atoms(d, r, clp_subst_term(defs, ps[i]), true);
        }
      }
      for (int k = 0; k < cl->ncalls; k++) {
        /* a condition wrapper (a callee whose rule has no call, as the C
         * frontend's assume): its predicates at the arguments are guards
         * of the head, too */
        const clp_formula *o = cl->calls[k];
        if (clp_f_has_call(o->rel->body)) continue;
        int np = o->rel->nipreds;
        const clp_term **ps = snapshot(o->rel);
        d->src = NULL;
        for (int i = 0; i < np; i++) {
          d->why = clp_fmt("%s of %s as a guard of %s", clp_term_str(ps[i]),
                           o->rel->name, r->name);
          add_atoms(d, r, at_call(d, o, ps[i]), false);
        }
      }
      for (int k = 0; k < cl->ncalls; k++) {
        const clp_rel *c = cl->calls[k]->rel;
        d->why = clp_fmt("guard of the rule of %s", r->name);
        d->src = NULL;
        if (wp || !d->rec[r->id])
          for (int i = 0; i < cl->lits.n; i++)
            from_formula(d, cl, k, cl->lits.t[i], false);
        for (int j = 0; j < cl->ncalls; j++) {
          const clp_formula *o = cl->calls[j];
          if (j == k) continue;
          int np = o->rel->nipreds;
          const clp_term **ps = snapshot(o->rel);
          for (int i = 0; i < np; i++) {
            if (at_constant(o, ps[i])) continue;
            d->src = ps[i];
            d->why = clp_fmt("%s of %s through the rule of %s into %s",
                             clp_term_str(ps[i]), o->rel->name, r->name,
                             c->name);
            from_formula(d, cl, k, at_call(d, o, ps[i]), wp);
          }
        }
        if (!wp) continue;
        int np = r->nipreds;
        const clp_term **ps = snapshot(r);
        for (int i = 0; i < np; i++) {
          d->src = ps[i];
          d->why = clp_fmt("wp of %s through the rule of %s", 
                           clp_term_str(ps[i]), r->name);
          from_formula(d, cl, k, clp_subst_term(defs, ps[i]), true);
        }
      }
    }
  }
}

/* For a one-variable bound a (v <= k or -v <= k, v an Int formal), the
 * bounds lo <= v <= hi among atoms[0..n) and whether v = c is among them
 * for every c in lo..hi: then a is redundant (the range of an enumerated
 * variable whose every value is a predicate: no reachable cube has them
 * all false, so the bounds never split one; they only took slots). */
static bool enum_bound(const clp_term **atoms, int n, const clp_term *a) {
  if (a->op != CLP_LE || a->kids[1]->op != CLP_NUM) return false;
  const clp_term *t = a->kids[0], *v = t;
  if (t->op == CLP_MUL && t->kids[0]->op == CLP_NUM && t->kids[0]->num == -1)
    v = t->kids[1];
  if (v->op != CLP_VAR || v->sort != clp_sort_int()) return false;
  bool has_lo = false, has_hi = false;
  int64_t lo = 0, hi = 0;
  for (int j = 0; j < n; j++) {
    const clp_term *b = atoms[j];
    if (b->op != CLP_LE || b->kids[1]->op != CLP_NUM) continue;
    if (b->kids[0] == v) has_hi = true, hi = b->kids[1]->num;
    else if (b->kids[0]->op == CLP_MUL && b->kids[0]->kids[0]->op == CLP_NUM &&
             b->kids[0]->kids[0]->num == -1 && b->kids[0]->kids[1] == v)
      has_lo = true, lo = -b->kids[1]->num;
  }
  if (!has_lo || !has_hi || hi < lo || hi - lo >= 8) return false;
  for (int64_t c = lo; c <= hi; c++) {
    const clp_term *eq = clp_eq(v, clp_num(c));
    bool found = false;
    for (int j = 0; j < n && !found; j++) found = atoms[j] == eq;
    if (!found) return false;
  }
  return true;
}

/* Round 0 also: the atoms of each rule over its formals (as the engine's
 * own seeds) but array equations (definitions) and redundant bounds
 * (enum_bound), at most 8 per relation. */
static void own_atoms(disc *d) {
  d->why = "atom of its own rule";
  for (int ri = 0; ri < d->rs->nrels; ri++) {
    clp_rel *r = d->rs->rels[ri];
    const clp_term **atoms = NULL;
    int cap = 0, n = clp_f_atoms(r->body, &atoms, 0, &cap), k = 0;
    for (int j = 0; j < n && k < 8; j++)
      if (clp_rel_over_formals(r, atoms[j]) &&
          !(atoms[j]->op == CLP_EQ && atoms[j]->kids[0]->sort != clp_sort_int()
            && atoms[j]->kids[0]->sort != clp_sort_bool()) &&
          !enum_bound(atoms, n, atoms[j])) {
        add1(d, r, atoms[j]);
        k++;
      }
  }
}

/* ------------------------------------------------------- refutations */
/* a with the index of each array read or write that is not an index
 * variable replaced by X, then Y (same index, same variable); NULL when a
 * has no such index or more than two. */
static const clp_term *over_ix(const disc *d, const clp_term *a) {
  tlist ix = {0, NULL};
  index_terms(a, d, &ix);
  if (ix.n == 0 || ix.n > 2) return NULL;
  const clp_term *g = a;
  for (int k = 0; k < ix.n; k++) g = replace_in(g, ix.t[k], d->ix[k], true);
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
static bool refute(disc *d, eng_result *out) {
  const eng_opts *o = d->o;
  const idx_params *ip = o->params;
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
      clp_rel *rel = d->rs->rels[i];
      const clp_term *a = r.atoms[i][j], *g = over_ix(d, a);
      d->src = NULL;
      d->why = "atom of a refutation (CAR)";
      add(d, rel, a, true);
      if (g) {
        d->why = clp_fmt("atom %s of a refutation (CAR) over an index "
                         "variable", clp_term_str(a));
        add(d, rel, g, true);
      }
    }
  return false;
}

/* Marks the relations that can reach themselves through calls. */
static void calls_of(const clp_formula *f, bool *reach) {
  if (f->kind == CLP_F_CALL) reach[f->rel->id] = true;
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++) calls_of(f->kids[i], reach);
}

static bool *recursive(const clp_rs *rs) {
  int n = rs->nrels;
  bool *reach = NEW_ATOMIC_N(bool, (size_t)n * n), *rec = NEW_ATOMIC_N(bool, n);
  memset(reach, 0, (size_t)n * n);
  for (int i = 0; i < n; i++) calls_of(rs->rels[i]->body, reach + (size_t)i * n);
  for (int k = 0; k < n; k++) /* transitive closure (small n) */
    for (int i = 0; i < n; i++)
      if (reach[(size_t)i * n + k])
        for (int j = 0; j < n; j++)
          reach[(size_t)i * n + j] |= reach[(size_t)k * n + j];
  for (int i = 0; i < n; i++) rec[i] = reach[(size_t)i * n + i];
  return rec;
}

/* "x", "y" unless a variable of the rule set has that name. */
static const clp_term *fresh_ix(const clp_rs *rs, const char *base,
                                const clp_term *other) {
  tlist names = {0, NULL};
  for (int i = 0; i < rs->nrels; i++) {
    const clp_term **vars = NULL;
    int cap = 0, n = clp_f_vars(rs->rels[i]->body, &vars, 0, &cap);
    for (int j = 0; j < n; j++) tl_add(&names, vars[j]);
    for (int j = 0; j < rs->rels[i]->arity; j++)
      tl_add(&names, rs->rels[i]->formals[j]);
  }
  for (int k = 0;; k++) {
    const char *nm = k ? clp_fmt("%s%d", base, k) : base;
    bool clash = other && !strcmp(other->name, nm);
    for (int j = 0; j < names.n && !clash; j++)
      clash = !strcmp(names.t[j]->name, nm);
    if (!clash) return clp_var(nm, clp_sort_int());
  }
}

/* ------------------------------------------------------------ the loop */
static void add_stats(eng_stats *acc, const eng_stats *s) {
  acc->idx_images += s->idx_images;
  acc->idx_queries += s->idx_queries;
  acc->idx_models += s->idx_models;
  acc->idx_instances += s->idx_instances;
  if (s->idx_terms > acc->idx_terms) acc->idx_terms = s->idx_terms;
  acc->t_abstract += s->t_abstract;
}

void idx_disc_solve(const clp_rs *rs0, const eng_opts *o, eng_result *out) {
  double t0 = clp_now();
  disc d;
  memset(&d, 0, sizeof d);
  d.rs = (clp_rs *)rs0; /* the predicates are attached to its relations */
  d.o = o;
  d.ix[0] = fresh_ix(d.rs, "x", NULL);
  d.ix[1] = fresh_ix(d.rs, "y", d.ix[0]);
  for (int k = 0; k < 2; k++) {
    d.lb0[k] = clp_le(clp_num(0), d.ix[k]);
    d.lb1[k] = clp_le(clp_num(1), d.ix[k]);
  }
  /* each fixpoint only has to tell whether the goal is derivable: the
   * iteration ends as soon as it is (monotone: it stays derivable) */
  idx_params sp = {0};
  if (o->params) sp = *(const idx_params *)o->params;
  sp.goal_stop = true;
  eng_opts so = *o;
  so.params = &sp;
  o = &so;
  d.o = o;
  d.rec = recursive(d.rs);
  d.cap = DISC_MAX_PREDS;
  d.step = DISC_CAP_STEP;
  d.refute = sp.refute;
  d.ngiven = NEW_ATOMIC_N(int, d.rs->nrels + 1);
  for (int i = 0; i < d.rs->nrels; i++) d.ngiven[i] = d.rs->rels[i]->nipreds;
  int given = 0;
  for (int i = 0; i < d.rs->nrels; i++) /* not a frontend's complete set */
    if (!d.rs->rels[i]->ipreds_fixed) given += d.rs->rels[i]->nipreds;
  eng_stats acc;
  memset(&acc, 0, sizeof acc);
  if (given) { /* the given predicates alone first: discovery only adds */
    if (o->verbose)
      fprintf(stderr, "indexed: the %d given predicates alone\n", given);
    idx_solve(d.rs, o, out);
    add_stats(&acc, &out->stats);
    if (out->verdict != ENG_UNKNOWN || !out->abstract_goal) {
      d.round = -1;
      goto done;
    }
  }
  own_atoms(&d);
  pass(&d, false);
  symmetrize(&d);
  for (;;) {
    if (o->verbose)
      fprintf(stderr, "indexed: discovery round %d: %d predicates "
              "(%d discovered)\n", d.round, given + d.total, d.total);
    idx_solve(d.rs, o, out);
    add_stats(&acc, &out->stats);
    if (out->verdict != ENG_UNKNOWN || !out->abstract_goal) break;
    if (d.round + 1 >= sp.rounds) {
      out->reason = ENG_R_ABSTRACT_GOAL;
      out->detail = clp_fmt("discovery bound reached: %d rounds",
                            sp.rounds);
      break;
    }
    d.round++;
    d.added = 0;
    for (;;) {
      d.capped = false;
      pass(&d, true);
      symmetrize(&d);
      if (d.added || !d.capped || d.cap >= DISC_CAP_MAX) break;
      /* the cap stopped every new candidate: a larger cap (the
       * candidates of this round again, the predicates kept) */
      d.cap += d.step;
      if (d.cap > DISC_CAP_MAX) d.cap = DISC_CAP_MAX;
      d.step *= 2;
      if (o->verbose)
        fprintf(stderr, "indexed: round %d: up to %d predicates per "
                "relation\n", d.round, d.cap);
    }
    if (!d.added && refute(&d, out)) break;
    if (!d.added) {
      out->reason = ENG_R_ABSTRACT_GOAL;
      out->detail = "discovery found no new predicate";
      break;
    }
  }
  if (given && out->verdict == ENG_UNKNOWN && !out->abstract_goal) {
    /* stopped (timeout, ...) while discovering: the given predicates
     * were not enough, which the user wants to know first */
    out->detail = out->reason ? eng_reason_text(out->reason, out->detail)
                              : "stopped";
    out->reason = ENG_R_GIVEN_PREDS;
  }
done:;
  eng_stats last = out->stats;
  out->stats = acc;
  out->stats.iterations = last.iterations;
  out->stats.fixpoint_rounds = last.fixpoint_rounds;
  out->stats.predicates = last.predicates;
  out->stats.idx_disc_rounds = d.round + 1;
  out->stats.idx_disc_preds = d.total;
  out->stats.t_total = clp_now() - t0;
}
