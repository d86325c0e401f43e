// expect: safe
// char, unsigned char, short, unsigned short, _Bool and unsigned int in
// every context: promotion to int, truncation on assignment, parameter
// passing and return, compound assignment, ++/--, shifts, casts.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern char __VERIFIER_nondet_char(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void check(int c) { if (!c) reach_error(); }

unsigned char low(int x) { return x; }
signed char sc(unsigned x) { return x; }
int take_short(short s) { return s; }
_Bool truth(long long x) { return x; }

int main(void) {
  unsigned char uc = __VERIFIER_nondet_uchar();
  signed char c = __VERIFIER_nondet_char();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  unsigned u = __VERIFIER_nondet_uint();
  check(uc > -1 && us > -1);          /* promoted to int: signed compare */
  check(!(u > -1));                   /* -1 converts to UINT_MAX */
  check(uc + 1 > uc && uc * 256 >= 0); /* int arithmetic: no wrap */
  unsigned char v = uc;
  v += 1;
  check(uc == 255 ? v == 0 : v == uc + 1);
  v = uc;
  v++;
  check(v == (unsigned char)(uc + 1));
  v--;
  check(v == uc);
  signed char d = c;
  d -= 1;
  check(c == -128 ? d == 127 : d == c - 1);
  check(low(uc + 256) == uc && low(-1) == 255);
  check(sc(u) == (signed char)(u & 255) && sc(255) == -1 && sc(128) == -128);
  check(take_short(65535) == -1 && take_short(s) == s);
  check(truth(4294967296LL) == 1 && truth(0) == 0);
  _Bool b = uc;
  check(b == (uc != 0));
  b += 2;                             /* 1 or 2 -> true */
  check(b == 1);
  check((uc >> 7) == (uc >= 128));
  check((unsigned short)(us << 1) == (us * 2) % 65536);
  unsigned short w = us;
  w *= 2;
  check(w == (unsigned short)(us * 2));
  short t = s;
  t = t + 1;                          /* int addition, then truncation */
  check(s == 32767 ? t == -32768 : t == s + 1);
  unsigned x = u;
  x -= 1;
  x >>= 1;
  check(u == 0 ? x == 2147483647u : x == (u - 1) / 2);
  x = u << 4;
  check(x == u * 16);
  switch (uc) {
  case 255: check(uc == 255); break;
  case (unsigned char)256: check(uc == 0); break;
  }
  switch (c) {
  case -1: check(c == -1 && (unsigned char)c == 255); break;
  case 255: reach_error(); break;      /* char is signed: never 255 */
  }
  return 0;
}
