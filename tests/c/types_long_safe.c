// expect: safe
// long and unsigned long: holds on both ILP32 and LP64 (no width-dependent
// arithmetic); nondet long is a signed value, nondet ulong non-negative.
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);
int main(void) {
  long a = __VERIFIER_nondet_long();
  unsigned long b = __VERIFIER_nondet_ulong();
  if (a < -2147483647 - 1) return 0;
  if (a > 1000000 || a < -1000000) return 0;
  long c = a * 2 - a;
  if (c != a) reach_error();
  if (b < 0) reach_error();
  return 0;
}
