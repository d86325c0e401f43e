// expect: safe
// the three assume idioms cut off the paths that violate their condition.
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
  if (x <= 0 || y <= 1 || z <= 2) reach_error();
  return 0;
}
