/* c_cex.c -- the source map of a translated C unit (which variable was
 * defined by which source line, and how to show it) and the counterexample
 * as source lines: the concrete trace walked in execution order (a rule
 * instance's literals and calls in body preorder, a call's callee at the
 * call), consecutive literals of one line merged, with the values of the
 * variables the line defines and the nondeterministic inputs chosen. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_trans.h"
#include "fe.h"

typedef struct def {
  const clp_term *var;
  clp_pos pos;
  const char *show;
  int nidx;
  const clp_term *idx[2];
  const clp_term *val;
  bool u64;                  /* a 64-bit unsigned value: print its bits */
} def;

struct c_srcmap {
  const char *file;
  int n, cap;
  def *defs;
  bool sorted;
};

c_srcmap *c_srcmap_new(const char *file) {
  c_srcmap *m = NEW(c_srcmap);
  m->file = file;
  return m;
}

void c_srcmap_def(c_srcmap *m, const clp_term *var, clp_pos p,
                  const char *show, int nidx, const clp_term **idx,
                  const clp_term *val) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 64;
    m->defs = m->defs ? GROW(def, m->defs, m->cap) : NEW_N(def, m->cap);
  }
  def *d = &m->defs[m->n++];
  memset(d, 0, sizeof *d);
  d->var = var;
  d->pos = p;
  d->show = show;
  d->nidx = nidx;
  for (int i = 0; i < nidx && i < 2; i++) d->idx[i] = idx[i];
  d->val = val;
  m->sorted = false;
}

void c_srcmap_u64(c_srcmap *m) {
  if (m->n) m->defs[m->n - 1].u64 = true;
}

static int by_id(const void *a, const void *b) {
  unsigned x = ((const def *)a)->var->id, y = ((const def *)b)->var->id;
  return x < y ? -1 : x > y;
}

static const def *find(c_srcmap *m, const clp_term *v) {
  if (!m->sorted) {
    if (m->n) qsort(m->defs, (size_t)m->n, sizeof *m->defs, by_id);
    m->sorted = true;
  }
  int lo = 0, hi = m->n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    unsigned id = m->defs[mid].var->id;
    if (id == v->id) return &m->defs[mid];
    if (id < v->id) lo = mid + 1;
    else hi = mid - 1;
  }
  return NULL;
}

/* ------------------------------------------------------------ source text */

typedef struct srcfile { const char *name; char *text; int nlines; int *start; } srcfile;

static srcfile *files;
static int nfiles;

static const char *line_text(const char *file, int line) {
  srcfile *f = NULL;
  for (int i = 0; i < nfiles; i++)
    if (!strcmp(files[i].name, file)) f = &files[i];
  if (!f) {
    files = files ? GROW(srcfile, files, nfiles + 1) : NEW_N(srcfile, 1);
    f = &files[nfiles++];
    memset(f, 0, sizeof *f);
    f->name = clp_strdup(file);
    FILE *in = fopen(file, "rb");
    if (in) {
      size_t cap = 4096, n = 0;
      char *s = NEW_ATOMIC_N(char, cap);
      size_t k;
      while ((k = fread(s + n, 1, cap - n - 1, in)) > 0) {
        n += k;
        if (n + 1 == cap) s = GROW(char, s, cap *= 2);
      }
      fclose(in);
      s[n] = 0;
      int nl = 1;
      for (size_t i = 0; i < n; i++) nl += s[i] == '\n';
      f->start = NEW_ATOMIC_N(int, nl);
      f->start[f->nlines++] = 0;
      for (size_t i = 0; i < n; i++)
        if (s[i] == '\n') { s[i] = 0; f->start[f->nlines++] = (int)i + 1; }
      f->text = s;
    }
  }
  if (!f->text || line < 1 || line > f->nlines) return "";
  const char *s = f->text + f->start[line - 1];
  while (*s == ' ' || *s == '\t') s++;
  size_t len = strlen(s);
  while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r')) len--;
  char *t = NEW_ATOMIC_N(char, len + 1);
  memcpy(t, s, len);
  t[len] = 0;
  return t;
}

/* ----------------------------------------------------------------- walk */

typedef struct walker {
  c_srcmap *m;
  const clp_trace *t;
  clp_env *const *env;
  fe_cex_line *lines;
  int n, cap;
  clp_pos cur;               /* the line being collected */
  char *vals; size_t nvals, capvals;
  const clp_term **shown; int nshown, capshown;
} walker;

static void flush(walker *w) {
  if (w->cur.line <= 0) return;
  if (w->n == w->cap) {
    w->cap = w->cap ? 2 * w->cap : 32;
    w->lines = w->lines ? GROW(fe_cex_line, w->lines, w->cap) : NEW_N(fe_cex_line, w->cap);
  }
  fe_cex_line *l = &w->lines[w->n++];
  l->file = w->cur.file ? w->cur.file : w->m->file;
  l->line = w->cur.line;
  l->text = line_text(l->file, l->line);
  l->values = clp_strdup(w->nvals ? w->vals : "");
  w->cur.line = 0;
  w->nvals = 0;
  w->nshown = 0;
}

static void add_val(walker *w, const char *s) {
  size_t k = strlen(s);
  if (w->nvals + k + 3 > w->capvals) {
    w->capvals = 2 * (w->nvals + k + 3);
    char *v = NEW_ATOMIC_N(char, w->capvals);
    if (w->nvals) memcpy(v, w->vals, w->nvals);
    w->vals = v;
  }
  if (w->nvals) { memcpy(w->vals + w->nvals, ", ", 2); w->nvals += 2; }
  memcpy(w->vals + w->nvals, s, k + 1);
  w->nvals += k;
}

static const char *vstr(const clp_term *t, const clp_env *e) {
  const clp_value *v = e ? clp_eval(t, e) : NULL;
  return v ? clp_v_str(v) : "?";
}

/* The definitions made by the term's variables on line p. */
static void defs_of(walker *w, const clp_term *t, clp_pos p, const clp_env *e) {
  const clp_term **vs = NULL;
  int cap = 0, n = clp_term_vars(t, &vs, 0, &cap);
  for (int i = 0; i < n; i++) {
    const def *d = find(w->m, vs[i]);
    if (!d || d->pos.line != p.line) continue;
    bool seen = false;
    for (int j = 0; j < w->nshown && !seen; j++) seen = w->shown[j] == vs[i];
    if (seen) continue;
    if (w->nshown == w->capshown) {
      w->capshown = w->capshown ? 2 * w->capshown : 16;
      w->shown = w->shown ? GROW(const clp_term *, w->shown, w->capshown)
                          : NEW_N(const clp_term *, w->capshown);
    }
    w->shown[w->nshown++] = vs[i];
    if (d->nidx == 0 && vs[i]->sort->kind == CLP_S_ARRAY) continue;
    const char *s = d->show;
    if (d->nidx == 1) s = ct_fmt("%s[%s]", s, vstr(d->idx[0], e));
    if (d->nidx == 2)
      s = ct_fmt("%s[%s][%s]", s, vstr(d->idx[0], e), vstr(d->idx[1], e));
    const clp_value *v = d->u64 && e ? clp_eval(d->val, e) : NULL;
    if (v && v->kind == CLP_V_INT)
      add_val(w, ct_fmt("%s=%llu", s, (unsigned long long)(uint64_t)v->i));
    else
      add_val(w, ct_fmt("%s=%s", s, vstr(d->val, e)));
  }
}

static void at(walker *w, clp_pos p) {
  if (p.line <= 0) return;
  bool same = w->cur.line == p.line &&
              (w->cur.file == p.file ||
               (w->cur.file && p.file && !strcmp(w->cur.file, p.file)));
  if (same) return;
  flush(w);
  w->cur = p;
}

static int by_fid(const void *a, const void *b) {
  int x = (*(const clp_formula *const *)a)->id;
  int y = (*(const clp_formula *const *)b)->id;
  return (x > y) - (x < y);
}

static bool forward_loop(const clp_rel *r) {
  return !strncmp(r->name, "I_", 2) && strstr(r->name, "$loop") != NULL;
}

static void walk(walker *w) {
  const clp_trace *t = w->t;
  /* explicit stack of (node, next item): traces may be deep */
  typedef struct frame { int k, i, n; const clp_formula **items; } frame;
  frame *st = NEW_N(frame, t->n + 1);   /* GC: frames hold GC arrays */
  int sp = 0;
  bool *seen = NEW_ATOMIC_N(bool, t->n);
  memset(seen, 0, (size_t)t->n);
  st[sp++] = (frame){0, 0, 0, NULL};
  while (sp) {
    frame *f = &st[sp - 1];
    const clp_tnode *nd = &t->nodes[f->k];
    if (!f->items) {
      f->n = nd->nlits + nd->ncalls;
      f->items = NEW_N(const clp_formula *, f->n);
      for (int i = 0; i < nd->nlits; i++) f->items[i] = nd->lits[i];
      for (int i = 0; i < nd->ncalls; i++) f->items[nd->nlits + i] = nd->calls[i];
      qsort(f->items, (size_t)f->n, sizeof *f->items, by_fid);
    }
    if (f->i >= f->n) { sp--; continue; }
    const clp_formula *it = f->items[f->i++];
    const clp_env *e = w->env ? w->env[f->k] : NULL;
    if (it->kind == CLP_F_LIT) {
      at(w, it->pos);
      defs_of(w, it->atom, it->pos, e);
      continue;
    }
    /* A forward loop relation I_f$loopN holds the path up to the loop
     * head: its lines come first, the call itself names no line. */
    if (!forward_loop(it->rel)) {
      at(w, it->pos);
      for (int a = 0; a < it->n; a++) defs_of(w, it->args[a], it->pos, e);
    }
    for (int c = 0; c < nd->ncalls; c++) {
      if (nd->calls[c] != it) continue;
      int ch = nd->child[c];
      if (ch > 0 && ch < t->n && !seen[ch] && sp <= t->n) {
        seen[ch] = true;
        st[sp++] = (frame){ch, 0, 0, NULL};
      }
      break;
    }
  }
  flush(w);
}

int fe_c_cex_lines(const clp_rs *rs, const clp_trace *t, clp_env *const *env,
                   fe_cex_line **lines) {
  *lines = NULL;
  if (!rs || !rs->srcmap || !t || t->n <= 0) return 0;
  walker w = {0};
  w.m = (c_srcmap *)rs->srcmap;
  w.t = t;
  w.env = env;
  walk(&w);
  *lines = w.lines;
  return w.n;
}

void fe_c_cex_print(void *FILE_out, const clp_rs *rs, const clp_trace *t,
                    clp_env *const *env) {
  FILE *out = FILE_out;
  fe_cex_line *ls;
  int n = fe_c_cex_lines(rs, t, env, &ls);
  for (int i = 0; i < n; i++) {
    fprintf(out, "%s:%d: %s", ls[i].file, ls[i].line, ls[i].text);
    if (*ls[i].values) fprintf(out, "  [%s]", ls[i].values);
    if (i == n - 1) fputs("  <- error", out);
    fputc('\n', out);
  }
}

clp_rs *fe_c_parse_file(const char *path) {
  return c_translate(c_parse_file(path));
}
