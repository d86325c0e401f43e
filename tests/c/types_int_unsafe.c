// expect: unsafe
// x can be INT_MAX exactly.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 2147483647) reach_error();
  return 0;
}
