// expect: unsafe
// exit() is called only for v < 0: x == 0 continues to the error.
extern int __VERIFIER_nondet_int(void);
extern void exit(int);
extern void reach_error(void);
void stop_if_negative(int v) {
  if (v < 0) exit(0);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  stop_if_negative(x);
  if (x == 0) reach_error();
  return 0;
}
