// expect: safe
// contradictory assumptions: no path reaches the error.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 5);
  __VERIFIER_assume(x < 3);
  reach_error();
  return 0;
}
