// expect: safe
// a local array of variable size n: a[n - 1] and a[0] are different cells
// when n > 1.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  a[n - 1] = 3;
  a[0] = 4;
  if (n > 1 && a[n - 1] != 3) reach_error();
  if (a[0] != 4) reach_error();
  return 0;
}
