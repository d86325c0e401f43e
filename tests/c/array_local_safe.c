// expect: safe
// a local 1-D array of constant size: writes to other cells leave a cell
// unchanged (the loop writes only a[1..9]: invariant a[0] == 7, i >= 1).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a[10];
  a[0] = 7;
  a[3] = 8;
  if (a[0] != 7 || a[3] != 8) reach_error();
  int i = __VERIFIER_nondet_int();
  if (i < 1 || i > 9) return 0;
  a[i] = 42;
  if (a[0] != 7) reach_error();
  if (a[i] != 42) reach_error();
  for (int j = 1; j < 10; j++) a[j] = j;
  if (a[0] != 7) reach_error();
  a[a[0]] = 1;       /* a[7] = 1 */
  if (a[7] != 1) reach_error();
  return 0;
}
