/* c_expr.c -- C expressions to terms: integer types and their wrapping,
 * C division, the bitwise operators that are exactly expressible, side
 * effects (assignments, calls) as block items, and the SV-COMP builtins. */
#include <stdio.h>
#include <string.h>

#include "frontend/c/c_trans.h"

#define TWO32 ((int64_t)1 << 32)

static const clp_term *num(int64_t k) { return clp_num(k); }

bool ct_unsigned(c_base b) { return c_type_unsigned(b) && b != C_BOOL; }

static c_base promote(c_base b) { return c_type_promote(b); }
static c_base usual(c_base a, c_base b) { return c_type_usual(a, b); }
static void range(c_base b, int64_t *lo, int64_t *hi) { c_type_range(b, lo, hi); }

/* Does every value (representation) of type a fit in type b? */
static bool fits(c_base a, c_base b) {
  int64_t la, ha, lb, hb;
  range(a, &la, &ha);
  range(b, &lb, &hb);
  return lb <= la && ha <= hb;
}

/* v + k * 2^64 (k = 1 or -1) with int64 constants only: the sum is built
 * from 2^63 - 1 twice plus 2 (or -2^63 twice); when the constants cannot be
 * merged the term stays unnormalised, still exact (clp/arith.c). */
static const clp_term *plus_2_64(const clp_term *v, int k) {
  if (k > 0)
    return clp_add(clp_add(clp_add(v, num(INT64_MAX)), num(INT64_MAX)), num(2));
  return clp_add(clp_add(v, num(INT64_MIN)), num(INT64_MIN));
}

/* The 2^64 constant as a term. */
static const clp_term *two_64(void) { return plus_2_64(num(0), 1); }

static const clp_term *wrap(const clp_term *v, int64_t lo, int64_t hi) {
  if (v->op == CLP_NUM && v->num >= lo && v->num <= hi) return v;
  if (lo == INT64_MIN) { /* 64 bits: ((v + 2^63) mod 2^64) - 2^63 */
    const clp_term *m = clp_mod(clp_add(clp_add(v, num(INT64_MAX)), num(1)),
                                two_64());
    return clp_add(m, num(INT64_MIN));
  }
  int64_t m = hi - lo + 1;
  return clp_add(clp_mod(clp_sub(v, num(lo)), num(m)), num(lo));
}

/* (v) mod 2^32 for v = a + b (up) or a - b, -a (down) with a, b unsigned
 * values.  Every unsigned-typed term of the translation lies in [0, 2^32)
 * (nondet values, parameters and array reads are ranged, every store
 * converts), so v is off by at most one 2^32 and one linear case split is
 * exact: Spacer interpolates through it, not through mod. */
static const clp_term *wrap_once(const clp_term *v, bool up) {
  if (v->op == CLP_NUM) return wrap(v, 0, TWO32 - 1);
  if (up) return clp_ite(clp_le(v, num(TWO32 - 1)), v, clp_sub(v, num(TWO32)));
  return clp_ite(clp_le(num(0), v), v, clp_add(v, num(TWO32)));
}

/* The same for 64-bit unsigned values in their int64 representation: v is
 * a sum or difference of two of them, so in (-2^64, 2^64). */
static const clp_term *wrap_once64(const clp_term *v) {
  if (v->op == CLP_NUM) return v;
  return clp_ite(clp_le(v, num(INT64_MAX)),
                 clp_ite(clp_le(num(INT64_MIN), v), v, plus_2_64(v, 1)),
                 plus_2_64(v, -1));
}

/* The mathematical value in [0, 2^64) of a 64-bit unsigned representation,
 * and back. */
static const clp_term *u64_val(const clp_term *v) {
  if (v->op == CLP_NUM && v->num >= 0) return v;
  return clp_ite(clp_le(num(0), v), v, plus_2_64(v, 1));
}
static const clp_term *u64_rep(const clp_term *v) {
  if (v->op == CLP_NUM) return v;
  return clp_ite(clp_le(v, num(INT64_MAX)), v, plus_2_64(v, -1));
}

const clp_term *ct_conv(const clp_term *v, c_base from, c_base to) {
  if (to == C_VOID) return v;
  if (to == C_BOOL) {
    if (from == C_BOOL) return v;
    if (v->op == CLP_NUM) return num(v->num != 0);
    return clp_ite(clp_eq(v, num(0)), num(0), num(1));
  }
  if (v->op == CLP_NUM) return num(c_type_conv_const(v->num, to));
  /* 64-bit targets: the representation of every value is its bits */
  if (c_type_bits(to) == 64 || fits(from, to)) return v;
  int64_t lo, hi;
  range(to, &lo, &hi);
  return wrap(v, lo, hi);
}

const clp_formula *ct_in_range(const clp_term *v, c_base ty, clp_pos p) {
  int64_t lo, hi;
  range(ty, &lo, &hi);
  return clp_f_and2(clp_f_lit(clp_le(num(lo), v), false, p),
                    clp_f_lit(clp_le(v, num(hi)), false, p));
}

const clp_sort *ct_sort_of(const c_type *t) {
  const clp_sort *i = clp_sort_int();
  if (t->ndims == 0) return i;
  if (t->ndims == 1) return clp_sort_array(i, i);
  return clp_sort_array(i, clp_sort_array(i, i));
}

const clp_term *ct_nondet(ct_fn *fn, ct_blk *b, c_base ty, const char *show,
                          clp_pos p) {
  const clp_term *v = ct_fresh(fn->cx, "nondet", clp_sort_int());
  int64_t lo, hi;
  range(ty, &lo, &hi);
  ct_push_lit(b, clp_le(num(lo), v), p);
  ct_push_lit(b, clp_le(v, num(hi)), p);
  c_srcmap_def(fn->cx->map, v, p, show, 0, NULL, v, c_type_u64(ty));
  return v;
}

bool ct_const(const c_expr *e, int64_t *v) {
  int64_t a, b;
  switch (e->kind) {
  case C_E_NUM: case C_E_SIZEOF: *v = e->num; return true;
  case C_E_CAST:
    if (!ct_const(e->kids[0], v)) return false;
    *v = c_type_conv_const(*v, e->cast.base);
    return true;
  case C_E_UNARY:
    if (!ct_const(e->kids[0], &a)) return false;
    if (!strcmp(e->op, "-")) *v = -a;
    else if (!strcmp(e->op, "+")) *v = a;
    else if (!strcmp(e->op, "!")) *v = !a;
    else if (!strcmp(e->op, "~")) *v = ~a;
    else return false;
    return true;
  case C_E_BINARY:
    if (!ct_const(e->kids[0], &a) || !ct_const(e->kids[1], &b)) return false;
    if (a < -(TWO32) || a > TWO32 || b < -(TWO32) || b > TWO32) return false;
    switch (e->op[0]) {
    case '+': *v = a + b; return true;
    case '-': *v = a - b; return true;
    case '*': *v = e->op[1] ? 0 : a * b; return !e->op[1];
    case '/': if (!b) return false; *v = a / b; return true;
    case '%': if (!b) return false; *v = a % b; return true;
    default: return false;
    }
  default: return false;
  }
}

/* ------------------------------------------------------------ static types */

/* __VERIFIER_nondet_*, unknown*, nondet*, nd, nd_*, nd<digits> */
bool ct_is_nondet_name(const char *n) {
  if (!strncmp(n, "__VERIFIER_nondet_", 18) || !strncmp(n, "unknown", 7) ||
      !strncmp(n, "nondet", 6) || !strncmp(n, "nd_", 3))
    return true;
  if (strncmp(n, "nd", 2)) return false;
  for (n += 2; *n; n++)
    if (*n < '0' || *n > '9') return false;
  return true;
}

bool ct_is_error_name(const char *n) {
  return !strcmp(n, "reach_error") || !strcmp(n, "__VERIFIER_error") ||
         !strcmp(n, "__assert_fail") || !strcmp(n, "__assert_rtn") ||
         !strcmp(n, "__assert");
}

/* The type of __VERIFIER_nondet_<suffix>; false if not an integer type. */
bool ct_nondet_suffix(const char *s, c_base *b) {
  static const struct { const char *s; c_base b; } tab[] = {
      {"int", C_INT},          {"uint", C_UINT},       {"unsigned", C_UINT},
      {"unsigned_int", C_UINT}, {"bool", C_BOOL},      {"_Bool", C_BOOL},
      {"char", C_CHAR},        {"uchar", C_UCHAR},     {"unsigned_char", C_UCHAR},
      {"short", C_SHORT},      {"ushort", C_USHORT},   {"unsigned_short", C_USHORT},
      {"long", C_LONG},        {"ulong", C_ULONG},     {"unsigned_long", C_ULONG},
      {"longlong", C_LLONG},   {"ulonglong", C_ULLONG},
      {"long_long", C_LLONG},  {"unsigned_long_long", C_ULLONG},
      {"s8", C_CHAR},          {"u8", C_UCHAR},        {"s16", C_SHORT},
      {"u16", C_USHORT},       {"s32", C_INT},         {"u32", C_UINT},
      {"s64", C_LLONG},        {"u64", C_ULLONG},      {"size_t", C_ULONG},
      {"ssize_t", C_LONG},     {"loff_t", C_LLONG},    {"sector_t", C_ULLONG}};
  for (size_t i = 0; i < sizeof tab / sizeof *tab; i++)
    if (!strcmp(s, tab[i].s)) { *b = tab[i].b; return true; }
  return false;
}

static c_base call_type(ct_fn *fn, const c_expr *e) {
  c_base b;
  ct_finfo *g = ct_func(fn->cx, e->name);
  if (g) return g->f->ret.base;
  if (!strncmp(e->name, "__VERIFIER_nondet_", 18) &&
      ct_nondet_suffix(e->name + 18, &b))
    return b;
  const c_func *f = ct_proto(fn->cx, e->name);
  return f ? f->ret.base : C_INT;
}

static const ct_slot *root_slot(ct_fn *fn, const c_expr *e) {
  while (e->kind == C_E_INDEX) e = e->kids[0];
  if (e->kind != C_E_VAR) return NULL;
  int k = ct_lookup(fn, e->name);
  return k < 0 ? NULL : &fn->slots[k];
}

static bool is_cmp(const char *op) {
  return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") ||
         !strcmp(op, ">=") || !strcmp(op, "==") || !strcmp(op, "!=") ||
         !strcmp(op, "&&") || !strcmp(op, "||");
}

static c_base etype(ct_fn *fn, const c_expr *e) {
  switch (e->kind) {
  case C_E_NUM: case C_E_SIZEOF: return promote(e->ntype);
  case C_E_VAR: case C_E_INDEX: {
    const ct_slot *s = root_slot(fn, e);
    return s ? promote(s->type.base) : C_INT;
  }
  case C_E_CALL: return promote(call_type(fn, e));
  case C_E_UNARY:
    return !strcmp(e->op, "!") ? C_INT : promote(etype(fn, e->kids[0]));
  case C_E_BINARY:
    if (is_cmp(e->op)) return C_INT;
    if (!strcmp(e->op, "<<") || !strcmp(e->op, ">>"))
      return promote(etype(fn, e->kids[0]));
    return usual(etype(fn, e->kids[0]), etype(fn, e->kids[1]));
  case C_E_ASSIGN: case C_E_INCDEC: return etype(fn, e->kids[0]);
  case C_E_COND: return usual(etype(fn, e->kids[1]), etype(fn, e->kids[2]));
  case C_E_CAST: return promote(e->cast.base);
  case C_E_COMMA: return etype(fn, e->kids[1]);
  case C_E_STMT: break; /* never here: lowered or rejected by the parser */
  }
  return C_INT;
}

/* Values 0/1 only (conditions): bitwise operators on them are logical. */
static bool boolish(ct_fn *fn, const c_expr *e) {
  if (e->kind == C_E_BINARY && is_cmp(e->op)) return true;
  if (e->kind == C_E_UNARY && !strcmp(e->op, "!")) return true;
  if (e->kind == C_E_BINARY && strchr("&|^", e->op[0]) && !e->op[1])
    return boolish(fn, e->kids[0]) && boolish(fn, e->kids[1]);
  if (e->kind == C_E_NUM) return e->num == 0 || e->num == 1;
  if (e->kind == C_E_CAST) return e->cast.base == C_BOOL;
  if (e->kind == C_E_VAR || e->kind == C_E_INDEX) {
    const ct_slot *s = root_slot(fn, e);
    return s && s->type.base == C_BOOL;
  }
  return false;
}

/* A divisor that is a nonzero constant: a literal, optionally negated,
 * optionally cast (ct_const's value of these is 0 exactly when C's is). */
static bool nonzero_divisor(const c_expr *d) {
  const c_expr *k = d->kind == C_E_CAST ? d->kids[0] : d;
  if (k->kind == C_E_UNARY && (!strcmp(k->op, "-") || !strcmp(k->op, "+")))
    k = k->kids[0];
  int64_t v;
  return k->kind == C_E_NUM && !k->str && ct_const(d, &v) && v != 0;
}

/* No side effects: evaluating it where C would not is harmless (a
 * division whose divisor may be 0 ends the path when it is: not pure). */
static bool pure(ct_fn *fn, const c_expr *e) {
  if (e->kind == C_E_ASSIGN || e->kind == C_E_INCDEC) return false;
  if (e->kind == C_E_BINARY && (!strcmp(e->op, "/") || !strcmp(e->op, "%")) &&
      !nonzero_divisor(e->kids[1]))
    return false;
  if (e->kind == C_E_CALL &&
      !(ct_is_nondet_name(e->name) && !ct_func(fn->cx, e->name)))
    return false;
  for (int i = 0; i < e->n; i++)
    if (!pure(fn, e->kids[i])) return false;
  return true;
}

/* ----------------------------------------------------------------- values */

static ct_val val(const clp_term *t, c_base ty) { return (ct_val){t, ty}; }
static const clp_term *b2i(const clp_term *c) {
  return clp_ite(c, num(1), num(0));
}
static const clp_term *nz(const clp_term *v) {
  return clp_not(clp_eq(v, num(0)));
}

static ct_val assign(ct_fn *fn, ct_blk *b, const c_expr *lv, ct_val v,
                     clp_pos p);

const clp_term *ct_divmod(const clp_term *a, const clp_term *d, bool mod,
                          bool nonneg) {
  if (nonneg) return mod ? clp_mod(a, d) : clp_div(a, d);
  const clp_term *z = num(0);
  const clp_term *pa = clp_le(z, a), *pd = clp_le(z, d);
  const clp_term *aa = clp_ite(pa, a, clp_neg(a));
  const clp_term *ad = d->op == CLP_NUM ? num(d->num < 0 ? -d->num : d->num)
                                        : clp_ite(pd, d, clp_neg(d));
  if (mod) {
    const clp_term *m = clp_mod(aa, ad);
    return clp_ite(pa, m, clp_neg(m));
  }
  const clp_term *q = clp_div(aa, ad);
  const clp_term *same = d->op == CLP_NUM ? (d->num > 0 ? pa : clp_not(pa))
                                          : clp_eq(pa, clp_lt(z, d));
  return clp_ite(same, q, clp_neg(q));
}

static bool pow2m1(int64_t c, int *k) {
  for (int i = 0; i <= 62; i++)
    if (c == ((int64_t)1 << i) - 1) { *k = i; return true; }
  return false;
}

/* Both operands constant: the exact C result in type t, or false when C
 * leaves it undefined or it is not folded here (the caller then builds the
 * term).  Signed + - * are left to the term (mathematical integers). */
static bool fold(const char *op, c_base t, int64_t x, int64_t y, int64_t *r) {
  bool u = c_type_unsigned(t);
  int w = c_type_bits(t);
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y, m = w == 64 ? ~(uint64_t)0
                                                           : ((uint64_t)1 << w) - 1;
  switch (op[0]) {
  case '+': if (!u) return false; *r = (int64_t)((ux + uy) & m); break;
  case '-': if (!u) return false; *r = (int64_t)((ux - uy) & m); break;
  case '*': if (!u) return false; *r = (int64_t)((ux * uy) & m); break;
  case '/': case '%':
    if (y == 0) return false;
    if (u && w == 64) *r = (int64_t)(op[0] == '/' ? ux / uy : ux % uy);
    else if (x == INT64_MIN && y == -1) return false;
    else *r = op[0] == '/' ? x / y : x % y;
    return true;
  case '&': *r = x & y; return true;
  case '|': *r = x | y; return true;
  case '^': *r = x ^ y; return true;
  default: return false;
  }
  *r = c_type_conv_const(*r, t);
  return true;
}

/* a << k and a >> k for the constant k (checked: 0 <= k < width of t). */
static const clp_term *shift(const char *op, c_base t, const clp_term *a,
                             int k) {
  bool u64 = c_type_u64(t), u = ct_unsigned(t);
  if (op[0] == '<') {
    if (k == 63) { /* only the lowest bit survives, as the sign bit */
      const clp_term *odd = clp_eq(clp_mod(a, num(2)), num(1));
      return u64 ? clp_ite(odd, num(INT64_MIN), num(0))
                 : clp_mul(num(INT64_MIN), clp_neg(a)); /* a * 2^63 */
    }
    const clp_term *r = clp_mul(num((int64_t)1 << k), a);
    if (u64) return wrap(r, INT64_MIN, INT64_MAX);
    if (u) return wrap(r, 0, TWO32 - 1);
    return r; /* signed: overflow is undefined */
  }
  if (k == 0) return a;
  if (k == 63 && !u64) /* floor(a / 2^63) of an int64: -1 or 0 */
    return clp_ite(clp_le(num(0), a), num(0), num(-1));
  const clp_term *d = clp_div(a, num((int64_t)1 << (k == 63 ? 62 : k)));
  if (k == 63) d = clp_div(d, num(2));
  if (!u64) return d; /* arithmetic shift: floor, as gcc */
  /* logical shift of a negative representation: + 2^64 / 2^k */
  const clp_term *p = num((int64_t)1 << (63 - k));
  return clp_ite(clp_le(num(0), a), d, clp_add(clp_add(d, p), p));
}

static ct_val arith(ct_fn *fn, ct_blk *b, const char *op, const c_expr *x,
                    const c_expr *y, ct_val a, ct_val c, clp_pos p) {
  c_base t = usual(a.ty, c.ty);
  bool is_shift = !strcmp(op, "<<") || !strcmp(op, ">>");
  if (is_shift) t = promote(a.ty);
  bool u = ct_unsigned(t), u64 = c_type_u64(t);
  const clp_term *l = ct_conv(a.t, a.ty, t), *r = ct_conv(c.t, c.ty, t);
  if (is_shift) {
    r = c.t;
    if (r->op != CLP_NUM || r->num < 0 || r->num >= c_type_bits(t)) {
      ct_unsup(fn->cx, p, r->op == CLP_NUM
               ? "shift by a negative amount or by the width of '%s' or more"
               : "shift by a non-constant amount (of '%s')",
               c_type_name_of(t));
      return val(num(0), t);
    }
    if (l->op == CLP_NUM && (op[0] == '>' || u)) {
      uint64_t m = c_type_bits(t) == 64 ? ~(uint64_t)0
                                        : ((uint64_t)1 << c_type_bits(t)) - 1;
      int64_t v = op[0] == '<' ? (int64_t)(((uint64_t)l->num << r->num) & m)
                  : u ? (int64_t)(((uint64_t)l->num & m) >> r->num)
                      : (l->num >> r->num); /* gcc: arithmetic */
      return val(num(c_type_conv_const(v, t)), t);
    }
    return val(shift(op, t, l, (int)r->num), t);
  }
  int64_t k;
  if (l->op == CLP_NUM && r->op == CLP_NUM && fold(op, t, l->num, r->num, &k))
    return val(num(k), t);
  const clp_term *res = NULL;
  if (!strcmp(op, "+")) res = clp_add(l, r);
  else if (!strcmp(op, "-")) res = clp_sub(l, r);
  else if (!strcmp(op, "*")) res = clp_mul(l, r);
  else if (!strcmp(op, "/") || !strcmp(op, "%")) {
    /* division by zero traps (SIGFPE, as gcc's code on x86): the path
       ends there, no error (docs/c.md) */
    if (r->op != CLP_NUM) ct_push_lit(b, clp_not(clp_eq(r, num(0))), p);
    else if (r->num == 0) ct_push(b, clp_f_false(), p);
    if (u64) /* on the values in [0, 2^64), the result back to its bits */
      return val(u64_rep(ct_divmod(u64_val(l), u64_val(r), op[0] == '%', true)), t);
    res = ct_divmod(l, r, op[0] == '%', u);
    return val(res, t);
  } else {
    /* & | ^ */
    if (boolish(fn, x) && boolish(fn, y)) {
      const clp_term *bl = nz(l), *br = nz(r), *ks[2] = {bl, br};
      return val(b2i(op[0] == '&' ? clp_and(2, ks)
                     : op[0] == '|' ? clp_or(2, ks)
                                    : clp_not(clp_eq(bl, br))),
                 t); /* 0 or 1, of the operands' common type */
    } else {
      const clp_term *cst = l->op == CLP_NUM ? l : r->op == CLP_NUM ? r : NULL;
      const clp_term *oth = cst == l ? r : l;
      int kk;
      if (cst && cst->num == 0)
        return val(op[0] == '&' ? num(0) : oth, t);
      else if (cst && op[0] == '&' && pow2m1(cst->num, &kk) && kk < c_type_bits(t))
        return val(clp_mod(oth, num((int64_t)1 << kk)), t);
      else if (cst && op[0] == '&' && cst->num == INT64_MAX &&
               c_type_bits(t) == 64) /* clear the top bit: + 2^63 if set */
        return val(clp_ite(clp_le(num(0), oth), oth,
                           clp_add(clp_add(oth, num(INT64_MAX)), num(1))), t);
      else if (cst && op[0] == '&' && cst->num == c_type_conv_const(-1, t))
        return val(oth, t); /* all ones */
      else {
        ct_unsup(fn->cx, p, "bitwise operator '%s'", op);
        return val(num(0), t);
      }
    }
  }
  bool addsub = (op[0] == '+' || op[0] == '-') && !op[1];
  if (u64) res = addsub ? wrap_once64(res) : wrap(res, INT64_MIN, INT64_MAX);
  else if (u && addsub) res = wrap_once(res, op[0] == '+');
  else if (u) res = wrap(res, 0, TWO32 - 1);
  return val(res, t);
}

/* l < r on 64-bit unsigned representations: the sign bit is the top bit */
static const clp_term *ult64(const clp_term *l, const clp_term *r) {
  const clp_term *lp = clp_le(num(0), l), *rn = clp_not(clp_le(num(0), r));
  const clp_term *k1[2] = {lp, rn}, *k2[2] = {lp, rn};
  const clp_term *big = clp_and(2, k1);              /* l < 2^63 <= r */
  const clp_term *same = clp_or(2, k2);              /* not (r < 2^63 <= l) */
  const clp_term *k3[2] = {same, clp_lt(l, r)};
  const clp_term *k4[2] = {big, clp_and(2, k3)};
  return clp_or(2, k4);
}

static const clp_term *compare(const char *op, ct_val a, ct_val c) {
  c_base t = usual(a.ty, c.ty);
  const clp_term *l = ct_conv(a.t, a.ty, t), *r = ct_conv(c.t, c.ty, t);
  if (c_type_u64(t) && op[0] != '=' && op[0] != '!') {
    if (!strcmp(op, "<")) return ult64(l, r);
    if (!strcmp(op, "<=")) return clp_not(ult64(r, l));
    if (!strcmp(op, ">")) return ult64(r, l);
    return clp_not(ult64(l, r));
  }
  if (!strcmp(op, "<")) return clp_lt(l, r);
  if (!strcmp(op, "<=")) return clp_le(l, r);
  if (!strcmp(op, ">")) return clp_gt(l, r);
  if (!strcmp(op, ">=")) return clp_ge(l, r);
  if (!strcmp(op, "==")) return clp_eq(l, r);
  return clp_not(clp_eq(l, r));
}

/* a && b / a || b with side effects in b: a branch (C's short circuit). */
static const clp_term *shortcut(ct_fn *fn, ct_blk *b, const c_expr *e) {
  bool and = !strcmp(e->op, "&&");
  const clp_term *c0 = ct_cond(fn, b, e->kids[0]);
  if (pure(fn, e->kids[1])) {
    const clp_term *k[2] = {c0, NULL};
    k[1] = ct_cond(fn, b, e->kids[1]);
    return and ? clp_and(2, k) : clp_or(2, k);
  }
  const clp_term *tmp = ct_fresh(fn->cx, and ? "and" : "or", clp_sort_int());
  ct_blk *ev = ct_blk_new(fn, b->env), *sh = ct_blk_new(fn, b->env);
  const clp_term *c1 = ct_cond(fn, ev, e->kids[1]);
  ct_push_lit(ev, clp_eq(tmp, b2i(c1)), e->pos);
  ct_push_lit(sh, clp_eq(tmp, num(and ? 0 : 1)), e->pos);
  if (and) ct_join(fn, b, c0, ev, sh, e->pos);
  else ct_join(fn, b, c0, sh, ev, e->pos);
  return clp_eq(tmp, num(1));
}

const clp_term *ct_cond(ct_fn *fn, ct_blk *b, const c_expr *e) {
  if (e->kind == C_E_BINARY && is_cmp(e->op)) {
    if (e->op[0] == '&' || e->op[0] == '|') return shortcut(fn, b, e);
    ct_val a = ct_rvalue(fn, b, e->kids[0]);
    ct_val c = ct_rvalue(fn, b, e->kids[1]);
    return compare(e->op, a, c);
  }
  if (e->kind == C_E_UNARY && !strcmp(e->op, "!"))
    return clp_not(ct_cond(fn, b, e->kids[0]));
  if (e->kind == C_E_NUM) return clp_bool(e->num != 0);
  return nz(ct_rvalue(fn, b, e).t);
}

static ct_val cond_expr(ct_fn *fn, ct_blk *b, const c_expr *e) {
  c_base t = usual(etype(fn, e->kids[1]), etype(fn, e->kids[2]));
  const clp_term *c = ct_cond(fn, b, e->kids[0]);
  if (pure(fn, e->kids[1]) && pure(fn, e->kids[2])) {
    ct_val x = ct_rvalue(fn, b, e->kids[1]), y = ct_rvalue(fn, b, e->kids[2]);
    return val(clp_ite(c, ct_conv(x.t, x.ty, t), ct_conv(y.t, y.ty, t)), t);
  }
  const clp_term *tmp = ct_fresh(fn->cx, "cond", clp_sort_int());
  ct_blk *bt = ct_blk_new(fn, b->env), *be = ct_blk_new(fn, b->env);
  ct_val x = ct_rvalue(fn, bt, e->kids[1]);
  ct_push_lit(bt, clp_eq(tmp, ct_conv(x.t, x.ty, t)), e->pos);
  ct_val y = ct_rvalue(fn, be, e->kids[2]);
  ct_push_lit(be, clp_eq(tmp, ct_conv(y.t, y.ty, t)), e->pos);
  ct_join(fn, b, c, bt, be, e->pos);
  return val(tmp, t);
}

/* The array slot and index terms of an lvalue/rvalue a[i] or a[i][j]. */
static int index_of(ct_fn *fn, ct_blk *b, const c_expr *e,
                    const clp_term **idx) {
  const c_expr *ks[3];
  int n = 0;
  while (e->kind == C_E_INDEX && n < 3) { ks[n++] = e->kids[1]; e = e->kids[0]; }
  if (e->kind != C_E_VAR) {
    ct_unsup(fn->cx, e->pos, "indexing a non-variable");
    return -1;
  }
  int k = ct_lookup(fn, e->name);
  if (k < 0) {
    ct_error(fn->cx, e->pos, "unknown variable '%s'", e->name);
    return -1;
  }
  if (fn->slots[k].type.ndims != n) {
    ct_unsup(fn->cx, e->pos, "'%s' indexed with %d subscripts",
             e->name, n);
    return -1;
  }
  for (int i = n - 1; i >= 0; i--) {
    ct_val v = ct_rvalue(fn, b, ks[i]);
    idx[n - 1 - i] = v.t; /* the index's own value, of any integer type (a
                             64-bit unsigned one >= 2^63 is out of bounds) */
  }
  return k;
}

ct_val ct_rvalue(ct_fn *fn, ct_blk *b, const c_expr *e) {
  ct_ctx *cx = fn->cx;
  switch (e->kind) {
  case C_E_NUM: case C_E_SIZEOF:
    return val(num(e->num), promote(e->ntype));
  case C_E_VAR: {
    int k = ct_lookup(fn, e->name);
    if (k < 0) {
      ct_error(cx, e->pos, "unknown variable '%s'", e->name);
      return val(num(0), C_INT);
    }
    if (fn->slots[k].type.ndims) {
      ct_unsup(cx, e->pos, "array '%s' used as a value", e->name);
      return val(num(0), C_INT);
    }
    return val(b->env[k], promote(fn->slots[k].type.base));
  }
  case C_E_INDEX: {
    const clp_term *idx[2];
    int k = index_of(fn, b, e, idx);
    if (k < 0) return val(num(0), C_INT);
    const clp_term *t = b->env[k];
    for (int i = 0; i < fn->slots[k].type.ndims; i++) t = clp_select(t, idx[i]);
    if (fn->slots[k].rdrange) { /* every element is always in range */
      int64_t lo, hi;
      range(fn->slots[k].type.base, &lo, &hi);
      ct_push_lit(b, clp_le(num(lo), t), e->pos);
      ct_push_lit(b, clp_le(t, num(hi)), e->pos);
    }
    return val(t, promote(fn->slots[k].type.base));
  }
  case C_E_CALL: return ct_call(fn, b, e, true);
  case C_E_UNARY: {
    if (!strcmp(e->op, "!")) return val(b2i(ct_cond(fn, b, e)), C_INT);
    ct_val a = ct_rvalue(fn, b, e->kids[0]);
    c_base t = promote(a.ty);
    if (!strcmp(e->op, "+")) return val(a.t, t);
    if (!strcmp(e->op, "-")) {
      if (a.t->op == CLP_NUM) /* -x of an unsigned constant wraps */
        return val(num(c_type_conv_const((int64_t)(0 - (uint64_t)a.t->num), t)), t);
      if (c_type_u64(t)) /* only -2^63 wraps, to itself */
        return val(clp_ite(clp_eq(a.t, num(INT64_MIN)), a.t, clp_neg(a.t)), t);
      return val(ct_unsigned(t) ? wrap_once(clp_neg(a.t), false)
                                : clp_neg(a.t), t);
    }
    /* ~a = -1 - a (in the representation of every type but unsigned int
       and unsigned long of ILP32, where it is 2^32 - 1 - a) */
    return val(clp_sub(num(ct_unsigned(t) && !c_type_u64(t) ? TWO32 - 1 : -1),
                       a.t), t);
  }
  case C_E_BINARY: {
    if (is_cmp(e->op)) return val(b2i(ct_cond(fn, b, e)), C_INT);
    ct_val a = ct_rvalue(fn, b, e->kids[0]);
    ct_val c = ct_rvalue(fn, b, e->kids[1]);
    return arith(fn, b, e->op, e->kids[0], e->kids[1], a, c, e->pos);
  }
  case C_E_ASSIGN: {
    const c_expr *lv = e->kids[0];
    if (!strcmp(e->op, "=")) return assign(fn, b, lv, ct_rvalue(fn, b, e->kids[1]), e->pos);
    /* compound: lv op= rhs (the lvalue's index evaluated twice: indices
       with side effects are rejected) */
    if (!pure(fn, lv)) {
      ct_unsup(cx, e->pos, "side effect in a compound assignment target");
      return val(num(0), C_INT);
    }
    char op[4] = {0};
    size_t n = strlen(e->op) - 1;
    memcpy(op, e->op, n < 3 ? n : 3);
    ct_val a = ct_rvalue(fn, b, lv);
    ct_val c = ct_rvalue(fn, b, e->kids[1]);
    return assign(fn, b, lv, arith(fn, b, op, lv, e->kids[1], a, c, e->pos), e->pos);
  }
  case C_E_INCDEC: {
    const c_expr *lv = e->kids[0];
    if (!pure(fn, lv)) {
      ct_unsup(cx, e->pos, "side effect in an increment target");
      return val(num(0), C_INT);
    }
    ct_val a = ct_rvalue(fn, b, lv);
    ct_val one = val(num(1), C_INT);
    ct_val r = arith(fn, b, e->op[0] == '+' ? "+" : "-", lv, NULL, a, one, e->pos);
    ct_val nv = assign(fn, b, lv, r, e->pos);
    return e->prefix ? nv : a;
  }
  case C_E_COND: return cond_expr(fn, b, e);
  case C_E_CAST: {
    ct_val a = ct_rvalue(fn, b, e->kids[0]);
    if (e->cast.ndims) {
      ct_unsup(cx, e->pos, "cast to an array type");
      return a;
    }
    return val(ct_conv(a.t, a.ty, e->cast.base), promote(e->cast.base));
  }
  case C_E_COMMA:
    ct_effect(fn, b, e->kids[0]);
    return ct_rvalue(fn, b, e->kids[1]);
  case C_E_STMT: break; /* never here: lowered or rejected by the parser */
  }
  return val(num(0), C_INT);
}

void ct_effect(ct_fn *fn, ct_blk *b, const c_expr *e) {
  if (e->kind == C_E_CALL) { ct_call(fn, b, e, false); return; }
  if (e->kind == C_E_CAST && e->cast.base == C_VOID) {
    ct_effect(fn, b, e->kids[0]);
    return;
  }
  if (e->kind == C_E_COMMA) {
    ct_effect(fn, b, e->kids[0]);
    ct_effect(fn, b, e->kids[1]);
    return;
  }
  if (pure(fn, e)) return;   /* no effect: not even evaluated */
  ct_rvalue(fn, b, e);
}

/* ------------------------------------------------------------ assignments */

void ct_assign_slot(ct_fn *fn, ct_blk *b, int k, const clp_term *v,
                    c_base from, clp_pos p) {
  const ct_slot *s = &fn->slots[k];
  const clp_term *x = ct_fresh(fn->cx, s->name, s->sort);
  const clp_term *cv = ct_conv(v, from, s->type.base);
  ct_push_lit(b, clp_eq(x, cv), p);
  b->env[k] = x;
  c_srcmap_def(fn->cx->map, x, p, s->cname, 0, NULL, x,
               c_type_u64(s->type.base));
}

static ct_val assign(ct_fn *fn, ct_blk *b, const c_expr *lv, ct_val v,
                     clp_pos p) {
  if (lv->kind == C_E_VAR) {
    int k = ct_lookup(fn, lv->name);
    if (k < 0 || fn->slots[k].type.ndims) {
      if (k < 0) ct_error(fn->cx, lv->pos, "unknown variable '%s'", lv->name);
      else ct_unsup(fn->cx, lv->pos, "assignment to array '%s'", lv->name);
      return v;
    }
    ct_assign_slot(fn, b, k, v.t, v.ty, p);
    return val(b->env[k], promote(fn->slots[k].type.base));
  }
  if (lv->kind != C_E_INDEX) {
    ct_unsup(fn->cx, lv->pos, "assignment target");
    return v;
  }
  const clp_term *idx[2];
  int k = index_of(fn, b, lv, idx);
  if (k < 0) return v;
  const ct_slot *s = &fn->slots[k];
  const clp_term *cv = ct_conv(v.t, v.ty, s->type.base);
  const clp_term *a = b->env[k], *na;
  if (s->type.ndims == 1) na = clp_store(a, idx[0], cv);
  else na = clp_store(a, idx[0], clp_store(clp_select(a, idx[0]), idx[1], cv));
  const clp_term *x = ct_fresh(fn->cx, s->name, s->sort);
  ct_push_lit(b, clp_eq(x, na), p);
  b->env[k] = x;
  c_srcmap_def(fn->cx->map, x, p, s->cname, s->type.ndims, idx, cv,
               c_type_u64(s->type.base));
  return val(cv, promote(s->type.base));
}
