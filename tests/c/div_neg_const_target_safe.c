// expect: safe
/* Found by tests/c-gcc/cdiff.py: a compound assignment whose target's
 * index divides by a negative or cast constant (-1, (signed char)-1) was
 * rejected ("side effect in a compound assignment target"): only a
 * divisor that may be 0 makes the index impure. */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {1, 2, 3};
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x == 3 || x == 4);
  a[x / -2 + 2 + (x - 3)] += 2;
  a[a[1] % ((signed char)-1)] += 1;
  a[(x / ((unsigned char)-2)) + 2]++;
  if (a[1] != 4 || a[0] != 2 || a[2] != 4) reach_error();
  return 0;
}
