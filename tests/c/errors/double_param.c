// error: 3:15: unsupported: floats
// a double parameter (the position is the declared name's, as gcc's)
int sq(double v) {
  return 0;
}
int main(void) { return 0; }
