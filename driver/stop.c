/* stop.c -- SIGINT, SIGTERM and SIGALRM are blocked in every thread and
 * taken by a watcher thread with sigwait (stop.h).  Blocking, rather than a
 * handler, matters: Z3 installs its own SIGINT handler around each check
 * (to cancel it), which would swallow a first Ctrl-C; a blocked signal
 * never reaches any handler, so sigwait always gets it. */
#include "driver/stop.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <time.h>

static stop_fn report;
static sigset_t watched;
static atomic_int owner = STOP_NONE;

int stop_claim(int who) {
  int expected = STOP_NONE;
  atomic_compare_exchange_strong(&owner, &expected, who);
  return atomic_load(&owner);
}

/* Set by the watcher once it is about to wait: a thread still starting
 * may hold a lock of the allocator (AddressSanitizer's has no fork
 * handlers), and a fork then (the portfolio's) leaves that lock held
 * forever in the child, whose next allocation of that size hangs. */
static atomic_int ready;

static void *watch(void *arg) {
  (void)arg;
  atomic_store(&ready, 1);
  for (;;) {
    int sig = 0;
    if (sigwait(&watched, &sig) == 0) report(sig);
  }
  return NULL;
}

bool stop_start(stop_fn fn) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  report = fn;
  atomic_store(&ready, 0); /* a portfolio child starts its own */
  sigemptyset(&watched);
  sigaddset(&watched, SIGINT);
  sigaddset(&watched, SIGTERM);
  sigaddset(&watched, SIGALRM);
  /* Threads made later (Z3's) inherit the mask. */
  if (pthread_sigmask(SIG_BLOCK, &watched, NULL) != 0) return false;
  pthread_t t;
  if (pthread_create(&t, NULL, watch, NULL) != 0) {
    pthread_sigmask(SIG_UNBLOCK, &watched, NULL);
    return false;
  }
  pthread_detach(t);
  const struct timespec tick = {0, 100000};
  while (!atomic_load(&ready)) nanosleep(&tick, NULL);
  return true;
}
