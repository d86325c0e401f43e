/* fe_source.h -- source text shared by the input languages (prefix fe_):
 * reading an input file with its errors as diagnostics, and quoting a
 * token for a message. */
#ifndef FE_SOURCE_H
#define FE_SOURCE_H

#include <stdarg.h>

#include "frontend/common/fe_diag.h"

/* Contract: the whole file in a NUL-terminated GC buffer and its length
 * (*len, which excludes the terminator); NULL after adding "cannot read:
 * REASON" / "is a directory" (IO) or "input too large" (LIMIT, over 2 GiB)
 * at path to d. */
char *fe_read_file(const char *path, size_t *len, fe_diags *d);

/* A token for a message: its first 40 bytes in single quotes (non-printing
 * bytes as '?', "..." when cut), or "end of file" when len <= 0. */
const char *fe_quote_token(const char *text, int len);

/* A message of a parse, kept until the parse ends (then moved to the
 * diagnostics): a byte offset (the .clp frontend's key, converted to a
 * position at the end) or a position (the C frontend's), its kind and its
 * text (without "FILE:L:C: error: "). */
typedef struct fe_msg {
  int off;
  clp_pos pos;
  fe_diag_kind kind;
  const char *text;
} fe_msg;

/* Contract: appends to (*msgs, *n, *cap) the message prefix + fmt/ap of
 * kind k at off and pos; with max messages kept, the next one is "too many
 * errors" (FE_DIAG_LIMIT) and later ones are dropped.  Returns the record,
 * or NULL when dropped. */
fe_msg *fe_msg_vadd(fe_msg **msgs, int *n, int *cap, int max,
                    fe_diag_kind k, int off, clp_pos pos, const char *prefix,
                    const char *fmt, va_list ap);

#endif
