// expect: unsafe
// the error needs a 64-bit unsigned input beyond 2^63: the violation
// witness states it as an unsigned constant (ULL), --cex in 0..2^64-1
extern void reach_error(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
int main(void) {
  unsigned long long y = __VERIFIER_nondet_ulonglong();
  if (y == 18446744073709551611ULL) reach_error();
  return 0;
}
