// expect: safe
// short is 16 bits: -32768..32767; unsigned short 0..65535.
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void reach_error(void);
int main(void) {
  short s = __VERIFIER_nondet_short();
  unsigned short u = __VERIFIER_nondet_ushort();
  if (s < -32768 || s > 32767) reach_error();
  if (u > 65535) reach_error();
  int d = u - s;            /* int arithmetic, in -32767..98303 */
  if (d < -32767 || d > 98303) reach_error();
  return 0;
}
