// error: 4:11: syntax error
// an expression cut short
int main(void) {
  int x = ;
  return 0;
}
