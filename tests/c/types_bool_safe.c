// expect: safe
// _Bool holds 0 or 1; any nonzero value assigned becomes 1.
extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  if (b != 0 && b != 1) reach_error();
  int x = __VERIFIER_nondet_int();
  _Bool c = x;              /* conversion to _Bool: x != 0 */
  if (x != 0 && c != 1) reach_error();
  if (x == 0 && c != 0) reach_error();
  _Bool d = 5;
  if (d != 1) reach_error();
  return 0;
}
