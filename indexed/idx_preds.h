/* idx_preds.h -- the indexed predicates beside the IR (prefix idx_preds_):
 * a side table keyed by relation id holding, per relation, its index
 * variables and indexed predicates (docs/indexed.md).  It starts as a copy
 * of what the rule set carries (clp_rel.index, .ipreds, .ipreds_fixed: the
 * frontend's or the --predicates file's) and grows with what discovery
 * adds, so the rule set is never modified (the IR is immutable).  The
 * engine, the certificate and the reporter read the same table
 * (eng_result.idx_preds). */
#ifndef IDX_PREDS_H
#define IDX_PREDS_H

#include "clp/clp.h"

typedef struct idx_rel_preds {
  int nindex, cindex;         /* index variables (Int, never formals) */
  const clp_term **index;     /* ... and their capacity (clp/vec.h) */
  int npreds, cpreds;         /* predicates: Bool terms over the formals */
  const clp_term **preds;     /* and the index variables */
  bool fixed;                 /* complete by construction (a frontend's
                                 scan or update relation): discovery adds
                                 none */
} idx_rel_preds;

typedef struct idx_preds {
  int nrels;
  idx_rel_preds *rel;         /* rel[r->id] */
} idx_preds;

/* A new table with rs's given predicates (copies: rs is not changed). */
idx_preds *idx_preds_new(const clp_rs *rs);

/* The entry of relation r in t. */
static inline idx_rel_preds *idx_preds_of(const idx_preds *t,
                                          const clp_rel *r) {
  return &t->rel[r->id];
}

/* Adds index variables and predicates to r's entry as clp_rel_add_ipreds
 * adds them to a relation: index variables merged by pointer, predicates
 * deduplicated (by pointer), the constants true and false dropped, new
 * ones appended in order.  Contract: preds are Bool terms over r's formals
 * and the index variables (the caller checks). */
void idx_preds_add(idx_preds *t, const clp_rel *r, int nindex,
                   const clp_term **index, int npreds,
                   const clp_term **preds);

/* The index variables of r: those of t (when t is not NULL), else those
 * the rule set carries (r->index).  Returns their number, the array in
 * *out (not to be modified). */
int idx_preds_index(const idx_preds *t, const clp_rel *r,
                    const clp_term *const **out);

#endif
