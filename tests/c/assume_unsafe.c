// expect: unsafe
// witness: 1 2 3
// the assumptions allow x = 1, y = 2, z = 3.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void assume_abort_if_not(int);
extern void reach_error(void);
void assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int z = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  assume_abort_if_not(y > x);
  assume(z > y && z < 1000);
  if (z == 3) reach_error();
  return 0;
}
