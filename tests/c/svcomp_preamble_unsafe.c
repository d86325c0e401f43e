// expect: unsafe
// The SV-COMP preamble as in svcomp_preamble_safe.c; x != y after the first
// iteration (y is not incremented).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_preamble_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void) __attribute__((__nothrow__));
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
int main() {
  int x = __VERIFIER_nondet_int();
  int y = x;
  int i = 0;
  while (__VERIFIER_nondet_int() && i < 10) {
    if (x >= 1000000) break;
    x++;
    i++;
  }
  __VERIFIER_assert(x == y);
  return 0;
}
