/* harness.h -- force-included (gcc -include) by tests/c-gcc/verify.py. */
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
unsigned long __VERIFIER_nondet_size_t(void);
long long __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
unsigned int __VERIFIER_nondet_unsigned(void);
unsigned int __VERIFIER_nondet_u32(void);
unsigned short __VERIFIER_nondet_u16(void);
unsigned char __VERIFIER_nondet_u8(void);
_Bool __VERIFIER_nondet__Bool(void);
int unknown(void);
int nd(void);
void assume(int);
void __VERIFIER_assume(int);
void assume_abort_if_not(int);
void reach_error(void);
void __VERIFIER_error(void);
void __VERIFIER_assert(int);
void abort(void);
void exit(int);
#ifndef assert
void assert(int);
#endif
