// expect: unsafe
// a + b of unsigned operands wraps: a = b = 2^31 gives 0, below both.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  unsigned int s = a + b;
  if (s < a && s < b && s == 0) reach_error();
  return 0;
}
