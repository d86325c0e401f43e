// expect: unsafe
// is_odd(n) == 1 for odd n (n = 1, 3, ...).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int is_odd(int n);
int is_even(int n) {
  if (n == 0) return 1;
  return is_odd(n - 1);
}
int is_odd(int n) {
  if (n == 0) return 0;
  return is_even(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  if (is_odd(n) == 1) reach_error();
  return 0;
}
