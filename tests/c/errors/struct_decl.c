// error: 5:3: unsupported: struct
// a struct variable (the type's declaration alone, unused, is skipped as
// header text is: docs/c.md)
struct point { int x; int y; };
  struct point p;
int main(void) {
  return 0;
}
