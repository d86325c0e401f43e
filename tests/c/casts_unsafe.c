// expect: unsafe
// witness: 300
// (unsigned char)x differs from x as soon as x >= 256.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000) return 0;
  if ((unsigned char)x != x) reach_error();
  return 0;
}
