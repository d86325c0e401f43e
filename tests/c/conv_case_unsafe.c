// expect: unsafe
// The example (issue 13, class 4): case 4294967295u matches -1.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  int x = -1;
  switch (x) {
  case 4294967295u: break;
  default: return 0;
  }
  unsigned char c = __VERIFIER_nondet_uchar();
  switch (c) {
  case (unsigned char)511: reach_error(); break;   /* 255 */
  }
  return 0;
}
