/* fe_sort.c -- sort inference of the .clp checker (fe_sema.c): a
 * union-find over sort variables (int, bool, arrays of a sort, or open),
 * unification with the occurs check, and the sorts it ends with (an open
 * sort is int). */
#include <stdio.h>
#include <string.h>

#include "frontend/clp/fe_sema_int.h"
static int sv_new(sema *s, int kind, int elem) {
  if (s->nsv == s->capsv) {
    s->capsv = s->capsv ? 2 * s->capsv : 256;
    s->sv = s->sv ? GROW(svar, s->sv, s->capsv) : NEW_N(svar, s->capsv);
  }
  svar *v = &s->sv[s->nsv];
  v->parent = s->nsv;
  v->kind = kind;
  v->elem = elem;
  return s->nsv++;
}

static int find(sema *s, int x) {
  int r = x;
  while (s->sv[r].parent != r) r = s->sv[r].parent;
  while (s->sv[x].parent != r) {
    int nx = s->sv[x].parent;
    s->sv[x].parent = r;
    x = nx;
  }
  return r;
}

static bool occurs(sema *s, int v, int t) {
  for (;;) {
    t = find(s, t);
    if (t == v) return true;
    if (s->sv[t].kind != SV_ARRAY) return false;
    t = s->sv[t].elem;
  }
}

/* Contract: merges the two sort terms; false (nothing changed at the
 * failing level) when they clash or the result would be infinite. */
bool fe_sv_unify(sema *s, int a, int b) {
  a = find(s, a);
  b = find(s, b);
  if (a == b) return true;
  int ka = s->sv[a].kind, kb = s->sv[b].kind;
  if (ka == SV_VAR) {
    if (occurs(s, a, b)) return false;
    s->sv[a].parent = b;
    return true;
  }
  if (kb == SV_VAR) return fe_sv_unify(s, b, a);
  if (ka != kb) return false;
  if (ka == SV_ARRAY) {
    int ea = s->sv[a].elem, eb = s->sv[b].elem;
    if (!fe_sv_unify(s, ea, eb)) return false;
  }
  s->sv[a].parent = b;
  return true;
}

int fe_sv_of(sema *s, const clp_sort *so) {
  switch (so->kind) {
  case CLP_S_BOOL: return sv_new(s, SV_BOOL, -1);
  case CLP_S_INT: return sv_new(s, SV_INT, -1);
  default: return sv_new(s, SV_ARRAY, fe_sv_of(s, so->elem));
  }
}

int fe_sv_int(sema *s) { return sv_new(s, SV_INT, -1); }
int fe_sv_bool(sema *s) { return sv_new(s, SV_BOOL, -1); }
int fe_sv_var(sema *s) { return sv_new(s, SV_VAR, -1); }
int fe_sv_array(sema *s, int elem) { return sv_new(s, SV_ARRAY, elem); }

/* The final sort: open variables become int. */
const clp_sort *fe_sv_sort(sema *s, int x) {
  x = find(s, x);
  switch (s->sv[x].kind) {
  case SV_BOOL: return clp_sort_bool();
  case SV_ARRAY:
    return clp_sort_array(clp_sort_int(), fe_sv_sort(s, s->sv[x].elem));
  case SV_VAR: s->sv[x].kind = SV_INT; return clp_sort_int();
  default: return clp_sort_int();
  }
}

/* Current sort for messages ("?" for open parts). */
static void sv_fmt(sema *s, int x, char *buf, size_t n) {
  x = find(s, x);
  switch (s->sv[x].kind) {
  case SV_BOOL: snprintf(buf, n, "bool"); break;
  case SV_INT: snprintf(buf, n, "int"); break;
  case SV_VAR: snprintf(buf, n, "?"); break;
  default: {
    char e[128];
    sv_fmt(s, s->sv[x].elem, e, sizeof e);
    snprintf(buf, n, "array(int, %s)", e);
  }
  }
}

const char *fe_sv_str(sema *s, int x) {
  char buf[160];
  sv_fmt(s, x, buf, sizeof buf);
  return clp_strdup(buf);
}
