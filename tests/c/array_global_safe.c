// expect: safe
// global arrays are zero-initialised; a function writes a global array.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g[100];
void set(int i, int v) { g[i] = v; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 100) return 0;
  if (g[i] != 0) reach_error();
  set(5, 9);
  if (g[5] != 9) reach_error();
  if (i != 5 && g[i] != 0) reach_error();
  return 0;
}
