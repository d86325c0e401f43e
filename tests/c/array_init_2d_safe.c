// expect: safe
// a 2-D initialiser with nested braces; missing cells are 0.
extern void reach_error(void);
int main(void) {
  int m[2][3] = {{1, 2, 3}, {4, 5}};
  if (m[0][0] != 1 || m[0][2] != 3) reach_error();
  if (m[1][0] != 4 || m[1][1] != 5 || m[1][2] != 0) reach_error();
  return 0;
}
