/* check.h -- minimal unit-test helpers shared by tests/unit/test_*.c.
 * Usage: CHECK(cond); CHECK_STR(a, b); ... return check_done("name"); */
#ifndef CHECK_H
#define CHECK_H
#include <stdio.h>
#include <string.h>

static int check_pass, check_fail;
#define CHECK(c)                                                          \
  do {                                                                    \
    if (c) check_pass++;                                                  \
    else { check_fail++;                                                  \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c);} \
  } while (0)
#define CHECK_STR(a, b)                                                   \
  do {                                                                    \
    const char *_a = (a), *_b = (b);                                      \
    if (_a && _b && !strcmp(_a, _b)) check_pass++;                        \
    else { check_fail++;                                                  \
      fprintf(stderr, "%s:%d: CHECK_STR failed: \"%s\" != \"%s\"\n",      \
              __FILE__, __LINE__, _a ? _a : "(null)", _b ? _b : "(null)"); } \
  } while (0)
static inline int check_done(const char *name) {
  printf("%s: %d passed, %d failed\n", name, check_pass, check_fail);
  return check_fail ? 1 : 0;
}
#endif
