// expect: safe
// Constant initialisers are converted to the declared type (issue 13,
// class 2): globals, locals and array elements, for every integer type.
extern void reach_error(void);
void check(int c) { if (!c) reach_error(); }

int gi = 4294967297;                 /* 2^32 + 1 -> 1 */
unsigned gu = -1;                    /* 2^32 - 1 */
char gc = 300;                       /* 44 */
unsigned char guc = -1;              /* 255 */
short gs = 98304;                    /* -32768 */
unsigned short gus = 65537;          /* 1 */
_Bool gb = 256;                      /* 1 */
long long gll = 4294967296;          /* stays 2^32 */
unsigned long long gull = -1;        /* 2^64 - 1 */
int ga[3] = {4294967298, -4294967295LL, 2147483648u};   /* 2, 1, -2^31 */
unsigned char gca[2] = {256, 511};   /* 0, 255 */

int main(void) {
  check(gi == 1 && gu == 4294967295u && gc == 44 && guc == 255);
  check(gs == -32768 && gus == 1 && gb == 1);
  check(gll == 4294967296LL && gull == 18446744073709551615ULL && gull + 1 == 0);
  check(ga[0] == 2 && ga[1] == 1 && ga[2] == -2147483647 - 1);
  check(gca[0] == 0 && gca[1] == 255);
  int i = 4294967297;
  unsigned u = -2;
  signed char c = 200;
  unsigned char uc = 1000;
  short s = -32769;
  unsigned short us = -1;
  _Bool b = -5;
  long long ll = 18446744073709551615u;  /* unsigned long long -> -1 */
  unsigned long long ull = -2;
  int a[2] = {4294967295u, 8589934593LL};   /* -1, 1 */
  short sa[2] = {65535, 32768};             /* -1, -32768 */
  check(i == 1 && u == 4294967294u && c == -56 && uc == 232);
  check(s == 32767 && us == 65535 && b == 1);
  check(ll == -1 && ull == 18446744073709551614ULL);
  check(a[0] == -1 && a[1] == 1 && sa[0] == -1 && sa[1] == -32768);
  return 0;
}
