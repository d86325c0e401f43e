/* fe_ast.c -- AST builders called by the grammar actions (one per action). */
#include <string.h>

#include "frontend/clp/fe_clp.h"

static fe_node *node(fe_kind k, fe_tok t) {
  fe_node *n = NEW(fe_node);
  n->kind = k;
  n->off = t.off;
  n->len = t.len;
  n->res = R_NONE;
  n->sv = -1;
  return n;
}

static void push_kid(fe_node *n, fe_node *k) {
  if (n->n == n->cap) {
    n->cap = n->cap ? 2 * n->cap : 2;
    n->kids = n->kids ? GROW(fe_node *, n->kids, n->cap)
                      : NEW_N(fe_node *, n->cap);
  }
  n->kids[n->n++] = k;
}

static const char *slice(const fe_ctx *c, fe_tok t) {
  char *s = NEW_ATOMIC_N(char, t.len + 1);
  memcpy(s, c->src + t.off, (size_t)t.len);
  s[t.len] = 0;
  return s;
}

fe_node *fe_mk_num(fe_ctx *c, fe_tok t) {
  fe_node *n = node(A_NUM, t);
  n->num = fe_tok_num(c, t);
  return n;
}

fe_node *fe_mk_name(fe_ctx *c, fe_tok t) {
  fe_node *n = node(A_NAME, t);
  n->name = slice(c, t);
  return n;
}

/* An argument list is parsed as ONE expression in which ',' is conjunction
 * (binding tighter than ';' and '\/', as tight as '/\').  split re-reads
 * it with ',' as the loosest separator: the unparenthesised ',' nodes lie
 * under unparenthesised ';' '\/' '/\' nodes only, so each of those is
 * rebuilt around the cut: x ; (y, z) -> [x ; y, z];  (x, y) /\ z -> [x, y /\ z]. */
static void split(fe_node *e, fe_node *out) {
  bool low = !e->paren && (e->kind == A_COMMA || e->kind == A_SEMI ||
                           e->kind == A_OR || e->kind == A_AND);
  if (!low) {
    push_kid(out, e);
    return;
  }
  if (e->kind == A_COMMA) {
    for (int i = 0; i < e->n; i++) split(e->kids[i], out);
    return;
  }
  fe_node *cur = NULL; /* pending operand: joins the next kid's first piece */
  bool joined = false;  /* cur is a node made here: extend it in place */
  for (int i = 0; i < e->n; i++) {
    fe_node parts = {0};
    split(e->kids[i], &parts);
    fe_node *first = parts.kids[0];
    if (cur && joined) {
      push_kid(cur, first);
      first = cur;
    } else if (cur) {
      fe_node *j = NEW(fe_node);
      *j = *e; /* same operator token */
      j->n = j->cap = 0;
      j->kids = NULL;
      push_kid(j, cur);
      push_kid(j, first);
      first = j;
    }
    if (parts.n == 1) {
      joined = first != parts.kids[0];
      cur = first;
      continue;
    }
    joined = false;
    push_kid(out, first);
    for (int k = 1; k < parts.n - 1; k++) push_kid(out, parts.kids[k]);
    cur = parts.kids[parts.n - 1];
  }
  push_kid(out, cur);
}

static void add_args(fe_node *n, fe_node *args) {
  if (args) split(args, n);
}

fe_node *fe_mk_callx(fe_ctx *c, fe_tok name, fe_node *args) {
  fe_node *n = fe_mk_name(c, name);
  n->call = true;
  add_args(n, args);
  return n;
}

fe_node *fe_mk_builtin(fe_ctx *c, fe_kind k, fe_tok t, fe_node *args) {
  fe_node *n = node(k, t);
  n->name = slice(c, t);
  add_args(n, args);
  return n;
}

fe_node *fe_mk_const(fe_ctx *c, fe_kind k, fe_tok t) {
  (void)c;
  return node(k, t);
}

fe_node *fe_mk_un(fe_ctx *c, fe_kind k, fe_tok t, fe_node *a) {
  (void)c;
  fe_node *n = node(k, t);
  push_kid(n, a);
  return n;
}

/* Conjunction/disjunction chains are flattened (no deep left spines). */
fe_node *fe_mk_bin(fe_ctx *c, fe_kind k, fe_tok t, fe_node *a, fe_node *b) {
  (void)c;
  bool flat = k == A_COMMA || k == A_AND || k == A_SEMI || k == A_OR;
  if (flat && a->kind == k && !a->paren) {
    push_kid(a, b);
    return a;
  }
  fe_node *n = node(k, t);
  push_kid(n, a);
  push_kid(n, b);
  return n;
}

fe_node *fe_mk_paren(fe_ctx *c, fe_node *a) {
  (void)c;
  a->paren = true;
  return a;
}

fe_sortx fe_mk_sort(fe_ctx *c, fe_tok t, const clp_sort *s) {
  (void)c;
  fe_sortx x = {t.off, s};
  return x;
}

fe_sortx fe_mk_array_sort(fe_ctx *c, fe_tok t, fe_sortx i, fe_sortx e) {
  fe_sortx x = {t.off, NULL};
  if (!i.sort || !e.sort) return x;
  if (i.sort != clp_sort_int()) {
    fe_error(c, i.off, "array index sort must be int, not %s",
             clp_sort_str(i.sort));
    return x;
  }
  x.sort = clp_sort_array(i.sort, e.sort);
  return x;
}

fe_sorts *fe_mk_sorts(fe_ctx *c, fe_sorts *l, fe_sortx s) {
  (void)c;
  if (!l) l = NEW(fe_sorts);
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 4;
    l->v = l->v ? GROW(const clp_sort *, l->v, l->cap)
                : NEW_N(const clp_sort *, l->cap);
  }
  l->v[l->n++] = s.sort;
  if (!s.sort) l->bad = true;
  return l;
}

static fe_item *item(fe_ctx *c, fe_item_kind k, int off) {
  fe_item *it = NEW(fe_item);
  it->kind = k;
  it->off = off;
  if (c->nitems == c->capitems) {
    c->capitems = c->capitems ? 2 * c->capitems : 16;
    c->items = c->items ? GROW(fe_item *, c->items, c->capitems)
                        : NEW_N(fe_item *, c->capitems);
  }
  c->items[c->nitems++] = it;
  return it;
}

void fe_mk_goal(fe_ctx *c, fe_tok name) {
  fe_item *it = item(c, I_GOAL, name.off);
  it->name = slice(c, name);
}

void fe_mk_decl(fe_ctx *c, fe_item_kind k, fe_tok name, fe_sorts *l,
                const fe_sortx *range) {
  if ((l && l->bad) || (range && !range->sort)) return; /* already reported */
  fe_item *it = item(c, k, name.off);
  it->name = slice(c, name);
  it->nsorts = l ? l->n : 0;
  it->sorts = l ? l->v : NULL;
  it->range = range ? range->sort : NULL;
}

void fe_mk_rule(fe_ctx *c, fe_node *head, fe_node *body) {
  fe_item *it = item(c, I_RULE, head->off);
  it->name = head->name;
  it->head = head;
  it->body = body;
}

void fe_mk_indexed(fe_ctx *c, fe_node *head, fe_node *ivars, fe_node *preds) {
  fe_item *it = item(c, I_INDEXED, head->off);
  it->name = head->name;
  it->head = head;
  it->ivars = ivars;
  it->body = preds;
}

void fe_mk_axiom(fe_ctx *c, fe_tok t, fe_node *body) {
  fe_item *it = item(c, I_AXIOM, t.off);
  it->name = "axiom";
  it->body = body;
}
