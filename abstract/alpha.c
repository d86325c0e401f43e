/* alpha.c -- abstractions: bottom, join of atoms / explicated constraints,
 * replicate (CAR paper Section 4.2-4.3). */
#include "abstract/abs.h"
#include "clp/vec.h"

abs_alpha *abs_bottom(const clp_rs *rs) {
  abs_alpha *a = NEW(abs_alpha);
  a->nrels = rs->nrels;
  a->rels = NEW_N(abs_rel, rs->nrels);
  for (int i = 0; i < rs->nrels; i++) {
    abs_rel *ar = &a->rels[i];
    ar->natoms = ar->capatoms = 0;
    ar->atoms = NULL;
    ar->nexp = ar->capexp = 0;
    ar->exp = NULL;
  }
  return a;
}

/* Contract (abs.h): an interface atom is a non-constant atom over r's
 * formals; duplicates (by pointer) are ignored. */
bool abs_add_atom(abs_alpha *a, const clp_rel *r, const clp_term *atom) {
  if (!atom || !clp_is_atom(atom)) return false;
  if (r->id < 0 || r->id >= a->nrels) return false;
  if (!clp_rel_over_formals(r, atom)) return false;
  abs_rel *ar = &a->rels[r->id];
  for (int i = 0; i < ar->natoms; i++)
    if (ar->atoms[i] == atom) return false;
  VEC_PUSH(const clp_term *, ar->atoms, ar->natoms, ar->capatoms, atom);
  return true;
}

/* Contract (abs.h): TRUE/FALSE and structural duplicates are ignored. */
bool abs_add_exp(abs_alpha *a, const clp_rel *r, const clp_formula *f) {
  if (!f || f->kind == CLP_F_TRUE || f->kind == CLP_F_FALSE) return false;
  if (r->id < 0 || r->id >= a->nrels) return false;
  abs_rel *ar = &a->rels[r->id];
  for (int i = 0; i < ar->nexp; i++)
    if (ar->exp[i] == f || clp_f_equal(ar->exp[i], f)) return false;
  VEC_PUSH(const clp_formula *, ar->exp, ar->nexp, ar->capexp, f);
  return true;
}

/* Contract (abs.h): variant s gets a copy of alpha_{base(s)}; the copies
 * own their arrays, so growing one never changes another. */
abs_alpha *abs_replicate(const abs_alpha *a, const clp_rs *variants) {
  abs_alpha *v = abs_bottom(variants);
  for (int i = 0; i < variants->nrels; i++) {
    const clp_rel *base = variants->rels[i]->base;
    if (!base || base->id < 0 || base->id >= a->nrels) continue;
    const abs_rel *src = &a->rels[base->id];
    abs_rel *dst = &v->rels[i];
    dst->natoms = dst->capatoms = src->natoms;
    dst->atoms = NEW_N(const clp_term *, src->natoms);
    for (int k = 0; k < src->natoms; k++) dst->atoms[k] = src->atoms[k];
    dst->nexp = dst->capexp = src->nexp;
    dst->exp = NEW_N(const clp_formula *, src->nexp);
    for (int k = 0; k < src->nexp; k++) dst->exp[k] = src->exp[k];
  }
  return v;
}

int abs_total_atoms(const abs_alpha *a) {
  int n = 0;
  for (int i = 0; i < a->nrels; i++) n += a->rels[i].natoms;
  return n;
}

int abs_total_exp(const abs_alpha *a) {
  int n = 0;
  for (int i = 0; i < a->nrels; i++) n += a->rels[i].nexp;
  return n;
}
