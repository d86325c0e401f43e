// expect: unsafe
// the body runs once: i == 11, the error is reached.
extern void reach_error(void);
int main(void) {
  int i = 10;
  do {
    i++;
  } while (i < 5);
  if (i == 11) reach_error();
  return 0;
}
