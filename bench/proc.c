/* proc.c -- run one solver process under a wall-clock deadline and memory
 * limits (address space here, resident set in rss.c), measuring wall time,
 * CPU time and peak RSS (wait4); wait for the --jobs workers. */
#include "bench.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static sigset_t watched;        /* SIGCHLD, SIGINT, SIGTERM, SIGHUP */

/* Block the signals the runner waits for, so that sigtimedwait sees them.
 * Call once before the first run. */
void bench_proc_block_signals(void) {
  sigemptyset(&watched);
  sigaddset(&watched, SIGCHLD);
  sigaddset(&watched, SIGINT);
  sigaddset(&watched, SIGTERM);
  sigaddset(&watched, SIGHUP);
  sigprocmask(SIG_BLOCK, &watched, NULL);
}

static void set_limit(int res, rlim_t soft, rlim_t hard) {
  struct rlimit rl = {soft, hard};
  setrlimit(res, &rl);
}

/* In the child: own process group, limits, redirections, exec. */
static void child(char **argv, const char *out_path, const char *err_path,
                  double timeout, long memory_mb, const char *tmp,
                  const bench_rss *rss) {
  bench_rss_join(rss);                /* first: all it starts is inside */
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGPIPE, SIG_DFL);
  setpgid(0, 0);
  /* Backstop only: the parent enforces the wall-clock deadline. */
  rlim_t cpu = (rlim_t)ceil(timeout) + 5;
  set_limit(RLIMIT_CPU, cpu, cpu + 5);
  setenv("TMPDIR", tmp, 1);
  int in = open("/dev/null", O_RDONLY);
  int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (in < 0 || out < 0 || err < 0) _exit(126);
  dup2(in, 0);
  dup2(out, 1);
  dup2(err, 2);
  close(in); close(out); close(err);
  /* The memory limit comes last: nothing may allocate after it (under a
   * sanitizer, the runner's own allocator cannot work within the limit). */
  if (memory_mb > 0) {
    rlim_t bytes = (rlim_t)memory_mb << 20;
    set_limit(RLIMIT_AS, bytes, bytes);
  }
  execvp(argv[0], argv);
  fprintf(stderr, "car-bench: cannot exec %s: %s\n", argv[0], strerror(errno));
  _exit(127);
}

/* Wait for the signals in `watched` until the absolute time `until`
 * (bench_now seconds).  Returns the signal number, or 0 on timeout. */
static int wait_signal(double until) {
  double left = until - bench_now();
  if (left <= 0) return 0;
  struct timespec ts = {(time_t)left, (long)((left - floor(left)) * 1e9)};
  int sig = sigtimedwait(&watched, NULL, &ts);
  return sig > 0 ? sig : 0;
}

/* Run argv (see bench.h for the contract). */
int bench_proc_run(char **argv, const char *out_path, const char *err_path,
                   double timeout, long memory_mb, long rss_mb, double grace,
                   const char *tmp, bench_proc *p, int *interrupted) {
  memset(p, 0, sizeof *p);
  bench_rss rss;
  bench_rss_start(&rss, rss_mb);
  fflush(NULL);
  double start = bench_now();
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "car-bench: fork: %s\n", strerror(errno));
    bench_rss_end(&rss);
    return -1;
  }
  if (pid == 0) child(argv, out_path, err_path, timeout, memory_mb, tmp, &rss);
  setpgid(pid, pid);                  /* also here: no race with kill */

  int status = 0, stage = 0;          /* 0 running, 1 TERM sent, 2 KILL */
  double deadline = start + timeout;
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  for (;;) {
    pid_t r = wait4(pid, &status, WNOHANG, &ru);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) break;
    double now = bench_now();
    if (stage == 0 && now >= deadline) {
      p->timed_out = 1;
      kill(-pid, SIGTERM);
      stage = 1;
      deadline = now + grace;
    } else if (stage == 1 && now >= deadline) {
      kill(-pid, SIGKILL);
      stage = 2;
      deadline = now + 3600;
    }
    /* With --rss, wake every 50 ms to measure the tree. */
    int sig = wait_signal(rss_mb > 0 && deadline > now + 0.05 ? now + 0.05
                                                               : deadline);
    if (rss_mb > 0 && !rss.over && bench_rss_poll(&rss, pid)) {
      stage = 2;                        /* killed: wait for it to go */
      deadline = now + 3600;
    }
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
      *interrupted = 1;
      kill(-pid, SIGKILL);
      stage = 2;
    }
  }
  p->wall = bench_now() - start;
  kill(-pid, SIGKILL);                /* stragglers left in the group */
  p->cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
           ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
  p->rss_kb = ru.ru_maxrss;
  bench_rss_end(&rss);
  p->mem_out = rss.over;
  if (rss.peak_kb > p->rss_kb) p->rss_kb = rss.peak_kb;  /* the whole tree */
  if (WIFEXITED(status)) {
    p->exited = 1;
    p->code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    p->signaled = 1;
    p->sig = WTERMSIG(status);
  }
  if (p->exited && p->code == 127) {
    char *err = bench_read_file(err_path, 4096, 0);
    p->exec_failed = err && strstr(err, "car-bench: cannot exec") != NULL;
    free(err);
  }
  return 0;
}

/* Wait for the workers pid[0..n) (see bench.h for the contract); a worker
 * that cannot be waited for (ECHILD) gets status -1, which is neither an
 * exit nor a signal. */
void bench_proc_wait_all(const pid_t *pid, int *status, int n,
                         int *interrupted) {
  char *done = bench_alloc((size_t)n);
  int left = n;
  while (left > 0) {
    for (int i = 0; i < n; i++) {
      if (done[i]) continue;
      pid_t r = waitpid(pid[i], &status[i], WNOHANG);
      if (r == pid[i] || (r < 0 && errno == ECHILD)) {
        if (r < 0) status[i] = -1;
        done[i] = 1;
        left--;
      }
    }
    if (left == 0) break;
    /* SIGCHLD stays pending while blocked, so no exit is missed; the
     * timeout is only a safety net. */
    int sig = wait_signal(bench_now() + 1);
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
      *interrupted = 1;
      for (int i = 0; i < n; i++)
        if (!done[i]) kill(pid[i], SIGTERM);
    }
  }
  free(done);
}

/* Run argv (see bench.h for the contract). */
int bench_proc_status(char *const argv[], const char *out_path, int err_too) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    int in = open("/dev/null", O_RDONLY);
    if (fd < 0 || in < 0) _exit(126);
    dup2(in, 0);
    dup2(fd, 1);
    if (err_too) dup2(fd, 2);
    execvp(argv[0], argv);
    fprintf(stderr, "car-bench: cannot run %s: %s\n", argv[0],
            strerror(errno));
    _exit(127);
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Run argv (stdin /dev/null, stderr discarded) and return its stdout, at
 * most cap bytes, NUL-terminated and malloc'd; NULL when it cannot run or
 * fails. */
char *bench_proc_output(char *const argv[], size_t cap) {
  return bench_proc_output_limit(argv, cap, 0);
}

/* bench_proc_output, the program killed by SIGALRM after secs seconds
 * (0: no limit); an alarm survives execvp. */
char *bench_proc_output_limit(char *const argv[], size_t cap, unsigned secs) {
  int fd[2];
  if (pipe(fd)) return NULL;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) { close(fd[0]); close(fd[1]); return NULL; }
  if (pid == 0) {
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) { dup2(nul, 0); dup2(nul, 2); }
    dup2(fd[1], 1);
    close(fd[0]);
    close(fd[1]);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (secs) alarm(secs);
    execvp(argv[0], argv);
    _exit(127);
  }
  close(fd[1]);
  char *buf = bench_alloc(cap + 1);
  size_t n = 0;
  for (;;) {
    char sink[512];
    ssize_t k = n < cap ? read(fd[0], buf + n, cap - n)
                        : read(fd[0], sink, sizeof sink);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    if (n < cap) n += (size_t)k;
  }
  close(fd[0]);
  buf[n] = 0;
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) { free(buf); return NULL; }
  return buf;
}
