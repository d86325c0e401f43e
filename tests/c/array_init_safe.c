// expect: safe
// initialisers: listed cells get their values, the rest of the array 0
// (local and global).
extern void reach_error(void);
int g[5] = {9, 8};
int main(void) {
  int a[5] = {1, 2, 3};
  if (a[0] != 1 || a[1] != 2 || a[2] != 3) reach_error();
  if (a[3] != 0 || a[4] != 0) reach_error();
  if (g[0] != 9 || g[1] != 8 || g[4] != 0) reach_error();
  int b[] = {4, 5, 6};
  if (b[2] != 6) reach_error();
  return 0;
}
