// expect: safe
// code2inv style: no declarations at all; unknown() is a nondeterministic
// int, assume() restricts the inputs, assert() is the property.
// Invariant: y == x + 1 (x, y >= 0 after the assumptions).
int main() {
  int x; // uninit
  int y; // uninit
  assume(x >= 0);
  assume(x <= 1000);
  assume(y == x + 1);
  while (unknown()) {
    x = x + 2;
    y = y + 2;
  }
  assert(y == x + 1);
}
