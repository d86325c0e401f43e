// expect: unsafe
// x <= 0 falls through to x = 0 and jumps to ERROR.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) goto L;
  x = 0;
L:
  if (x <= 0) goto ERROR;
  return 0;
ERROR:
  reach_error();
  return 1;
}
