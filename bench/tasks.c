/* tasks.c -- a suite of SV-COMP task definitions: --suite SET.set (lines of
 * globs of .yml task files, relative to the .set's directory, '#'
 * comments) or --suite DIR holding .yml files (searched recursively) and
 * no expected.csv.  Each task is read by car's own reader (driver/task.c,
 * YAML subset of driver/yml.c, positioned errors): its file in the suite is
 * the .yml itself (so {file} is the task, which car reads with its data
 * model; {program} and {data_model} give other solvers the program and
 * its data model), its expected answer the expected_verdict of its
 * unreach-call property (true = safe, false = unsafe, none = unknown).  Tasks without an
 * unreach-call property, or not in C, are left out (counted on stderr). */
#include "bench.h"

#include <dirent.h>
#include <gc.h>
#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "driver/task.h"

typedef struct loader {
  const bench_opts *o;
  bench_table *t;
  const char *base;          /* the suite's directory */
  int bad;                   /* task files with errors */
  int skipped;               /* tasks that are not unreach-call in C */
} loader;

static int is_task(const char *path) {
  return bench_ends_with(path, ".yml") || bench_ends_with(path, ".yaml");
}

/* Read the task at base/rel and add it to the suite (unless filtered out,
 * past --limit, or not an unreach-call task); errors are printed. */
static void add_task(loader *l, const char *rel) {
  if (!bench_suite_wanted(l->o, rel) ||
      (l->o->limit && l->t->nfile >= l->o->limit) ||
      bench_table_file(l->t, rel) >= 0)
    return;
  char *path = bench_fmt("%s/%s", l->base, rel);
  fe_diags d = {0};
  task_def def;
  if (!task_load(path, &def, &d)) {
    fputs(fe_diags_text(&d), stderr);
    l->bad++;
  } else if (def.unknown) {
    l->skipped++;
  } else {
    int i = bench_table_add_file(l->t, rel, def.expected == 1 ? BE_SAFE
                                            : def.expected == 0 ? BE_UNSAFE
                                                                : BE_UNKNOWN);
    char prog[PATH_MAX];
    bench_table_task(l->t, i, realpath(def.input, prog) ? prog : def.input,
                     def.data_model);
  }
  free(path);
}

/* One line of a .set (text without the comment and blanks, at line no,
 * column col): its glob's task files, in sorted order. */
static void set_line(loader *l, const char *set, int no, int col,
                     const char *pat) {
  char *full = bench_fmt("%s/%s", l->base, pat);
  glob_t g;
  int rc = glob(full, 0, NULL, &g);
  size_t cut = strlen(l->base) + 1;
  if (rc == GLOB_NOMATCH)
    fprintf(stderr, "%s:%d:%d: warning: no file matches '%s'\n", set, no,
            col, pat);
  for (size_t i = 0; rc == 0 && i < g.gl_pathc; i++) {
    const char *p = g.gl_pathv[i];
    if (!is_task(p)) {
      fprintf(stderr, "%s:%d:%d: error: '%s' is not a task definition "
                      "(.yml or .yaml)\n", set, no, col, p);
      l->bad++;
    } else {
      add_task(l, p + cut);
    }
  }
  if (rc == 0) globfree(&g);
  free(full);
}

/* Read the .set file at path: one glob a line, '#' starts a comment. */
static int load_set(loader *l, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "car-bench: cannot read %s\n", path);
    return -1;
  }
  char line[8192];
  for (int no = 1; fgets(line, sizeof line, f); no++) {
    line[strcspn(line, "#\r\n")] = 0;
    char *p = line + strspn(line, " \t");
    size_t n = strlen(p);
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t')) p[--n] = 0;
    if (n) set_line(l, path, no, (int)(p - line) + 1, p);
  }
  fclose(f);
  return 0;
}

static int hidden(const struct dirent *e) { return e->d_name[0] != '.'; }

/* Every task file under base/rel (rel "" for base itself), recursively, in
 * sorted order of names. */
static void load_dir(loader *l, const char *rel) {
  char *dir = *rel ? bench_fmt("%s/%s", l->base, rel) : bench_strdup(l->base);
  struct dirent **ents;
  int n = scandir(dir, &ents, hidden, alphasort);
  for (int i = 0; i < n; i++) {
    char *sub = *rel ? bench_fmt("%s/%s", rel, ents[i]->d_name)
                     : bench_strdup(ents[i]->d_name);
    char *full = bench_fmt("%s/%s", l->base, sub);
    struct stat st;
    if (!stat(full, &st) && S_ISDIR(st.st_mode)) load_dir(l, sub);
    else if (is_task(sub)) add_task(l, sub);
    free(sub);
    free(full);
    free(ents[i]);
  }
  if (n >= 0) free(ents);
  free(dir);
}

/* Whether the directory dir holds a task file (recursively). */
int bench_tasks_in_dir(const char *dir) {
  struct dirent **ents;
  int n = scandir(dir, &ents, hidden, alphasort), found = 0;
  for (int i = 0; i < n; i++) {
    char *full = bench_fmt("%s/%s", dir, ents[i]->d_name);
    struct stat st;
    if (!found && !stat(full, &st))
      found = S_ISDIR(st.st_mode) ? bench_tasks_in_dir(full)
                                  : is_task(ents[i]->d_name);
    free(full);
    free(ents[i]);
  }
  if (n >= 0) free(ents);
  return found;
}

/* Read the task suite o->suite (a .set file or a directory) into t.
 * Returns 0, or -1 after printing every bad task's errors. */
int bench_tasks_load(const bench_opts *o, bench_table *t) {
  GC_INIT();                            /* the task reader's heap */
  loader l = {o, t, o->suite_dir, 0, 0};
  int rc = bench_ends_with(o->suite, ".set") ? load_set(&l, o->suite)
                                       : (load_dir(&l, ""), 0);
  if (l.skipped)
    fprintf(stderr, "car-bench: %d task(s) without an unreach-call property "
                    "in C left out\n", l.skipped);
  if (l.bad) {
    fprintf(stderr, "car-bench: %s: %d bad task file(s); nothing was run\n",
            o->suite, l.bad);
    return -1;
  }
  if (!rc && !t->nfile)
    fprintf(stderr, "car-bench: warning: no tasks selected from %s\n",
            o->suite);
  return rc;
}
