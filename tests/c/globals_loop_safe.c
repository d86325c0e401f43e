// expect: safe
// a global updated in a loop through a function: invariant g == i.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g = 0;
void step(void) { g = g + 1; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  for (int i = 0; i < n; i++) step();
  if (g != n) reach_error();
  return 0;
}
