/* split.c -- a control location kept in Boolean arguments split into
 * relations (split.h). */
#include "clp/split.h"

#include "clp/clpi.h"

enum {
  SPLIT_MAX_BITS = 8,     /* Boolean formals of the relation split */
  SPLIT_MAX_STATES = 64,  /* reachable valuations */
  SPLIT_MAX_EDGES = 1024, /* folded disjuncts of the split set */
  SPLIT_MAX_STEPS = 1 << 15 /* bits fixed while searching (the cost) */
};

/* A disjunct of R's body with its Boolean arguments fixed: from valuation
 * q (index; -1: no call of R) to valuation w (the head's bits). */
typedef struct edge {
  int q;
  unsigned w;
  const clp_formula *f;   /* the folded disjunct, calls not retargeted */
} edge;

struct clp_split {
  const clp_rs *orig;
  clp_rs *rs;
  const clp_rel *R;       /* the relation split */
  int k;                  /* its Boolean formals, at positions bpos */
  int *bpos;
  int nrest;              /* the others, the formals of every R@v */
  const clp_term **rest;
  int nv;                 /* the reachable valuations (bit j: bpos[j]) */
  int ne, nsrc;           /* transitions, and (source, disjunct) pairs */
  unsigned *val;
  clp_rel **part;         /* per valuation index: R@v in rs */
  clp_rel **to;           /* per original id (not R): its copy in rs */
  const clp_rel **from;   /* per rs id: the original relation */
  int *vof;               /* per rs id: the valuation index, or -1 */
};

/* ------------------------------------------------------------ analysis */

/* The disjuncts of a body (a single one unless it is an OR). */
static int disjuncts(const clp_formula *body, const clp_formula *const **out) {
  if (body->kind == CLP_F_OR) {
    *out = body->kids;
    return body->n;
  }
  const clp_formula **one = NEW_N(const clp_formula *, 1);
  one[0] = body;
  *out = one;
  return 1;
}

/* The call of R at the top of disjunct a (a itself or a conjunct), or
 * NULL; *bad when R is called below an OR of a, or twice. */
static const clp_formula *top_call(const clp_formula *a, const clp_rel *R,
                                   bool *bad) {
  if (a->kind == CLP_F_CALL) return a->rel == R ? a : NULL;
  if (a->kind != CLP_F_AND) {
    if (clp_f_calls_rel(a, R)) *bad = true;
    return NULL;
  }
  const clp_formula *c = NULL;
  for (int i = 0; i < a->n; i++) {
    const clp_formula *g = a->kids[i];
    if (g->kind == CLP_F_CALL && g->rel == R) {
      if (c) *bad = true;
      c = g;
    } else if (g->kind == CLP_F_OR && clp_f_calls_rel(g, R)) {
      *bad = true;
    }
  }
  return c;
}

/* Are the Boolean arguments of call c constants or variables that are not
 * formals of the caller? */
static bool fixable(const clp_split *s, const clp_rel *caller,
                    const clp_formula *c) {
  for (int j = 0; j < s->k; j++) {
    const clp_term *a = c->args[s->bpos[j]];
    if (a->op == CLP_TRUE || a->op == CLP_FALSE) continue;
    if (a->op != CLP_VAR || clp_rel_has_formal(caller, a)) return false;
  }
  return true;
}

/* Can R be split: every call of R in rs fixable at the top of a
 * disjunct? */
static bool calls_ok(const clp_split *s) {
  for (int i = 0; i < s->orig->nrels; i++) {
    const clp_rel *r = s->orig->rels[i];
    const clp_formula *const *as;
    int n = disjuncts(r->body, &as);
    for (int a = 0; a < n; a++) {
      bool bad = false;
      const clp_formula *c = top_call(as[a], s->R, &bad);
      if (bad || (c && !fixable(s, r, c))) return false;
    }
  }
  return true;
}

/* The substitution fixing the Boolean arguments of call c to valuation v
 * (added to sub, a new one when NULL); NULL when v contradicts a constant
 * or a variable that stands at two positions. */
static clp_subst *fix_call(const clp_split *s, const clp_formula *c,
                           unsigned v, clp_subst *sub) {
  if (!sub) sub = clp_subst_new();
  for (int j = 0; j < s->k; j++) {
    const clp_term *a = c->args[s->bpos[j]], *b = clp_bool((v >> j) & 1);
    if (a->op == CLP_TRUE || a->op == CLP_FALSE) {
      if (a != b) return NULL;
      continue;
    }
    const clp_term *old = clp_subst_get(sub, a);
    if (old && old != b) return NULL;
    if (!old) clp_subst_add(sub, a, b);
  }
  return sub;
}

/* Polarities of the literal conjuncts seen: atom -> 1 negated, 2 as it is.
 * An Int comparison x <= y is also recorded as the opposite polarity of
 * y < x (which the term builders write y + 1 <= x), its negation. */
static const void *polarity(bool neg) {
  return neg ? (const void *)1 : (const void *)2;
}

static const clp_term *complement(const clp_term *a) {
  return a->op == CLP_LE && a->kids[0]->sort->kind == CLP_S_INT
             ? clp_lt(a->kids[1], a->kids[0])
             : NULL;
}

/* Does the literal g contradict a literal recorded in pol? */
static bool contradicted(const clp_pmap *pol, const clp_formula *g) {
  if (g->kind == CLP_F_AND) {
    for (int i = 0; i < g->n; i++)
      if (contradicted(pol, g->kids[i])) return true;
    return false;
  }
  if (g->kind != CLP_F_LIT) return false;
  const void *had = clp_pmap_get(pol, g->atom);
  if (had && had != polarity(g->neg)) return true;
  const clp_term *c = complement(g->atom);
  had = c ? clp_pmap_get(pol, c) : NULL;
  return had && had != polarity(!g->neg);
}

/* f with the disjuncts of its OR conjuncts that contradict its literal
 * conjuncts dropped, until nothing changes; false when two literal
 * conjuncts contradict each other.  (A case on the bits: the branches
 * whose bits do not match fold to their guard's negation, so the guard of
 * the one that matches selects its effect; a valuation no branch allows
 * leaves a guard and its negation.) */
static const clp_formula *units(const clp_formula *f) {
  for (int round = 0; round < 16 && f->kind == CLP_F_AND; round++) {
    clp_pmap pol = {0};
    for (int i = 0; i < f->n; i++) {
      const clp_formula *g = f->kids[i];
      if (g->kind != CLP_F_LIT) continue;
      if (contradicted(&pol, g)) return clp_f_false();
      clp_pmap_put(&pol, g->atom, polarity(g->neg));
      const clp_term *c = complement(g->atom);
      if (c) clp_pmap_put(&pol, c, polarity(!g->neg));
    }
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    bool changed = false;
    for (int i = 0; i < f->n; i++) {
      const clp_formula *g = f->kids[i];
      k[i] = g;
      if (g->kind != CLP_F_OR) continue;
      const clp_formula **d = NEW_N(const clp_formula *, g->n);
      int m = 0;
      for (int j = 0; j < g->n; j++)
        if (!contradicted(&pol, g->kids[j])) d[m++] = g->kids[j];
      if (m < g->n) k[i] = clp_f_or(m, d, g->pos), changed = true;
    }
    if (!changed) return f;
    f = clp_f_and(f->n, k, f->pos);
  }
  return f;
}

typedef struct finder {
  clp_split *s;
  int idx[1 << SPLIT_MAX_BITS]; /* valuation -> index, -1: unreached */
  int ne, cap;
  edge *e;
  long steps;                   /* heads() calls so far */
  bool over;                    /* a limit was passed */
} finder;

static void reach(finder *x, unsigned w) {
  clp_split *s = x->s;
  if (x->idx[w] >= 0) return;
  if (s->nv == SPLIT_MAX_STATES) {
    x->over = true;
    return;
  }
  x->idx[w] = s->nv;
  s->val[s->nv++] = w;
}

/* The head's bits j.. of f fixed in every way that does not fold f to
 * false; each survivor an edge from q. */
static void heads(finder *x, const clp_formula *f, int j, unsigned w, int q) {
  clp_split *s = x->s;
  if (x->over || ++x->steps > SPLIT_MAX_STEPS) {
    x->over = true;
    return;
  }
  f = units(f);
  if (f->kind == CLP_F_FALSE) return;
  if (j == s->k) {
    if (x->ne == SPLIT_MAX_EDGES) {
      x->over = true;
      return;
    }
    VEC_PUSH(edge, x->e, x->ne, x->cap, ((edge){q, w, f}));
    reach(x, w);
    return;
  }
  for (unsigned b = 0; b < 2; b++) {
    clp_subst *sub = clp_subst_new();
    clp_subst_add(sub, s->R->formals[s->bpos[j]], clp_bool(b));
    heads(x, clp_f_subst(sub, f), j + 1, w | b << j, q);
  }
}

/* ----------------------------------------------------------- the split */

/* f with its calls retargeted to rs: R's (with valuation index q, the
 * Boolean arguments fixed) to R@v, the others to their copies. */
static const clp_formula *retarget(const clp_split *s, const clp_formula *f,
                                   int q) {
  switch (f->kind) {
  case CLP_F_AND: case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n);
    for (int i = 0; i < f->n; i++) k[i] = retarget(s, f->kids[i], q);
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos)
                                : clp_f_or(f->n, k, f->pos);
  }
  case CLP_F_CALL:
    if (f->rel == s->R) {
      const clp_term **a = NEW_N(const clp_term *, s->nrest);
      int m = 0;
      for (int i = 0, j = 0; i < f->n; i++) {
        if (j < s->k && s->bpos[j] == i) { j++; continue; }
        a[m++] = f->args[i];
      }
      return clp_f_call(s->part[q], a, f->pos);
    }
    return clp_f_call(s->to[f->rel->id], f->args, f->pos);
  default: return f;
  }
}

/* The body of a relation other than R in the split set: its disjuncts
 * that call R once per reachable valuation of the call. */
static const clp_formula *copy_body(const clp_split *s, const clp_rel *r) {
  const clp_formula *const *as;
  int n = disjuncts(r->body, &as), m = 0, cap = n;
  const clp_formula **out = NEW_N(const clp_formula *, cap);
  for (int a = 0; a < n; a++) {
    bool bad = false;
    const clp_formula *c = top_call(as[a], s->R, &bad);
    if (!c) {
      VEC_PUSH(const clp_formula *, out, m, cap, retarget(s, as[a], -1));
      continue;
    }
    for (int q = 0; q < s->nv; q++) {
      clp_subst *sub = fix_call(s, c, s->val[q], NULL);
      const clp_formula *g = sub ? units(clp_f_subst(sub, as[a]))
                                 : clp_f_false();
      if (g->kind != CLP_F_FALSE)
        VEC_PUSH(const clp_formula *, out, m, cap, retarget(s, g, q));
    }
  }
  return clp_f_or(m, out, r->body->pos);
}

/* The reachable valuations of R and the edges between them; false when
 * a limit is passed or there is nothing to split (one valuation, or bits
 * that are data). */
static bool explore(clp_split *s, finder *x) {
  const clp_rel *R = s->R;
  const clp_formula *const *as;
  int n = disjuncts(R->body, &as);
  const clp_formula **calls = NEW_N(const clp_formula *, n);
  for (int a = 0; a < n; a++) {
    bool bad = false;
    calls[a] = top_call(as[a], R, &bad);
  }
  for (unsigned w = 0; w < (1u << SPLIT_MAX_BITS); w++) x->idx[w] = -1;
  for (int a = 0; a < n && !x->over; a++)
    if (!calls[a]) heads(x, as[a], 0, 0, -1), s->nsrc++;
  for (int q = 0; q < s->nv && !x->over; q++)
    for (int a = 0; a < n && !x->over; a++) {
      if (!calls[a]) continue;
      clp_subst *sub = fix_call(s, calls[a], s->val[q], NULL);
      const clp_formula *g = sub ? units(clp_f_subst(sub, as[a]))
                                 : clp_f_false();
      if (g->kind == CLP_F_FALSE) continue;
      s->nsrc++;
      heads(x, g, 0, 0, q);
    }
  s->ne = x->ne;
  /* a location: the cases fix the head's bits, on average at least one;
   * Booleans that every case leaves free are data */
  return !x->over && s->nv >= 2 &&
         (long)s->ne <= (long)s->nsrc << (s->k - 1);
}

/* Tries R: fills s and builds the split set. */
static bool try_rel(clp_split *s, const clp_rel *R) {
  const clp_rs *rs = s->orig;
  s->R = R;
  s->k = s->nrest = 0;
  s->bpos = NEW_ATOMIC_N(int, R->arity > 0 ? R->arity : 1);
  s->rest = NEW_N(const clp_term *, R->arity > 0 ? R->arity : 1);
  for (int i = 0; i < R->arity; i++) {
    if (R->formals[i]->sort->kind == CLP_S_BOOL) s->bpos[s->k++] = i;
    else s->rest[s->nrest++] = R->formals[i];
  }
  if (s->k < 1 || s->k > SPLIT_MAX_BITS || !calls_ok(s)) return false;
  s->nv = s->ne = s->nsrc = 0;
  s->val = NEW_ATOMIC_N(unsigned, SPLIT_MAX_STATES);
  finder *x = NEW(finder);
  x->s = s;
  if (!explore(s, x)) return false;

  /* the relations: the copies, then R@v per valuation */
  int n = rs->nrels - 1 + s->nv, m = 0;
  clp_rel **rels = NEW_N(clp_rel *, n);
  s->to = NEW_N(clp_rel *, rs->nrels);
  s->from = NEW_N(const clp_rel *, n);
  s->vof = NEW_ATOMIC_N(int, n);
  for (int i = 0; i < rs->nrels; i++) {
    if (rs->rels[i] == R) continue;
    clp_rel *c = NEW(clp_rel);
    *c = *rs->rels[i];
    c->base = c;
    s->to[i] = rels[m] = c;
    s->from[m] = rs->rels[i];
    s->vof[m++] = -1;
  }
  s->part = NEW_N(clp_rel *, s->nv);
  for (int q = 0; q < s->nv; q++) {
    clp_rel *p = NEW(clp_rel);
    char bits[SPLIT_MAX_BITS + 1];
    for (int j = 0; j < s->k; j++) bits[j] = (s->val[q] >> j) & 1 ? '1' : '0';
    bits[s->k] = 0;
    p->name = clp_fmt("%s@%s", R->name, bits);
    p->arity = s->nrest;
    p->formals = s->rest;
    p->pos = R->pos;
    p->base = p;
    s->part[q] = rels[m] = p;
    s->from[m] = R;
    s->vof[m++] = q;
  }
  /* the bodies */
  for (int i = 0; i < rs->nrels; i++)
    if (rs->rels[i] != R) s->to[i]->body = copy_body(s, rs->rels[i]);
  const clp_formula ***by = NEW_N(const clp_formula **, s->nv);
  int *nby = NEW_ATOMIC_N(int, s->nv), *cby = NEW_ATOMIC_N(int, s->nv);
  for (int q = 0; q < s->nv; q++) by[q] = NULL, nby[q] = cby[q] = 0;
  for (int i = 0; i < x->ne; i++) {
    int q = x->idx[x->e[i].w];
    VEC_PUSH(const clp_formula *, by[q], nby[q], cby[q],
             retarget(s, x->e[i].f, x->e[i].q));
  }
  for (int q = 0; q < s->nv; q++)
    s->part[q]->body = clp_f_or(nby[q], by[q], R->body->pos);
  s->rs = clp_rs_direct(n, rels, s->to[rs->goal->id]);
  s->rs->file = rs->file;
  s->rs->smt2 = rs->smt2;
  return true;
}

clp_split *clp_split_run(const clp_rs *rs) {
  if (!rs || !rs->goal || !rs->smt2 || rs->nindex || rs->naxioms ||
      rs->npreds)
    return NULL;
  bool *rec = clp_rs_recursive(rs);
  clp_split *s = NEW(clp_split);
  s->orig = rs;
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (r == rs->goal || !rec[i] || r->nipreds) continue;
    if (try_rel(s, r)) return s;
  }
  return NULL;
}

const clp_rs *clp_split_rs(const clp_split *s) { return s->rs; }

const char *clp_split_describe(const clp_split *s) {
  return clp_fmt("%s into %d relations over %d Boolean argument%s "
                 "(%d transitions from %d cases)",
                 s->R->name, s->nv, s->k, s->k == 1 ? "" : "s", s->ne, s->nsrc);
}

/* ---------------------------------------------------------- models back */

const clp_formula **clp_split_model_back(const clp_split *s,
                                         const clp_formula **inv) {
  if (!inv) return NULL;
  const clp_rs *rs = s->orig;
  const clp_formula **out = NEW_N(const clp_formula *, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) {
    if (rs->rels[i] == s->R) continue;
    if (!(out[i] = inv[s->to[i]->id])) return NULL;
  }
  const clp_formula **d = NEW_N(const clp_formula *, s->nv);
  for (int q = 0; q < s->nv; q++) {
    const clp_formula **c = NEW_N(const clp_formula *, s->k + 1);
    for (int j = 0; j < s->k; j++)
      c[j] = clp_f_lit(s->R->formals[s->bpos[j]], !((s->val[q] >> j) & 1),
                       clp_nopos);
    if (!(c[s->k] = inv[s->part[q]->id])) return NULL;
    d[q] = clp_f_and(s->k + 1, c, clp_nopos);
  }
  out[s->R->id] = clp_f_or(s->nv, d, clp_nopos);
  return out;
}

/* --------------------------------------------------- counterexamples back */

typedef struct back {
  const clp_split *s;
  const clp_trace *t;              /* input: over s->rs */
  clp_env **env;
  int nfuns;
  const clp_funinterp **funs;
  int *memo;                       /* per input node: -2 unvisited, -1
                                      failed or in progress, else output */
  clp_tree out;
} back;

typedef struct call_ctx { back *b; int k; } call_ctx;

static int node_back(back *b, int k);
static int visit_back(void *b, int ch) { return node_back(b, ch); }

/* The child of input node k that derives call c of an original body. */
static int split_call(void *ctx, const clp_formula *c, const clp_env *own) {
  back *b = ((call_ctx *)ctx)->b;
  int k = ((call_ctx *)ctx)->k;
  const clp_split *s = b->s;
  const clp_value **vals = NEW_N(const clp_value *, c->n);
  for (int i = 0; i < c->n; i++)
    if (!(vals[i] = clp_eval(c->args[i], own))) return -1;
  const clp_rel *target;
  const clp_value **want = vals;
  if (c->rel == s->R) {
    unsigned w = 0;
    want = NEW_N(const clp_value *, s->nrest);
    for (int i = 0, j = 0, m = 0; i < c->n; i++) {
      if (j < s->k && s->bpos[j] == i) {
        if (vals[i]->kind != CLP_V_BOOL) return -1;
        w |= (unsigned)vals[i]->b << j++;
      } else {
        want[m++] = vals[i];
      }
    }
    int q = 0;
    while (q < s->nv && s->val[q] != w) q++;
    if (q == s->nv) return -1;
    target = s->part[q];
  } else {
    target = s->to[c->rel->id];
  }
  return clp_trace_child(b->t, b->env, k, target, want, visit_back, b);
}

static int node_back(back *b, int k) {
  if (b->memo[k] != -2) return b->memo[k];
  b->memo[k] = -1;
  const clp_split *s = b->s;
  const clp_tnode *nd = &b->t->nodes[k];
  const clp_rel *r = nd->rel;
  if (r->id < 0 || r->id >= s->rs->nrels || s->rs->rels[r->id] != r)
    return -1;
  const clp_rel *O = s->from[r->id];
  clp_env *own = clp_env_new();
  for (int i = 0; i < b->nfuns; i++) clp_env_set_fun(own, b->funs[i]);
  clp_env_copy_rel(own, b->env[k], r);
  int q = s->vof[r->id];
  for (int j = 0; q >= 0 && j < s->k; j++)
    clp_env_set(own, O->formals[s->bpos[j]],
                clp_v_bool((s->val[q] >> j) & 1));
  /* the variables fixed at the call of R: the valuation of the child */
  for (int c = 0; c < nd->ncalls; c++) {
    int ch = nd->child[c];
    if (ch <= 0 || ch >= b->t->n) continue;
    const clp_rel *cr = b->t->nodes[ch].rel;
    int cq = cr->id >= 0 && cr->id < s->rs->nrels ? s->vof[cr->id] : -1;
    if (cq < 0) continue;
    const clp_formula *const *as;
    int n = disjuncts(O->body, &as);
    for (int a = 0; a < n; a++) {
      bool bad = false;
      const clp_formula *call = top_call(as[a], s->R, &bad);
      for (int j = 0; call && j < s->k; j++) {
        const clp_term *v = call->args[s->bpos[j]];
        if (v->op == CLP_VAR && !clp_env_get(own, v))
          clp_env_set(own, v, clp_v_bool((s->val[cq] >> j) & 1));
      }
    }
  }
  int idx = clp_tree_node(&b->out, O, own);
  if (!clp_tree_choose(&b->out, idx, split_call, &(call_ctx){b, k}))
    return -1;
  return b->memo[k] = idx;
}

bool clp_split_trace_back(const clp_split *s, const clp_trace *t,
                          clp_env **env, int nfuns,
                          const clp_funinterp **funs,
                          const clp_trace **out_t, clp_env ***out_env,
                          const char **why) {
  if (!t || t->n < 1 || !env) { *why = "no counterexample"; return false; }
  back b = {s, t, env, nfuns, funs, NEW_ATOMIC_N(int, t->n), {0}};
  for (int k = 0; k < t->n; k++) b.memo[k] = -2;
  long d0 = clp_eval_div0_misses();
  if (t->nodes[0].rel != s->rs->goal || node_back(&b, 0) != 0) {
    /* as for preprocessing (pre_cex.c): a division by zero that the
     * folded bodies lost and the original needs is no derivation */
    if (clp_eval_div0_misses() > d0) *why = clp_why_div0;
    else *why = "the counterexample could not be translated back to the "
                "relations before the split";
    return false;
  }
  clp_tree_done(&b.out, out_t, out_env);
  return true;
}
