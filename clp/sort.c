/* sort.c -- unique sorts and uninterpreted symbols. */
#include <assert.h>

#include "clp/clpi.h"

const clp_pos clp_nopos = {NULL, 0, 0};

static clp_sort *sorts[64]; /* all sorts made; few exist */
static unsigned nsorts;

static const clp_sort *make(clp_sort_kind k, const clp_sort *i,
                            const clp_sort *e) {
  for (unsigned j = 0; j < nsorts; j++)
    if (sorts[j]->kind == k && sorts[j]->index == i && sorts[j]->elem == e)
      return sorts[j];
  assert(nsorts < sizeof sorts / sizeof *sorts);
  clp_sort *s = NEW(clp_sort);
  s->kind = k;
  s->index = i;
  s->elem = e;
  s->id = nsorts;
  sorts[nsorts++] = s;
  return s;
}

const clp_sort *clp_sort_bool(void) { return make(CLP_S_BOOL, NULL, NULL); }
const clp_sort *clp_sort_int(void) { return make(CLP_S_INT, NULL, NULL); }

const clp_sort *clp_sort_array(const clp_sort *index, const clp_sort *elem) {
  assert(index && elem);
  return make(CLP_S_ARRAY, index, elem);
}

static void smt_sort(clp_buf *b, const clp_sort *s) {
  switch (s->kind) {
  case CLP_S_BOOL: clp_buf_puts(b, "Bool"); break;
  case CLP_S_INT: clp_buf_puts(b, "Int"); break;
  case CLP_S_ARRAY:
    clp_buf_puts(b, "(Array ");
    smt_sort(b, s->index);
    clp_buf_puts(b, " ");
    smt_sort(b, s->elem);
    clp_buf_puts(b, ")");
    break;
  }
}

const char *clp_sort_str(const clp_sort *s) {
  clp_buf b = {0};
  smt_sort(&b, s);
  return clp_buf_str(&b);
}

/* ------------------------------------------------------------------ funs */
static clp_fun **funs;
static int nfuns, capfuns;

const clp_fun *clp_fun_get(const char *name, int arity, const clp_sort **dom,
                           const clp_sort *range) {
  for (int i = 0; i < nfuns; i++) {
    clp_fun *f = funs[i];
    if (strcmp(f->name, name)) continue;
    if (f->arity != arity || f->range != range) return NULL;
    for (int j = 0; j < arity; j++)
      if (f->dom[j] != dom[j]) return NULL;
    return f;
  }
  if (nfuns == capfuns) {
    capfuns = capfuns ? 2 * capfuns : 16;
    clp_fun **nf = NEW_N(clp_fun *, capfuns);
    if (nfuns) memcpy(nf, funs, sizeof *nf * (size_t)nfuns);
    funs = nf;
  }
  clp_fun *f = NEW(clp_fun);
  f->name = clp_strdup(name);
  f->arity = arity;
  f->dom = NEW_N(const clp_sort *, arity);
  for (int j = 0; j < arity; j++) f->dom[j] = dom[j];
  f->range = range;
  f->id = (unsigned)nfuns;
  funs[nfuns++] = f;
  return f;
}
