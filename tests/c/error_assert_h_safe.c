// expect: safe
// assert from <assert.h>: fails only when its condition is false.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 100) x = 100;
  assert(x <= 100);
  return 0;
}
