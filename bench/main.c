/* main.c -- car-bench: run a suite under solver configurations, one
 * process at a time (or one per --jobs worker), and report (see README.md). */
#include "bench.h"

#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define MAX_JOBS 64

static const char usage[] =
"usage: car-bench --suite DIR --config SPEC [--config SPEC ...] [options]\n"
"       car-bench --out DIR --compare A B      (compare runs.csv in DIR)\n"
"       car-bench --collect DIR                (merge a --slurm run)\n"
"\n"
"Runs every file of the suite (DIR/expected.csv: file,expected) under every\n"
"configuration, one process at a time (--jobs N: N at a time), under a\n"
"wall-clock timeout and a memory limit; writes runs.csv, runs.json,\n"
"summary.md and cactus.png (when gnuplot is installed) into --out and\n"
"prints the summary on stdout.\n"
"\n"
"  --suite DIR          suite directory; file paths are relative to it\n"
"  --suite SET.set      SV-COMP tasks: lines of globs of .yml task files\n"
"                       (relative to the .set's directory, # comments);\n"
"                       also a DIR of .yml files with no expected.csv.  The\n"
"                       .yml is the {file}, unreach-call's expected_verdict\n"
"                       the expected answer; bad tasks: FILE:LINE:COL errors\n"
"  --expected FILE      expected answers (default DIR/expected.csv); column\n"
"                       expected: safe|sat, unsafe|unsat, unknown\n"
"  --filter GLOB        only files whose relative path matches (repeatable)\n"
"  --limit N            only the first N selected files\n"
"  --config NAME=TEMPLATE  a solver: an argv template (no shell; quotes\n"
"                       '..' \"..\" and \\ work), placeholders {file} (absolute\n"
"                       path), {timeout} (whole seconds), {memory} and {rss}\n"
"                       (MB), {tmp} (fresh per-run directory), {car} (see\n"
"                       --car), {program} and {data_model} (a task's; else\n"
"                       {file} and \"\"); sh -c '...' for pipelines.\n"
"                       Repeatable.\n"
"  --config PRESET      one of the presets below\n"
"  --verdict NAME=RULE  how to read NAME's verdict (default: the first\n"
"                       non-empty stdout line, first word: safe|sat -> safe,\n"
"                       unsafe|unsat -> unsafe, unknown, timeout).  RULE is\n"
"                       comma-separated items: WORD:V (first word of a line),\n"
"                       /TEXT/:V (line contains TEXT), exit=N:V, scan=any\n"
"                       (first matching line), stream=stderr, nodefault;\n"
"                       V is safe|sat|unsafe|unsat|unknown|timeout|memout|error\n"
"  --timeout SEC        wall-clock limit per run (default 60)\n"
"  --memory MB          address-space limit per run, 0 = none (default 4096)\n"
"  --rss MB             resident-memory limit per run (the solver and its\n"
"                       descendants), 0 = none (default); over it the run\n"
"                       is killed and is a memout.  For JVM solvers, which\n"
"                       fail under an address-space limit: --memory 0 --rss\n"
"                       MB.  cgroup v2 memory.max where the runner's cgroup\n"
"                       allows it, else /proc polled every 50 ms\n"
"  --grace SEC          SIGTERM to SIGKILL delay at the timeout (default 1)\n"
"  --reference NAME     configuration the speed-ups refer to (default first)\n"
"  --out DIR            output directory (default bench-out)\n"
"  --compare A B        also print the file-by-file table of A and B; without\n"
"                       --config, read DIR/runs.csv of an earlier run\n"
"  --car PATH           value of {car} (default: car next to car-bench)\n"
"  --jobs N             worker processes, 1..64 (default 1: runs never\n"
"                       overlap).  With N > 1, worker K runs files K, K+N,\n"
"                       ... of the selection, one solver at a time, so N\n"
"                       runs overlap: use N <= the number of cores; timings\n"
"                       then include their interference\n"
"  --quiet              no progress lines on stderr\n"
"  --keep-logs          keep empty stdout/stderr logs too\n"
"\n"
"runs.csv and runs.json also hold car's --stats of each run (time_parse,\n"
"time_pre, time_abstract, time_etc, time_refine, time_bmc, time_cert,\n"
"time_total, z3_calls, iterations; empty for other solvers; the car presets\n"
"pass --stats); runs.json and summary.md record the machine (CPU, cores,\n"
"memory, kernel), the date and each configuration's tool version.  A\n"
"configuration whose program (argv[0]; for sh -c, the script's first word)\n"
"is neither on PATH nor an existing path is a usage error before any run.\n"
"An interrupted run's reports say \"partial: N of M runs done\".\n"
"\n"
"Exit status: 0 no wrong verdict; 1 a wrong verdict or two configurations\n"
"disagreeing on a file; 2 usage or setup error (a missing program), or a\n"
"--jobs worker failed, or runs of a --slurm array are missing; 130\n"
"interrupted.\n";

static void die_usage(const char *msg, const char *arg) {
  fprintf(stderr, "car-bench: %s%s%s (see --help)\n", msg, arg ? ": " : "",
          arg ? arg : "");
  exit(2);
}

static double parse_double(const char *s, const char *opt) {
  char *end;
  double d = strtod(s, &end);
  if (end == s || *end || d < 0) die_usage("bad number for", opt);
  return d;
}

static long parse_long(const char *s, const char *opt) {
  char *end;
  long n = strtol(s, &end, 10);
  if (end == s || *end || n < 0) die_usage("bad number for", opt);
  return n;
}

static char *join_cmdline(int argc, char **argv) {
  size_t n = 1;
  for (int i = 0; i < argc; i++) n += strlen(argv[i]) * 2 + 3;
  char *s = bench_alloc(n), *p = s;
  for (int i = 0; i < argc; i++) {
    int q = !argv[i][0] || strpbrk(argv[i], " \t\"'{}*?|&;<>$");
    if (i) *p++ = ' ';
    if (q) *p++ = '\'';
    for (const char *a = argv[i]; *a; a++) {
      if (*a == '\'' && q) { memcpy(p, "'\\''", 4); p += 4; }
      else *p++ = *a;
    }
    if (q) *p++ = '\'';
  }
  return s;
}

static char *default_car(void) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return bench_strdup("car");
  exe[n] = 0;
  char *slash = strrchr(exe, '/');
  if (slash) *slash = 0;
  return bench_fmt("%s/car", exe);
}

/* `car --version` on one line ("; " between its lines), or "unknown". */
static char *car_version(const char *car) {
  char *argv[] = {(char *)car, "--version", NULL};
  char *v = bench_proc_output(argv, 4096);
  if (!v) return bench_strndup("unknown", 7);
  size_t n = strlen(v);
  while (n && (v[n - 1] == '\n' || v[n - 1] == ' ')) v[--n] = 0;
  char *out = bench_alloc(2 * n + 1), *q = out;
  for (char *p = v; *p; p++) {
    if (*p == '\n') { *q++ = ';'; *q++ = ' '; }
    else *q++ = *p;
  }
  *q = 0;
  free(v);
  return out;
}

/* The first line of `prog --version` (killed after 5 s), or "unknown". */
static char *tool_version(const char *prog) {
  char *argv[] = {(char *)prog, "--version", NULL};
  char *v = bench_proc_output_limit(argv, 4096, 5);
  if (!v) return bench_strdup("unknown");
  v[strcspn(v, "\n")] = 0;
  size_t n = strlen(v);
  while (n && (v[n - 1] == ' ' || v[n - 1] == '\r')) v[--n] = 0;
  if (!n) { free(v); return bench_strdup("unknown"); }
  return v;
}

/* Exit 2 naming the first configuration whose program is neither on PATH
 * nor an existing path (bench_config_program). */
static void check_programs(const bench_opts *o) {
  for (int i = 0; i < o->ncfg; i++) {
    char *prog = bench_config_program(&o->cfg[i], o);
    int found = strchr(prog, '/') ? access(prog, F_OK) == 0
                                  : bench_on_path(prog);
    if (!found) {
      fprintf(stderr, "car-bench: --config %s: program '%s' not found (not "
                      "on PATH, no such file); nothing was run\n",
              o->cfg[i].name, prog);
      exit(2);
    }
    free(prog);
  }
}

/* Each configuration's tool version: car's for {car}, else the first line
 * of `PROGRAM --version`. */
static void tool_versions(bench_opts *o) {
  o->tool_version = bench_alloc(sizeof *o->tool_version * (size_t)(o->ncfg + 1));
  for (int i = 0; i < o->ncfg; i++) {
    char *prog = bench_config_program(&o->cfg[i], o);
    if (!strcmp(prog, o->car) && o->car_version)
      o->tool_version[i] = bench_strdup(o->car_version);
    else
      o->tool_version[i] = tool_version(prog);
    free(prog);
  }
}

/* Each --verdict NAME=RULE to its configuration NAME. */
static void attach_verdicts(bench_opts *o, const char **verdicts, int n) {
  for (int i = 0; i < n; i++) {
    const char *eq = strchr(verdicts[i], '=');
    int k = -1;
    for (int j = 0; eq && j < o->ncfg; j++)
      if (strlen(o->cfg[j].name) == (size_t)(eq - verdicts[i]) &&
          !strncmp(o->cfg[j].name, verdicts[i], (size_t)(eq - verdicts[i])))
        k = j;
    if (k < 0) die_usage("--verdict NAME=RULE: no --config NAME", verdicts[i]);
    if (bench_rule_parse(eq + 1, &o->cfg[k].rule))
      die_usage("--verdict: bad rule", verdicts[i]);
  }
}

/* Parse the command line into o; --verdict rules are attached at the end. */
static void parse_args(int argc, char **argv, bench_opts *o) {
  enum { O_SUITE = 256, O_EXPECTED, O_FILTER, O_LIMIT, O_CONFIG, O_VERDICT,
         O_TIMEOUT, O_MEMORY, O_GRACE, O_REFERENCE, O_OUT, O_COMPARE, O_CAR,
         O_JOBS, O_QUIET, O_KEEP, O_HELP, O_RSS, O_SLURM, O_STASKS, O_SPART,
         O_STIME, O_SARGS, O_SWAIT, O_COLLECT, O_STASK };
  static const struct option longs[] = {
    {"suite", 1, 0, O_SUITE}, {"expected", 1, 0, O_EXPECTED},
    {"filter", 1, 0, O_FILTER}, {"limit", 1, 0, O_LIMIT},
    {"config", 1, 0, O_CONFIG}, {"verdict", 1, 0, O_VERDICT},
    {"timeout", 1, 0, O_TIMEOUT}, {"memory", 1, 0, O_MEMORY},
    {"grace", 1, 0, O_GRACE}, {"reference", 1, 0, O_REFERENCE},
    {"out", 1, 0, O_OUT}, {"compare", 1, 0, O_COMPARE}, {"car", 1, 0, O_CAR},
    {"jobs", 1, 0, O_JOBS}, {"quiet", 0, 0, O_QUIET},
    {"keep-logs", 0, 0, O_KEEP}, {"help", 0, 0, O_HELP},
    {"rss", 1, 0, O_RSS}, {"slurm", 0, 0, O_SLURM}, {"slurm-tasks", 1, 0, O_STASKS},
    {"slurm-partition", 1, 0, O_SPART}, {"slurm-time", 1, 0, O_STIME},
    {"slurm-args", 1, 0, O_SARGS}, {"slurm-wait", 0, 0, O_SWAIT},
    {"collect", 1, 0, O_COLLECT}, {"slurm-task", 1, 0, O_STASK},
    {0, 0, 0, 0}};
  const char **verdicts = bench_alloc(sizeof *verdicts * (size_t)argc);
  int nverdicts = 0, c;
  o->timeout = 60;
  o->memory_mb = 4096;
  o->grace = 1;
  o->jobs = 1;
  o->slurm.tasks = 10;
  o->out = "bench-out";
  o->cmdline = join_cmdline(argc, argv);
  o->filter = bench_alloc(sizeof *o->filter * (size_t)argc);
  o->cfg = bench_alloc(sizeof *o->cfg * (size_t)argc);
  while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
    switch (c) {
    case O_SUITE: o->suite = optarg; break;
    case O_EXPECTED: o->expected = optarg; break;
    case O_FILTER: o->filter[o->nfilter++] = optarg; break;
    case O_LIMIT: o->limit = (int)parse_long(optarg, "--limit"); break;
    case O_CONFIG:
      if (bench_config_parse(optarg, &o->cfg[o->ncfg])) exit(2);
      for (int i = 0; i < o->ncfg; i++)
        if (!strcmp(o->cfg[i].name, o->cfg[o->ncfg].name))
          die_usage("configuration given twice", o->cfg[i].name);
      o->ncfg++;
      break;
    case O_VERDICT: verdicts[nverdicts++] = optarg; break;
    case O_TIMEOUT: o->timeout = parse_double(optarg, "--timeout"); break;
    case O_MEMORY: o->memory_mb = parse_long(optarg, "--memory"); break;
    case O_RSS: o->rss_mb = parse_long(optarg, "--rss"); break;
    case O_GRACE: o->grace = parse_double(optarg, "--grace"); break;
    case O_REFERENCE: o->reference = optarg; break;
    case O_OUT: o->out = optarg; break;
    case O_COMPARE:
      if (optind >= argc) die_usage("--compare needs two names", NULL);
      o->compare_a = optarg;
      o->compare_b = argv[optind++];
      break;
    case O_CAR: o->car = optarg; break;
    case O_JOBS: {
      long n = parse_long(optarg, "--jobs");
      if (n < 1 || n > MAX_JOBS) die_usage("--jobs must be 1..64", optarg);
      o->jobs = (int)n;
      break;
    }
    case O_QUIET: o->quiet = 1; break;
    case O_KEEP: o->keep_logs = 1; break;
    case O_SLURM: o->slurm.submit = 1; break;
    case O_STASKS: o->slurm.tasks = (int)parse_long(optarg, "--slurm-tasks");
      break;
    case O_SPART: o->slurm.partition = optarg; break;
    case O_STIME: o->slurm.time = optarg; break;
    case O_SARGS: o->slurm.args = optarg; break;
    case O_SWAIT: o->slurm.wait = 1; break;
    case O_COLLECT: o->slurm.collect = optarg; break;
    case O_STASK: o->slurm.task = optarg; break;
    case O_HELP:
    case 'h':
      fputs(usage, stdout);
      bench_slurm_usage(stdout);
      fputs("\nPresets:\n", stdout);
      bench_presets_print(stdout);
      exit(0);
    default: exit(2);
    }
  }
  if (optind < argc) die_usage("unexpected argument", argv[optind]);
  const char *misfit = bench_slurm_check(o, argc, argv);
  if (misfit) die_usage(misfit, NULL);
  if (o->timeout <= 0) die_usage("--timeout must be positive", NULL);
  if (!o->car) o->car = default_car();
  for (int i = 0; i < o->ncfg && !o->car_version; i++)
    if (strstr(o->cfg[i].tmpl, "{car}")) o->car_version = car_version(o->car);
  attach_verdicts(o, verdicts, nverdicts);
  free(verdicts);
  if (o->reference) {
    int k = -1;
    for (int j = 0; j < o->ncfg; j++)
      if (!strcmp(o->cfg[j].name, o->reference)) k = j;
    if (k < 0 && o->ncfg) die_usage("--reference: no such --config",
                                    o->reference);
  }
}

static void elapsed(char *buf, size_t n, double s) {
  long t = (long)s;
  snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

static char *log_path(const bench_opts *o, const char *cfg, const char *file,
                      const char *ext) {
  char *name = bench_alloc(strlen(file) * 2 + 1), *p = name;
  for (const char *s = file; *s; s++) {
    if (*s == '/') { *p++ = '_'; *p++ = '_'; }
    else *p++ = *s;
  }
  char *path = bench_fmt("%s/logs/%s/%s.%s", o->out, cfg, name, ext);
  free(name);
  return path;
}

static void drop_if_empty(const char *path) {
  struct stat st;
  if (!stat(path, &st) && st.st_size == 0) remove(path);
}

/* Run file f under configuration c; returns 1 when interrupted. */
static int run_one(const bench_opts *o, bench_table *t, int c, int f,
                   const char *tmpbase, int seq) {
  const bench_config *cfg = &o->cfg[c];
  bench_run *r = bench_table_add(t);
  r->config = bench_table_config(t, cfg->name);
  r->file = f;
  r->exit = -1;
  r->status = BS_ERROR;
  char *rel = bench_fmt("%s/%s", o->suite_dir, t->file[f]);
  char abs[PATH_MAX];
  if (!realpath(rel, abs)) {
    fprintf(stderr, "car-bench: warning: %s: missing file (counted as "
                    "error)\n", rel);
    free(rel);
    return 0;
  }
  free(rel);
  char *tmp = bench_fmt("%s/run-%d", tmpbase, seq);
  char *out = log_path(o, cfg->name, t->file[f], "out");
  char *err = log_path(o, cfg->name, t->file[f], "err");
  char **argv = bench_tmpl_expand(cfg, abs, o, tmp,
                                  t->program ? t->program[f] : NULL,
                                  t->data_model ? t->data_model[f] : NULL);
  bench_proc p;
  int interrupted = 0;
  bench_mkdirs(tmp);
  if (!bench_proc_run(argv, out, err, bench_hard_limit(o), o->memory_mb,
                      o->rss_mb, o->grace, tmp, &p, &interrupted)) {
    char *sout = bench_read_file(out, 1 << 20, 0);
    char *serr = bench_read_file(err, 1 << 16, 1);
    r->verdict = bench_verdict_read(&cfg->rule, sout, serr, &p);
    r->status = bench_classify(r->verdict, t->expected[f], &p, serr,
                               o->timeout, o->memory_mb);
    r->wall = p.wall;
    r->cpu = p.cpu;
    r->rss_kb = p.rss_kb;
    r->exit = p.exited ? p.code : p.signaled ? 128 + p.sig : -1;
    bench_stats_read(serr, r);
    if (p.exec_failed)
      fprintf(stderr, "\ncar-bench: %s: cannot run '%s' (see %s)\n",
              cfg->name, argv[0], err);
    free(sout);
    free(serr);
  }
  bench_rmtree(tmp);
  if (!o->keep_logs) { drop_if_empty(out); drop_if_empty(err); }
  for (int i = 0; i < cfg->argc; i++) free(argv[i]);
  free(argv); free(tmp); free(out); free(err);
  return interrupted;
}

/* Loud report of wrong verdicts and of configurations disagreeing on a
 * file, over the runs [from, to); returns the number of problems. */
static int check_answers(const bench_table *t, int from, int to) {
  int bad = 0;
  for (int i = from; i < to; i++) {
    const bench_run *r = &t->run[i];
    if (r->status == BS_WRONG) {
      fprintf(stderr, "\ncar-bench: *** WRONG VERDICT *** %s said %s on %s, "
                      "expected %s\n", t->cfg[r->config],
              bench_verdict_name(r->verdict), t->file[r->file],
              bench_expected_name(t->expected[r->file]));
      bad++;
    }
    for (int j = from; j < i; j++) {
      const bench_run *q = &t->run[j];
      int def_r = r->verdict == BV_SAFE || r->verdict == BV_UNSAFE;
      int def_q = q->verdict == BV_SAFE || q->verdict == BV_UNSAFE;
      if (q->file == r->file && def_r && def_q && q->verdict != r->verdict &&
          t->expected[r->file] == BE_UNKNOWN) {
        fprintf(stderr, "\ncar-bench: *** DISAGREEMENT *** on %s: %s says "
                        "%s, %s says %s\n", t->file[r->file],
                t->cfg[q->config], bench_verdict_name(q->verdict),
                t->cfg[r->config], bench_verdict_name(r->verdict));
        bad++;
      }
    }
  }
  return bad;
}

/* check_answers over each file's runs of a table sorted by file. */
static int check_all(const bench_table *t) {
  int bad = 0;
  for (int i = 0, j; i < t->nrun; i = j) {
    for (j = i; j < t->nrun && t->run[j].file == t->run[i].file; j++) {}
    bad += check_answers(t, i, j);
  }
  return bad;
}

/* Run the files f with f % n == k of the selection (all of them when
 * n == 1), every configuration on a file before the next file, rewriting
 * csv after every file (partial results).  The progress lines of a worker
 * (n > 1) start "[wK+1 " and are printed whole once the run ended.  Wrong
 * verdicts and disagreements are reported and added to *bad, unless bad is
 * NULL (a worker: the parent checks the merged runs).  Returns 1 when
 * interrupted (the interrupted run is left out). */
static int run_share(const bench_opts *o, bench_table *t, int k, int n,
                     const char *csv, const char *tmpbase, double start,
                     int *bad) {
  int mine = t->nfile > k ? (t->nfile - 1 - k) / n + 1 : 0;
  int total = mine * o->ncfg, done = 0, interrupted = 0;
  for (int f = k; f < t->nfile && !interrupted; f += n) {
    int first = t->nrun;
    for (int c = 0; c < o->ncfg && !interrupted; c++) {
      char el[32], tag[64];
      elapsed(el, sizeof el, bench_now() - start);
      if (n > 1)
        snprintf(tag, sizeof tag, "[w%d %d/%d %s]", k + 1, done + 1, total,
                 el);
      else
        snprintf(tag, sizeof tag, "[%d/%d %s]", done + 1, total, el);
      if (!o->quiet && n == 1)
        fprintf(stderr, "%s %s %s ... ", tag, o->cfg[c].name, t->file[f]);
      interrupted = run_one(o, t, c, f, tmpbase, f * o->ncfg + c);
      if (!o->quiet && n > 1)
        fprintf(stderr, "%s %s %s ... ", tag, o->cfg[c].name, t->file[f]);
      if (interrupted) {                    /* not a real outcome: drop it */
        t->nrun--;
        if (!o->quiet) fputs("interrupted\n", stderr);
        break;
      }
      const bench_run *r = &t->run[t->nrun - 1];
      if (!o->quiet)
        fprintf(stderr, "%s (%s) %.2f s\n", bench_status_name(r->status),
                bench_verdict_name(r->verdict), r->wall);
      done++;
    }
    if (bad) *bad += check_answers(t, first, t->nrun);
    bench_report_csv(t, csv);
  }
  return interrupted;
}

/* Share k of n (a --jobs worker, a --slurm array task) into csv: 0, 130
 * when interrupted, 2 when csv cannot be written. */
static int run_shard(const bench_opts *o, bench_table *t, int k, int n,
                     const char *csv, const char *tmpbase, double start) {
  int interrupted = 0;
  if (!bench_report_csv(t, csv))        /* header: exists even if empty */
    interrupted = run_share(o, t, k, n, csv, tmpbase, start, NULL);
  if (bench_report_csv(t, csv)) {
    fprintf(stderr, "car-bench: share %d: cannot write %s\n", k + 1, csv);
    return 2;
  }
  return interrupted ? 130 : 0;
}

/* Worker k of n (a child of the runner, pid parent): run its share into
 * csv, then exit with run_shard's status. */
static _Noreturn void worker(const bench_opts *o, bench_table *t, int k, int n,
                             const char *csv, const char *tmpbase,
                             double start, pid_t parent) {
  static char errbuf[BUFSIZ];
  setvbuf(stderr, errbuf, _IOLBF, sizeof errbuf);  /* one write per line */
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGTERM);     /* runner killed: stop like on TERM */
  if (getppid() != parent) exit(130);
#endif
  exit(run_shard(o, t, k, n, csv, tmpbase, start));
}

/* Run the suite in o->jobs worker processes (worker K into OUT/jobs/K), wait
 * for them, and merge their runs.csv into t in the order of a --jobs 1 run.
 * Returns 1 when interrupted (the runner got SIGINT/SIGTERM/SIGHUP, which it
 * passes on as SIGTERM, or a worker did); sets *failed when a worker could
 * not be started, failed, or left no readable runs.csv. */
static int run_workers(const bench_opts *o, bench_table *t,
                       const char *tmpbase, double start, int *failed) {
  pid_t pid[MAX_JOBS], parent = getpid();
  int status[MAX_JOBS], n = 0, interrupted = 0;
  char *csv[MAX_JOBS];
  fflush(NULL);                         /* nothing buffered is written twice */
  for (int k = 0; k < o->jobs; k++) {
    char *dir = bench_fmt("%s/jobs/%d", o->out, k + 1);
    csv[k] = bench_fmt("%s/runs.csv", dir);
    pid_t p = bench_mkdirs(dir) ? -1 : fork();
    free(dir);
    if (p == 0) worker(o, t, k, o->jobs, csv[k], tmpbase, start, parent);
    if (p < 0) {
      fprintf(stderr, "car-bench: cannot start worker %d\n", k + 1);
      free(csv[k]);
      *failed = 1;
      for (int i = 0; i < n; i++) kill(pid[i], SIGTERM);
      break;
    }
    pid[n++] = p;
  }
  int started_all = n == o->jobs;
  bench_proc_wait_all(pid, status, n, &interrupted);
  for (int k = 0; k < n; k++) {
    int st = status[k];
    if (WIFEXITED(st) && WEXITSTATUS(st) == 130) {
      if (started_all) interrupted = 1; /* else stopped by us, see above */
    } else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      fprintf(stderr, "car-bench: worker %d failed (%s %d): the runs after "
                      "those in %s are missing\n", k + 1,
              WIFSIGNALED(st) ? "signal" : "exit",
              WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st), csv[k]);
      *failed = 1;
    }
    if (bench_table_load(t, csv[k])) *failed = 1;
    free(csv[k]);
  }
  bench_table_sort(t);
  return interrupted;
}

static int write_reports(const bench_table *t, const bench_opts *o) {
  char *csv = bench_fmt("%s/runs.csv", o->out);
  char *json = bench_fmt("%s/runs.json", o->out);
  char *md = bench_fmt("%s/summary.md", o->out);
  int rc = bench_report_csv(t, csv) | bench_report_json(t, o, json) |
           bench_report_md(t, o, md);
  if (rc) fprintf(stderr, "car-bench: cannot write the reports in %s\n", o->out);
  free(csv); free(json); free(md);
  return rc;
}

static int compare_out(const bench_table *t, const bench_opts *o) {
  char *path = bench_fmt("%s/compare-%s-%s.md", o->out, o->compare_a,
                         o->compare_b);
  if (bench_compare(t, o->compare_a, o->compare_b, stdout)) {
    free(path);
    return -1;
  }
  FILE *f = fopen(path, "w");
  if (f) { bench_compare(t, o->compare_a, o->compare_b, f); fclose(f); }
  free(path);
  return 0;
}

/* The reports of the runs in t and the summary on stdout; the exit
 * status: 130 interrupted, 1 wrong verdicts or disagreements (bad), 2 the
 * reports cannot be written or failed is set, else 0. */
static int finish(bench_opts *o, const bench_table *t, int bad,
                  int interrupted, int failed) {
  o->interrupted |= interrupted;
  int rc = write_reports(t, o) | failed;
  int drawn = bench_plot_cactus(t, o);
  char *md = bench_fmt("%s/summary.md", o->out);
  char *text = bench_read_file(md, 1 << 20, 0);
  if (text) fputs(text, stdout);
  free(text);
  free(md);
  if (o->compare_a) {
    fputc('\n', stdout);
    if (compare_out(t, o)) rc = 1;
  }
  if (!o->quiet)
    fprintf(stderr, "car-bench: %d runs; results in %s (runs.csv, runs.json, "
                    "summary.md%s)\n", t->nrun, o->out,
            drawn ? ", cactus.png"
            : bench_on_path("gnuplot") ? "; nothing solved, no cactus.png"
                                       : "; no gnuplot, no cactus.png");
  if (interrupted) {
    fprintf(stderr, "car-bench: interrupted\n");
    return 130;
  }
  if (bad) {
    fprintf(stderr, "car-bench: *** %d WRONG VERDICT(S) OR DISAGREEMENT(S) "
                    "*** (see above and summary.md)\n", bad);
    return 1;
  }
  return rc ? 2 : 0;
}

/* OUT and OUT/logs/CONFIG; 0, or reports and returns -1. */
static int make_out(const bench_opts *o) {
  if (bench_mkdirs(o->out)) {
    fprintf(stderr, "car-bench: cannot create %s\n", o->out);
    return -1;
  }
  for (int i = 0; i < o->ncfg; i++) {
    char *d = bench_fmt("%s/logs/%s", o->out, o->cfg[i].name);
    bench_mkdirs(d);
    free(d);
  }
  return 0;
}

/* A fresh directory under $TMPDIR (malloc'd), or NULL (reported). */
static char *make_tmp(void) {
  const char *tmproot = getenv("TMPDIR");
  char *tmpbase = bench_fmt("%s/car-bench.XXXXXX", tmproot ? tmproot : "/tmp");
  if (mkdtemp(tmpbase)) return tmpbase;
  fprintf(stderr, "car-bench: cannot create a temporary directory\n");
  free(tmpbase);
  return NULL;
}

/* Run the suite here, in one process or in --jobs workers, and report. */
static int run_local(bench_opts *o, bench_table *t) {
  char *tmpbase = make_tmp();
  if (!tmpbase) return 2;
  tool_versions(o);
  bench_proc_block_signals();
  char *jobsdir = bench_fmt("%s/jobs", o->out);
  bench_rmtree(jobsdir);                /* an earlier --jobs run's workers */
  free(jobsdir);
  int bad = 0, interrupted, failed = 0;
  double start = bench_now();
  if (o->jobs > 1) {
    interrupted = run_workers(o, t, tmpbase, start, &failed);
    bad = check_all(t);
  } else {
    char *csv = bench_fmt("%s/runs.csv", o->out);
    interrupted = run_share(o, t, 0, 1, csv, tmpbase, start, &bad);
    free(csv);
  }
  bench_rmtree(tmpbase);
  free(tmpbase);
  return finish(o, t, bad, interrupted, failed);
}

/* --slurm-task: this array task's share into OUT/shards/K/runs.csv. */
static int run_task(bench_opts *o, bench_table *t) {
  char *csv = bench_slurm_shard_csv(o);
  char *tmpbase = csv ? make_tmp() : NULL;
  if (!tmpbase) return 2;
  bench_proc_block_signals();
  int rc = run_shard(o, t, o->slurm.task_id - 1, o->slurm.tasks, csv, tmpbase,
                     bench_now());
  bench_rmtree(tmpbase);
  free(tmpbase);
  free(csv);
  return rc;
}

/* --collect (also --slurm --slurm-wait): the shards of a --slurm run,
 * checked and reported as a local run's runs are. */
static int collect(bench_opts *o, bench_table *t) {
  int failed = 0;
  if (bench_slurm_collect(o, t, &failed)) return 2;
  tool_versions(o);
  return finish(o, t, check_all(t), 0, failed);
}

/* --collect DIR, --slurm-task DIR: o becomes the options of the submitted
 * run, DIR/slurm/argv parsed again in the directory it was submitted from,
 * with --out DIR. */
static void reload(bench_opts *o) {
  static bench_opts given;              /* reachable: no leak reports */
  static char **argv;
  int argc;
  char *out;
  given = *o;
  if (bench_slurm_reload(given.slurm.collect ? given.slurm.collect
                                             : given.slurm.task,
                         &argc, &argv, &out))
    exit(2);
  memset(o, 0, sizeof *o);
  optind = 0;                           /* getopt starts again */
  parse_args(argc, argv, o);
  o->out = out;
  o->slurm.collect = given.slurm.collect;
  o->slurm.task = given.slurm.task;
}

/* Static: everything stays reachable until exit (no leak reports). */
static bench_opts o;
static bench_table t;

int main(int argc, char **argv) {
  parse_args(argc, argv, &o);
  if (o.slurm.collect || o.slurm.task) reload(&o);
  if (o.compare_a && !o.ncfg) {            /* compare an earlier run */
    char *csv = bench_fmt("%s/runs.csv", o.out);
    int rc = bench_table_load(&t, csv);
    free(csv);
    if (rc || compare_out(&t, &o)) return 2;
    return 0;
  }
  if (!o.suite) die_usage("--suite is required", NULL);
  if (!o.ncfg) die_usage("at least one --config is required", NULL);
  o.suite_dir = bench_suite_dir(o.suite);
  if (bench_suite_load(&o, &t)) return 2;
  for (int i = 0; i < o.ncfg; i++) bench_table_config(&t, o.cfg[i].name);
  o.runs_total = t.nfile * o.ncfg;
  if (o.slurm.collect) return collect(&o, &t);
  check_programs(&o);
  if (make_out(&o)) return 2;
  if (o.slurm.task) return run_task(&o, &t);
  if (o.slurm.submit) {
    int rc = bench_slurm_submit(&o, &t, argc, argv);
    return rc || !o.slurm.wait ? rc : collect(&o, &t);
  }
  return run_local(&o, &t);
}
