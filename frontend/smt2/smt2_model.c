/* smt2_model.c -- the invariants of an SMT-LIB input as a CHC-COMP model
 * (docs/smt2.md): the back-translation its rule set carries. */
#include <stdio.h>

#include "frontend/smt2/smt2.h"

/* The index variables of r (indexed engine) free in f: f holds for all
 * their values. */
static int quantified(const clp_term *const *ix, int nix, const clp_formula *f,
                      const clp_term ***out) {
  const clp_term **vars = NULL;
  int cap = 0, n = clp_f_vars(f, &vars, 0, &cap), k = 0;
  *out = NEW_N(const clp_term *, nix);
  for (int j = 0; j < nix; j++)
    for (int i = 0; i < n; i++)
      if (vars[i] == ix[j]) { (*out)[k++] = ix[j]; break; }
  return k;
}

/* SMT-LIB input: the invariants as a CHC-COMP model, one define-fun per
 * relation of the input (not the internal goal wrapper), formals x!0 ... */
void smt2_model_print(void *FILE_out, const clp_rs *rs,
                      const clp_formula **inv,
                      const clp_term *const *const *ix, const int *nix) {
  FILE *out = FILE_out;
  fputs("(\n", out);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (r->internal) continue;
    const clp_term **qv = NULL;
    int nq = inv && inv[i] ? quantified(ix[i], nix[i], inv[i], &qv) : 0;
    const char **names = NEW_N(const char *, r->arity + nq + 1);
    const clp_term **vars = NEW_N(const clp_term *, r->arity + nq + 1);
    for (int j = 0; j < r->arity; j++) vars[j] = r->formals[j];
    for (int j = 0; j < nq; j++) {
      char *nm = NEW_ATOMIC_N(char, 32);
      snprintf(nm, 32, "i!%d", j);
      names[r->arity + j] = nm;
      vars[r->arity + j] = qv[j];
    }
    fprintf(out, "  (define-fun %s (", clp_smt2_symbol(r->name));
    for (int j = 0; j < r->arity; j++) {
      char *nm = NEW_ATOMIC_N(char, 32);
      snprintf(nm, 32, "x!%d", j);
      names[j] = nm;
      fprintf(out, "%s(%s %s)", j ? " " : "", names[j],
              clp_sort_str(r->formals[j]->sort));
    }
    const char *body = inv && inv[i]
                           ? clp_f_smt2(inv[i], r->arity + nq, vars, names)
                           : "true";
    /* not reached: invariants are call-free; false is no model at all */
    fprintf(out, ") Bool ");
    if (nq) {
      fputs("(forall (", out);
      for (int j = 0; j < nq; j++)
        fprintf(out, "%s(%s Int)", j ? " " : "", names[r->arity + j]);
      fputs(") ", out);
    }
    fprintf(out, "%s%s)\n", body ? body : "|?invariant-with-call|",
            nq ? ")" : "");
  }
  fputs(")\n", out);
}


const clp_back *smt2_back(void) {
  static const clp_back b = {.print_inv = smt2_model_print};
  return &b;
}
