// error: 6:11: unsupported: statement expression used as a value
// A GNU statement expression whose value is used (only those whose value
// is discarded, as in glibc's assert, are translated: lowered to blocks).
int main(void) {
  int x = 1;
  int y = ({ int t = x; t + 1; });
  return y;
}
