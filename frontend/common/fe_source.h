/* fe_source.h -- source text shared by the input languages (prefix fe_):
 * reading an input file with its errors as diagnostics, and quoting a
 * token for a message. */
#ifndef FE_SOURCE_H
#define FE_SOURCE_H

#include "frontend/common/fe_diag.h"

/* Contract: the whole file in a NUL-terminated GC buffer and its length
 * (*len, which excludes the terminator); NULL after adding "cannot open:
 * REASON" / "read error" (IO) or "input too large" (LIMIT, over 2 GiB) at
 * path to d. */
char *fe_read_file(const char *path, size_t *len, fe_diags *d);

/* A token for a message: its first 40 bytes in single quotes (non-printing
 * bytes as '?', "..." when cut), or "end of file" when len <= 0. */
const char *fe_quote_token(const char *text, int len);

#endif
