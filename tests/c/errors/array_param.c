// error: 3:15: unsupported: array parameter
// arrays are passed only through globals
int first(int a[]) {
  return 0;
}
int main(void) { return 0; }
