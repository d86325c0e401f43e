/* fe_source.c -- reading an input and quoting its tokens (fe_source.h). */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "clp/vec.h"
#include "frontend/common/fe_source.h"

char *fe_read_file(const char *path, size_t *len, fe_diags *d) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fe_diag_add(d, FE_DIAG_IO, fe_diag_file(path), "cannot read: %s",
                strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    fe_diag_add(d, FE_DIAG_IO, fe_diag_file(path), "is a directory");
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = NEW_ATOMIC_N(char, cap + 1);
  for (;;) {
    if (n == cap) {
      if (cap > ((size_t)1 << 30)) {
        fclose(f);
        fe_diag_add(d, FE_DIAG_LIMIT, fe_diag_file(path), "input too large");
        return NULL;
      }
      cap *= 2;
      buf = GROW(char, buf, cap + 1);
    }
    size_t k = fread(buf + n, 1, cap - n, f);
    n += k;
    if (k == 0) break;
  }
  bool bad = ferror(f);
  fclose(f);
  if (bad) {
    fe_diag_add(d, FE_DIAG_IO, fe_diag_file(path), "cannot read: %s",
                strerror(errno));
    return NULL;
  }
  buf[n] = 0;
  *len = n;
  return buf;
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

fe_msg *fe_msg_vadd(fe_msg **msgs, int *n, int *cap, int max,
                    fe_diag_kind k, int off, clp_pos pos, const char *prefix,
                    const char *fmt, va_list ap) {
  if (*n > max) return NULL;
  const char *text = "too many errors";
  if (*n == max) k = FE_DIAG_LIMIT;
  else text = clp_fmt("%s%s", prefix, clp_vfmt(fmt, ap));
  fe_msg m = {off, pos, k, text};
  VEC_PUSH(fe_msg, *msgs, *n, *cap, m);
  return &(*msgs)[*n - 1];
}
