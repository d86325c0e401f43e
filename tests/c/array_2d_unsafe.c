// expect: unsafe
// m[i][j] = 7 with i == 1, j == 2 overwrites m[1][2].
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int m[3][4];
  m[1][2] = 5;
  m[2][1] = 6;
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3 || j < 0 || j >= 4) return 0;
  m[i][j] = 7;
  if (m[1][2] != 5) reach_error();
  return 0;
}
