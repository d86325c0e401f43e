// expect: unsafe
// i == 3 overwrites a[3].
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a[10];
  a[3] = 8;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 9) return 0;
  a[i] = 42;
  if (a[3] != 8) reach_error();
  return 0;
}
