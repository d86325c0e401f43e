/* z3horn.c -- reference CHC solver for the differential tests (a test
 * target, not part of car): solves one SMT-LIB2 HORN file with libz3's own
 * SMT-LIB2 front end (its HORN logic runs Spacer) and prints the answer of
 * (check-sat): sat, unsat or unknown.  The z3 binary is not installed on
 * test machines; libz3 is (tests/engine_diff.sh gets this program's path in
 * CAR_Z3).
 *
 * Usage: z3horn [-t SECONDS] FILE.smt2
 * Exit: 0 with the answer on stdout; 1 on a usage or read error; 2 when Z3
 * reports an error (its message on stderr, "unknown" on stdout). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <z3.h>

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  size_t k;
  while (buf && (k = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += k;
    if (n + 1 == cap) buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  if (buf) buf[n] = 0;
  return buf;
}

static int errors;
static void on_error(Z3_context c, Z3_error_code e) {
  fprintf(stderr, "z3horn: z3 error: %s\n", Z3_get_error_msg(c, e));
  errors++;
}

int main(int argc, char **argv) {
  const char *path = NULL;
  double timeout = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-t") && i + 1 < argc) timeout = atof(argv[++i]);
    else path = argv[i];
  }
  if (!path) {
    fprintf(stderr, "usage: z3horn [-t SECONDS] FILE.smt2\n");
    return 1;
  }
  char *text = slurp(path);
  if (!text) {
    fprintf(stderr, "z3horn: cannot read %s\n", path);
    return 1;
  }
  if (timeout > 0) {
    char ms[32];
    snprintf(ms, sizeof ms, "%u", (unsigned)(timeout * 1000));
    Z3_global_param_set("timeout", ms);
  }
  Z3_config cfg = Z3_mk_config();
  Z3_context c = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  Z3_set_error_handler(c, on_error);
  Z3_string out = Z3_eval_smtlib2_string(c, text);
  /* the last line Z3 printed that is an answer of (check-sat) */
  const char *ans = "unknown";
  char *copy = strdup(out ? out : "");
  for (char *l = strtok(copy, "\n"); l; l = strtok(NULL, "\n")) {
    if (!strcmp(l, "sat")) ans = "sat";
    else if (!strcmp(l, "unsat")) ans = "unsat";
    else if (!strcmp(l, "unknown")) ans = "unknown";
    else if (!strncmp(l, "(error", 6)) {
      fprintf(stderr, "z3horn: %s\n", l);
      errors++;
    }
  }
  printf("%s\n", errors ? "unknown" : ans);
  Z3_del_context(c);
  free(copy);
  free(text);
  return errors ? 2 : 0;
}
