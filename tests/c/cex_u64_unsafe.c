// expect: unsafe
// --cex shows 64-bit unsigned values in 0..2^64-1, not their int64 representation (issue 13)
extern void reach_error(void);
unsigned long long top(void) { return 18446744073709551615ULL; }
int main(void) {
  unsigned long long x = top();
  unsigned long long a[2];
  a[1] = x - 1;
  x = a[1] / 2 + 9223372036854775808ULL;
  if (x == 18446744073709551615ULL) reach_error();
  return 0;
}
