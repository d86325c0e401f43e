// expect: safe
// options: --data-model=LP64
// LP64: long and unsigned long are 64 bits, so is size_t; long holds every
// unsigned int (a signed comparison), unsigned long wraps at 2^64.
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern unsigned long __VERIFIER_nondet_size_t(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void check(int c) { if (!c) reach_error(); }

long add(long a, unsigned b) { return a + b; }

int main(void) {
  check(sizeof(long) == 8 && sizeof(unsigned long) == 8 && sizeof(int *) == 8);
  check(sizeof(sizeof(int)) == 8 && sizeof(2147483648) == 8);
  check(-1L < 1u && -1L < 4294967295u);
  check(-1 < 4294967296);            /* long */
  unsigned long ul = 4294967295UL;
  ul++;
  check(ul == 4294967296UL);
  ul = 0;
  ul--;
  check(ul == 18446744073709551615UL && ul + 1 == 0);
  long l = __VERIFIER_nondet_long();
  unsigned u = __VERIFIER_nondet_uint();
  if (l < -4294967296L || l > 4294967296L) return 0;
  check(add(l, u) == l + u && add(l, u) - u == l);
  check(l * 1000000 / 1000000 == l);
  unsigned long x = __VERIFIER_nondet_ulong();
  check(x + 1 > x || x == 18446744073709551615UL);
  unsigned long n = __VERIFIER_nondet_size_t();
  check(n <= 18446744073709551615UL && (int)n == (int)(unsigned)n);
  return 0;
}
