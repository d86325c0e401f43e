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

/* ------------------------------------------------------- derivation paths */
/* The committed literals and calls of one rule instance being rebuilt
 * (a clp_tnode's lits, calls, child), GC arrays. */
typedef struct clp_path {
  int nl, nc, capl, capc;
  const clp_formula **lits, **calls;
  int *child;
} clp_path;

/* The node index deriving the call c (its arguments evaluated under own),
 * or -1. */
typedef int (*clp_path_call_fn)(void *ctx, const clp_formula *c,
                                const clp_env *own);

/* Contract: commits f (a subformula of a relation's body) under own: true
 * when it holds, with its literals and calls appended to ph (a call holds
 * when call() gives it a node); false leaves ph as it was.  An OR commits
 * to its first disjunct that holds; a literal that cannot be evaluated
 * does not hold. */
bool clp_path_choose(const clp_formula *f, const clp_env *own,
                     clp_path_call_fn call, void *ctx, clp_path *ph);

/* A derivation being built node by node (GC arrays; env[i] of nodes[i]). */
typedef struct clp_tree {
  int n, cap;
  clp_tnode *nodes;
  clp_env **env;
} clp_tree;

/* Appends a node of rel with environment env, no literal or call yet;
 * returns its index. */
int clp_tree_node(clp_tree *t, const clp_rel *rel, clp_env *env);
/* Commits node i to a rule instance of its relation's body that holds
 * under its environment (clp_path_choose); false when there is none. */
bool clp_tree_choose(clp_tree *t, int i, clp_path_call_fn call, void *ctx);
/* The finished derivation as a trace (*out_t) and its environments. */
void clp_tree_done(const clp_tree *t, const clp_trace **out_t,
                   clp_env ***out_env);
/* Copies into to the values that from gives r's formals and locals. */
void clp_env_copy_rel(clp_env *to, const clp_env *from, const clp_rel *r);
/* The children of node k of t (env: its environments) that derive target
 * with the formals' values vals, in call order: the first for which
 * visit(ctx, child) is not negative gives the result; -1 when none. */
int clp_trace_child(const clp_trace *t, clp_env *const *env, int k,
                    const clp_rel *target, const clp_value *const *vals,
                    int (*visit)(void *ctx, int child), void *ctx);

#endif
