// expect: safe
// A loop that assigns 8 names and calls a function modifying globals: the
// loop's set of modified names grows past its first 8 slots (a struct copy
// that grew used to free the array the original still named: cdiff seed
// 800002400093 crashed in the translation).
extern void reach_error(void);
int g1, g2, g3;
void bump(void) { g1 = g1 + 1; g2 = 2; g3 = 3; }
int main(void) {
  int a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h = 0, k = 0, z = 5;
  for (int i = 0; i < 3; i++) {
    a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; h = 7; k = i;
    bump();
  }
  if (z != 5) reach_error();
  return 0;
}
