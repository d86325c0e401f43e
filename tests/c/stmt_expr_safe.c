// expect: safe
// GNU statement expressions whose value is discarded are lowered to
// blocks: a top-level one, one after a (void) cast in a comma expression,
// and ?: arms (docs/c.md).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  int y = 0;
  ({ int t = x + 1; y = t; });
  ((void) sizeof ((y) ? 1 : 0), __extension__ ({ if (y == x + 1) ; else reach_error(); }));
  x > 50 ? ({ y = 1; }) : ({ y = 2; });
  (void) ({ if (y < 1 || y > 2) reach_error(); });
  return 0;
}
