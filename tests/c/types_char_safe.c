// expect: safe
// char is signed, 8 bits: __VERIFIER_nondet_char() returns -128..127 and
// __VERIFIER_nondet_uchar() 0..255; both ranges hold for every input.
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  unsigned char u = __VERIFIER_nondet_uchar();
  if (c < -128 || c > 127) reach_error();
  if (u > 255) reach_error();
  int s = c + u;            /* promoted to int: no wrap */
  if (s < -128 || s > 382) reach_error();
  return 0;
}
