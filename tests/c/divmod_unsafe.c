// expect: unsafe
// x % 3 is negative for negative x not divisible by 3 (x = -1: -1).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -10 || x > 10) return 0;
  if (x % 3 < 0) reach_error();
  return 0;
}
