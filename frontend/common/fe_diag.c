/* fe_diag.c -- the list of diagnostics and how it is printed (fe_diag.h). */
#include <stdarg.h>
#include <string.h>

#include "clp/vec.h"
#include "frontend/common/fe_diag.h"

void fe_diag_add(fe_diags *d, fe_diag_kind k, clp_pos pos, const char *fmt,
                 ...) {
  if (!d) return;
  va_list ap;
  va_start(ap, fmt);
  fe_diag x = {pos, k, clp_vfmt(fmt, ap)};
  va_end(ap);
  VEC_PUSH(fe_diag, d->v, d->n, d->cap, x);
}

clp_pos fe_diag_file(const char *file) {
  clp_pos p = {file, 0, 0};
  return p;
}

const char *fe_diag_line(const fe_diag *x) {
  if (!x->pos.file) return x->text;
  if (x->pos.line > 0)
    return clp_fmt("%s:%d:%d: error: %s", x->pos.file, x->pos.line,
                   x->pos.col, x->text);
  return clp_fmt("%s: error: %s", x->pos.file, x->text);
}

const char *fe_diags_text(const fe_diags *d) {
  if (!d || !d->n) return "";
  const char **lines = NEW_N(const char *, d->n);
  size_t total = 1;
  for (int i = 0; i < d->n; i++) {
    lines[i] = fe_diag_line(&d->v[i]);
    total += strlen(lines[i]) + 1;
  }
  char *all = NEW_ATOMIC_N(char, total), *p = all;
  for (int i = 0; i < d->n; i++) {
    size_t k = strlen(lines[i]);
    memcpy(p, lines[i], k);
    p += k;
    if (d->v[i].pos.file) *p++ = '\n'; /* a raw text has its own */
  }
  *p = 0;
  return all;
}

void fe_diags_print(FILE *out, const fe_diags *d) {
  fputs(fe_diags_text(d), out);
  fflush(out);
}

int fe_diags_errors(const fe_diags *d) {
  int n = 0;
  for (int i = 0; d && i < d->n; i++) n += d->v[i].kind != FE_DIAG_NOTE;
  return n;
}

bool fe_diags_only_unsupported(const fe_diags *d) {
  for (int i = 0; d && i < d->n; i++)
    if (d->v[i].kind != FE_DIAG_NOTE && d->v[i].kind != FE_DIAG_UNSUPPORTED)
      return false;
  return fe_diags_errors(d) > 0;
}

void fe_diags_append(fe_diags *d, const fe_diags *src) {
  for (int i = 0; d && src && i < src->n; i++)
    VEC_PUSH(fe_diag, d->v, d->n, d->cap, src->v[i]);
}
