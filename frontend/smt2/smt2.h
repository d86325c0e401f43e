/* smt2.h -- the SMT-LIB (CHC-COMP) frontend's parts (prefix smt2_): the
 * loader is smt2.c (fe_smt2_parse_string in frontend/fe.h), the model
 * printer smt2_model.c. */
#ifndef SMT2_H
#define SMT2_H

#include "clp/clp.h"

/* Contract: the invariants (inv[i] of rs->rels[i], NULL: true) as a
 * CHC-COMP model on FILE_out: "(", one define-fun per relation of the
 * input except the loader's internal goal wrapper, formals x!0 ..., ")";
 * inv[i] quantified over those of ix[i] (nix[i]) free in it. */
void smt2_model_print(void *FILE_out, const clp_rs *rs,
                      const clp_formula **inv,
                      const clp_term *const *const *ix, const int *nix);
/* The back-translation of every SMT-LIB rule set: its model printer. */
const clp_back *smt2_back(void);

#endif
