/* cub_trans.c -- a .cub system as a rule set (docs/cub.md "Translation"):
 * the state (N and one variable per var/const/array), the relation
 * Reach(N, state) with the init rule and one rule per transition, and the
 * goal Err with one rule per unsafe cube. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "frontend/cub/cub_tr.h"
#include "frontend/fe.h"

void cub_err(cub_tx *T, int off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fe_error(T->c, off, "%s", clp_vfmt(fmt, ap));
  va_end(ap);
  T->failed = true;
}

void cub_unsup(cub_tx *T, int off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fe_unsup(T->c, off, "%s", clp_vfmt(fmt, ap));
  va_end(ap);
  T->failed = true;
}

const cub_sv *cub_find_sv(const cub_tx *T, const char *name) {
  for (int i = 0; i < T->nsv; i++)
    if (!strcmp(T->sv[i].d->name, name)) return &T->sv[i];
  return NULL;
}

const clp_term *cub_fresh(const char *base, const clp_sort *s) {
  unsigned before = clp_term_count();
  const clp_term *v = clp_var(base, s);
  if (clp_term_count() > before) return v;
  for (unsigned k = 1;; k++) {
    before = clp_term_count();
    v = clp_var(clp_fmt("%s$%u", base, k), s);
    if (clp_term_count() > before) return v;
  }
}

const clp_formula *cub_range(const cub_tx *T, cub_cty ty, const clp_term *v) {
  const clp_term *lo, *hi;
  if (ty.k == CT_ENUMV) { lo = clp_num(0); hi = clp_num(ty.nctors - 1); }
  else if (ty.k == CT_PROCV) { lo = clp_num(1); hi = T->N; }
  else return clp_f_true();
  return clp_f_and2(clp_f_lit(clp_le(lo, v), false, clp_nopos),
                    clp_f_lit(clp_le(v, hi), false, clp_nopos));
}

/* Is t (in a rule of T) a process of the run: #k (N >= k in the rule), a
 * parameter of the rule, or a proc state variable or array element? */
static bool known_proc(const cub_tx *T, const clp_term *t) {
  if (t->op == CLP_NUM)
    return t->num >= 1 && (t->num <= 1 || t->num <= T->maxnum ||
                           (T->fixk && t->num <= T->fixk));
  for (int i = 0; i < T->nothers; i++)
    if (T->others[i] == t) return true;
  int depth = 0;
  while (t->op == CLP_SELECT) t = t->kids[0], depth++;
  for (int i = 0; i < T->nsv; i++)
    if (T->sv[i].pre == t)
      return T->sv[i].ty.k == CT_PROCV && T->sv[i].d->ndims == depth;
  return false;
}

const clp_formula *cub_value_range(const cub_tx *T, cub_cty ty, const clp_term *t) {
  if (ty.k == CT_PROCV && known_proc(T, t)) return clp_f_true();
  return ty.k == CT_PROCV ? cub_range(T, ty, t) : clp_f_true();
}

/* ------------------------------------------------------------ types */
/* Does the system's init say that a scalar proc variable differs from
 * every process: a conjunct X <> z, z <> X or not (X = z) of an init with
 * process variable z?  Then the system's proc values are ids that need not
 * be processes of the run (CT_PIDV): Cubicle's models of a home node
 * (flash: Home <> p) describe exactly that. */
static void conjuncts(const cub_expr *e, const cub_expr ***v, int *n, int *cap);

static bool ids_of_no_process(const cub_sys *s) {
  for (int i = 0; i < s->ninits; i++) {
    const cub_names *z = s->inits[i]->vars;
    const cub_expr **cs = NULL;
    int n = 0, cap = 0;
    conjuncts(s->inits[i]->f, &cs, &n, &cap);
    for (int c = 0; c < n; c++) {
      const cub_expr *e = cs[c];
      bool ne = e->k == CE_NE;
      if (e->k == CE_NOT && e->kids[0]->k == CE_EQ) e = e->kids[0], ne = true;
      if (!ne || e->kids[0]->k != CE_NAME || e->kids[1]->k != CE_NAME) continue;
      for (int side = 0; side < 2; side++) {
        const char *x = e->kids[side]->name, *p = e->kids[1 - side]->name;
        bool isz = false;
        for (int j = 0; z && j < z->n; j++) isz |= !strcmp(z->v[j], p);
        for (int d = 0; isz && d < s->ndecls; d++)
          if (!s->decls[d]->ndims && !strcmp(s->decls[d]->name, x) &&
              !strcmp(s->decls[d]->ty.name, "proc"))
            return true;
      }
    }
  }
  return false;
}

static bool resolve_ty(cub_tx *T, cub_ty t, cub_cty *out) {
  if (!strcmp(t.name, "int")) { *out = (cub_cty){CT_INTV, 0}; return true; }
  if (!strcmp(t.name, "bool")) { *out = (cub_cty){CT_BOOLV, 0}; return true; }
  if (!strcmp(t.name, "proc")) {
    *out = (cub_cty){T->pids ? CT_PIDV : CT_PROCV, 0};
    return true;
  }
  for (int i = 0; i < T->sys->ntypes; i++) {
    const cub_typedecl *d = T->sys->types[i];
    if (strcmp(d->name, t.name)) continue;
    *out = d->ctors ? (cub_cty){CT_ENUMV, d->ctors->n} : (cub_cty){CT_ABSV, 0};
    return true;
  }
  cub_err(T, t.off, "unknown type '%s'", t.name);
  return false;
}

static void add_ctor(cub_tx *T, const char *name, const char *type, int off,
                     cub_cty ty, const clp_term *val, int *cap) {
  for (int i = 0; i < T->nctors; i++)
    if (!strcmp(T->ctors[i].name, name)) {
      cub_err(T, off, "constructor '%s' declared twice", name);
      return;
    }
  if (T->nctors == *cap) {
    *cap = *cap ? 2 * *cap : 16;
    T->ctors = T->ctors ? GROW(cub_ctor, T->ctors, *cap) : NEW_N(cub_ctor, *cap);
  }
  T->ctors[T->nctors++] = (cub_ctor){name, type, ty, val};
}

/* Constructors, state variables, N and Reach. */
static void declare(cub_tx *T) {
  const cub_sys *s = T->sys;
  int cap = 0;
  add_ctor(T, "True", "bool", -1, (cub_cty){CT_BOOLV, 0}, clp_true(), &cap);
  add_ctor(T, "False", "bool", -1, (cub_cty){CT_BOOLV, 0}, clp_false(), &cap);
  for (int i = 0; i < s->ntypes; i++) {
    const cub_typedecl *d = s->types[i];
    for (int j = 0; j < i; j++)
      if (!strcmp(s->types[j]->name, d->name))
        cub_err(T, d->off, "type '%s' declared twice", d->name);
    if (!d->ctors) continue;
    cub_cty ty = {CT_ENUMV, d->ctors->n};
    for (int j = 0; j < d->ctors->n; j++)
      add_ctor(T, d->ctors->v[j], d->name, d->ctors->off[j], ty, clp_num(j), &cap);
  }
  T->pids = ids_of_no_process(s);
  T->sv = NEW_N(cub_sv, s->ndecls);
  for (int i = 0; i < s->ndecls; i++) {
    const cub_decl *d = s->decls[i];
    if (cub_find_sv(T, d->name)) {
      cub_err(T, d->off, "'%s' declared twice", d->name);
      continue;
    }
    cub_sv v = {d, {CT_INTV, 0}, NULL, NULL};
    if (!resolve_ty(T, d->ty, &v.ty)) continue;
    v.sort = v.ty.k == CT_BOOLV ? clp_sort_bool() : clp_sort_int();
    for (int j = d->ndims - 1; j >= 0; j--) {
      if (strcmp(d->dims[j].name, "proc")) {
        cub_unsup(T, d->dims[j].off, "arrays indexed by '%s' "
                "(only 'proc' subscripts)", d->dims[j].name);
        break;
      }
      v.sort = clp_sort_array(clp_sort_int(), v.sort);
    }
    v.pre = clp_var(d->name, v.sort);
    T->sv[T->nsv++] = v;
  }
  /* N: "N" unless a state variable has that name */
  const char *n = "N";
  while (cub_find_sv(T, n)) n = clp_fmt("%s_", n);
  T->N = clp_var(n, clp_sort_int());
  const clp_sort **sorts = NEW_N(const clp_sort *, T->nsv + 1);
  sorts[0] = clp_sort_int();
  for (int i = 0; i < T->nsv; i++) sorts[i + 1] = T->sv[i].sort;
  T->reach = clp_rs_rel(T->rs, "Reach", T->nsv + 1, sorts, clp_nopos);
}

/* The scope of a rule: N and the state. */
static void scope_state(cub_tx *T, const char *where) {
  T->nenv = T->nctx = 0;
  T->nothers = 0;
  T->maxnum = 0;
  T->where = where;
  cub_env_push(T, NULL, T->N, true);
  for (int i = 0; i < T->nsv; i++) cub_env_push(T, NULL, T->sv[i].pre, true);
}

static const clp_formula *reach_call(cub_tx *T, const clp_term **args) {
  const clp_term **a = NEW_N(const clp_term *, T->nsv + 1);
  a[0] = T->N;
  for (int i = 0; i < T->nsv; i++) a[i + 1] = args ? args[i] : T->sv[i].pre;
  return clp_f_call(T->reach, a, clp_nopos);
}

/* Binds the process variables vs to distinct processes 1..N (the "others"
 * then differ from them); returns the constraints. */
static const clp_formula *bind_procs(cub_tx *T, const cub_names *vs) {
  const clp_formula *f = clp_f_true();
  T->others = NEW_N(const clp_term *, vs->n);
  for (int i = 0; i < vs->n; i++) {
    for (int j = 0; j < i; j++)
      if (!strcmp(vs->v[i], vs->v[j]))
        cub_err(T, vs->off[i], "process variable '%s' bound twice", vs->v[i]);
    /* a variable of this rule only (counterexamples find it by pointer) */
    const clp_term *x = cub_fresh(vs->v[i], clp_sort_int());
    f = clp_f_and2(f, cub_range(T, (cub_cty){CT_PROCV, 0}, x));
    for (int j = 0; j < i; j++)
      f = clp_f_and2(f, clp_f_lit(clp_eq(x, T->others[j]), true, clp_nopos));
    T->others[T->nothers++] = x;
    cub_env_push(T, vs->v[i], x, true);
  }
  return f;
}

/* N >= the largest #k of the rule (after its translation). */
static const clp_formula *procnums(cub_tx *T) {
  return T->maxnum ? clp_f_lit(clp_le(clp_num(T->maxnum), T->N), false, clp_nopos)
                   : clp_f_true();
}

/* ------------------------------------------------------------- init */
/* Is e "A[z] = c" (or "A[x, y] = c") with the subscripts distinct
 * universal variables of init and c free of them and of arrays?  Returns
 * A's state variable and the side c in *val. */
static bool no_sel(const cub_expr *e) {
  if (e->k == CE_SEL) return false;
  for (int i = 0; i < e->n; i++)
    if (!no_sel(e->kids[i])) return false;
  return true;
}

static const cub_sv *pinned(cub_tx *T, const cub_expr *e, const cub_names *z,
                            const cub_expr **val) {
  if (e->k != CE_EQ) return NULL;
  for (int side = 0; side < 2; side++) {
    const cub_expr *a = e->kids[side], *c = e->kids[1 - side];
    if (a->k != CE_SEL) continue;
    const cub_sv *v = cub_find_sv(T, a->name);
    if (!v || v->d->ndims != a->n) continue;
    bool ok = no_sel(c);
    for (int i = 0; ok && i < a->n; i++) {
      const cub_expr *x = a->kids[i];
      bool isz = false;
      for (int j = 0; j < z->n; j++) isz |= x->k == CE_NAME && !strcmp(x->name, z->v[j]);
      ok = isz && !(i == 1 && !strcmp(x->name, a->kids[0]->name));
    }
    for (int j = 0; ok && j < z->n; j++) ok = !cub_mentions(c, z->v[j]);
    if (ok) { *val = c; return v; }
  }
  return NULL;
}

static void conjuncts(const cub_expr *e, const cub_expr ***v, int *n, int *cap) {
  if (e->k == CE_AND) {
    conjuncts(e->kids[0], v, n, cap);
    conjuncts(e->kids[1], v, n, cap);
    return;
  }
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 16;
    *v = *v ? GROW(const cub_expr *, *v, *cap) : NEW_N(const cub_expr *, *cap);
  }
  (*v)[(*n)++] = e;
}

static bool mentions_any(const cub_expr *e, const cub_names *z) {
  for (int j = 0; j < z->n; j++)
    if (cub_mentions(e, z->v[j])) return true;
  return false;
}

/* The residual init conjuncts, for all z: scanned one variable at a time. */
typedef struct init_arg {
  const cub_names *z;
  int from;
  int n;
  const cub_expr **res;
} init_arg;

static const clp_formula *init_body(cub_tx *T, const clp_term *k, void *arg) {
  (void)k;
  init_arg *a = arg;
  if (a->from + 1 < a->z->n) {
    init_arg b = *a;
    b.from++;
    return cub_scan(T, a->z->v[b.from], 0, NULL, init_body, &b);
  }
  const clp_formula *f = clp_f_true();
  for (int i = 0; i < a->n && f; i++) {
    const clp_formula *g = cub_form(T, a->res[i], true);
    f = g ? clp_f_and2(f, g) : NULL;
  }
  return f;
}

/* The elements of the unpinned arrays of ranged types are in range. */
typedef struct range_arg {
  const cub_sv *v;
  const clp_term *cell;
} range_arg;

static const clp_formula *range_body(cub_tx *T, const clp_term *k, void *arg) {
  range_arg *a = arg;
  range_arg b = {a->v, clp_select(a->cell, k)};
  if (b.cell->sort->kind == CLP_S_ARRAY)
    return cub_scan(T, NULL, 0, NULL, range_body, &b);
  return cub_range(T, a->v->ty, b.cell);
}

static void init_rule(cub_tx *T) {
  scope_state(T, "init");
  const clp_formula *body = clp_f_lit(clp_le(clp_num(1), T->N), false, clp_nopos);
  if (T->fixk) /* exactly fixk processes: N never changes */
    body = clp_f_and2(body, clp_f_lit(clp_eq(T->N, clp_num(T->fixk)), false,
                                      clp_nopos));
  if (T->sys->nprocs) /* number_procs k: runs of k processes only */
    body = clp_f_and2(body, clp_f_lit(clp_eq(T->N, clp_num(T->sys->nprocs)),
                                      false, clp_nopos));
  bool *pin = NEW_N(bool, T->nsv + 1);
  const cub_expr **res = NULL;
  int nres = 0, capres = 0;
  const cub_names *z = T->sys->ninits ? T->sys->inits[0]->vars : NEW(cub_names);
  const cub_expr **cs = NULL;
  int ncs = 0, capcs = 0;
  for (int i = 0; i < T->sys->ninits; i++) {
    const cub_fdecl *d = T->sys->inits[i];
    if (i > 0 && d->vars->n) {
      cub_unsup(T, d->off, "several init declarations with process "
              "variables");
      return;
    }
    conjuncts(d->f, &cs, &ncs, &capcs);
  }
  for (int j = 0; j < z->n; j++)
    for (int i = 0; i < j; i++)
      if (!strcmp(z->v[i], z->v[j]))
        cub_err(T, z->off[j], "process variable '%s' bound twice", z->v[j]);
  for (int i = 0; i < ncs; i++) {
    const cub_expr *val = NULL;
    const cub_sv *v = pinned(T, cs[i], z, &val);
    if (v && !pin[v - T->sv]) {
      const clp_term *c = cub_term(T, val);
      if (!c) continue;
      const clp_sort *es = v->sort;
      while (es->kind == CLP_S_ARRAY) es = es->elem;
      if (c->sort != es) {
        cub_err(T, cs[i]->off, "comparison of values of different types");
        continue;
      }
      const clp_term *a = c;
      const clp_sort *s = v->sort;
      if (v->d->ndims == 2) a = clp_const_array(s->elem, a);
      a = clp_const_array(s, a);
      body = clp_f_and2(body, clp_f_lit(clp_eq(v->pre, a), false, clp_nopos));
      body = clp_f_and2(body, cub_value_range(T, v->ty, c));
      pin[v - T->sv] = true;
    } else if (mentions_any(cs[i], z)) {
      if (nres == capres) {
        capres = capres ? 2 * capres : 8;
        res = res ? GROW(const cub_expr *, res, capres) : NEW_N(const cub_expr *, capres);
      }
      res[nres++] = cs[i];
    } else {
      const clp_formula *f = cub_form(T, cs[i], true);
      if (f) body = clp_f_and2(body, f);
    }
  }
  if (nres) {
    init_arg a = {z, 0, nres, res};
    const clp_formula *f = cub_scan(T, z->v[0], 0, NULL, init_body, &a);
    if (f) body = clp_f_and2(body, f);
  }
  for (int i = 0; i < T->nsv; i++) {
    const cub_sv *v = &T->sv[i];
    if (pin[i] || (v->ty.k != CT_ENUMV && v->ty.k != CT_PROCV)) continue;
    if (!v->d->ndims) {
      body = clp_f_and2(body, cub_range(T, v->ty, v->pre));
      continue;
    }
    range_arg a = {v, v->pre};
    const clp_formula *f = cub_scan(T, NULL, 0, NULL, range_body, &a);
    if (f) body = clp_f_and2(body, f);
  }
  /* the processes #k the system names exist in every run */
  if (T->sys->maxprocnum > T->maxnum) T->maxnum = T->sys->maxprocnum;
  body = clp_f_and2(body, procnums(T));
  const clp_term **head = NEW_N(const clp_term *, T->nsv + 1);
  head[0] = T->N;
  for (int i = 0; i < T->nsv; i++) head[i + 1] = T->sv[i].pre;
  int off = T->sys->ninits ? T->sys->inits[0]->off : 0;
  clp_rs_add_clause(T->rs, T->reach, head, body, fe_pos(T->c, off));
  cub_note_rule(T->map, fe_pos(T->c, off), "init", 0, NULL, NULL);
}

/* ------------------------------------------------------ transitions */
static void trans_rule(cub_tx *T, const cub_trans *t) {
  scope_state(T, t->name);
  const clp_formula *body = reach_call(T, NULL);
  body = clp_f_and2(body, bind_procs(T, t->params));
  if (t->req) {
    const clp_formula *g = cub_form(T, t->req, true);
    if (!g) return;
    body = clp_f_and2(body, g);
  }
  const clp_term **post = NEW_N(const clp_term *, T->nsv);
  const clp_formula *cond = clp_f_true();
  if (!cub_updates(T, t, post, &cond)) return;
  body = clp_f_and2(body, cond);
  body = clp_f_and2(body, procnums(T));
  const clp_term **head = NEW_N(const clp_term *, T->nsv + 1);
  head[0] = T->N;
  for (int i = 0; i < T->nsv; i++) head[i + 1] = post[i];
  clp_rs_add_clause(T->rs, T->reach, head, body, fe_pos(T->c, t->off));
  cub_note_rule(T->map, fe_pos(T->c, t->off), t->name, t->params->n,
                t->params->v, T->others);
}

/* ----------------------------------------------------------- unsafe */
/* The variables of unsafe cube u that its formula mentions: Cubicle's
 * cube has the process variables of its literals (Cube.normal_form), so
 * unsafe (x y) { PC[x] = C } needs one process, not two. */
static const cub_names *unsafe_vars(const cub_fdecl *u) {
  cub_names *l = NEW(cub_names);
  l->v = NEW_N(const char *, u->vars->n + 1);
  l->off = NEW_N(int, u->vars->n + 1);
  for (int i = 0; i < u->vars->n; i++)
    if (cub_mentions(u->f, u->vars->v[i])) {
      l->v[l->n] = u->vars->v[i];
      l->off[l->n++] = u->vars->off[i];
    }
  l->cap = u->vars->n + 1;
  return l;
}

static void unsafe_rule(cub_tx *T, clp_rel *err, const cub_fdecl *u) {
  scope_state(T, "unsafe");
  const clp_formula *body = reach_call(T, NULL);
  const cub_names *vs = unsafe_vars(u);
  body = clp_f_and2(body, bind_procs(T, vs));
  const clp_formula *f = cub_form(T, u->f, true);
  if (!f) return;
  body = clp_f_and2(body, f);
  body = clp_f_and2(body, procnums(T));
  clp_rs_add_clause(T->rs, err, NULL, body, fe_pos(T->c, u->off));
  cub_note_rule(T->map, fe_pos(T->c, u->off), "unsafe", vs->n, vs->v, T->others);
}

clp_rs *cub_translate(fe_ctx *c, const cub_sys *s, int k) {
  cub_tx *T = NEW(cub_tx);
  T->c = c;
  T->sys = s;
  T->fixk = k;
  T->rs = clp_rs_new(c->file);
  T->map = NEW(cub_map);
  T->map->sys = s;
  T->map->c = c;
  T->map->fixk = k;
  declare(T);
  if (T->failed) return NULL;
  if (s->nprocs_off && s->nprocs < 1) {
    cub_err(T, s->nprocs_off, "number_procs must be at least 1");
    return NULL;
  }
  if (s->nprocs && s->nprocs < s->maxprocnum) {
    cub_err(T, s->nprocs_off, "number_procs %lld, but the system names #%d",
            (long long)s->nprocs, s->maxprocnum);
    return NULL;
  }
  if (!s->nunsafe) {
    fe_error(c, c->len, "no 'unsafe' declaration");
    return NULL;
  }
  for (int i = 0; i < s->npreds; i++)
    for (int j = 0; j < i; j++)
      if (!strcmp(s->preds[i]->name, s->preds[j]->name))
        cub_err(T, s->preds[i]->off, "predicate '%s' declared twice", s->preds[i]->name);
  init_rule(T);
  for (int i = 0; i < s->ntrans; i++) trans_rule(T, s->trans[i]);
  clp_rel *err = clp_rs_rel(T->rs, "Err", 0, NULL, clp_nopos);
  for (int i = 0; i < s->nunsafe; i++) unsafe_rule(T, err, s->unsafe[i]);
  if (T->failed) return NULL;
  clp_rs_set_goal(T->rs, err);
  T->map->reach = T->reach;
  T->map->nsv = T->nsv;
  T->map->sv = T->sv;
  T->map->nctors = T->nctors;
  T->map->ctors = T->ctors;
  cub_cex_register(T->rs, T->map); /* before finish: it follows renaming */
  if (clp_rs_finish(T->rs) != 0) return NULL;
  return T->rs;
}

clp_rs *fe_cub_instance(const clp_rs *rs, int k) {
  const cub_map *m = cub_map_of(rs);
  if (!m || m->fixk || k < 1) return NULL;
  /* the system translated once already: no message is expected; any is
   * dropped (an instance that fails is not used) */
  int nmsgs = m->c->nmsgs;
  clp_rs *r = cub_translate(m->c, m->sys, k);
  m->c->nmsgs = nmsgs;
  /* with the arrays as their elements (the array form if that fails) */
  clp_rs *s = r ? cub_scalarize(r, cub_map_of(r), k) : NULL;
  return s ? s : r;
}
