// expect: safe
// int is 32 bits: __VERIFIER_nondet_int() is in -2^31..2^31-1, unsigned int
// in 0..2^32-1.  Subtracting within the range never overflows.
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  if (x > 2147483647 || x < -2147483647 - 1) reach_error();
  if (u > 4294967295u) reach_error();
  if (x > 0) {
    int y = x - 2147483647;   /* in -2147483646..0 */
    if (y > 0) reach_error();
  }
  return 0;
}
