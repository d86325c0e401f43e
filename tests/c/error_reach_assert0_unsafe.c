// expect: unsafe
// witness: 3 4
// the SV-COMP idiom reach_error() { assert(0); } with <assert.h>; the
// error is in a loop body: x + y == 7 && x == 3 at the first iteration.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void reach_error() { assert(0); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int i = 0;
  while (i < 3) {
    if (x + y == 7 && x == 3) reach_error();
    i++;
  }
  return 0;
}
