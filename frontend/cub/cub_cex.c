/* cub_cex.c -- a counterexample of a .cub system as a run (docs/cub.md
 * "Answers and certificates"): the number of processes, the initial
 * state, each step's transition with its process ids and the state after
 * it, and the unsafe cube reached, with values in the system's terms
 * (constructors, True/False, arrays as their elements at 1..N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/cub/cub_tr.h"
#include "frontend/fe.h"

/* The map of the counterexample being printed. */
static cub_map *map;

/* Follows the renaming of clp_rs_finish (of the rule set of map data): a
 * rule's process variables become the merged body's variables. */
static void on_rename(const void *data, const clp_subst *s, int nvars,
                      const clp_term **vars) {
  (void)nvars;
  (void)vars;
  cub_map *m = (cub_map *)data;
  for (int r = 0; m && r < m->nrules; r++) {
    /* a rule's own clause renames it, once: its variables are its own, but
     * a variable renamed to a formal (CurClient := i) must not follow a
     * later clause's renaming of that formal's name */
    cub_rule_info *ri = &m->rules[r];
    if (ri->renamed) continue;
    for (int i = 0; i < ri->nparams; i++) {
      const clp_term *to = clp_subst_get(s, ri->vars[i]);
      if (to) ri->vars[i] = to, ri->renamed = true;
    }
  }
}

void cub_cex_register(clp_rs *rs, cub_map *m) {
  clp_back *b = NEW(clp_back);
  b->data = m;
  b->on_rename = on_rename;
  b->print_cex = cub_cex_print;
  b->cex_lines = cub_cex_lines;
  b->cex_key = "run";
  b->print_inv = cub_inv_print;
  b->inv_line = cub_inv_line;
  b->inv_key = "cub";
  rs->back = b;
}

cub_map *cub_map_of(const clp_rs *rs) {
  return rs && rs->back && rs->back->on_rename == on_rename
             ? (cub_map *)rs->back->data
             : NULL;
}

void cub_note_rule(cub_map *m, clp_pos pos, const char *name, int n,
                   const char **params, const clp_term **vars) {
  if (m->nrules == m->caprules) {
    m->caprules = m->caprules ? 2 * m->caprules : 16;
    m->rules = m->rules ? GROW(cub_rule_info, m->rules, m->caprules)
                        : NEW_N(cub_rule_info, m->caprules);
  }
  cub_rule_info *r = &m->rules[m->nrules++];
  r->pos = pos;
  r->name = name;
  r->nparams = n;
  r->params = params;
  r->vars = NEW_N(const clp_term *, n);
  for (int i = 0; i < n; i++) r->vars[i] = vars[i];
  r->renamed = false;
}

/* ------------------------------------------------------------ values */
/* The rule (of the map) that trace node n instantiates, or NULL. */
static const cub_rule_info *rule_of(const clp_tnode *n) {
  const clp_formula *b = n->rel->body;
  const clp_formula *first = n->nlits ? n->lits[0] : n->ncalls ? n->calls[0] : NULL;
  clp_pos p = b->pos;
  if (b->kind == CLP_F_OR && first)
    for (int i = 0; i < b->n; i++)
      if (clp_f_contains(b->kids[i], first)) p = b->kids[i]->pos;
  for (int r = 0; r < map->nrules; r++)
    if (map->rules[r].pos.line == p.line && map->rules[r].pos.col == p.col &&
        (strcmp(map->rules[r].name, "unsafe") != 0) == (n->rel == map->reach))
      return &map->rules[r];
  return NULL;
}

static void put_scalar(FILE *out, const cub_sv *v, const clp_value *x) {
  if (!x) { fputs("?", out); return; }
  if (x->kind == CLP_V_BOOL) { fputs(x->b ? "True" : "False", out); return; }
  if (x->kind != CLP_V_INT) { fputs(clp_v_str(x), out); return; }
  if (v->ty.k == CT_ENUMV)
    for (int i = 0; i < map->nctors; i++)
      if (map->ctors[i].ty.k == CT_ENUMV && map->ctors[i].val->op == CLP_NUM &&
          map->ctors[i].val->num == (int64_t)x->i &&
          !strcmp(v->d->ty.name, map->ctors[i].type)) {
        fputs(map->ctors[i].name, out);
        return;
      }
  fputs(clp_vint_str(x->i), out);
}

/* v's value x: a scalar, or the elements at 1..n ([a, b] per dimension;
 * beyond 16 processes {k: a, ..., others: b}, the ones listed in x) */
static void put_value(FILE *out, const cub_sv *v, const clp_value *x, int dims,
                      clp_vint n) {
  if (!dims || !x || x->kind != CLP_V_ARRAY) { put_scalar(out, v, x); return; }
  if (n > 16) {
    fputc('{', out);
    for (int i = 0; i < x->n; i++)
      if (x->keys[i] >= 1 && x->keys[i] <= n) {
        fprintf(out, "%s: ", clp_vint_str(x->keys[i]));
        put_value(out, v, x->vals[i], dims - 1, n);
        fputs(", ", out);
      }
    fputs("others: ", out);
    put_value(out, v, x->dflt, dims - 1, n);
    fputc('}', out);
    return;
  }
  fputc('[', out);
  for (clp_vint k = 1; k <= n; k++) {
    if (k > 1) fputs(", ", out);
    put_value(out, v, clp_v_at(x, k), dims - 1, n);
  }
  fputc(']', out);
}

/* A scalarized array's elements from formal *f on: [a, b] per dimension. */
static void put_elems(FILE *out, const cub_sv *v, const clp_env *e, int dims,
                      int *f) {
  if (!dims) {
    put_scalar(out, v, clp_env_get(e, map->reach->formals[(*f)++]));
    return;
  }
  fputc('[', out);
  for (int k = 1; k <= map->fixk; k++) {
    if (k > 1) fputs(", ", out);
    put_elems(out, v, e, dims - 1, f);
  }
  fputc(']', out);
}

/* What put_* wrote on a memory stream, as a GC string. */
typedef struct mstr {
  FILE *f;
  char *buf;
  size_t len;
} mstr;

static FILE *mstr_open(mstr *m) {
  m->buf = NULL;
  m->len = 0;
  m->f = open_memstream(&m->buf, &m->len);
  return m->f;
}

static const char *mstr_close(mstr *m) {
  if (!m->f) return "?";
  fclose(m->f);
  const char *s = clp_strdup(m->buf ? m->buf : "");
  free(m->buf);
  return s;
}

/* The state of Reach node env e (n processes) into line l: per state
 * variable its name, its value (a plain Int or Bool; NULL for an array
 * or an enum constant) and its text (NULL when the value says it), and
 * "X = v, A = [v1, v2]" as l->values. */
static void state_line(clp_src_line *l, const clp_env *e, clp_vint n) {
  l->nvals = map->nsv;
  l->names = NEW_N(const char *, map->nsv + 1);
  l->vals = NEW_N(const clp_value *, map->nsv + 1);
  l->shown = NEW_N(const char *, map->nsv + 1);
  l->read = NEW_ATOMIC_N(bool, map->nsv + 1);
  l->input = NEW_ATOMIC_N(bool, map->nsv + 1);
  mstr all;
  FILE *vf = mstr_open(&all);
  int f = 1; /* scalarized: the next formal */
  for (int i = 0; i < map->nsv; i++) {
    const cub_sv *v = &map->sv[i];
    const clp_value *x =
        !map->scalar ? clp_env_get(e, map->reach->formals[i + 1])
        : !v->d->ndims ? clp_env_get(e, map->reach->formals[f]) : NULL;
    mstr one;
    FILE *out = mstr_open(&one);
    if (out && map->scalar) put_elems(out, v, e, v->d->ndims, &f);
    else if (out) put_value(out, v, x, v->d->ndims, n);
    const char *text = mstr_close(&one);
    bool plain = x && !v->d->ndims && v->ty.k != CT_ENUMV &&
                 (x->kind == CLP_V_INT || x->kind == CLP_V_BOOL);
    l->names[i] = v->d->name;
    l->vals[i] = plain ? x : NULL;
    l->shown[i] = plain ? NULL : text;
    if (vf) fprintf(vf, "%s%s = %s", i ? ", " : "", l->names[i], text);
  }
  l->values = mstr_close(&all);
}

static void put_rule(FILE *out, const cub_rule_info *r, const clp_env *e) {
  fputs(r->name, out);
  fputc('(', out);
  for (int i = 0; i < r->nparams; i++) {
    const clp_value *x = clp_env_get(e, r->vars[i]);
    fprintf(out, "%s%s=%s", i ? ", " : "", r->params[i],
            x ? clp_v_str(x) : "?");
  }
  fputc(')', out);
}

/* Line l of rule r (NULL: unknown) at node env e: its position, name and
 * "NAME(i=1, j=2)". */
static void rule_line(clp_src_line *l, const cub_rule_info *r,
                      const clp_env *e, const char *dflt) {
  l->values = "";
  if (!r) { l->func = dflt; l->text = "?"; return; }
  l->file = r->pos.file;
  l->line = r->pos.line;
  l->col = r->pos.col;
  l->func = r->name;
  mstr m;
  FILE *out = mstr_open(&m);
  if (out) put_rule(out, r, e);
  l->text = mstr_close(&m);
}

/* The run of t as lines (cub_cex_lines) and its number of processes *n;
 * 0 when t is not a run of rs's system. */
static int run_lines(const clp_rs *rs, const clp_trace *t,
                     clp_env *const *env, clp_src_line **lines, clp_vint *n) {
  map = cub_map_of(rs);
  if (!map || !t || t->n < 2 || !env) return 0;
  /* the chain of Reach nodes from the goal's call down to init */
  int *chain = NEW_ATOMIC_N(int, t->n);
  int len = 0;
  const clp_tnode *g = &t->nodes[0];
  int k = -1;
  for (int c = 0; c < g->ncalls; c++)
    if (g->calls[c]->rel == map->reach) k = g->child[c];
  while (k >= 0 && len < t->n) {
    chain[len++] = k;
    const clp_tnode *nd = &t->nodes[k];
    k = -1;
    for (int c = 0; c < nd->ncalls; c++)
      if (nd->calls[c]->rel == map->reach) k = nd->child[c];
  }
  if (!len) return 0;
  const clp_value *nv = clp_env_get(env[chain[0]], map->reach->formals[0]);
  if (!nv || nv->kind != CLP_V_INT || nv->i < 1) return 0;
  *n = nv->i;
  clp_src_line *ls = NEW_N(clp_src_line, len + 1);
  for (int s = len - 1; s >= 0; s--) {
    clp_src_line *l = &ls[len - 1 - s];
    rule_line(l, rule_of(&t->nodes[chain[s]]), env[chain[s]], "?");
    state_line(l, env[chain[s]], *n);
  }
  rule_line(&ls[len], rule_of(g), env[0], "unsafe");
  if (ls[len].line <= 0 && !strcmp(ls[len].text, "?")) ls[len].text = "unsafe";
  *lines = ls;
  return len + 1;
}

int cub_cex_lines(const clp_rs *rs, const clp_trace *t, clp_env *const *env,
                  clp_src_line **lines) {
  clp_vint n;
  return run_lines(rs, t, env, lines, &n);
}

bool cub_cex_print(void *FILE_out, const clp_rs *rs, const clp_trace *t,
                   clp_env *const *env) {
  FILE *out = FILE_out;
  clp_src_line *ls;
  clp_vint n = 0;
  int nl = run_lines(rs, t, env, &ls, &n);
  if (!nl) return false;
  fprintf(out, "run of %s process%s:\n", clp_vint_str(n), n > 1 ? "es" : "");
  for (int i = 0; i + 1 < nl; i++)
    fprintf(out, "  %d. %s: %s\n", i, ls[i].text, ls[i].values);
  const clp_src_line *u = &ls[nl - 1];
  fprintf(out, "  reaches %s", u->text);
  if (u->line > 0)
    fprintf(out, "  %s:%d:%d", u->file ? u->file : "?", u->line, u->col);
  fputc('\n', out);
  return true;
}
