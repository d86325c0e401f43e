// expect: unsafe
// a direct call of __assert_fail is the error.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) __assert_fail("x >= 0", "error_assert_fail_unsafe.c", 9, "main");
  return 0;
}
