// expect: safe
// x and y count down together: x - y = i - j holds throughout, found by
// Houdini's x + y vs w + v template (jm2006 of loop-lit).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || j < 0) return 0;
  int x = i, y = j;
  while (x != 0) {
    x--;
    y--;
  }
  if (i == j && y != 0) reach_error();
  return 0;
}
