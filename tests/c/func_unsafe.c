// expect: unsafe
// max3(x, 5, -x) == 5 for -5 <= x <= 5.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int max3(int a, int b, int c) {
  int m = a;
  if (b > m) m = b;
  if (c > m) m = c;
  return m;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  if (max3(x, 5, -x) == 5) reach_error();
  return 0;
}
