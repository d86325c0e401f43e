/* mem.h -- typed allocation on the Boehm GC heap (the only IR allocator).
 * Nothing that points into the GC heap is stored in malloc'd or Z3 memory. */
#ifndef CLP_MEM_H
#define CLP_MEM_H
#include <gc.h>
#include <string.h>

#define NEW(T) ((T *)GC_MALLOC(sizeof(T)))
#define NEW_N(T, n) ((T *)GC_MALLOC(sizeof(T) * (size_t)((n) > 0 ? (n) : 1)))
#define NEW_ATOMIC_N(T, n) \
  ((T *)GC_MALLOC_ATOMIC(sizeof(T) * (size_t)((n) > 0 ? (n) : 1)))
#define GROW(T, p, n) ((T *)GC_REALLOC((p), sizeof(T) * (size_t)(n)))

/* GC copy of a C string. */
static inline char *clp_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = NEW_ATOMIC_N(char, n);
  memcpy(d, s, n);
  return d;
}
#endif
