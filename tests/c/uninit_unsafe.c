// expect: unsafe
// witness: 42
// an uninitialised local may hold 42 (it is not 0).
extern void reach_error(void);
int main(void) {
  int x; // uninit
  if (x == 42) reach_error();
  return 0;
}
