/* fe_load.c -- the dispatch over input languages (fe.h). */
#include <string.h>

#include "frontend/common/fe_source.h"
#include "frontend/fe.h"

/* The language named by path's extension, or NULL (none, or unknown). */
static const char *by_extension(const char *path) {
  static const char *const known[] = {"clp", "cub", "smt2", "c", "i", NULL};
  const char *dot = strrchr(path, '.');
  const char *slash = strrchr(path, '/');
  if (!dot || (slash && dot < slash)) return NULL;
  for (int i = 0; known[i]; i++)
    if (!strcmp(dot + 1, known[i])) return known[i];
  return NULL;
}

clp_rs *fe_load(const char *path, const char *lang, fe_diags *d,
                const char **used) {
  if (lang && !strcmp(lang, "i")) lang = "c";
  if (lang && strcmp(lang, "clp") && strcmp(lang, "cub") &&
      strcmp(lang, "smt2") && strcmp(lang, "c")) {
    fe_diag_add(d, FE_DIAG_ERROR, fe_diag_file(path),
                "unknown input language '%s'", lang);
    return NULL;
  }
  size_t len = 0;
  const char *text = fe_read_file(path, &len, d); /* once: it may be a pipe */
  if (!text) return NULL;
  if (!lang) lang = by_extension(path);
  if (!lang) lang = fe_detect_lang(text, len);
  if (!strcmp(lang, "i")) lang = "c";
  if (used) *used = lang;
  if (!strcmp(lang, "clp")) return fe_clp_parse_string(path, text, len, d);
  if (!strcmp(lang, "cub")) return fe_cub_parse_string(path, text, len, d);
  if (!strcmp(lang, "smt2")) /* CHC-COMP */
    return fe_smt2_parse_string(path, text, len, d);
  return fe_c_parse_string(path, text, len, d);
}
