// error: 4:9: unsupported: function pointers
// a function pointer variable
int main(void) {
  int (*f)(int);
  return 0;
}
