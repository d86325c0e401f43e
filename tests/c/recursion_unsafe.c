// expect: unsafe
// sum(n) > n fails for n = 0 and n = 1.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  if (sum(n) <= n) reach_error();
  return 0;
}
