/* stop.h -- ending a run at once on SIGINT, SIGTERM and the hard deadline
 * (SIGALRM), with a report (prefix stop_).
 *
 * The three signals are blocked in every thread; a watcher thread takes
 * them with sigwait and calls the driver's report function there, outside
 * signal context, so the report may use stdio.  The watcher never touches
 * the GC heap or Z3: the report must not allocate from the GC either.
 * A child process starts with the signals blocked: it must unblock them
 * before exec (frontend/c_parse.c does for cpp). */
#ifndef STOP_H
#define STOP_H

#include <stdbool.h>

/* Called on the watcher thread for each signal; it ends the process, or
 * returns when the report belongs to another thread already. */
typedef void (*stop_fn)(int sig);

/* Contract: call before any other thread exists.  Sets SIGINT and SIGTERM
 * back to their default action first (a background job of a
 * non-interactive shell inherits them ignored), blocks SIGINT, SIGTERM and
 * SIGALRM, and starts the watcher, which calls fn(sig) for each; returns
 * once the watcher runs (a fork may follow: nothing of its start is left
 * half done in the child).  False
 * when the thread cannot be made; the signals then keep their default
 * action. */
bool stop_start(stop_fn fn);

/* Who prints the verdict: only one thread may. */
enum { STOP_NONE, STOP_MAIN, STOP_WATCHER };
/* Contract: the first caller becomes the owner of the report; returns the
 * owner after the call (who when it won, else the earlier owner). */
int stop_claim(int who);

#endif
