/* stats.c -- car's --stats lines in a run's stderr (`key: value`), and the
 * machine the runs are made on (/proc/cpuinfo, /proc/meminfo, uname). */
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

const char *const bench_stat_key[BENCH_NSTATS] = {
  "time-parse", "time-pre", "time-abstract", "time-etc", "time-refine",
  "time-bmc", "time-cert", "time-total", "z3-calls", "iterations"};
const char *const bench_stat_col[BENCH_NSTATS] = {
  "time_parse", "time_pre", "time_abstract", "time_etc", "time_refine",
  "time_bmc", "time_cert", "time_total", "z3_calls", "iterations"};
#define NTIMES 8                /* the first 8 are seconds, then counts */

void bench_stats_read(const char *err, bench_run *r) {
  r->stat_set = 0;
  for (const char *l = err; l && *l;) {
    for (int i = 0; i < BENCH_NSTATS; i++) {
      size_t n = strlen(bench_stat_key[i]);
      if (!strncmp(l, bench_stat_key[i], n) && l[n] == ':' && l[n + 1] == ' ') {
        char *end;
        double v = strtod(l + n + 2, &end);
        if (end != l + n + 2 && (*end == '\n' || *end == 0 || *end == ' ')) {
          r->stat[i] = v;
          r->stat_set |= 1u << i;
        }
      }
    }
    const char *nl = strchr(l, '\n');
    l = nl ? nl + 1 : NULL;
  }
}

static void stat_value(FILE *f, const bench_run *r, int i, const char *none) {
  if (!(r->stat_set & 1u << i)) fputs(none, f);
  else if (i < NTIMES) fprintf(f, "%.3f", r->stat[i]);
  else fprintf(f, "%.0f", r->stat[i]);
}

void bench_stats_csv(FILE *f, const bench_run *r) {
  for (int i = 0; i < BENCH_NSTATS; i++) {
    fputc(',', f);
    stat_value(f, r, i, "");
  }
}

void bench_stats_json(FILE *f, const bench_run *r) {
  for (int i = 0; i < BENCH_NSTATS; i++) {
    fprintf(f, ", \"%s\": ", bench_stat_col[i]);
    stat_value(f, r, i, "null");
  }
}

/* The value after "KEY" and ':' on the first line of path starting with
 * KEY, malloc'd, or NULL. */
static char *proc_field(const char *path, const char *key) {
  char *text = bench_read_file(path, 1 << 20, 0), *v = NULL;
  for (char *l = text; l && *l && !v;) {
    char *nl = strchr(l, '\n');
    if (nl) *nl = 0;
    if (!strncmp(l, key, strlen(key))) {
      char *c = strchr(l, ':');
      if (c) {
        for (c++; *c == ' ' || *c == '\t'; c++) {}
        v = bench_strdup(c);
      }
    }
    l = nl ? nl + 1 : NULL;
  }
  free(text);
  return v;
}

void bench_machine_read(bench_machine *m) {
  struct utsname u;
  m->cpu = proc_field("/proc/cpuinfo", "model name");
  if (!m->cpu) m->cpu = bench_strdup("unknown");
  m->cores = sysconf(_SC_NPROCESSORS_ONLN);
  char *mem = proc_field("/proc/meminfo", "MemTotal");
  m->mem_mb = mem ? atol(mem) / 1024 : -1;      /* kB */
  free(mem);
  m->kernel = uname(&u) ? bench_strdup("unknown")
                        : bench_fmt("%s %s %s", u.sysname, u.release,
                                    u.machine);
}

/* A word of sh: up to a blank or an operator. */
static size_t sh_word(const char *s) { return strcspn(s, " \t\n;&|<>()"); }

/* The program a sh script runs: the word after the script's `exec` when it
 * has one (param.sh's `p={file}; ...; exec {car} ...`), else its first
 * command word past blanks, separators and variable assignments (NAME=...
 * to the end of its command).  NULL when there is none. */
static char *script_program(const char *s) {
  for (const char *e = strstr(s, "exec "); e; e = strstr(e + 1, "exec "))
    if (e == s || strchr(" \t\n;&|", e[-1])) {
      e += 5;
      while (*e == ' ' || *e == '\t') e++;
      return sh_word(e) ? bench_strndup(e, sh_word(e)) : NULL;
    }
  for (;;) {
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == ';') s++;
    size_t n = sh_word(s);
    if (!n) return NULL;
    size_t name = strspn(s, "abcdefghijklmnopqrstuvwxyz"
                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
    if (!name || s[name] != '=') return bench_strndup(s, n);
    s += strcspn(s, ";\n");
  }
}

char *bench_config_program(const bench_config *c, const bench_opts *o) {
  const char *w = c->argv[0];
  char *script = NULL;
  if (c->argc >= 3 && (!strcmp(w, "sh") || !strcmp(w, "bash") ||
                       !strcmp(w, "/bin/sh") || !strcmp(w, "/bin/bash")) &&
      !strcmp(c->argv[1], "-c")) {
    script = script_program(c->argv[2]);
    w = script ? script : w;
  }
  char *p = !strncmp(w, "{car}", 5) ? bench_fmt("%s%s", o->car, w + 5)
                                     : bench_strdup(w);
  free(script);
  return p;
}
