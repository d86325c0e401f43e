// expect: safe
// + - * and unary minus on bounded ints (no overflow).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000 || y < -1000 || y > 1000) return 0;
  int s = x + y;
  int d = x - y;
  if (s + d != 2 * x) reach_error();
  if (-(x - y) != y - x) reach_error();
  if (3 * x - x != x + x) reach_error();
  if (+x != x) reach_error();
  return 0;
}
