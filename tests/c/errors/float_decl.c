// error: 4:9: unsupported: floats
// a floating-point variable
int main(void) {
  float f = 1;
  return 0;
}
