// error: 4:7: unsupported: __VERIFIER_nondet_pointer (not an integer type)
extern int __VERIFIER_nondet_pointer(void);
int main(void) {
  if (__VERIFIER_nondet_pointer()) return 1;
  return 0;
}
