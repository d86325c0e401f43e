// error: 5:11: unsupported: shift by a negative amount or by the width of 'int' or more
// undefined in C: rejected rather than approximated
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 1 << 32;
  return x;
}
