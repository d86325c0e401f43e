// expect: unsafe
// main returns early only for x > 0; x <= 0 reaches the error.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  for (int i = 0; i < 3; i++) {
    if (x > 0) return 0;
  }
  reach_error();
  return 1;
}
