// expect: safe
// post-increment yields the old value, pre-increment the new one; compound
// assignments += -= *= /= %=.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 5;
  int a = i++;
  int b = ++i;
  if (a != 5 || b != 7 || i != 7) reach_error();
  int c = i--;
  int d = --i;
  if (c != 7 || d != 5 || i != 5) reach_error();
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int y = x;
  y += 3;
  y -= 1;
  y *= 2;
  if (y != 2 * x + 4) reach_error();
  y /= 2;
  if (y != x + 2) reach_error();
  int z = 17;
  z %= 5;
  if (z != 2) reach_error();
  return 0;
}
