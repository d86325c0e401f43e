// expect: safe
// __VERIFIER_assert used without a definition (a builtin).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > -1000000) {
    int y = x < 0 ? -x : x;
    __VERIFIER_assert(y >= 0);
  }
  return 0;
}
