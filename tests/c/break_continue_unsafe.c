// expect: unsafe
// c reaches 5 for n >= 5 (continue only skips j >= 5).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 15) return 0;
  int c = 0;
  for (int j = 0; j < n; j++) {
    if (j >= 5) continue;
    c++;
  }
  if (c == 5) reach_error();
  return 0;
}
