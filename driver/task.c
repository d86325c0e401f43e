/* task.c -- SV-COMP task definitions read with yml.c: input_files (one
 * program), properties (the entry whose property_file ends in
 * unreach-call.prp, with its expected_verdict), options.language and
 * options.data_model. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "clp/clp.h"
#include "driver/task.h"
#include "driver/yml.h"
#include "frontend/common/fe_source.h"

/* Reports an error of kind k at node at (NULL: 1:1) to d; false. */
static bool bad_k(fe_diags *d, fe_diag_kind k, const char *path,
                  const yml_node *at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  clp_pos p = {path, at ? at->line : 1, at ? at->col : 1};
  fe_diag_add(d, k, p, "%s", clp_vfmt(fmt, ap));
  va_end(ap);
  return false;
}
#define bad(...) bad_k(d, FE_DIAG_ERROR, __VA_ARGS__)

#define fmt clp_fmt /* a GC string formatted as printf does */

static bool ends_with(const char *s, const char *suf) {
  size_t n = strlen(s), k = strlen(suf);
  return n >= k && !strcmp(s + n - k, suf);
}

bool task_is_file(const char *path) {
  return ends_with(path, ".yml") || ends_with(path, ".yaml");
}

/* p relative to the directory of the task file (absolute p unchanged). */
static const char *resolve(const char *task, const char *p) {
  const char *slash = strrchr(task, '/');
  if (p[0] == '/' || !slash) return p;
  size_t d = (size_t)(slash - task) + 1, n = strlen(p);
  char *s = NEW_ATOMIC_N(char, d + n + 1);
  memcpy(s, task, d);
  memcpy(s + d, p, n + 1);
  return s;
}

/* The property's name: the file name without directory and ".prp". */
static const char *prop_name(const char *f) {
  const char *b = strrchr(f, '/');
  b = b ? b + 1 : f;
  size_t n = strlen(b);
  if (ends_with(b, ".prp")) n -= 4;
  char *s = NEW_ATOMIC_N(char, n + 1);
  memcpy(s, b, n);
  s[n] = 0;
  return s;
}

static bool input_files(const char *path, const yml_node *root, task_def *t,
                        fe_diags *d) {
  const yml_node *in = yml_get(root, "input_files");
  if (!in) return bad(path, root, "missing 'input_files'");
  const yml_node *f = in;
  if (in->kind == YML_SEQ) {
    if (in->n == 0) return bad(path, in, "'input_files' is empty");
    if (in->n > 1)
      return bad_k(d, FE_DIAG_UNSUPPORTED, path, in->vals[1], "unsupported: %d input files (car checks "
                 "one program)", in->n);
    f = in->vals[0];
  }
  if (f->kind != YML_STR || !*f->str)
    return bad(path, f, "'input_files' must be a file name or a list of one");
  t->input = resolve(path, f->str);
  FILE *probe = fopen(t->input, "r");
  if (!probe)
    return bad(path, f, "cannot open the program '%s': %s", t->input,
               strerror(errno));
  fclose(probe);
  return true;
}

static bool properties(const char *path, const yml_node *root, task_def *t,
                       fe_diags *d) {
  const yml_node *ps = yml_get(root, "properties");
  if (!ps) {
    t->unknown = "the task has no properties (car checks unreach-call)";
    return true;
  }
  if (ps->kind != YML_SEQ) return bad(path, ps, "'properties' must be a list");
  const yml_node *found = NULL;
  const char *others = "";
  for (int i = 0; i < ps->n; i++) {
    const yml_node *p = ps->vals[i];
    if (p->kind != YML_MAP)
      return bad(path, p, "a property must be a mapping with 'property_file'");
    const yml_node *f = yml_get(p, "property_file");
    if (!f || f->kind != YML_STR || !*f->str)
      return bad(path, f ? f : p, "a property needs a 'property_file' name");
    const yml_node *ev = yml_get(p, "expected_verdict");
    if (ev && (ev->kind != YML_STR ||
               (strcmp(ev->str, "true") && strcmp(ev->str, "false"))))
      return bad(path, ev, "'expected_verdict' must be true or false");
    if (ends_with(f->str, "unreach-call.prp")) {
      if (found) return bad(path, f, "unreach-call is listed twice");
      found = p;
      t->expected = !ev ? -1 : !strcmp(ev->str, "true");
    } else {
      others = fmt("%s%s%s", others, *others ? ", " : "", prop_name(f->str));
    }
  }
  if (!found)
    t->unknown = *others ? fmt("the task has no unreach-call property (%s: "
                               "not checked by car)", others)
                         : "the task lists no property (car checks unreach-call)";
  return true;
}

static bool options(const char *path, const yml_node *root, task_def *t,
                    fe_diags *d) {
  const yml_node *o = yml_get(root, "options");
  if (!o) return true;
  if (o->kind != YML_MAP) return bad(path, o, "'options' must be a mapping");
  const yml_node *lang = yml_get(o, "language");
  if (lang && (lang->kind != YML_STR || strcasecmp(lang->str, "C"))) {
    t->unknown = fmt("the task's language is %s (car checks C)",
                           lang->kind == YML_STR ? lang->str : "not a name");
  }
  const yml_node *dm = yml_get(o, "data_model");
  if (dm) {
    if (dm->kind != YML_STR || (strcmp(dm->str, "ILP32") && strcmp(dm->str, "LP64")))
      return bad(path, dm, "'data_model' must be ILP32 or LP64");
    t->data_model = dm->str;
  }
  return true;
}

bool task_load(const char *path, task_def *t, fe_diags *d) {
  memset(t, 0, sizeof *t);
  t->expected = -1;
  size_t len = 0;
  char *text = fe_read_file(path, &len, d);
  if (!text) return false;
  yml_node *root = yml_parse(path, text, len, d);
  if (!root) return false;
  if (root->kind != YML_MAP)
    return bad(path, root, "a task definition must be a mapping "
               "(format_version, input_files, properties, options)");
  const yml_node *v = yml_get(root, "format_version");
  if (v && (v->kind != YML_STR || (strcmp(v->str, "2.0") && strcmp(v->str, "1.0"))))
    return bad_k(d, FE_DIAG_UNSUPPORTED, path, v, "unsupported format_version (1.0 or 2.0 expected)");
  return input_files(path, root, t, d) && properties(path, root, t, d) &&
         options(path, root, t, d);
}
