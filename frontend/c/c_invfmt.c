/* c_invfmt.c -- invariants as C expressions (c_inv.h): every subterm
 * printed with its C precedence and parenthesised only where C needs it
 * (or where gcc's -Wparentheses would ask: && inside ||, a comparison
 * inside a comparison); negated comparisons turned around ("i <= x", not
 * "!(x <= i - 1)"); quantified conjuncts as ACSL's
 * "\forall int k; lo <= k && k <= hi ==> body". */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "frontend/c/c_inv.h"

/* C's precedence levels (higher binds tighter); ==> and \forall below. */
enum { P_LOW = 0, P_IMPL = 1, P_COND = 3, P_OR = 4, P_AND = 5, P_EQ = 9,
       P_REL = 10, P_ADD = 12, P_MUL = 13, P_UN = 15, P_PRIM = 16 };

typedef struct ex { const char *s; int prec; } ex;

static ex mk(const char *s, int prec) { return (ex){s, prec}; }
/* e's text, in parentheses when it binds less tightly than need. */
static const char *at(ex e, int need) {
  return e.prec >= need ? e.s : ct_fmt("(%s)", e.s);
}

/* Witness mode keeps numbers small enough that no long long operation
 * overflows on values of 32-bit variables. */
#define EXACT_COEF ((int64_t)1 << 20)
#define EXACT_CONST ((int64_t)1 << 52)

static ex term(ci_printer *p, const clp_term *t);

static ex num_ex(ci_printer *p, int64_t k, bool coef) {
  int64_t lim = coef ? EXACT_COEF : EXACT_CONST;
  if (p->exact && (k > lim || k < -lim)) p->failed = true;
  const char *s = ct_fmt("%" PRId64 "%s", k, p->exact ? "LL" : "");
  return mk(s, k < 0 ? P_UN : P_PRIM);
}

static ex var_ex(ci_printer *p, const clp_term *v) {
  for (int i = 0; i < p->n; i++)
    if (p->formals[i] == v) {
      if (!p->name[i]) break;
      return p->exact ? mk(ct_fmt("(long long)%s", p->name[i]), P_UN)
                      : mk(p->name[i], P_PRIM);
    }
  for (int i = 0; i < p->nq; i++)
    if (p->q[i] == v) return mk(p->qname[i], P_PRIM);
  p->failed = true;
  return mk(v->name, P_PRIM);
}

/* A summand k*x of a sum as its absolute value ("k*x", "x"); *neg: k < 0. */
static ex summand(ci_printer *p, const clp_term *t, bool *neg) {
  *neg = false;
  if (t->op == CLP_MUL && t->kids[0]->op == CLP_NUM) {
    int64_t k = t->kids[0]->num;
    if (k < 0 && k != INT64_MIN) { *neg = true; k = -k; }
    ex x = term(p, t->kids[1]);
    if (k == 1) return x;
    return mk(ct_fmt("%s*%s", num_ex(p, k, true).s, at(x, P_UN)), P_MUL);
  }
  if (t->op == CLP_NUM && t->num < 0 && t->num != INT64_MIN) {
    *neg = true;
    return num_ex(p, -t->num, false);
  }
  return term(p, t);
}

static ex sum(ci_printer *p, const clp_term *t) {
  const char *s = NULL;
  for (int j = 0; j < t->n; j++) {
    bool neg;
    /* the constant summand last: "x + 1" */
    int i = t->kids[0]->op == CLP_NUM ? (j + 1) % t->n : j;
    ex k = summand(p, t->kids[i], &neg);
    if (!s) s = neg ? ct_fmt("-%s", at(k, P_MUL)) : at(k, P_ADD);
    else s = ct_fmt("%s %s %s", s, neg ? "-" : "+", at(k, P_MUL));
  }
  return mk(s, P_ADD);
}

static bool negative(const clp_term *t) {
  return (t->op == CLP_MUL && t->kids[0]->op == CLP_NUM && t->kids[0]->num < 0) ||
         (t->op == CLP_NUM && t->num < 0);
}

/* "lin <= k" / "lin == k" (the IR's normal form) with the negative
 * summands moved right: "i <= s", "s == 2*i", "0 <= x". */
static ex compare(ci_printer *p, const clp_term *l, const clp_term *r,
                  const char *op) {
  int prec = op[0] == '<' ? P_REL : P_EQ;
  if (r->op != CLP_NUM || r->num == INT64_MIN || l->sort->kind != CLP_S_INT)
    return mk(ct_fmt("%s %s %s", at(term(p, l), P_REL + 1), op,
                     at(term(p, r), P_REL + 1)), prec);
  const clp_term **ks = (const clp_term **)l->kids;
  int n = l->n;
  if (l->op != CLP_ADD) ks = &l, n = 1;
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
  return mk(ct_fmt("%s %s %s", at(term(p, lhs), P_REL + 1), op,
                   at(term(p, rhs), P_REL + 1)), prec);
}

static ex join(ci_printer *p, const clp_term *t, const char *op) {
  const char *s = NULL;
  for (int i = 0; i < t->n; i++) {
    const char *k = at(term(p, t->kids[i]), P_AND + 1);
    s = s ? ct_fmt("%s %s %s", s, op, k) : k;
  }
  return s ? mk(s, op[0] == '&' ? P_AND : P_OR) : mk(op[0] == '&' ? "1" : "0", P_PRIM);
}

/* SMT-LIB's Euclidean div/mod; by a nonzero constant k as C (the
 * remainder is in [0, |k|) whatever the signs), else \div / \mod. */
static ex divmod(ci_printer *p, const clp_term *t) {
  const clp_term *d = t->kids[1];
  if (d->op != CLP_NUM || d->num == 0 || d->num == INT64_MIN) {
    if (p->exact) p->failed = true;   /* SMT-LIB's, not C's */
    return mk(ct_fmt("\\%s(%s, %s)", t->op == CLP_DIV ? "div" : "mod",
                     term(p, t->kids[0]).s, term(p, t->kids[1]).s), P_PRIM);
  }
  ex a = term(p, t->kids[0]);
  const char *K = num_ex(p, d->num < 0 ? -d->num : d->num, true).s;
  ex m = mk(ct_fmt("(%s %% %s + %s) %% %s", at(a, P_UN), K, K, K), P_MUL);
  if (t->op == CLP_MOD) return m;
  return mk(ct_fmt("(%s - %s) / %s", at(a, P_ADD), at(m, P_MUL),
                   at(num_ex(p, d->num, true), P_UN)), P_MUL);
}

static ex term(ci_printer *p, const clp_term *t) {
  switch (t->op) {
  case CLP_VAR: return var_ex(p, t);
  case CLP_NUM: return num_ex(p, t->num, false);
  case CLP_TRUE: return mk("1", P_PRIM);
  case CLP_FALSE: return mk("0", P_PRIM);
  case CLP_ADD: return sum(p, t);
  case CLP_MUL:
    if (t->kids[0]->op != CLP_NUM) {
      if (p->exact) p->failed = true;   /* x*y may overflow */
      return mk(ct_fmt("%s*%s", at(term(p, t->kids[0]), P_MUL),
                       at(term(p, t->kids[1]), P_UN)), P_MUL);
    }
    if (t->kids[0]->num == -1) return mk(ct_fmt("-%s", at(term(p, t->kids[1]), P_UN)), P_UN);
    return mk(ct_fmt("%s*%s", num_ex(p, t->kids[0]->num, true).s,
                     at(term(p, t->kids[1]), P_UN)), P_MUL);
  case CLP_DIV:
  case CLP_MOD: return divmod(p, t);
  case CLP_STORE:
    if (p->exact) p->failed = true;
    return mk(ct_fmt("{%s \\with [%s] = %s}", term(p, t->kids[0]).s,
                     term(p, t->kids[1]).s, at(term(p, t->kids[2]), P_COND + 1)), P_PRIM);
  case CLP_CONST_ARRAY:
    if (p->exact) p->failed = true;
    return mk(ct_fmt("{\\const %s}", term(p, t->kids[0]).s), P_PRIM);
  case CLP_ITE:
    return mk(ct_fmt("%s ? %s : %s", at(term(p, t->kids[0]), P_COND + 1),
                     at(term(p, t->kids[1]), P_COND + 1),
                     at(term(p, t->kids[2]), P_COND)), P_COND);
  case CLP_SELECT:
    if (p->exact) p->failed = true;     /* an index out of bounds */
    return mk(ct_fmt("%s[%s]", at(term(p, t->kids[0]), P_PRIM), term(p, t->kids[1]).s),
              P_PRIM);
  case CLP_EQ: return compare(p, t->kids[0], t->kids[1], "==");
  case CLP_LE: return compare(p, t->kids[0], t->kids[1], "<=");
  case CLP_NOT: return mk(ct_fmt("!%s", at(term(p, t->kids[0]), P_UN)), P_UN);
  case CLP_AND: return join(p, t, "&&");
  case CLP_OR: return join(p, t, "||");
  default:
    p->failed = true;
    return mk("?", P_PRIM);
  }
}

/* The literal (atom, neg): a negated comparison turned around. */
static ex literal(ci_printer *p, const clp_term *a, bool neg) {
  if (!neg) return term(p, a);
  const clp_term *r = a->op == CLP_LE || a->op == CLP_EQ ? a->kids[1] : NULL;
  if (a->op == CLP_LE && r->op == CLP_NUM && r->num != INT64_MIN &&
      r->num != INT64_MAX)   /* !(l <= k): -l <= -k - 1 */
    return term(p, clp_le(clp_neg(a->kids[0]), clp_num(-r->num - 1)));
  if (a->op == CLP_EQ) return compare(p, a->kids[0], r, "!=");
  return mk(ct_fmt("!%s", at(term(p, a), P_UN)), P_UN);
}

static ex formula(ci_printer *p, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_TRUE: return mk("1", P_PRIM);
  case CLP_F_FALSE: return mk("0", P_PRIM);
  case CLP_F_LIT: return literal(p, f->atom, f->neg);
  case CLP_F_AND:
  case CLP_F_OR: {
    bool and = f->kind == CLP_F_AND;
    const char *s = NULL, *unit = and ? "1" : "0";
    ex last = mk(unit, P_PRIM);
    int nk = 0;
    for (int i = 0; i < f->n; i++) {
      ex k = formula(p, f->kids[i]);
      if (!strcmp(k.s, unit)) continue;
      if (!strcmp(k.s, and ? "0" : "1")) return k;
      const char *ks = at(k, P_AND + 1);
      s = s ? ct_fmt("%s %s %s", s, and ? "&&" : "||", ks) : ks;
      last = k;
      nk++;
    }
    return nk > 1 ? mk(s, and ? P_AND : P_OR) : last;
  }
  default:
    p->failed = true;
    return mk("?", P_PRIM);
  }
}

/* ------------------------------------------------------------ quantifiers */

static bool name_used(const ci_printer *p, const char *s, int upto) {
  for (int i = 0; i < p->n; i++) {
    const char *c = p->name[i];
    if (!c) continue;
    const char *o = strstr(c, "\\old(");
    if (o) c = o + 5;
    size_t k = strlen(s);
    if (!strncmp(c, s, k) && (c[k] == 0 || c[k] == ')')) return true;
  }
  for (int i = 0; i < upto; i++)
    if (!strcmp(p->qname[i], s)) return true;
  return false;
}

/* Names for the index variables q[0..nq): k, j, m, k1, k2, ... unused. */
static void name_index(ci_printer *p, int nq, const clp_term **q) {
  static const char *const base[] = {"k", "j", "m", "l"};
  p->nq = nq, p->q = q;
  p->qname = NEW_N(const char *, nq + 1);
  int next = 0;
  for (int i = 0; i < nq; i++) {
    const char *s;
    do {
      s = next < 4 ? base[next] : ct_fmt("k%d", next - 3);
      next++;
    } while (name_used(p, s, i));
    p->qname[i] = s;
  }
}

/* Of the guards g[0..n), the one lower and the one upper bound of the
 * one index variable k (not in lo or hi) as "lo <= k < hi", *used set;
 * NULL when there are not exactly one of each. */
static const char *chain(ci_printer *p, const clp_formula **g, int n, bool *used) {
  const clp_term *lo = NULL, *hi = NULL, *t, *q = p->q[0];
  int ilo = -1, ihi = -1;
  bool up, dn;
  if (p->nq != 1) return NULL;
  for (int i = 0; i < n; i++) {
    if (!ci_isolate(g[i], q, &t, &up, &dn) || up == dn) continue;
    if (up) { if (hi) return NULL; hi = t, ihi = i; }
    else { if (lo) return NULL; lo = t, ilo = i; }
  }
  if (!lo || !hi) return NULL;
  used[ilo] = used[ihi] = true;
  return ct_fmt("%s <= %s < %s", at(term(p, lo), P_REL + 1), p->qname[0],
                at(term(p, clp_add(hi, clp_num(1))), P_REL + 1));
}

/* The guards g[0..n) joined by &&: the chain "lo <= k < hi" first, else
 * lower bounds "lo <= k" before upper ones "k <= hi"; NULL for none. */
static const char *guards(ci_printer *p, const clp_formula **g, int n) {
  bool *used = NEW_ATOMIC_N(bool, n + 1);
  memset(used, 0, sizeof *used * (size_t)(n + 1));
  const char *s = chain(p, g, n, used), *q = p->qname[0];
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n; i++) {
      if (used[i]) continue;
      const char *l = at(literal(p, g[i]->atom, g[i]->neg), P_AND + 1);
      bool up = !strncmp(l, q, strlen(q)) && l[strlen(q)] == ' ';
      if (up != (pass == 1)) continue;
      s = s ? ct_fmt("%s && %s", s, l) : l;
    }
  return s;
}

/* \forall int k; guards ==> the rest, for the clause f over index vars. */
static ex quantified(ci_printer *p, const ci_item *it) {
  name_index(p, it->nq, it->q);
  const clp_formula *one[1] = {it->f};
  const clp_formula *const *ls = it->f->kind == CLP_F_OR ? it->f->kids : one;
  int n = it->f->kind == CLP_F_OR ? it->f->n : 1, ng = 0;
  const char *b = NULL;
  const clp_formula **gs = NEW_N(const clp_formula *, n + 1);
  for (int i = 0; i < n; i++) {
    if (ls[i]->kind == CLP_F_LIT && ci_guard(ls[i], it->nq, it->q)) {
      gs[ng++] = clp_f_not(ls[i]);
      continue;
    }
    const char *s = at(formula(p, ls[i]), P_AND + 1);
    b = b ? ct_fmt("%s || %s", b, s) : s;
  }
  const char *g = guards(p, gs, ng), *vs = "";
  for (int i = 0; i < it->nq; i++) vs = ct_fmt("%s\\forall int %s; ", vs, p->qname[i]);
  p->nq = 0;
  if (!b) b = "0";
  return mk(g ? ct_fmt("%s%s ==> %s", vs, g, b) : ct_fmt("%s%s", vs, b), P_LOW);
}

const char *ci_items(ci_printer *p, int n, const ci_item *it) {
  const char *s = NULL;
  for (int i = 0; i < n; i++) {
    ex e = it[i].nq ? quantified(p, &it[i]) : formula(p, it[i].f);
    if (!strcmp(e.s, "1")) continue;
    if (!strcmp(e.s, "0")) return "0";
    const char *k = n > 1 ? at(e, P_AND + 1) : e.s;
    s = s ? ct_fmt("%s && %s", s, k) : k;
  }
  return s ? s : "1";
}

const clp_formula *ci_weaken(ci_printer *p, const clp_formula *f) {
  switch (f->kind) {
  case CLP_F_LIT:
    p->failed = false;
    (void)literal(p, f->atom, f->neg);
    return p->failed ? clp_f_true() : f;
  case CLP_F_AND:
  case CLP_F_OR: {
    const clp_formula **k = NEW_N(const clp_formula *, f->n + 1);
    for (int i = 0; i < f->n; i++) {
      k[i] = ci_weaken(p, f->kids[i]);
      if (f->kind == CLP_F_OR && k[i]->kind == CLP_F_TRUE) return k[i];
    }
    return f->kind == CLP_F_AND ? clp_f_and(f->n, k, f->pos) : clp_f_or(f->n, k, f->pos);
  }
  case CLP_F_TRUE:
  case CLP_F_FALSE: return f;
  default: return clp_f_true();
  }
}
