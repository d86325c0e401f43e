// expect: safe
// + and - of unsigned values wrap at most once (the translation's linear
// case split, c_expr.c wrap_once); unary minus and ~ on unsigned; checked
// at the edges with nondeterministic operands.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  unsigned int s = a + b;
  if (a >= 4294967295u - 1u && b >= 4294967295u - 1u && s < 4294967292u)
    reach_error();
  if (s < a && s >= b) reach_error();          /* wrapped: s = a + b - 2^32 < b */
  unsigned int d = a - b;
  if (a < b && d <= a) reach_error();          /* wrapped: d = a - b + 2^32 > a */
  if (a >= b && d > a) reach_error();
  unsigned int n = -a;
  if (a == 0 && n != 0) reach_error();
  if (a == 1 && n != 4294967295u) reach_error();
  if (a != 0 && n + a != 0) reach_error();
  unsigned int c = ~a;
  if (c + a != 4294967295u) reach_error();
  unsigned int i = 4294967295u;
  i++;
  if (i != 0) reach_error();
  i--;
  if (i != 4294967295u) reach_error();
  return 0;
}
