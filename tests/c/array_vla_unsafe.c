// expect: unsafe
// n == 1: a[n - 1] is a[0], overwritten by 4.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  a[n - 1] = 3;
  a[0] = 4;
  if (a[n - 1] != 3) reach_error();
  return 0;
}
