/* vec.h -- growable arrays on the GC heap: the one macro set for arrays
 * that grow (prefix VEC_).  An array is three lvalues: the pointer p (NULL
 * when empty), the count n and, for amortised growth, the capacity cap.
 *   VEC_PUSH(T, p, n, cap, x)    appends x, doubling cap (first 8);
 *   VEC_RESERVE(T, p, n, cap, k) makes room for k more elements;
 *   VEC_APPEND(T, p, n, x)       appends x to an array of exactly n
 *                                elements (no cap: the IR's exact arrays);
 *   VEC_FIT(T, q, cap)           resizes q to cap elements: an array
 *                                parallel to one VEC_RESERVE just grew
 *                                (both indexed by the same n, one cap);
 * the _ATOMIC variants allocate pointer-free memory (GC_MALLOC_ATOMIC; a
 * reallocated block keeps its kind).  Each evaluates p, n, cap more than
 * once: pass plain lvalues, no side effects. */
#ifndef CLP_VEC_H
#define CLP_VEC_H
#include "clp/mem.h"

#define VEC_GROW_TO_(T, p, cap, want, NEWF)                                   \
  do {                                                                        \
    if ((want) > (cap)) {                                                     \
      __typeof__((cap) + 0) vec_c_ = (cap) ? (cap) : 8;                     \
      while (vec_c_ < (want)) vec_c_ *= 2;                                    \
      (p) = (p) ? GROW(T, (p), vec_c_) : NEWF(T, vec_c_);                     \
      (cap) = vec_c_;                                                         \
    }                                                                         \
  } while (0)

#define VEC_RESERVE(T, p, n, cap, k) VEC_GROW_TO_(T, p, cap, (n) + (k), NEW_N)
#define VEC_RESERVE_ATOMIC(T, p, n, cap, k)                                   \
  VEC_GROW_TO_(T, p, cap, (n) + (k), NEW_ATOMIC_N)

#define VEC_PUSH(T, p, n, cap, x)                                             \
  do {                                                                        \
    VEC_RESERVE(T, p, n, cap, 1);                                             \
    (p)[(n)++] = (x);                                                         \
  } while (0)
#define VEC_PUSH_ATOMIC(T, p, n, cap, x)                                      \
  do {                                                                        \
    VEC_RESERVE_ATOMIC(T, p, n, cap, 1);                                      \
    (p)[(n)++] = (x);                                                         \
  } while (0)

#define VEC_FIT(T, q, cap) ((q) = (q) ? GROW(T, (q), (cap)) : NEW_N(T, (cap)))
#define VEC_FIT_ATOMIC(T, q, cap)                                             \
  ((q) = (q) ? GROW(T, (q), (cap)) : NEW_ATOMIC_N(T, (cap)))

#define VEC_APPEND_(T, p, n, x, NEWF)                                         \
  do {                                                                        \
    (p) = (p) ? GROW(T, (p), (n) + 1) : NEWF(T, 1);                           \
    (p)[(n)++] = (x);                                                         \
  } while (0)
#define VEC_APPEND(T, p, n, x) VEC_APPEND_(T, p, n, x, NEW_N)
#define VEC_APPEND_ATOMIC(T, p, n, x) VEC_APPEND_(T, p, n, x, NEW_ATOMIC_N)

#endif
