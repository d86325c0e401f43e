// expect: unsafe
// witness: 255 32767
// An unsigned char incremented past 255 wraps to 0 when stored (v++), but
// uc + 1 in an expression is an int (256); a short parameter truncates.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);

short next(short s) { return s + 1; }

int main(void) {
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned char v = uc;
  v++;
  if (v == 0 && uc + 1 == 256 && next(s) == -32768 && (unsigned short)next(s) == 32768)
    reach_error();
  return 0;
}
