// expect: safe
// return leaves the function at once: the errors after it are dead.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int clamp(int x) {
  if (x < 0) return 0;
  if (x > 100) return 100;
  return x;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int c = clamp(x);
  if (c < 0 || c > 100) reach_error();
  if (x > 0) return 0;
  if (x <= 0) return 1;
  reach_error();
  return 2;
}
