// expect: safe
// a do-while body runs once even when the condition is false at first.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 10;
  do {
    i++;
  } while (i < 5);
  if (i != 11) reach_error();
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int k = 0;
  do {
    k++;
  } while (k < n);
  if (k != n) reach_error();
  return 0;
}
