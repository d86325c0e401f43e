/* tmpl.c -- configuration templates: NAME=TEMPLATE, presets, splitting into
 * argv words without a shell, and placeholder expansion. */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Presets: a name usable alone as --config NAME. */
static const struct { const char *name, *tmpl, *help; } presets[] = {
  {"car", "{car} --stats --timeout={timeout} {file}", "car, default engine"},
  {"car-indexed", "{car} --engine=indexed --stats --timeout={timeout} {file}",
   "car, indexed engine"},
  {"car-dfs", "{car} --engine=dfs --stats --timeout={timeout} {file}",
   "car, depth-first baseline"},
  {"z3", "z3 -T:{timeout} {file}", "z3 (Spacer) on the input itself (.smt2)"},
  {"z3-emit",
   "sh -c '{car} --emit=smt2 {file} > {tmp}/q.smt2 && "
   "exec z3 -T:{timeout} {tmp}/q.smt2'",
   "z3 (Spacer) on car's --emit=smt2 output"},
};
#define NPRESETS (int)(sizeof presets / sizeof presets[0])

/* List the presets (for --help). */
void bench_presets_print(FILE *f) {
  for (int i = 0; i < NPRESETS; i++)
    fprintf(f, "  %-12s %s\n  %-12s   = %s\n", presets[i].name,
            presets[i].help, "", presets[i].tmpl);
}

/* Split s into words like a shell would, without expansions: blanks
 * separate words; '...' is literal; "..." allows \" and \\; a backslash
 * outside quotes escapes the next character.  Returns argc (argv is
 * NULL-terminated, malloc'd) or -1 with *err set. */
int bench_tmpl_split(const char *s, char ***argv, const char **err) {
  int argc = 0;
  char **av = bench_alloc(sizeof *av);
  size_t cap = strlen(s) + 1;
  const char *p = s;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    if (!*p) break;
    char *w = bench_alloc(cap);
    size_t n = 0;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
      if (*p == '\'') {
        for (p++; *p && *p != '\''; p++) w[n++] = *p;
        if (!*p) { *err = "unterminated '"; goto fail; }
        p++;
      } else if (*p == '"') {
        for (p++; *p && *p != '"'; p++) {
          if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) p++;
          w[n++] = *p;
        }
        if (!*p) { *err = "unterminated \""; goto fail; }
        p++;
      } else if (*p == '\\' && p[1]) {
        w[n++] = p[1];
        p += 2;
      } else {
        w[n++] = *p++;
      }
      continue;
    fail:
      free(w);
      for (int i = 0; i < argc; i++) free(av[i]);
      free(av);
      return -1;
    }
    av = bench_grow(av, sizeof *av * (size_t)(argc + 2));
    av[argc++] = w;
  }
  av[argc] = NULL;
  *argv = av;
  return argc;
}

/* Parse --config NAME=TEMPLATE or --config PRESET.  Returns 0, or prints an
 * error and returns -1. */
int bench_config_parse(const char *arg, bench_config *c) {
  const char *eq = strchr(arg, '=');
  const char *tmpl = NULL;
  memset(c, 0, sizeof *c);
  if (eq) {
    c->name = bench_strndup(arg, (size_t)(eq - arg));
    tmpl = eq + 1;
  } else {
    c->name = bench_strdup(arg);
    for (int i = 0; i < NPRESETS; i++)
      if (!strcmp(arg, presets[i].name)) tmpl = presets[i].tmpl;
    if (!tmpl) {
      fprintf(stderr, "car-bench: --config %s: not a preset; use "
                      "NAME=TEMPLATE (see --help)\n", arg);
      return -1;
    }
  }
  if (!c->name[0] || strpbrk(c->name, ",\"/ ")) {
    fprintf(stderr, "car-bench: --config '%s': the name must be non-empty "
                    "without , \" / or blanks\n", arg);
    return -1;
  }
  const char *err = NULL;
  c->tmpl = bench_strdup(tmpl);
  c->argc = bench_tmpl_split(tmpl, &c->argv, &err);
  if (c->argc < 0) {
    fprintf(stderr, "car-bench: --config %s: %s\n", arg, err);
    return -1;
  }
  /* car's exit codes: an input error (1), an internal error (3) and an
   * unsupported input (4) print unknown, but are errors. */
  if (c->argc && !strcmp(c->argv[0], "{car}") &&
      bench_rule_parse("exit=1:error,exit=3:error,exit=4:error", &c->rule))
    return -1;
  if (!c->argc) {
    fprintf(stderr, "car-bench: --config %s: empty command\n", arg);
    return -1;
  }
  return 0;
}

/* Replace every {key} in w by its value (unknown {..} kept as is). */
static char *expand_word(const char *w, const char *const *key,
                         const char *const *val, int nkeys) {
  size_t cap = strlen(w) + 1;
  for (int k = 0; k < nkeys; k++) cap += strlen(val[k]) * 4;
  char *out = bench_alloc(cap + 1);
  size_t n = 0;
  while (*w) {
    int hit = -1;
    if (*w == '{')
      for (int k = 0; k < nkeys && hit < 0; k++)
        if (!strncmp(w + 1, key[k], strlen(key[k])) &&
            w[1 + strlen(key[k])] == '}') hit = k;
    if (hit < 0) { out[n++] = *w++; continue; }
    size_t len = strlen(val[hit]);
    if (n + len + strlen(w) + 1 > cap) {
      cap = 2 * (n + len + strlen(w) + 1);
      out = bench_grow(out, cap);
    }
    memcpy(out + n, val[hit], len);
    n += len;
    w += strlen(key[hit]) + 2;
  }
  out[n] = 0;
  return out;
}

double bench_hard_limit(const bench_opts *o) {
  double t = ceil(o->timeout);
  return t + 1 + 0.05 * t;
}

/* The argv of configuration c for one absolute file path and temp dir
 * (and, in a task suite, the task's program and data model). */
char **bench_tmpl_expand(const bench_config *c, const char *file,
                         const bench_opts *o, const char *tmp,
                         const char *program, const char *data_model) {
  char timeout[32], memory[32], rss[32];
  /* whole seconds, rounded up: solvers take integers */
  snprintf(timeout, sizeof timeout, "%ld", (long)ceil(o->timeout));
  snprintf(memory, sizeof memory, "%ld", o->memory_mb);
  snprintf(rss, sizeof rss, "%ld", o->rss_mb);
  const char *key[] = {"file", "timeout", "memory", "rss", "tmp", "car",
                       "program", "data_model"};
  const char *val[] = {file, timeout, memory, rss, tmp, o->car,
                       program ? program : file, data_model ? data_model : ""};
  char **av = bench_alloc(sizeof *av * (size_t)(c->argc + 1));
  for (int i = 0; i < c->argc; i++) av[i] = expand_word(c->argv[i], key, val, 8);
  return av;
}
