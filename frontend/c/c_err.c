/* c_err.c -- error messages of the C parser: each is recorded with its
 * position as "FILE:LINE:COL: error: MESSAGE" and printed, in the order
 * found, when the parse ends. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "frontend/c/c_parse.h"
#include "frontend/fe.h"

#define MAX_MSGS 50

static bool quiet;
static const char *last_errors = "";

void c_parse_set_quiet(bool q) { quiet = q; }
const char *c_parse_errors(void) { return last_errors; }

const char *c_tok_text(const c_ctx *c, c_tok t) {
  return fe_quote_token(c->src + t.off, t.len);
}

void c_error(c_ctx *c, clp_pos pos, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  if (c->nmsgs > MAX_MSGS) return;
  if (c->nmsgs == MAX_MSGS) fmt = "too many errors";
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  const char *file = pos.file ? pos.file : c->file;
  size_t n = strlen(file) + strlen(msg) + 64;
  char *text = NEW_ATOMIC_N(char, n);
  if (pos.line > 0)
    snprintf(text, n, "%s:%d:%d: error: %s", file, pos.line,
             pos.col > 0 ? pos.col : 1, msg);
  else
    snprintf(text, n, "%s: error: %s", file, msg);
  if (c->nmsgs == c->capmsgs) {
    c->capmsgs = c->capmsgs ? 2 * c->capmsgs : 8;
    c->msgs = c->msgs ? GROW(c_msg, c->msgs, c->capmsgs)
                      : NEW_N(c_msg, c->capmsgs);
  }
  c->msgs[c->nmsgs].pos = pos;
  c->msgs[c->nmsgs].text = text;
  c->nmsgs++;
}

int c_flush(c_ctx *c) {
  const char **texts = NEW_N(const char *, c->nmsgs);
  for (int i = 0; i < c->nmsgs; i++) texts[i] = c->msgs[i].text;
  last_errors = fe_print_messages(c->nmsgs, texts, quiet);
  return c->nmsgs;
}
