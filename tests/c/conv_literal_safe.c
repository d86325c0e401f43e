// expect: safe
// Integer literals take the first type of C11 6.4.4.1's list that holds
// them (ILP32: a decimal literal above INT_MAX is long long, a hex one
// unsigned int up to 2^32 - 1), and that type decides the conversions.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void check(int c) { if (!c) reach_error(); }

int main(void) {
  check(-1 < 2147483648);            /* long long: signed comparison */
  check(!(-1 < 0x80000000));         /* unsigned int: -1 converts */
  check(-1 > 0xffffffff - 1);
  check(-1 < 0x100000000);           /* long long */
  check(sizeof(2147483647) == 4 && sizeof(2147483648) == 8);
  check(sizeof(0xffffffff) == 4 && sizeof(0x100000000) == 8);
  check(sizeof(1u) == 4 && sizeof(1ll) == 8 && sizeof(1ull) == 8);
  check(sizeof(4294967296u) == 8 && sizeof(0x8000000000000000) == 8);
  check(0x8000000000000000 > 0);     /* unsigned long long */
  check(-1 < 9223372036854775807);   /* long long */
  check(0xffffffffffffffff == -1ULL && 0xFFFFFFFFFFFFFFFFull + 2 == 1);
  check(10u - 11 == 4294967295u && 10 - 11u > 0);
  check(10ll - 11u < 0);             /* long long holds unsigned int */
  check(10ull - 11 > 0);
  check(017777777777 == 2147483647 && 037777777777 > 0);
  check('\xff' == -1 && 'a' == 97);
  int x = __VERIFIER_nondet_int();
  check((x < 0x80000000) == (x >= 0));   /* x converts to unsigned */
  check((x < 2147483648) == 1);          /* long long */
  check((x + 4294967296LL) > x);
  return 0;
}
