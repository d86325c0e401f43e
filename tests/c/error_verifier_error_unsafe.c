// expect: unsafe
// __VERIFIER_error() is the error (old SV-COMP style); x = 3 reaches it.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) { ERROR: __VERIFIER_error(); }
  return 0;
}
