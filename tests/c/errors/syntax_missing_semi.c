// error: 5:3: syntax error
// a missing semicolon: the error is at the next token
int main(void) {
  int x = 1
  return x;
}
