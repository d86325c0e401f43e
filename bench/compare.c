/* compare.c -- --compare A B: a file-by-file table of two configurations. */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

static int find_config(const bench_table *t, const char *name) {
  for (int i = 0; i < t->ncfg; i++)
    if (!strcmp(t->cfg[i], name)) return i;
  return -1;
}

static void cell(FILE *f, const bench_run *r) {
  if (!r) fputs(" - | - |", f);
  else fprintf(f, " %s | %.2f |", bench_status_name(r->status), r->wall);
}

/* Print the markdown comparison of configurations a and b to f: one row per
 * file (status and wall of each, and wall(A)/wall(B) when both solve it),
 * then the counts solved by A only, B only, both, neither, and the median
 * ratio on the files both solve.  Returns 0, or -1 if a name is unknown. */
int bench_compare(const bench_table *t, const char *a, const char *b,
                  FILE *f) {
  int ca = find_config(t, a), cb = find_config(t, b);
  if (ca < 0 || cb < 0) {
    fprintf(stderr, "car-bench: --compare: no runs of configuration '%s'\n",
            ca < 0 ? a : b);
    return -1;
  }
  int only_a = 0, only_b = 0, both = 0, neither = 0, wrong_a = 0, wrong_b = 0;
  double *ratio = bench_alloc(sizeof *ratio * (size_t)(t->nfile + 1));
  double sum_a = 0, sum_b = 0;
  fprintf(f, "| file | expected | %s | %s (s) | %s | %s (s) | %s/%s |\n"
             "|---|---|---|--:|---|--:|--:|\n", a, a, b, b, a, b);
  for (int i = 0; i < t->nfile; i++) {
    const bench_run *ra = bench_table_find(t, ca, i);
    const bench_run *rb = bench_table_find(t, cb, i);
    if (!ra && !rb) continue;
    int sa = ra && bench_solved(ra->status), sb = rb && bench_solved(rb->status);
    wrong_a += ra && ra->status == BS_WRONG;
    wrong_b += rb && rb->status == BS_WRONG;
    fprintf(f, "| %s | %s |", t->file[i], bench_expected_name(t->expected[i]));
    cell(f, ra);
    cell(f, rb);
    if (sa && sb) {
      double wa = ra->wall > 0.001 ? ra->wall : 0.001;
      double wb = rb->wall > 0.001 ? rb->wall : 0.001;
      ratio[both++] = wa / wb;
      sum_a += ra->wall;
      sum_b += rb->wall;
      fprintf(f, " %.2f |\n", wa / wb);
    } else {
      fputs(" - |\n", f);
      if (sa) only_a++;
      else if (sb) only_b++;
      else neither++;
    }
  }
  fprintf(f, "\nsolved by %s only: %d\nsolved by %s only: %d\n"
             "solved by both: %d\nsolved by neither: %d\n",
          a, only_a, b, only_b, both, neither);
  if (both)
    fprintf(f, "on the %d files both solve: median %s/%s time ratio %.2f, "
               "total %.2f s vs %.2f s\n",
            both, a, b, bench_median(ratio, both), sum_a, sum_b);
  if (wrong_a || wrong_b)
    fprintf(f, "WRONG verdicts: %s %d, %s %d\n", a, wrong_a, b, wrong_b);
  free(ratio);
  return 0;
}
