// expect: unsafe
// the dangling else belongs to the inner if: x = 1 gives s = 0 -- the
// error.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int s = 5;
  if (x > 0)
    if (x > 3) s = 1;
    else s = 0;
  if (s == 0) reach_error();
  return 0;
}
