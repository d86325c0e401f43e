/* par.h -- the processes of a portfolio run (prefix par_): --cores=N
 * forks one child per engine configuration (portfolio/lineup.h) after the
 * input is loaded; each child runs the normal path (engine, certificate
 * check, report) into files of its own; the first certified answer wins.
 * docs/engines.md, "The portfolio", describes the scheduling. */
#ifndef PAR_H
#define PAR_H

#include <stdbool.h>

/* The most children of a run. */
enum { PAR_MAX = 64 };

/* par_run's answers besides a child's number. */
enum { PAR_PARENT = -1, PAR_ALONE = -2 };

/* What the parent learnt of the children. */
typedef struct par_outcome {
  int winner;   /* the child whose output was printed, -1: none */
  int code;     /* the exit code to end with (winner's; 128+N by signal) */
} par_outcome;

/* Contract: forks n children (2 <= n <= PAR_MAX).  Call with stdout and
 * stderr flushed and no thread but the caller's and the signal watcher.
 *  - In a child: returns its number k (0..n-1), with stdout and stderr
 *    going to files of its own, *witness and *certificate (when not
 *    empty) replaced by paths of its own (PATH.carK-PID, renamed by the
 *    parent), the parent's death killing it.  The signal watcher and
 *    alarm() are not inherited: the caller restarts them.
 *  - In the parent: returns PAR_PARENT when the children have ended, with *out:
 *    the first child to exit with 0 or 10 wins; the others are killed
 *    (SIGKILL) and reaped.  When none does, child 0 (the default
 *    configuration) is the one reported.  The reported child's stdout and
 *    stderr are copied to the parent's and its files renamed into place;
 *    every other child's files are removed.  With kill_after > 0, every
 *    child still running that many seconds from now is killed; when child
 *    0 is so, out->winner is -1 and nothing is printed.
 *  - When no child can be forked: returns PAR_ALONE in the parent (the
 *    run stays in one process, as configuration 1). */
int par_run(int n, double kill_after, const char **witness,
            const char **certificate, par_outcome *out);

/* Contract: kills (SIGKILL) and reaps every child still running and
 * removes their files.  Allocates nothing. */
void par_kill(void);

/* Contract: for the parent's signal watcher, once it owns the report
 * (stop.h): stops the main thread's reaping, sends sig to every child,
 * and when child 0 (the default configuration) ends by it within 2 s,
 * copies its output (its interrupted report, with its statistics) out;
 * then kills and reaps the rest.  Returns whether child 0's report was
 * printed (false in a run without children: the caller reports).
 * Allocates nothing. */
bool par_interrupt(int sig);

#endif
