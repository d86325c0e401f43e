// expect: unsafe
// GNU statement expressions whose value is discarded are lowered to
// blocks (companion of stmt_expr_safe.c): the ?: arm taken for x > 50
// sets y = 1, which the last statement expression rejects.
// witness: 51
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  int y = 0;
  ({ int t = x + 1; y = t; });
  ((void) sizeof ((y) ? 1 : 0), __extension__ ({ if (y == x + 1) ; else reach_error(); }));
  x > 50 ? ({ y = 1; }) : ({ y = 2; });
  (void) ({ if (y != 2) reach_error(); });
  return 0;
}
