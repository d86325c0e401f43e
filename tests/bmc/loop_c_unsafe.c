// A deep C counterexample: the assertion fails after 200 iterations.
extern void reach_error(void);
int main(void) {
  int i = 0, s = 0;
  while (i < 200) { s += 3; i++; }
  if (s == 600) reach_error();
  return 0;
}
