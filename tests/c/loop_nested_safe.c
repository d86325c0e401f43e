// expect: safe
// nested loops: the outer counter must survive the inner loop (regression
// test: the inner loop's relation once lost the outer loop's state)
extern void __VERIFIER_assert(int);
int main(void) {
  int x = 0;
  while (x < 4) {
    int y = 0;
    while (y < 3) y++;
    x = x + 1;
  }
  __VERIFIER_assert(x == 4);
  return 0;
}
