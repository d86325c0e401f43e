// expect: unsafe
// A program's own definition of __VERIFIER_nondet_int is translated as
// written (gcc runs it): this one returns its call count, 1 then 2.
extern void reach_error(void);
int calls;
int __VERIFIER_nondet_int(void) { calls++; return calls; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x == 1 && y == 2) reach_error();
  return 0;
}
