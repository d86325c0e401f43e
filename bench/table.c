/* table.c -- the run table: configurations, files, runs; runs.csv loading. */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

/* Index of configuration name, added when new. */
int bench_table_config(bench_table *t, const char *name) {
  for (int i = 0; i < t->ncfg; i++)
    if (!strcmp(t->cfg[i], name)) return i;
  t->cfg = bench_grow(t->cfg, sizeof *t->cfg * (size_t)(t->ncfg + 1));
  t->cfg[t->ncfg] = bench_strdup(name);
  return t->ncfg++;
}

/* Index of a file (relative path), or -1. */
int bench_table_file(bench_table *t, const char *file) {
  for (int i = 0; i < t->nfile; i++)
    if (!strcmp(t->file[i], file)) return i;
  return -1;
}

/* Index of file, added with expected answer e when new. */
int bench_table_add_file(bench_table *t, const char *file, bench_expected e) {
  int i = bench_table_file(t, file);
  if (i >= 0) return i;
  t->file = bench_grow(t->file, sizeof *t->file * (size_t)(t->nfile + 1));
  t->expected = bench_grow(t->expected,
                           sizeof *t->expected * (size_t)(t->nfile + 1));
  t->file[t->nfile] = bench_strdup(file);
  t->expected[t->nfile] = e;
  return t->nfile++;
}

/* Record file i's task (tasks.c): program and data model, copied. */
void bench_table_task(bench_table *t, int i, const char *program,
                      const char *data_model) {
  size_t n = sizeof(char *) * (size_t)t->nfile;
  t->program = bench_grow(t->program, n);
  t->data_model = bench_grow(t->data_model, n);
  t->program[i] = bench_strdup(program);
  t->data_model[i] = bench_strdup(data_model ? data_model : "");
}

/* A fresh zeroed run appended to the table. */
bench_run *bench_table_add(bench_table *t) {
  if (t->nrun == t->caprun) {
    t->caprun = t->caprun ? 2 * t->caprun : 64;
    t->run = bench_grow(t->run, sizeof *t->run * (size_t)t->caprun);
  }
  bench_run *r = &t->run[t->nrun++];
  memset(r, 0, sizeof *r);
  return r;
}

/* The run of configuration cfg on file, or NULL. */
const bench_run *bench_table_find(const bench_table *t, int cfg, int file) {
  for (int i = 0; i < t->nrun; i++)
    if (t->run[i].config == cfg && t->run[i].file == file) return &t->run[i];
  return NULL;
}

/* Load runs.csv (config,file,expected,verdict,status,wall,cpu,rss_kb,exit,
 * and the --stats columns, which older files lack) into t.  Returns 0, or prints an error and returns -1. */
int bench_table_load(bench_table *t, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { fprintf(stderr, "car-bench: cannot read %s\n", path); return -1; }
  char line[8192];
  int lineno = 0, rc = 0;
  while (fgets(line, sizeof line, f)) {
    char *fld[9 + BENCH_NSTATS];
    lineno++;
    int n = bench_csv_split(line, fld, 9 + BENCH_NSTATS);
    if (lineno == 1) { for (int i = 0; i < n; i++) free(fld[i]); continue; }
    bench_expected e;
    bench_verdict v;
    bench_status s;
    if ((n != 9 && n != 9 + BENCH_NSTATS) || !bench_expected_parse(fld[2], &e) ||
        !bench_verdict_parse(fld[3], &v) || !bench_status_parse(fld[4], &s)) {
      fprintf(stderr, "car-bench: %s:%d: malformed run\n", path, lineno);
      rc = -1;
    } else {
      bench_run *r = bench_table_add(t);
      r->config = bench_table_config(t, fld[0]);
      r->file = bench_table_add_file(t, fld[1], e);
      r->verdict = v;
      r->status = s;
      r->wall = atof(fld[5]);
      r->cpu = atof(fld[6]);
      r->rss_kb = atol(fld[7]);
      r->exit = atoi(fld[8]);
      for (int i = 0; i + 9 < n; i++)
        if (fld[9 + i][0]) {
          r->stat[i] = atof(fld[9 + i]);
          r->stat_set |= 1u << i;
        }
    }
    for (int i = 0; i < n; i++) free(fld[i]);
  }
  fclose(f);
  return rc;
}

static int cmp_run(const void *a, const void *b) {
  const bench_run *x = a, *y = b;
  if (x->file != y->file) return x->file < y->file ? -1 : 1;
  return x->config < y->config ? -1 : x->config > y->config;
}

/* Sort the runs by file, then configuration (the order of --jobs 1). */
void bench_table_sort(bench_table *t) {
  if (t->nrun > 1)
    qsort(t->run, (size_t)t->nrun, sizeof *t->run, cmp_run);
}
