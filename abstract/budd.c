/* budd.c -- BuDDy set-up and error handling.  BuDDy's default error handler
 * calls exit(); ours records the error, and the solver turns it into
 * ABS_MEMOUT / ABS_ERROR between operations. */
#include <stdlib.h>

#include "abstract/absint.h"

static bool running;
static long max_nodes_cap;    /* from abs_init; 0 = none */
static int error_code;        /* last BuDDy error, 0 = none */

static void on_error(int e) {
  if (!error_code) error_code = e;
}

static void on_gbc(int pre, bddGbcStat *s) { (void)pre; (void)s; }

static void on_resize(int oldsize, int newsize) { (void)oldsize; (void)newsize; }

static bool start(void) {
  int nodes = 100000;
  if (max_nodes_cap > 0 && max_nodes_cap <= nodes)
    nodes = max_nodes_cap > 64 ? (int)max_nodes_cap - 1 : 63;
  error_code = 0;
  if (bdd_init(nodes, nodes / 10 + 100) < 0) return false;
  running = true;
  bdd_error_hook(on_error);
  bdd_gbc_hook(on_gbc);
  bdd_resize_hook(on_resize);
  bdd_setmaxincrease(1 << 20);
  bdd_setcacheratio(8);
  if (max_nodes_cap > 0)
    bdd_setmaxnodenum(max_nodes_cap > nodes ? (int)max_nodes_cap : nodes + 1);
  bdd_setvarnum(2);
  if (error_code) {
    abs_bdd_reset();
    return false;
  }
  return true;
}

/* Contract (abs.h): idempotent; a second call only changes the node cap. */
void abs_init(long max_nodes) {
  if (max_nodes < 0) max_nodes = 0;
  if (max_nodes > (1L << 30)) max_nodes = 1L << 30;
  max_nodes_cap = max_nodes;
  if (!running) {
    start();
    return;
  }
  if (max_nodes == 0) bdd_setmaxnodenum(0);
  else if (max_nodes > bdd_getallocnum()) bdd_setmaxnodenum((int)max_nodes);
  error_code = 0;
}

/* Contract (abs.h): idempotent. */
void abs_done(void) {
  if (running) bdd_done();
  running = false;
  error_code = 0;
}

const char *abs_bdd_version(void) { return bdd_versionstr(); }

bool abs_bdd_ready(void) { return running || start(); }

/* Grows geometrically: bdd_setvarnum is linear in the variable count. */
void abs_bdd_vars(int n) {
  int have = bdd_varnum();
  if (n <= have) return;
  if (n < 2 * have) n = 2 * have;
  bdd_setvarnum(n);
  /* BuDDy keeps its satcount cache (results relative to the old variable
   * count) across bdd_setvarnum; a collection clears the caches. */
  bdd_gbc();
}

int abs_bdd_status(void) {
  if (!error_code) return ABS_OK;
  if (error_code == BDD_NODENUM || error_code == BDD_MEMORY) return ABS_MEMOUT;
  return ABS_ERROR;
}

void abs_bdd_clear(void) {
  error_code = 0;
  if (running) bdd_clear_error();
}

/* After an error the node table may hold garbage results: start afresh on
 * the next solve (all BDDs of the module are dead by then). */
void abs_bdd_reset(void) {
  if (running) bdd_done();
  running = false;
}

bool abs_eqmode(void) {
  static int mode = -1;
  if (mode < 0) mode = getenv("CAR_ABS_EQMODE") != NULL;
  return mode;
}

abs_status abs_check(void) {
  int s = abs_bdd_status();
  if (s != ABS_OK) return (abs_status)s;
  if (clp_expired()) return ABS_TIMEOUT;
  return ABS_OK;
}

bool abs_bdd_begin(int nvars) {
  if (!abs_bdd_ready()) return false;
  abs_bdd_vars(nvars < 2 ? 2 : nvars);
  return abs_bdd_status() == ABS_OK;
}

bool abs_bdd_failed(void) { return abs_bdd_status() != ABS_OK; }
