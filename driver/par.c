/* par.c -- the processes of a portfolio run (par.h). */
#include "driver/par.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clp/clp.h"
#include "driver/stop.h"

/* One child: its process, its output files and its private file paths. */
typedef struct child {
  pid_t pid;            /* 0: ended (reaped) */
  int status;           /* waitpid status once ended */
  FILE *out, *err;      /* its stdout and stderr (unlinked temp files) */
  char *witness, *certificate; /* its own paths (NULL: none) */
} child;

static child kids[PAR_MAX];
static int nkids;
/* Held while the children are reaped: by the main thread's polls, and by
 * the signal watcher from its claim of the report on (par_interrupt). */
static pthread_mutex_t reaping = PTHREAD_MUTEX_INITIALIZER;
static const char *real_witness, *real_certificate;

/* PATH.carK-PID: a child's own path beside path (NULL when path is empty). */
static char *own_path(const char *path, int k) {
  if (!*path) return NULL;
  size_t n = strlen(path) + 32;
  char *p = malloc(n);
  if (p) snprintf(p, n, "%s.car%d-%ld", path, k + 1, (long)getpid());
  return p;
}

/* Removes child k's files, or renames them into place (keep). */
static void settle_files(int k, bool keep) {
  char *own[2] = {kids[k].witness, kids[k].certificate};
  const char *real[2] = {real_witness, real_certificate};
  for (int i = 0; i < 2; i++) {
    if (!own[i]) continue;
    if (!keep || rename(own[i], real[i]) != 0) unlink(own[i]);
  }
}

void par_kill(void) {
  for (int k = 0; k < nkids; k++)
    if (kids[k].pid > 0) kill(kids[k].pid, SIGKILL);
  for (int k = 0; k < nkids; k++) {
    if (kids[k].pid <= 0) continue;
    while (waitpid(kids[k].pid, &kids[k].status, 0) < 0 && errno == EINTR) {}
    kids[k].pid = 0;
    settle_files(k, false);
  }
}

/* Copies the whole of file f to the descriptor fd. */
static void copy_out(FILE *f, int fd) {
  char buf[8192];
  fflush(f);
  if (lseek(fileno(f), 0, SEEK_SET) < 0) return;
  ssize_t r;
  while ((r = read(fileno(f), buf, sizeof buf)) > 0)
    for (ssize_t w = 0; w < r;) {
      ssize_t m = write(fd, buf + w, (size_t)(r - w));
      if (m <= 0) return;
      w += m;
    }
}

/* Waits up to secs seconds for child k to end (status in kids[k]). */
static bool await(int k, double secs) {
  const struct timespec tick = {0, 2000000};
  for (double until = clp_now() + secs; kids[k].pid > 0;) {
    pid_t p = waitpid(kids[k].pid, &kids[k].status, WNOHANG);
    if (p == kids[k].pid || (p < 0 && errno != EINTR)) kids[k].pid = 0;
    else if (clp_now() > until) return false;
    else nanosleep(&tick, NULL);
  }
  return true;
}

bool par_interrupt(int sig) {
  pthread_mutex_lock(&reaping); /* the main thread polls no more */
  if (!nkids) return false;
  for (int k = 0; k < nkids; k++)
    if (kids[k].pid > 0) kill(kids[k].pid, sig);
  bool reported = await(0, 2.0) && WIFSIGNALED(kids[0].status) &&
                  WTERMSIG(kids[0].status) == sig;
  par_kill();
  if (reported) {
    copy_out(kids[0].out, STDOUT_FILENO);
    copy_out(kids[0].err, STDERR_FILENO);
  }
  for (int k = 0; k < nkids; k++) settle_files(k, false);
  return reported;
}

/* The child's side right after fork: output to its files, its own paths,
 * killed with the parent. */
static int become_child(int k, pid_t parent, const char **witness,
                        const char **certificate) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(EXIT_FAILURE); /* the parent is gone */
  dup2(fileno(kids[k].out), STDOUT_FILENO);
  dup2(fileno(kids[k].err), STDERR_FILENO);
  if (kids[k].witness) *witness = kids[k].witness;
  if (kids[k].certificate) *certificate = kids[k].certificate;
  nkids = 0; /* a child has no children of the portfolio */
  return k;
}

/* Reaps the children that ended; returns the number of one that ended
 * with a verdict (exit 0 or 10), else -1.  *running: those still running. */
static int reap(int *running) {
  int won = -1;
  *running = 0;
  for (int k = 0; k < nkids; k++) {
    if (kids[k].pid <= 0) continue;
    pid_t p = waitpid(kids[k].pid, &kids[k].status, WNOHANG);
    if (p == 0 || (p < 0 && errno == EINTR)) { ++*running; continue; }
    kids[k].pid = 0;
    int st = kids[k].status;
    if (won < 0 && WIFEXITED(st) &&
        (WEXITSTATUS(st) == 0 || WEXITSTATUS(st) == 10))
      won = k;
  }
  return won;
}

/* The parent's wait: polls every 2 ms until a verdict, every child's end,
 * or the kill time; then reports one child (par_run's contract). */
static void wait_children(double kill_after, par_outcome *out) {
  double until = kill_after > 0 ? clp_now() + kill_after : 0;
  const struct timespec tick = {0, 2000000};
  int won = -1, running = nkids;
  for (;;) {
    pthread_mutex_lock(&reaping);
    if (stop_claim(STOP_NONE) == STOP_WATCHER) break; /* it reports */
    won = reap(&running);
    if (won >= 0 || !running || (until && clp_now() > until)) break;
    pthread_mutex_unlock(&reaping);
    nanosleep(&tick, NULL);
  }
  bool mine = stop_claim(STOP_MAIN) == STOP_MAIN; /* still under the lock */
  pthread_mutex_unlock(&reaping);
  if (!mine) for (;;) pause();
  int shown = won >= 0 ? won : 0;
  bool ended = kids[shown].pid == 0; /* before par_kill reaps the rest */
  par_kill();
  for (int k = 0; k < nkids; k++) settle_files(k, ended && k == shown);
  out->winner = ended ? shown : -1;
  out->code = 20;
  if (!ended) return;
  int st = kids[shown].status;
  out->code = WIFEXITED(st) ? WEXITSTATUS(st)
              : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 3;
  copy_out(kids[shown].out, STDOUT_FILENO);
  copy_out(kids[shown].err, STDERR_FILENO);
}

int par_run(int n, double kill_after, const char **witness,
            const char **certificate, par_outcome *out) {
  real_witness = *witness;
  real_certificate = *certificate;
  pid_t parent = getpid();
  nkids = 0;
  for (int k = 0; k < n && k < PAR_MAX; k++) {
    child *c = &kids[k];
    memset(c, 0, sizeof *c);
    c->out = tmpfile();
    c->err = tmpfile();
    c->witness = own_path(*witness, k);
    c->certificate = own_path(*certificate, k);
    pid_t pid = c->out && c->err ? fork() : -1;
    if (pid == 0) return become_child(k, parent, witness, certificate);
    if (pid < 0) {
      if (k == 0) return PAR_ALONE; /* no child: run here */
      break;                /* run with the children made so far */
    }
    c->pid = pid;
    nkids = k + 1;
  }
  wait_children(kill_after, out);
  return PAR_PARENT;
}
