// expect: safe
// forward goto skips the assignment; both paths reach L with x > 0.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) goto L;
  x = 1;
L:
  if (x <= 0) goto ERROR;
  return 0;
ERROR:
  reach_error();
  return 1;
}
