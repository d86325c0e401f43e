/* c_inv.c -- the certified invariants of a translated C unit read back
 * over the program's names: each relation's formals mapped to the C
 * variables they hold (recorded by c_trans.c: ct_note_rel), the formulas
 * printed as C expressions.  `--invariant` prints every relation that way;
 * the loop-head invariants of the forward loop relations are what a
 * correctness witness states (c_witness.c). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/c/c_trans.h"
#include "frontend/fe.h"

/* ------------------------------------------------------------ C printing */

typedef struct printer {
  int n;                     /* the relation's formals and their C text */
  const clp_term **formals;
  const char **name;         /* NULL: no C name */
  bool exact;                /* witness mode: long long arithmetic, only
                                what C evaluates exactly like the model */
  bool failed;               /* the term could not be printed */
} printer;

/* Witness mode keeps numbers small enough that no long long operation
 * overflows on values of 32-bit variables. */
#define EXACT_COEF ((int64_t)1 << 20)
#define EXACT_CONST ((int64_t)1 << 52)

static const char *term(printer *p, const clp_term *t);
static const char *compare(printer *p, const clp_term *t, const char *op);
static const char *bare(const char *s);
static const char *bare_term(printer *p, const clp_term *t) { return bare(term(p, t)); }

static const char *num_str(printer *p, int64_t k, bool coef) {
  if (p->exact && (k > (coef ? EXACT_COEF : EXACT_CONST) ||
                   k < -(coef ? EXACT_COEF : EXACT_CONST)))
    p->failed = true;
  if (p->exact) return ct_fmt("%" PRId64 "LL", k);
  return ct_fmt("%" PRId64, k);
}

static const char *var_str(printer *p, const clp_term *v) {
  for (int i = 0; i < p->n; i++)
    if (p->formals[i] == v) {
      if (!p->name[i]) break;
      return p->exact ? ct_fmt("(long long)%s", p->name[i]) : p->name[i];
    }
  p->failed = true;
  return v->name;
}

static const char *join(printer *p, const clp_term *t, const char *op) {
  const char *s = NULL;
  for (int i = 0; i < t->n; i++) {
    const char *k = term(p, t->kids[i]);
    s = s ? ct_fmt("%s %s %s", s, op, k) : k;
  }
  return ct_fmt("(%s)", s ? s : "1");
}

/* A product k*x (k a number) as "k*x", "x" or "-x". */
static const char *summand(printer *p, const clp_term *t, bool *neg) {
  *neg = false;
  if (t->op == CLP_MUL && t->kids[0]->op == CLP_NUM) {
    int64_t k = t->kids[0]->num;
    if (k < 0 && k != INT64_MIN) { *neg = true; k = -k; }
    const char *x = term(p, t->kids[1]);
    return k == 1 ? x : ct_fmt("%s*%s", num_str(p, k, true), x);
  }
  if (t->op == CLP_NUM && t->num < 0 && t->num != INT64_MIN) {
    *neg = true;
    return num_str(p, -t->num, false);
  }
  return term(p, t);
}

/* The summands of a linear lhs: kids of an ADD, or the term itself. */
static int summands(const clp_term *t, const clp_term ***out) {
  if (t->op == CLP_ADD) { *out = (const clp_term **)t->kids; return t->n; }
  const clp_term **one = NEW_N(const clp_term *, 1);
  one[0] = t;
  *out = one;
  return 1;
}

static bool negative(const clp_term *t) {
  return (t->op == CLP_MUL && t->kids[0]->op == CLP_NUM && t->kids[0]->num < 0) ||
         (t->op == CLP_NUM && t->num < 0);
}

/* "lin <= k" / "lin == k" (the IR's normal form) with the negative
 * summands moved right: "i <= s", "s == 2*i", "0 <= x". */
static const char *compare(printer *p, const clp_term *t, const char *op) {
  const clp_term *l = t->kids[0], *r = t->kids[1];
  if (r->op != CLP_NUM || r->num == INT64_MIN)
    return ct_fmt("(%s %s %s)", term(p, l), op, term(p, r));
  const clp_term **ks;
  int n = summands(l, &ks);
  const clp_term *lhs = NULL, *rhs = NULL;
  for (int i = 0; i < n; i++) {
    if (negative(ks[i])) rhs = rhs ? clp_add(rhs, clp_neg(ks[i])) : clp_neg(ks[i]);
    else lhs = lhs ? clp_add(lhs, ks[i]) : ks[i];
  }
  int64_t k = r->num;
  if (!lhs && rhs && k != 0) {   /* -x <= k: -k <= x */
    lhs = clp_num(-k);
    k = 0;
  }
  if (!lhs) lhs = clp_num(0);
  if (!rhs) rhs = clp_num(k);
  else if (k != 0) rhs = clp_add(rhs, clp_num(k));
  return ct_fmt("(%s %s %s)", bare_term(p, lhs), op, bare_term(p, rhs));
}

static const char *term(printer *p, const clp_term *t) {
  switch (t->op) {
  case CLP_VAR: return var_str(p, t);
  case CLP_NUM: return num_str(p, t->num, false);
  case CLP_TRUE: return "1";
  case CLP_FALSE: return "0";
  case CLP_ADD: {
    const char *s = NULL;
    for (int j = 0; j < t->n; j++) {
      bool neg;
      /* the constant summand last: "x + 1" */
      int i = t->kids[0]->op == CLP_NUM ? (j + 1) % t->n : j;
      const char *k = summand(p, t->kids[i], &neg);
      if (!s) s = neg ? ct_fmt("-%s", k) : k;
      else s = ct_fmt("%s %s %s", s, neg ? "-" : "+", k);
    }
    return ct_fmt("(%s)", s);
  }
  case CLP_MUL:
    if (t->kids[0]->op != CLP_NUM) {
      if (p->exact) p->failed = true;   /* x*y may overflow */
      return ct_fmt("(%s*%s)", term(p, t->kids[0]), term(p, t->kids[1]));
    }
    if (t->kids[0]->num == -1) return ct_fmt("(-%s)", term(p, t->kids[1]));
    return ct_fmt("(%s*%s)", num_str(p, t->kids[0]->num, true), term(p, t->kids[1]));
  case CLP_DIV:
  case CLP_MOD: {
    /* SMT-LIB's Euclidean div/mod by a nonzero constant k: the remainder
     * is in [0, |k|) whatever the signs */
    const clp_term *d = t->kids[1];
    if (d->op != CLP_NUM || d->num == 0 || d->num == INT64_MIN) {
      if (p->exact) p->failed = true;   /* SMT-LIB's, not C's */
      return ct_fmt("\\%s(%s, %s)", t->op == CLP_DIV ? "div" : "mod",
                    bare_term(p, t->kids[0]), bare_term(p, t->kids[1]));
    }
    const char *a = term(p, t->kids[0]);
    const char *K = num_str(p, d->num < 0 ? -d->num : d->num, true);
    const char *m = ct_fmt("((%s %% %s + %s) %% %s)", a, K, K, K);
    if (t->op == CLP_MOD) return m;
    return ct_fmt("((%s - %s) / %s)", a, m, num_str(p, d->num, true));
  }
  case CLP_STORE:
    if (p->exact) p->failed = true;
    return ct_fmt("{%s \\with [%s] = %s}", term(p, t->kids[0]), term(p, t->kids[1]),
                  term(p, t->kids[2]));
  case CLP_CONST_ARRAY:
    if (p->exact) p->failed = true;
    return ct_fmt("{\\const %s}", term(p, t->kids[0]));
  case CLP_ITE:
    return ct_fmt("(%s ? %s : %s)", term(p, t->kids[0]), term(p, t->kids[1]),
                  term(p, t->kids[2]));
  case CLP_SELECT:
    if (p->exact) p->failed = true;     /* an index out of bounds */
    return ct_fmt("%s[%s]", term(p, t->kids[0]), term(p, t->kids[1]));
  case CLP_EQ:
    if (t->kids[0]->sort->kind == CLP_S_INT) return compare(p, t, "==");
    return ct_fmt("(%s == %s)", term(p, t->kids[0]), term(p, t->kids[1]));
  case CLP_LE: return compare(p, t, "<=");
  case CLP_NOT: return ct_fmt("!%s", term(p, t->kids[0]));
  case CLP_AND: return join(p, t, "&&");
  case CLP_OR: return join(p, t, "||");
  default:
    p->failed = true;
    return "?";
  }
}

/* Drops the outer parentheses of "(...)" when they match each other. */
static const char *bare(const char *s) {
  size_t n = strlen(s);
  if (n < 2 || s[0] != '(' || s[n - 1] != ')') return s;
  int depth = 0;
  for (size_t i = 0; i < n; i++) {
    depth += s[i] == '(';
    depth -= s[i] == ')';
    if (depth == 0 && i < n - 1) return s;
  }
  char *t = NEW_ATOMIC_N(char, n - 1);
  memcpy(t, s + 1, n - 2);
  t[n - 2] = 0;
  return t;
}

/* f as a C expression; in exact mode a literal that cannot be printed
 * exactly is weakened to 1 (f is in negation normal form, so the result
 * is implied by f). */
static const char *formula(printer *p, const clp_formula *f, bool *weakened) {
  switch (f->kind) {
  case CLP_F_TRUE: return "1";
  case CLP_F_FALSE: return "0";
  case CLP_F_LIT: {
    p->failed = false;
    const char *a = bare(term(p, f->atom));
    if (p->failed) {
      *weakened = true;
      p->failed = false;
      return p->exact ? "1" : ct_fmt("%s%s", f->neg ? "!" : "", a);
    }
    return f->neg ? ct_fmt("!(%s)", a) : a;
  }
  case CLP_F_AND:
  case CLP_F_OR: {
    bool and = f->kind == CLP_F_AND;
    const char *s = NULL;
    int nk = 0;
    for (int i = 0; i < f->n; i++) {
      const char *k = formula(p, f->kids[i], weakened);
      if (and && !strcmp(k, "1")) continue;
      if (!and && !strcmp(k, "1")) return "1";
      s = s ? ct_fmt("%s %s %s", s, and ? "&&" : "||", k) : k;
      nk++;
    }
    if (!s) return and ? "1" : "0";
    return nk > 1 ? ct_fmt("(%s)", s) : s;
  }
  default:
    *weakened = true;
    return "1";
  }
}

/* ------------------------------------------------------------- relations */

static const ct_relinfo *info_of(const c_srcmap *m, const clp_rel *r) {
  for (int i = 0; i < c_srcmap_nrels(m); i++)
    if (c_srcmap_rel(m, i)->rel == r) return c_srcmap_rel(m, i);
  return NULL;
}

/* The display names of r's formals for --invariant (every formal named,
 * unnamed ones marked) or, exact, the C names valid at a loop head. */
static const char **names_of(const ct_relinfo *ri, const clp_rel *r, bool exact) {
  const char **nm = NEW_N(const char *, r->arity + 1);
  for (int i = 0; i < r->arity; i++) {
    const char *c = ri ? ri->cname[i] : NULL;
    int k = ri ? ri->fkind[i] : -1;
    if (exact) {
      nm[i] = k == CT_F_STATE && c && !ri->shadowed[i] ? c : NULL;
      continue;
    }
    if (k == CT_F_RET) nm[i] = "\\result";
    else if (k == CT_F_MODE) nm[i] = "\\mode";
    else if (!c) nm[i] = r->formals[i]->name;
    else if (ri->shadowed[i]) nm[i] = ct_fmt("\\shadowed(%s)", c);
    else if (k == CT_F_ENTRY) nm[i] = ct_fmt("\\old(%s)", c);
    else if (k == CT_F_OUT && ri->kind == CT_R_LOOP_SUM) nm[i] = ct_fmt("%s'", c);
    else nm[i] = c;
  }
  return nm;
}

static const char *what(const ct_relinfo *ri) {
  if (!ri) return NULL;
  switch (ri->kind) {
  case CT_R_ERR: return ct_fmt("%s: an error is reachable from a call", ri->func);
  case CT_R_RET: return ct_fmt("%s: returns", ri->func);
  case CT_R_LOOP: return ct_fmt("%s: the loop head at line %d", ri->func, ri->pos.line);
  case CT_R_LOOP_ERR: return ct_fmt("%s: an error is reachable from the loop at line %d",
                                   ri->func, ri->pos.line);
  default: return ct_fmt("%s: the loop at line %d ends (x' after it)", ri->func, ri->pos.line);
  }
}

const char *c_inv_line(const clp_rs *rs, int i, const clp_formula *inv) {
  const c_srcmap *m = c_srcmap_of(rs);
  const clp_rel *r = rs->rels[i];
  const ct_relinfo *ri = m ? info_of(m, r) : NULL;
  printer p = {r->arity, r->formals, names_of(ri, r, false), false, false};
  const char *s = r->name;
  if (r->arity) {
    s = ct_fmt("%s(", s);
    for (int j = 0; j < r->arity; j++) s = ct_fmt("%s%s%s", s, j ? ", " : "", p.name[j]);
    s = ct_fmt("%s)", s);
  }
  bool weak = false;
  s = ct_fmt("%s := %s", s, bare(inv ? formula(&p, inv, &weak) : "1"));
  const char *w = what(ri);
  if (w) s = ct_fmt("%s    /* %s */", s, w);
  for (int j = 0; j < r->arity; j++)
    if (!ri || (!ri->cname[j] && ri->fkind[j] != CT_F_RET && ri->fkind[j] != CT_F_MODE))
      s = ct_fmt("%s  /* %s: no C variable */", s, p.name[j]);
  return s;
}

void c_inv_print(void *FILE_out, const clp_rs *rs, const clp_formula **inv,
                 const clp_term *const *const *ix, const int *nix) {
  (void)ix, (void)nix; /* C invariants name no index variable */
  for (int i = 0; i < rs->nrels; i++)
    fprintf((FILE *)FILE_out, "%s\n", c_inv_line(rs, i, inv ? inv[i] : NULL));
}

/* main's in-state is the initial globals when main is only entered from
 * the goal (ERROR :- E_main(initial values)): the invariant of a loop of
 * main, valid for every in-state, is stated for that one.  Returns the
 * substitution of I's in-state formals by the goal's ground arguments, or
 * NULL. */
static clp_subst *main_entry(const clp_rs *rs, const ct_relinfo *ri) {
  if (strcmp(ri->func, "main") || !rs->goal) return NULL;
  const clp_rel *E = clp_rs_find(rs, "E_main"), *T = clp_rs_find(rs, "T_main");
  const clp_formula *g = rs->goal->body;
  if (!E || !g || g->kind != CLP_F_CALL || g->rel != E) return NULL;
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    if (r != rs->goal && r->body && (clp_f_calls_rel(r->body, E) ||
                                   (T && clp_f_calls_rel(r->body, T))))
      return NULL;
  }
  clp_subst *s = clp_subst_new();
  const clp_rel *I = ri->rel;
  for (int j = 0; j < I->arity && j < g->n && ri->fkind[j] == CT_F_ENTRY; j++) {
    const clp_term **vs = NULL;
    int cap = 0;
    if (clp_term_vars(g->args[j], &vs, 0, &cap) == 0 &&
        g->args[j]->sort == I->formals[j]->sort)
      clp_subst_add(s, I->formals[j], g->args[j]);
  }
  return s;
}

int c_loop_invariants(const clp_rs *rs, const clp_formula **inv,
                         c_loopinv **out) {
  *out = NULL;
  const c_srcmap *m = rs ? c_srcmap_of(rs) : NULL;
  if (!m || !inv) return 0;
  int n = 0;
  c_loopinv *v = NEW_N(c_loopinv, c_srcmap_nrels(m) + 1);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *r = rs->rels[i];
    const ct_relinfo *ri = info_of(m, r);
    if (!ri || ri->kind != CT_R_LOOP || !inv[i]) continue;
    printer p = {r->arity, r->formals, names_of(ri, r, true), true, false};
    bool weak = false;
    clp_subst *s0 = main_entry(rs, ri);
    v[n].pos = ri->pos;
    v[n].func = ri->func;
    v[n].expr = bare(formula(&p, s0 ? clp_f_subst(s0, inv[i]) : inv[i], &weak));
    n++;
  }
  *out = v;
  return n;
}
