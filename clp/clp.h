/* clp.h -- the CLP(D) intermediate representation (prefix clp_).
 *
 * Everything meets here: every frontend builds a clp_rs, every engine reads
 * one, every export prints one.  All IR lives on the Boehm GC heap and is
 * immutable once built.  Terms are hash-consed: two structurally equal terms
 * are the same pointer, so a primitive constraint (a Bool-sorted term) is
 * usable as a key (the CAR paper's injective [[h]]).
 *
 * Polarity (stated once, used everywhere): P |= goal (the goal is derivable)
 * means an assertion can fail: UNSAFE.  Not derivable: SAFE.
 */
#ifndef CLP_H
#define CLP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clp/mem.h"

/* ---------------------------------------------------------------- positions */
typedef struct clp_pos {
  const char *file; /* NULL when synthesised */
  int line, col;    /* 1-based; 0 when unknown */
} clp_pos;

extern const clp_pos clp_nopos;

/* -------------------------------------------------------------------- sorts */
typedef enum { CLP_S_BOOL, CLP_S_INT, CLP_S_ARRAY } clp_sort_kind;

typedef struct clp_sort {
  clp_sort_kind kind;
  const struct clp_sort *index; /* ARRAY: index sort (always Int today) */
  const struct clp_sort *elem;  /* ARRAY: element sort (Int, Bool or ARRAY) */
  unsigned id;                  /* unique per distinct sort */
} clp_sort;

/* Contract: sorts are unique; compare with ==. */
const clp_sort *clp_sort_bool(void);
const clp_sort *clp_sort_int(void);
const clp_sort *clp_sort_array(const clp_sort *index, const clp_sort *elem);
/* Prints "Bool", "Int", "(Array Int Int)" (SMT-LIB spelling). */
const char *clp_sort_str(const clp_sort *s);

/* ---------------------------------------------------- uninterpreted symbols */
typedef struct clp_fun {
  const char *name;
  int arity;
  const clp_sort **dom; /* arity argument sorts */
  const clp_sort *range;/* Bool range: an uninterpreted predicate (isInt) */
  unsigned id;
} clp_fun;

/* Contract: one clp_fun per name; a second call with the same name and the
 * same signature returns the same pointer, a different signature returns NULL. */
const clp_fun *clp_fun_get(const char *name, int arity, const clp_sort **dom,
                           const clp_sort *range);

/* -------------------------------------------------------------------- terms */
typedef enum {
  /* leaves */
  CLP_VAR,   /* name, label, sort */
  CLP_NUM,   /* Int constant (num) */
  CLP_TRUE, CLP_FALSE,
  /* Int-valued */
  CLP_ADD,   /* n-ary, n >= 2, linear normal form (see below) */
  CLP_MUL,   /* binary: kids[0] is a CLP_NUM coefficient, or nonlinear x*y */
  CLP_DIV, CLP_MOD, /* SMT-LIB div/mod (Euclidean); binary */
  /* any sort */
  CLP_ITE,    /* kids: cond (Bool), then, else */
  CLP_SELECT, /* kids: array, index */
  CLP_STORE,  /* kids: array, index, value */
  CLP_CONST_ARRAY, /* kids: default value; sort gives the array sort */
  CLP_APP,    /* uninterpreted function/predicate application (fun) */
  /* Bool-valued: primitive constraints when at top of a literal */
  CLP_EQ,     /* binary, kids of equal sort */
  CLP_LE,     /* binary Int: kids[0] <= kids[1] */
  CLP_NOT, CLP_AND, CLP_OR  /* Bool connectives INSIDE terms (ite conditions,
                               Bool arguments); formulas never have them at top */
} clp_op;

typedef struct clp_term {
  clp_op op;
  const clp_sort *sort;
  unsigned id;            /* unique, dense, creation order: usable as a key */
  int n;                  /* number of kids */
  const struct clp_term **kids;
  int64_t num;            /* CLP_NUM */
  const char *name;       /* CLP_VAR */
  int label;              /* CLP_VAR: 0 = plain; >0 = copy of the variable for
                             trace node (label-1) (the paper's x^s) */
  const clp_fun *fun;     /* CLP_APP */
} clp_term;

/* Smart constructors.  Contract: the result is hash-consed and normalised:
 *  - constants fold (3+4 -> 7, 1<=2 -> true, x=x -> true, ite(true,a,b) -> a);
 *  - Int arithmetic is kept as a linear sum c0 + c1*t1 + ... with the
 *    non-constant summands sorted by term id and coefficients merged;
 *  - a<b over Int is built as a+1<=b; a>=b as b<=a; a>b as b+1<=a;
 *  - an Int comparison is normalised to  lin <= k  /  lin = k  with the
 *    constant on the right and the gcd of the coefficients divided out
 *    (rounding k down for <=), and for = the first coefficient positive;
 *  - an equation between Bool terms stays EQ.
 * Ill-sorted arguments are a programming error (assert); frontends check
 * sorts first and report positions. */
const clp_term *clp_var(const char *name, const clp_sort *s);
const clp_term *clp_var_labelled(const clp_term *var, int label);
const clp_term *clp_num(int64_t k);
const clp_term *clp_true(void);
const clp_term *clp_false(void);
const clp_term *clp_bool(bool b);
const clp_term *clp_add(const clp_term *a, const clp_term *b);
const clp_term *clp_sub(const clp_term *a, const clp_term *b);
const clp_term *clp_neg(const clp_term *a);
const clp_term *clp_mul(const clp_term *a, const clp_term *b);
const clp_term *clp_div(const clp_term *a, const clp_term *b);
const clp_term *clp_mod(const clp_term *a, const clp_term *b);
/* Euclidean (SMT-LIB) division: q, r with a = q*b + r, 0 <= r < |b|;
 * false on b == 0 or overflow.  Shared by the normaliser, clp_eval and
 * the explicit search (etc_explore.c). */
bool clp_euclid(int64_t a, int64_t b, int64_t *q, int64_t *r);
/* An Int term as c0 + c[0]*t[0] + ... (sums and constant products
 * unfolded; the summands neither sorted nor merged): clp_lin_add adds
 * k * t to l (start from a zeroed clp_lin); ovf is set, and l no longer
 * meaningful, when a coefficient overflows int64. */
typedef struct clp_lin {
  int64_t c0;              /* constant part */
  int n, cap;              /* summands */
  const clp_term **t;
  int64_t *c;
  bool ovf;                /* a coefficient overflowed */
} clp_lin;
void clp_lin_add(clp_lin *l, const clp_term *t, int64_t k);
const clp_term *clp_ite(const clp_term *c, const clp_term *t, const clp_term *e);
const clp_term *clp_select(const clp_term *a, const clp_term *i);
const clp_term *clp_store(const clp_term *a, const clp_term *i, const clp_term *v);
const clp_term *clp_const_array(const clp_sort *array_sort, const clp_term *dflt);
const clp_term *clp_app(const clp_fun *f, const clp_term **args);
const clp_term *clp_eq(const clp_term *a, const clp_term *b);
const clp_term *clp_le(const clp_term *a, const clp_term *b);
const clp_term *clp_lt(const clp_term *a, const clp_term *b);  /* a+1 <= b */
const clp_term *clp_ge(const clp_term *a, const clp_term *b);  /* b <= a */
const clp_term *clp_gt(const clp_term *a, const clp_term *b);  /* b+1 <= a */
const clp_term *clp_not(const clp_term *a);   /* not(not a) = a; folds consts */
const clp_term *clp_and(int n, const clp_term **a);
const clp_term *clp_or(int n, const clp_term **a);

/* Generic rebuild through the smart constructors (used by substitution and
 * by converters): op and sort as in clp_term, kids as given. */
const clp_term *clp_mk(clp_op op, const clp_sort *sort, int n,
                       const clp_term **kids, const clp_fun *fun);

/* Number of distinct terms made so far (ids are < this). */
unsigned clp_term_count(void);

/* ------------------------------------------------------------- substitution */
/* A substitution maps variables (by pointer) to terms.  GC-allocated. */
typedef struct clp_subst clp_subst;
clp_subst *clp_subst_new(void);
void clp_subst_add(clp_subst *s, const clp_term *var, const clp_term *t);
const clp_term *clp_subst_get(const clp_subst *s, const clp_term *var);
/* Contract: replaces every variable bound in s; rebuilds through the smart
 * constructors, so equal inputs give the same (hash-consed) output. */
const clp_term *clp_subst_term(const clp_subst *s, const clp_term *t);
/* Substitution formals[i] := args[i] (the paper's h[x := t]). */
const clp_term *clp_subst_args(const clp_term *t, int n,
                               const clp_term **formals, const clp_term **args);
/* Every variable v (label 0) becomes clp_var_labelled(v, label). */
const clp_term *clp_term_label(const clp_term *t, int label);

/* Free variables.  Contract: appends each distinct variable once (in first
 * occurrence order) to *vars (GC array grown as needed); returns new count. */
int clp_term_vars(const clp_term *t, const clp_term ***vars, int n, int *cap);

bool clp_is_atom(const clp_term *t); /* Bool-sorted and not NOT/AND/OR/TRUE/FALSE */

/* ----------------------------------------------------------------- formulas */
typedef enum {
  CLP_F_TRUE, CLP_F_FALSE,
  CLP_F_LIT,   /* atom, neg: a primitive constraint or its negation */
  CLP_F_AND, CLP_F_OR,
  CLP_F_CALL   /* relation atom r(t...) -- positive positions only */
} clp_fkind;

struct clp_rel;

typedef struct clp_formula {
  clp_fkind kind;
  clp_pos pos;
  int id;                         /* preorder index within its rule body,
                                     set by clp_rs_finish; -1 otherwise */
  const clp_term *atom; bool neg; /* LIT: atom satisfies clp_is_atom */
  int n;                          /* AND/OR: kids; CALL: number of args */
  const struct clp_formula **kids;/* AND/OR */
  const struct clp_rel *rel;      /* CALL */
  const clp_term **args;          /* CALL: rel->arity terms */
} clp_formula;

/* Formula builders.  Contract: clp_f_lit of a Bool term pushes negation and
 * splits top-level AND/OR/NOT/TRUE/FALSE into formula structure, so a LIT
 * always holds an atom; f_and/f_or flatten nested nodes of the same kind and
 * drop TRUE (AND) / FALSE (OR) units, return the unit for n = 0. */
const clp_formula *clp_f_true(void);
const clp_formula *clp_f_false(void);
const clp_formula *clp_f_lit(const clp_term *b, bool neg, clp_pos pos);
const clp_formula *clp_f_and(int n, const clp_formula **kids, clp_pos pos);
const clp_formula *clp_f_or(int n, const clp_formula **kids, clp_pos pos);
const clp_formula *clp_f_and2(const clp_formula *a, const clp_formula *b);
const clp_formula *clp_f_or2(const clp_formula *a, const clp_formula *b);
const clp_formula *clp_f_not(const clp_formula *f); /* call-free f only: NNF */
const clp_formula *clp_f_implies(const clp_formula *a, const clp_formula *b);
const clp_formula *clp_f_call(const struct clp_rel *r, const clp_term **args,
                              clp_pos pos);
/* Substitution/labelling lifted to formulas (calls' args are substituted). */
const clp_formula *clp_f_subst(const clp_subst *s, const clp_formula *f);
const clp_formula *clp_f_subst_args(const clp_formula *f, int n,
                                    const clp_term **formals,
                                    const clp_term **args);
const clp_formula *clp_f_label(const clp_formula *f, int label);
int clp_f_vars(const clp_formula *f, const clp_term ***vars, int n, int *cap);
/* Distinct atoms of f (LIT atoms only, not call args), first occurrence order. */
int clp_f_atoms(const clp_formula *f, const clp_term ***atoms, int n, int *cap);
bool clp_f_has_call(const clp_formula *f);
/* The one walker over calls: fn(ctx, c) for every CALL node c of f, in
 * preorder (left to right, under AND and OR alike); a visit returning true
 * stops the walk, and clp_f_calls then returns true (false: all visited). */
typedef bool (*clp_call_fn)(void *ctx, const clp_formula *call);
bool clp_f_calls(const clp_formula *f, clp_call_fn fn, void *ctx);
/* Sets out[c->id] for every relation c called in f (ids in [0, nrels) of
 * its rule set); clp_f_calls_rel: does f call r? */
void clp_f_callees(const clp_formula *f, bool *out);
bool clp_f_calls_rel(const clp_formula *f, const struct clp_rel *r);
/* Is g (pointer identity) f or a node of f's and/or tree? */
bool clp_f_contains(const clp_formula *f, const clp_formula *g);
/* f with every call c(t) replaced by inv[c->id][formals_c := t]: a
 * call-free formula when inv[] is. */
const clp_formula *clp_f_inline_calls(const clp_formula *f,
                                      const clp_formula **inv);
/* Appends to *fs (n so far) each uninterpreted function of f not yet
 * listed, in first-occurrence order; returns the new count. */
int clp_f_funs(const clp_formula *f, const clp_fun ***fs, int n);
/* Call-free and over the given variables only (e.g. a relation's formals). */
bool clp_f_over(const clp_formula *f, int n, const clp_term **vars);
bool clp_term_over(const clp_term *t, int n, const clp_term **vars);
bool clp_f_equal(const clp_formula *a, const clp_formula *b); /* structural */

/* -------------------------------------------------------- relations & rules */
typedef struct clp_rel {
  const char *name;
  int id;                      /* index in its rule set */
  int arity;
  const clp_term **formals;    /* arity distinct label-0 variables */
  const clp_formula *body;     /* the ONE defining rule r(formals) :- body */
  const struct clp_rel *base;  /* variant of which relation (self for P) */
  clp_pos pos;                 /* first definition / declaration */
  int nlocals;                 /* vars(body) \ formals, set by finish */
  const clp_term **locals;
  bool internal;               /* added by a loader, not in the input (the
                                  smt2 goal wrapper query_goal): no model */
  /* Indexed predicates (the indexed engine, docs/clp.md): Int index
   * variables (never formals) and Bool terms over formals and index
   * variables; gamma(psi) = forall index. psi[ipreds].  0/NULL: none.
   * The given ones, set while the rule set is built (a frontend, the
   * --predicates file); the indexed engine copies them into its own side
   * table (indexed/idx_preds.h) and adds what it discovers there. */
  int nindex; const clp_term **index;
  int nipreds; const clp_term **ipreds;
  bool ipreds_fixed;           /* the predicates are complete by
                                  construction (a frontend's scan or update
                                  relation): discovery adds none */
} clp_rel;

typedef struct clp_rs {
  int nrels;
  clp_rel **rels;              /* rels[i]->id == i */
  const clp_rel *goal;         /* nullary */
  const char *file;            /* input name, for messages */
  /* Reserved for systems (indexed engine): index variables, axioms, given
   * predicates; NULL/0 for programs. */
  int nindex; const clp_term **index_vars;
  int naxioms; const clp_formula **axioms;  /* call-free; free variables
                                  (Int) universally quantified; only the
                                  indexed engine reads them */
  int npreds; const clp_term **preds;
  bool smt2;                   /* read from SMT-LIB (fe_smt2_parse_*):
                                  division by zero is total */
  const struct clp_back *back; /* answers back in the input language (set
                                  by a frontend), NULL: the IR's printing */
  struct clp_rs_build *build;  /* private to clp/rules.c: clauses not yet
                                  merged by clp_rs_finish (NULL otherwise) */
} clp_rs;

/* Back-translation: how a frontend prints answers on its rule set in the
 * input language (counterexamples, invariants, witnesses, readable names).
 * The frontend fills one and the rule set carries it (rs->back); the
 * reporter calls through it and never asks which language it came from.
 * Every member may be NULL: the reporter's generic form (the IR) then. */
struct clp_trace;
struct clp_env;
struct clp_value;
typedef struct clp_src_line {  /* a counterexample line in the source */
  const char *file;
  int line, col;             /* col: the line's first literal (1-based) */
  const char *func;          /* the function the line belongs to */
  const char *text;          /* the source line, trimmed */
  const char *values;        /* "x=5, __VERIFIER_nondet_int()=5" or "" */
  int nvals;                 /* the same as pairs, in order: */
  const char **names;        /* "x", "a[2]", "__VERIFIER_nondet_int()" */
  const struct clp_value **vals;
  const char **shown;        /* NULL, or per value: its text in the input's
                                terms (an enum constant, an array's
                                elements) when vals[i] (then NULL) cannot
                                say it */
  bool *read;                /* the variable is read here, not defined */
  bool *input;               /* the value is a nondeterministic input */
  int nenter;                /* user functions entered from this line: */
  const char **enter;        /* their names */
  clp_pos *enter_pos;        /* the calls' positions */
} clp_src_line;
typedef struct clp_back {
  const void *data;          /* the frontend's map back to its source */
  /* Called by clp_rs_finish once per clause with the substitution from
   * the clause's variables to those of the merged body (formals, fresh
   * "name$k"), so that source information keyed by variable follows the
   * renaming.  vars: the clause's variables. */
  void (*on_rename)(const void *data, const clp_subst *s, int nvars,
                    const clp_term **vars);
  /* The counterexample t (env[k]: values of node k) in the input's terms;
   * false when it cannot (nothing printed: the generic tree then). */
  bool (*print_cex)(void *FILE_out, const struct clp_rs *rs,
                    const struct clp_trace *t, struct clp_env *const *env);
  /* The invariants (inv[i] of rs->rels[i]) in the input's terms; ix[i]
   * (nix[i] of them): the index variables over which inv[i] holds for
   * all values (the indexed engine's, from its own table). */
  void (*print_inv)(void *FILE_out, const struct clp_rs *rs,
                    const clp_formula **inv, const clp_term *const *const *ix,
                    const int *nix);
  /* One relation's invariant over the input's names, no newline; NULL
   * when the relation has none to show (an auxiliary relation). */
  const char *(*inv_line)(const struct clp_rs *rs, int i,
                          const clp_formula *inv);
  const char *inv_key;       /* the JSON member of inv_line's text ("c") */
  /* The counterexample as source lines (C) or steps of a run (.cub), in
   * execution order, the form print_cex prints; their count. */
  int (*cex_lines)(const struct clp_rs *rs, const struct clp_trace *t,
                   struct clp_env *const *env, clp_src_line **lines);
  const char *cex_key;       /* the lines' name in JSON (NULL: "source") */
  /* Writes a verification witness (SV-COMP format) to path; 0 or -1. */
  int (*witness)(const char *path, const struct clp_rs *rs, bool safe,
                 const clp_formula **inv, const struct clp_trace *t,
                 struct clp_env *const *env, const char *version,
                 const char *data_model);
} clp_back;

/* Builder.  Contract: clp_rs_rel declares (or finds by name) a relation with
 * the given argument sorts; NULL if the name exists with another signature.
 * clp_rs_add_clause adds one Horn clause  r(heads) :- body : head arguments
 * may be arbitrary terms; clauses with the same head are merged into one
 * disjunction over canonical formals, each clause's variables renamed apart
 * (fresh names "name$k") and its head arguments equated to the formals.
 * Relations that never get a clause have body false. */
clp_rs *clp_rs_new(const char *file);
clp_rel *clp_rs_rel(clp_rs *rs, const char *name, int arity,
                    const clp_sort **sorts, clp_pos pos);
clp_rel *clp_rs_find(const clp_rs *rs, const char *name);
/* Is the variable v one of r's formals?  Are all variables of t among
 * them (true for a ground t)? */
bool clp_rel_has_formal(const clp_rel *r, const clp_term *v);
bool clp_rel_over_formals(const clp_rel *r, const clp_term *t);
/* Can r reach itself through one or more calls (any call, in any
 * disjunct; relations with an id outside [0, nrels) are not entered)?
 * clp_rs_recursive: that answer for every relation of rs, by id (a fresh
 * array of rs->nrels). */
bool clp_rel_recursive(const clp_rel *r, int nrels);
bool *clp_rs_recursive(const clp_rs *rs);
/* Attaches indexed predicates to r (docs/clp.md "Indexed predicates"),
 * while the rule set is built (afterwards it is immutable):
 * index variables are merged by pointer, predicates deduplicated, constants
 * dropped.  Contract: preds are Bool terms over r's formals and the index
 * variables (the caller checks). */
void clp_rel_add_ipreds(clp_rel *r, int nindex, const clp_term **index,
                        int npreds, const clp_term **preds);
/* Adds a universally closed axiom (its free variables) to rs. */
void clp_rs_add_axiom(clp_rs *rs, const clp_formula *ax);
void clp_rs_add_clause(clp_rs *rs, clp_rel *r, const clp_term **head_args,
                       const clp_formula *body, clp_pos pos);
void clp_rs_set_goal(clp_rs *rs, const clp_rel *goal);
/* Seals the rule set: builds each body (single clause: formals are the
 * clause's own head variables when they are distinct variables, so names are
 * kept), numbers formula nodes (clp_formula.id, preorder per body), computes
 * locals.  Returns 0, or -1 when there is no goal. */
int clp_rs_finish(clp_rs *rs);
/* A rule set whose relations are given directly with formals and body
 * (used for traces and by transformations): rels get ids in order. */
clp_rs *clp_rs_direct(int nrels, clp_rel **rels, const clp_rel *goal);

/* The same query without uninterpreted symbols: each function with Int
 * arguments becomes an array variable (ufthread.c) threaded through every
 * relation as an extra last argument and left free under a new nullary goal
 * "goal$uf" (so: derivable under SOME interpretation, as car reads it).
 * Returns rs itself when it has none, NULL when some function has a
 * non-Int argument. */
clp_rs *clp_rs_thread_funs(const clp_rs *rs);

/* -------------------------------------------------------------------- trace */
/* A trace (CAR paper §3.1) as a tree of rule instances.  Node 0 instantiates
 * the goal.  Each node commits to one disjunct of every OR on its path, so
 * its body is a conjunction of literals and calls. */
typedef struct clp_tnode {
  const clp_rel *rel;              /* relation of P it instantiates */
  int nlits;  const clp_formula **lits;   /* LIT nodes of rel->body, committed */
  int ncalls; const clp_formula **calls;  /* CALL nodes of rel->body, committed */
  int *child;                      /* child[k]: node index bound to calls[k] */
} clp_tnode;

typedef struct clp_trace {
  int n;
  clp_tnode *nodes;                /* nodes[0]: the goal */
} clp_trace;

/* Contract: a string that identifies the concrete trace (relations,
 * committed literal/call ids, tree shape); equal keys <=> same trace. */
const char *clp_trace_key(const clp_trace *t);
/* The trace as a rule set T: relation k is a variant of nodes[k].rel
 * (base set, same formals, body = AND of the committed lits and calls
 * retargeted to the child variants), named "<rel>#k"; goal is variant 0. */
clp_rs *clp_trace_rs(const clp_trace *t);

/* ----------------------------------------------------------- concrete values */
/* Int values are 128-bit: models hold values beyond 2^63 (sums of
 * constants near 2^63, unconstrained variables) and the evaluator computes
 * exactly in [-2^127, 2^127); beyond that it answers "cannot evaluate". */
__extension__ typedef __int128 clp_vint;

typedef enum { CLP_V_INT, CLP_V_BOOL, CLP_V_ARRAY } clp_vkind;
typedef struct clp_value {
  clp_vkind kind;
  clp_vint i;                  /* INT */
  bool b;                      /* BOOL */
  const struct clp_value *dflt;/* ARRAY: value at every index not listed */
  int n;                       /* ARRAY: explicit entries, keys ascending */
  const clp_vint *keys;
  const struct clp_value **vals;
} clp_value;

const clp_value *clp_v_int(clp_vint i);
const clp_value *clp_v_bool(bool b);
const clp_value *clp_v_array(const clp_value *dflt, int n, const clp_vint *keys,
                             const clp_value **vals); /* copies, sorts, dedups */
/* The array a with key mapped to v (a store on values). */
const clp_value *clp_v_store(const clp_value *a, clp_vint key,
                             const clp_value *v);
/* i in decimal (GC string); clp_v_parse reads an optional '-' and digits,
 * false when s is not such a number or out of range. */
const char *clp_vint_str(clp_vint i);
bool clp_vint_parse(const char *s, clp_vint *out);
bool clp_v_equal(const clp_value *a, const clp_value *b); /* extensional */
const clp_value *clp_v_at(const clp_value *a, clp_vint k); /* a[k] */
const char *clp_v_str(const clp_value *v);

/* An interpretation of uninterpreted functions: finite table + else value. */
typedef struct clp_funinterp {
  const clp_fun *fun;
  int n; const clp_value ***args; const clp_value **vals;
  const clp_value *els;
} clp_funinterp;

/* Environment for evaluation: variable -> value, fun -> interpretation. */
typedef struct clp_env clp_env;
clp_env *clp_env_new(void);
void clp_env_set(clp_env *e, const clp_term *var, const clp_value *v);
const clp_value *clp_env_get(const clp_env *e, const clp_term *var);
void clp_env_set_fun(clp_env *e, const clp_funinterp *fi);

/* The functions that give x div 0 and x mod 0 (SMT-LIB leaves them
 * unspecified): named "div/0" and "mod/0" (no input can name them), Int ->
 * Int of the dividend.  clp_eval reads a division by zero from the
 * environment's interpretation of these; without one it cannot evaluate. */
const clp_fun *clp_fun_div0(void);
const clp_fun *clp_fun_mod0(void);

/* Concrete evaluator, independent of Z3 (the certificate checker relies on
 * it).  Contract: returns NULL -- "cannot evaluate" -- on an unbound
 * variable or function, a result outside 128 bits, or a division by zero
 * when e interprets no clp_fun_div0/mod0 (etc/etc.h); otherwise the exact
 * value (SMT-LIB div/mod semantics: Euclidean, remainder >= 0). */
const clp_value *clp_eval(const clp_term *t, const clp_env *e);
/* How many divisions by zero clp_eval met without an interpretation so far
 * (a caller that sees its evaluation fail can tell this cause apart). */
long clp_eval_div0_misses(void);
/* The reason of an `unknown` whose only derivations divide by zero in
 * SMT-LIB input (the value of x div 0 is unspecified there). */
extern const char clp_why_div0[];

/* ----------------------------------------------------------------- printing */
/* Paper-like ASCII syntax accepted by the .clp frontend (docs/clp.md):
 * x + 2*y <= 3, select(a, i), store(a, i, v), ite(c, a, b), f(x), x = y,
 * !(x = y), !b, conjunction "a, b", disjunction "a ; b" (parenthesised
 * inside a conjunction).  Int comparisons print with negative summands moved
 * across: x + 1 <= y.  A labelled variable prints x@label (trace output
 * only, not parsable).  Results are GC strings. */
const char *clp_term_str(const clp_term *t);
const char *clp_f_str(const clp_formula *f);
/* Whole rule set in .clp syntax (re-parsable by the .clp frontend). */
void clp_rs_print(const clp_rs *rs, void *FILE_out);
/* Contract: prints the sealed rule set rs as an SMT-LIB 2 HORN script (the
 * CHC-COMP format, docs/cli.md --emit=smt2) to FILE_out: (set-logic HORN), a
 * declare-fun per uninterpreted function and per relation (Bool range), one
 * (assert (forall (VARS) (=> BODY (R formals)))) per disjunct of each
 * relation's rule (false disjuncts omitted), the query
 * (assert (=> GOAL false)) and (check-sat).  z3 answers sat iff the goal is
 * not derivable (car: safe).
 * Names that are not plain SMT-LIB symbols are |quoted|; names that clash
 * with SMT-LIB reserved words/theory symbols or with each other are renamed
 * with a "!k" suffix. */
const char *clp_rs_print_smt2(const clp_rs *rs, void *FILE_out);
/* (Uninterpreted functions and predicates are exported threaded as array
 * arguments, clp_rs_thread_funs.  Returns NULL; or, printing nothing, the
 * name of one with a non-Int argument, which cannot be threaded.) */

/* Contract: a safe answer's invariants as a self-contained SMT-LIB 2
 * script that z3 and cvc5 read (docs/cli.md, --certificate), to FILE_out:
 * (set-option :global-declarations true), (set-logic ALL), a declare-fun
 * per uninterpreted function, a define-fun per relation whose body is
 * inv[i] (under (forall ...) over the index variables ix[i][0..nix[i])
 * that occur in it; ix NULL: none), then one check per clause of the rule
 * set (the clauses --emit=smt2 prints, calls being the define-funs) and
 * the query (not GOAL):
 *   (echo "clause K: KIND R at FILE:L:C") AXIOMS (assert (not CLAIM))
 *   (check-sat) (reset-assertions)
 * KIND initiation (no call), consecution, safety (head: the goal), query;
 * AXIOMS: rs's axioms asserted universally closed.  Every check is unsat
 * iff the invariants are inductive and the goal's is unsatisfiable (under
 * the axioms).  Names as clp_rs_print_smt2's.  Returns the number of
 * checks, or -1, printing nothing, when some inv[i] is missing, has a call
 * or a free variable other than r's formals and ix[i]. */
int clp_rs_print_smt2_cert(const clp_rs *rs, const clp_formula **inv,
                           const clp_term *const *const *ix, const int *nix,
                           void *FILE_out);

/* Contract: the call-free formula f in strict SMT-LIB 2 (negative numbers
 * as (- k), and/or/not, =, <=, select/store/...), on the GC heap, with
 * formals[i] printed as names[i] (verbatim: the caller picks valid symbols);
 * other variables get their own names, |quoted| when not plain, never
 * clashing with names[] or reserved words.  NULL when f contains a call.
 * (CHC-COMP models, driver/report.c.) */
const char *clp_f_smt2(const clp_formula *f, int n, const clp_term **formals,
                       const char **names);
/* Contract: name as an SMT-LIB symbol: itself when plain
 * ([A-Za-z_][A-Za-z0-9_.]* and not reserved), else |name| (the same symbol;
 * '|' and '\\', which no symbol can hold, become '_'). */
const char *clp_smt2_symbol(const char *name);

/* ------------------------------------------------------------------- files */
/* ----------------------------------------------------------------- deadline */
/* One process-wide deadline for --timeout.  clp_deadline_set(0) = none. */
void clp_deadline_set(double seconds_from_now);
bool clp_expired(void);
double clp_remaining(void);   /* seconds; a large number when no deadline */
double clp_now(void);         /* monotonic seconds */
/* Budgets that must not depend on the machine's load (a heuristic's share
 * of a run, whose outcome changes the run) count the process's CPU
 * seconds: clp_cpu_now().  clp_wall_cap(u) is the clp_now() time that
 * caps a Z3 query of such a budget ending at CPU time u: 10x the CPU
 * seconds left, so a loaded machine does not cut the query short. */
double clp_cpu_now(void);
double clp_wall_cap(double cpu_until);

/* The one timing helper: a phase's seconds, added to a statistic.
 *   clp_timer t = clp_timer_start();  ...  clp_timer_add(t, &st->t_refine);
 * clp_timer_add returns the seconds it added; clp_timer_secs reads them. */
typedef struct clp_timer { double t0; } clp_timer;
static inline clp_timer clp_timer_start(void) {
  clp_timer t = {clp_now()};
  return t;
}
static inline double clp_timer_secs(clp_timer t) { return clp_now() - t.t0; }
static inline double clp_timer_add(clp_timer t, double *acc) {
  double d = clp_now() - t.t0;
  *acc += d;
  return d;
}

/* The deepest nesting of brackets ( [ { a frontend accepts, in every input
 * language (docs/cli.md): deeper input gets the positioned error "nesting
 * deeper than CLP_NEST_MAX" at the bracket that opens level
 * CLP_NEST_MAX + 1.  Frontends also check clp_expired() while they read
 * tokens: past the deadline they stop and return NULL without a message
 * (the driver reports unknown, reason timeout). */
#define CLP_NEST_MAX 1000

/* Contract: a GC string formatted as printf formats (clp_vfmt: from a
 * va_list, which it consumes). */
const char *clp_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *clp_vfmt(const char *fmt, va_list ap);

#endif
