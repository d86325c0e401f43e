// expect: unsafe
// Preprocessed by gcc -E into tests/c/glibc_assert_unsafe.i (tests/c-gcc/gen_i.sh):
// the second assertion fails for n = 1000 (s - n = 1000).
// witness: 1000
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
static __inline int twice(int v) { return v + v; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) abort();
  int s = twice(n);
  assert(s >= n);
  assert(s - n < 1000);
  return 0;
}
