/* stop.c -- signals to a watcher thread through a pipe (stop.h). */
#include "stop.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

static int pipefd[2] = {-1, -1};
static stop_fn report;
static atomic_int owner = STOP_NONE;

int stop_claim(int who) {
  int expected = STOP_NONE;
  atomic_compare_exchange_strong(&owner, &expected, who);
  return atomic_load(&owner);
}

/* Async-signal-safe: one byte, the signal number, into the pipe. */
static void on_signal(int sig) {
  int saved = errno;
  unsigned char b = (unsigned char)sig;
  ssize_t n = write(pipefd[1], &b, 1);
  (void)n;
  errno = saved;
}

static void *watch(void *arg) {
  (void)arg;
  for (;;) {
    unsigned char b;
    ssize_t n = read(pipefd[0], &b, 1);
    if (n == 1) report(b);
    else if (n < 0 && errno == EINTR) continue;
    else return NULL;
  }
}

bool stop_start(stop_fn fn) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  if (pipe2(pipefd, O_CLOEXEC) != 0) return false;
  report = fn;
  /* The watcher takes no signal itself: the handlers run elsewhere. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  pthread_t t;
  int rc = pthread_create(&t, NULL, watch, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (rc != 0) {
    close(pipefd[0]);
    close(pipefd[1]);
    return false;
  }
  pthread_detach(t);
  struct sigaction sa;
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGALRM, &sa, NULL);
  return true;
}
