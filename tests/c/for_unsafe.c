// expect: unsafe
// the loop runs 10 times, s == 20, so the error is reached.
extern void reach_error(void);
int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++) {
    s += 2;
  }
  if (s == 20) reach_error();
  return 0;
}
