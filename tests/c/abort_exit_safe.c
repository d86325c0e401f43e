// expect: safe
// abort() and exit() end the path: the errors after them are unreachable.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void exit(int);
extern void reach_error(void);
void stop_if_negative(int v) {
  if (v < 0) exit(0);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 100) {
    abort();
    reach_error();
  }
  stop_if_negative(x);
  if (x < 0 || x > 100) reach_error();
  return 0;
}
