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
  char *end; long long x;
  while (*p == ' ') p++;
  if (*p == '-') x = strtoll(p, &end, 10);
  else x = (long long)strtoull(p, &end, 10); /* 64-bit unsigned: its bits */
  if (end == p) { p = 0; return 0; }
  p = end; *v = x; return 1;
}
#define ND(T, N, LO, HI) __attribute__((weak)) T N(void) { long long v; if (!from_list(&v)) v = pick(LO, HI); fprintf(stderr, "nondet %s = %lld\n", #N, v); return (T)v; }
ND(int, __VERIFIER_nondet_int, -2147483648LL, 2147483647LL)
ND(unsigned int, __VERIFIER_nondet_uint, 0, 4294967295LL)
ND(_Bool, __VERIFIER_nondet_bool, 0, 1)
ND(char, __VERIFIER_nondet_char, -128, 127)
ND(unsigned char, __VERIFIER_nondet_uchar, 0, 255)
ND(short, __VERIFIER_nondet_short, -32768, 32767)
ND(unsigned short, __VERIFIER_nondet_ushort, 0, 65535)
/* 64-bit values: small ones of either sign, and those near 2^32, 2^63
 * and 2^64 (as bits), or any */
static long long pick64(void) {
  unsigned long long r = rnd() % 10, d = rnd() % 41;
  if (r < 4) return (long long)d - 20;
  if (r < 6) return (long long)((1ULL << 32) + d - 20);
  if (r < 8) return (long long)((1ULL << 63) + d - 20);
  return (long long)rnd();
}
/* H3_LP64=1 (a test with `// options: --data-model=LP64'): long is 64
 * bits, as gcc's; otherwise its values stay in the ILP32 range */
static int lp64(void) { const char *s = getenv("H3_LP64"); return s && *s == '1'; }
#define ND64(T, N, IS64, LO, HI) T N(void) { long long v; if (!from_list(&v)) v = (IS64) ? pick64() : pick(LO, HI); fprintf(stderr, "nondet %s = %lld\n", #N, v); return (T)v; }
ND64(long, __VERIFIER_nondet_long, lp64(), -2147483648LL, 2147483647LL)
ND64(unsigned long, __VERIFIER_nondet_ulong, lp64(), 0, 4294967295LL)
ND64(unsigned long, __VERIFIER_nondet_size_t, lp64(), 0, 4294967295LL)
ND64(long long, __VERIFIER_nondet_longlong, 1, 0, 0)
ND64(unsigned long long, __VERIFIER_nondet_ulonglong, 1, 0, 0)
ND(unsigned int, __VERIFIER_nondet_unsigned, 0, 4294967295LL)
ND(unsigned int, __VERIFIER_nondet_u32, 0, 4294967295LL)
ND(unsigned short, __VERIFIER_nondet_u16, 0, 65535)
ND(unsigned char, __VERIFIER_nondet_u8, 0, 255)
ND(_Bool, __VERIFIER_nondet__Bool, 0, 1)
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
