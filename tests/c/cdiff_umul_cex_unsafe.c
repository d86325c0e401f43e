// expect: unsafe
/* Found by tests/c-gcc/cdiff.py (seed 3000022, minimised): the unsigned
 * product in0 * 4294967294 mod 2^32 exceeds 2^63 before the mod for
 * in0 = 4294967295; the certificate checker's evaluator must compute it
 * exactly (was: "a literal of the counterexample cannot be evaluated",
 * exit 3). */
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned in0 = __VERIFIER_nondet_uint();
  __VERIFIER_assume(in0 == 4294967295u);
  unsigned short v3 = (in0 & 65535);
  in0 *= (-2);
  if (v3 == 65535 && in0 == 2u) reach_error();
  return 0;
}
