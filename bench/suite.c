/* suite.c -- read a suite: expected.csv (file,expected[,...]) with paths
 * relative to the suite directory, or SV-COMP tasks (tasks.c); apply
 * --filter and --limit. */
#include "bench.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether file (relative to the suite) is selected by --filter. */
int bench_suite_wanted(const bench_opts *o, const char *file) {
  if (!o->nfilter) return 1;
  for (int i = 0; i < o->nfilter; i++)
    if (!fnmatch(o->filter[i], file, 0)) return 1;
  return 0;
}

/* The directory a suite's file paths are relative to: SUITE itself, or
 * the directory of a .set file (malloc'd). */
char *bench_suite_dir(const char *suite) {
  if (!bench_ends_with(suite, ".set")) return bench_strdup(suite);
  const char *slash = strrchr(suite, '/');
  return slash ? bench_strndup(suite, (size_t)(slash - suite) + (slash == suite))
               : bench_strdup(".");
}

/* Read the suite into t: a .set file or a directory of SV-COMP tasks
 * without expected.csv (tasks.c), else the expected.csv (files in order of
 * the CSV, each once), keeping those matching a --filter glob, at most
 * --limit of them.  Returns 0, or prints an error and returns -1. */
int bench_suite_load(const bench_opts *o, bench_table *t) {
  if (!o->expected) {
    char *csv = bench_fmt("%s/expected.csv", o->suite);
    int tasks = bench_ends_with(o->suite, ".set") ||
                (access(csv, F_OK) && bench_tasks_in_dir(o->suite));
    free(csv);
    if (tasks) return bench_tasks_load(o, t);
  }
  char *path = o->expected ? bench_strdup(o->expected)
                           : bench_fmt("%s/expected.csv", o->suite);
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "car-bench: cannot read %s (a suite needs an "
                    "expected.csv with columns file,expected)\n", path);
    free(path);
    return -1;
  }
  char line[8192];
  int lineno = 0, rc = 0;
  while (fgets(line, sizeof line, f) && !rc) {
    char *fld[2] = {0, 0};
    lineno++;
    int n = bench_csv_split(line, fld, 2);
    bench_expected e;
    if (lineno == 1 && n >= 1 && !strcmp(fld[0], "file")) {
      /* header */
    } else if (n == 1 && !fld[0][0]) {
      /* blank line */
    } else if (n < 2 || !fld[0][0] || !bench_expected_parse(fld[1], &e)) {
      fprintf(stderr, "car-bench: %s:%d: expected 'file,expected' with "
              "expected one of safe, unsafe, sat, unsat, unknown\n",
              path, lineno);
      rc = -1;
    } else if (bench_suite_wanted(o, fld[0]) && (!o->limit || t->nfile < o->limit)) {
      bench_table_add_file(t, fld[0], e);
    }
    for (int i = 0; i < n; i++) free(fld[i]);
  }
  fclose(f);
  if (!rc && !t->nfile)
    fprintf(stderr, "car-bench: warning: no files selected from %s\n", path);
  free(path);
  return rc;
}
