// expect: safe
// long long and unsigned long long are 64 bits (issue 13, class 1): sizes,
// arithmetic, comparisons with the usual arithmetic conversions, wrap of
// unsigned long long at 2^64, truncation and sign extension, shifts,
// compound assignment, ++/--, parameters and results.
extern void reach_error(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void check(int c) { if (!c) reach_error(); }

unsigned long long twice(unsigned long long x) { return x + x; }
long long widen(int x) { return x; }
int narrow(long long x) { return x; }

int main(void) {
  check(sizeof(long long) == 8 && sizeof(unsigned long long) == 8);
  check(sizeof(int) == 4 && sizeof 1LL == 8 && sizeof 4294967296 == 8);
  unsigned long long x = 4294967295ULL;
  x++;
  check(x == 4294967296ULL);
  long long ll = -1;
  unsigned u = 1;
  check(!(ll > u));               /* long long holds every unsigned int */
  check((unsigned long long)ll > u);
  unsigned long long m = 0;
  m--;                            /* wraps to 2^64 - 1 */
  check(m == 18446744073709551615ULL && m + 1 == 0 && m > 0);
  check(-m == 1 && ~m == 0);
  check((m >> 63) == 1 && (1ULL << 63) > 9223372036854775807ULL);
  check((int)4294967297LL == 1 && (unsigned)-1LL == 4294967295u);
  check((long long)(unsigned)-1 == 4294967295LL);   /* zero extension */
  check((unsigned long long)(int)-2 == 18446744073709551614ULL); /* sign ext. */
  check((short)65537LL == 1 && (signed char)255ULL == -1);

  long long a = __VERIFIER_nondet_longlong();
  unsigned long long b = __VERIFIER_nondet_ulonglong();
  int i = __VERIFIER_nondet_int();
  unsigned ui = __VERIFIER_nondet_uint();
  if (a > 1000000 || a < -1000000) return 0;
  long long p = a * 3000000;      /* no overflow in 64 bits */
  check(p / 3000000 == a);
  check(widen(i) == i && narrow(widen(i)) == i);
  check(narrow(a + 4294967296LL) == (int)a);
  unsigned long long c = b + 1;
  check(c > b || b == 18446744073709551615ULL);
  check(c - 1 == b);
  check(twice(b) == 2 * b && twice(b) / 2 == (b & 9223372036854775807ULL));
  check(b >= 0 && (b <= 9223372036854775807ULL || (long long)b < 0));
  unsigned long long d = ui;       /* unsigned int -> 64 bits: no wrap */
  d += ui;
  check(d == 2ULL * ui && d >= ui);
  check(i < 0 ? (unsigned long long)i > 4294967295ULL : (unsigned long long)i == ui + 0ULL - ui + i);
  long long e = i;
  e *= 1048576;
  check(e >> 20 == i && (e & 1048575) == 0);
  unsigned long long f = b;
  f >>= 32;
  check(f <= 4294967295ULL && (unsigned)(b >> 32) == f);
  check(b % 4294967296ULL == (unsigned)b);
  long long h = ui;
  h <<= 31;
  check(h >> 31 == ui && h >= 0);
  unsigned long long k = b << 1;
  check((k >> 1) == (b & 9223372036854775807ULL));
  check((b << 63) == ((b & 1) ? 9223372036854775808ULL : 0));
  long long g = a;
  g--; g -= 5; ++g; g += 5;
  check(g == a);
  return 0;
}
