// expect: unsafe
// witness: 101
// assert from <assert.h> fails for x == 101.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 101) x = 100;
  assert(x <= 100);
  return 0;
}
