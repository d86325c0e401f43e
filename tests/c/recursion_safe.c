// expect: safe
// linear recursion: sum(n) = n + sum(n - 1) >= n for n >= 0 (invariant of
// the transfer relation: r >= n && r >= 0).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int r = sum(n);
  if (r < n) reach_error();
  return 0;
}
