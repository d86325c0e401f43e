// expect: unsafe
// 2147483648 is long long (decimal), 0x80000000 unsigned int: only a
// negative x passes the first test and then the second.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 2147483648 && x >= 0x80000000 && x + 4294967296 == 4294967295)
    reach_error();
  return 0;
}
