/* assert.h -- car's replacement for the system assert.h (glibc's assert
 * expands to GNU statement expressions).  assert(e) is a call of the
 * builtin "assert" that the translation treats as "fails when e is 0";
 * NDEBUG is ignored on purpose: the assertion is the property checked. */
#ifndef CAR_ASSERT_H
#define CAR_ASSERT_H
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *);
extern void assert(int);
#endif
