// expect: safe
// an uninitialised local is a nondeterministic value: only what holds for
// every value can be proved.
extern void reach_error(void);
int main(void) {
  int x; // uninit
  if (x > 1000000 || x < -1000000) return 0;
  int y = x * 2;
  if (y != x + x) reach_error();
  if (x > 10) {
    if (x <= 10) reach_error();
  }
  return 0;
}
