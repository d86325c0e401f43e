// expect: safe
// inner declarations shadow outer ones (and a global, and a parameter)
// only inside their block.
extern void reach_error(void);
int x = 100;
int f(int x) {
  {
    int x = 3;
    x++;
  }
  return x;
}
int main(void) {
  int x = 1;
  {
    int x = 2;
    x++;
    if (x != 3) reach_error();
    {
      int x = 10;
      if (x != 10) reach_error();
    }
    if (x != 3) reach_error();
  }
  if (x != 1) reach_error();
  for (int x = 0; x < 2; x++) { }
  if (x != 1) reach_error();
  if (f(7) != 7) reach_error();
  return 0;
}
