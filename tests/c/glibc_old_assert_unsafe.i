// expect: unsafe
// witness: 5
// glibc's older assert expansion (older glibc versions, many SV-COMP .i files),
// written by hand: (e) ? (void) (0) : __assert_fail (...); y > 10 fails for x <= 9
extern void __assert_fail (const char *__assertion, const char *__file,
      unsigned int __line, const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  int y = x + 1;
  ((y > x) ? (void) (0) : __assert_fail ("y > x", "a.c", 7, __PRETTY_FUNCTION__));
  ((y > 10) ? (void) (0) : __assert_fail ("y > 10", "a.c", 8, __PRETTY_FUNCTION__));
  return 0;
}
