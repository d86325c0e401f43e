// expect: unsafe
// stepping by 2 overshoots odd n (n = 1: i = 2).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  int i = 0;
  while (i < n) {
    i += 2;
  }
  if (i != n) reach_error();
  return 0;
}
