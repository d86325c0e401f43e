// expect: safe
// invariant i <= n (n >= 0): the loop ends with i == n.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  int i = 0;
  while (i < n) {
    i++;
  }
  if (i != n) reach_error();
  return 0;
}
