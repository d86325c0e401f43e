/* rules.c -- rule sets: declaring relations, collecting Horn clauses and
 * merging the clauses of each head into ONE defining rule r(formals) :- body
 * (the form of the CAR paper). */
#include <assert.h>
#include <stdio.h>

#include "clp/clpi.h"

typedef struct clause {
  clp_rel *rel;
  const clp_term **head;   /* rel->arity arguments */
  const clp_formula *body;
  clp_pos pos;
} clause;

struct clp_rs_build {
  int n, cap;
  clause *c;
};

static unsigned fresh_counter;

/* A fresh variable "base$k" of sort s. */
static const clp_term *fresh(const char *base, const clp_sort *s) {
  char buf[64];
  const char *d = strchr(base, '$');
  int len = d ? (int)(d - base) : (int)strlen(base);
  if (len > 40) len = 40;
  for (;;) { /* skip names the input happens to use already */
    snprintf(buf, sizeof buf, "%.*s$%u", len, base, ++fresh_counter);
    unsigned before = clp_term_count();
    const clp_term *v = clp_var(buf, s);
    if (clp_term_count() > before) return v;
  }
}

clp_rs *clp_rs_new(const char *file) {
  clp_rs *rs = NEW(clp_rs);
  rs->file = file ? clp_strdup(file) : NULL;
  rs->build = NEW(struct clp_rs_build);
  return rs;
}

clp_rel *clp_rs_find(const clp_rs *rs, const char *name) {
  for (int i = 0; i < rs->nrels; i++)
    if (!strcmp(rs->rels[i]->name, name)) return rs->rels[i];
  return NULL;
}

bool clp_rel_has_formal(const clp_rel *r, const clp_term *v) {
  for (int j = 0; j < r->arity; j++)
    if (r->formals[j] == v) return true;
  return false;
}

bool clp_rel_over_formals(const clp_rel *r, const clp_term *t) {
  const clp_term **vars = NULL;
  int cap = 0, n = clp_term_vars(t, &vars, 0, &cap);
  for (int i = 0; i < n; i++)
    if (!clp_rel_has_formal(r, vars[i])) return false;
  return true;
}

void clp_rel_add_ipreds(clp_rel *r, int nindex, const clp_term **index,
                        int npreds, const clp_term **preds) {
  for (int i = 0; i < nindex; i++) {
    bool have = false;
    for (int j = 0; j < r->nindex; j++) have |= r->index[j] == index[i];
    if (have) continue;
    VEC_APPEND(const clp_term *, r->index, r->nindex, index[i]);
  }
  for (int i = 0; i < npreds; i++) {
    const clp_term *p = preds[i];
    bool have = p->op == CLP_TRUE || p->op == CLP_FALSE;
    for (int j = 0; j < r->nipreds; j++) have |= r->ipreds[j] == p;
    if (have) continue;
    VEC_APPEND(const clp_term *, r->ipreds, r->nipreds, p);
  }
}

void clp_rs_add_axiom(clp_rs *rs, const clp_formula *ax) {
  VEC_APPEND(const clp_formula *, rs->axioms, rs->naxioms, ax);
}

static void append_rel(clp_rs *rs, clp_rel *r) {
  r->id = rs->nrels;
  VEC_APPEND(clp_rel *, rs->rels, rs->nrels, r);
}

clp_rel *clp_rs_rel(clp_rs *rs, const char *name, int arity,
                    const clp_sort **sorts, clp_pos pos) {
  clp_rel *r = clp_rs_find(rs, name);
  if (r) {
    if (r->arity != arity) return NULL;
    for (int i = 0; i < arity; i++)
      if (r->formals[i]->sort != sorts[i]) return NULL;
    return r;
  }
  r = NEW(clp_rel);
  r->name = clp_strdup(name);
  r->arity = arity;
  const clp_term **f = NEW_N(const clp_term *, arity);
  for (int i = 0; i < arity; i++) f[i] = fresh("x", sorts[i]);
  r->formals = f;
  r->base = r;
  r->pos = pos;
  append_rel(rs, r);
  return r;
}

void clp_rs_add_clause(clp_rs *rs, clp_rel *r, const clp_term **head_args,
                       const clp_formula *body, clp_pos pos) {
  struct clp_rs_build *b = rs->build;
  if (!b) b = rs->build = NEW(struct clp_rs_build);
  VEC_RESERVE(clause, b->c, b->n, b->cap, 1);
  clause *c = &b->c[b->n++];
  c->rel = r;
  c->head = NEW_N(const clp_term *, r->arity);
  for (int i = 0; i < r->arity; i++) {
    assert(head_args[i]->sort == r->formals[i]->sort);
    c->head[i] = head_args[i];
  }
  c->body = body ? body : clp_f_true();
  c->pos = pos;
}

void clp_rs_set_goal(clp_rs *rs, const clp_rel *goal) { rs->goal = goal; }

/* ------------------------------------------------------------- merging */
static bool distinct_vars(int n, const clp_term **a) {
  for (int i = 0; i < n; i++) {
    if (a[i]->op != CLP_VAR || a[i]->label) return false;
    for (int j = 0; j < i; j++)
      if (a[j] == a[i]) return false;
  }
  return true;
}

/* The body of one clause over r's formals; rename: fresh local names. */
static const clp_formula *clause_body(const clp_rs *rs, const clp_rel *r,
                                      const clause *c, bool rename) {
  clp_subst *s = clp_subst_new();
  int ne = 0;
  const clp_formula **eqs = NEW_N(const clp_formula *, r->arity + 1);
  int *eqpos = NEW_ATOMIC_N(int, r->arity);
  for (int i = 0; i < r->arity; i++) {
    const clp_term *a = c->head[i];
    if (a->op == CLP_VAR && !a->label && !clp_subst_get(s, a))
      clp_subst_add(s, a, r->formals[i]);
    else
      eqpos[ne++] = i;
  }
  if (rename) {
    const clp_term **v = NULL;
    int nv = 0, cap = 0;
    for (int i = 0; i < r->arity; i++) nv = clp_term_vars(c->head[i], &v, nv, &cap);
    nv = clp_f_vars(c->body, &v, nv, &cap);
    for (int i = 0; i < nv; i++)
      if (!clp_subst_get(s, v[i]))
        clp_subst_add(s, v[i], v[i]->label ? v[i] : fresh(v[i]->name, v[i]->sort));
  }
  if (rs->back && rs->back->on_rename) {
    const clp_term **v = NULL;
    int nv = 0, cap = 0;
    for (int i = 0; i < r->arity; i++) nv = clp_term_vars(c->head[i], &v, nv, &cap);
    nv = clp_f_vars(c->body, &v, nv, &cap);
    rs->back->on_rename(rs->back->data, s, nv, v);
  }
  for (int j = 0; j < ne; j++) {
    int i = eqpos[j];
    const clp_term *a = clp_subst_term(s, c->head[i]);
    eqs[j] = clp_f_lit(clp_eq(r->formals[i], a), false, c->pos);
  }
  eqs[ne] = clp_f_subst(s, c->body);
  return clp_f_and(ne + 1, eqs, c->pos);
}

/* Deep copy so that every node of a body is its own (ids are per body). */
static const clp_formula *copy(const clp_formula *f) {
  clp_formula *g = NEW(clp_formula);
  *g = *f;
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR) {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = copy(f->kids[i]);
    g->kids = k;
  }
  return g;
}

static void number(const clp_formula *f, int *next) {
  ((clp_formula *)f)->id = (*next)++;
  if (f->kind == CLP_F_AND || f->kind == CLP_F_OR)
    for (int i = 0; i < f->n; i++) number(f->kids[i], next);
}

static void compute_locals(clp_rel *r) {
  const clp_term **v = NULL;
  int cap = 0, n = 0;
  clp_pmap formals = {0};
  for (int i = 0; i < r->arity; i++) clp_pmap_put(&formals, r->formals[i], r->formals[i]);
  int nv = r->body ? clp_f_vars(r->body, &v, 0, &cap) : 0;
  const clp_term **l = NEW_N(const clp_term *, nv);
  for (int i = 0; i < nv; i++)
    if (!clp_pmap_get(&formals, v[i])) l[n++] = v[i];
  r->nlocals = n;
  r->locals = l;
}

static void merge(const clp_rs *rs, clp_rel *r, int m, clause **cs) {
  if (m == 0) {
    if (!r->body) r->body = clp_f_false();
    return;
  }
  if (distinct_vars(r->arity, cs[0]->head)) {
    bool ok = true;
    for (int i = 0; i < r->arity; i++) ok &= cs[0]->head[i]->sort == r->formals[i]->sort;
    if (ok) r->formals = cs[0]->head;
  }
  const clp_formula **k = NEW_N(const clp_formula *, m);
  for (int j = 0; j < m; j++) k[j] = clause_body(rs, r, cs[j], m > 1);
  r->body = m == 1 ? k[0] : clp_f_or(m, k, r->pos);
}

int clp_rs_finish(clp_rs *rs) {
  struct clp_rs_build *b = rs->build;
  int nc = b ? b->n : 0;
  int *count = NEW_ATOMIC_N(int, rs->nrels);
  memset(count, 0, sizeof *count * (size_t)(rs->nrels ? rs->nrels : 1));
  for (int i = 0; i < nc; i++) count[b->c[i].rel->id]++;
  clause ***by = NEW_N(clause **, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) by[i] = NEW_N(clause *, count[i]), count[i] = 0;
  for (int i = 0; i < nc; i++) {
    int id = b->c[i].rel->id;
    by[id][count[id]++] = &b->c[i];
  }
  for (int i = 0; i < rs->nrels; i++) {
    clp_rel *r = rs->rels[i];
    if (count[i] || !r->body) {
      merge(rs, r, count[i], by[i]);
      r->body = copy(r->body);
      int next = 0;
      number(r->body, &next);
    }
    compute_locals(r);
  }
  if (b) b->n = 0;
  return rs->goal ? 0 : -1;
}

clp_rs *clp_rs_direct(int nrels, clp_rel **rels, const clp_rel *goal) {
  clp_rs *rs = NEW(clp_rs);
  rs->rels = NEW_N(clp_rel *, nrels);
  for (int i = 0; i < nrels; i++) {
    rels[i]->id = i;
    if (!rels[i]->body) rels[i]->body = clp_f_false();
    compute_locals(rels[i]);
    rs->rels[i] = rels[i];
  }
  rs->nrels = nrels;
  rs->goal = goal;
  return rs;
}
