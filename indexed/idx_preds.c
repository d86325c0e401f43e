/* idx_preds.c -- the side table of indexed predicates (idx_preds.h). */
#include "indexed/idx_preds.h"

#include "clp/vec.h"

idx_preds *idx_preds_new(const clp_rs *rs) {
  idx_preds *t = NEW(idx_preds);
  t->nrels = rs->nrels;
  t->rel = NEW_N(idx_rel_preds, rs->nrels > 0 ? rs->nrels : 1);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    idx_rel_preds *e = &t->rel[i];
    *e = (idx_rel_preds){0, 0, NULL, 0, 0, NULL, r->ipreds_fixed};
    for (int j = 0; j < r->nindex; j++)
      VEC_PUSH(const clp_term *, e->index, e->nindex, e->cindex,
               r->index[j]);
    for (int j = 0; j < r->nipreds; j++)
      VEC_PUSH(const clp_term *, e->preds, e->npreds, e->cpreds,
               r->ipreds[j]);
  }
  return t;
}

void idx_preds_add(idx_preds *t, const clp_rel *r, int nindex,
                   const clp_term **index, int npreds,
                   const clp_term **preds) {
  idx_rel_preds *e = idx_preds_of(t, r);
  for (int i = 0; i < nindex; i++) {
    bool have = false;
    for (int j = 0; j < e->nindex; j++) have |= e->index[j] == index[i];
    if (!have)
      VEC_PUSH(const clp_term *, e->index, e->nindex, e->cindex, index[i]);
  }
  for (int i = 0; i < npreds; i++) {
    const clp_term *p = preds[i];
    bool have = p->op == CLP_TRUE || p->op == CLP_FALSE;
    for (int j = 0; j < e->npreds; j++) have |= e->preds[j] == p;
    if (!have) VEC_PUSH(const clp_term *, e->preds, e->npreds, e->cpreds, p);
  }
}

int idx_preds_index(const idx_preds *t, const clp_rel *r,
                    const clp_term *const **out) {
  if (!t) {
    *out = r->index;
    return r->nindex;
  }
  *out = idx_preds_of(t, r)->index;
  return idx_preds_of(t, r)->nindex;
}
