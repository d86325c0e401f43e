// expect: safe
// 2-D arrays: m[1][2] and m[2][1] are different cells; a global 2-D array
// is zero-initialised.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int G[10][10];
int main(void) {
  int m[3][4];
  m[1][2] = 5;
  m[2][1] = 6;
  m[0][3] = 7;
  if (m[1][2] != 5 || m[2][1] != 6 || m[0][3] != 7) reach_error();
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i >= 10 || j < 0 || j >= 10) return 0;
  if (G[i][j] != 0) reach_error();
  G[i][j] = 3;
  if (i != 4 && G[4][j] != 0) reach_error();
  if (j != 4 && G[i][4] != 0) reach_error();
  if (G[i][j] != 3) reach_error();
  return 0;
}
