/* errcap.h -- capture of what a frontend prints on stderr while it loads
 * the input (prefix ecap_), so that a rejected input can be classified
 * (syntax error or unsupported construct) and its messages reported in the
 * JSON object as well.  The messages still reach stderr, unchanged and in
 * order, when the capture ends. */
#ifndef ERRCAP_H
#define ERRCAP_H

/* Contract: from now on, file descriptor 2 (stderr, and the children that
 * inherit it, e.g. cpp) writes into a temporary file.  Without a temporary
 * file nothing is captured (stderr stays as it was). */
void ecap_begin(void);

/* Contract: restores stderr, copies everything captured to it, and returns
 * the captured text (malloc'd, never NULL; "" when nothing was captured or
 * no capture was running).  Thread-safe and idempotent: a second call
 * returns "". */
char *ecap_end(void);

#endif
