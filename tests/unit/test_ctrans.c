/* test_ctrans.c -- the C translation (frontend/c_trans*.c, c_expr.c):
 * C division and conversions evaluated against the C compiler's own
 * arithmetic, and small units translated to rule sets of the expected
 * shape (relations, arities), unsupported constructs rejected. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/c/c_trans.h"
#include "frontend/fe.h"
#include "check.h"

static int64_t eval2(const clp_term *t, const clp_term *x, int64_t xv,
                     const clp_term *y, int64_t yv, bool *ok) {
  clp_env *e = clp_env_new();
  clp_env_set(e, x, clp_v_int(xv));
  clp_env_set(e, y, clp_v_int(yv));
  const clp_value *v = clp_eval(t, e);
  *ok = v && v->kind == CLP_V_INT;
  return *ok ? v->i : 0;
}

/* a / d and a % d as C computes them, symbolic and constant divisors,
 * negative operands included. */
static void test_divmod(void) {
  const clp_term *a = clp_var("a", clp_sort_int());
  const clp_term *d = clp_var("d", clp_sort_int());
  int bad = 0;
  for (int x = -9; x <= 9; x++)
    for (int y = -4; y <= 4; y++) {
      if (!y) continue;
      bool ok1, ok2, ok3, ok4;
      int64_t q = eval2(ct_divmod(a, d, false, false), a, x, d, y, &ok1);
      int64_t r = eval2(ct_divmod(a, d, true, false), a, x, d, y, &ok2);
      int64_t qc = eval2(ct_divmod(a, clp_num(y), false, false), a, x, d, y, &ok3);
      int64_t rc = eval2(ct_divmod(a, clp_num(y), true, false), a, x, d, y, &ok4);
      if (!ok1 || !ok2 || !ok3 || !ok4 || q != x / y || r != x % y ||
          qc != x / y || rc != x % y) {
        if (bad++ < 5)
          fprintf(stderr, "divmod %d, %d: %lld %lld %lld %lld\n", x, y,
                  (long long)q, (long long)r, (long long)qc, (long long)rc);
      }
    }
  CHECK(bad == 0);
  bool ok;
  CHECK(eval2(ct_divmod(a, d, false, true), a, 7, d, 2, &ok) == 3 && ok);
  CHECK(eval2(ct_divmod(a, d, true, true), a, 7, d, 2, &ok) == 1 && ok);
}

/* Conversions agree with C's casts (gcc: wrap modulo 2^bits). */
static void test_conv(void) {
  const clp_term *x = clp_var("x", clp_sort_int());
  int64_t vals[] = {-70000, -32769, -32768, -129, -128, -1, 0, 1, 127, 128,
                    255, 256, 32767, 32768, 65535, 65536, 2147483647,
                    2147483648LL, 4294967295LL};
  int bad = 0;
  for (size_t i = 0; i < sizeof vals / sizeof *vals; i++) {
    int64_t v = vals[i];
    bool ok;
    int64_t uc = eval2(ct_conv(x, C_INT, C_UCHAR), x, v, x, v, &ok);
    bad += !ok || uc != (unsigned char)v;
    int64_t sc = eval2(ct_conv(x, C_INT, C_CHAR), x, v, x, v, &ok);
    bad += !ok || sc != (signed char)v;
    int64_t ss = eval2(ct_conv(x, C_INT, C_SHORT), x, v, x, v, &ok);
    bad += !ok || ss != (short)v;
    int64_t us = eval2(ct_conv(x, C_INT, C_USHORT), x, v, x, v, &ok);
    bad += !ok || us != (unsigned short)v;
    int64_t ui = eval2(ct_conv(x, C_INT, C_UINT), x, v, x, v, &ok);
    bad += !ok || ui != (uint32_t)v;
    int64_t b = eval2(ct_conv(x, C_INT, C_BOOL), x, v, x, v, &ok);
    bad += !ok || b != (v != 0);
    if (v >= 0 && v <= 4294967295LL) { /* unsigned to int */
      int64_t si = eval2(ct_conv(x, C_UINT, C_INT), x, v, x, v, &ok);
      bad += !ok || si != (int32_t)(uint32_t)v;
    }
  }
  CHECK(bad == 0);
}

static clp_rs *tr(const char *text) {
  c_unit *u = c_parse_string("t.c", text, strlen(text), NULL);
  return u ? c_translate(u, NULL) : NULL;
}

static const clp_rel *rel(const clp_rs *rs, const char *name) {
  return rs ? clp_rs_find(rs, name) : NULL;
}

static void test_shapes(void) {
  clp_rs *rs = tr("int g; int f(int a) { g = g + a; return a * 2; }\n"
                  "int main(void) { int i = 0; while (i < 10) { i = f(i); }\n"
                  "  __VERIFIER_assert(g >= 0); return 0; }\n");
  CHECK(rs != NULL);
  CHECK(rs && rs->back != NULL && rs->back->cex_lines != NULL);
  CHECK_STR(rs && rs->goal ? rs->goal->name : NULL, "ERROR");
  const clp_rel *r = rel(rs, "E_f");
  CHECK(r && r->arity == 2);          /* a, g */
  r = rel(rs, "T_f");
  CHECK(r && r->arity == 4);          /* a, g, g', ret */
  r = rel(rs, "E_main$loop1");
  CHECK(r && r->arity == 2);          /* g, i */
  r = rel(rs, "T_main$loop1");
  CHECK(r && r->arity == 4);          /* g, i, g', i' */
  CHECK(rel(rs, "E_main") && rel(rs, "E_main")->arity == 1);
  /* unreached functions get no relations */
  rs = tr("int h(int x) { return x; } int main(void) { return 0; }\n");
  CHECK(rs && !rel(rs, "E_h") && rel(rs, "E_main"));
  /* a loop with return and break: mode and value formals */
  rs = tr("int f(int n) { while (1) { if (n > 3) return n; if (n < 0) break;"
          " n++; } return 0; }\n int main(void) { f(1); return 0; }\n");
  r = rel(rs, "T_f$loop1");
  CHECK(r && r->arity == 4);          /* n, n', mode, ret */
}

/* --c-loops=forward: one loop-head relation I over (f's in-state, the state
 * at the head); no E/T loop pair. */
static void test_forward(void) {
  clp_rs *rs = tr("int g; int main(void) { int i = 0; while (i < 10) i++;\n"
                  "  __VERIFIER_assert(i == 10); return 0; }\n");
  CHECK(rs != NULL);
  const clp_rel *r = rel(rs, "I_main$loop1");
  CHECK(r && r->arity == 3);          /* g (in), g, i (at the head) */
  CHECK(!rel(rs, "E_main$loop1") && !rel(rs, "T_main$loop1"));
}

static void test_rejects(void) {
  CHECK(tr("int main(void) { int x = __VERIFIER_nondet_int(); return x & 6; }\n") == NULL);
  CHECK(tr("int main(void) { int x = 1; int k = __VERIFIER_nondet_int();"
           " return x << k; }\n") == NULL);
  CHECK(tr("int main(void) { L: ; goto L; }\n") == NULL);
  CHECK(tr("int f(void); int main(void) { return f(); }\n") == NULL);
  /* a goto into a block inside a loop body: rejected, never dropped */
  CHECK(tr("int main(void) { int i = 0; while (i < 9) { if (i) goto E;"
           " else { E: i++; } } return 0; }\n") == NULL);
  /* forward gotos out of nested blocks and loops: accepted */
  CHECK(tr("int main(void) { int i = 0; while (i < 9) { if (i == 5) goto E;"
           " i++; } E: return i; }\n") != NULL);
  CHECK(tr("int f(int a[]) { return a[0]; } int main(void) { int b[2];"
           " return f(b); }\n") == NULL);
  /* accepted: x & 7 (= x mod 8), x >> 2, boolean & */
  CHECK(tr("int main(void) { int x = __VERIFIER_nondet_int();"
           " int y = (x & 7) + (x >> 2) + ((x > 0) & (x < 9)); return y; }\n") != NULL);
}

int main(void) {
  GC_INIT();
  fe_c_set_forward_loops(false); /* --c-loops=summary: E/T loop relations */
  test_divmod();
  test_conv();
  test_shapes();
  fe_c_set_forward_loops(true);  /* the default: a forward invariant */
  test_forward();
  test_rejects();
  return check_done("test_ctrans");
}
