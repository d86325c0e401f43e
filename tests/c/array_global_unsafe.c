// expect: unsafe
// set(5, 9) makes g[5] nonzero: i == 5 reaches the error.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g[100];
void set(int i, int v) { g[i] = v; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 100) return 0;
  set(5, 9);
  if (g[i] != 0) reach_error();
  return 0;
}
