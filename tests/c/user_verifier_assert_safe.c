// expect: safe
// A user-defined __VERIFIER_assert whose body never calls an error
// function: no call of it can fail, whatever the argument (the built-in
// one would fail on both calls below).
extern int __VERIFIER_nondet_int(void);
int failed;
void __VERIFIER_assert(int cond) {
  if (!cond) failed++;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assert(x > 0);
  __VERIFIER_assert(0);
  return 0;
}
