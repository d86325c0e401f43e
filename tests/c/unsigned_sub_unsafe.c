// expect: unsafe
// a - b of unsigned operands is never negative: it wraps (a = 0, b = 1
// gives 4294967295 > 10).  With mathematical integers this would be safe.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  if (a > 10 || b > 10) return 0;
  unsigned int d = a - b;
  if (d > 10) reach_error();
  return 0;
}
