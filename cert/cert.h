/* cert.h -- independent certificate checks (prefix cert_).  Nothing is
 * printed as safe/unsafe unless these pass. */
#ifndef CERT_H
#define CERT_H

#include "clp/clp.h"
#include "etc/etc.h"
#include "zb/zb.h"

/* Safe: inv[r->id] is an inductive invariant: for every rule r(x) :- e, with
 * a fresh Z3 solver,  e[c(t) := inv_c[x_c := t]] => inv_r  is valid, and
 * inv[goal] is unsatisfiable.  Returns true, or false with *why set. */
bool cert_safe(zb_ctx *z, const clp_rs *rs, const clp_formula **inv,
               const char **why);

/* Unsafe: the counterexample re-evaluated rule by rule with clp_eval (no Z3):
 * every node's rule body holds under its environment, where a call holds iff
 * it is bound to a child node whose formals equal the argument values and
 * which holds itself; node 0 is the goal.  Returns true, or false + *why. */
bool cert_unsafe(const clp_rs *rs, const etc_cex *cex, const char **why);

/* A checker of safe answers (cert_safe; the indexed engine's quantified
 * invariants: idx_cert_safe over its predicate table); data is the
 * checker's own (cert_check passes it through). */
typedef bool cert_safe_fn(zb_ctx *z, const clp_rs *rs, const void *data,
                          const clp_formula **inv, const char **why);

/* Contract: the certificate of an answer on rs: safe (inv, checked by
 * safe_fn(..., data, ...) in a fresh context) or unsafe (cex, by cert_unsafe; a derivation
 * under axioms is refused: evaluation does not check them).  A missing inv
 * or cex fails.  Returns true when it holds, else false with *why set. */
bool cert_check(const clp_rs *rs, bool safe, const clp_formula **inv,
                const etc_cex *cex, cert_safe_fn *safe_fn, const void *data,
                const char **why);

#endif
