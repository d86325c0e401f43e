/* fe_load.c -- the dispatch over input languages (fe.h). */
#include <string.h>

#include "frontend/common/fe_source.h"
#include "frontend/fe.h"

/* The rule set of the file at path, read by parse (a frontend's
 * fe_*_parse_string), or NULL (diagnostics in d). */
static clp_rs *from_file(const char *path, fe_diags *d,
                         clp_rs *(*parse)(const char *, const char *, size_t,
                                          fe_diags *)) {
  size_t len = 0;
  char *text = fe_read_file(path, &len, d);
  if (!text) return NULL;
  return parse(path, text, len, d);
}

clp_rs *fe_load(const char *path, const char *lang, fe_diags *d) {
  if (!lang) {
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (dot && (!slash || dot > slash)) lang = dot + 1;
  }
  if (lang && !strcmp(lang, "clp")) return fe_clp_parse_file(path, d);
  if (lang && !strcmp(lang, "cub"))
    return from_file(path, d, fe_cub_parse_string);
  if (lang && !strcmp(lang, "smt2")) /* CHC-COMP */
    return from_file(path, d, fe_smt2_parse_string);
  if (lang && (!strcmp(lang, "c") || !strcmp(lang, "i")))
    return fe_c_parse_file(path, d);
  fe_diag_add(d, FE_DIAG_ERROR, fe_diag_file(path),
              "unknown input language '%s' (use --lang)", lang ? lang : "");
  return NULL;
}
