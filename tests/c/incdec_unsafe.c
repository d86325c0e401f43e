// expect: unsafe
// a = i++ gives the old value 5, so a == 5 and the error is reached.
extern void reach_error(void);
int main(void) {
  int i = 5;
  int a = i++;
  i += 10;
  if (a == 5 && i == 16) reach_error();
  return 0;
}
