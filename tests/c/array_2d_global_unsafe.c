// expect: unsafe
// G[3][4] = 1, then G[i][j] != 0 at i == 3, j == 4 (and only there).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int G[10][10];
int main(void) {
  G[3][4] = 1;
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i >= 10 || j < 0 || j >= 10) return 0;
  if (G[i][j] != 0) reach_error();
  return 0;
}
