/* fe_sema.c -- the .clp checker: declares symbols, resolves names
 * (relation call / uninterpreted predicate or function / variable), infers
 * sorts by unification, reports every semantic error, and builds the
 * clp_rs.  Sort inference: union-find over sort variables, one per rule
 * variable, per relation argument position and per AST node; declared
 * symbols give fixed sorts; open sorts end as int. */
#include <stdio.h>
#include <string.h>

#include "frontend/clp/fe_sema_int.h"

/* ------------------------------------------------------------ symbol table */
static unsigned hash(const char *k) {
  unsigned h = 2166136261u;
  for (; *k; k++) h = (h ^ (unsigned char)*k) * 16777619u;
  return h;
}

static sym *lookup(sema *s, const char *name) {
  if (!s->captab) return NULL;
  for (unsigned i = hash(name) & (unsigned)(s->captab - 1);;
       i = (i + 1) & (unsigned)(s->captab - 1)) {
    sym *y = s->tab[i];
    if (!y) return NULL;
    if (!strcmp(y->name, name)) return y;
  }
}

static void insert(sema *s, sym *y) {
  if (2 * (s->ntab + 1) > s->captab) {
    int oc = s->captab;
    sym **old = s->tab;
    s->captab = oc ? 2 * oc : 64;
    s->tab = NEW_N(sym *, s->captab);
    s->ntab = 0;
    for (int i = 0; i < oc; i++)
      if (old[i]) insert(s, old[i]);
  }
  unsigned i = hash(y->name) & (unsigned)(s->captab - 1);
  while (s->tab[i]) i = (i + 1) & (unsigned)(s->captab - 1);
  s->tab[i] = y;
  s->ntab++;
}

static sym *sym_new(sema *s, skind k, const char *name, int arity, int off) {
  sym *y = NEW(sym);
  y->kind = k;
  y->name = name;
  y->arity = arity;
  y->off = off;
  y->svs = NEW_ATOMIC_N(int, arity);
  for (int i = 0; i < arity; i++) y->svs[i] = fe_sv_var(s);
  y->range = -1;
  insert(s, y);
  if (s->norder == s->caporder) {
    s->caporder = s->caporder ? 2 * s->caporder : 32;
    s->order = s->order ? GROW(sym *, s->order, s->caporder)
                        : NEW_N(sym *, s->caporder);
  }
  s->order[s->norder++] = y;
  return y;
}

static const char *kind_name(skind k) {
  return k == S_REL ? "relation" : k == S_PRED ? "pred" : "fun";
}

/* ----------------------------------------------------- pass 1: declarations */
static bool same_sig(const sym *y, const fe_item *it) {
  if (y->arity != it->nsorts) return false;
  for (int i = 0; i < it->nsorts; i++)
    if (y->dom[i] != it->sorts[i]) return false;
  return y->rsort == it->range;
}

static void declare(sema *s, fe_item *it) {
  fe_ctx *c = s->c;
  skind k = it->kind == I_REL ? S_REL : it->kind == I_PRED ? S_PRED : S_FUN;
  const clp_sort *range = it->kind == I_PRED ? clp_sort_bool() : it->range;
  sym *y = lookup(s, it->name);
  if (y && y->kind != k) {
    fe_error(c, it->off, "'%s' already %s as a %s at %s", it->name,
             y->declared ? "declared" : "defined", kind_name(y->kind),
             fe_where(c, y->declared ? y->decl_off : y->off));
    return;
  }
  if (y && y->declared) {
    fe_item tmp = *it;
    tmp.range = range;
    if (!same_sig(y, &tmp))
      fe_error(c, it->off,
               "'%s' redeclared with a different signature (first declared "
               "at %s)", it->name, fe_where(c, y->decl_off));
    return;
  }
  if (y && y->arity != it->nsorts) { /* a rel whose rule came first */
    fe_error(c, it->off,
             "arity mismatch: '%s' declared with %d arguments but defined "
             "with %d at %s", it->name, it->nsorts, y->arity,
             fe_where(c, y->off));
    return;
  }
  if (!y) y = sym_new(s, k, it->name, it->nsorts, it->off);
  y->declared = true;
  y->decl_off = it->off;
  y->dom = it->sorts ? it->sorts : NEW_N(const clp_sort *, 0);
  y->rsort = range;
  for (int i = 0; i < it->nsorts; i++)
    if (!fe_sv_unify(s, y->svs[i], fe_sv_of(s, it->sorts[i])))
      fe_error(c, it->off,
               "sort mismatch: argument %d of '%s' is declared %s but its "
               "rule uses %s", i + 1, it->name, clp_sort_str(it->sorts[i]),
               fe_sv_str(s, y->svs[i]));
  if (range) y->range = fe_sv_of(s, range);
}

static void define(sema *s, fe_item *it) {
  fe_ctx *c = s->c;
  int arity = it->head->n;
  sym *y = lookup(s, it->name);
  if (!y) {
    sym_new(s, S_REL, it->name, arity, it->off);
    return;
  }
  if (y->kind != S_REL) {
    fe_error(c, it->off, "cannot define %s '%s' by a rule (declared at %s)",
             kind_name(y->kind), it->name, fe_where(c, y->decl_off));
    return;
  }
  if (y->arity != arity)
    fe_error(c, it->off,
             "arity mismatch: '%s' has %d arguments here but %d at %s",
             it->name, arity, y->arity,
             fe_where(c, y->declared ? y->decl_off : y->off));
}

static void set_goal(sema *s, fe_item *it) {
  if (s->goal) {
    fe_error(s->c, it->off, "duplicate goal declaration (first at %s)",
             fe_where(s->c, s->goal_off));
    return;
  }
  s->goal = it->name;
  s->goal_off = it->off;
}

/* --------------------------------------------------------- pass 2: checking */
enum { F_NEG = 1, F_ITE = 2, F_AXIOM = 4 }; /* context of a formula / term */

static int start(const fe_node *n) {
  while (n->n > 0 && n->kind >= A_ADD && n->kind != A_NEG && n->kind != A_NOT &&
         n->kind != A_SELECT && n->kind != A_STORE && n->kind != A_CONST &&
         n->kind != A_ITE)
    n = n->kids[0];
  return n->off;
}

static var *lookup_var(sema *s, const char *name) {
  scope *sc = s->cur;
  for (int i = 0; i < sc->n; i++)
    if (!strcmp(sc->v[i].name, name)) return &sc->v[i];
  if (sc->n == sc->cap) {
    sc->cap = sc->cap ? 2 * sc->cap : 8;
    sc->v = sc->v ? GROW(var, sc->v, sc->cap) : NEW_N(var, sc->cap);
  }
  var *v = &sc->v[sc->n++];
  v->name = name;
  v->sv = fe_sv_var(s);
  v->term = NULL;
  return v;
}

static int term(sema *s, fe_node *n, int flags);

/* The node's value must have sort want; reports a mismatch at n. */
static void expect(sema *s, fe_node *n, int got, int want, const char *what) {
  if (fe_sv_unify(s, got, want)) return;
  fe_error(s->c, start(n), "sort mismatch: %s must be %s, not %s", what,
           fe_sv_str(s, want), fe_sv_str(s, got));
}

static bool arity_ok(sema *s, fe_node *n, int want, const char *what) {
  if (n->n == want) return true;
  fe_error(s->c, n->off, "arity mismatch: %s '%s' expects %d argument%s, got %d",
           what, n->name, want, want == 1 ? "" : "s", n->n);
  return false;
}

/* Arguments of a call or application against the symbol's sorts. */
static void args(sema *s, fe_node *n, sym *y, int flags) {
  for (int i = 0; i < n->n; i++) {
    int a = term(s, n->kids[i], flags);
    if (!fe_sv_unify(s, a, y->svs[i]))
      fe_error(s->c, start(n->kids[i]),
               "sort mismatch: argument %d of '%s' must be %s, not %s", i + 1,
               y->name, fe_sv_str(s, y->svs[i]), fe_sv_str(s, a));
  }
}

static bool too_deep(sema *s, fe_node *n) {
  if (s->depth < 4000) return false;
  if (!s->deep) fe_error(s->c, n->off, "expression nested too deeply");
  s->deep = true;
  return true;
}

/* An uninterpreted application; returns its sort variable. */
static int app(sema *s, fe_node *n, sym *y, int flags) {
  n->res = R_APP;
  n->sym = y;
  if (arity_ok(s, n, y->arity, kind_name(y->kind))) args(s, n, y, flags);
  return y->range;
}

/* A NAME in term position. */
static int name_term(sema *s, fe_node *n, int flags) {
  sym *y = lookup(s, n->name);
  if (y && y->kind == S_REL) {
    fe_error(s->c, n->off,
             (flags & F_ITE) ? "relation call '%s' inside an ite condition"
                             : "relation '%s' used inside a term", n->name);
    return fe_sv_var(s);
  }
  if (y) return app(s, n, y, flags);
  if (n->call) {
    fe_error(s->c, n->off, "unknown function '%s'", n->name);
    return fe_sv_var(s);
  }
  n->res = R_VAR;
  return lookup_var(s, n->name)->sv;
}

static int term_(sema *s, fe_node *n, int flags) {
  int r;
  switch (n->kind) {
  case A_NUM: return fe_sv_int(s);
  case A_TRUE: case A_FALSE: return fe_sv_bool(s);
  case A_NAME: return name_term(s, n, flags);
  case A_ADD: case A_SUB: case A_MUL: case A_DIV: case A_MOD: case A_NEG:
    for (int i = 0; i < n->n; i++)
      expect(s, n->kids[i], term(s, n->kids[i], flags), fe_sv_int(s),
             "an arithmetic operand");
    return fe_sv_int(s);
  case A_LT: case A_LE: case A_GT: case A_GE:
    for (int i = 0; i < n->n; i++)
      expect(s, n->kids[i], term(s, n->kids[i], flags), fe_sv_int(s),
             "an operand of a comparison");
    return fe_sv_bool(s);
  case A_EQ: case A_NE: {
    int a = term(s, n->kids[0], flags), b = term(s, n->kids[1], flags);
    if (!fe_sv_unify(s, a, b))
      fe_error(s->c, n->off, "sort mismatch: '%s' between %s and %s",
               n->kind == A_EQ ? "=" : "!=", fe_sv_str(s, a), fe_sv_str(s, b));
    return fe_sv_bool(s);
  }
  case A_COMMA: case A_AND: case A_SEMI: case A_OR: case A_NOT:
    for (int i = 0; i < n->n; i++)
      expect(s, n->kids[i], term(s, n->kids[i], flags), fe_sv_bool(s),
             "an operand of a connective");
    return fe_sv_bool(s);
  case A_SELECT: {
    int e = fe_sv_var(s);
    if (!arity_ok(s, n, 2, "builtin")) return e;
    expect(s, n->kids[0], term(s, n->kids[0], flags), fe_sv_array(s, e),
           "the first argument of select");
    expect(s, n->kids[1], term(s, n->kids[1], flags), fe_sv_int(s),
           "an array index");
    return e;
  }
  case A_STORE: {
    int e = fe_sv_var(s), a = fe_sv_array(s, e);
    if (!arity_ok(s, n, 3, "builtin")) return a;
    expect(s, n->kids[0], term(s, n->kids[0], flags), a,
           "the first argument of store");
    expect(s, n->kids[1], term(s, n->kids[1], flags), fe_sv_int(s),
           "an array index");
    expect(s, n->kids[2], term(s, n->kids[2], flags), e, "the stored value");
    return a;
  }
  case A_CONST:
    if (!arity_ok(s, n, 1, "builtin")) return fe_sv_array(s, fe_sv_var(s));
    return fe_sv_array(s, term(s, n->kids[0], flags));
  case A_ITE:
    r = fe_sv_var(s);
    if (!arity_ok(s, n, 3, "builtin")) return r;
    expect(s, n->kids[0], term(s, n->kids[0], flags | F_ITE), fe_sv_bool(s),
           "an ite condition");
    expect(s, n->kids[1], term(s, n->kids[1], flags), r, "the then-branch");
    expect(s, n->kids[2], term(s, n->kids[2], flags), r,
           "the else-branch (same sort as the then-branch)");
    return r;
  }
  return fe_sv_var(s);
}

static int term(sema *s, fe_node *n, int flags) {
  if (too_deep(s, n)) return fe_sv_var(s);
  s->depth++;
  n->sv = term_(s, n, flags);
  s->depth--;
  return n->sv;
}

/* A NAME in literal position: relation call, Bool application or variable. */
static void name_lit(sema *s, fe_node *n, int flags) {
  sym *y = lookup(s, n->name);
  if (y && y->kind == S_REL) {
    if (flags & F_AXIOM) {
      fe_error(s->c, n->off, "relation call '%s' in an axiom", n->name);
      return;
    }
    if (flags & F_NEG) {
      fe_error(s->c, n->off, "relation call '%s' under negation", n->name);
      return;
    }
    n->res = R_CALL;
    n->sym = y;
    if (arity_ok(s, n, y->arity, "relation")) args(s, n, y, flags);
    return;
  }
  if (y && y->kind == S_FUN && y->rsort != clp_sort_bool()) {
    fe_error(s->c, n->off,
             "call to fun '%s' in body position (it returns %s, not bool)",
             n->name, clp_sort_str(y->rsort));
    return;
  }
  if (!y && n->call) {
    fe_error(s->c, n->off, "unknown relation or predicate '%s'", n->name);
    return;
  }
  n->sv = name_term(s, n, flags);
  expect(s, n, n->sv, fe_sv_bool(s), "a literal");
}

static void formula(sema *s, fe_node *n, int flags) {
  if (too_deep(s, n)) return;
  s->depth++;
  switch (n->kind) {
  case A_COMMA: case A_AND: case A_SEMI: case A_OR:
    for (int i = 0; i < n->n; i++) formula(s, n->kids[i], flags);
    break;
  case A_NOT: formula(s, n->kids[0], flags | F_NEG); break;
  case A_TRUE: case A_FALSE: break;
  case A_NAME: name_lit(s, n, flags); break;
  default:
    expect(s, n, term(s, n, flags), fe_sv_bool(s), "a literal");
  }
  s->depth--;
}

static void check_rule(sema *s, fe_item *it, scope *sc) {
  s->cur = sc;
  sym *y = lookup(s, it->name);
  bool ok = y && y->kind == S_REL && y->arity == it->head->n;
  for (int i = 0; i < it->head->n; i++) {
    fe_node *a = it->head->kids[i];
    int v = term(s, a, 0);
    if (ok && !fe_sv_unify(s, v, y->svs[i]))
      fe_error(s->c, start(a),
               "sort mismatch: argument %d of '%s' must be %s, not %s", i + 1,
               y->name, fe_sv_str(s, y->svs[i]), fe_sv_str(s, v));
  }
  if (it->body) formula(s, it->body, 0);
}

/* The top-level ',' parts of n (not inside parentheses), appended. */
static int parts(fe_node *n, fe_node ***out, int k) {
  if (n->kind == A_COMMA && !n->paren) {
    for (int i = 0; i < n->n; i++) k = parts(n->kids[i], out, k);
    return k;
  }
  *out = *out ? GROW(fe_node *, *out, k + 1) : NEW_N(fe_node *, 1);
  (*out)[k] = n;
  return k + 1;
}

static bool plain_name(const fe_node *n) {
  return n->kind == A_NAME && !n->call && !n->paren;
}

/* indexed R(V1..Vn) X1..Xm: P1, ..., Pk.  The scope holds V1..Vn, then
 * X1..Xm; a predicate may mention nothing else. */
static void check_indexed(sema *s, fe_item *it, scope *sc) {
  fe_ctx *c = s->c;
  s->cur = sc;
  sym *y = lookup(s, it->name);
  if (!y || y->kind != S_REL) {
    fe_error(c, it->off, "indexed predicates for '%s', which is not a "
             "relation", it->name);
    return;
  }
  if (y->arity != it->head->n) {
    fe_error(c, it->off, "arity mismatch: relation '%s' expects %d "
             "arguments, got %d", it->name, y->arity, it->head->n);
    return;
  }
  for (int i = 0; i < it->head->n; i++) {
    fe_node *a = it->head->kids[i];
    sym *f = plain_name(a) ? lookup(s, a->name) : NULL;
    if (!plain_name(a) || f || sc->n != i || lookup_var(s, a->name) !=
        &sc->v[i]) {
      fe_error(c, start(a), "argument %d of an indexed declaration must be "
               "a variable name not used before in it", i + 1);
      return;
    }
    a->res = R_VAR;
    fe_sv_unify(s, sc->v[i].sv, y->svs[i]);
  }
  fe_node **xs = NULL;
  int nx = it->ivars ? parts(it->ivars, &xs, 0) : 0;
  for (int i = 0; i < nx; i++) {
    int before = sc->n;
    if (!plain_name(xs[i]) || lookup(s, xs[i]->name) ||
        (lookup_var(s, xs[i]->name), sc->n == before)) {
      fe_error(c, start(xs[i]), "an index variable must be a fresh variable "
               "name");
      return;
    }
    expect(s, xs[i], sc->v[before].sv, fe_sv_int(s), "an index variable");
  }
  int nknown = sc->n;
  fe_node **ps = NULL;
  int np = parts(it->body, &ps, 0);
  for (int i = 0; i < np; i++) {
    expect(s, ps[i], term(s, ps[i], F_ITE), fe_sv_bool(s), "a predicate");
    if (sc->n > nknown) {
      fe_error(c, start(ps[i]), "'%s' in a predicate is neither an argument "
               "of '%s' nor an index variable", sc->v[nknown].name, it->name);
      return;
    }
  }
}

static void check_axiom(sema *s, fe_item *it, scope *sc) {
  s->cur = sc;
  formula(s, it->body, F_AXIOM);
}

/* ------------------------------------------------------- pass 3: building */
static const clp_term *build_t(sema *s, fe_node *n);

static const clp_term **build_args(sema *s, fe_node *n) {
  const clp_term **a = NEW_N(const clp_term *, n->n);
  for (int i = 0; i < n->n; i++) a[i] = build_t(s, n->kids[i]);
  return a;
}

static const clp_term *build_t(sema *s, fe_node *n) {
  const clp_term *a, *b, **k;
  switch (n->kind) {
  case A_NUM: return clp_num(n->num);
  case A_TRUE: return clp_true();
  case A_FALSE: return clp_false();
  case A_NAME:
    if (n->res == R_APP)
      return clp_app(((const sym *)n->sym)->fun, build_args(s, n));
    for (int i = 0; i < s->cur->n; i++)
      if (!strcmp(s->cur->v[i].name, n->name)) return s->cur->v[i].term;
    return NULL; /* not reached: checked */
  case A_NEG: return clp_neg(build_t(s, n->kids[0]));
  case A_NOT: return clp_not(build_t(s, n->kids[0]));
  case A_SELECT: k = build_args(s, n); return clp_select(k[0], k[1]);
  case A_STORE: k = build_args(s, n); return clp_store(k[0], k[1], k[2]);
  case A_CONST:
    return clp_const_array(fe_sv_sort(s, n->sv), build_t(s, n->kids[0]));
  case A_ITE: k = build_args(s, n); return clp_ite(k[0], k[1], k[2]);
  case A_COMMA: case A_AND: return clp_and(n->n, build_args(s, n));
  case A_SEMI: case A_OR: return clp_or(n->n, build_args(s, n));
  default: break;
  }
  a = build_t(s, n->kids[0]);
  b = build_t(s, n->kids[1]);
  switch (n->kind) {
  case A_ADD: return clp_add(a, b);
  case A_SUB: return clp_sub(a, b);
  case A_MUL: return clp_mul(a, b);
  case A_DIV: return clp_div(a, b);
  case A_MOD: return clp_mod(a, b);
  case A_EQ: return clp_eq(a, b);
  case A_NE: return clp_not(clp_eq(a, b));
  case A_LT: return clp_lt(a, b);
  case A_LE: return clp_le(a, b);
  case A_GT: return clp_gt(a, b);
  default: return clp_ge(a, b);
  }
}

static const clp_formula *build_f(sema *s, fe_node *n) {
  clp_pos pos = fe_pos(s->c, start(n));
  const clp_formula **k;
  switch (n->kind) {
  case A_COMMA: case A_AND: case A_SEMI: case A_OR:
    k = NEW_N(const clp_formula *, n->n);
    for (int i = 0; i < n->n; i++) k[i] = build_f(s, n->kids[i]);
    return n->kind == A_COMMA || n->kind == A_AND ? clp_f_and(n->n, k, pos)
                                                  : clp_f_or(n->n, k, pos);
  case A_NOT: return clp_f_not(build_f(s, n->kids[0]));
  case A_TRUE: return clp_f_true();
  case A_FALSE: return clp_f_false();
  case A_NE:
    return clp_f_lit(clp_eq(build_t(s, n->kids[0]), build_t(s, n->kids[1])),
                     true, pos);
  case A_NAME:
    if (n->res == R_CALL)
      return clp_f_call(((const sym *)n->sym)->rel, build_args(s, n), pos);
    /* fall through */
  default: return clp_f_lit(build_t(s, n), false, pos);
  }
}

/* Builds the indexed declarations and axioms into rs (sealed: the
 * declaration's argument names become the relation's formals). */
static clp_rs *attach(sema *s, clp_rs *rs) {
  fe_ctx *c = s->c;
  for (int i = 0; i < c->nitems; i++) {
    fe_item *it = c->items[i];
    if (it->kind != I_INDEXED && it->kind != I_AXIOM) continue;
    scope *sc = &s->scopes[i];
    s->cur = sc;
    for (int j = 0; j < sc->n; j++)
      sc->v[j].term = clp_var(sc->v[j].name, fe_sv_sort(s, sc->v[j].sv));
    if (it->kind == I_AXIOM) {
      for (int j = 0; j < sc->n; j++)
        if (fe_sv_sort(s, sc->v[j].sv) != clp_sort_int())
          fe_error(c, it->off, "axiom variable '%s' must be int, not %s",
                   sc->v[j].name, clp_sort_str(fe_sv_sort(s, sc->v[j].sv)));
      clp_rs_add_axiom(rs, build_f(s, it->body));
      continue;
    }
    clp_rel *r = lookup(s, it->name)->rel;
    int n = r->arity, nx = sc->n - n;
    const clp_term **names = NEW_N(const clp_term *, n);
    for (int j = 0; j < n; j++) names[j] = sc->v[j].term;
    const clp_term **xs = NEW_N(const clp_term *, nx);
    for (int j = 0; j < nx; j++) xs[j] = sc->v[n + j].term;
    /* arguments become the formals; an index variable named like a formal
     * (or like a variable of the rule set's own naming) gets primes */
    clp_subst *sub = clp_subst_new();
    for (int j = 0; j < n; j++) clp_subst_add(sub, names[j], r->formals[j]);
    for (int j = 0; j < nx; j++) {
      const clp_term *x = xs[j];
      while (clp_rel_has_formal(r, x)) {
        size_t len = strlen(x->name) + 2;
        char *nm = NEW_ATOMIC_N(char, len);
        snprintf(nm, len, "%s'", x->name);
        x = clp_var(nm, clp_sort_int());
      }
      clp_subst_add(sub, xs[j], x);
      xs[j] = x;
    }
    fe_node **ps = NULL;
    int np = parts(it->body, &ps, 0);
    const clp_term **pt = NEW_N(const clp_term *, np);
    for (int j = 0; j < np; j++) pt[j] = clp_subst_term(sub, build_t(s, ps[j]));
    clp_rel_add_ipreds(r, nx, xs, np, pt);
  }
  return c->nmsgs ? NULL : rs;
}

static clp_rs *build(sema *s) {
  fe_ctx *c = s->c;
  clp_rs *rs = clp_rs_new(c->file);
  for (int i = 0; i < s->norder; i++) {
    sym *y = s->order[i];
    if (y->kind == S_REL) {
      const clp_sort **so = NEW_N(const clp_sort *, y->arity);
      for (int j = 0; j < y->arity; j++) so[j] = fe_sv_sort(s, y->svs[j]);
      y->rel = clp_rs_rel(rs, y->name, y->arity, so,
                          fe_pos(c, y->declared ? y->decl_off : y->off));
      if (!y->rel) fe_error(c, y->off, "cannot declare relation '%s'", y->name);
    } else {
      y->fun = clp_fun_get(y->name, y->arity, y->dom, y->rsort);
      if (!y->fun)
        fe_error(c, y->decl_off,
                 "%s '%s' conflicts with an earlier declaration of that name "
                 "in this process", kind_name(y->kind), y->name);
    }
  }
  if (c->nmsgs) return NULL;
  for (int i = 0; i < c->nitems; i++) {
    fe_item *it = c->items[i];
    if (it->kind != I_RULE) continue;
    scope *sc = &s->scopes[i];
    s->cur = sc;
    for (int j = 0; j < sc->n; j++)
      sc->v[j].term = clp_var(sc->v[j].name, fe_sv_sort(s, sc->v[j].sv));
    const clp_term **head = build_args(s, it->head);
    const clp_formula *body = it->body ? build_f(s, it->body) : clp_f_true();
    clp_rs_add_clause(rs, lookup(s, it->name)->rel, head, body,
                      fe_pos(c, it->off));
  }
  clp_rs_set_goal(rs, lookup(s, s->goal)->rel);
  if (clp_rs_finish(rs) != 0) {
    fe_error(c, s->goal_off, "the rule set has no goal");
    return NULL;
  }
  return attach(s, rs);
}

/* --predicates: the relations of rs, declared with their sorts. */
static void predeclare(sema *s, clp_rs *rs) {
  for (int i = 0; i < rs->nrels; i++) {
    clp_rel *r = rs->rels[i];
    if (lookup(s, r->name)) continue;
    sym *y = sym_new(s, S_REL, r->name, r->arity, 0);
    y->declared = true;
    y->dom = NEW_N(const clp_sort *, r->arity);
    for (int j = 0; j < r->arity; j++) {
      y->dom[j] = r->formals[j]->sort;
      fe_sv_unify(s, y->svs[j], fe_sv_of(s, y->dom[j]));
    }
    y->rel = r;
  }
}

/* Pass 3 for a --predicates file: functions, then the attachments. */
static clp_rs *build_preds(sema *s, clp_rs *rs) {
  fe_ctx *c = s->c;
  for (int i = 0; i < s->norder; i++) {
    sym *y = s->order[i];
    if (y->kind == S_REL) continue;
    y->fun = clp_fun_get(y->name, y->arity, y->dom, y->rsort);
    if (!y->fun)
      fe_error(c, y->decl_off, "%s '%s' conflicts with an earlier declaration "
               "of that name in this process", kind_name(y->kind), y->name);
  }
  return c->nmsgs ? NULL : attach(s, rs);
}

clp_rs *fe_sema(fe_ctx *c, clp_rs *into) {
  sema *s = NEW(sema);
  s->c = c;
  s->scopes = NEW_N(scope, c->nitems);
  if (into) predeclare(s, into);
  for (int i = 0; i < c->nitems; i++) { /* symbols, in text order */
    fe_item *it = c->items[i];
    switch (it->kind) {
    case I_GOAL: case I_RULE: case I_REL:
      if (into) {
        fe_error(c, it->off, "a predicates file holds only indexed, axiom, "
                 "fun and pred items");
        break;
      }
      if (it->kind == I_GOAL) set_goal(s, it);
      else if (it->kind == I_RULE) define(s, it);
      else declare(s, it);
      break;
    case I_INDEXED: case I_AXIOM: break;
    default: declare(s, it);
    }
  }
  for (int i = 0; i < c->nitems; i++) {
    fe_item *it = c->items[i];
    if (it->kind == I_RULE && !into) check_rule(s, it, &s->scopes[i]);
    if (it->kind == I_INDEXED) check_indexed(s, it, &s->scopes[i]);
    if (it->kind == I_AXIOM) check_axiom(s, it, &s->scopes[i]);
  }
  if (into) return c->nmsgs ? NULL : build_preds(s, into);
  if (!s->goal) {
    fe_error(c, 0, "no goal declaration");
  } else {
    sym *g = lookup(s, s->goal);
    if (!g)
      fe_error(c, s->goal_off, "undefined goal '%s'", s->goal);
    else if (g->kind != S_REL)
      fe_error(c, s->goal_off, "goal '%s' is a %s, not a relation", s->goal,
               kind_name(g->kind));
    else if (g->arity != 0)
      fe_error(c, s->goal_off,
               "goal '%s' is not nullary (it has %d arguments)", s->goal,
               g->arity);
  }
  if (c->nmsgs) return NULL;
  return build(s);
}
