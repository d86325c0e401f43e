// expect: unsafe
// A user function named assert (no <assert.h>) is translated as written:
// it fails only on arguments above 5, and 7 is one.
// witness: 7
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void assert(int v) { if (v > 5) reach_error(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 7) return 0;
  assert(x);
  return 0;
}
