// expect: safe
// Usual arithmetic conversions: in -1 < 0u the int -1 becomes 4294967295u,
// so the comparison is false; in -1 < 0 (both int) it is true.
extern void reach_error(void);
int main(void) {
  int m = -1;
  unsigned int z = 0;
  if (m < z) reach_error();
  if (!(m < 0)) reach_error();
  if (m + z != 4294967295u) reach_error();
  unsigned char c = 200;
  if (c + c != 400) reach_error();   /* promoted to int: no wrap */
  return 0;
}
