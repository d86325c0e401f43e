// expect: safe
// the SV-COMP idiom reach_error() { assert(0); }; the guard x > x + 1 never
// holds.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void reach_error() { assert(0); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 1000000 && x > x + 1) reach_error();
  return 0;
}
