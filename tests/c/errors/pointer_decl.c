// error: 5:8: unsupported: pointers
// a pointer variable in the user's file
int main(void) {
  int x = 0;
  int *p;
  return x;
}
