/* fe_err.c -- error messages of the .clp frontend: byte offsets become
 * LINE:COL only here; messages accumulate in the context and are printed
 * sorted by position as "FILE:LINE:COL: error: MESSAGE". */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "frontend/clp/fe_clp.h"
#include "frontend/fe.h"

#define MAX_MSGS 100

static bool quiet;
static const char *last_errors = "";

void fe_clp_set_quiet(bool q) { quiet = q; }
const char *fe_clp_errors(void) { return last_errors; }

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

const char *fe_quote_token(const char *text, int len) {
  if (len <= 0) return "end of file";
  char buf[64];
  int n = len > 40 ? 40 : len;
  int k = 0;
  buf[k++] = '\'';
  for (int i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)text[i];
    buf[k++] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
  }
  if (n < len) { buf[k++] = '.'; buf[k++] = '.'; buf[k++] = '.'; }
  buf[k++] = '\'';
  buf[k] = 0;
  return clp_strdup(buf);
}

const char *fe_print_messages(int n, const char *const *texts, bool quiet) {
  size_t total = 1;
  for (int i = 0; i < n; i++) total += strlen(texts[i]) + 1;
  char *all = NEW_ATOMIC_N(char, total), *p = all;
  *p = 0;
  for (int i = 0; i < n; i++) {
    if (!quiet) fprintf(stderr, "%s\n", texts[i]);
    size_t k = strlen(texts[i]);
    memcpy(p, texts[i], k);
    p += k;
    *p++ = '\n';
    *p = 0;
  }
  return all;
}

const char *fe_tok_text(const fe_ctx *c, fe_tok t) {
  return fe_quote_token(c->src + t.off, t.len);
}

void fe_error(fe_ctx *c, int off, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  if (c->nmsgs > MAX_MSGS) return;
  if (c->nmsgs == MAX_MSGS) { /* one last message, at the end */
    off = c->len;
    fmt = "too many errors";
  }
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  int l, k;
  fe_linecol(c, off, &l, &k);
  size_t n = strlen(c->file) + strlen(msg) + 64;
  char *text = NEW_ATOMIC_N(char, n);
  snprintf(text, n, "%s:%d:%d: error: %s", c->file, l, k, msg);
  if (c->nmsgs == c->capmsgs) {
    c->capmsgs = c->capmsgs ? 2 * c->capmsgs : 8;
    c->msgs = c->msgs ? GROW(fe_msg, c->msgs, c->capmsgs)
                      : NEW_N(fe_msg, c->capmsgs);
  }
  c->msgs[c->nmsgs].off = off;
  c->msgs[c->nmsgs].text = text;
  c->nmsgs++;
}

int fe_flush(fe_ctx *c) {
  /* stable insertion sort by offset (few messages) */
  for (int i = 1; i < c->nmsgs; i++) {
    fe_msg m = c->msgs[i];
    int j = i;
    for (; j > 0 && c->msgs[j - 1].off > m.off; j--) c->msgs[j] = c->msgs[j - 1];
    c->msgs[j] = m;
  }
  /* a message is printed once, however many checks reached it (a .cub
   * expression translated for a guard and again for an update) */
  const char **texts = NEW_N(const char *, c->nmsgs);
  int n = 0;
  for (int i = 0; i < c->nmsgs; i++)
    if (!n || strcmp(texts[n - 1], c->msgs[i].text)) texts[n++] = c->msgs[i].text;
  last_errors = fe_print_messages(n, texts, quiet);
  return c->nmsgs;
}
