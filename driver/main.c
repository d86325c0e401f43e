/* main.c -- the car command line: options, limits, load, solve, check the
 * certificate, report.  docs/cli.md describes the interface and the exit
 * codes; options.h holds the option table. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clp/clp.h"
#include "driver/options.h"
#include "driver/par.h"
#include "driver/report.h"
#include "driver/stop.h"
#include "driver/task.h"
#include "engine/engine.h"
#include "frontend/fe.h"
#include "portfolio/lineup.h"
#include "portfolio/registry.h"
#include "portfolio/schedule.h"
#include "zb/zb.h"

/* Exit codes (docs/cli.md, --help).  Interrupted runs end by their signal
 * (the shell sees 128 + N). */
enum {
  EXIT_SAFE = 0, EXIT_UNSAFE = 10, EXIT_UNKNOWN = 20,
  EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3, EXIT_UNSUPPORTED = 4
};

/* What a report without a verdict from the engine needs (the out-of-memory
 * handler and the signal watcher print one at any time). */
static struct {
  rep_format format;
  const char *engine;
  const char *file;      /* as given on the command line */
  bool stats;            /* --stats */
  bool emit;             /* --emit: a rule set, never a verdict */
  double t0, t_parse;
  eng_result res;        /* filled by the engine while it runs */
  const char *where;     /* prefixes the stderr reason (a task file) */
  bool auto_format;      /* --format=auto: chc-comp once smt2 is read */
} run;

/* Prints the end of a run without a verdict from the engine: "unknown" (or
 * the JSON object, with the input's messages when error is set) on stdout,
 * "car: unknown: REASON" on stderr unless error is set (the messages are
 * the reason, printed already), the statistics so far with --stats.
 * Allocates nothing on the GC heap. */
static void report_unknown(const char *reason, int code, const char *error) {
  eng_stats s = run.res.stats;
  s.t_parse = run.t_parse;
  s.t_total = clp_now() - run.t0;
  long calls = zb_calls() > s.z3_calls ? zb_calls() : s.z3_calls;
  if (!run.emit && run.format == REP_JSON)
    rep_json_unknown(stdout, run.engine, run.file, reason, code, error, &s,
                     calls, zb_live_refs());
  else if (!run.emit) rep_verdict(stdout, run.format, ENG_UNKNOWN);
  fflush(stdout);
  if (!error)
    fprintf(stderr, "car: unknown: %s%s%s\n", run.where ? run.where : "",
            run.where ? ": " : "", reason);
  if (run.stats) {
    rep_stats(stderr, run.engine, &s, calls);
    fprintf(stderr, "z3-upgrades: %ld\n", zb_upgrades());
    fprintf(stderr, "z3-live-refs: %ld\n", zb_live_refs());
  }
  fflush(stderr);
}

/* Boehm GC out of memory (--memory): no verdict can be trusted any more. */
static void *on_oom(size_t bytes) {
  (void)bytes;
  if (stop_claim(STOP_MAIN) == STOP_WATCHER) for (;;) pause();
  if (!rep_verdict_printed())
    report_unknown(eng_reason_text(ENG_R_MEMORY_GC, NULL), EXIT_UNKNOWN,
                   NULL);
  else fputs("car: memory limit reached (GC heap)\n", stderr);
  _exit(EXIT_UNKNOWN);
  return NULL;
}

/* The signal watcher (stop.h): SIGINT/SIGTERM end the run with unknown
 * (reason interrupted) and the statistics so far, then by the signal
 * itself; SIGALRM is the hard deadline: a Z3 or BuDDy call that overran
 * --timeout by more than a grace period. */
static void on_stop(int sig) {
  if (stop_claim(STOP_WATCHER) != STOP_WATCHER) return; /* main reports */
  /* a portfolio's parent: configuration 1 reports, else the parent */
  bool reported = par_interrupt(sig);
  if (sig == SIGALRM) {
    report_unknown(eng_reason_text(ENG_R_TIMEOUT_HARD, NULL), EXIT_UNKNOWN,
                   NULL);
    _exit(EXIT_UNKNOWN);
  }
  if (!reported)
    report_unknown(eng_reason_text(ENG_R_INTERRUPTED, NULL), 128 + sig, NULL);
  signal(sig, SIG_DFL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, sig);
  pthread_sigmask(SIG_UNBLOCK, &one, NULL);
  raise(sig);
  _exit(128 + sig);
}

/* An input rejected with the diagnostics d (printed already): prints
 * unknown (and the messages in JSON) and returns the exit code: 4 when
 * every error is an unsupported construct, 20 when Z3 ran out of memory or
 * the frontend stopped at --timeout, else 1. */
static int reject(const fe_diags *d) {
  if (stop_claim(STOP_MAIN) != STOP_MAIN) for (;;) pause();
  const char *text = fe_diags_text(d);
  size_t n = strlen(text);
  while (n && text[n - 1] == '\n') n--;
  char *msgs = NEW_ATOMIC_N(char, n + 1);
  memcpy(msgs, text, n);
  msgs[n] = 0;
  int code;
  if (zb_memory_exhausted()) {
    code = EXIT_UNKNOWN;
    report_unknown("memory limit reached (Z3)", code, NULL);
  } else if (clp_expired()) { /* the frontend stopped at --timeout */
    code = EXIT_UNKNOWN;
    report_unknown("timeout", code, NULL);
  } else {
    code = fe_diags_only_unsupported(d) ? EXIT_UNSUPPORTED : EXIT_INPUT;
    report_unknown(code == EXIT_INPUT ? "input error" : "unsupported input",
                   code, msgs);
  }
  return code;
}

/* Rejects the input with one error "FILE: error: TEXT" (see reject). */
static int reject_one(const char *file, const char *text) {
  fe_diags d = {0};
  fe_diag_add(&d, FE_DIAG_ERROR, fe_diag_file(file), "%s", text);
  fe_diags_print(stderr, &d);
  return reject(&d);
}

/* Loads the input and prints its diagnostics (cpp's warnings too); on
 * rejection see reject(), which sets *code.  *used: the language read. */
static clp_rs *load(const char *file, const char *lang, int *code,
                    const char **used) {
  const char *path = !strcmp(file, "-") ? "/dev/stdin" : file;
  fe_diags d = {0};
  clp_rs *rs = fe_load(path, lang, &d, used);
  fe_diags_print(stderr, &d);
  if (!rs) *code = reject(&d);
  return rs;
}

/* Applies a memory limit of mb MB (0: none); fills the engine's BDD node
 * cap. */
static void set_memory(long mb, eng_opts *eo) {
  if (mb > 0) {
    GC_set_warn_proc(GC_ignore_warn_proc); /* "Out of Memory!": on_oom says it */
    zb_set_memory_mb((unsigned)mb);
    GC_set_max_heap_size((GC_word)mb << 20);
    /* A quarter of the budget for BuDDy, at about 20 bytes per node. */
    eo->bdd_nodes = mb * (1L << 20) / 4 / 20;
    if (eo->bdd_nodes < 10000) eo->bdd_nodes = 10000;
  }
}

/* Applies --timeout and --memory; fills the engine's BDD node cap. */
static void set_limits(const opt_values *o, eng_opts *eo) {
  clp_deadline_set(o->timeout);
  GC_set_oom_fn(on_oom);
  if (o->timeout > 0) alarm((unsigned)o->timeout + 3); /* on_stop */
  set_memory(o->memory, eo);
}

/* --cores=N > 1: the first N configurations of the portfolio (lineup.h),
 * each in a process of its own (par.h).  In a child: applies its
 * configuration to *o, *p, *eo and its share of --memory, restarts the
 * signal watcher and the hard deadline, and returns -1: the child goes
 * on with the normal path.  In the parent: returns the exit code of the
 * run, the reported child's output printed. */
static int portfolio(opt_values *o, const clp_rs *rs, pf_params *p,
                     eng_opts *eo, int n) {
  const pf_config *cfg[PAR_MAX];
  n = pf_lineup(rs, n < PAR_MAX ? n : PAR_MAX, cfg);
  if (n < 2) return -1;
  fflush(stdout);
  fflush(stderr);
  unsigned hard = alarm(0); /* the parent's deadline: kill_after */
  par_outcome out;
  int k = par_run(n, o->timeout > 0 ? clp_remaining() + 5 : 0, &o->witness,
                  &o->certificate, &out);
  if (k == PAR_ALONE) { alarm(hard); return -1; }
  if (k == PAR_PARENT) {
    if (out.winner >= 0) return out.code;
    report_unknown(eng_reason_text(ENG_R_TIMEOUT_HARD, NULL), EXIT_UNKNOWN,
                   NULL);
    return EXIT_UNKNOWN;
  }
  stop_start(on_stop);
  if (o->timeout > 0) alarm((unsigned)clp_remaining() + 3);
  set_memory(o->memory > 0 && o->memory < n ? 1 : o->memory / n, eo);
  o->engine = run.engine = pf_config_apply(cfg[k], p, o->engine);
  rep_set_portfolio(k + 1, n, cfg[k]->name);
  return -1;
}

/* Fills what a report without a verdict needs (run) and starts the signal
 * watcher. */
static void start_run(const opt_values *o, const char *file, double t0) {
  run.format = !strcmp(o->format, "json") ? REP_JSON
               : !strcmp(o->format, "chc-comp") ? REP_CHC : REP_TEXT;
  run.auto_format = !strcmp(o->format, "auto");
  run.engine = o->engine;
  run.file = file;
  run.stats = o->stats;
  run.emit = *o->emit != 0;
  run.t0 = t0;
  stop_start(on_stop);
}

/* An SV-COMP task definition names the program and its property: reads
 * it into *task, sets *file to the program and applies its data model to
 * *o.  Returns false (with *code) when the run ends here. */
static bool read_task(opt_values *o, const char **file, task_def *task,
                      int *code) {
  fe_diags d = {0};
  bool ok = task_load(*file, task, &d);
  fe_diags_print(stderr, &d);
  if (!ok) { *code = reject(&d); return false; }
  /* the task's options.data_model (ILP32 or LP64) is --data-model */
  if (!task->unknown && task->data_model) {
    if (strcmp(task->data_model, "ILP32") && strcmp(task->data_model, "LP64"))
      task->unknown = "the task's data model is neither ILP32 nor LP64";
    else o->data_model = task->data_model;
  }
  if (task->unknown) {
    run.where = *file;
    report_unknown(task->unknown, EXIT_UNKNOWN, NULL);
    *code = EXIT_UNKNOWN;
    return false;
  }
  *file = run.file = task->input;
  return true;
}

/* Loads the input with the options of o (C frontend settings, the
 * --predicates file, axioms only for an engine that reads them).  NULL
 * with *code on rejection. */
static clp_rs *load_input(const opt_values *o, const char *file, int *code) {
  fe_c_set_forward_loops(strcmp(o->c_loops, "summary") != 0);
  fe_c_set_data_model(o->data_model);
  const char *used = NULL;
  clp_rs *rs = load(file, *o->lang ? o->lang : NULL, code, &used);
  if (!rs) return NULL;
  /* --format=auto: CHC-COMP's answers for its input, as its solvers */
  if (run.auto_format && used && !strcmp(used, "smt2")) run.format = REP_CHC;
  run.t_parse = clp_now() - run.t0;
  if (o->verbose)
    fprintf(stderr, "car: loaded %s: %d relations, goal %s (%.3fs)\n", file,
            rs->nrels, rs->goal ? rs->goal->name : "?", run.t_parse);
  if (*o->predicates) {
    fe_diags d = {0};
    bool ok = fe_clp_load_preds(o->predicates, rs, &d) == 0;
    fe_diags_print(stderr, &d);
    if (!ok) { *code = reject(&d); return NULL; }
  }
  if (rs->naxioms && !pf_engine_get(o->engine)->axioms && !*o->emit) {
    *code = reject_one(file, "axioms are read only by --engine=indexed");
    return NULL;
  }
  return rs;
}

/* --emit=clp|smt2: prints the rule set (--cub-procs: its instance for K
 * processes) instead of solving.  Returns the exit code. */
static int emit(clp_rs *rs, const opt_values *o, const char *file) {
  if (o->cub_procs) { /* the .cub system for K processes */
    rs = fe_cub_instance(rs, (int)o->cub_procs);
    if (!rs) return reject_one(file, "--cub-procs applies to .cub input only");
  }
  if (!strcmp(o->emit, "smt2")) {
    const char *uf = clp_rs_print_smt2(rs, stdout);
    if (uf) {
      fprintf(stderr, "%s: error: cannot export '%s' to CHC-COMP: "
              "an uninterpreted function with a non-Int argument has no "
              "exact SMT-LIB HORN encoding\n", file, uf);
      return EXIT_INPUT;
    }
  } else clp_rs_print(rs, stdout);
  fflush(stdout);
  return 0;
}

/* Reports the answer in run.res (about crs; rs: the input) as o asks and
 * returns the exit code (internal: the schedule met an internal error). */
static int report(const opt_values *o, const clp_rs *rs, const clp_rs *crs,
                  bool internal, const task_def *task) {
  eng_result *res = &run.res;
  int code = internal ? EXIT_INTERNAL
             : res->verdict == ENG_SAFE ? EXIT_SAFE
             : res->verdict == ENG_UNSAFE ? EXIT_UNSAFE : EXIT_UNKNOWN;
  res->stats.t_parse = run.t_parse;
  res->stats.t_total = clp_now() - run.t0;
  long z3_calls = zb_calls() > res->stats.z3_calls ? zb_calls()
                                                  : res->stats.z3_calls;
  /* Every zb_ctx of this run is freed by now (engines free their own). */
  alarm(0); /* the verdict is final: let the report finish */
  if (stop_claim(STOP_MAIN) != STOP_MAIN) for (;;) pause();
  if (code == EXIT_UNKNOWN && res->verdict == ENG_UNKNOWN &&
      zb_memory_exhausted() && !eng_reason_is_memory(res->reason)) {
    res->reason = ENG_R_MEMORY_Z3;
    res->detail = NULL;
  }
  const char *reason = eng_reason_text(res->reason, res->detail);
  if (run.format == REP_JSON) {
    rep_json(stdout, o->engine, crs, res->verdict, reason, code, res,
             o->invariant, o->cex, z3_calls, zb_live_refs());
  } else {
    rep_verdict(stdout, run.format, res->verdict);
    if (o->cex && res->verdict == ENG_UNSAFE) rep_cex(stdout, crs, res->cex);
    if (o->invariant && res->verdict == ENG_SAFE)
      rep_invariants(stdout, rs, res);
  }
  fflush(stdout);
  if (*o->witness) rep_witness(o->witness, crs, res, o->data_model);
  if (*o->certificate && res->verdict == ENG_SAFE && code == EXIT_SAFE) {
    int c = rep_certificate(o->certificate, crs, res);
    if (c) code = c;
  }
  if (res->verdict == ENG_UNKNOWN) fprintf(stderr, "car: unknown: %s\n", reason);
  if (task->expected >= 0 && res->verdict != ENG_UNKNOWN &&
      (res->verdict == ENG_SAFE) != (task->expected == 1))
    fprintf(stderr, "car: warning: the task's expected_verdict for "
            "unreach-call is %s\n", task->expected ? "true" : "false");
  if (o->stats) {
    rep_stats(stderr, o->engine, &res->stats, z3_calls);
    fprintf(stderr, "z3-upgrades: %ld\n", zb_upgrades());
    fprintf(stderr, "z3-live-refs: %ld\n", zb_live_refs());
  }
  return code;
}

int main(int argc, char **argv) {
  GC_INIT();
  double t0 = clp_now();
  opt_values o;
  const char *file;
  switch (opt_parse(argc, argv, &o, &file)) {
  case OPT_DONE: return 0;
  case OPT_ERROR: return EXIT_USAGE;
  case OPT_RUN: break;
  }
  start_run(&o, file, t0);
  eng_opts eo = {0};
  pf_params params;
  opt_engine_params(&o, &eo, &params);
  set_limits(&o, &eo);
  if (o.cub_procs && !*o.emit) {
    fprintf(stderr, "car: error: --cub-procs applies to --emit only\n");
    return EXIT_USAGE;
  }
  if (*o.certificate && !*o.emit &&
      !rep_can_write("--certificate", o.certificate))
    return EXIT_USAGE;
  task_def task = {.expected = -1};
  int code = 0;
  if (task_is_file(file) && !read_task(&o, &file, &task, &code)) return code;
  clp_rs *rs = load_input(&o, file, &code);
  if (!rs) return code;
  if (*o.emit) return emit(rs, &o, file);
  int cores = opt_cores(&o);
  if (cores > 1 && (code = portfolio(&o, rs, &params, &eo, cores)) >= 0)
    return code;
  pf_run r = {pf_engine_get(o.engine), &params, &eo,
              !strcmp(o.pre, "on")    ? PF_PRE_ON
              : !strcmp(o.pre, "off") ? PF_PRE_OFF : PF_PRE_AUTO};
  const clp_rs *crs = rs;
  bool internal = pf_schedule(&r, rs, &run.res, &crs);
  return report(&o, rs, crs, internal, &task);
}
