// expect: safe
// options: --data-model=LP64
// The system headers agree with the data model: int64_t, uint64_t,
// LONG_MAX and size_t as gcc sees them on x86-64.
#include <stdint.h>
#include <limits.h>
#include <stddef.h>
extern void reach_error(void);

int main(void) {
  int64_t a = INT64_MAX;
  uint64_t b = UINT64_MAX;
  if (sizeof(a) != 8 || b + 1 != 0 || LONG_MAX != 9223372036854775807L ||
      sizeof(size_t) != 8 || a < 0 || (uint32_t)b != 4294967295u)
    reach_error();
  return 0;
}
