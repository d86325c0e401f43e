// expect: safe
// unsigned arithmetic wraps modulo 2^32; narrow unsigned types wrap on
// assignment (mod 2^8, 2^16).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  x = x - 1;
  if (x != 4294967295u) reach_error();
  x = x + 2;
  if (x != 1) reach_error();
  unsigned int m = 65536u;
  m = m * m;
  if (m != 0) reach_error();
  unsigned char c = 255;
  c++;
  if (c != 0) reach_error();
  unsigned short s = 70000;
  if (s != 4464) reach_error();
  unsigned int u = __VERIFIER_nondet_uint();
  if (u + 1 == 0 && u != 4294967295u) reach_error();
  if (u < 100u) {
    unsigned int v = u + 1;
    if (v <= u) reach_error();
  }
  return 0;
}
