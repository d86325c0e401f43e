/* util.c -- allocation, strings, files, CSV/JSON quoting for car-bench. */
#include "bench.h"

#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void oom(void) {
  fputs("car-bench: out of memory\n", stderr);
  exit(2);
}

/* Zeroed allocation; exits on failure. */
void *bench_alloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p) oom();
  return p;
}

/* realloc; exits on failure. */
void *bench_grow(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) oom();
  return p;
}

/* Copy of s (malloc'd). */
char *bench_strdup(const char *s) { return bench_strndup(s, strlen(s)); }

/* Copy of the first n bytes of s, NUL-terminated. */
char *bench_strndup(const char *s, size_t n) {
  char *d = bench_alloc(n + 1);
  memcpy(d, s, n);
  return d;
}

/* printf into a fresh malloc'd string. */
char *bench_fmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = bench_alloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

/* Monotonic clock in seconds. */
double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Median of v[0..n) (sorts v in place); 0 when n == 0. */
double bench_median(double *v, int n) {
  if (n <= 0) return 0;
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* mkdir -p path; 0 on success. */
int bench_mkdirs(const char *path) {
  char *p = bench_strdup(path);
  for (char *s = p + 1; *s; s++) {
    if (*s != '/') continue;
    *s = 0;
    if (mkdir(p, 0777) && errno != EEXIST) { free(p); return -1; }
    *s = '/';
  }
  int rc = mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
  free(p);
  return rc;
}

static int rm_one(const char *path, const struct stat *st, int flag,
                  struct FTW *ftw) {
  (void)st; (void)flag; (void)ftw;
  remove(path);
  return 0;
}

/* rm -rf path (errors ignored). */
void bench_rmtree(const char *path) {
  nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Read at most max bytes of a file: the first max bytes, or the last max
 * bytes when tail is set.  Returns a malloc'd NUL-terminated string, or NULL
 * when the file cannot be opened. */
char *bench_read_file(const char *path, size_t max, int tail) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  if (tail && !fseek(f, 0, SEEK_END)) {
    long size = ftell(f);
    if (size > (long)max) fseek(f, size - (long)max, SEEK_SET);
    else rewind(f);
  }
  char *buf = bench_alloc(max + 1);
  size_t n = fread(buf, 1, max, f);
  buf[n] = 0;
  for (size_t i = 0; i < n; i++)      /* NULs would cut the text short */
    if (!buf[i]) buf[i] = ' ';
  fclose(f);
  return buf;
}

/* Is prog an executable file in a directory of $PATH (or a path itself)? */
int bench_on_path(const char *prog) {
  if (strchr(prog, '/')) return access(prog, X_OK) == 0;
  const char *path = getenv("PATH");
  if (!path) return 0;
  while (*path) {
    const char *end = strchr(path, ':');
    size_t n = end ? (size_t)(end - path) : strlen(path);
    char *full = bench_fmt("%.*s/%s", (int)n, path, prog);
    int ok = n && access(full, X_OK) == 0;
    free(full);
    if (ok) return 1;
    path += n + (end ? 1 : 0);
  }
  return 0;
}

/* Write s as one CSV field, quoted when it holds , " or a newline. */
void bench_csv_field(FILE *f, const char *s) {
  if (!strpbrk(s, ",\"\n\r")) { fputs(s, f); return; }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

/* Write s as a JSON string literal. */
void bench_json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p == '\n') fputs("\\n", f);
    else if (*p == '\t') fputs("\\t", f);
    else if (*p < 0x20) fprintf(f, "\\u%04x", *p);
    else fputc(*p, f);
  }
  fputc('"', f);
}

/* Split one CSV line (no trailing newline needed) into at most max
 * malloc'd fields, honouring "..." quoting with "" escapes. */
int bench_csv_split(const char *line, char **field, int max) {
  int n = 0;
  const char *p = line;
  while (n < max) {
    size_t cap = strlen(p) + 1, len = 0;
    char *buf = bench_alloc(cap);
    if (*p == '"') {
      for (p++; *p; p++) {
        if (*p == '"' && p[1] == '"') { buf[len++] = '"'; p++; }
        else if (*p == '"') { p++; break; }
        else buf[len++] = *p;
      }
      while (*p && *p != ',') p++;
    } else {
      while (*p && *p != ',' && *p != '\n' && *p != '\r') buf[len++] = *p++;
    }
    field[n++] = buf;
    if (*p != ',') break;
    p++;
  }
  return n;
}

/* Whether s ends with suffix. */
int bench_ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}
