/* test_cubmin.c -- the two-level minimiser that prints .cub invariants
 * (frontend/cub/cub_min.c), against truth tables: on random covers over 7
 * atoms, the complement is the complement, the minimised cover agrees with
 * the on-set outside the don't cares, each of its cubes is
 * prime and none is redundant; and the normal form of a formula denotes it. */
#include <stdlib.h>

#include "check.h"
#include "clp/vec.h"
#include "frontend/cub/cub_tr.h"

#define NA 7
#define LIMIT 1000000L

static bool cube_has(const signed char *c, unsigned a) {
  for (int i = 0; i < NA; i++)
    if (c[i] && (c[i] > 0) != ((a >> i) & 1)) return false;
  return true;
}

static bool cover_has(const cub_cover *f, unsigned a) {
  for (int j = 0; j < f->k; j++)
    if (cube_has(f->c[j], a)) return true;
  return false;
}

static cub_cover *random_cover(int k, int lits) {
  cub_cover *f = NEW(cub_cover);
  f->n = NA;
  for (int j = 0; j < k; j++) {
    signed char *c = NEW_ATOMIC_N(signed char, NA);
    for (int i = 0; i < NA; i++)
      c[i] = rand() % NA < lits ? (rand() % 2 ? 1 : -1) : 0;
    VEC_PUSH(signed char *, f->c, f->k, f->cap, c);
  }
  return f;
}

/* Is cube c of g prime (no literal can go) and needed (not covered by the
 * others and dc)? */
static bool prime_and_needed(const cub_cover *g, int j, const cub_cover *on,
                             const cub_cover *dc) {
  signed char *c = g->c[j];
  for (int i = 0; i < NA; i++) {
    if (!c[i]) continue;
    signed char v = c[i];
    c[i] = 0;
    bool in = true;  /* the larger cube within on + dc? */
    for (unsigned a = 0; a < 1u << NA && in; a++)
      if (cube_has(c, a)) in = cover_has(on, a) || cover_has(dc, a);
    c[i] = v;
    if (in) return false;
  }
  for (unsigned a = 0; a < 1u << NA; a++) {
    if (!cube_has(c, a) || !cover_has(on, a) || cover_has(dc, a)) continue;
    bool other = false;
    for (int l = 0; l < g->k && !other; l++)
      other = l != j && cube_has(g->c[l], a);
    if (!other) return true;
  }
  return false;
}

static void test_random(void) {
  srand(7);
  int bad_comp = 0, bad_min = 0, bad_prime = 0;
  for (int round = 0; round < 200; round++) {
    cub_cover *on = random_cover(1 + rand() % 12, 2 + rand() % 4);
    cub_cover *dc = random_cover(rand() % 4, 3 + rand() % 3);
    cub_cover *comp = cub_complement(on, LIMIT);
    cub_cover *g = cub_minimise(on, dc, LIMIT);
    CHECK(comp && g);
    if (!comp || !g) continue;
    for (unsigned a = 0; a < 1u << NA; a++) {
      bad_comp += cover_has(comp, a) == cover_has(on, a);
      bool in = cover_has(g, a), o = cover_has(on, a), d = cover_has(dc, a);
      bad_min += d ? 0 : o != in;
    }
    for (int j = 0; j < g->k; j++) bad_prime += !prime_and_needed(g, j, on, dc);
  }
  CHECK(bad_comp == 0);
  CHECK(bad_min == 0);
  CHECK(bad_prime == 0);
}

static void test_dnf(void) {
  const clp_term *a[3];
  for (int i = 0; i < 3; i++)
    a[i] = clp_var(clp_fmt("b%d", i), clp_sort_bool());
  const clp_formula *l0 = clp_f_lit(a[0], false, clp_nopos);
  const clp_formula *l1 = clp_f_lit(a[1], false, clp_nopos);
  const clp_formula *n2 = clp_f_lit(a[2], true, clp_nopos);
  /* (b0 | b1) & !b2, then with b1 fixed false: b0 & !b2 */
  const clp_formula *f = clp_f_and2(clp_f_or2(l0, l1), n2);
  signed char fixed[3] = {0, 0, 0};
  cub_cover *d = cub_dnf(f, 3, a, fixed, LIMIT);
  CHECK(d && d->k == 2);
  fixed[1] = -1;
  d = cub_dnf(f, 3, a, fixed, LIMIT);
  CHECK(d && d->k == 1 && d->c[0][0] == 1 && d->c[0][1] == 0 &&
        d->c[0][2] == -1);
  /* minimised: b0 | b1 over (b0 & b2) | b1 | (b0 & !b2) */
  fixed[1] = 0;
  const clp_formula *l2 = clp_f_lit(a[2], false, clp_nopos);
  f = clp_f_or(3, (const clp_formula *[]){clp_f_and2(l0, l2), l1,
                                          clp_f_and2(l0, n2)}, clp_nopos);
  cub_cover *dc = NEW(cub_cover);
  dc->n = 3;
  cub_cover *g = cub_minimise(cub_dnf(f, 3, a, fixed, LIMIT), dc, LIMIT);
  CHECK(g && g->k == 2 && cub_cover_lits(g) == 4);
  /* a budget too small: NULL */
  CHECK(cub_complement(random_cover(12, 3), 3) == NULL);
}

int main(void) {
  GC_INIT();
  test_random();
  test_dnf();
  return check_done("test_cubmin");
}
