/* bench.h -- car-bench, the benchmark runner (prefix bench_).  Plain C11 +
 * POSIX; of car's code it links only the SV-COMP task reader
 * (driver/task.c, driver/yml.c, for tasks.c), on the GC heap.
 *
 * Data flow: main.c parses the command line into a bench_opts, suite.c reads
 * the suite (expected.csv, or SV-COMP tasks: tasks.c) into a bench_table,
 * proc.c runs one command under limits (the resident one in rss.c; and
 * waits for the --jobs workers), verdict.c reads the verdict and
 * classifies the run, report.c writes runs.csv / runs.json / summary.md,
 * plot.c draws the cactus plot, compare.c prints the file-by-file
 * comparison of two configurations and slurm.c submits the suite as a SLURM
 * job array and collects its shards for report.c. */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* What a solver said (read from its output by a verdict rule). */
typedef enum {
  BV_NONE,      /* no recognised verdict */
  BV_SAFE,      /* safe / sat */
  BV_UNSAFE,    /* unsafe / unsat */
  BV_UNKNOWN,   /* the solver gave up */
  BV_TIMEOUT,   /* the solver reported its own timeout */
  BV_MEMOUT,    /* the solver reported running out of memory */
  BV_ERROR      /* the solver reported an error */
} bench_verdict;

/* What the reference answer is (expected.csv; sat/unsat normalised). */
typedef enum { BE_SAFE, BE_UNSAFE, BE_UNKNOWN } bench_expected;

/* How a run is classified (see README.md, "Classification"). */
typedef enum {
  BS_CORRECT,   /* definite verdict equal to the expected one */
  BS_WRONG,     /* definite verdict opposite to the expected one */
  BS_UNCHECKED, /* definite verdict, expected is unknown */
  BS_UNKNOWN,   /* solver answered unknown in time */
  BS_TIMEOUT,   /* wall/CPU limit hit, or the solver said timeout */
  BS_MEMOUT,    /* memory limit hit */
  BS_ERROR,     /* anything else: crash, no verdict, cannot exec */
  BS_COUNT
} bench_status;

/* One verdict rule: maps solver output to a verdict. */
typedef struct bench_match {
  char *text;                 /* word (first token) or substring */
  int substring;              /* 1: "/text/" matches anywhere in a line */
  bench_verdict verdict;
} bench_match;

typedef struct bench_rule {
  bench_match *m;             /* user mappings, tried first */
  int nm;
  int exit_code[8];           /* exit=N:VERDICT mappings */
  bench_verdict exit_verdict[8];
  int nexit;
  int scan_any;               /* 0: first non-empty line; 1: any line */
  int use_stderr;             /* read stderr instead of stdout */
  int no_default;             /* do not fall back to the default words */
} bench_rule;

/* A solver configuration: a name and an argv template. */
typedef struct bench_config {
  char *name;
  char *tmpl;                 /* template text, as given (for reports) */
  char **argv;                /* split template, placeholders unexpanded */
  int argc;
  bench_rule rule;
} bench_config;

/* car's --stats lines read from a run's stderr (stats.c): the keys car
 * prints (time-parse, ...) and the runs.csv columns (time_parse, ...). */
#define BENCH_NSTATS 10
extern const char *const bench_stat_key[BENCH_NSTATS];
extern const char *const bench_stat_col[BENCH_NSTATS];

/* One run: a file under a configuration. */
typedef struct bench_run {
  int config, file;           /* indices into bench_table */
  bench_verdict verdict;
  bench_status status;
  double wall, cpu;           /* seconds */
  long rss_kb;                /* peak resident set size */
  int exit;                   /* exit code, 128+signal, -1 not run */
  double stat[BENCH_NSTATS];  /* car's --stats, where stat_set has bit i */
  unsigned stat_set;
} bench_run;

/* Everything a report needs: names, expected answers and runs. */
typedef struct bench_table {
  char **cfg;                 /* configuration names */
  int ncfg;
  char **file;                /* file paths relative to the suite */
  bench_expected *expected;
  char **program;             /* task suites: per file the task's program
                                 (absolute) or NULL; NULL for a csv suite */
  char **data_model;          /* task suites: ILP32, LP64 or "" */
  int nfile;
  bench_run *run;
  int nrun, caprun;
} bench_table;

/* The SLURM options (slurm.c; README.md, "On a cluster"). */
typedef struct bench_slurm {
  int submit;                 /* --slurm: submit a job array, run nothing */
  int tasks;                  /* --slurm-tasks N: array width (default 10) */
  const char *partition;      /* --slurm-partition P */
  const char *time;           /* --slurm-time T (sbatch --time) */
  const char *args;           /* --slurm-args '...': more sbatch words */
  int wait;                   /* --slurm-wait: wait for the array, collect */
  const char *collect;        /* --collect DIR: merge DIR/shards/K */
  const char *task;           /* --slurm-task DIR: one array task (the
                                 generated batch script runs this) */
  int task_id;                /* that task's shard, 1..tasks */
  char *job;                  /* job id of a collected run (NULL: none) */
} bench_slurm;

/* Command-line options. */
typedef struct bench_opts {
  const char *suite;          /* suite directory or .set file */
  char *suite_dir;            /* the directory file paths are relative to */
  const char *expected;       /* expected.csv (default SUITE/expected.csv) */
  const char **filter;        /* globs over relative paths (any matches) */
  int nfilter;
  int limit;                  /* 0 = all files */
  bench_config *cfg;
  int ncfg;
  double timeout;             /* seconds per run */
  long memory_mb;             /* 0 = no memory limit */
  long rss_mb;                /* resident-memory limit (rss.c), 0 = none */
  double grace;               /* SIGTERM -> SIGKILL delay, seconds */
  const char *reference;      /* reference configuration name */
  const char *out;            /* output directory */
  const char *compare_a, *compare_b;
  const char *car;            /* value of {car} */
  char *car_version;          /* `{car} --version`, lines joined by "; "
                                 (NULL: no template uses {car}) */
  char **tool_version;        /* per configuration: `PROGRAM --version`'s
                                 first line, or "unknown" */
  int runs_total;             /* files x configurations selected */
  int interrupted;            /* the reports are of a partial run */
  int jobs;                   /* worker processes (1..64; 1 = no overlap) */
  int quiet;                  /* no progress lines */
  int keep_logs;              /* keep empty log files too */
  const char *cmdline;        /* the command line, for the reports */
  bench_slurm slurm;
} bench_opts;

/* Result of one process run (proc.c). */
typedef struct bench_proc {
  double wall, cpu;
  long rss_kb;
  int exited, code, signaled, sig;
  int timed_out;              /* the parent killed it at the deadline */
  int exec_failed;            /* execvp failed (exit 127) */
  int mem_out;                /* stopped over the --rss limit (rss.c) */
} bench_proc;

/* util.c */
void *bench_alloc(size_t n);                  /* zeroed; exits on failure */
void *bench_grow(void *p, size_t n);          /* realloc; exits on failure */
char *bench_strdup(const char *s);
char *bench_strndup(const char *s, size_t n);
char *bench_fmt(const char *fmt, ...);        /* malloc'd printf */
int bench_ends_with(const char *s, const char *suffix);
double bench_now(void);                       /* monotonic seconds */
double bench_median(double *v, int n);        /* sorts v; 0 if n == 0 */
int bench_mkdirs(const char *path);           /* mkdir -p; 0 on success */
void bench_rmtree(const char *path);          /* rm -rf */
char *bench_read_file(const char *path, size_t max, int tail); /* or NULL */
int bench_on_path(const char *prog);          /* executable found on PATH */
void bench_csv_field(FILE *f, const char *s); /* RFC 4180 quoting */
void bench_json_str(FILE *f, const char *s);  /* JSON string literal */
/* Split one CSV line into at most max fields (quotes honoured); fields are
 * malloc'd; returns the number of fields. */
int bench_csv_split(const char *line, char **field, int max);

/* names.c: enum <-> text. */
const char *bench_verdict_name(bench_verdict v);
const char *bench_status_name(bench_status s);
const char *bench_expected_name(bench_expected e);
int bench_verdict_parse(const char *s, bench_verdict *v);   /* 1 if known */
int bench_status_parse(const char *s, bench_status *st);
int bench_expected_parse(const char *s, bench_expected *e); /* sat->safe */
int bench_solved(bench_status s);             /* correct or unchecked */

/* suite.c: read expected.csv into t->file/t->expected, or a task suite
 * (a .set, or a directory of .yml tasks without expected.csv: tasks.c),
 * apply --filter and --limit.  Returns 0, or prints an error and returns
 * -1. */
int bench_suite_load(const bench_opts *o, bench_table *t);
/* Whether file (relative to the suite) matches a --filter glob (or none
 * is given). */
int bench_suite_wanted(const bench_opts *o, const char *file);
/* The directory the suite's file paths are relative to: SUITE, or the
 * directory of SUITE.set (malloc'd). */
char *bench_suite_dir(const char *suite);

/* tasks.c: SV-COMP task suites.  bench_tasks_load reads o->suite (a .set
 * of globs of .yml files relative to its directory, '#' comments; or a
 * directory of .yml files, recursively) with car's task reader: each task
 * is a file of the suite, expected = unreach-call's expected_verdict;
 * tasks without unreach-call (or not C) are left out.  Bad task files:
 * "FILE:LINE:COL: error: ..." each, then -1.  0 on success. */
int bench_tasks_load(const bench_opts *o, bench_table *t);
/* Whether the directory holds a .yml/.yaml file (recursively). */
int bench_tasks_in_dir(const char *dir);

/* tmpl.c: split a template into words (single/double quotes, backslash);
 * returns argc or -1 with *err set.  bench_config_parse takes NAME=TEMPLATE
 * or a preset name (car, car-indexed, car-dfs, z3, z3-emit). */
int bench_tmpl_split(const char *s, char ***argv, const char **err);
int bench_config_parse(const char *arg, bench_config *c);
/* Expand {file} {timeout} {memory} {rss} {tmp} {car} {program}
 * {data_model} in every word ({program}: the task's program, else file;
 * {data_model}: the task's, else ""; NULL for either means that). */
char **bench_tmpl_expand(const bench_config *c, const char *file,
                         const bench_opts *o, const char *tmp,
                         const char *program, const char *data_model);
void bench_presets_print(FILE *f);
/* The runner's own deadline for a run (seconds): {timeout} (the timeout
 * rounded up) + 1 s + 5%, so that a solver given {timeout} ends on its own
 * and its answer (car: unknown, reason timeout, with statistics) is what
 * the logs hold.  A run is still classified by --timeout itself. */
double bench_hard_limit(const bench_opts *o);

/* proc.c: run argv with cwd unchanged, stdin /dev/null, stdout and stderr to
 * the given files, in its own process group, with RLIMIT_AS = memory_mb,
 * the resident limit rss_mb (rss.c; 0 = none), RLIMIT_CPU as a backstop,
 * and the wall-clock deadline enforced by the parent (SIGTERM to the group,
 * SIGKILL after grace).  Sets *interrupted when SIGINT/SIGTERM arrived (the
 * run is killed).  Returns 0, or -1 when fork failed. */
int bench_proc_run(char **argv, const char *out_path, const char *err_path,
                   double timeout, long memory_mb, long rss_mb, double grace,
                   const char *tmp, bench_proc *p, int *interrupted);
void bench_proc_block_signals(void);
/* Run argv (stdin /dev/null, stderr discarded): its stdout (at most cap
 * bytes, malloc'd), or NULL when it cannot run or exits nonzero. */
char *bench_proc_output(char *const argv[], size_t cap);
/* Run argv (stdin /dev/null, signals unblocked), stdout into out_path,
 * stderr too when err_too (else inherited), and wait: its exit code, or -1
 * when it cannot be started or was killed (127: cannot exec). */
int bench_proc_status(char *const argv[], const char *out_path, int err_too);
/* The same, killed (SIGALRM) after secs seconds. */
char *bench_proc_output_limit(char *const argv[], size_t cap, unsigned secs);
/* Wait until the n children pid[0..n) (started after
 * bench_proc_block_signals) have all ended, storing each one's wait status
 * in status[i].  On SIGINT/SIGTERM/SIGHUP, send SIGTERM to those still
 * running, set *interrupted and keep waiting for them. */
void bench_proc_wait_all(const pid_t *pid, int *status, int n,
                         int *interrupted);

/* rss.c: the resident-memory limit of one run (--rss): a cgroup v2 child
 * with memory.max where the runner's cgroup delegates memory, and always
 * polling of the process tree's RSS every 50 ms (the caller polls). */
typedef struct bench_rss {
  long limit_kb;              /* 0: no limit (every call does nothing) */
  char *cgroup;               /* the run's cgroup directory, or NULL */
  long peak_kb;               /* largest tree RSS seen (or memory.peak) */
  int over;                   /* the run went over the limit (memout) */
} bench_rss;
/* Before fork: set up w for a limit of rss_mb (0 = none). */
void bench_rss_start(bench_rss *w, long rss_mb);
/* In the child before exec: join w's cgroup, if any (no allocation). */
void bench_rss_join(const bench_rss *w);
/* While the run lasts: sum the RSS of pid's tree; over the limit, SIGKILL
 * the tree and set w->over.  Returns w->over. */
int bench_rss_poll(bench_rss *w, pid_t pid);
/* After the run was reaped: read the cgroup's OOM kills and peak, remove
 * the cgroup. */
void bench_rss_end(bench_rss *w);
/* How --rss is enforced here (for the reports). */
const char *bench_rss_mode(void);

/* stats.c: read car's `key: value` --stats lines from err (last one wins)
 * into r->stat / r->stat_set; the csv and json fields of one run. */
void bench_stats_read(const char *err, bench_run *r);
void bench_stats_csv(FILE *f, const bench_run *r);      /* ",v,v,..." */
void bench_stats_json(FILE *f, const bench_run *r);     /* ", \"k\": v..." */
/* The machine: CPU model, cores, memory, kernel (malloc'd, one line each
 * with no newline); "unknown" where it cannot be read. */
typedef struct bench_machine {
  char *cpu, *kernel;
  long cores, mem_mb;
} bench_machine;
void bench_machine_read(bench_machine *m);
/* The program a configuration runs (argv[0] after {car} is replaced; for
 * `sh -c SCRIPT`, the word after its exec, else its first command word
 * past variable assignments); malloc'd. */
char *bench_config_program(const bench_config *c, const bench_opts *o);

/* verdict.c */
int bench_rule_parse(const char *spec, bench_rule *r); /* 0 ok, -1 error */
bench_verdict bench_verdict_read(const bench_rule *r, const char *out,
                                 const char *err, const bench_proc *p);
bench_status bench_classify(bench_verdict v, bench_expected e,
                            const bench_proc *p, const char *err,
                            double timeout, long memory_mb);

/* table.c */
int bench_table_config(bench_table *t, const char *name); /* index; adds */
int bench_table_file(bench_table *t, const char *file);   /* index or -1 */
/* Index of file, added with expected answer e when new. */
int bench_table_add_file(bench_table *t, const char *file, bench_expected e);
bench_run *bench_table_add(bench_table *t);
/* Record file i's task: its program (absolute path) and data model. */
void bench_table_task(bench_table *t, int i, const char *program,
                      const char *data_model);
/* Load runs.csv written by bench_report_csv; returns 0 or -1. */
int bench_table_load(bench_table *t, const char *csv_path);
const bench_run *bench_table_find(const bench_table *t, int cfg, int file);
/* Sort the runs by file index, then configuration index: the order in which
 * a --jobs 1 run makes them. */
void bench_table_sort(bench_table *t);

/* report.c: the three outputs; 0 on success. */
int bench_report_csv(const bench_table *t, const char *path);
int bench_report_json(const bench_table *t, const bench_opts *o,
                      const char *path);
int bench_report_md(const bench_table *t, const bench_opts *o,
                    const char *path);
/* Summary row of one configuration (also used by tests through the md). */
typedef struct bench_sum {
  int files, count[BS_COUNT], safe, unsafe;   /* safe/unsafe: solved only */
  double par2, median;                        /* median wall of solved */
  int common;                                 /* solved by it and the ref */
  double speedup;                             /* ref median / own, common */
} bench_sum;
void bench_summarise(const bench_table *t, int cfg, int ref, double timeout,
                     bench_sum *s);

/* plot.c: cactus.dat, cactus.gp and, when gnuplot is on PATH, cactus.png.
 * Returns 1 when the PNG was drawn. */
int bench_plot_cactus(const bench_table *t, const bench_opts *o);

/* slurm.c: run the suite as a SLURM job array, collect the shards.
 * Print the --slurm options' part of --help. */
void bench_slurm_usage(FILE *f);
/* Do the --slurm options of the command line fit together (--collect DIR
 * and --slurm-task DIR alone, the others with --slurm and no --jobs)?
 * NULL, or what is wrong. */
const char *bench_slurm_check(const bench_opts *o, int argc, char **argv);
/* Submit o's suite (already loaded: t) as an array of o->slurm.tasks
 * tasks: writes OUT/slurm/{argv,cwd,job.sh}, runs sbatch (argv, no shell),
 * records the job id in OUT/slurm/job and o->slurm.job; with --slurm-wait
 * waits until no task of it is queued or running.  Returns 0, 2 on an
 * error (reported). */
int bench_slurm_submit(bench_opts *o, const bench_table *t, int argc,
                       char **argv);
/* For --collect DIR and --slurm-task DIR: the submitted command line
 * (DIR/slurm/argv, *argv malloc'd), after changing to the directory it was
 * submitted from; *out is DIR's absolute path.  Returns 0, or reports and
 * returns -1. */
int bench_slurm_reload(const char *dir, int *argc, char ***argv, char **out);
/* In a task: its shard 1..o->slurm.tasks from SLURM_ARRAY_TASK_ID, and
 * OUT/shards/K/runs.csv (directory made; malloc'd), or NULL (reported). */
char *bench_slurm_shard_csv(bench_opts *o);
/* Load every OUT/shards/K/runs.csv into t (which holds the suite and the
 * configurations), sorted as a --jobs 1 run.  Missing runs are named on
 * stderr and mark the reports partial (o->interrupted) and set *failed.
 * Returns 0, or -1 when a shard does not fit the suite (reported). */
int bench_slurm_collect(bench_opts *o, bench_table *t, int *failed);

/* compare.c: print the file-by-file table of configurations a and b to f
 * (markdown).  Returns 0, or -1 if a name is unknown. */
int bench_compare(const bench_table *t, const char *a, const char *b,
                  FILE *f);

#endif
