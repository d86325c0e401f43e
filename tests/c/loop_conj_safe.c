// expect: safe
// c grows by i >= 0 each round: the invariant 0 <= i && 0 <= c is a
// template candidate of predicate discovery (x >= 0); refinement alone
// finds only the unrolling bounds k <= i.
extern void reach_error(void);
int main(void) {
  int i = 0, c = 0;
  while (i < 100) {
    c = c + i;
    i = i + 1;
    if (i <= 0) break;
  }
  if (c < 0) reach_error();
  return 0;
}
