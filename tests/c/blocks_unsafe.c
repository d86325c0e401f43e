// expect: unsafe
// x++ in the block changes the inner x only: the outer x stays 1.
extern void reach_error(void);
int main(void) {
  int x = 1;
  {
    int x = 2;
    x++;
  }
  if (x == 1) reach_error();
  return 0;
}
