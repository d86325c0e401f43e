/* main.c -- the car command line: options, limits, load, solve, check the
 * certificate, report.  docs/cli.md describes the interface and the exit
 * codes; options.h holds the option table. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cert/cert.h"
#include "clp/clp.h"
#include "clp/pre.h"
#include "driver/options.h"
#include "driver/report.h"
#include "driver/stop.h"
#include "driver/task.h"
#include "engine/engine.h"
#include "engines/car/car.h"
#include "engines/cubbmc/cubbmc.h"
#include "engines/dfs/dfs.h"
#include "frontend/fe.h"
#include "indexed/idx.h"
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
    fprintf(stderr, "z3-live-refs: %ld\n", zb_live_refs());
  }
  fflush(stderr);
}

/* Boehm GC out of memory (--memory): no verdict can be trusted any more. */
static void *on_oom(size_t bytes) {
  (void)bytes;
  if (stop_claim(STOP_MAIN) == STOP_WATCHER) for (;;) pause();
  if (!rep_verdict_printed())
    report_unknown("memory limit reached (GC heap)", EXIT_UNKNOWN, NULL);
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
  if (sig == SIGALRM) {
    report_unknown("timeout (hard limit)", EXIT_UNKNOWN, NULL);
    _exit(EXIT_UNKNOWN);
  }
  report_unknown("interrupted", 128 + sig, NULL);
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
 * rejection see reject(), which sets *code. */
static clp_rs *load(const char *file, const char *lang, int *code) {
  const char *path = !strcmp(file, "-") ? "/dev/stdin" : file;
  fe_diags d = {0};
  clp_rs *rs = NULL;
  FILE *probe = fopen(path, "r");
  if (!probe) /* "car: error: ...": the position is the program's */
    fe_diag_add(&d, FE_DIAG_IO, fe_diag_file("car"), "cannot open '%s': %s",
                file, strerror(errno));
  else {
    fclose(probe);
    rs = fe_load(path, lang, &d);
  }
  fe_diags_print(stderr, &d);
  if (!rs) *code = reject(&d);
  return rs;
}

/* Applies --timeout and --memory; fills the engine's BDD node cap. */
static void set_limits(const opt_values *o, eng_opts *eo) {
  clp_deadline_set(o->timeout);
  GC_set_oom_fn(on_oom);
  if (o->timeout > 0) alarm((unsigned)o->timeout + 3); /* on_stop */
  if (o->memory > 0) {
    GC_set_warn_proc(GC_ignore_warn_proc); /* "Out of Memory!": on_oom says it */
    zb_set_memory_mb((unsigned)o->memory);
    GC_set_max_heap_size((GC_word)o->memory << 20);
    /* A quarter of the budget for BuDDy, at about 20 bytes per node. */
    eo->bdd_nodes = o->memory * (1L << 20) / 4 / 20;
    if (eo->bdd_nodes < 10000) eo->bdd_nodes = 10000;
  }
}

/* Checks the certificate of a safe/unsafe result; on failure turns the
 * result into unknown and returns EXIT_INTERNAL (or EXIT_UNKNOWN when the
 * deadline expired during the check).  Returns 0 when it holds. */
static int certify(const clp_rs *rs, eng_result *res, int verbose,
                   bool indexed) {
  const char *why = NULL;
  bool ok = true;
  double t = clp_now();
  if (res->verdict == ENG_SAFE) {
    zb_ctx *z = zb_ctx_new();
    ok = res->inv && (indexed ? idx_cert_safe(z, rs, res->idx_preds,
                                              res->inv, &why)
                              : cert_safe(z, rs, res->inv, &why));
    if (!res->inv) why = "engine returned no invariant";
    zb_ctx_free(z);
  } else if (res->verdict == ENG_UNSAFE) {
    /* evaluation does not check axioms (no engine answers unsafe then) */
    ok = res->cex && !rs->naxioms && cert_unsafe(rs, res->cex, &why);
    if (!res->cex) why = "engine returned no counterexample";
    if (rs->naxioms) why = "a derivation under axioms cannot be certified";
  }
  res->stats.t_cert = clp_now() - t;
  if (verbose && res->verdict != ENG_UNKNOWN)
    fprintf(stderr, "car: %s certificate %s (%.3fs)\n",
            res->verdict == ENG_SAFE ? "invariant" : "counterexample",
            ok ? "checked" : "REJECTED", res->stats.t_cert);
  if (ok) return 0;
  res->verdict = ENG_UNKNOWN;
  if (clp_expired()) {
    res->reason = "timeout (during the certificate check)";
    return EXIT_UNKNOWN;
  }
  fprintf(stderr, "car: internal error: certificate check failed: %s\n",
          why ? why : "(no reason given)");
  res->reason = "internal error: certificate check failed";
  return EXIT_INTERNAL;
}

/* The indexed engine; when the goal is derivable in its abstraction (which
 * has no counterexamples), a depth-first search for a concrete derivation
 * (dfs_solve, certified as any counterexample), unless axioms constrain the
 * functions (the search does not read them). */
static void idx_solve_concrete(const clp_rs *rs, const eng_opts *eo,
                               eng_result *res) {
  /* a linear rule set: its shallow chains first (half a CPU second), as
   * car's bounded model checking finds them at its start (German-FIFO's
   * buggy run: 9 nodes, 0.4 s) */
  eng_result b;
  memset(&b, 0, sizeof b);
  if (eo->bmc && car_bmc_quick(rs, 32, 0.5, &b)) {
    *res = b;
    return;
  }
  if (eo->idx_discover) idx_disc_solve(rs, eo, res);
  else idx_solve(rs, eo, res);
  res->stats.t_bmc = b.stats.t_bmc;
  res->stats.bmc_height = b.stats.bmc_height;
  if (res->verdict != ENG_UNKNOWN || !res->abstract_goal) return;
  /* discovery's reason names why it stopped */
  const char *note = eo->idx_discover ? res->reason : NULL;
  if (rs->naxioms) {
    res->reason = note ? clp_fmt("%s; no concrete search with axioms", note)
                  : "the goal is reachable in the indexed abstraction "
                  "(predicates missing, or the program is unsafe; no "
                  "concrete search with axioms)";
    return;
  }
  eng_result d;
  memset(&d, 0, sizeof d);
  dfs_solve(rs, eo, &d);
  res->stats.paths = d.stats.paths;
  if (d.verdict == ENG_UNSAFE) {
    res->verdict = ENG_UNSAFE;
    res->cex = d.cex;
    res->reason = NULL;
    return;
  }
  res->reason = note ? clp_fmt("%s; the depth-first search found no "
                               "concrete derivation", note)
                : "the goal is reachable in the indexed abstraction "
                "(predicates missing, or the program is unsafe; the "
                "depth-first search found no concrete derivation)";
}

/* Translates a safe/unsafe answer on the preprocessed set back to the
 * original relations (certify then checks it there); on failure the result
 * becomes unknown with an internal error.  Returns 0, or EXIT_INTERNAL. */
static int pre_back(const clp_pre *pre, eng_result *res) {
  const char *why = NULL;
  if (res->verdict == ENG_SAFE) {
    res->inv = clp_pre_model_back(pre, res->inv);
    if (res->inv) return 0;
    why = "the invariant could not be translated back";
  } else if (res->verdict == ENG_UNSAFE && res->cex) {
    etc_cex *c = NEW(etc_cex);
    *c = *res->cex;
    if (clp_pre_trace_back(pre, res->cex->trace, res->cex->env,
                           res->cex->nfuns, res->cex->funs, &c->trace,
                           &c->env, &why)) {
      res->cex = c;
      return 0;
    }
  } else return 0;
  res->verdict = ENG_UNKNOWN;
  if (why == clp_why_div0) { res->reason = why; return 0; }
  fprintf(stderr, "car: internal error: preprocessing: %s\n", why);
  res->reason = "internal error: preprocessing could not translate the answer back";
  return EXIT_INTERNAL;
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
  rep_format format = !strcmp(o.format, "json") ? REP_JSON
                      : !strcmp(o.format, "chc-comp") ? REP_CHC : REP_TEXT;
  run.format = format;
  run.engine = o.engine;
  run.file = file;
  run.stats = o.stats;
  run.emit = *o.emit != 0;
  run.t0 = t0;
  stop_start(on_stop);

  eng_opts eo = {0};
  eo.verbose = (int)o.verbose;
  eo.max_iterations = (int)o.max_iterations;
  eo.houdini = o.houdini;
  eo.bmc = o.bmc;
  eo.dfs_depth = (int)o.dfs_depth;
  eo.idx_discover = o.idx_discover;
  eo.idx_rounds = (int)o.idx_rounds;
  eo.idx_refute = (int)o.idx_refute;
  eo.idx_refuter = car_solve;
  eo.dfs_nodes = o.dfs_nodes;
  eo.cub_bmc = (int)o.cub_bmc;
  eo.cub_bmc_steps = (int)o.cub_bmc_steps;
  eo.cub_bmc_time = o.cub_bmc_time > 0 ? o.cub_bmc_time
                    : o.timeout > 0 ? o.timeout / 5 : 10;
  set_limits(&o, &eo);
  if (o.cub_procs && !*o.emit) {
    fprintf(stderr, "car: error: --cub-procs applies to --emit only\n");
    return EXIT_USAGE;
  }

  /* an SV-COMP task definition names the program and its property */
  task_def task = {.expected = -1};
  if (task_is_file(file)) {
    fe_diags d = {0};
    bool ok = task_load(file, &task, &d);
    fe_diags_print(stderr, &d);
    if (!ok) return reject(&d);
    /* the task's options.data_model (ILP32 or LP64) is --data-model */
    if (!task.unknown && task.data_model) {
      if (strcmp(task.data_model, "ILP32") && strcmp(task.data_model, "LP64"))
        task.unknown = "the task's data model is neither ILP32 nor LP64";
      else o.data_model = task.data_model;
    }
    if (task.unknown) {
      run.where = file;
      report_unknown(task.unknown, EXIT_UNKNOWN, NULL);
      return EXIT_UNKNOWN;
    }
    file = run.file = task.input;
  }

  fe_c_set_forward_loops(strcmp(o.c_loops, "summary") != 0);
  fe_c_set_data_model(o.data_model);
  int code = 0;
  clp_rs *rs = load(file, *o.lang ? o.lang : NULL, &code);
  if (!rs) return code;
  double t_parse = run.t_parse = clp_now() - t0;
  if (o.verbose)
    fprintf(stderr, "car: loaded %s: %d relations, goal %s (%.3fs)\n", file,
            rs->nrels, rs->goal ? rs->goal->name : "?", t_parse);

  if (*o.predicates) {
    fe_diags d = {0};
    bool ok = fe_clp_load_preds(o.predicates, rs, &d) == 0;
    fe_diags_print(stderr, &d);
    if (!ok) return reject(&d);
  }
  if (rs->naxioms && strcmp(o.engine, "indexed") && !*o.emit)
    return reject_one(file, "axioms are read only by --engine=indexed");

  if (*o.emit && o.cub_procs) { /* the .cub system for K processes */
    rs = fe_cub_instance(rs, (int)o.cub_procs);
    if (!rs) return reject_one(file, "--cub-procs applies to .cub input only");
  }
  if (*o.emit) { /* --emit=clp|smt2: print the rule set, do not solve */
    if (!strcmp(o.emit, "smt2")) {
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

  /* --pre=on: solve the preprocessed set, translate the answer back */
  bool want_pre = (!strcmp(o.pre, "on") ||
                   (!strcmp(o.pre, "auto") && !strcmp(o.engine, "car"))) &&
                  strcmp(o.engine, "indexed"); /* predicates name relations */
  clp_pre *pre = want_pre ? clp_pre_run(rs) : NULL;
  const clp_rs *srs = pre ? clp_pre_rs(pre) : rs;
  if (pre && o.verbose) {
    clp_pre_stats ps;
    clp_pre_get_stats(pre, &ps);
    fprintf(stderr, "car: preprocessed: %d kept, %d inlined, %d empty, "
            "%d dropped, %d locals eliminated\n", ps.kept, ps.inlined,
            ps.empty, ps.dropped, ps.eliminated);
    if (o.verbose >= 2) clp_rs_print(srs, stderr);
  }

  eng_result *res = &run.res;
  /* .cub: runs of 1..--cub-bmc processes, the shallow ones before the
   * engine and the rest after it when it has no answer (its deadline that
   * much earlier); crs: the rule set of a run found there (the instance),
   * else rs */
  const clp_rs *crs = rs;
  cubbmc *cb = strcmp(o.engine, "dfs") ? cubbmc_new(rs, &eo) : NULL;
  bool kfound = cb && cubbmc_quick(cb, res, &crs);
  if (!kfound) {
    eng_stats kst = res->stats;
    double reserve = cb ? cubbmc_reserve(cb) : 0, left = clp_remaining();
    double end = clp_now() + left;
    if (reserve > 0 && left < 1e8) /* a deadline: the engine's is earlier */
      clp_deadline_set(left > reserve ? left - reserve : 1e-3);
    if (!strcmp(o.engine, "dfs")) dfs_solve(srs, &eo, res);
    else if (!strcmp(o.engine, "indexed")) idx_solve_concrete(srs, &eo, res);
    else car_solve(srs, &eo, res);
    if (reserve > 0 && left < 1e8) /* --timeout's deadline again */
      clp_deadline_set(end - clp_now() > 0 ? end - clp_now() : 1e-3);
    res->stats.cub_bmc_ran = kst.cub_bmc_ran;
    res->stats.cub_bmc_steps = kst.cub_bmc_steps;
    res->stats.t_cub_bmc = kst.t_cub_bmc;
    if (cb && res->verdict == ENG_UNKNOWN && !clp_expired())
      kfound = cubbmc_rest(cb, res, &crs);
  }
  res->stats.t_parse = t_parse;

  code = pre && !kfound ? pre_back(pre, res) : 0;
  if (!code)
    code = certify(crs, res, (int)o.verbose, !strcmp(o.engine, "indexed"));
  if (!code)
    code = res->verdict == ENG_SAFE ? EXIT_SAFE
           : res->verdict == ENG_UNSAFE ? EXIT_UNSAFE : EXIT_UNKNOWN;
  const char *reason = res->reason ? res->reason : "gave up";
  res->stats.t_total = clp_now() - t0;
  long z3_calls = zb_calls() > res->stats.z3_calls ? zb_calls()
                                                  : res->stats.z3_calls;

  /* Every zb_ctx of this run is freed by now (engines free their own). */
  alarm(0); /* the verdict is final: let the report finish */
  if (stop_claim(STOP_MAIN) != STOP_MAIN) for (;;) pause();
  if (code == EXIT_UNKNOWN && res->verdict == ENG_UNKNOWN &&
      zb_memory_exhausted() && strncmp(reason, "memory limit", 12))
    reason = "memory limit reached (Z3)";
  if (format == REP_JSON) {
    rep_json(stdout, o.engine, crs, res->verdict, reason, code, res,
             o.invariant, o.cex, z3_calls, zb_live_refs());
  } else {
    rep_verdict(stdout, format, res->verdict);
    if (o.cex && res->verdict == ENG_UNSAFE) rep_cex(stdout, crs, res->cex);
    if (o.invariant && res->verdict == ENG_SAFE)
      rep_invariants(stdout, rs, res);
  }
  fflush(stdout);
  if (*o.witness) rep_witness(o.witness, crs, res, o.data_model);
  if (res->verdict == ENG_UNKNOWN) fprintf(stderr, "car: unknown: %s\n", reason);
  if (task.expected >= 0 && res->verdict != ENG_UNKNOWN &&
      (res->verdict == ENG_SAFE) != (task.expected == 1))
    fprintf(stderr, "car: warning: the task's expected_verdict for "
            "unreach-call is %s\n", task.expected ? "true" : "false");
  if (o.stats) {
    rep_stats(stderr, o.engine, &res->stats, z3_calls);
    fprintf(stderr, "z3-live-refs: %ld\n", zb_live_refs());
  }
  return code;
}
