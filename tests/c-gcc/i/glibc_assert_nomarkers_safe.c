// expect: safe
// Preprocessed by gcc -E -P (no line markers, as SV-COMP's .i files) into
// tests/c/glibc_assert_nomarkers_safe.i: glibc's extern declarations of
// __assert_fail & co. with __attribute__ are the program's own text.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  unsigned int y = x + (unsigned int)k;
  assert(y - x == (unsigned int)k);
  ((void) sizeof ((k) ? 1 : 0), __extension__ ({ if (k >= 0) ; else __assert_fail ("k >= 0", "x.c", 1, __extension__ __PRETTY_FUNCTION__); }));
  return 0;
}
