// expect: unsafe
// short reaches -32768: the error at s == -32768.
extern short __VERIFIER_nondet_short(void);
extern void reach_error(void);
int main(void) {
  short s = __VERIFIER_nondet_short();
  if (s < -32767) reach_error();
  return 0;
}
