/* deadline.c -- the one process-wide deadline (--timeout). */
#include <time.h>

#include "clp/clpi.h"

static double deadline; /* absolute clp_now() seconds; 0 = none */

double clp_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double clp_cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A busy machine gives a process at least a tenth of a core. */
#define CLP_LOAD_MAX 10.0

double clp_wall_cap(double cpu_until) {
  double left = cpu_until - clp_cpu_now();
  return clp_now() + CLP_LOAD_MAX * (left > 0 ? left : 0) + 0.001;
}

void clp_deadline_set(double seconds_from_now) {
  deadline = seconds_from_now > 0 ? clp_now() + seconds_from_now : 0;
}

bool clp_expired(void) { return deadline > 0 && clp_now() >= deadline; }

double clp_remaining(void) {
  if (deadline <= 0) return 1e9;
  double r = deadline - clp_now();
  return r > 0 ? r : 0;
}
