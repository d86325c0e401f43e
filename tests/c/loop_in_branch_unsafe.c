// expect: unsafe
// a loop inside an if: x = 6 passes the if and fails x > 6
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5) {
    int i = 0;
    while (i < 10) i++;
    __VERIFIER_assert(x > 6);
  }
  return 0;
}
