// error: 3:1: unsupported: struct
// a struct type
struct point { int x; int y; };
int main(void) {
  return 0;
}
