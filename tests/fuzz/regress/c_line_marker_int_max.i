# 2147483647 "x.c"
int main(void) {
  int x = 0;
  return x;
}
