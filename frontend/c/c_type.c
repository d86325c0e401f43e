/* c_type.c -- the integer type rules of the C subset (prefix c_type_): the
 * data model, widths, signedness, ranks, the integer promotions and the
 * usual arithmetic conversions (C11 6.3.1), and the conversion of constants
 * as gcc does it.  The parser (literal types, sizeof) and the translation
 * (c_expr.c) both ask here, so a rule is written once. */
#include "frontend/c/c_ast.h"

static c_model model = C_ILP32;

void c_type_set_model(c_model m) { model = m; }
c_model c_type_model(void) { return model; }

int c_type_bits(c_base b) {
  switch (b) {
  case C_VOID: return 0;
  case C_BOOL: return 1;
  case C_CHAR: case C_UCHAR: return 8;
  case C_SHORT: case C_USHORT: return 16;
  case C_INT: case C_UINT: return 32;
  case C_LONG: case C_ULONG: return model == C_LP64 ? 64 : 32;
  case C_LLONG: case C_ULLONG: return 64;
  }
  return 32;
}

int c_type_size(c_base b) {
  int n = c_type_bits(b);
  return n <= 8 ? 1 : n / 8;
}

int c_type_ptr_size(void) { return model == C_LP64 ? 8 : 4; }

c_base c_type_size_t(void) { return model == C_LP64 ? C_ULONG : C_UINT; }

bool c_type_unsigned(c_base b) {
  return b == C_BOOL || b == C_UCHAR || b == C_USHORT || b == C_UINT ||
         b == C_ULONG || b == C_ULLONG;
}

bool c_type_u64(c_base b) {
  return c_type_unsigned(b) && c_type_bits(b) == 64;
}

static int rank(c_base b) {
  switch (b) {
  case C_BOOL: return 0;
  case C_CHAR: case C_UCHAR: return 1;
  case C_SHORT: case C_USHORT: return 2;
  case C_INT: case C_UINT: return 3;
  case C_LONG: case C_ULONG: return 4;
  case C_LLONG: case C_ULLONG: return 5;
  default: return 3;
  }
}

static c_base to_unsigned(c_base b) {
  switch (b) {
  case C_CHAR: return C_UCHAR;
  case C_SHORT: return C_USHORT;
  case C_INT: return C_UINT;
  case C_LONG: return C_ULONG;
  case C_LLONG: return C_ULLONG;
  default: return b;
  }
}

/* Every type below int has fewer bits than int, so all promote to int. */
c_base c_type_promote(c_base b) {
  if (b == C_VOID) return C_VOID;
  return rank(b) < rank(C_INT) ? C_INT : b;
}

c_base c_type_usual(c_base a, c_base b) {
  a = c_type_promote(a);
  b = c_type_promote(b);
  if (a == b) return a;
  bool ua = c_type_unsigned(a), ub = c_type_unsigned(b);
  if (ua == ub) return rank(a) >= rank(b) ? a : b;
  c_base u = ua ? a : b, s = ua ? b : a;
  if (rank(u) >= rank(s)) return u;
  if (c_type_bits(s) > c_type_bits(u)) return s; /* s holds every u */
  return to_unsigned(s);
}

void c_type_range(c_base b, int64_t *lo, int64_t *hi) {
  int n = c_type_bits(b);
  if (b == C_VOID) n = 32;
  if (n == 64) { *lo = INT64_MIN; *hi = INT64_MAX; return; }
  if (c_type_unsigned(b)) { *lo = 0; *hi = ((int64_t)1 << n) - 1; return; }
  *lo = -((int64_t)1 << (n - 1));
  *hi = ((int64_t)1 << (n - 1)) - 1;
}

int64_t c_type_conv_const(int64_t v, c_base b) {
  if (b == C_VOID) return v;
  if (b == C_BOOL) return v != 0;
  int n = c_type_bits(b);
  if (n == 64) return v; /* the representation is the bits */
  uint64_t m = ((uint64_t)1 << n) - 1, x = (uint64_t)v & m;
  if (!c_type_unsigned(b) && (x >> (n - 1))) return (int64_t)(x | ~m);
  return (int64_t)x;
}

const char *c_type_name_of(c_base b) {
  static const char *names[] = {
      "void", "_Bool", "char", "unsigned char", "short", "unsigned short",
      "int", "unsigned int", "long", "unsigned long", "long long",
      "unsigned long long"};
  return names[b];
}
