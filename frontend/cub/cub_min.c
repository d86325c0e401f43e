/* cub_min.c -- two-level minimisation of a Boolean function of atoms, for
 * printing invariants (cub_inv.c): covers are lists of cubes over n atoms
 * (a cube: per atom 1 = the atom, -1 = its negation, 0 = absent), with
 * the normal form of a formula (cub_dnf), the complement by Shannon
 * expansion, tautology, and an irredundant cover of prime cubes of an
 * on-set with don't cares (cub_minimise).  Every step is bounded by a
 * budget of cube operations; past it the result is NULL. */
#include <string.h>

#include "clp/vec.h"
#include "frontend/cub/cub_tr.h"

/* Cube operations left before the work is abandoned. */
static long budget;

static signed char *cube_new(int n) {
  signed char *c = NEW_ATOMIC_N(signed char, n);
  memset(c, 0, (size_t)n);
  return c;
}

static signed char *cube_copy(int n, const signed char *c) {
  signed char *d = NEW_ATOMIC_N(signed char, n);
  memcpy(d, c, (size_t)n);
  return d;
}

static void push(cub_cover *f, signed char *c) {
  VEC_PUSH(signed char *, f->c, f->k, f->cap, c);
  budget--;
}

static cub_cover *cover_new(int n) {
  cub_cover *f = NEW(cub_cover);
  f->n = n;
  return f;
}

static bool disjoint(int n, const signed char *a, const signed char *b) {
  for (int i = 0; i < n; i++)
    if (a[i] && b[i] && a[i] != b[i]) return true;
  return false;
}

/* Does cube a contain cube b (every literal of a is one of b)? */
static bool contains(int n, const signed char *a, const signed char *b) {
  for (int i = 0; i < n; i++)
    if (a[i] && a[i] != b[i]) return false;
  return true;
}

static bool universal(int n, const signed char *c) {
  for (int i = 0; i < n; i++)
    if (c[i]) return false;
  return true;
}

/* The cubes of f that meet cube c, with c's atoms made absent. */
static cub_cover *cofactor(const cub_cover *f, const signed char *c) {
  cub_cover *g = cover_new(f->n);
  for (int j = 0; j < f->k; j++) {
    if (disjoint(f->n, f->c[j], c)) continue;
    signed char *d = cube_copy(f->n, f->c[j]);
    for (int i = 0; i < f->n; i++)
      if (c[i]) d[i] = 0;
    push(g, d);
  }
  return g;
}

/* The atom occurring in most cubes of f, -1 when none (all universal). */
static int split_atom(const cub_cover *f) {
  int best = -1, bestn = 0;
  int *cnt = NEW_ATOMIC_N(int, f->n);
  memset(cnt, 0, sizeof *cnt * (size_t)f->n);
  for (int j = 0; j < f->k; j++)
    for (int i = 0; i < f->n; i++)
      if (f->c[j][i] && ++cnt[i] > bestn) bestn = cnt[i], best = i;
  return best;
}

static cub_cover *unit_cofactor(const cub_cover *f, int x, signed char v) {
  signed char *c = cube_new(f->n);
  c[x] = v;
  return cofactor(f, c);
}

bool cub_tautology(const cub_cover *f) {
  if (budget < 0) return false;
  for (int j = 0; j < f->k; j++)
    if (universal(f->n, f->c[j])) return true;
  int x = split_atom(f);
  if (x < 0) return false;
  return cub_tautology(unit_cofactor(f, x, 1)) &&
         cub_tautology(unit_cofactor(f, x, -1));
}

static cub_cover *complement(const cub_cover *f) {
  cub_cover *g = cover_new(f->n);
  if (budget < 0) return g;
  for (int j = 0; j < f->k; j++)
    if (universal(f->n, f->c[j])) return g;
  if (f->k == 0) { push(g, cube_new(f->n)); return g; }
  if (f->k == 1) { /* De Morgan */
    for (int i = 0; i < f->n; i++)
      if (f->c[0][i]) {
        signed char *d = cube_new(f->n);
        d[i] = (signed char)-f->c[0][i];
        push(g, d);
      }
    return g;
  }
  int x = split_atom(f);
  cub_cover *hi = complement(unit_cofactor(f, x, 1));
  cub_cover *lo = complement(unit_cofactor(f, x, -1));
  for (int s = 0; s < 2; s++) {
    const cub_cover *h = s ? lo : hi;
    for (int j = 0; j < h->k; j++) {
      bool both = false; /* in the other half too: without x, once */
      const cub_cover *o = s ? hi : lo;
      for (int l = 0; l < o->k && !both; l++)
        both = !memcmp(o->c[l], h->c[j], (size_t)f->n);
      if (both && s) continue;
      signed char *d = cube_copy(f->n, h->c[j]);
      if (!both) d[x] = s ? -1 : 1;
      push(g, d);
    }
  }
  return g;
}

cub_cover *cub_complement(const cub_cover *f, long limit) {
  budget = limit;
  cub_cover *g = complement(f);
  return budget < 0 ? NULL : g;
}

static cub_cover *concat(const cub_cover *a, const cub_cover *b) {
  cub_cover *g = cover_new(a->n);
  for (int j = 0; j < a->k; j++) push(g, a->c[j]);
  for (int j = 0; j < b->k; j++) push(g, b->c[j]);
  return g;
}

/* Product of the covers a and b, empty intersections left out. */
static cub_cover *product(const cub_cover *a, const cub_cover *b) {
  cub_cover *g = cover_new(a->n);
  for (int j = 0; j < a->k && budget >= 0; j++)
    for (int l = 0; l < b->k; l++) {
      if (disjoint(a->n, a->c[j], b->c[l])) continue;
      signed char *d = cube_copy(a->n, a->c[j]);
      for (int i = 0; i < a->n; i++)
        if (b->c[l][i]) d[i] = b->c[l][i];
      push(g, d);
    }
  return g;
}

static cub_cover *dnf(const clp_formula *f, int n, const clp_term **atoms,
                      const signed char *fixed) {
  cub_cover *g = cover_new(n);
  if (budget < 0) return g;
  switch (f->kind) {
  case CLP_F_TRUE: push(g, cube_new(n)); return g;
  case CLP_F_FALSE: return g;
  case CLP_F_LIT: {
    int i = 0;
    while (i < n && atoms[i] != f->atom) i++;
    signed char v = f->neg ? -1 : 1;
    if (i == n) { budget = -1; return g; }
    if (fixed[i] == -v) return g;
    signed char *c = cube_new(n);
    if (!fixed[i]) c[i] = v;
    push(g, c);
    return g;
  }
  case CLP_F_AND:
  case CLP_F_OR:
    if (f->kind == CLP_F_AND) push(g, cube_new(n));
    for (int j = 0; j < f->n && budget >= 0; j++) {
      cub_cover *k = dnf(f->kids[j], n, atoms, fixed);
      g = f->kind == CLP_F_AND ? product(g, k) : concat(g, k);
    }
    return g;
  default: budget = -1; return g;
  }
}

cub_cover *cub_dnf(const clp_formula *f, int n, const clp_term **atoms,
                   const signed char *fixed, long limit) {
  budget = limit;
  cub_cover *g = dnf(f, n, atoms, fixed);
  return budget < 0 ? NULL : g;
}

/* Makes c prime against the off-set: drops each literal whose removal
 * leaves c disjoint from every cube of off. */
static void expand(signed char *c, const cub_cover *off, bool reverse) {
  for (int r = 0; r < off->n; r++) {
    int i = reverse ? off->n - 1 - r : r;
    if (!c[i]) continue;
    signed char v = c[i];
    c[i] = 0;
    for (int j = 0; j < off->k; j++)
      if (!disjoint(off->n, c, off->c[j])) { c[i] = v; break; }
    budget -= off->k / 16 + 1;
  }
}

static int nlits(int n, const signed char *c) {
  int k = 0;
  for (int i = 0; i < n; i++) k += c[i] != 0;
  return k;
}

/* Drops the cubes of g that the others and dc cover, largest first. */
static void irredundant(cub_cover *g, const cub_cover *dc) {
  for (int want = g->n; want >= 0 && budget >= 0; want--)
    for (int j = 0; j < g->k; j++) {
      if (nlits(g->n, g->c[j]) != want) continue;
      cub_cover *rest = cover_new(g->n);
      for (int l = 0; l < g->k; l++)
        if (l != j) push(rest, g->c[l]);
      for (int l = 0; l < dc->k; l++) push(rest, dc->c[l]);
      if (!cub_tautology(cofactor(rest, g->c[j]))) continue;
      g->c[j] = g->c[--g->k];
      j--;
    }
}

static cub_cover *minimise(const cub_cover *on, const cub_cover *dc,
                           const cub_cover *off, bool reverse) {
  cub_cover *g = cover_new(on->n);
  for (int j = 0; j < on->k && budget >= 0; j++) {
    bool covered = false;
    for (int l = 0; l < g->k && !covered; l++)
      covered = contains(on->n, g->c[l], on->c[j]);
    if (covered) continue;
    signed char *c = cube_copy(on->n, on->c[j]);
    expand(c, off, reverse);
    for (int l = 0; l < g->k; l++)
      if (contains(on->n, c, g->c[l])) g->c[l--] = g->c[--g->k];
    push(g, c);
  }
  irredundant(g, dc);
  return g;
}

cub_cover *cub_minimise(const cub_cover *on, const cub_cover *dc, long limit) {
  budget = limit;
  cub_cover *off = complement(concat(on, dc));
  cub_cover *g = minimise(on, dc, off, false);
  cub_cover *h = minimise(on, dc, off, true);  /* the other order */
  if (cub_cover_lits(h) < cub_cover_lits(g)) g = h;
  return budget < 0 ? NULL : g;
}

int cub_cover_lits(const cub_cover *f) {
  int k = 0;
  for (int j = 0; j < f->k; j++) k += nlits(f->n, f->c[j]) + 1;
  return k;
}
