// expect: safe
// ?: selects one branch; only that branch's side effect happens.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int m = x > y ? x : y;
  if (m < x || m < y) reach_error();
  if (m != x && m != y) reach_error();
  int a = 0, b = 0;
  int r = x > 0 ? (a = 1) : (b = 2);
  if (x > 0 && (r != 1 || b != 0)) reach_error();
  if (x <= 0 && (r != 2 || a != 0)) reach_error();
  int s = x < 0 ? -1 : x > 0 ? 1 : 0;
  if (s * s > 1) reach_error();
  return 0;
}
