/* c_trans.h -- private to the C translation (prefix ct_): c_trans.c
 * (functions, statements, loops), c_blk.c (straight-line blocks, exits and
 * their folding into formulas), c_expr.c (expressions, types, wrapping,
 * builtins), c_cex.c (the source map and the counterexample printer).
 *
 * Model (docs/c.md): every variable of a function is a slot; the state at a
 * program point is an environment env[slot] of terms (SSA: an assignment
 * makes a fresh variable).  A block is a list of items in execution order:
 * constraints, and exits (error, break, continue, return, goto) that leave
 * the block at that point with the state they carry.  Folding a block for
 * one exit kind gives a formula linear in the block's size. */
#ifndef C_TRANS_H
#define C_TRANS_H

#include "frontend/c/c_ast.h"
#include "frontend/c/c_back.h"

enum { CT_ERR, CT_BREAK, CT_CONT, CT_RET, CT_GOTO, CT_C = -1 };

typedef struct ct_slot {
  const char *name;          /* unique in the function: C name or name$k */
  const char *cname;         /* the source name */
  c_type type;
  const clp_sort *sort;      /* Int, (Array Int Int), (Array Int (Array ..)) */
  bool global;
  bool active;               /* in scope at the current point */
  bool rdrange;              /* uninitialised local array: assume each
                                element read is in the type's range */
  const clp_term *ph;        /* placeholder value before its declaration */
} ct_slot;

typedef struct ct_item {
  int kind;                  /* CT_C: a constraint; else an exit kind */
  const clp_formula *f;      /* the constraint / the exit's condition */
  const clp_term **env;      /* exits but CT_ERR: the state at the exit */
  const clp_term *rv;        /* CT_RET: the returned value (or NULL) */
  const char *label;         /* CT_GOTO */
  clp_pos pos;
} ct_item;

typedef struct ct_blk {
  int n, cap;
  ct_item *items;
  const clp_term **env;      /* the state on the normal path */
  bool dead;                 /* the normal path is false */
} ct_blk;

/* An exit of a block folded into one formula with a merged state. */
typedef struct ct_exit {
  const clp_formula *f;      /* false: no such exit */
  const clp_term **env;
  const clp_term *rv;
} ct_exit;

typedef struct ct_finfo {    /* a user function with a body */
  const c_func *f;
  clp_rel *E, *T;
  bool reached;
  int nmod; const char **mod; /* globals it may modify (transitively) */
} ct_finfo;

typedef struct ct_ctx {
  const c_unit *u;
  clp_rs *rs;
  int errors;
  const char *last_error;   /* the last message (a repeat is dropped) */
  fe_diags *out;             /* the diagnostics */
  int fresh;                 /* counter for fresh names */
  int nfi; ct_finfo *fi;
  struct c_srcmap *map;
  int nglob; ct_slot *glob;  /* the globals, in order */
  const clp_term **ginit;    /* their initial values */
  bool forward;              /* loops as forward invariants (experiment) */
} ct_ctx;

typedef struct ct_loop {     /* loop (or switch) being translated */
  struct ct_loop *up;
} ct_loop;

typedef struct ct_fn {       /* the function being translated */
  ct_ctx *cx;
  const c_func *f;
  const char *fname;
  int nslots, cap;
  ct_slot *slots;
  int nscope, capscope;      /* scope stack: names visible, innermost last */
  int *scope;                /* slot indices */
  int nloops;                /* counter for loop relation names */
  int nlabels; const char **labels; /* goto labels seen (mode numbers) */
  int nstuck; const char **stuck;    /* labels of "L: goto L;" */
  int nin; const clp_term **in;      /* E_f's formals */
  struct ct_blk *root;               /* the block of the function body */
} ct_fn;

/* ------------------------------------------------------------- c_trans.c */
/* Reports the message at p (file NULL: the unit's), a repeat of the last
 * one dropped, the 21st and later counted only; ct_error: an ERROR,
 * ct_unsup: an UNSUPPORTED one, "unsupported: " and the message. */
void ct_error(ct_ctx *cx, clp_pos p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ct_unsup(ct_ctx *cx, clp_pos p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const char *ct_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A fresh variable "base'k" of sort s. */
const clp_term *ct_fresh(ct_ctx *cx, const char *base, const clp_sort *s);
int ct_lookup(ct_fn *fn, const char *name);      /* slot or -1 */
ct_finfo *ct_func(ct_ctx *cx, const char *name); /* with a body, or NULL */
const c_func *ct_proto(ct_ctx *cx, const char *name); /* any declaration */
void ct_stmt(ct_fn *fn, ct_blk *b, const c_stmt *s);

/* c_scan.c: a set of names (strings compared by value), and what a piece
 * of code does, syntactically: the names it assigns, the functions it
 * calls, the labels it defines and jumps to, whether it returns. */
typedef struct ct_names { int n, cap; const char **s; } ct_names;
typedef struct ct_scan {
  ct_names assigned, calls, labels, gotos;
  bool ret;
} ct_scan;
void ct_names_add(ct_names *ns, const char *s);      /* once each */
bool ct_names_has(const ct_names *ns, const char *s);
/* Adds what expression e / statement s (and all inside it) does to *sc. */
void ct_scan_e(ct_scan *sc, const c_expr *e);
void ct_scan_s(ct_scan *sc, const c_stmt *s);

/* c_loop.c: loop statement s (while, do, for) of fn into block b. */
void ct_loop_stmt(ct_fn *fn, ct_blk *b, const c_stmt *s);
/* c_trans.c, for c_loop.c: is label l a "l: goto l;" (a stuck path)?
 * ct_scope_pop: ends the scopes opened after mark (their slots back to
 * placeholders in b); ct_label_mode: the exit kind of a goto to l (2 + its
 * number, given at first use); ct_in_slot: the slot of E_f's formal i
 * (parameters first, then globals). */
bool ct_is_stuck(const ct_fn *fn, const char *l);
void ct_scope_pop(ct_fn *fn, ct_blk *b, int mark);
int ct_label_mode(ct_fn *fn, const char *l);
int ct_in_slot(const ct_fn *fn, int i);

/* --------------------------------------------------------------- c_blk.c */
ct_blk *ct_blk_new(ct_fn *fn, const clp_term **env);
const clp_term **ct_env_copy(ct_fn *fn, const clp_term **env);
void ct_push(ct_blk *b, const clp_formula *f, clp_pos p);      /* constraint */
void ct_push_lit(ct_blk *b, const clp_term *atom, clp_pos p);  /* Bool term */
void ct_push_exit(ct_fn *fn, ct_blk *b, int kind, const clp_formula *f,
                  const clp_term *rv, const char *label, clp_pos p);
bool ct_dead(const ct_blk *b);          /* the normal path is false */
bool ct_has_exit(const ct_blk *b, int kind, const char *label);
/* Fold: the formula for leaving b by (kind, label), states merged. */
ct_exit ct_fold(ct_fn *fn, ct_blk *b, int kind, const char *label);
ct_exit ct_fold_normal(ct_blk *b);
/* Two branches started from b's state with guards g and !g: their items
 * join b again (exits kept, normal paths merged with phi variables). */
void ct_join(ct_fn *fn, ct_blk *b, const clp_term *g, ct_blk *t, ct_blk *e,
             clp_pos p);
/* Collapse b so that exits (kind, label) rejoin the normal path here. */
void ct_rejoin(ct_fn *fn, ct_blk *b, int kind, const char *label, clp_pos p);
/* Cut b's normal path off: returned (formula, state); b keeps only its
 * exits (folded) and continues from nothing. */
ct_exit ct_cut(ct_fn *fn, ct_blk *b, clp_pos p);
/* Append block sb (started from b's state) to b: its exits and its
 * normal path. */
void ct_splice(ct_fn *fn, ct_blk *b, ct_blk *sb, clp_pos p);
/* The state restricted to the active slots (others: placeholders). */
const clp_term **ct_env_active(ct_fn *fn, const clp_term **env);

/* -------------------------------------------------------------- c_expr.c */
typedef struct ct_val {
  const clp_term *t;         /* Int value */
  c_base ty;                 /* its C type after promotion */
} ct_val;

ct_val ct_rvalue(ct_fn *fn, ct_blk *b, const c_expr *e);
/* e as a condition (a Bool term: e != 0). */
const clp_term *ct_cond(ct_fn *fn, ct_blk *b, const c_expr *e);
/* An expression statement: the value is unused. */
void ct_effect(ct_fn *fn, ct_blk *b, const c_expr *e);
/* v converted to type ty (wrapping as C does). */
const clp_term *ct_conv(const clp_term *v, c_base from, c_base to);
/* lo <= v <= hi for the range of type ty (a formula at position p). */
const clp_formula *ct_in_range(const clp_term *v, c_base ty, clp_pos p);
/* Assign v (of type from) to slot k; records the definition. */
void ct_assign_slot(ct_fn *fn, ct_blk *b, int k, const clp_term *v,
                    c_base from, clp_pos p);
/* A fresh value of type ty with its range assumed. */
const clp_term *ct_nondet(ct_fn *fn, ct_blk *b, c_base ty, const char *show,
                          clp_pos p);
const clp_sort *ct_sort_of(const c_type *t);
bool ct_const(const c_expr *e, int64_t *v); /* constant expression */
/* C's truncating a / d (a % d when mod) from SMT-LIB's Euclidean div/mod;
 * nonneg: both operands are known nonnegative (unsigned). */
const clp_term *ct_divmod(const clp_term *a, const clp_term *d, bool mod,
                          bool nonneg);
bool ct_unsigned(c_base b);
/* A call of this name is the error (reach_error, __VERIFIER_error,
 * __assert_fail, __assert_rtn, __assert), whatever its body. */
bool ct_is_error_name(const char *n);
/* __VERIFIER_nondet_*, unknown*, nondet*, nd, nd_*, nd<digits>? */
bool ct_is_nondet_name(const char *n);
/* The type of __VERIFIER_nondet_<s> in *b; false if not an integer type. */
bool ct_nondet_suffix(const char *s, c_base *b);
/* c_call.c: the call e (its value when used) of fn in block b. */
ct_val ct_call(ct_fn *fn, ct_blk *b, const c_expr *e, bool used);

/* --------------------------------------------------------------- c_cex.c */
typedef struct c_srcmap c_srcmap;
c_srcmap *c_srcmap_new(const char *file);
/* Variable var was defined at p: printed as "show=val", or for an array
 * element "show[idx]=val" (terms evaluated in the counterexample); u64:
 * val is a 64-bit unsigned C value, printed in 0..2^64-1. */
void c_srcmap_def(c_srcmap *m, const clp_term *var, clp_pos p,
                  const char *show, int nidx, const clp_term **idx,
                  const clp_term *val, bool u64);
/* Slot name (C name or name$k) of the C variable cname: the SSA variables
 * "slot'k" of the slot are read back as cname. */
void c_srcmap_slot(c_srcmap *m, const char *slot, const char *cname);
/* clp_rs.on_rename for the C frontend: definitions and names follow the
 * renaming of clause variables when clauses are merged. */
void c_srcmap_renamed(const void *m, const clp_subst *s, int nvars,
                      const clp_term **vars);

/* What a relation of the translation is, and what each formal holds
 * (recorded by c_trans.c, read by c_inv.c). */
enum { CT_R_ERR, CT_R_RET, CT_R_LOOP, CT_R_LOOP_ERR, CT_R_LOOP_SUM };
enum { CT_F_STATE,           /* the C variable's current value */
       CT_F_ENTRY,           /* its value at the function's entry */
       CT_F_OUT,             /* its value when the function / loop ends */
       CT_F_RET,             /* the returned value */
       CT_F_MODE };          /* how a loop was left (docs/c.md) */
typedef struct ct_relinfo {
  const clp_rel *rel;
  int kind;                  /* CT_R_* */
  const char *func;          /* the C function */
  clp_pos pos;               /* the loop statement (loops) */
  const char **cname;        /* per formal: the C variable (NULL: none) */
  int *fkind;                /* per formal: CT_F_* */
  bool *shadowed;            /* per formal: hidden by an inner declaration */
  c_base *base;              /* per formal: its scalar C type (C_VOID:
                                unknown or an array) */
} ct_relinfo;
/* Records r's meaning: formal i holds slot slot[i] of fn (-1: none) as
 * fkind[i]. */
void ct_note_rel(ct_fn *fn, const clp_rel *r, int kind, clp_pos pos,
                 const int *slot, const int *fkind);
int c_srcmap_nrels(const c_srcmap *m);
const ct_relinfo *c_srcmap_rel(const c_srcmap *m, int i);

#endif
