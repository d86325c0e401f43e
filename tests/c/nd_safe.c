// expect: safe
// nd() is a nondeterministic int; the choice never makes c negative.
extern int nd(void);
extern void __VERIFIER_error(void);
int main(void) {
  int c = 0;
  int i = 0;
  while (i < 10) {
    if (nd()) c++;
    i++;
  }
  if (c < 0 || c > 10) __VERIFIER_error();
  return 0;
}
