// expect: unsafe
// nested loops: after the loops x is 4, so x == 3 fails
extern void __VERIFIER_assert(int);
int main(void) {
  int x = 0;
  while (x < 4) {
    int y = 0;
    while (y < 3) y++;
    x = x + 1;
  }
  __VERIFIER_assert(x == 3);
  return 0;
}
