// error: 5:11: unsupported: pointers
// address-of in an expression
int main(void) {
  int x = 0;
  x = 1 + &x == 0;
  return x;
}
