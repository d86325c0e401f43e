// expect: safe
// a countdown loop on unsigned stops at 0 (i > 0 guard), never wraps.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 1000000u) return 0;
  unsigned int i = n;
  unsigned int k = 0;
  while (i > 0) {
    i--;
    k++;
  }
  if (i != 0) reach_error();
  if (k != n) reach_error();
  return 0;
}
