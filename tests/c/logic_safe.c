// expect: safe
// comparisons yield 0/1; && and || short-circuit (the side effect in the
// right operand happens only when it is evaluated); ! is == 0.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int b = x < y;
  if (b != 0 && b != 1) reach_error();
  if ((x < y) + (x >= y) != 1) reach_error();
  if ((x == y) != !(x != y)) reach_error();
  if (!x != (x == 0)) reach_error();
  int c = 0;
  if (x > 5 || (c = c + 1)) { }
  if (x > 5 && c != 0) reach_error();
  if (x <= 5 && c != 1) reach_error();
  int d = 0;
  if (x > 5 && (d = 7)) { }
  if (x <= 5 && d != 0) reach_error();
  if (x > 5 && d != 7) reach_error();
  if ((x > 0 && y > 0) && !(x >= 1)) reach_error();
  return 0;
}
