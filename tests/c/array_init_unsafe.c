// expect: unsafe
// a[3] is 0 (not listed in the initialiser), so the error is reached.
extern void reach_error(void);
int main(void) {
  int a[5] = {1, 2, 3};
  if (a[3] == 0) reach_error();
  return 0;
}
