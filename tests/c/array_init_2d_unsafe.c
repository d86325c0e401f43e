// expect: unsafe
// m[1][0] is 4.
extern void reach_error(void);
int main(void) {
  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  if (m[1][0] == 4) reach_error();
  return 0;
}
