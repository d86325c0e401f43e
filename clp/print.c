/* print.c -- terms, formulas and rule sets in the .clp syntax (docs/clp.md).
 *
 * Term precedence: 1 additive, 2 multiplicative, 3 unary/atomic.  Bool
 * connectives and comparisons inside a term position are parenthesised.
 * Body precedence: 0 disjunction ';', 1 conjunction ',', 2 literal. */
#include <stdio.h>

#include "clp/clpi.h"

static void term(clp_buf *b, const clp_term *t, int prec);
static void body(clp_buf *b, const clp_term *t, int level);

void clp_print_sort(clp_buf *b, const clp_sort *s) {
  switch (s->kind) {
  case CLP_S_BOOL: clp_buf_puts(b, "bool"); return;
  case CLP_S_INT: clp_buf_puts(b, "int"); return;
  case CLP_S_ARRAY:
    if (s->index->kind == CLP_S_INT && s->elem->kind == CLP_S_INT) {
      clp_buf_puts(b, "map");
      return;
    }
    clp_buf_puts(b, "array(");
    clp_print_sort(b, s->index);
    clp_buf_puts(b, ", ");
    clp_print_sort(b, s->elem);
    clp_buf_puts(b, ")");
    return;
  }
}

static void num(clp_buf *b, int64_t k, int prec) {
  if (k == INT64_MIN) clp_buf_puts(b, "(-9223372036854775807 - 1)");
  else if (k < 0 && prec > 1) clp_buf_printf(b, "(%lld)", (long long)k);
  else clp_buf_printf(b, "%lld", (long long)k);
}

static void args(clp_buf *b, int n, const clp_term **a) {
  clp_buf_puts(b, "(");
  for (int i = 0; i < n; i++) {
    if (i) clp_buf_puts(b, ", ");
    term(b, a[i], 0);
  }
  clp_buf_puts(b, ")");
}

/* c * t with c > 0 */
static void scaled(clp_buf *b, uint64_t c, const clp_term *t) {
  if (c != 1) {
    clp_buf_printf(b, "%llu*", (unsigned long long)c);
    term(b, t, 3);
  } else {
    term(b, t, 1);
  }
}

/* Summand list: coefficient and term (NULL term: constant). */
typedef struct side { int n; uint64_t c[64]; const clp_term *t[64]; } side;

static void print_sum(clp_buf *b, const clp_term *t) {
  /* non-constant summands first, the constant last */
  bool first = true;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < t->n; i++) {
      const clp_term *k = t->kids[i];
      bool isnum = k->op == CLP_NUM;
      if (isnum != (pass == 1)) continue;
      int64_t c = 1;
      const clp_term *x = k;
      if (isnum) c = k->num, x = NULL;
      else if (k->op == CLP_MUL && k->kids[0]->op == CLP_NUM)
        c = k->kids[0]->num, x = k->kids[1];
      if (c == INT64_MIN) { /* no positive counterpart */
        if (!first) clp_buf_puts(b, " + ");
        num(b, c, 3);
        if (x) { clp_buf_puts(b, "*"); term(b, x, 3); }
      } else {
        uint64_t a = c < 0 ? (uint64_t)-c : (uint64_t)c;
        if (first) clp_buf_puts(b, c < 0 ? "-" : "");
        else clp_buf_puts(b, c < 0 ? " - " : " + ");
        if (x && first && c < 0 && a == 1) term(b, x, 3);
        else if (x) scaled(b, a, x);
        else clp_buf_printf(b, "%llu", (unsigned long long)a);
      }
      first = false;
    }
}

static void term(clp_buf *b, const clp_term *t, int prec) {
  int my;
  switch (t->op) {
  case CLP_VAR:
    clp_buf_puts(b, t->name);
    if (t->label) clp_buf_printf(b, "@%d", t->label);
    return;
  case CLP_NUM: num(b, t->num, prec); return;
  case CLP_TRUE: clp_buf_puts(b, "true"); return;
  case CLP_FALSE: clp_buf_puts(b, "false"); return;
  case CLP_ADD:
    if (prec > 1) clp_buf_puts(b, "(");
    print_sum(b, t);
    if (prec > 1) clp_buf_puts(b, ")");
    return;
  case CLP_MUL: case CLP_DIV: case CLP_MOD: {
    const char *op = t->op == CLP_MUL ? "*" : t->op == CLP_DIV ? " / " : " mod ";
    my = 2;
    if (t->op == CLP_MUL && t->kids[0]->op == CLP_NUM) {
      int64_t c = t->kids[0]->num;
      if (c == -1) { /* -t */
        if (prec > 1) clp_buf_puts(b, "(");
        clp_buf_puts(b, "-");
        term(b, t->kids[1], 3);
        if (prec > 1) clp_buf_puts(b, ")");
        return;
      }
      if (c < 0 && c != INT64_MIN) { /* -|c|*t */
        if (prec > 1) clp_buf_puts(b, "(");
        clp_buf_printf(b, "-%lld*", -(long long)c);
        term(b, t->kids[1], 3);
        if (prec > 1) clp_buf_puts(b, ")");
        return;
      }
    }
    if (prec > my) clp_buf_puts(b, "(");
    term(b, t->kids[0], 2);
    clp_buf_puts(b, op);
    term(b, t->kids[1], 3);
    if (prec > my) clp_buf_puts(b, ")");
    return;
  }
  case CLP_ITE:
    clp_buf_puts(b, "ite(");
    body(b, t->kids[0], 2);
    clp_buf_puts(b, ", ");
    term(b, t->kids[1], 0);
    clp_buf_puts(b, ", ");
    term(b, t->kids[2], 0);
    clp_buf_puts(b, ")");
    return;
  case CLP_SELECT: clp_buf_puts(b, "select"); args(b, 2, t->kids); return;
  case CLP_STORE: clp_buf_puts(b, "store"); args(b, 3, t->kids); return;
  case CLP_CONST_ARRAY: clp_buf_puts(b, "const"); args(b, 1, t->kids); return;
  case CLP_APP: clp_buf_puts(b, t->fun->name); args(b, t->n, t->kids); return;
  case CLP_EQ: case CLP_LE: case CLP_NOT: case CLP_AND: case CLP_OR:
    clp_buf_puts(b, "(");
    body(b, t, 0);
    clp_buf_puts(b, ")");
    return;
  }
}

/* ------------------------------------------------------------ comparisons */
static bool add_summand(side *s, uint64_t c, const clp_term *t) {
  if (s->n == 64) return false;
  s->c[s->n] = c;
  s->t[s->n++] = t;
  return true;
}

static void print_side(clp_buf *b, const side *s, int64_t k) {
  for (int i = 0; i < s->n; i++) {
    if (i) clp_buf_puts(b, " + ");
    scaled(b, s->c[i], s->t[i]);
  }
  if (s->n && k > 0) clp_buf_printf(b, " + %lld", (long long)k);
  else if (s->n && k < 0) clp_buf_printf(b, " - %lld", -(long long)k);
  else if (!s->n) num(b, k, 1);
}

/* Int  lin OP k  readably: negative summands moved to the right.  false
 * when the shape is unusual (then printed plainly). */
static bool readable_cmp(clp_buf *b, const clp_term *t) {
  const clp_term *l = t->kids[0], *r = t->kids[1];
  if (l->sort->kind != CLP_S_INT || r->op != CLP_NUM || r->num == INT64_MIN)
    return false;
  int64_t k = r->num;
  side pos = {0}, neg = {0};
  int n = l->op == CLP_ADD ? l->n : 1;
  const clp_term **ks = l->op == CLP_ADD ? l->kids : &l;
  for (int i = 0; i < n; i++) {
    const clp_term *x = ks[i];
    int64_t c = 1;
    if (x->op == CLP_NUM) {
      if (__builtin_sub_overflow(k, x->num, &k) || k == INT64_MIN) return false;
      continue;
    }
    if (x->op == CLP_MUL && x->kids[0]->op == CLP_NUM) c = x->kids[0]->num, x = x->kids[1];
    if (c == INT64_MIN) return false;
    if (!add_summand(c > 0 ? &pos : &neg, c > 0 ? (uint64_t)c : (uint64_t)-c, x))
      return false;
  }
  const char *op = t->op == CLP_EQ ? " = " : " <= ";
  int64_t kl = 0, kr = k;
  if (!pos.n) kl = -k, kr = 0;
  else if (neg.n && k < 0) kl = -k, kr = 0;
  print_side(b, &pos, kl);
  clp_buf_puts(b, op);
  print_side(b, &neg, kr);
  return true;
}

static bool tight(const clp_term *t) { /* needs no parentheses after '!' */
  switch (t->op) {
  case CLP_VAR: case CLP_APP: case CLP_SELECT: case CLP_ITE: case CLP_TRUE:
  case CLP_FALSE:
    return true;
  default:
    return false;
  }
}

static void body(clp_buf *b, const clp_term *t, int level) {
  switch (t->op) {
  case CLP_OR: case CLP_AND: {
    int my = t->op == CLP_OR ? 0 : 1;
    if (level > my) clp_buf_puts(b, "(");
    for (int i = 0; i < t->n; i++) {
      if (i) clp_buf_puts(b, my ? ", " : " ; ");
      body(b, t->kids[i], 1);
    }
    if (level > my) clp_buf_puts(b, ")");
    return;
  }
  case CLP_NOT:
    clp_buf_puts(b, "!");
    if (tight(t->kids[0])) { body(b, t->kids[0], 2); return; }
    clp_buf_puts(b, "(");
    body(b, t->kids[0], 0);
    clp_buf_puts(b, ")");
    return;
  case CLP_EQ: case CLP_LE: /* binds tighter than ',' ';' '!' */
    if (!readable_cmp(b, t)) {
      term(b, t->kids[0], 1);
      clp_buf_puts(b, t->op == CLP_EQ ? " = " : " <= ");
      term(b, t->kids[1], 1);
    }
    return;
  default:
    term(b, t, 0);
    return;
  }
}

void clp_print_term(clp_buf *b, const clp_term *t) {
  if (t->sort->kind == CLP_S_BOOL) body(b, t, 0);
  else term(b, t, 0);
}

const char *clp_term_str(const clp_term *t) {
  clp_buf b = {0};
  clp_print_term(&b, t);
  return clp_buf_str(&b);
}

/* --------------------------------------------------------------- formulas */
static void formula(clp_buf *b, const clp_formula *f, int level) {
  switch (f->kind) {
  case CLP_F_TRUE: clp_buf_puts(b, "true"); return;
  case CLP_F_FALSE: clp_buf_puts(b, "false"); return;
  case CLP_F_LIT:
    if (!f->neg) { body(b, f->atom, level); return; }
    clp_buf_puts(b, "!");
    if (tight(f->atom)) body(b, f->atom, 2);
    else { clp_buf_puts(b, "("); body(b, f->atom, 0); clp_buf_puts(b, ")"); }
    return;
  case CLP_F_AND: case CLP_F_OR: {
    int my = f->kind == CLP_F_OR ? 0 : 1;
    if (level > my) clp_buf_puts(b, "(");
    for (int i = 0; i < f->n; i++) {
      if (i) clp_buf_puts(b, my ? ", " : " ; ");
      formula(b, f->kids[i], 1);
    }
    if (level > my) clp_buf_puts(b, ")");
    return;
  }
  case CLP_F_CALL:
    clp_buf_puts(b, f->rel->name);
    if (f->n) args(b, f->n, f->args);
    return;
  }
}

void clp_print_formula(clp_buf *b, const clp_formula *f) { formula(b, f, 0); }

const char *clp_f_str(const clp_formula *f) {
  clp_buf b = {0};
  formula(&b, f, 0);
  return clp_buf_str(&b);
}

/* --------------------------------------------------------------- rule sets */

static void sort_list(clp_buf *b, int n, const clp_sort **s) {
  if (!n) return;
  clp_buf_puts(b, "(");
  for (int i = 0; i < n; i++) {
    if (i) clp_buf_puts(b, ", ");
    clp_print_sort(b, s[i]);
  }
  clp_buf_puts(b, ")");
}

void clp_rs_print(const clp_rs *rs, void *FILE_out) {
  FILE *out = FILE_out;
  clp_buf b = {0};
  const clp_fun **fs = NULL;
  int nf = 0;
  for (int i = 0; i < rs->nrels; i++)
    if (rs->rels[i]->body) nf = clp_f_funs(rs->rels[i]->body, &fs, nf);
  for (int i = 0; i < rs->naxioms; i++) nf = clp_f_funs(rs->axioms[i], &fs, nf);
  if (rs->file) clp_buf_printf(&b, "%% rule set of %s\n", rs->file);
  for (int i = 0; i < nf; i++) {
    const clp_fun *f = fs[i];
    bool pred = f->range->kind == CLP_S_BOOL;
    clp_buf_printf(&b, "%s %s", pred ? "pred" : "fun", f->name);
    sort_list(&b, f->arity, f->dom);
    if (!pred) { clp_buf_puts(&b, ": "); clp_print_sort(&b, f->range); }
    clp_buf_puts(&b, ".\n");
  }
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    clp_buf_printf(&b, "rel %s", r->name);
    const clp_sort **s = NEW_N(const clp_sort *, r->arity);
    for (int j = 0; j < r->arity; j++) s[j] = r->formals[j]->sort;
    sort_list(&b, r->arity, s);
    clp_buf_puts(&b, ".\n");
  }
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (!r->body || r->body->kind == CLP_F_FALSE) continue; /* empty */
    clp_buf_puts(&b, "\n");
    clp_buf_puts(&b, r->name);
    if (r->arity) args(&b, r->arity, r->formals);
    clp_buf_puts(&b, " :-");
    if (r->body->kind == CLP_F_AND) { /* one conjunct per line */
      for (int j = 0; j < r->body->n; j++) {
        clp_buf_puts(&b, j ? ",\n    " : "\n    ");
        formula(&b, r->body->kids[j], 1);
      }
    } else if (r->body->kind == CLP_F_OR) { /* one disjunct per line */
      for (int j = 0; j < r->body->n; j++) {
        clp_buf_puts(&b, j ? "\n  ; " : "\n    ");
        formula(&b, r->body->kids[j], 1);
      }
    } else {
      clp_buf_puts(&b, " ");
      formula(&b, r->body, 0);
    }
    clp_buf_puts(&b, ".\n");
  }
  if (rs->goal) clp_buf_printf(&b, "\ngoal %s.\n", rs->goal->name);
  fputs(clp_buf_str(&b), out);
}
