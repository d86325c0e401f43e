// expect: safe
// Preprocessed by gcc -E -P (no line markers, as SV-COMP's .i files):
// the text of stdio.h, stdlib.h, string.h and limits.h is the program's
// own; its declarations outside the subset (structs, floats, pointers,
// function pointers, va_list) are skipped as they are unused (docs/c.md).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > INT_MAX - 1) abort();
  int y = x + 1;
  assert(y > x);
  return 0;
}
