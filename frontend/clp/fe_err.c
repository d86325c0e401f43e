/* fe_err.c -- error messages of the .clp frontend (and the .cub one, which
 * shares its context): byte offsets become LINE:COL only here; messages
 * accumulate in the context and move to its diagnostics sorted by
 * position. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "frontend/clp/fe_clp.h"
#include "frontend/common/fe_source.h"

#define MAX_MSGS 100

void fe_linecol(const fe_ctx *c, int off, int *line, int *col) {
  int lo = 0, hi = c->nlines - 1;
  if (off < 0) off = 0;
  if (off > c->len) off = c->len;
  while (lo < hi) { /* last line start <= off */
    int mid = lo + (hi - lo + 1) / 2;
    if (c->lines[mid] <= off) lo = mid;
    else hi = mid - 1;
  }
  *line = lo + 1;
  *col = off - c->lines[lo] + 1;
}

clp_pos fe_pos(const fe_ctx *c, int off) {
  clp_pos p;
  p.file = c->file;
  fe_linecol(c, off, &p.line, &p.col);
  return p;
}

const char *fe_where(const fe_ctx *c, int off) {
  int l, k;
  fe_linecol(c, off, &l, &k);
  char buf[48];
  snprintf(buf, sizeof buf, "%d:%d", l, k);
  return clp_strdup(buf);
}

const char *fe_tok_text(const fe_ctx *c, fe_tok t) {
  return fe_quote_token(c->src + t.off, t.len);
}

/* Records the formatted message of kind k at off (prefix before it). */
static void record(fe_ctx *c, fe_diag_kind k, int off, const char *prefix,
                   const char *fmt, va_list ap) {
  bool last = c->nmsgs == MAX_MSGS;
  fe_msg *m = fe_msg_vadd(&c->msgs, &c->nmsgs, &c->capmsgs, MAX_MSGS, k, off,
                          clp_nopos, prefix, fmt, ap);
  if (m && last) m->off = c->len; /* "too many errors", at the end */
}

void fe_error_k(fe_ctx *c, fe_diag_kind k, int off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(c, k, off, "", fmt, ap);
  va_end(ap);
}

void fe_error(fe_ctx *c, int off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(c, FE_DIAG_ERROR, off, "", fmt, ap);
  va_end(ap);
}

void fe_unsup(fe_ctx *c, int off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(c, FE_DIAG_UNSUPPORTED, off, "unsupported: ", fmt, ap);
  va_end(ap);
}

int fe_flush(fe_ctx *c) {
  /* stable insertion sort by offset (few messages) */
  for (int i = 1; i < c->nmsgs; i++) {
    fe_msg m = c->msgs[i];
    int j = i;
    for (; j > 0 && c->msgs[j - 1].off > m.off; j--) c->msgs[j] = c->msgs[j - 1];
    c->msgs[j] = m;
  }
  /* a message is reported once, however many checks reached it (a .cub
   * expression translated for a guard and again for an update) */
  clp_pos prev = clp_nopos;
  const char *prev_text = NULL;
  for (int i = 0; i < c->nmsgs; i++) {
    const fe_msg *m = &c->msgs[i];
    clp_pos p = fe_pos(c, m->off);
    if (prev_text && p.line == prev.line && p.col == prev.col &&
        !strcmp(prev_text, m->text))
      continue;
    fe_diag_add(c->out, m->kind, p, "%s", m->text);
    prev = p;
    prev_text = m->text;
  }
  return c->nmsgs;
}
