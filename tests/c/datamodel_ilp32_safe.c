// expect: safe
// gcc-ilp32
// ILP32 (the default): long and unsigned long are 32 bits, so unsigned
// long wraps at 2^32 and (long)-1 < 1u compares as unsigned; the program
// of tests/c/datamodel_lp64_unsafe.c (no L suffixes: gcc checks it with
// long defined as int).
extern void reach_error(void);

int main(void) {
  unsigned long ul = 4294967295u;
  ul++;
  if (ul != 0 && sizeof(long) == 8 && (long)-1 < 1u) reach_error();
  if (ul != 0 || sizeof(long) != 4 || (long)-1 < 1u) reach_error();
  return 0;
}
