// expect: unsafe
// --cex marks the assertion that fails even when its condition folds to
// the constant false (tests/c.sh checks the exact path).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x != 4) return 0;
  assert(x == 4);
  x = x + 1;
  assert(0);
  return 0;
}
