// expect: unsafe
// __VERIFIER_assert (a builtin) fails for x == 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > -1000000) {
    int y = x < 0 ? -x : x;
    __VERIFIER_assert(y > 0);
  }
  return 0;
}
