// expect: safe
// Preprocessed by gcc -E into tests/c/glibc_assert_safe.i (tests/c-gcc/gen_i.sh):
// glibc's assert expansion (__assert_fail, __extension__, sizeof, a GNU
// statement expression), stdlib.h's declarations, static __inline.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
static __inline int twice(int v) { return v + v; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) abort();
  int s = twice(n);
  assert(s >= n);
  assert(s - n == n);
  return 0;
}
