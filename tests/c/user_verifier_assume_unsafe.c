// expect: unsafe
// A user-defined __VERIFIER_assume is translated as written: this one
// assumes nothing, so x = 0 passes it and fails the assertion.
// witness: 0
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int seen;
void __VERIFIER_assume(int c) { seen = c; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  if (x <= 0) reach_error();
  return 0;
}
