// expect: safe
// break leaves the loop at i == 7; continue skips the count for i >= 5:
// invariants i <= 7, and c <= 5 && c <= i.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i;
  for (i = 0; i < 100; i++) {
    if (i == 7) break;
  }
  if (i != 7) reach_error();
  int n = __VERIFIER_nondet_int();
  if (n > 1000000) return 0;
  int c = 0;
  for (int j = 0; j < n; j++) {
    if (j >= 5) continue;
    c++;
  }
  if (c > 5) reach_error();
  int k = 0;
  while (1) {
    k++;
    if (k >= 3) break;
  }
  if (k != 3) reach_error();
  return 0;
}
