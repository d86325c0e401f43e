// expect: unsafe
// witness: 18446744073709551615
// The error is reachable only with 64-bit long long (issue 13, class 1):
// the paths that a 32-bit long long or an unsigned comparison take return.
extern void reach_error(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);

long long sum(long long a, unsigned int b) { return a + b; }

int main(void) {
  unsigned long long x = 4294967295ULL;
  x++;
  if (x != 4294967296ULL) return 0;
  long long ll = -1;
  unsigned u = 1;
  if (ll > u) return 0;                 /* signed: -1 > 1 is false */
  if (sum(-1, 1) != 0) return 0;
  unsigned long long b = __VERIFIER_nondet_ulonglong();
  unsigned long long c = b;
  c++;
  if (c == 0 && (b >> 63) == 1 && (int)b == -1 && b > 4294967295u)
    reach_error();
  return 0;
}
