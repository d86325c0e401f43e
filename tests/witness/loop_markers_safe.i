// expect: safe
// a preprocessed file: the line marker shifts the logical lines by 3, and
// the witness must name the physical ones (tests/witness.sh)
# 1 "loop_markers_orig.c"
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int twice(int v) { return 2 * v; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += 2;
  }
  if (s != twice(n)) reach_error();
  return 0;
}
