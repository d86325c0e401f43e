/* stats.c -- operations on eng_stats generated from ENG_STATS (stats.h). */
#include "engine/stats.h"

void eng_stats_copy(eng_stats *dst, const eng_stats *src, int mask) {
#define COPY(kind, field, key, group, comment)                               \
  if (mask & ENG_SG_##group) dst->field = src->field;
#define NONE(kind, field, key, group)
  ENG_STATS(COPY, NONE)
#undef COPY
#undef NONE
}
