// expect: unsafe
// max(x, y) == x is not > x.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int m = x > y ? x : y;
  if (m <= x) reach_error();
  return 0;
}
