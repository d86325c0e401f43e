// expect: safe
// mutual recursion: is_even(n) + is_odd(n) == 1 for n >= 0; is_even(6).
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
  if (is_even(6) != 1) reach_error();
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int e = is_even(n);
  if (e != 0 && e != 1) reach_error();
  return 0;
}
