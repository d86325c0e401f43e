/* fe_diag.h -- diagnostics as data (prefix fe_diag): what loading an input
 * found wrong, each with its position and kind, collected in one list by
 * every input language.  The driver prints them and chooses the exit code
 * from their kinds; no message text is ever searched. */
#ifndef FE_DIAG_H
#define FE_DIAG_H

#include <stdio.h>

#include "clp/clp.h"

typedef enum fe_diag_kind {
  FE_DIAG_SYNTAX,      /* the text is not in the language */
  FE_DIAG_UNSUPPORTED, /* a construct car does not handle ("unsupported: ") */
  FE_DIAG_LIMIT,       /* nesting, size or count limits ("too many errors") */
  FE_DIAG_IO,          /* cannot open, read or preprocess the input */
  FE_DIAG_ERROR,       /* any other error (names, sorts, semantics) */
  FE_DIAG_NOTE         /* not an error: text of a tool (cpp's warnings) */
} fe_diag_kind;

typedef struct fe_diag {
  clp_pos pos;               /* file NULL: text is a raw line (NOTE) */
  fe_diag_kind kind;
  const char *text;          /* the message, without "FILE:L:C: error: " */
} fe_diag;

/* A list of diagnostics in the order found (a VEC_ array). */
typedef struct fe_diags {
  fe_diag *v;
  int n, cap;
} fe_diags;

/* Contract: appends a diagnostic of kind k at pos with the printf-formatted
 * text.  d NULL: nothing is recorded (callers that want no messages). */
void fe_diag_add(fe_diags *d, fe_diag_kind k, clp_pos pos, const char *fmt,
                 ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The position pos.file:0:0 (a message about a whole file). */
clp_pos fe_diag_file(const char *file);

/* Contract: the diagnostic as the line car prints (no newline):
 * "FILE:LINE:COL: error: TEXT" (line > 0),
 * "FILE: error: TEXT" (line 0), or TEXT as is (pos.file NULL). */
const char *fe_diag_line(const fe_diag *x);
/* Contract: every diagnostic of d as printed, each ending in a newline ("",
 * never NULL, when d is NULL or empty; a raw text is kept as is). */
const char *fe_diags_text(const fe_diags *d);
/* Contract: writes fe_diags_text(d) to out (a FILE *) and flushes it. */
void fe_diags_print(FILE *out, const fe_diags *d);
/* The number of errors in d (every kind but NOTE). */
int fe_diags_errors(const fe_diags *d);
/* True when d has errors and every one is UNSUPPORTED. */
bool fe_diags_only_unsupported(const fe_diags *d);
/* Contract: appends every diagnostic of src to d. */
void fe_diags_append(fe_diags *d, const fe_diags *src);

#endif
