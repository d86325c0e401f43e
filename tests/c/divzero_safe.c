// expect: safe
// gcc-flags: -fno-sanitize=integer-divide-by-zero
// Division by zero is undefined behaviour; car follows what gcc's code
// does on x86: it traps (SIGFPE), the path ends there, no error (docs/c.md).
// The errors below are reachable only after a division by zero.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  unsigned int v = __VERIFIER_nondet_uint();
  int q = x / y;
  if (y == 0) reach_error();
  unsigned int r = u % v;
  if (v == 0) reach_error();
  if (r >= v) reach_error();
  int k = 0;
  if (x > 5) k = x / k;
  if (x > 5) reach_error();
  (void)q;
  return 0;
}
