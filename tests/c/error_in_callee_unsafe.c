// expect: unsafe
// the error is reached inside a called function (E_check through E_main).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void check(int v) {
  if (v == 7) reach_error();
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  check(x + 1);
  return 0;
}
