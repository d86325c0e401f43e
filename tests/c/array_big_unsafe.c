// expect: unsafe
// witness: 99999
// b[k] = 1 with k == 99999 (the last of 100000 cells) makes b[99999] != 0.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int b[100000];
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 100000) return 0;
  b[k] = 1;
  if (b[99999] != 0) reach_error();
  return 0;
}
