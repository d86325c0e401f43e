// expect: unsafe
// code2inv style; two iterations make x == 4 (x = 0 initially).
int main() {
  int x; // uninit
  int y; // uninit
  assume(x >= 0);
  assume(x <= 2);
  while (unknown()) {
    x = x + 2;
  }
  assert(x != 4);
}
