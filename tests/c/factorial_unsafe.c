// expect: unsafe
// fact(n) == 120 for n = 5.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int fact(int n) {
  if (n <= 1) return 1;
  return n * fact(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) return 0;
  if (fact(n) == 120) reach_error();
  return 0;
}
