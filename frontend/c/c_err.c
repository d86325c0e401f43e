/* c_err.c -- error messages of the C parser: each is recorded with its
 * position and kind, and moved, in the order found, to the diagnostics
 * when the parse ends. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "frontend/c/c_parse.h"
#include "frontend/common/fe_source.h"

#define MAX_MSGS 50

const char *c_tok_text(const c_ctx *c, c_tok t) {
  return fe_quote_token(c->src + t.off, t.len);
}

/* Records the formatted message of kind k at pos (prefix before it). */
static void record(c_ctx *c, fe_diag_kind k, clp_pos pos, const char *prefix,
                   const char *fmt, va_list ap) {
  if (!pos.file) pos.file = c->file;
  if (pos.line > 0 && pos.col <= 0) pos.col = 1;
  if (pos.line <= 0) pos.line = pos.col = 0;
  fe_msg_vadd(&c->msgs, &c->nmsgs, &c->capmsgs, MAX_MSGS, k, 0, pos, prefix,
              fmt, ap);
}

void c_error_k(c_ctx *c, fe_diag_kind k, clp_pos pos, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(c, k, pos, "", fmt, ap);
  va_end(ap);
}

void c_error(c_ctx *c, clp_pos pos, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(c, FE_DIAG_ERROR, pos, "", fmt, ap);
  va_end(ap);
}

void c_unsup(c_ctx *c, clp_pos pos, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(c, FE_DIAG_UNSUPPORTED, pos, "unsupported: ", fmt, ap);
  va_end(ap);
}

int c_flush(c_ctx *c) {
  for (int i = 0; i < c->nmsgs; i++)
    fe_diag_add(c->out, c->msgs[i].kind, c->msgs[i].pos, "%s",
                c->msgs[i].text);
  return c->nmsgs;
}
