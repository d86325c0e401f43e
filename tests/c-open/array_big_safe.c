// expect: safe
// an array of 100000 cells (must not be unrolled): the loop writes a[1..]
// only, so a[0] keeps 5 (invariant a[0] == 5 && i >= 1).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int b[100000];
int main(void) {
  int a[100000];
  a[0] = 5;
  for (int i = 1; i < 100000; i++) a[i] = i;
  if (a[0] != 5) reach_error();
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 100000) return 0;
  b[99999] = 1;
  if (k != 99999 && b[k] != 0) reach_error();
  return 0;
}
