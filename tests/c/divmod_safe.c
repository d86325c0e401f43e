// expect: safe
// C division truncates toward zero: x / 3 * 3 + x % 3 == x, and x % 3 has
// the sign of x (under floor division, x = -1 would give x % 3 == 2).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  if (-7 / 2 != -3 || -7 % 2 != -1) reach_error();
  if (7 / -2 != -3 || 7 % -2 != 1) reach_error();
  if (-7 / -2 != 3 || -7 % -2 != -1) reach_error();
  int x = __VERIFIER_nondet_int();
  if (x < -100 || x > 100) return 0;
  int q = x / 3;
  int r = x % 3;
  if (q * 3 + r != x) reach_error();
  if (x >= 0 && (r < 0 || r > 2)) reach_error();
  if (x < 0 && (r > 0 || r < -2)) reach_error();
  if (x < 0 && q * 3 < x) reach_error();
  unsigned int u = 4294967295u;
  if (u / 2 != 2147483647u || u % 10 != 5) reach_error();
  return 0;
}
