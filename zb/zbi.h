/* zbi.h -- private to the Z3 bridge (zb/zb*.c, the only files that include
 * <z3.h>): the context and solver structures, reference accounting, the
 * IR -> Z3 encoder and the Z3 -> IR decoder that the bridge's files share
 * (zb_ctx.c contexts and counters, zb_enc.c encoding, zb_solver.c solvers
 * and checks, zb_model.c models, zb_dec.c decoding, zb_horn.c Horn solving,
 * zb_qe.c quantifier elimination, zb_smt2.c SMT-LIB input).
 * Not for other modules: include zb.h instead.
 *
 * Reference discipline: every helper that returns a Z3_ast returns an OWNED
 * reference (inc_ref'd through zbi_ref); the caller releases it with
 * zbi_unref.  All inc/dec_ref calls are counted (zbi_count, zb_live_refs).
 * Errors: the Z3 error handler records the message and bumps z->nerr; every
 * entry point compares z->nerr before and after and answers ZB_UNKNOWN/NULL
 * when an error happened in between.  A solver that saw an error while
 * asserting is broken for good (its checks answer ZB_UNKNOWN), so a failed
 * assertion can never make a check look satisfiable or unsatisfiable.
 *
 * Memory: the caches of a context (terms, sorts, funs) and the converter's
 * Z3 constants are malloc'd arrays: they hold Z3 pointers, which the GC
 * heap must not hold (the collector neither frees nor releases them). */
#ifndef ZBI_H
#define ZBI_H

#include <z3.h>

#include "zb/zb.h"

struct zb_ctx {
  Z3_context c;
  zb_ctx *next;          /* registry of live contexts (error handler) */
  unsigned nerr;         /* number of errors recorded so far */
  char *err;             /* last error message (malloc), or NULL */
  int nsolvers;          /* live zb_solvers of this context */
  Z3_ast *terms;         /* term id -> Z3 AST (own reference) or NULL */
  unsigned nterms;
  unsigned char *rich;   /* term id -> 1 if it has arrays or functions */
  unsigned nrich;        /* (capacity of rich) */
  unsigned long nrich_seen; /* zbi_term results with rich set, so far */
  Z3_sort *sorts;        /* sort id -> Z3 sort (own reference) or NULL */
  unsigned nsorts;
  Z3_func_decl *funs;    /* clp_fun id -> declaration (own reference) */
  unsigned nfuns;
  bool horn_inline;      /* zb_horn: let Spacer inline relations */
  unsigned horn_rlimit;  /* zb_horn: Z3's resource limit (0 = none) */
  bool lambda_values;    /* zb_ctx_set_lambda_values: its solvers' default */
};

/* The parameters a zb_solver was given (zb_solver.c). */
enum { ZBI_P_WEAK_ARRAYS = 1, ZBI_P_RLIMIT = 2, ZBI_P_ENUM = 4 };

/* A solver starts as Z3's SMT core (Z3_mk_simple_solver): made and checked
 * in well under a millisecond, where Z3_mk_solver's combined solver costs
 * about 10 ms to set up (its tactics and their parameters, under Z3's global
 * lock), most of a small query's time.  It moves for good to a combined
 * solver, replayed from the log of assertions and scopes (zb_solver.c,
 * upgrade), before its first assertion with arrays or uninterpreted
 * functions (the models read from them, lambdas among them, are those of
 * the combined solver's tactics), and when a check of the core is left
 * undecided for a reason other than time, resources or cancellation
 * (incomplete arithmetic: nonlinear terms); that check is repeated there. */
struct zb_solver {
  zb_ctx *z;
  Z3_solver s;
  Z3_model m;   /* model of the last ZB_SAT check, or NULL */
  bool broken;  /* an error happened while asserting: never answer again */
  bool full;    /* s is the combined solver (after an upgrade) */
  Z3_ast_vector log; /* the assertions of the open scopes, in order */
  unsigned *marks;   /* log's size at each open zb_push */
  unsigned nmarks, capmarks;
  unsigned char params; /* ZBI_P_* set on s, replayed on an upgrade */
  unsigned rlimit;      /* with ZBI_P_RLIMIT */
  double until; /* clp_now() deadline of this solver's checks (0 = none) */
  unsigned set_ms; /* the timeout last given to Z3 (0 = none yet) */
  signed char lambda_values; /* zb_solver_set_lambda_values: 0 off, 1 on,
                                -1 (at creation) the context's setting */
};

/* ------------------------------------------------------------ zb_ctx.c */
/* Counted inc_ref/dec_ref (zb_live_refs); both accept NULL.  zbi_ref
 * returns its argument, now an owned reference. */
Z3_ast zbi_ref(zb_ctx *z, Z3_ast a);
void zbi_unref(zb_ctx *z, Z3_ast a);
/* Adds d to the count of live references (for the other Z3 objects:
 * solvers, models, interpretations, tactics, goals). */
void zbi_count(int d);
/* Counts one check/horn/qe call (zb_calls). */
void zbi_count_call(void);
/* Counts one move of a solver to the combined solver (zb_upgrades). */
void zbi_count_upgrade(void);
/* After an undecided check of s: records whether it was Z3's memory cap
 * (zb_memory_exhausted). */
void zbi_note_undef(Z3_context c, Z3_solver s);

/* ------------------------------------------------------------ zb_enc.c */
/* IR -> Z3.  zbi_sort, zbi_fun: BORROWED (cached per context) sort and
 * declaration of an uninterpreted function, NULL on error.  zbi_term:
 * OWNED Z3 AST of a term (cached by term id), NULL on error.  zbi_formula:
 * OWNED Z3 formula; calls are allowed only when rels (relation id -> Z3
 * declaration) is given. */
Z3_sort zbi_sort(zb_ctx *z, const clp_sort *s);
Z3_func_decl zbi_fun(zb_ctx *z, const clp_fun *f);
Z3_ast zbi_term(zb_ctx *z, const clp_term *t);
Z3_ast zbi_formula(zb_ctx *z, const clp_formula *f, const Z3_func_decl *rels);
/* Appends the distinct variables of f (call arguments included) to
 * (*vs)[n..) (a GC array of capacity *cap, grown as needed); the new n. */
int zbi_formula_vars(const clp_formula *f, const clp_term ***vs, int n,
                     int *cap);
/* OWNED  forall vars. body  (exists when !forall; just body when n == 0);
 * NULL when body is NULL or on error.  body stays the caller's. */
Z3_ast zbi_quantify(zb_ctx *z, bool forall, int n, const clp_term **vars,
                    Z3_ast body);

/* ------------------------------------------------------------ zb_solver.c */
/* Z3's timeout in ms for a check that must end by clp_now() time until
 * (0: none) and by the global deadline (clp_remaining()); at least 1. */
unsigned zbi_timeout_ms(double until);

/* ------------------------------------------------------------ zb_dec.c */
/* IR sort of a Z3 sort (Bool, Int, Array Int S for such S), or NULL. */
const clp_sort *zbi_sort_back(zb_ctx *z, Z3_sort s);
/* The clp_fun whose declaration is d (made by zbi_fun), or NULL. */
const clp_fun *zbi_fun_back(zb_ctx *z, Z3_func_decl d);
/* An Int numeral's value; false if a is none or beyond 128 bits. */
bool zbi_int_of(zb_ctx *z, Z3_ast a, clp_vint *out);

/* Z3 -> IR converter.  Contract: zbi_back_init makes a converter for up to
 * nvars free Z3 constants (zbi_back_new: in GC memory); zbi_back_var maps
 * the OWNED constant a (released by zbi_back_free) to the IR variable v;
 * zbi_back_term converts a borrowed quantifier-free Z3 AST whose only
 * uninterpreted constants are the mapped ones, or returns NULL (no IR
 * counterpart: other symbols, Reals, numerals beyond int64, unsupported
 * operators); zbi_back_formula: the same for a Bool AST, as a literal.
 * Results are memoised by AST id: keep converted ASTs alive while the
 * converter lives.  State: the Z3 constants (zv, malloc, owned references)
 * with their IR variables (iv, GC), and the memo (GC: ids and GC pointers
 * only). */
typedef struct zbi_back {
  zb_ctx *z;
  int nvars;
  Z3_ast *zv;
  const clp_term **iv;
  unsigned *mkeys;            /* memo: ast id + 1 (0 = empty) */
  const clp_term **mvals;
  unsigned mcap, mn;
} zbi_back;
void zbi_back_init(zbi_back *b, zb_ctx *z, int nvars);
zbi_back *zbi_back_new(zb_ctx *z, int nvars);
void zbi_back_var(zbi_back *b, Z3_ast a, const clp_term *v);
const clp_term *zbi_back_term(zbi_back *b, Z3_ast a);
const clp_formula *zbi_back_formula(zbi_back *b, Z3_ast a);
void zbi_back_free(zbi_back *b);

#endif
