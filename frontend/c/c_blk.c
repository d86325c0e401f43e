/* c_blk.c -- blocks of the C translation: items in execution order
 * (constraints and exits), folded per exit kind into formulas, branches
 * joined with phi variables, and goto/continue targets rejoined. */
#include <string.h>

#include "frontend/c/c_trans.h"

ct_blk *ct_blk_new(ct_fn *fn, const clp_term **env) {
  ct_blk *b = NEW(ct_blk);
  b->env = ct_env_copy(fn, env);
  return b;
}

const clp_term **ct_env_copy(ct_fn *fn, const clp_term **env) {
  const clp_term **e = NEW_N(const clp_term *, fn->nslots);
  if (fn->nslots) memcpy(e, env, sizeof *e * (size_t)fn->nslots);
  return e;
}

const clp_term **ct_env_active(ct_fn *fn, const clp_term **env) {
  const clp_term **e = ct_env_copy(fn, env);
  for (int i = 0; i < fn->nslots; i++)
    if (!fn->slots[i].active) e[i] = fn->slots[i].ph;
  return e;
}

static ct_item *add(ct_blk *b) {
  if (b->n == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 8;
    b->items = b->items ? GROW(ct_item, b->items, b->cap) : NEW_N(ct_item, b->cap);
  }
  ct_item *it = &b->items[b->n++];
  memset(it, 0, sizeof *it);
  return it;
}

void ct_push(ct_blk *b, const clp_formula *f, clp_pos p) {
  if (f->kind == CLP_F_TRUE || b->dead) return;
  if (f->kind == CLP_F_FALSE) b->dead = true;
  ct_item *it = add(b);
  it->kind = CT_C;
  it->f = f;
  it->pos = p;
}

void ct_push_lit(ct_blk *b, const clp_term *atom, clp_pos p) {
  ct_push(b, clp_f_lit(atom, false, p), p);
}

void ct_push_exit(ct_fn *fn, ct_blk *b, int kind, const clp_formula *f,
                  const clp_term *rv, const char *label, clp_pos p) {
  if (f->kind == CLP_F_FALSE || ct_dead(b)) return;
  ct_item *it = add(b);
  it->kind = kind;
  it->f = f;
  it->env = kind == CT_ERR ? NULL : ct_env_copy(fn, b->env);
  it->rv = rv;
  it->label = label;
  it->pos = p;
}

bool ct_dead(const ct_blk *b) { return b->dead; }

static bool match(const ct_item *it, int kind, const char *label) {
  return it->kind == kind &&
         (kind != CT_GOTO || (label && it->label && !strcmp(label, it->label)));
}

bool ct_has_exit(const ct_blk *b, int kind, const char *label) {
  for (int i = 0; i < b->n; i++)
    if (match(&b->items[i], kind, label)) return true;
  return false;
}

/* Merged state of m exits: per slot the common term, or a fresh phi
 * variable with one equation per exit (phis[j] collects exit j's). */
static const clp_term **merge_env(ct_fn *fn, int m, const clp_term ***envs,
                                  const clp_term **rvs, const clp_term **rv,
                                  const clp_formula **phis, clp_pos p) {
  const clp_term **e = ct_env_copy(fn, envs[0]);
  for (int j = 0; j < m; j++) phis[j] = clp_f_true();
  for (int i = 0; i < fn->nslots; i++) {
    bool same = true;
    for (int j = 1; j < m && same; j++) same = envs[j][i] == envs[0][i];
    if (same) continue;
    const clp_term *v = ct_fresh(fn->cx, fn->slots[i].name, fn->slots[i].sort);
    e[i] = v;
    for (int j = 0; j < m; j++)
      phis[j] = clp_f_and2(phis[j], clp_f_lit(clp_eq(v, envs[j][i]), false, p));
  }
  *rv = m ? rvs[0] : NULL;
  bool same = true;
  for (int j = 1; j < m && same; j++) same = rvs[j] == rvs[0];
  if (!same && rvs[0]) {
    const clp_term *v = ct_fresh(fn->cx, "ret", clp_sort_int());
    *rv = v;
    for (int j = 0; j < m; j++)
      phis[j] = clp_f_and2(phis[j], clp_f_lit(clp_eq(v, rvs[j]), false, p));
  }
  return e;
}

ct_exit ct_fold(ct_fn *fn, ct_blk *b, int kind, const char *label) {
  ct_exit x = {clp_f_false(), NULL, NULL};
  int m = 0;
  for (int i = 0; i < b->n; i++) m += match(&b->items[i], kind, label);
  if (!m) return x;
  const clp_formula **phis = NEW_N(const clp_formula *, m);
  if (kind != CT_ERR) {
    const clp_term ***envs = NEW_N(const clp_term **, m);
    const clp_term **rvs = NEW_N(const clp_term *, m);
    int j = 0;
    for (int i = 0; i < b->n; i++)
      if (match(&b->items[i], kind, label)) {
        envs[j] = b->items[i].env;
        rvs[j++] = b->items[i].rv;
      }
    clp_pos p = b->items[0].pos;
    x.env = merge_env(fn, m, envs, rvs, &x.rv, phis, p);
  } else {
    for (int j = 0; j < m; j++) phis[j] = clp_f_true();
  }
  const clp_formula *acc = clp_f_false();
  int j = m;
  for (int i = b->n - 1; i >= 0; i--) {
    const ct_item *it = &b->items[i];
    if (it->kind == CT_C) {
      if (acc->kind != CLP_F_FALSE) acc = clp_f_and2(it->f, acc);
    } else if (match(it, kind, label)) {
      const clp_formula *g = clp_f_and2(it->f, phis[--j]);
      acc = acc->kind == CLP_F_FALSE ? g : clp_f_or2(g, acc);
    }
  }
  x.f = acc;
  return x;
}

ct_exit ct_fold_normal(ct_blk *b) {
  ct_exit x = {clp_f_true(), b->env, NULL};
  int n = 0;
  for (int i = 0; i < b->n; i++) n += b->items[i].kind == CT_C;
  const clp_formula **k = NEW_N(const clp_formula *, n);
  n = 0;
  clp_pos p = clp_nopos;
  for (int i = 0; i < b->n; i++)
    if (b->items[i].kind == CT_C) {
      if (!n) p = b->items[i].pos;
      k[n++] = b->items[i].f;
    }
  x.f = clp_f_and(n, k, p);
  return x;
}

/* The distinct exit keys (kind, label) of blocks bs[0..nb). */
typedef struct key { int kind; const char *label; } key;

static int keys_of(ct_blk **bs, int nb, key *ks, int nk) {
  for (int j = 0; j < nb; j++)
    for (int i = 0; i < bs[j]->n; i++) {
      const ct_item *it = &bs[j]->items[i];
      if (it->kind == CT_C) continue;
      bool seen = false;
      for (int k = 0; k < nk && !seen; k++) seen = match(it, ks[k].kind, ks[k].label);
      if (!seen) ks[nk++] = (key){it->kind, it->label};
    }
  return nk;
}

static int count_exits(ct_blk **bs, int nb) {
  int n = 0;
  for (int j = 0; j < nb; j++)
    for (int i = 0; i < bs[j]->n; i++) n += bs[j]->items[i].kind != CT_C;
  return n;
}

void ct_join(ct_fn *fn, ct_blk *b, const clp_term *g, ct_blk *t, ct_blk *e,
             clp_pos p) {
  ct_blk *bs[2] = {t, e};
  const clp_formula *gs[2] = {clp_f_lit(g, false, p), clp_f_lit(g, true, p)};
  key *ks = NEW_N(key, count_exits(bs, 2));
  int nk = keys_of(bs, 2, ks, 0);
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < 2; j++) {
      ct_exit x = ct_fold(fn, bs[j], ks[k].kind, ks[k].label);
      if (x.f->kind == CLP_F_FALSE) continue;
      ct_item *it = add(b);
      it->kind = ks[k].kind;
      it->f = clp_f_and2(gs[j], x.f);
      it->env = x.env;
      it->rv = x.rv;
      it->label = ks[k].label;
      it->pos = p;
    }
  ct_exit n0 = ct_fold_normal(t), n1 = ct_fold_normal(e);
  bool live0 = n0.f->kind != CLP_F_FALSE, live1 = n1.f->kind != CLP_F_FALSE;
  if (!live0 && !live1) { ct_push(b, clp_f_false(), p); return; }
  if (!live1 || !live0) {
    int j = live0 ? 0 : 1;
    ct_push(b, clp_f_and2(gs[j], j ? n1.f : n0.f), p);
    b->env = ct_env_copy(fn, j ? n1.env : n0.env);
    return;
  }
  const clp_term **envs[2] = {n0.env, n1.env};
  const clp_term *rvs[2] = {NULL, NULL}, *rv;
  const clp_formula *phis[2];
  b->env = merge_env(fn, 2, envs, rvs, &rv, phis, p);
  const clp_formula *alt[2] = {
      clp_f_and2(clp_f_and2(gs[0], n0.f), phis[0]),
      clp_f_and2(clp_f_and2(gs[1], n1.f), phis[1])};
  ct_push(b, clp_f_or(2, alt, p), p);
}

void ct_rejoin(ct_fn *fn, ct_blk *b, int kind, const char *label, clp_pos p) {
  if (!ct_has_exit(b, kind, label)) return;
  ct_blk *bs[1] = {b};
  key *ks = NEW_N(key, count_exits(bs, 1));
  int nk = keys_of(bs, 1, ks, 0);
  ct_item *keep = NEW_N(ct_item, nk);
  int nkeep = 0;
  for (int k = 0; k < nk; k++) {
    if (match(&(ct_item){.kind = ks[k].kind, .label = ks[k].label}, kind, label))
      continue;
    ct_exit x = ct_fold(fn, b, ks[k].kind, ks[k].label);
    keep[nkeep++] = (ct_item){ks[k].kind, x.f, x.env, x.rv, ks[k].label, p};
  }
  ct_exit j = ct_fold(fn, b, kind, label);
  ct_exit n = ct_fold_normal(b);
  const clp_formula *f;
  const clp_term **env;
  if (n.f->kind == CLP_F_FALSE) {
    f = j.f;
    env = j.env;
  } else {
    const clp_term **envs[2] = {ct_env_active(fn, n.env),
                                ct_env_active(fn, j.env)};
    const clp_term *rvs[2] = {NULL, NULL}, *rv;
    const clp_formula *phis[2];
    env = merge_env(fn, 2, envs, rvs, &rv, phis, p);
    f = clp_f_or2(clp_f_and2(n.f, phis[0]), clp_f_and2(j.f, phis[1]));
  }
  b->n = 0;
  b->dead = false;
  for (int k = 0; k < nkeep; k++) *add(b) = keep[k];
  ct_push(b, f, p);
  b->env = ct_env_copy(fn, env);
}

void ct_splice(ct_fn *fn, ct_blk *b, ct_blk *sb, clp_pos p) {
  ct_blk *bs[1] = {sb};
  key *ks = NEW_N(key, count_exits(bs, 1));
  int nk = keys_of(bs, 1, ks, 0);
  for (int k = 0; k < nk; k++) {
    ct_exit x = ct_fold(fn, sb, ks[k].kind, ks[k].label);
    if (x.f->kind == CLP_F_FALSE || b->dead) continue;
    *add(b) = (ct_item){ks[k].kind, x.f, x.env, x.rv, ks[k].label, p};
  }
  ct_push(b, ct_fold_normal(sb).f, p);
  b->env = ct_env_copy(fn, sb->env);
}

ct_exit ct_cut(ct_fn *fn, ct_blk *b, clp_pos p) {
  ct_blk *bs[1] = {b};
  key *ks = NEW_N(key, count_exits(bs, 1));
  int nk = keys_of(bs, 1, ks, 0);
  ct_item *keep = NEW_N(ct_item, nk);
  for (int k = 0; k < nk; k++) {
    ct_exit x = ct_fold(fn, b, ks[k].kind, ks[k].label);
    keep[k] = (ct_item){ks[k].kind, x.f, x.env, x.rv, ks[k].label, p};
  }
  ct_exit n = ct_fold_normal(b);
  b->n = 0;
  b->dead = false;
  for (int k = 0; k < nk; k++) *add(b) = keep[k];
  return n;
}
