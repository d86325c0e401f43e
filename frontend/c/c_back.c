/* c_back.c -- the back-translation a C rule set carries (c_back.h). */
#include "frontend/c/c_trans.h"

const clp_back *c_back_new(const void *m) {
  clp_back *b = NEW(clp_back);
  b->data = m;
  b->on_rename = c_srcmap_renamed;
  b->print_cex = c_cex_print;
  b->print_inv = c_inv_print;
  b->inv_line = c_inv_line;
  b->inv_key = "c";
  b->cex_lines = c_cex_lines;
  b->witness = c_witness_write;
  return b;
}

const struct c_srcmap *c_srcmap_of(const clp_rs *rs) {
  return rs && rs->back && rs->back->on_rename == c_srcmap_renamed
             ? rs->back->data
             : NULL;
}
