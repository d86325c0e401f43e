// expect: unsafe
// _Bool d = 5 stores 1, not 5: the error is reached on every run.
extern void reach_error(void);
int main(void) {
  _Bool d = 5;
  if (d == 1) reach_error();
  return 0;
}
