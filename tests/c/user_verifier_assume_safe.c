// expect: safe
// A user-defined __VERIFIER_assume that ends the path with abort() when
// its argument is false: the assertion after it holds.
extern void reach_error(void);
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int c) { if (!c) abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  if (x <= 0) reach_error();
  return 0;
}
