// expect: safe
// functions with int parameters and results; calls nested in expressions;
// a void function; parameters are passed by value.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int add(int a, int b) { return a + b; }
int twice(int a) { return add(a, a); }
void bump(int a) { a = a + 1; }
int max3(int a, int b, int c) {
  int m = a;
  if (b > m) m = b;
  if (c > m) m = c;
  return m;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  if (twice(x) != 2 * x) reach_error();
  if (add(twice(x), 1) != 2 * x + 1) reach_error();
  int y = x;
  bump(y);
  if (y != x) reach_error();
  int m = max3(x, 5, -x);
  if (m < 5 || m < x || m < -x) reach_error();
  return 0;
}
