// expect: unsafe
// Preprocessed by gcc -E -P (no line markers, as SV-COMP's .i files) into
// tests/c/glibc_assert_nomarkers_unsafe.i: x + k wraps around 2^32, so
// x + k >= x fails for x = 4294967295, k = 1.
// witness: 4294967295 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  unsigned int y = x + (unsigned int)k;
  assert(y >= x);
  return 0;
}
