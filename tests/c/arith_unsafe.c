// expect: unsafe
// x + y > x fails for y <= 0.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000 || y < -1000 || y > 1000) return 0;
  if (x + y <= x) reach_error();
  return 0;
}
