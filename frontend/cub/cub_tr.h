/* cub_tr.h -- internals of the translation of a .cub system to a rule set
 * (docs/cub.md "Translation"), shared by cub_trans.c (the state and the
 * rules), cub_form.c (terms, formulas, quantifiers as scan relations) and
 * cub_upd.c (a transition's updates). */
#ifndef CUB_TR_H
#define CUB_TR_H

#include "frontend/cub/cub_ast.h"

/* A value type of the system.  PROCV: a value of type proc (a process
 * variable, var Turn : proc, an element of array A[proc] : proc), one of
 * the run's processes 1..N (docs/cub.md "Translation").  PIDV: a proc
 * value of a state variable or element in a system whose init says that
 * a proc variable differs from every process (init (p) { Home <> p },
 * Cubicle's home nodes): any id, also of no process of the run. */
typedef enum { CT_INTV, CT_BOOLV, CT_PROCV, CT_PIDV, CT_ENUMV, CT_ABSV } cub_tk;
typedef struct cub_cty {
  cub_tk k;
  int nctors;               /* ENUM: values 0..nctors-1 */
} cub_cty;

/* A state variable: var, const or array. */
typedef struct cub_sv {
  const cub_decl *d;
  cub_cty ty;               /* value (element) type */
  const clp_sort *sort;     /* Int/Bool, array(int, .) per dimension */
  const clp_term *pre;      /* the variable in rule bodies */
} cub_sv;

/* A constructor of an enumerated type (or True/False). */
typedef struct cub_ctor {
  const char *name;
  const char *type;         /* the type's name ("bool" for True/False) */
  cub_cty ty;
  const clp_term *val;
} cub_ctor;

typedef struct cub_map cub_map; /* cub_cex.c */

typedef struct cub_tx {
  fe_ctx *c;
  const cub_sys *sys;
  clp_rs *rs;
  clp_rel *reach;           /* Reach(N, state...) */
  const clp_term *N;        /* the number of processes */
  int fixk;                 /* 0: every N >= 1; k >= 1: exactly k processes
                               (N = k; quantifiers and universal updates
                               expanded over 1..k, no auxiliary relation) */
  int nsv; cub_sv *sv;
  int nctors; cub_ctor *ctors;
  /* process variables in scope: name -> term (innermost last) */
  int nenv, capenv;
  const char **envn;
  const clp_term **envt;
  /* variables in scope that a scan relation may need as arguments:
   * N, the state, the bound process variables (innermost last) */
  int nctx, capctx;
  const clp_term **ctx;
  /* the "others" of forall_other/exists_other differ from these */
  int nothers; const clp_term **others;
  const char *where;        /* names scan relations: All_<where>_<k> */
  int nscans;
  int maxnum;               /* the largest #k of the current rule */
  int depth;                /* predicate expansion depth */
  bool failed;              /* an error was reported */
  bool pids;                /* proc state values are CT_PIDV (any id) */
  cub_map *map;             /* for counterexamples */
} cub_tx;

/* ---- cub_trans.c ---- */
/* Reports an error at off and marks the translation failed. */
void cub_err(cub_tx *T, int off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same for an unsupported construct: "unsupported: " and the message,
 * of kind FE_DIAG_UNSUPPORTED. */
void cub_unsup(cub_tx *T, int off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const cub_sv *cub_find_sv(const cub_tx *T, const char *name);
/* A fresh variable named base (or base$k when base is taken). */
const clp_term *cub_fresh(const char *base, const clp_sort *s);
/* v's range as a formula: 0..k-1 (ENUM), 1..N (PROCV), true otherwise. */
const clp_formula *cub_range(const cub_tx *T, cub_cty ty, const clp_term *v);
/* The range of the value t given to a variable of type ty (an assignment,
 * a case branch, an init equation): cub_range, or true when t is known to
 * lie in it where it stands (for proc: #k, a parameter of the rule, a proc
 * state variable or array element of the pre-state). */
const clp_formula *cub_value_range(const cub_tx *T, cub_cty ty, const clp_term *t);

/* ---- cub_form.c ---- */
void cub_env_push(cub_tx *T, const char *name, const clp_term *t, bool ctx);
void cub_env_pop(cub_tx *T, int nenv, int nctx); /* back to these sizes */
const clp_term *cub_env_get(const cub_tx *T, const char *name);
/* Term e (a value); NULL after an error. */
const clp_term *cub_term(cub_tx *T, const cub_expr *e);
/* The atom a (pos) or its negation, without a position. */
const clp_formula *cub_lit(const clp_term *a, bool pos);
/* Formula e (pos) or its negation (!pos), in negation normal form, with
 * quantifiers as scan calls / fresh variables; NULL after an error. */
const clp_formula *cub_form(cub_tx *T, const cub_expr *e, bool pos);
/* The scan relation for "for all k in 1..N other than excl: body(k)":
 * binds name (when not NULL) to a fresh k while fn builds the body;
 * returns the call All(..., 1), NULL after an error.  With T->fixk: the
 * conjunction over k = 1..fixk of (k = an excluded process, or body(k)),
 * fn called once per k with name bound to the number k. */
typedef const clp_formula *(*cub_body_fn)(cub_tx *T, const clp_term *k,
                                          void *arg);
const clp_formula *cub_scan(cub_tx *T, const char *name, int nexcl,
                            const clp_term **excl, cub_body_fn fn, void *arg);
/* The arguments of an auxiliary relation whose rule body is f: N, then
 * the variables in scope (T->ctx) that f uses, in scope order; *out has
 * room for extra more.  Returns their number. */
int cub_scope_args(const cub_tx *T, const clp_formula *f, int extra,
                   const clp_term ***out);
/* Indexed predicates of the scan or update relation r (formals f[0..nf))
 * over its position k, for the indexed engine (docs/cub.md "Scans and
 * updates in the indexed engine"): with x a fresh index variable, k <= x,
 * x <= N, the atoms of step (the rule's step at k) with k := x, and for an
 * update (nv the new value of the cell, out and acc the result and
 * accumulator formals) nv := out[x] and out[x] = acc[x].  r's invariant,
 * forall x. k <= x <= N -> step(x) (and out[x] = acc[x] elsewhere), is then
 * a Boolean function of them; r->ipreds_fixed is set unless an atom of the
 * step has a variable that is not a formal (or the step has a call). */
void cub_aux_preds(clp_rel *r, int nf, const clp_term **f, const clp_term *N,
                   const clp_term *k, const clp_formula *step,
                   const clp_term *nv, const clp_term *out,
                   const clp_term *acc);
/* Is name (a process variable) free in e? */
bool cub_mentions(const cub_expr *e, const char *name);

/* ---- cub_cex.c ---- */
/* What a counterexample printer needs to know of the system of rs: the
 * rules' positions (a transition's name, init, unsafe) and their process
 * variables, the state variables' types. */
typedef struct cub_rule_info {
  clp_pos pos;
  const char *name;         /* transition name; "init", "unsafe" */
  int nparams;
  const char **params;      /* source names */
  const clp_term **vars;    /* their variables in the clause */
  bool renamed;             /* vars follow the merged body (on_rename) */
} cub_rule_info;
struct cub_map {
  const cub_sys *sys;       /* the system and its parse context: the */
  fe_ctx *c;                /* fixed-k translations (fe_cub_instance) */
  int fixk;                 /* the rule set's mode (cub_tx.fixk) */
  bool scalar;              /* the state's arrays as their fixk (fixk^2)
                               elements (cub_scalarize) */
  const clp_rel *reach;
  int nsv; const cub_sv *sv;
  int nctors; const cub_ctor *ctors;
  int nrules, caprules;
  cub_rule_info *rules;
};
/* Makes m the map of rs, which carries it as its clp_back (every
 * translated rule set has one; the renaming of clp_rs_finish, which
 * follows, updates it). */
void cub_cex_register(clp_rs *rs, cub_map *m);
/* The map of rs, NULL when rs is not a .cub rule set. */
cub_map *cub_map_of(const clp_rs *rs);
/* A counterexample of a .cub system as a run: "run of N processes:",
 * then per step "K. TRANSITION(i=1, j=2): X = v, A = [v1, .., vN]" (step 0
 * is init) and "reaches unsafe(x=1, y=2)  FILE:LINE:COL".  Returns false,
 * printing nothing, when rs is not a .cub rule set (of fe_cub_parse_* or
 * fe_cub_instance) or t is not a run. */
bool cub_cex_print(void *FILE_out, const clp_rs *rs, const clp_trace *t,
                   clp_env *const *env);
/* The same run as lines, the one form both the text above and JSON's
 * "run" are printed from (clp_back.cex_lines): per step (0: init) the
 * rule's position, name (func), "TRANSITION(i=1)" (text), the state
 * (names, vals / shown: the values as the text writes them, values: the
 * text), and last the unsafe cube reached, without values.  0 when
 * cub_cex_print would print nothing. */
int cub_cex_lines(const clp_rs *rs, const clp_trace *t, clp_env *const *env,
                  clp_src_line **lines);
/* Records a rule of T's rule set (to be registered). */
void cub_note_rule(cub_map *m, clp_pos pos, const char *name, int n,
                   const char **params, const clp_term **vars);

/* ---- cub_scalar.c ---- */
/* The fixed-k rule set rs (of map m, k = m->fixk) with every array of the
 * state as its elements (docs/cub.md); its map registered, printed by
 * cub_cex_print as rs's.  NULL when a term has another shape. */
clp_rs *cub_scalarize(const clp_rs *rs, cub_map *m, int k);

/* ---- cub_upd.c ---- */
/* The post-state terms post[] (one per state variable, pre when not
 * updated) of transition t's actions, and their side conditions (fresh
 * values' ranges, scans of universal updates) in *cond; false after an
 * error.  The parameters are bound in T's environment. */
bool cub_updates(cub_tx *T, const cub_trans *t, const clp_term **post,
                 const clp_formula **cond);

/* ---- cub_min.c ---- */
/* A set of cubes over n atoms: c[j][i] is 1 (atom i), -1 (its negation)
 * or 0 (absent); the cover denotes the disjunction of its cubes.  Each
 * function below spends at most limit cube operations and returns NULL
 * (false) past them. */
typedef struct cub_cover {
  int n;                    /* atoms */
  int k, cap;               /* cubes */
  signed char **c;
} cub_cover;
/* f (call-free, its atoms among atoms[0..n)) as a cover, fixed[i] (1, -1:
 * the atom's value, 0: free) substituted; NULL also for another atom. */
cub_cover *cub_dnf(const clp_formula *f, int n, const clp_term **atoms,
                   const signed char *fixed, long limit);
/* The complement of f as a cover. */
cub_cover *cub_complement(const cub_cover *f, long limit);
/* Does f cover every assignment? (uses the budget of its caller) */
bool cub_tautology(const cub_cover *f);
/* An irredundant cover of prime cubes g that agrees with on outside dc
 * (on - dc <= g <= on + dc). */
cub_cover *cub_minimise(const cub_cover *on, const cub_cover *dc, long limit);
/* The size of f as printed: literals plus cubes. */
int cub_cover_lits(const cub_cover *f);

/* ---- cub_inv.c ---- */
/* The invariant of the relation rs->rels[i] of a .cub rule set (map m) in
 * Cubicle's syntax (clp_back.inv_line); NULL for any relation but Reach. */
const char *cub_inv_line(const clp_rs *rs, int i, const clp_formula *inv);
/* Prints Reach's invariant as "invariant:" and cub_inv_line's formula, one
 * conjunct or disjunct per line (clp_back.print_inv). */
void cub_inv_print(void *FILE_out, const clp_rs *rs, const clp_formula **inv,
                   const clp_term *const *const *ix, const int *nix);

#endif
