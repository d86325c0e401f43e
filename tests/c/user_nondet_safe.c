// expect: safe
// A program's own definition of __VERIFIER_nondet_int is translated as
// written (gcc runs it): this one always returns 5.
extern void reach_error(void);
int __VERIFIER_nondet_int(void) { return 5; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x != 5) reach_error();
  return 0;
}
