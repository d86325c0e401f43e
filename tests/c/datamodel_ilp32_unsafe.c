// expect: unsafe
// gcc-ilp32
// ILP32 (the default): unsigned long wraps at 2^32.
extern void reach_error(void);

int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  unsigned long y = x + 1;
  if (y == 0 && sizeof(long) == 4) reach_error();
  return 0;
}
