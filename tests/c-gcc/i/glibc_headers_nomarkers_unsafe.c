// expect: unsafe
// Preprocessed by gcc -E -P (no line markers, as SV-COMP's .i files), the
// companion of glibc_headers_nomarkers_safe.c: x = INT_MAX - 1 gives
// y = INT_MAX, and the assertion y < INT_MAX fails.
// witness: 2147483646
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > INT_MAX - 1) abort();
  int y = x + 1;
  assert(y < INT_MAX);
  return 0;
}
