// expect: safe
// The SV-COMP preamble: extern prototypes with pointer parameters and
// __attribute__((...)), reach_error() calling __assert_fail with string
// literals, __VERIFIER_assert defined in the program with an ERROR label.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_preamble_safe.c", 3, "reach_error"); }
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
  while (__VERIFIER_nondet_int()) {
    if (x >= 1000000) break;
    x++;
    y++;
  }
  __VERIFIER_assert(x == y);
  return 0;
}
