// expect: unsafe
// The example (issue 13, class 2): int i = 4294967297 is 1.
extern void reach_error(void);
int g = 4294967297;
unsigned char ga[2] = {256, 257};

int main(void) {
  int i = 4294967297;
  short s = 65536;
  if (i == 1 && g == 1 && s == 0 && ga[0] == 0 && ga[1] == 1) reach_error();
  return 0;
}
