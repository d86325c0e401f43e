/* harness.c -- for tests/c-gcc/verify.py: the SV-COMP builtins for gcc runs
 * of tests/c programs.  Nondet values come from a seeded PRNG (env H3_SEED),
 * biased to small and boundary values, or first from env H3_VALUES="v1 v2";
 * the error functions exit 99; a failed assume exits 0 ("pruned"). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static unsigned long long st;
static int inited, calls;
static unsigned long long rnd(void) {
  if (!inited) { const char *s = getenv("H3_SEED"); st = s ? strtoull(s, 0, 10) * 2654435761ULL + 88172645463325252ULL : 1; inited = 1; }
  st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st;
}
static long long pick(long long lo, long long hi) {
  unsigned long long r = rnd() % 10;
  long long v;
  if (r < 5) v = (long long)(rnd() % 41) - 20;
  else if (r < 7) { long long b[6] = {lo, hi, lo + 1, hi - 1, 0, 1}; v = b[rnd() % 6]; }
  else v = lo + (long long)(rnd() % (unsigned long long)(hi - lo + 1));
  if (v < lo) v = lo + (lo - v) % 21;
  if (v > hi) v = hi - (v - hi) % 21;
  return v;
}
/* env H3_VALUES="v1 v2 ...": the first nondet calls return these */
static int from_list(long long *v) {
  static const char *p; static int started;
  if (!started) { p = getenv("H3_VALUES"); started = 1; }
  if (!p) return 0;
  char *end; long long x = strtoll(p, &end, 10);
  if (end == p) { p = 0; return 0; }
  p = end; *v = x; return 1;
}
#define ND(T, N, LO, HI) T N(void) { long long v; if (!from_list(&v)) v = pick(LO, HI); fprintf(stderr, "nondet %s = %lld\n", #N, v); return (T)v; }
ND(int, __VERIFIER_nondet_int, -2147483648LL, 2147483647LL)
ND(unsigned int, __VERIFIER_nondet_uint, 0, 4294967295LL)
ND(_Bool, __VERIFIER_nondet_bool, 0, 1)
ND(char, __VERIFIER_nondet_char, -128, 127)
ND(unsigned char, __VERIFIER_nondet_uchar, 0, 255)
ND(short, __VERIFIER_nondet_short, -32768, 32767)
ND(unsigned short, __VERIFIER_nondet_ushort, 0, 65535)
ND(long, __VERIFIER_nondet_long, -2147483648LL, 2147483647LL)       /* ILP32 */
ND(unsigned long, __VERIFIER_nondet_ulong, 0, 4294967295LL)        /* ILP32 */
/* unknown()/nd(): loop conditions mostly; stop after 60 calls */
int unknown(void) { if (++calls > 60) return 0; int v = (int)pick(-3, 3); fprintf(stderr, "nondet unknown = %d\n", v); return v; }
int nd(void) { return unknown(); }
static void err(const char *w) { fprintf(stderr, "ERROR REACHED (%s)\n", w); fflush(stderr); _exit(99); }
static void prune(void) { fprintf(stderr, "PRUNED\n"); fflush(stderr); _exit(0); }
__attribute__((weak)) void reach_error(void) { err("reach_error"); }
void __VERIFIER_error(void) { err("__VERIFIER_error"); }
void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) { (void)a; (void)f; (void)l; (void)fn; err("__assert_fail"); }
__attribute__((weak)) void __VERIFIER_assert(int c) { if (!c) err("__VERIFIER_assert"); }
__attribute__((weak)) void (assert)(int c) { if (!c) err("assert"); }
/* weak: a program's own definition is the one car translates (docs/c.md) */
__attribute__((weak)) void assume(int c) { if (!c) prune(); }
__attribute__((weak)) void __VERIFIER_assume(int c) { if (!c) prune(); }
__attribute__((weak)) void assume_abort_if_not(int c) { if (!c) prune(); }
