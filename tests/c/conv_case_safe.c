// expect: safe
// case labels are converted to the promoted type of the controlling
// expression (issue 13, class 4), with their own types and casts.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  switch (x) {
  case 4294967295u: r = 1; break;        /* -1 */
  case 4294967296LL + 7: r = 2; break;   /* 7 */
  case (unsigned char)300: r = 3; break; /* 44 */
  default: r = 4;
  }
  if (x == -1 && r != 1) reach_error();
  if (x == 7 && r != 2) reach_error();
  if (x == 44 && r != 3) reach_error();
  if (x != -1 && x != 7 && x != 44 && r != 4) reach_error();

  unsigned char c = __VERIFIER_nondet_uchar();
  switch (c) {                           /* promoted to int: 0..255 */
  case -1: reach_error(); break;
  case 256: reach_error(); break;
  case 255: r = 5; break;
  }
  unsigned u = __VERIFIER_nondet_uint();
  switch (u) {
  case -1: if (u != 4294967295u) reach_error(); break;
  case 4294967296LL: if (u != 0) reach_error(); break;  /* 0 */
  }
  long long ll = __VERIFIER_nondet_longlong();
  switch (ll) {
  case 4294967296LL: if (ll != 4294967296LL) reach_error(); break;
  case 4294967295u: if (ll != 4294967295LL) reach_error(); break;
  case -1: if (ll + 1 != 0) reach_error(); break;
  }
  return 0;
}
