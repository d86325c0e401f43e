// expect: safe
// Every SV-COMP __VERIFIER_nondet_T ranges over exactly T's values (ILP32).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned int __VERIFIER_nondet_unsigned(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern _Bool __VERIFIER_nondet__Bool(void);
extern unsigned long __VERIFIER_nondet_size_t(void);
extern unsigned int __VERIFIER_nondet_u32(void);
extern unsigned short __VERIFIER_nondet_u16(void);
extern unsigned char __VERIFIER_nondet_u8(void);
void check(int c) { if (!c) reach_error(); }

int main(void) {
  long long i = __VERIFIER_nondet_int();
  check(i >= -2147483647 - 1 && i <= 2147483647);
  long long u = __VERIFIER_nondet_uint();
  check(u >= 0 && u <= 4294967295u);
  u = __VERIFIER_nondet_unsigned();
  check(u >= 0 && u <= 4294967295u);
  u = __VERIFIER_nondet_u32();
  check(u >= 0 && u <= 4294967295u);
  long long l = __VERIFIER_nondet_long();        /* ILP32: 32 bits */
  check(l >= -2147483647 - 1 && l <= 2147483647);
  l = __VERIFIER_nondet_ulong();
  check(l >= 0 && l <= 4294967295u);
  l = __VERIFIER_nondet_size_t();
  check(l >= 0 && l <= 4294967295u);
  long long c = __VERIFIER_nondet_char();
  check(c >= -128 && c <= 127);
  c = __VERIFIER_nondet_uchar();
  check(c >= 0 && c <= 255);
  c = __VERIFIER_nondet_u8();
  check(c >= 0 && c <= 255);
  long long s = __VERIFIER_nondet_short();
  check(s >= -32768 && s <= 32767);
  s = __VERIFIER_nondet_ushort();
  check(s >= 0 && s <= 65535);
  s = __VERIFIER_nondet_u16();
  check(s >= 0 && s <= 65535);
  int b = __VERIFIER_nondet_bool();
  check(b == 0 || b == 1);
  b = __VERIFIER_nondet__Bool();
  check(b == 0 || b == 1);
  unsigned long long ull = __VERIFIER_nondet_ulonglong();
  check(ull >= 0 && ull <= 18446744073709551615ULL);
  check(ull / 2 <= 9223372036854775807ULL);
  long long ll = __VERIFIER_nondet_longlong();
  check(ll >= -9223372036854775807LL - 1 && ll <= 9223372036854775807LL);
  check(ll / 2 >= -4611686018427387904LL && ll / 2 <= 4611686018427387903LL);
  return 0;
}
