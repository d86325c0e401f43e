// expect: safe
// invariant s == 2 * i && i <= 10.
extern void reach_error(void);
int main(void) {
  int s = 0;
  int i;
  for (i = 0; i < 10; i++) {
    s += 2;
  }
  if (s != 20) reach_error();
  for (int j = 0; j < 5; j++) s--;
  if (s != 15) reach_error();
  return 0;
}
