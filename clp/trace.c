/* trace.c -- traces (CAR paper §3.1): identity keys and trace rule sets. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "clp/clpi.h"

/* Committed node ids of node k in ascending order (lits and calls). */
static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return x < y ? -1 : x > y;
}

/* Indices into nd->calls, ordered by the call nodes' ids. */
static int *call_order(const clp_tnode *nd) {
  int *o = NEW_ATOMIC_N(int, nd->ncalls);
  for (int i = 0; i < nd->ncalls; i++) {
    int j = i;
    while (j > 0 && nd->calls[o[j - 1]]->id > nd->calls[i]->id) o[j] = o[j - 1], j--;
    o[j] = i;
  }
  return o;
}

static void key(clp_buf *b, const clp_trace *t, int k, int depth) {
  const clp_tnode *nd = &t->nodes[k];
  assert(depth <= t->n); /* a tree: no cycles */
  clp_buf_puts(b, nd->rel->name);
  int m = nd->nlits + nd->ncalls;
  int *ids = NEW_ATOMIC_N(int, m);
  for (int i = 0; i < nd->nlits; i++) ids[i] = nd->lits[i]->id;
  for (int i = 0; i < nd->ncalls; i++) ids[nd->nlits + i] = nd->calls[i]->id;
  qsort(ids, (size_t)m, sizeof *ids, cmp_int);
  clp_buf_puts(b, "[");
  for (int i = 0; i < m; i++) clp_buf_printf(b, i ? ",%d" : "%d", ids[i]);
  clp_buf_puts(b, "](");
  int *o = call_order(nd);
  for (int i = 0; i < nd->ncalls; i++) {
    if (i) clp_buf_puts(b, ",");
    key(b, t, nd->child[o[i]], depth + 1);
  }
  clp_buf_puts(b, ")");
}

const char *clp_trace_key(const clp_trace *t) {
  clp_buf b = {0};
  if (t->n > 0) key(&b, t, 0, 0);
  return clp_buf_str(&b);
}

clp_rs *clp_trace_rs(const clp_trace *t) {
  clp_rel **rels = NEW_N(clp_rel *, t->n);
  for (int k = 0; k < t->n; k++) {
    const clp_rel *p = t->nodes[k].rel;
    clp_rel *r = NEW(clp_rel);
    clp_buf b = {0};
    clp_buf_printf(&b, "%s#%d", p->name, k);
    r->name = clp_buf_str(&b);
    r->arity = p->arity;
    r->formals = p->formals;
    r->base = p;
    r->pos = p->pos;
    rels[k] = r;
  }
  for (int k = 0; k < t->n; k++) {
    const clp_tnode *nd = &t->nodes[k];
    int m = nd->nlits + nd->ncalls;
    const clp_formula **kids = NEW_N(const clp_formula *, m);
    /* merge lits and calls by node id: the original body order */
    int i = 0, j = 0, n = 0;
    int *o = call_order(nd);
    const clp_formula **lits = NEW_N(const clp_formula *, nd->nlits);
    for (int a = 0; a < nd->nlits; a++) {
      int c = a;
      while (c > 0 && lits[c - 1]->id > nd->lits[a]->id) lits[c] = lits[c - 1], c--;
      lits[c] = nd->lits[a];
    }
    while (i < nd->nlits || j < nd->ncalls) {
      if (j == nd->ncalls ||
          (i < nd->nlits && lits[i]->id < nd->calls[o[j]]->id)) {
        kids[n++] = lits[i++];
        continue;
      }
      const clp_formula *c = nd->calls[o[j]];
      int ch = nd->child[o[j]];
      j++;
      assert(ch >= 0 && ch < t->n && c->kind == CLP_F_CALL);
      clp_formula *f = NEW(clp_formula);
      *f = *c; /* same pos, id, args */
      f->rel = rels[ch];
      kids[n++] = f;
    }
    rels[k]->body = clp_f_and(n, kids, nd->rel->body ? nd->rel->body->pos : nd->rel->pos);
  }
  return clp_rs_direct(t->n, rels, t->n ? rels[0] : NULL);
}
