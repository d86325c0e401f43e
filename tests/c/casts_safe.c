// expect: safe
// Casts: to unsigned (mod 2^32), to unsigned char (mod 256), to _Bool
// (!= 0), unsigned back to int when the value fits.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  unsigned int u = (unsigned int)x;
  if (x < 0 && u <= 2147483647u) reach_error();
  if (x >= 0 && (int)u != x) reach_error();
  if (x >= 0 && (unsigned char)x != x % 256) reach_error();
  if ((_Bool)x != (x != 0)) reach_error();
  if ((unsigned char)-1 != 255) reach_error();
  if ((unsigned short)65537 != 1) reach_error();
  if ((int)(unsigned char)300 != 44) reach_error();
  if ((unsigned int)-1 != 4294967295u) reach_error();
  return 0;
}
