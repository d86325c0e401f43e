// expect: unsafe
// witness: 2147483647 4294967295 4294967295 -2147483648 4294967295 4294967295 -9223372036854775808 18446744073709551615 -128 255 255 -32768 65535 65535 1 1
// Each nondet function reaches the end of its type's range (ILP32).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned int __VERIFIER_nondet_u32(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern unsigned long __VERIFIER_nondet_size_t(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned char __VERIFIER_nondet_u8(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern unsigned short __VERIFIER_nondet_u16(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern _Bool __VERIFIER_nondet__Bool(void);

int main(void) {
  if (__VERIFIER_nondet_int() != 2147483647) return 0;
  if (__VERIFIER_nondet_uint() != 4294967295u) return 0;
  if (__VERIFIER_nondet_u32() != 4294967295u) return 0;
  if (__VERIFIER_nondet_long() != -2147483647 - 1) return 0;
  if (__VERIFIER_nondet_ulong() != 4294967295u) return 0;
  if (__VERIFIER_nondet_size_t() != 4294967295u) return 0;
  if (__VERIFIER_nondet_longlong() != -9223372036854775807LL - 1) return 0;
  if (__VERIFIER_nondet_ulonglong() != 18446744073709551615ULL) return 0;
  if (__VERIFIER_nondet_char() != -128) return 0;
  if (__VERIFIER_nondet_uchar() != 255) return 0;
  if (__VERIFIER_nondet_u8() != 255) return 0;
  if (__VERIFIER_nondet_short() != -32768) return 0;
  if (__VERIFIER_nondet_ushort() != 65535) return 0;
  if (__VERIFIER_nondet_u16() != 65535) return 0;
  if (__VERIFIER_nondet_bool() != 1) return 0;
  if (__VERIFIER_nondet__Bool() != 1) return 0;
  reach_error();
  return 0;
}
