/* options.c -- parser, defaults, range checks and --help, all generated from
 * the OPT_TABLE X-macro in options.h. */
#include "driver/options.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abstract/abs.h"
#include "portfolio/registry.h"
#include "driver/car_version.h"
#include "zb/zb.h"

#include <gc.h>

const char *opt_version = "car 0.1 (commit " CAR_COMMIT ")";

void opt_print_version(FILE *out) {
  unsigned gc = GC_get_version();
  const char *bdd = abs_bdd_version(), *sp = strrchr(bdd, ' ');
  fprintf(out, "%s\nz3 %s, BuDDy %s, Boehm GC %u.%u.%u\n",
          opt_version, zb_version(), sp ? sp + 1 : bdd, gc >> 16,
          (gc >> 8) & 0xff, gc & 0xff);
}

typedef enum { K_BOOL, K_INT, K_REAL, K_WORD } kind;

typedef struct desc {
  const char *name;      /* C name: underscores, spelled with dashes */
  kind kind;
  const char *def;       /* default, parsed like a command-line value */
  double lo, hi;         /* INT/REAL range */
  const char *choices;   /* WORD: "a|b|c" (NULL: any); INT/REAL: metavar */
  const char *help;
} desc;

static const desc table[] = {
#define OPT_DESC(name, k, def, lo, hi, choices, help) \
  {#name, K_##k, def, (double)(lo), (double)(hi), choices, help},
    OPT_TABLE(OPT_DESC)
#undef OPT_DESC
};
enum { NOPTS = sizeof table / sizeof table[0] };

/* Pointer to the field of option i in o (table order = field order). */
static void *field(opt_values *o, int i) {
  int k = 0;
#define OPT_ADDR(name, kd, def, lo, hi, choices, help) \
  if (k++ == i) return &o->name;
  OPT_TABLE(OPT_ADDR)
#undef OPT_ADDR
  return NULL;
}

/* "max_iterations" -> "max-iterations" into buf. */
static const char *dashed(const char *name, char *buf, size_t cap) {
  size_t i = 0;
  for (; name[i] && i + 1 < cap; i++) buf[i] = name[i] == '_' ? '-' : name[i];
  buf[i] = 0;
  return buf;
}

/* Is word one of the '|'-separated choices? */
static bool is_choice(const char *choices, const char *word) {
  size_t n = strlen(word);
  for (const char *p = choices; *p;) {
    const char *bar = strchr(p, '|');
    size_t len = bar ? (size_t)(bar - p) : strlen(p);
    if (len == n && !strncmp(p, word, n)) return true;
    if (!bar) break;
    p = bar + 1;
  }
  return false;
}

/* Parses val into option i of o; prints the error and returns false. */
static bool set(opt_values *o, int i, const char *val) {
  const desc *d = &table[i];
  char nm[64];
  dashed(d->name, nm, sizeof nm);
  switch (d->kind) {
  case K_BOOL:
    if (!strcmp(val, "true") || !strcmp(val, "1")) *(bool *)field(o, i) = true;
    else if (!strcmp(val, "false") || !strcmp(val, "0"))
      *(bool *)field(o, i) = false;
    else {
      fprintf(stderr, "car: error: --%s expects true or false, not '%s'\n",
              nm, val);
      return false;
    }
    return true;
  case K_INT: case K_REAL: {
    char *end;
    errno = 0;
    double x = strtod(val, &end);
    if (!*val || *end || errno || isnan(x)) {
      fprintf(stderr, "car: error: --%s expects a number, not '%s'\n", nm,
              val);
      return false;
    }
    if (d->kind == K_INT && x != floor(x)) {
      fprintf(stderr, "car: error: --%s expects an integer, not '%s'\n", nm,
              val);
      return false;
    }
    if (x < d->lo || x > d->hi) {
      fprintf(stderr, "car: error: --%s=%s is out of range [%.15g, %.15g]\n",
              nm, val, d->lo, d->hi);
      return false;
    }
    if (d->kind == K_INT) *(long *)field(o, i) = (long)x;
    else *(double *)field(o, i) = x;
    return true;
  }
  case K_WORD:
    if (d->choices && *val && !is_choice(d->choices, val)) {
      fprintf(stderr, "car: error: --%s expects one of %s, not '%s'\n", nm,
              d->choices, val);
      return false;
    }
    *(const char **)field(o, i) = val;
    return true;
  }
  return false;
}

/* Index of the option spelled name (dashes, length len), or -1. */
static int lookup(const char *name, size_t len) {
  char nm[64];
  for (int i = 0; i < NOPTS; i++) {
    dashed(table[i].name, nm, sizeof nm);
    if (strlen(nm) == len && !strncmp(nm, name, len)) return i;
  }
  return -1;
}

opt_status opt_parse(int argc, char **argv, opt_values *o,
                     const char **file) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < NOPTS; i++)
    if (!set(o, i, table[i].def)) return OPT_ERROR; /* table bug */
  const char *env = getenv("CAR_CORES");
  if (env && *env && !set(o, OPT_I_cores, env)) {
    fprintf(stderr, "car: error: in the environment variable CAR_CORES\n");
    return OPT_ERROR;
  }
  *file = NULL;
  bool only_files = false;
  for (int a = 1; a < argc; a++) {
    const char *arg = argv[a];
    if (only_files || arg[0] != '-' || !arg[1]) {
      if (*file) {
        fprintf(stderr, "car: error: more than one input file ('%s', '%s')\n",
                *file, arg);
        return OPT_ERROR;
      }
      *file = arg;
      continue;
    }
    if (!strcmp(arg, "--")) { only_files = true; continue; }
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
      opt_usage(stdout);
      return OPT_DONE;
    }
    if (!strcmp(arg, "--version")) {
      opt_print_version(stdout);
      return OPT_DONE;
    }
    if (arg[1] == 'v' && arg[strspn(arg + 1, "v") + 1] == 0) {
      o->verbose += (long)strlen(arg + 1);
      if (o->verbose > 3) o->verbose = 3;
      continue;
    }
    if (arg[1] != '-') {
      fprintf(stderr, "car: error: unknown option '%s' (try --help)\n", arg);
      return OPT_ERROR;
    }
    const char *name = arg + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    int i = lookup(name, len);
    if (i < 0 && !eq && !strncmp(name, "no-", 3)) {
      int j = lookup(name + 3, len - 3);
      if (j >= 0 && table[j].kind == K_BOOL) {
        if (!set(o, j, "false")) return OPT_ERROR;
        o->given[j] = true;
        continue;
      }
    }
    if (i < 0) {
      fprintf(stderr, "car: error: unknown option '%s' (try --help)\n", arg);
      return OPT_ERROR;
    }
    const char *val;
    if (eq) val = eq + 1;
    else if (table[i].kind == K_BOOL) val = "true";
    else if (a + 1 < argc) val = argv[++a];
    else {
      fprintf(stderr, "car: error: option '%s' needs a value\n", arg);
      return OPT_ERROR;
    }
    if (!set(o, i, val)) return OPT_ERROR;
    o->given[i] = true;
  }
  if (!*file) {
    fprintf(stderr, "car: error: no input file (usage: car [options] FILE; "
                    "try --help)\n");
    return OPT_ERROR;
  }
  return OPT_RUN;
}

void opt_usage(FILE *out) {
  fprintf(out,
          "usage: car [options] FILE\n"
          "\n"
          "Decides whether the goal of a CLP(D) rule set is derivable.\n"
          "Prints the verdict first on stdout: safe (goal not derivable),\n"
          "unsafe (derivable), or unknown (a limit was hit; the reason goes\n"
          "to stderr); for .smt2 input sat, unsat or unknown (CHC-COMP's\n"
          "words; --format=text: safe/unsafe).  FILE - reads standard input;\n"
          "the language is --lang, else the extension (.clp .smt2 .c .i\n"
          ".cub), else detected from the text.\n"
          "\n"
          "options:\n");
  char nm[64], lhs[96];
  for (int i = 0; i < NOPTS; i++) {
    const desc *d = &table[i];
    dashed(d->name, nm, sizeof nm);
    switch (d->kind) {
    case K_BOOL: snprintf(lhs, sizeof lhs, "--%s", nm); break;
    case K_INT: case K_REAL:
      snprintf(lhs, sizeof lhs, "--%s=%s", nm, d->choices ? d->choices : "N");
      break;
    case K_WORD:
      snprintf(lhs, sizeof lhs, "--%s=%s", nm, d->choices ? d->choices : "L");
      break;
    }
    fprintf(out, "  %-28s %s", lhs, d->help);
    if (d->kind == K_INT || d->kind == K_REAL)
      fprintf(out, " [%s; %.15g..%.15g]", d->def, d->lo, d->hi);
    else if (d->kind == K_WORD && *d->def)
      fprintf(out, " [%s]", d->def);
    fputc('\n', out);
  }
  fprintf(out,
          "  %-28s same as --verbose=1 / --verbose=2\n"
          "  %-28s print this help and exit\n"
          "  %-28s print the version and exit\n"
          "\n"
          "A certificate is always checked before a verdict is printed: the\n"
          "invariant for safe, the concrete derivation for unsafe.\n"
          "\n"
          "exit codes:\n"
          "   0  safe\n"
          "  10  unsafe\n"
          "  20  unknown (time/memory/iteration/depth limit, or gave up)\n"
          "   1  input error (file:line:col: error: ... on stderr; prints unknown)\n"
          "   4  unsupported construct in the input (likewise)\n"
          "   2  usage error (also: the --certificate file cannot be written)\n"
          "   3  internal error (certificate check failed; prints unknown)\n"
          "  SIGINT/SIGTERM: prints unknown (interrupted), ends by the signal\n",
          "-v, -vv", "-h, --help", "--version");
}

int opt_cores(const opt_values *o) {
  if (o->given[OPT_I_engine] || *o->emit) return 1;
  if (o->cores > 0) return (int)o->cores;
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 4 ? 4 : (int)n;
}

void opt_engine_params(const opt_values *o, eng_opts *eo, pf_params *p) {
  memset(p, 0, sizeof *p);
#define COMMON(opt, f) eo->f = o->opt;
#define PARAM(opt, f) p->f = o->opt;
  OPT_PARAMS(COMMON, PARAM)
#undef COMMON
#undef PARAM
  pf_params_link(p);
}
