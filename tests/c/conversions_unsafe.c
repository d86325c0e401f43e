// expect: unsafe
// -1 > 1u: -1 converts to 4294967295u, so the error is reached.
extern void reach_error(void);
int main(void) {
  int m = -1;
  unsigned int one = 1;
  if (m > one) reach_error();
  return 0;
}
