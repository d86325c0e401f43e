// expect: unsafe
// the right operand of || is skipped when x > 5, so c stays 0 then.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int c = 0;
  if (x > 5 || (c = 1)) { }
  if (c == 0) reach_error();
  return 0;
}
