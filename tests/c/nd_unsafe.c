// expect: unsafe
// c == 3 when nd() is nonzero in exactly three of the five iterations.
extern int nd(void);
extern void __VERIFIER_error(void);
int main(void) {
  int c = 0;
  for (int i = 0; i < 5; i++) {
    if (nd()) c++;
  }
  if (c == 3) __VERIFIER_error();
  return 0;
}
