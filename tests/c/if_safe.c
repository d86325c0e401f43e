// expect: safe
// if / else if / else, nested; the three branches partition the inputs.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int s;
  if (x < 0)
    s = -1;
  else if (x == 0)
    s = 0;
  else {
    s = 1;
    if (x > 10) s = 2;
  }
  if (s == -1 && x >= 0) reach_error();
  if (s == 2 && x <= 10) reach_error();
  if (s < -1 || s > 2) reach_error();
  return 0;
}
