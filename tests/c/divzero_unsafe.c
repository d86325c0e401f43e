// expect: unsafe
// Division by zero ends the path only where the division is evaluated:
// with y = 0, `y == 0 || x / y > 3` is true without dividing
// (companion of divzero_safe.c).
// witness: 7 0
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y == 0 || x / y > 3) {
    if (y == 0) reach_error();
  }
  return 0;
}
