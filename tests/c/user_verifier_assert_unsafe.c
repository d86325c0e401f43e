// expect: unsafe
// A user-defined __VERIFIER_assert is translated as written (docs/c.md):
// this one calls reach_error() on a TRUE argument, so the true assertion
// below reaches the error.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "user_verifier_assert_unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (cond) reach_error();
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  __VERIFIER_assert(x >= 0);
  return 0;
}
