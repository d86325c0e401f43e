// expect: unsafe
// unsigned char reaches 255 (and char -128): the error at u == 255.
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
  unsigned char u = __VERIFIER_nondet_uchar();
  if (u == 255) reach_error();
  return 0;
}
