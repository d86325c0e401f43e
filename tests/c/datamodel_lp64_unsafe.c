// expect: unsafe
// options: --data-model=LP64
// Reachable only when unsigned long is 64 bits (ILP32 wraps to 0 first;
// tests/c/datamodel_ilp32_safe.c is the same program in ILP32).
extern void reach_error(void);

int main(void) {
  unsigned long ul = 4294967295UL;
  ul++;
  if (ul != 0 && sizeof(long) == 8 && -1L < 1u) reach_error();
  return 0;
}
