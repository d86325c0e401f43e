// expect: safe
// fact(4) == 24 by recursion on a constant argument.
extern void reach_error(void);
int fact(int n) {
  if (n <= 1) return 1;
  return n * fact(n - 1);
}
int main(void) {
  if (fact(4) != 24) reach_error();
  return 0;
}
