/* c_cpp.c -- the system C preprocessor on a C input: cpp reads the text
 * from a pipe fed by a writer child, behind a #line naming the input;
 * its output is read back from a second pipe and its own messages from a
 * temporary file (they become a diagnostic, in order, before ours). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "frontend/c/c_parse.h"

#ifndef CAR_C_INCLUDE
#define CAR_C_INCLUDE "frontend/c_include"
#endif

/* The directory of the bundled headers: env CAR_C_INCLUDE, else
 * ../share/car/c_include beside the running binary when it holds
 * assert.h (an installed car, wherever its prefix was moved), else the
 * build's own path. */
static const char *include_dir(void) {
  const char *e = getenv("CAR_C_INCLUDE");
  if (e && *e) return e;
  static char dir[4096];
  ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 64);
  if (n > 0) {
    dir[n] = 0;
    char *slash = strrchr(dir, '/');
    if (slash) {
      strcpy(slash, "/../share/car/c_include");
      char probe[4096 + 16];
      snprintf(probe, sizeof probe, "%s/assert.h", dir);
      if (access(probe, R_OK) == 0) return dir;
    }
  }
  return CAR_C_INCLUDE;
}

/* "#line 1 \"path\"\n" (quotes and backslashes escaped): cpp reads the
 * text from its stdin, so positions and __FILE__ must name path. */
static char *line_directive(const char *path) {
  size_t n = strlen(path);
  char *d = NEW_ATOMIC_N(char, 2 * n + 16), *q = d;
  q += sprintf(q, "#line 1 \"");
  for (const char *p = path; *p; p++) {
    if (*p == '"' || *p == '\\') *q++ = '\\';
    *q++ = *p;
  }
  strcpy(q, "\"\n");
  return d;
}

/* Writes the n bytes at p to fd (a pipe); false on a write error. */
static bool write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= (size_t)k;
  }
  return true;
}

/* The command line of cpp (NULL-terminated, in argv[48]) for the input
 * path: the bundled headers first, quoted includes in path's directory. */
static void cpp_argv(const char *cpp, const char *path, char **argv) {
  const char *slash = strrchr(path, '/');
  char *dir = NULL;
  if (slash) {
    size_t k = slash == path ? 1 : (size_t)(slash - path);
    dir = NEW_ATOMIC_N(char, k + 1);
    memcpy(dir, path, k);
    dir[k] = 0;
  }
  /* the host's predefined macros are LP64 (x86-64); for ILP32 the ones
     that headers read for the width of long, pointers and size_t are
     redefined (docs/c.md) */
  static char *const ilp32[] = {
      "-U__LONG_MAX__", "-D__LONG_MAX__=2147483647L",
      "-U__LP64__", "-U_LP64", "-U__SIZEOF_LONG__",
      "-D__SIZEOF_LONG__=4", "-U__SIZEOF_POINTER__",
      "-D__SIZEOF_POINTER__=4", "-U__SIZEOF_SIZE_T__",
      "-D__SIZEOF_SIZE_T__=4", "-U__SIZE_TYPE__",
      "-D__SIZE_TYPE__=unsigned int", "-U__PTRDIFF_TYPE__",
      "-D__PTRDIFF_TYPE__=int", "-U__SIZE_MAX__",
      "-D__SIZE_MAX__=4294967295U", "-U__LONG_WIDTH__",
      "-D__LONG_WIDTH__=32", "-U__SIZEOF_PTRDIFF_T__",
      "-D__SIZEOF_PTRDIFF_T__=4", NULL};
  int ac = 0;
  argv[ac++] = (char *)cpp;
  argv[ac++] = "-x";
  argv[ac++] = "c";
  argv[ac++] = "-I";
  argv[ac++] = (char *)include_dir();
  if (dir) { argv[ac++] = "-iquote"; argv[ac++] = dir; }
  if (c_type_model() != C_LP64)
    for (int i = 0; ilp32[i]; i++) argv[ac++] = ilp32[i];
  argv[ac++] = "-D__CAR__=1";
  argv[ac++] = "-";
  argv[ac] = NULL;
}

/* Starts the writer child: the #line of path, then text, into in[1]. */
static pid_t start_writer(const char *path, const char *text, size_t tlen,
                          int in[2], int out[2]) {
  const char *head = line_directive(path);
  pid_t wr = fork();
  if (wr == 0) {
    close(out[0]);
    close(out[1]);
    close(in[0]);
    _exit(write_all(in[1], head, strlen(head)) && write_all(in[1], text, tlen)
              ? 0 : 1);
  }
  return wr;
}

/* Starts cpp (argv) reading in[0], writing out[1], its messages to errfd;
 * exits 127 after saying why when it cannot be run. */
static pid_t start_cpp(const char *path, char **argv, int in[2], int out[2],
                       int errfd) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  sigset_t none; /* the driver blocks SIGINT/SIGTERM for its watcher */
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  dup2(in[0], 0);
  dup2(out[1], 1);
  if (errfd >= 0) dup2(errfd, 2);
  close(in[0]);
  close(out[0]);
  close(out[1]);
  execvp(argv[0], argv);
  fprintf(stderr, "%s: error: cannot run the preprocessor '%s': %s\n", path,
          argv[0], strerror(errno));
  _exit(127);
}

/* Everything read from fd until its end (malloc'd, *n bytes; NULL and *oom
 * when it does not fit in memory, the rest read and dropped). */
static char *read_all(int fd, size_t *n, bool *oom) {
  size_t cap = 1 << 16;
  char *buf = malloc(cap + 1);
  *n = 0;
  *oom = buf == NULL;
  for (;;) {
    if (!*oom && *n == cap) {
      char *nb = realloc(buf, 2 * cap + 1);
      if (!nb) *oom = true;
      else { buf = nb; cap *= 2; }
    }
    char sink[4096];
    ssize_t k = *oom ? read(fd, sink, sizeof sink)
                     : read(fd, buf + *n, cap - *n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    if (!*oom) *n += (size_t)k;
  }
  if (*oom) { free(buf); buf = NULL; }
  return buf;
}

/* cpp's own messages (the file f, closed here) as one raw diagnostic of
 * kind k in d (nothing when empty). */
static void cpp_messages(FILE *f, fe_diag_kind k, fe_diags *d) {
  if (!f) return;
  fflush(f);
  size_t n = 0;
  bool oom = false;
  rewind(f);
  char *text = read_all(fileno(f), &n, &oom);
  fclose(f);
  if (text && n) {
    text[n] = 0;
    fe_diag_add(d, k, clp_nopos, "%s", text);
  }
  free(text);
}

char *c_cpp_run(const char *path, const char *text, size_t tlen, size_t *len,
                fe_diags *d) {
  const char *cpp = getenv("CAR_CPP");
  if (!cpp || !*cpp) cpp = "cpp";
  char *argv[48];
  cpp_argv(cpp, path, argv);
  int fd[2], in[2];
  if (pipe(fd) != 0) {
    fe_diag_add(d, FE_DIAG_IO, fe_diag_file(path),
                "cannot run the preprocessor: %s", strerror(errno));
    return NULL;
  }
  if (pipe(in) != 0) {
    fe_diag_add(d, FE_DIAG_IO, fe_diag_file(path),
                "cannot run the preprocessor: %s", strerror(errno));
    close(fd[0]);
    close(fd[1]);
    return NULL;
  }
  FILE *errf = tmpfile();
  fflush(NULL);
  pid_t wr = start_writer(path, text, tlen, in, fd);
  close(in[1]);
  pid_t pid =
      wr < 0 ? -1 : start_cpp(path, argv, in, fd, errf ? fileno(errf) : -1);
  if (pid < 0) {
    int e = errno;
    close(fd[0]);
    close(fd[1]);
    close(in[0]);
    if (wr > 0) while (waitpid(wr, NULL, 0) < 0 && errno == EINTR) {}
    cpp_messages(errf, FE_DIAG_NOTE, d);
    fe_diag_add(d, FE_DIAG_IO, fe_diag_file(path),
                "cannot run the preprocessor: %s", strerror(e));
    return NULL;
  }
  close(in[0]);
  close(fd[1]);
  size_t n = 0;
  bool oom = false;
  char *buf = read_all(fd[0], &n, &oom);
  close(fd[0]);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  while (waitpid(wr, NULL, 0) < 0 && errno == EINTR) {}
  bool noexec = WIFEXITED(st) && WEXITSTATUS(st) == 127; /* said why */
  cpp_messages(errf, noexec ? FE_DIAG_IO : FE_DIAG_NOTE, d);
  if (oom || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    if (oom)
      fe_diag_add(d, FE_DIAG_LIMIT, fe_diag_file(path),
                  "preprocessed text too large");
    else if (!noexec)
      fe_diag_add(d, FE_DIAG_IO, fe_diag_file(path),
                  "the preprocessor failed");
    free(buf);
    return NULL;
  }
  char *s = NEW_ATOMIC_N(char, n + 1);
  memcpy(s, buf, n);
  s[n] = 0;
  free(buf);
  *len = n;
  return s;
}
