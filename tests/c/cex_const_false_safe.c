// expect: safe
// The constant-false assertion is on a path that cannot be taken
// (companion of cex_const_false_unsafe.c).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x != 4) return 0;
  assert(x == 4);
  x = x + 1;
  if (x != 5) assert(0);
  return 0;
}
