// expect: unsafe
// -7 / 2 is -3 in C (not -4, as floor division would give): reached always.
extern void reach_error(void);
int main(void) {
  int a = -7;
  int b = 2;
  if (a / b == -3 && a % b == -1) reach_error();
  return 0;
}
