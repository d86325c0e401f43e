/* slurm.c -- the suite as a SLURM job array.  `--slurm` writes OUT/slurm/
 * (the command line, its directory, a batch script) and submits the script
 * with sbatch, called by argv; array task K of N runs `car-bench
 * --slurm-task OUT`, which reads the command line back and runs files K,
 * K+N, ... of the selection as --jobs worker K does, into OUT/shards/K/;
 * `--collect OUT` loads the shards into one table, which main.c reports
 * with the functions of a local run. */
#include "bench.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SLURM_MAX_ARGV (1 << 20)  /* bytes of a saved command line */
#define SLURM_POLL 2              /* seconds between two squeue calls */

/* Print the --slurm options' part of --help. */
void bench_slurm_usage(FILE *f) {
  fputs(
"\n"
"On a cluster (SLURM; see README.md, \"On a cluster\"):\n"
"  --slurm              submit the suite as a job array instead of running\n"
"                       it: array task K of N runs files K, K+N, ... of the\n"
"                       selection under the same limits, one run at a time,\n"
"                       into OUT/shards/K/ (logs into OUT/logs/, so OUT must\n"
"                       be on a file system the nodes share); prints the\n"
"                       job id.  sbatch is run with no shell, on the\n"
"                       generated script OUT/slurm/job.sh\n"
"  --slurm-tasks N      array width, 1..1000 (default 10)\n"
"  --slurm-partition P  sbatch --partition=P\n"
"  --slurm-time T       sbatch --time=T (a task's whole share of the runs)\n"
"  --slurm-args 'ARGS'  more sbatch options, split like a template\n"
"                       (e.g. '--mem=8G --account=x'), after the above\n"
"  --slurm-wait         wait until the array has ended, then --collect\n"
"  --collect DIR        merge DIR/shards/*/runs.csv into DIR's runs.csv,\n"
"                       runs.json, summary.md and cactus plot, as a local\n"
"                       run writes them (missing runs: partial, exit 2)\n",
      f);
}

/* Do the --slurm options fit together?  NULL, or what is wrong. */
const char *bench_slurm_check(const bench_opts *o, int argc, char **argv) {
  const bench_slurm *s = &o->slurm;
  int alone = s->collect || s->task;
  if (alone && argc > 3)
    return "--collect DIR and --slurm-task DIR take no other option";
  for (int i = 1; i < argc && !alone && !s->submit; i++)
    if (!strncmp(argv[i], "--slurm-", 8))
      return "--slurm-tasks/-partition/-time/-args/-wait need --slurm";
  if (s->tasks < 1 || s->tasks > 1000) return "--slurm-tasks must be 1..1000";
  if (s->submit && o->jobs > 1)
    return "--slurm runs one solver at a time per task: no --jobs";
  return NULL;
}

/* s as one single-quoted sh word. */
static void sh_quote(FILE *f, const char *s) {
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'') fputs("'\\''", f);
    else fputc(*s, f);
  }
  fputc('\'', f);
}

/* OUT/slurm/argv (each argument NUL-terminated), OUT/slurm/cwd and the
 * batch script OUT/slurm/job.sh, which runs `car-bench --slurm-task OUT`
 * by absolute paths.  0 on success. */
static int write_setup(const char *sdir, const char *out, int argc,
                       char **argv) {
  char cwd[PATH_MAX], exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (!getcwd(cwd, sizeof cwd) || n <= 0) return -1;
  exe[n] = 0;
  char *pa = bench_fmt("%s/argv", sdir), *pc = bench_fmt("%s/cwd", sdir);
  char *ps = bench_fmt("%s/job.sh", sdir);
  FILE *fa = fopen(pa, "w"), *fc = fopen(pc, "w"), *fs = fopen(ps, "w");
  int rc = fa && fc && fs ? 0 : -1;
  for (int i = 0; fa && i < argc; i++) fwrite(argv[i], 1, strlen(argv[i]) + 1, fa);
  if (fc) fputs(cwd, fc);
  if (fs) {
    fputs("#!/bin/sh\n# Written by car-bench --slurm: array task K runs "
          "files K, K+N, ... of the\n# suite (command line: argv here) into "
          "shards/K/ of the output directory.\nexec ", fs);
    sh_quote(fs, exe);
    fputs(" --slurm-task ", fs);
    sh_quote(fs, out);
    fputc('\n', fs);
  }
  if (fa && fclose(fa)) rc = -1;
  if (fc && fclose(fc)) rc = -1;
  if (fs && fclose(fs)) rc = -1;
  if (!rc) chmod(ps, 0755);
  free(pa); free(pc); free(ps);
  return rc;
}

/* The sbatch command line (NULL-terminated, malloc'd words), or NULL when
 * --slurm-args does not split. */
static char **sbatch_argv(const bench_opts *o, const char *out) {
  char **extra = NULL;
  const char *err = NULL;
  int nextra = 0;
  if (o->slurm.args && (nextra = bench_tmpl_split(o->slurm.args, &extra,
                                                  &err)) < 0) {
    fprintf(stderr, "car-bench: --slurm-args: %s\n", err);
    return NULL;
  }
  char **v = bench_alloc(sizeof *v * (size_t)(nextra + 10));
  int n = 0;
  v[n++] = bench_strdup("sbatch");
  v[n++] = bench_strdup("--parsable");
  v[n++] = bench_fmt("--array=1-%d", o->slurm.tasks);
  v[n++] = bench_strdup("--job-name=car-bench");
  v[n++] = bench_fmt("--output=%s/slurm/task-%%a.log", out);
  if (o->slurm.partition)
    v[n++] = bench_fmt("--partition=%s", o->slurm.partition);
  if (o->slurm.time) v[n++] = bench_fmt("--time=%s", o->slurm.time);
  for (int i = 0; i < nextra; i++) v[n++] = extra[i];
  v[n++] = bench_fmt("%s/slurm/job.sh", out);
  free(extra);
  return v;
}

/* Wait until squeue lists no task of job id (of this user), polling every
 * SLURM_POLL s; 0, or -1 when squeue failed 5 times in a row. */
static int wait_job(const char *id) {
  char *argv[] = {"squeue", "-h", "--me", "-r", "-o", "%F", NULL};
  for (int fails = 0; fails < 5;) {
    char *list = bench_proc_output_limit(argv, 1 << 22, 60);
    if (!list) {
      fails++;
    } else {
      fails = 0;
      int found = 0;
      for (char *l = strtok(list, "\n"); l && !found; l = strtok(NULL, "\n"))
        found = !strcmp(l, id);
      free(list);
      if (!found) return 0;
    }
    sleep(SLURM_POLL);
  }
  return -1;
}

/* What the user is told at submission: the job, and how long a task may
 * take under the limits (for --slurm-time). */
static void tell_submitted(const bench_opts *o, const bench_table *t,
                           const char *id) {
  int per = (t->nfile + o->slurm.tasks - 1) / o->slurm.tasks;
  double secs = per * o->ncfg * (bench_hard_limit(o) + o->grace);
  long s = (long)secs + 1;
  fprintf(stderr, "car-bench: submitted SLURM job %s: %d array tasks, task K "
                  "runs files K, K+%d, ... (at most %d files x %d "
                  "configurations, %ld:%02ld:%02ld at the limits) into "
                  "%s/shards/K/\n",
          id, o->slurm.tasks, o->slurm.tasks, per, o->ncfg, s / 3600,
          s / 60 % 60, s % 60, o->out);
  if (!o->slurm.wait)
    fprintf(stderr, "car-bench: when it has ended: car-bench --collect %s\n",
            o->out);
  else
    fprintf(stderr, "car-bench: waiting for it (an interrupt stops the "
                    "waiting, not the job: scancel %s; car-bench --collect "
                    "%s)\n", id, o->out);
}

/* The job id sbatch --parsable printed ("ID" or "ID;CLUSTER"), or NULL. */
static char *read_job_id(const char *path) {
  char *text = bench_read_file(path, 4096, 0);
  if (!text) return NULL;
  size_t n = strspn(text, "0123456789");
  char *id = n ? bench_strndup(text, n) : NULL;
  free(text);
  return id;
}

/* Submit the array (see bench.h for the contract). */
int bench_slurm_submit(bench_opts *o, const bench_table *t, int argc,
                       char **argv) {
  char out[PATH_MAX];
  char *sdir = bench_fmt("%s/slurm", o->out);
  char *shards = bench_fmt("%s/shards", o->out);
  bench_rmtree(shards);                 /* an earlier array's runs */
  int rc = 2;
  char **v = NULL;
  if (!bench_on_path("sbatch"))
    fprintf(stderr, "car-bench: --slurm: sbatch is not on PATH\n");
  else if (bench_mkdirs(sdir) || !realpath(o->out, out) ||
           write_setup(sdir, out, argc, argv))
    fprintf(stderr, "car-bench: cannot write %s\n", sdir);
  else if ((v = sbatch_argv(o, out))) {
    char *idfile = bench_fmt("%s/job", sdir);
    int code = bench_proc_status(v, idfile, 0);
    char *id = code == 0 ? read_job_id(idfile) : NULL;
    if (!id) {
      fprintf(stderr, "car-bench: sbatch failed (exit %d); nothing was "
                      "submitted\n", code);
    } else {
      o->slurm.job = id;
      tell_submitted(o, t, id);
      rc = 0;
      if (o->slurm.wait && wait_job(id)) {
        fprintf(stderr, "car-bench: squeue keeps failing: collect later with "
                        "car-bench --collect %s\n", o->out);
        rc = 2;
      }
    }
    free(idfile);
    for (int i = 0; v[i]; i++) free(v[i]);
    free(v);
  }
  free(sdir);
  free(shards);
  return rc;
}

/* Read the submitted command line back (see bench.h for the contract). */
int bench_slurm_reload(const char *dir, int *argc, char ***argv, char **out) {
  char abs[PATH_MAX];
  char *pa = bench_fmt("%s/slurm/argv", dir), *pc = bench_fmt("%s/slurm/cwd",
                                                              dir);
  char *buf = bench_alloc(SLURM_MAX_ARGV + 1);
  char *cwd = bench_read_file(pc, PATH_MAX, 0);
  FILE *f = fopen(pa, "rb");
  size_t n = f ? fread(buf, 1, SLURM_MAX_ARGV, f) : 0;
  if (f) fclose(f);
  int rc = 0;
  if (!f || !cwd || !n || buf[n - 1] || !realpath(dir, abs)) {
    fprintf(stderr, "car-bench: %s: no command line of a car-bench --slurm "
                    "run (%s, %s)\n", dir, pa, pc);
    rc = -1;
  } else if (chdir(cwd)) {
    fprintf(stderr, "car-bench: cannot change to %s, where the run was "
                    "submitted: %s\n", cwd, strerror(errno));
    rc = -1;
  } else {
    int k = 0;
    for (size_t i = 0; i < n; i++) k += !buf[i];
    *argv = bench_alloc(sizeof **argv * (size_t)(k + 1));
    *argc = k;
    k = 0;
    for (size_t i = 0; i < n; i += strlen(buf + i) + 1)
      (*argv)[k++] = buf + i;
    *out = bench_strdup(abs);
  }
  if (rc) free(buf);
  free(pa); free(pc); free(cwd);
  return rc;
}

/* A task's shard and its runs.csv (see bench.h for the contract). */
char *bench_slurm_shard_csv(bench_opts *o) {
  const char *id = getenv("SLURM_ARRAY_TASK_ID");
  char *end = NULL;
  long k = id ? strtol(id, &end, 10) : 0;
  if (!id || end == id || *end || k < 1 || k > o->slurm.tasks) {
    fprintf(stderr, "car-bench: --slurm-task: SLURM_ARRAY_TASK_ID is %s, "
                    "not 1..%d (this option is what car-bench --slurm's "
                    "batch script runs)\n", id ? id : "unset",
            o->slurm.tasks);
    return NULL;
  }
  o->slurm.task_id = (int)k;
  char *dir = bench_fmt("%s/shards/%ld", o->out, k);
  char *csv = bench_fmt("%s/runs.csv", dir);
  int bad = bench_mkdirs(dir);
  if (bad) fprintf(stderr, "car-bench: cannot create %s\n", dir);
  free(dir);
  if (bad) { free(csv); return NULL; }
  return csv;
}

/* Name the tasks whose runs are missing; returns how many runs are. */
static int report_missing(const bench_opts *o, const bench_table *t) {
  int n = o->slurm.tasks, missing = 0;
  int *have = bench_alloc(sizeof *have * (size_t)n);
  for (int i = 0; i < t->nrun; i++) have[t->run[i].file % n]++;
  for (int k = 0; k < n; k++) {
    int want = t->nfile > k ? ((t->nfile - 1 - k) / n + 1) * o->ncfg : 0;
    if (have[k] >= want) continue;
    fprintf(stderr, "car-bench: task %d: %d of %d runs (see %s/slurm/"
                    "task-%d.log)\n", k + 1, have[k], want, o->out, k + 1);
    missing += want - have[k];
  }
  free(have);
  return missing;
}

/* Merge the shards (see bench.h for the contract). */
int bench_slurm_collect(bench_opts *o, bench_table *t, int *failed) {
  char *idfile = bench_fmt("%s/slurm/job", o->out);
  free(o->slurm.job);                   /* --slurm-wait: the submitted id */
  o->slurm.job = read_job_id(idfile);
  if (!o->slurm.job) o->slurm.job = bench_strdup("unknown");
  free(idfile);
  int nfile = t->nfile, ncfg = t->ncfg;
  for (int k = 1; k <= o->slurm.tasks; k++) {
    char *csv = bench_fmt("%s/shards/%d/runs.csv", o->out, k);
    if (access(csv, F_OK))
      fprintf(stderr, "car-bench: task %d left no %s (not started yet, or "
                      "failed)\n", k, csv);
    else if (bench_table_load(t, csv))
      *failed = 1;
    free(csv);
  }
  if (t->nfile != nfile || t->ncfg != ncfg) {
    fprintf(stderr, "car-bench: the shards in %s/shards hold files or "
                    "configurations the submitted command does not select: "
                    "not merged\n", o->out);
    return -1;
  }
  bench_table_sort(t);
  int missing = report_missing(o, t);
  if (missing) {
    fprintf(stderr, "car-bench: %d of %d runs missing: the reports are "
                    "partial\n", missing, o->runs_total);
    o->interrupted = 1;
    *failed = 1;
  }
  return 0;
}
