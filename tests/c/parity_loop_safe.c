// expect: safe
// x stays even: the candidate x mod 2 = 0 comes from the assertion after
// the loop (a caller's atom over the loop relation's arguments).
extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  while (x < 0x0fffffff) {
    x += 2;
  }
  if (x % 2) reach_error();
  return 0;
}
