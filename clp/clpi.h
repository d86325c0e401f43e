/* clpi.h -- private to clp/: helpers shared by the IR implementation files
 * (pointer maps, string buffers, the hash-consing core).  Not for other
 * modules: include clp.h instead. */
#ifndef CLPI_H
#define CLPI_H

#include <stdarg.h>

#include "clp/clp.h"
#include "clp/vec.h"

/* ------------------------------------------------------------ pointer map */
/* Open-addressing map from GC pointers to GC pointers; both arrays are on
 * the GC heap (scanned).  A NULL value means "absent". */
typedef struct clp_pmap {
  int cap, n;              /* slots (power of two), used slots */
  const void **keys;       /* NULL = empty slot */
  const void **vals;
} clp_pmap;

void clp_pmap_init(clp_pmap *m, int cap);
const void *clp_pmap_get(const clp_pmap *m, const void *key);
void clp_pmap_put(clp_pmap *m, const void *key, const void *val);

/* ---------------------------------------------------------- string buffer */
typedef struct clp_buf {
  char *s;                 /* GC atomic, NUL-terminated */
  size_t n, cap;
} clp_buf;

void clp_buf_puts(clp_buf *b, const char *s);
void clp_buf_printf(clp_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *clp_buf_str(clp_buf *b); /* "" when empty */

/* ------------------------------------------------------------ hash-consing */
/* The unique node with these fields (kids copied when new). */
const clp_term *clp_hc(clp_op op, const clp_sort *sort, int n,
                       const clp_term **kids, int64_t num, const char *name,
                       int label, const clp_fun *fun);

/* n-ary sum through the linear normaliser. */
const clp_term *clp_add_n(int n, const clp_term **kids);

/* Appends the variables of t not yet in seen (seen holds visited terms). */
void clp_vars_collect(const clp_term *t, clp_pmap *seen,
                      const clp_term ***vars, int *n, int *cap);

/* Internal printing entry points (print.c), appending to b. */
void clp_print_term(clp_buf *b, const clp_term *t);
void clp_print_formula(clp_buf *b, const clp_formula *f);
void clp_print_sort(clp_buf *b, const clp_sort *s); /* .clp spelling */

#endif
