// expect: safe
// a loop inside an if: the path to the loop (x > 5) must stay part of the
// loop's context (a forward loop invariant that forgot it made x free
// after the loop and answered unsafe: regression test)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5) {
    int i = 0;
    while (i < 10) i++;
    __VERIFIER_assert(x > 5);
  }
  return 0;
}
