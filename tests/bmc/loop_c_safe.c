// Safe: BMC refutes chains up to its bound, the invariant s = 3*i proves it.
extern void reach_error(void);
int main(void) {
  int i = 0, s = 0;
  while (i < 200) { s += 3; i++; }
  if (s != 600) reach_error();
  return 0;
}
