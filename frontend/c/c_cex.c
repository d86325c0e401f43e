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

#include "frontend/c/c_trans.h"
#include "frontend/fe.h"

typedef struct def {
  const clp_term *var;
  clp_pos pos;               /* line 0: a name only (read back, never shown
                                as defined) */
  const char *show;
  int nidx;
  const clp_term *idx[2];
  const clp_term *val;
  bool u64;                  /* a 64-bit unsigned C value: its int64
                                representation is shown as 0..2^64-1 */
  int seq;                   /* insertion order (stable sort) */
} def;

struct c_srcmap {
  const char *file;
  int n, cap;
  def *defs;
  bool sorted;
  int nslots;                /* slot name -> C name */
  const char **slot, **cname;
  int nrels;
  ct_relinfo *rels;
};

c_srcmap *c_srcmap_new(const char *file) {
  c_srcmap *m = NEW(c_srcmap);
  m->file = file;
  return m;
}

static def *new_def(c_srcmap *m) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 64;
    m->defs = m->defs ? GROW(def, m->defs, m->cap) : NEW_N(def, m->cap);
  }
  def *d = &m->defs[m->n];
  memset(d, 0, sizeof *d);
  d->seq = m->n++;
  m->sorted = false;
  return d;
}

void c_srcmap_def(c_srcmap *m, const clp_term *var, clp_pos p,
                  const char *show, int nidx, const clp_term **idx,
                  const clp_term *val, bool u64) {
  def *d = new_def(m);
  d->var = var;
  d->pos = p;
  d->show = show;
  d->nidx = nidx;
  for (int i = 0; i < nidx && i < 2; i++) d->idx[i] = idx[i];
  d->val = val;
  d->u64 = u64;
}

void c_srcmap_slot(c_srcmap *m, const char *slot, const char *cname) {
  for (int i = 0; i < m->nslots; i++)
    if (!strcmp(m->slot[i], slot)) return;
  m->slot = m->slot ? GROW(const char *, m->slot, m->nslots + 1) : NEW_N(const char *, 1);
  m->cname = m->cname ? GROW(const char *, m->cname, m->nslots + 1) : NEW_N(const char *, 1);
  m->slot[m->nslots] = slot;
  m->cname[m->nslots++] = cname;
}

static int by_id(const void *a, const void *b) {
  const def *x = a, *y = b;
  if (x->var->id != y->var->id) return x->var->id < y->var->id ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The first definition of v (index into m->defs; its others follow), or -1. */
static int find(c_srcmap *m, const clp_term *v) {
  if (!m->sorted) {
    if (m->n) qsort(m->defs, (size_t)m->n, sizeof *m->defs, by_id);
    m->sorted = true;
  }
  int lo = 0, hi = m->n - 1, at = -1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    unsigned id = m->defs[mid].var->id;
    if (id == v->id) at = mid;
    if (id < v->id) lo = mid + 1;
    else hi = mid - 1;
  }
  return at;
}

/* The C name of an SSA variable "slot'k", a formal "slot" or an out
 * formal "slot'" of the translation, or NULL. */
static const char *slot_cname(const c_srcmap *m, const char *name) {
  const char *q = strchr(name, '\'');
  size_t len = q ? (size_t)(q - name) : strlen(name);
  if (q) {
    for (const char *c = q + 1; *c; c++)
      if (*c < '0' || *c > '9') return NULL;
  }
  for (int i = 0; i < m->nslots; i++)
    if (strlen(m->slot[i]) == len && !strncmp(m->slot[i], name, len))
      return m->cname[i];
  return NULL;
}

void c_srcmap_renamed(const void *mp, const clp_subst *s, int nvars,
                      const clp_term **vars) {
  c_srcmap *m = (c_srcmap *)mp;
  /* the new definitions are collected first: adding them unsorts m */
  int np = 0, cap = 0;
  def *pend = NULL;
  for (int i = 0; i < nvars; i++) {
    const clp_term *v = vars[i], *w = clp_subst_get(s, v);
    if (!w) w = v;
    int k = find(m, v);
    def d;
    memset(&d, 0, sizeof d);
    int from = k, to = k;
    if (k < 0) {             /* a name only: the SSA variable of a slot */
      const char *c = slot_cname(m, v->name);
      if (!c) continue;
      d.var = v, d.show = c, d.val = v;
      from = -1;
    } else {
      if (w == v || w->op != CLP_VAR) continue;
      while (to < m->n && m->defs[to].var == v) to++;
    }
    for (int j = from; j < to || from < 0; j++) {
      if (np == cap) {
        cap = cap ? 2 * cap : 16;
        pend = pend ? GROW(def, pend, cap) : NEW_N(def, cap);
      }
      def *e = &pend[np++];
      *e = from < 0 ? d : m->defs[j];
      e->var = w;
      for (int x = 0; x < e->nidx && x < 2; x++) e->idx[x] = clp_subst_term(s, e->idx[x]);
      e->val = from < 0 ? w : clp_subst_term(s, e->val);
      if (from < 0) break;
    }
  }
  for (int i = 0; i < np; i++) {
    def *e = new_def(m);
    int seq = e->seq;
    *e = pend[i];
    e->seq = seq;
  }
}

int c_srcmap_nrels(const c_srcmap *m) { return m ? m->nrels : 0; }

const ct_relinfo *c_srcmap_rel(const c_srcmap *m, int i) { return &m->rels[i]; }

void ct_note_rel(ct_fn *fn, const clp_rel *r, int kind, clp_pos pos,
                 const int *slot, const int *fkind) {
  c_srcmap *m = fn->cx->map;
  m->rels = m->rels ? GROW(ct_relinfo, m->rels, m->nrels + 1) : NEW_N(ct_relinfo, 1);
  ct_relinfo *ri = &m->rels[m->nrels++];
  ri->rel = r;
  ri->kind = kind;
  ri->func = fn->fname;
  ri->pos = pos;
  ri->cname = NEW_N(const char *, r->arity + 1);
  ri->fkind = NEW_ATOMIC_N(int, r->arity + 1);
  ri->shadowed = NEW_ATOMIC_N(bool, r->arity + 1);
  ri->base = NEW_ATOMIC_N(c_base, r->arity + 1);
  for (int i = 0; i < r->arity; i++) {
    const c_type *ty = slot[i] >= 0 ? &fn->slots[slot[i]].type
                       : fkind[i] == CT_F_RET && fn->f ? &fn->f->ret : NULL;
    ri->base[i] = ty && !ty->ndims && !ty->ptr && !ty->flt ? ty->base : C_VOID;
    ri->fkind[i] = fkind[i];
    ri->cname[i] = slot[i] >= 0 ? fn->slots[slot[i]].cname : NULL;
    ri->shadowed[i] = false;
  }
  /* a state slot is hidden by a later one of the same C name (scopes
   * are listed outermost first) */
  for (int i = 0; i < r->arity; i++)
    for (int j = i + 1; j < r->arity && ri->cname[i]; j++)
      if (ri->cname[j] && ri->fkind[j] == ri->fkind[i] &&
          !strcmp(ri->cname[i], ri->cname[j]))
        ri->shadowed[i] = true;
}

/* ------------------------------------------------------------ source text */

typedef struct srcfile { const char *name; char *text; int nlines; int *start; } srcfile;

static srcfile *files;
static int nfiles;

/* A new cache entry for file: its text s (n bytes, GC, split in place into
 * lines), or no text when s is NULL. */
static srcfile *add_file(const char *file, char *s, size_t n) {
  files = files ? GROW(srcfile, files, nfiles + 1) : NEW_N(srcfile, 1);
  srcfile *f = &files[nfiles++];
  memset(f, 0, sizeof *f);
  f->name = clp_strdup(file);
  if (!s) return f;
  s[n] = 0;
  int nl = 1;
  for (size_t i = 0; i < n; i++) nl += s[i] == '\n';
  f->start = NEW_ATOMIC_N(int, nl);
  f->start[f->nlines++] = 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] == '\n') { s[i] = 0; f->start[f->nlines++] = (int)i + 1; }
  f->text = s;
  return f;
}

void c_cex_source(const char *file, const char *text, size_t len) {
  char *s = NEW_ATOMIC_N(char, len + 1);
  memcpy(s, text, len);
  add_file(file, s, len);
}

static const char *line_text(const char *file, int line) {
  srcfile *f = NULL;
  for (int i = 0; i < nfiles; i++)
    if (!strcmp(files[i].name, file)) f = &files[i];
  if (!f) {
    char *s = NULL;
    size_t n = 0;
    FILE *in = fopen(file, "rb");
    if (in) {
      size_t cap = 4096, k;
      s = NEW_ATOMIC_N(char, cap);
      while ((k = fread(s + n, 1, cap - n - 1, in)) > 0) {
        n += k;
        if (n + 1 == cap) s = GROW(char, s, cap *= 2);
      }
      fclose(in);
    }
    f = add_file(file, s, n);
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
  clp_src_line *lines;
  int n, cap;
  clp_pos cur;               /* the line being collected */
  int col;                   /* its first column */
  const char *func;          /* its function */
  int nv, capv;              /* its values: defined ones, then reads */
  const char **names; const clp_value **vals; bool *read, *input;
  const clp_term **shown; int nshown, capshown; /* variables shown, */
  int *shownat;                                 /* at these values */
  int nenter; const char **enter; clp_pos *enter_pos;
  clp_pos target;            /* the last literal walked */
} walker;

static void flush(walker *w) {
  if (w->cur.line <= 0) return;
  if (w->n == w->cap) {
    w->cap = w->cap ? 2 * w->cap : 32;
    w->lines = w->lines ? GROW(clp_src_line, w->lines, w->cap) : NEW_N(clp_src_line, w->cap);
  }
  clp_src_line *l = &w->lines[w->n++];
  memset(l, 0, sizeof *l);
  l->file = w->cur.file ? w->cur.file : w->m->file;
  l->line = w->cur.line;
  l->col = w->col;
  l->func = w->func;
  l->text = line_text(l->file, l->line);
  /* defined values first, then reads of names not defined on the line */
  l->names = NEW_N(const char *, w->nv + 1);
  l->vals = NEW_N(const clp_value *, w->nv + 1);
  l->read = NEW_ATOMIC_N(bool, w->nv + 1);
  l->input = NEW_ATOMIC_N(bool, w->nv + 1);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < w->nv; i++) {
      if (w->read[i] != (pass == 1)) continue;
      /* a read of a name defined here, or the same value twice */
      bool dup = false;
      for (int j = 0; j < l->nvals && !dup; j++)
        dup = !strcmp(l->names[j], w->names[i]) &&
              (pass == 1 || (l->vals[j] && w->vals[i] &&
                             clp_v_equal(l->vals[j], w->vals[i])));
      if (dup) continue;
      l->names[l->nvals] = w->names[i];
      l->vals[l->nvals] = w->vals[i];
      l->input[l->nvals] = w->input[i];
      l->read[l->nvals++] = w->read[i];
    }
  size_t len = 1;
  const char **txt = NEW_N(const char *, l->nvals + 1);
  for (int i = 0; i < l->nvals; i++) {
    txt[i] = ct_fmt("%s=%s", l->names[i], l->vals[i] ? clp_v_str(l->vals[i]) : "?");
    len += strlen(txt[i]) + 2;
  }
  char *v = NEW_ATOMIC_N(char, len);
  v[0] = 0;
  for (int i = 0; i < l->nvals; i++) {
    if (i) strcat(v, ", ");
    strcat(v, txt[i]);
  }
  l->values = v;
  l->nenter = w->nenter;
  l->enter = w->enter;
  l->enter_pos = w->enter_pos;
  w->cur.line = 0;
  w->nv = 0;
  w->nshown = 0;
  w->nenter = 0;
  w->enter = NULL;
  w->enter_pos = NULL;
}

static void add_val(walker *w, const char *name, const clp_value *v, bool read,
                    bool input) {
  if (w->nv == w->capv) {
    w->capv = w->capv ? 2 * w->capv : 16;
    w->names = w->names ? GROW(const char *, w->names, w->capv) : NEW_N(const char *, w->capv);
    w->vals = w->vals ? GROW(const clp_value *, w->vals, w->capv) : NEW_N(const clp_value *, w->capv);
    w->read = w->read ? GROW(bool, w->read, w->capv) : NEW_ATOMIC_N(bool, w->capv);
    w->input = w->input ? GROW(bool, w->input, w->capv) : NEW_ATOMIC_N(bool, w->capv);
  }
  w->input[w->nv] = input;
  w->names[w->nv] = name;
  w->vals[w->nv] = v;
  w->read[w->nv++] = read;
}

/* The value of d's term in e as C shows it: a 64-bit unsigned value's
 * representation -1 is 2^64 - 1 (docs/c.md, "64-bit unsigned"). */
static const clp_value *cval(const def *d, const clp_term *t, const clp_env *e) {
  const clp_value *v = e ? clp_eval(t, e) : NULL;
  if (v && d && d->u64 && v->kind == CLP_V_INT && v->i < 0)
    v = clp_v_int(v->i + ((clp_vint)1 << 64));
  return v;
}

static const char *vstr(const clp_term *t, const clp_env *e) {
  const clp_value *v = e ? clp_eval(t, e) : NULL;
  return v ? clp_v_str(v) : "?";
}

/* The index of v's value on the current line (-1: not shown yet, and
 * v is recorded at index w->nv, the next value's). */
static int shown(walker *w, const clp_term *v) {
  for (int j = 0; j < w->nshown; j++)
    if (w->shown[j] == v) return w->shownat[j];
  if (w->nshown == w->capshown) {
    w->capshown = w->capshown ? 2 * w->capshown : 16;
    w->shown = w->shown ? GROW(const clp_term *, w->shown, w->capshown)
                        : NEW_N(const clp_term *, w->capshown);
    w->shownat = w->shownat ? GROW(int, w->shownat, w->capshown)
                            : NEW_ATOMIC_N(int, w->capshown);
  }
  w->shown[w->nshown] = v;
  w->shownat[w->nshown++] = w->nv;
  return -1;
}

static bool is_call_name(const char *s) {
  size_t n = strlen(s);
  return n >= 2 && s[n - 1] == ')' && s[n - 2] == '(';
}

/* The values of the term's variables on line p: those the line defines,
 * then the C variables it reads. */
static void defs_of(walker *w, const clp_term *t, clp_pos p, const clp_env *e) {
  const clp_term **vs = NULL;
  int cap = 0, n = clp_term_vars(t, &vs, 0, &cap);
  for (int i = 0; i < n; i++) {
    int k = find(w->m, vs[i]);
    if (k < 0) continue;
    const def *d = NULL, *name = NULL;
    for (int j = k; j < w->m->n && w->m->defs[j].var == vs[i]; j++) {
      const def *c = &w->m->defs[j];
      if (!d && c->pos.line == p.line) d = c;
      if (!name && c->nidx == 0 && !is_call_name(c->show)) name = c;
    }
    if (!d && !name) continue;
    if (vs[i]->sort->kind == CLP_S_ARRAY && (!d || d->nidx == 0)) continue;
    /* a variable shown before on this line (a loop relation's next
     * iteration on the same line): its latest value */
    int at = shown(w, vs[i]);
    if (at >= 0) {
      if (e && (!d || d->nidx == 0))
        w->vals[at] = d ? cval(d, d->val, e) : cval(name, vs[i], e);
      continue;
    }
    if (!d) {
      add_val(w, name->show, cval(name, vs[i], e), true, false);
      continue;
    }
    const char *s = d->show;
    if (d->nidx == 1) s = ct_fmt("%s[%s]", s, vstr(d->idx[0], e));
    if (d->nidx == 2)
      s = ct_fmt("%s[%s][%s]", s, vstr(d->idx[0], e), vstr(d->idx[1], e));
    /* ct_nondet's values are the variables "nondet'k" (renamed "nondet$k") */
    bool input = d->nidx == 0 && !strncmp(vs[i]->name, "nondet", 6) &&
                 (vs[i]->name[6] == '\'' || vs[i]->name[6] == '$');
    add_val(w, s, cval(d, d->val, e), false, input);
  }
}

/* "f" of E_f, T_f, I_f$loopN, E_f$loopN, T_f$loopN; NULL otherwise. */
static const char *rel_func(const clp_rel *r) {
  const char *n = r->name;
  if (!((n[0] == 'E' || n[0] == 'T' || n[0] == 'I') && n[1] == '_')) return NULL;
  const char *d = strchr(n + 2, '$');
  size_t len = d ? (size_t)(d - n - 2) : strlen(n + 2);
  char *f = NEW_ATOMIC_N(char, len + 1);
  memcpy(f, n + 2, len);
  f[len] = 0;
  return f;
}

static void at(walker *w, clp_pos p, const clp_rel *r) {
  if (p.line <= 0) return;
  bool same = w->cur.line == p.line &&
              (w->cur.file == p.file ||
               (w->cur.file && p.file && !strcmp(w->cur.file, p.file)));
  if (same) {
    if (p.col > 0 && (w->col <= 0 || p.col < w->col)) w->col = p.col;
    return;
  }
  flush(w);
  w->cur = p;
  w->col = p.col;
  w->func = rel_func(r);
}

static int by_fid(const void *a, const void *b) {
  int x = (*(const clp_formula *const *)a)->id;
  int y = (*(const clp_formula *const *)b)->id;
  return (x > y) - (x < y);
}

static bool forward_loop(const clp_rel *r) {
  return !strncmp(r->name, "I_", 2) && strstr(r->name, "$loop") != NULL;
}

/* A call of a user function's E_f or T_f (not of a loop relation). */
static bool user_call(const clp_rel *r) {
  return (r->name[0] == 'E' || r->name[0] == 'T') && r->name[1] == '_' &&
         !strchr(r->name, '$');
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
      at(w, it->pos, nd->rel);
      defs_of(w, it->atom, it->pos, e);
      if (it->pos.line > 0) w->target = it->pos;
      continue;
    }
    /* A forward loop relation I_f$loopN holds the path up to the loop
     * head: its lines come first, the call itself names no line. */
    if (!forward_loop(it->rel)) {
      at(w, it->pos, nd->rel);
      for (int a = 0; a < it->n; a++) defs_of(w, it->args[a], it->pos, e);
    }
    for (int c = 0; c < nd->ncalls; c++) {
      if (nd->calls[c] != it) continue;
      int ch = nd->child[c];
      if (ch > 0 && ch < t->n && !seen[ch] && sp <= t->n) {
        seen[ch] = true;
        if (user_call(it->rel) && it->pos.line > 0 && w->cur.line > 0) {
          w->enter = w->enter ? GROW(const char *, w->enter, w->nenter + 1)
                              : NEW_N(const char *, 1);
          w->enter_pos = w->enter_pos ? GROW(clp_pos, w->enter_pos, w->nenter + 1)
                                      : NEW_N(clp_pos, 1);
          w->enter[w->nenter] = rel_func(it->rel);
          w->enter_pos[w->nenter++] = it->pos;
        }
        st[sp++] = (frame){ch, 0, 0, NULL};
      }
      break;
    }
  }
  flush(w);
}

int c_cex_lines(const clp_rs *rs, const clp_trace *t, clp_env *const *env,
                   clp_src_line **lines) {
  *lines = NULL;
  if (!rs || !c_srcmap_of(rs) || !t || t->n <= 0) return 0;
  walker w = {0};
  w.m = (c_srcmap *)c_srcmap_of(rs);
  w.t = t;
  w.env = env;
  walk(&w);
  *lines = w.lines;
  return w.n;
}

clp_pos c_cex_target(const clp_rs *rs, const clp_trace *t) {
  if (!rs || !c_srcmap_of(rs) || !t || t->n <= 0) return (clp_pos){NULL, 0, 0};
  walker w = {0};
  w.m = (c_srcmap *)c_srcmap_of(rs);
  w.t = t;
  walk(&w);
  return w.target;
}

bool c_cex_print(void *FILE_out, const clp_rs *rs, const clp_trace *t,
                 clp_env *const *env) {
  FILE *out = FILE_out;
  clp_src_line *ls;
  int n = c_cex_lines(rs, t, env, &ls);
  for (int i = 0; i < n; i++) {
    fprintf(out, "%s:%d: %s", ls[i].file, ls[i].line, ls[i].text);
    if (*ls[i].values) fprintf(out, "  [%s]", ls[i].values);
    if (i == n - 1) fputs("  <- error", out);
    fputc('\n', out);
  }
  return true;
}

clp_rs *fe_c_parse_string(const char *path, const char *text, size_t len,
                          fe_diags *d) {
  return c_translate(c_parse_source(path, text, len, d), d);
}
