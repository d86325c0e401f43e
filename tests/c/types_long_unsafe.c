// expect: unsafe
// unsigned long 0 is possible.
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long __VERIFIER_nondet_long(void);
extern void reach_error(void);
int main(void) {
  long a = __VERIFIER_nondet_long();
  unsigned long b = __VERIFIER_nondet_ulong();
  if (a < 0 && b == 0) reach_error();
  return 0;
}
