/* cub_inv.c -- the invariant of a .cub system in Cubicle's syntax (docs/cub.md
 * "Answers and certificates"): Reach's invariant over the system's names
 * (arrays as A[x], constructors by name, True/False, the quantified index
 * variables as forall x y.), minimised to a small cover of prime cubes of
 * the invariant or of its negation (cub_min.c) under the domain: index
 * variables and proc values in 1..N, enumerated values in their type.
 * The minimised form is checked equivalent to the engine's invariant under
 * the domain with Z3; when it is not proved so, or the minimisation is too
 * big, the invariant is printed as the engine gave it. */
#include <stdio.h>
#include <string.h>

#include "clp/vec.h"
#include "frontend/cub/cub_tr.h"
#include "zb/zb.h"

/* Cube operations allowed per minimisation step (cub_min.c). */
#define MIN_LIMIT 4000000L

typedef struct ictx {
  const cub_map *m;
  const clp_rel *r;          /* Reach */
} ictx;

static int formal_of(const clp_rel *r, const clp_term *v) {
  for (int j = 0; j < r->arity; j++)
    if (r->formals[j] == v) return j;
  return -1;
}

/* The state variable whose value t is (a variable, or an array's element
 * with all subscripts), NULL for other terms. */
static const cub_sv *sv_of(const ictx *c, const clp_term *t) {
  int d = 0;
  while (t->op == CLP_SELECT) t = t->kids[0], d++;
  if (c->m->scalar || t->op != CLP_VAR) return NULL;
  int j = formal_of(c->r, t);
  if (j < 1 || j > c->m->nsv) return NULL;
  const cub_sv *s = &c->m->sv[j - 1];
  return s->d->ndims == d ? s : NULL;
}

/* The constructor of s's type with value v, NULL when none. */
static const char *ctor_name(const ictx *c, const cub_sv *s, int64_t v) {
  if (s->ty.k != CT_ENUMV) return NULL;
  for (int i = 0; i < c->m->nctors; i++) {
    const cub_ctor *k = &c->m->ctors[i];
    if (!strcmp(k->type, s->d->ty.name) && k->val->op == CLP_NUM &&
        k->val->num == v)
      return k->name;
  }
  return NULL;
}

static const char *term_str(const ictx *c, const clp_term *t);

/* One side of a linear (in)equation: the summands of l of sign sg, and
 * the constant k when nonzero (or when nothing else is there). */
static const char *side(const ictx *c, const clp_lin *l, int sg, int64_t k) {
  const char *s = "";
  for (int i = 0; i < l->n; i++) {
    int64_t a = l->c[i] * sg;
    if (a <= 0) continue;
    const char *u = term_str(c, l->t[i]);
    if (a != 1) u = clp_fmt("%lld * %s", (long long)a, u);
    s = *s ? clp_fmt("%s + %s", s, u) : u;
  }
  if (k) s = *s ? clp_fmt("%s + %lld", s, (long long)k)
               : clp_fmt("%lld", (long long)k);
  return *s ? s : "0";
}

static const char *term_str(const ictx *c, const clp_term *t) {
  if (t->op == CLP_NUM) return clp_fmt("%lld", (long long)t->num);
  if (t->op == CLP_VAR) {
    const cub_sv *s = sv_of(c, t);
    return s ? s->d->name : t->name;
  }
  if (t->op == CLP_SELECT) {
    const char *ix = "";
    while (t->op == CLP_SELECT) {
      const char *i = term_str(c, t->kids[1]);
      ix = *ix ? clp_fmt("%s, %s", i, ix) : i;
      t = t->kids[0];
    }
    return clp_fmt("%s[%s]", term_str(c, t), ix);
  }
  if (t->op == CLP_ADD || t->op == CLP_MUL) {
    clp_lin l = {0};
    clp_lin_add(&l, t, 1);
    if (!l.ovf) {
      const char *p = side(c, &l, 1, l.c0 > 0 ? l.c0 : 0);
      bool neg = false;
      for (int i = 0; i < l.n; i++) neg |= l.c[i] < 0;
      if (!neg && l.c0 >= 0) return clp_fmt("(%s)", p);
    }
  }
  return clp_term_str(t);
}

/* x = y with x a one-dimensional array of the state and y a constant
 * array: "(forall z. A[z] = v)"; NULL for other terms. */
static const char *const_array(const ictx *c, const clp_term *x,
                               const clp_term *y) {
  const cub_sv *s = x->op == CLP_VAR && !c->m->scalar && formal_of(c->r, x) > 0
                        ? &c->m->sv[formal_of(c->r, x) - 1] : NULL;
  if (!s || s->d->ndims != 1 || y->op != CLP_CONST_ARRAY) return NULL;
  const clp_term *v = y->kids[0];
  const char *k = v->op == CLP_NUM ? ctor_name(c, s, v->num) : NULL;
  if (v->op == CLP_TRUE || v->op == CLP_FALSE)
    k = v->op == CLP_TRUE ? "True" : "False";
  return clp_fmt("(forall z. %s[z] = %s)", s->d->name, k ? k : term_str(c, v));
}

/* The literal atom (neg: its negation) in Cubicle's syntax. */
static const char *lit_str(const ictx *c, const clp_term *a, bool neg) {
  if (a->op != CLP_EQ && a->op != CLP_LE)
    return clp_fmt("%s = %s", term_str(c, a), neg ? "False" : "True");
  const clp_term *x = a->kids[0], *y = a->kids[1];
  const char *eq = neg ? "<>" : "=";
  if (a->op == CLP_EQ && x->sort->kind == CLP_S_ARRAY) {
    const char *all = const_array(c, x, y);
    if (!all) all = const_array(c, y, x);
    if (all) return neg ? clp_fmt("not %s", all) : all;
  }
  if (a->op == CLP_EQ && x->sort->kind != CLP_S_INT)
    return clp_fmt("%s %s %s", term_str(c, x), eq, term_str(c, y));
  const cub_sv *s = a->op == CLP_EQ && y->op == CLP_NUM ? sv_of(c, x) : NULL;
  const char *k = s ? ctor_name(c, s, y->num) : NULL;
  if (k) return clp_fmt("%s %s %s", term_str(c, x), eq, k);
  clp_lin l = {0};  /* x - y op 0, as P + c0 op M */
  clp_lin_add(&l, x, 1);
  clp_lin_add(&l, y, -1);
  if (l.ovf) return clp_fmt("%s%s", neg ? "not " : "", clp_term_str(a));
  const char *p = side(c, &l, 1, l.c0 > 0 ? l.c0 : 0);
  const char *m = side(c, &l, -1, l.c0 < 0 ? -l.c0 : 0);
  if (a->op == CLP_EQ) return clp_fmt("%s %s %s", p, eq, m);
  return neg ? clp_fmt("%s < %s", m, p) : clp_fmt("%s <= %s", p, m);
}

/* The engine's formula f as it is, in Cubicle's syntax. */
static const char *f_str(const ictx *c, const clp_formula *f, bool top) {
  switch (f->kind) {
  case CLP_F_TRUE: return "true";
  case CLP_F_FALSE: return "false";
  case CLP_F_LIT: return lit_str(c, f->atom, f->neg);
  case CLP_F_AND:
  case CLP_F_OR: {
    const char *s = "";
    for (int j = 0; j < f->n; j++)
      s = clp_fmt("%s%s%s", s, j ? (f->kind == CLP_F_AND ? " && " : " || ")
                                 : "", f_str(c, f->kids[j], false));
    return top ? s : clp_fmt("(%s)", s);
  }
  default: return clp_f_str(f);
  }
}

/* Adds the domain of the values in t (state variables and elements) to
 * *dom: enumerated values in their type, proc values in 1..N. */
static void value_ranges(const ictx *c, const clp_term *t,
                         const clp_formula **dom) {
  for (int i = 0; i < t->n; i++) value_ranges(c, t->kids[i], dom);
  const cub_sv *s = sv_of(c, t);
  if (!s) return;
  const clp_term *lo = NULL, *hi = NULL;
  if (s->ty.k == CT_ENUMV) lo = clp_num(0), hi = clp_num(s->ty.nctors - 1);
  if (s->ty.k == CT_PROCV) lo = clp_num(1), hi = c->r->formals[0];
  if (lo)
    *dom = clp_f_and2(*dom, clp_f_and2(clp_f_lit(clp_le(lo, t), false, clp_nopos),
                                       clp_f_lit(clp_le(t, hi), false, clp_nopos)));
}

/* The domain of the atoms: 1 <= N, the index variables ix in 1..N, the
 * values' ranges. */
static const clp_formula *domain(const ictx *c, int n, const clp_term **atoms,
                                 int nix, const clp_term **ix) {
  const clp_term *N = c->r->formals[0];
  const clp_formula *d = clp_f_lit(clp_le(clp_num(1), N), false, clp_nopos);
  for (int i = 0; i < nix; i++)
    d = clp_f_and2(d, clp_f_and2(clp_f_lit(clp_le(clp_num(1), ix[i]), false,
                                           clp_nopos),
                                 clp_f_lit(clp_le(ix[i], N), false, clp_nopos)));
  for (int i = 0; i < n; i++) value_ranges(c, atoms[i], &d);
  return d;
}

/* Don't cares: assignments of the (unfixed) atoms that the domain rules
 * out, syntactically: an enumerated value equal to two constructors, or
 * to none of its type's. */
static cub_cover *dont_cares(const ictx *c, int n, const clp_term **atoms,
                             const signed char *fixed) {
  cub_cover *dc = NEW(cub_cover);
  dc->n = n;
  int *grp = NEW_ATOMIC_N(int, n);
  for (int i = 0; i < n; i++) {
    const clp_term *a = atoms[i];
    const cub_sv *s = a->op == CLP_EQ && a->kids[1]->op == CLP_NUM
                          ? sv_of(c, a->kids[0]) : NULL;
    if (fixed[i] || !s || s->ty.k != CT_ENUMV) continue;
    int ng = 0, seen = 0;  /* the group of a->kids[0], from its first atom */
    for (int j = 0; j < n; j++) {
      const clp_term *b = atoms[j];
      if (fixed[j] || b->op != CLP_EQ || b->kids[0] != a->kids[0] ||
          b->kids[1]->op != CLP_NUM)
        continue;
      if (j < i) { ng = 0; break; }
      grp[ng++] = j;
      seen += b->kids[1]->num >= 0 && b->kids[1]->num < s->ty.nctors;
    }
    signed char *all = NEW_ATOMIC_N(signed char, n);
    memset(all, 0, (size_t)n);
    for (int p = 0; p < ng; p++) {
      all[grp[p]] = -1;
      for (int q = p + 1; q < ng; q++) {
        signed char *two = NEW_ATOMIC_N(signed char, n);
        memset(two, 0, (size_t)n);
        two[grp[p]] = two[grp[q]] = 1;
        VEC_PUSH(signed char *, dc->c, dc->k, dc->cap, two);
      }
    }
    if (ng && seen == s->ty.nctors)
      VEC_PUSH(signed char *, dc->c, dc->k, dc->cap, all);
  }
  return dc;
}

/* The variables of an equation u = v between two variables, false for
 * another atom. */
static bool var_eq(const clp_term *a, const clp_term **u, const clp_term **v) {
  if (a->op != CLP_EQ || a->kids[0]->sort->kind != CLP_S_INT) return false;
  clp_lin l = {0};
  clp_lin_add(&l, a->kids[0], 1);
  clp_lin_add(&l, a->kids[1], -1);
  if (l.ovf || l.c0 || l.n != 2 || l.c[0] + l.c[1] != 0 ||
      l.t[0]->op != CLP_VAR || l.t[1]->op != CLP_VAR)
    return false;
  *u = l.t[0], *v = l.t[1];
  return true;
}

/* More don't cares: with u = v (atom i), an atom b over u and the atom
 * b[u := v] (both among atoms, unfixed) have one value. */
static void dont_cares_eq(int n, const clp_term **atoms,
                          const signed char *fixed, cub_cover *dc) {
  for (int i = 0; i < n; i++) {
    const clp_term *u, *v;
    if (fixed[i] || !var_eq(atoms[i], &u, &v)) continue;
    clp_subst *s = clp_subst_new();
    clp_subst_add(s, u, v);
    for (int j = 0; j < n; j++) {
      const clp_term *b = clp_subst_term(s, atoms[j]);
      for (int k = 0; k < n && j != i && b != atoms[j]; k++) {
        if (atoms[k] != b || fixed[j] || fixed[k] || k == i) continue;
        for (int sg = 1; sg >= -1; sg -= 2) {
          signed char *c = NEW_ATOMIC_N(signed char, n);
          memset(c, 0, (size_t)n);
          c[i] = 1, c[j] = (signed char)sg, c[k] = (signed char)-sg;
          VEC_PUSH(signed char *, dc->c, dc->k, dc->cap, c);
        }
      }
    }
  }
}

static const clp_formula *cube_f(const cub_cover *g, int j,
                                 const clp_term **atoms) {
  const clp_formula *f = clp_f_true();
  for (int i = 0; i < g->n; i++)
    if (g->c[j][i])
      f = clp_f_and2(f, clp_f_lit(atoms[i], g->c[j][i] < 0, clp_nopos));
  return f;
}

static const char *cube_str(const ictx *c, const cub_cover *g, int j,
                            const clp_term **atoms) {
  const char *s = "";
  const clp_term *u, *v;
  for (int pass = 0; pass < 2; pass++) /* x <> y first, as Cubicle */
    for (int i = 0; i < g->n; i++)
      if (g->c[j][i] && var_eq(atoms[i], &u, &v) == !pass)
        s = clp_fmt("%s%s%s", s, *s ? " && " : "",
                    lit_str(c, atoms[i], g->c[j][i] < 0));
  return *s ? s : "true";
}

/* A rendered invariant: the quantifier prefix and parts joined by op. */
typedef struct rendered {
  const char *quant;         /* "forall x y. " or "" */
  int n;
  const char **parts;
  const char *op;            /* " && " or " || " */
} rendered;

/* The cover g (neg: of the negation) as parts, and as a formula in *f. */
static rendered cover_render(const ictx *c, const cub_cover *g, bool neg,
                             const clp_term **atoms, const clp_formula **f) {
  rendered r = {"", g->k, NEW_N(const char *, g->k), neg ? " && " : " || "};
  const clp_formula **cs = NEW_N(const clp_formula *, g->k);
  for (int j = 0; j < g->k; j++) {
    cs[j] = cube_f(g, j, atoms);
    const char *s = cube_str(c, g, j, atoms);
    int nl = 0;
    for (int i = 0; i < g->n; i++) nl += g->c[j][i] != 0;
    if (neg && nl == 1) { /* not (a literal): its negation */
      for (int i = 0; i < g->n; i++)
        if (g->c[j][i]) s = lit_str(c, atoms[i], g->c[j][i] > 0);
    } else if (neg) s = clp_fmt("not (%s)", s);
    else if (nl > 1 && g->k > 1) s = clp_fmt("(%s)", s);
    r.parts[j] = s;
  }
  const clp_formula *d = clp_f_or(g->k, cs, clp_nopos);
  *f = neg ? clp_f_not(d) : d;
  if (!g->k) { r.n = 1; r.parts[0] = neg ? "true" : "false"; }
  return r;
}

/* The index variables (free, not formals) of f, in *ix; their number. */
static int index_vars(const ictx *c, const clp_formula *f,
                      const clp_term ***ix) {
  const clp_term **v = NULL;
  int cap = 0, n = clp_f_vars(f, &v, 0, &cap), k = 0;
  for (int i = 0; i < n; i++)
    if (formal_of(c->r, v[i]) < 0) {
      const clp_term *t = v[i];
      int j = k++;  /* by name */
      for (; j > 0 && strcmp(v[j - 1]->name, t->name) > 0; j--) v[j] = v[j - 1];
      v[j] = t;
    }
  *ix = v;
  return k;
}

/* Which atoms the domain decides: fixed[i] 1 (implied), -1 (excluded). */
static signed char *fix_atoms(zb_ctx *z, const clp_formula *dom, int n,
                              const clp_term **atoms) {
  signed char *fixed = NEW_ATOMIC_N(signed char, n);
  zb_solver *s = zb_solver_new(z);
  zb_assert(s, dom);
  for (int i = 0; i < n; i++) {
    fixed[i] = 0;
    for (int v = 1; v >= -1 && !fixed[i]; v -= 2) {
      zb_push(s);
      zb_assert(s, clp_f_lit(atoms[i], v > 0, clp_nopos));
      if (zb_check(s) == ZB_UNSAT) fixed[i] = (signed char)v;
      zb_pop(s);
    }
  }
  zb_solver_free(s);
  return fixed;
}

/* The smaller of the minimised covers of inv and of its negation; false
 * when too big or not proved equivalent to inv under the domain. */
static bool minimised(const ictx *c, zb_ctx *z, const clp_formula *inv,
                      const clp_formula *dom, int n, const clp_term **atoms,
                      rendered *out) {
  signed char *fixed = fix_atoms(z, dom, n, atoms);
  cub_cover *dc = dont_cares(c, n, atoms, fixed);
  dont_cares_eq(n, atoms, fixed, dc);
  cub_cover *on = cub_dnf(inv, n, atoms, fixed, MIN_LIMIT);
  if (!on) return false;
  for (int j = 0; j < dc->k; j++) VEC_PUSH(signed char *, on->c, on->k,
                                            on->cap, dc->c[j]);
  cub_cover *off = cub_complement(on, MIN_LIMIT);
  on->k -= dc->k;
  cub_cover *pos = cub_minimise(on, dc, MIN_LIMIT);
  cub_cover *neg = off ? cub_minimise(off, dc, MIN_LIMIT) : NULL;
  if (!pos && !neg) return false;
  bool use_neg = neg && (!pos || cub_cover_lits(neg) <= cub_cover_lits(pos));
  const clp_formula *g;
  *out = cover_render(c, use_neg ? neg : pos, use_neg, atoms, &g);
  /* rendering, never weakening: dom -> (inv <-> g) */
  const clp_formula *iff = clp_f_and2(clp_f_implies(inv, g),
                                      clp_f_implies(g, inv));
  if (zb_valid(z, clp_f_implies(dom, iff)) != ZB_SAT) {
    fprintf(stderr, "car: warning: the minimised invariant is not proved "
                    "equivalent; printed as computed\n");
    return false;
  }
  const clp_term **ix;
  int nix = index_vars(c, g, &ix);
  for (int i = 0; i < nix; i++)
    out->quant = clp_fmt("%s%s%s", out->quant, i ? " " : "forall ", ix[i]->name);
  if (nix) out->quant = clp_fmt("%s. ", out->quant);
  return true;
}

/* Reach's invariant inv rendered; false for another relation. */
static bool render(const clp_rs *rs, int i, const clp_formula *inv,
                   rendered *out) {
  const cub_map *m = cub_map_of(rs);
  if (!m || !m->reach || strcmp(rs->rels[i]->name, m->reach->name)) return false;
  ictx c = {m, rs->rels[i]};
  if (!inv) inv = clp_f_true();
  const clp_term **ix;
  int nix = index_vars(&c, inv, &ix);
  const clp_term **atoms = NULL;
  int cap = 0, n = clp_f_atoms(inv, &atoms, 0, &cap);
  zb_ctx *z = zb_ctx_new();
  bool ok = !clp_f_has_call(inv) &&
            minimised(&c, z, inv, domain(&c, n, atoms, nix, ix), n, atoms, out);
  zb_ctx_free(z);
  if (ok) return true;
  const char *q = "";
  for (int j = 0; j < nix; j++)
    q = clp_fmt("%s%s%s", q, j ? " " : "forall ", ix[j]->name);
  *out = (rendered){nix ? clp_fmt("%s. ", q) : "", 1, NEW_N(const char *, 1), ""};
  out->parts[0] = f_str(&c, inv, true);
  return true;
}

const char *cub_inv_line(const clp_rs *rs, int i, const clp_formula *inv) {
  rendered r;
  if (!render(rs, i, inv, &r)) return NULL;
  const char *s = r.quant;
  for (int j = 0; j < r.n; j++)
    s = clp_fmt("%s%s%s", s, j ? r.op : "", r.parts[j]);
  return s;
}

void cub_inv_print(void *FILE_out, const clp_rs *rs, const clp_formula **inv,
                   const clp_term *const *const *ix, const int *nix) {
  (void)ix;
  (void)nix;
  FILE *out = FILE_out;
  for (int i = 0; i < rs->nrels; i++) {
    rendered r;
    if (!render(rs, i, inv ? inv[i] : NULL, &r)) continue;
    fputs("invariant:\n", out);
    if (r.n == 1) { fprintf(out, "  %s%s\n", r.quant, r.parts[0]); continue; }
    if (*r.quant) fprintf(out, "  %.*s\n", (int)strlen(r.quant) - 1, r.quant);
    for (int j = 0; j < r.n; j++)
      fprintf(out, "  %s%s\n", j ? r.op + 1 : "   ", r.parts[j]);
  }
}
