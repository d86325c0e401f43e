/* verdict.c -- verdict rules (reading a solver's answer from its output)
 * and the classification of a run. */
#include "bench.h"

#include <ctype.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The default words, tried after a rule's own mappings. */
static const bench_match defaults[] = {
  {"safe", 0, BV_SAFE},       {"sat", 0, BV_SAFE},
  {"unsafe", 0, BV_UNSAFE},   {"unsat", 0, BV_UNSAFE},
  {"unknown", 0, BV_UNKNOWN}, {"timeout", 0, BV_TIMEOUT},
};

/* Text in stderr that marks running out of memory (case-insensitive). */
static const char *const memory_markers[] = {
  "out of memory", "bad_alloc", "cannot allocate memory", "memoryerror",
  "memory exhausted", "failed to allocate", "memout",
  "memory limit reached", /* car --memory */
};

static int add_match(bench_rule *r, const char *text, size_t n, int sub,
                     const char *verdict) {
  bench_verdict v;
  if (!n || !bench_verdict_parse(verdict, &v) || v == BV_NONE) return -1;
  r->m = bench_grow(r->m, sizeof *r->m * (size_t)(r->nm + 1));
  r->m[r->nm].text = bench_strndup(text, n);
  r->m[r->nm].substring = sub;
  r->m[r->nm].verdict = v;
  r->nm++;
  return 0;
}

/* Parse one item [p, end) of a rule. */
static int parse_item(bench_rule *r, const char *p, const char *end) {
  char *item = bench_strndup(p, (size_t)(end - p));
  int rc = 0;
  char *colon = strrchr(item, ':');
  if (!strcmp(item, "scan=first")) r->scan_any = 0;
  else if (!strcmp(item, "scan=any")) r->scan_any = 1;
  else if (!strcmp(item, "stream=stdout")) r->use_stderr = 0;
  else if (!strcmp(item, "stream=stderr")) r->use_stderr = 1;
  else if (!strcmp(item, "nodefault")) r->no_default = 1;
  else if (!colon) rc = -1;
  else if (!strncmp(item, "exit=", 5)) {
    bench_verdict v;
    char *num_end;
    long code = strtol(item + 5, &num_end, 10);
    if (num_end != colon || num_end == item + 5 || r->nexit == 8 ||
        !bench_verdict_parse(colon + 1, &v) || v == BV_NONE) rc = -1;
    else {
      r->exit_code[r->nexit] = (int)code;
      r->exit_verdict[r->nexit++] = v;
    }
  } else if (item[0] == '/') {
    if (colon < item + 2 || colon[-1] != '/') rc = -1;
    else rc = add_match(r, item + 1, (size_t)(colon - 1 - item - 1), 1,
                        colon + 1);
  } else {
    rc = add_match(r, item, (size_t)(colon - item), 0, colon + 1);
  }
  free(item);
  return rc;
}

/* Parse a verdict rule: items separated by commas (a /TEXT/ item may itself
 * hold commas).  Items: WORD:VERDICT, /TEXT/:VERDICT, exit=N:VERDICT,
 * scan=first|any, stream=stdout|stderr, nodefault.  0 ok, -1 error. */
int bench_rule_parse(const char *spec, bench_rule *r) {
  const char *p = spec;
  while (*p) {
    const char *end;
    if (*p == '/') {                 /* up to the "/:" that closes TEXT */
      const char *close = strstr(p + 1, "/:");
      if (!close) return -1;
      end = strchr(close, ',');
    } else {
      end = strchr(p, ',');
    }
    if (!end) end = p + strlen(p);
    if (end > p && parse_item(r, p, end)) return -1;
    p = *end ? end + 1 : end;
  }
  return 0;
}

/* Does match m hold for line [s, s+n)? */
static int matches(const bench_match *m, const char *s, size_t n) {
  if (m->substring) {
    size_t k = strlen(m->text);
    for (size_t i = 0; i + k <= n; i++)
      if (!strncasecmp(s + i, m->text, k)) return 1;
    return 0;
  }
  size_t w = 0;
  while (w < n && !isspace((unsigned char)s[w])) w++;
  return w == strlen(m->text) && !strncasecmp(s, m->text, w);
}

static bench_verdict read_line(const bench_rule *r, const char *s, size_t n) {
  for (int i = 0; i < r->nm; i++)
    if (matches(&r->m[i], s, n)) return r->m[i].verdict;
  if (!r->no_default)
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
      if (matches(&defaults[i], s, n)) return defaults[i].verdict;
  return BV_NONE;
}

/* The verdict a solver gave: from the first non-empty line (scan=first) or
 * the first matching line (scan=any) of stdout (or stderr); when that is
 * none or unknown, an exit=N mapping of the exit code takes precedence. */
bench_verdict bench_verdict_read(const bench_rule *r, const char *out,
                                 const char *err, const bench_proc *p) {
  const char *s = r->use_stderr ? err : out;
  bench_verdict v = BV_NONE;
  while (s && *s) {
    while (*s == ' ' || *s == '\t' || *s == '\r') s++;
    const char *eol = strchr(s, '\n');
    size_t n = eol ? (size_t)(eol - s) : strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (n) {
      v = read_line(r, s, n);
      if (v != BV_NONE || !r->scan_any) break;
    }
    if (!eol) break;
    s = eol + 1;
  }
  if (v != BV_NONE && v != BV_UNKNOWN) return v;
  for (int i = 0; i < r->nexit; i++)
    if (p->exited && p->code == r->exit_code[i]) return r->exit_verdict[i];
  return v;
}

static int memory_marked(const char *err) {
  if (!err) return 0;
  for (size_t i = 0; i < sizeof memory_markers / sizeof *memory_markers; i++)
    if (strcasestr(err, memory_markers[i])) return 1;
  return 0;
}

/* Classify a run (README.md, "Classification"), in this order:
 * 1. wrong:     safe/unsafe opposite to a known expected answer, however
 *               the run ended (a wrong claim is never excused);
 * 2. timeout:   the deadline passed (wall > timeout, or we killed it), the
 *               CPU backstop fired (SIGXCPU), or the solver said "timeout";
 *    memout:    the runner killed it over the --rss limit (rss.c), as
 *               the deadline does for a timeout;
 * 3. correct:   safe/unsafe equal to the expected answer;
 *    unchecked: safe/unsafe where the expected answer is unknown;
 * 4. memout:    the solver said memout, or stderr holds an out-of-memory
 *               message, or it ended abnormally (signal or nonzero exit)
 *               with peak RSS >= 90% of the memory limit;
 * 5. unknown:   the solver said unknown;
 * 6. error:     everything else (no verdict, crash, cannot exec). */
bench_status bench_classify(bench_verdict v, bench_expected e,
                            const bench_proc *p, const char *err,
                            double timeout, long memory_mb) {
  int definite = v == BV_SAFE || v == BV_UNSAFE;
  if (definite && e != BE_UNKNOWN && (v == BV_SAFE) != (e == BE_SAFE))
    return BS_WRONG;
  if (p->timed_out || p->wall > timeout || (p->signaled && p->sig == SIGXCPU) ||
      v == BV_TIMEOUT)
    return BS_TIMEOUT;
  if (p->mem_out) return BS_MEMOUT;
  if (definite) return e == BE_UNKNOWN ? BS_UNCHECKED : BS_CORRECT;
  int abnormal = p->signaled || (p->exited && p->code != 0);
  if (v == BV_MEMOUT || (!p->exec_failed && memory_marked(err)) ||
      (abnormal && memory_mb > 0 && p->rss_kb >= memory_mb * 1024L * 9 / 10))
    return BS_MEMOUT;
  if (v == BV_UNKNOWN) return BS_UNKNOWN;
  return BS_ERROR;
}
