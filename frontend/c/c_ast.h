/* c_ast.h -- the abstract syntax of the C subset (prefix c_), the contract
 * between the C parser (c_lex.re, c_gram.y, c_parse.c: text -> c_unit) and
 * the translation to rule sets (c_trans*.c: c_unit -> clp_rs).  Everything
 * is on the GC heap; every node carries its source position.  The parser
 * resolves nothing: names are strings, typedefs are expanded, and it
 * rejects what the subset lacks (pointers, structs, floats, ...) with
 * "file:line:col: error: unsupported: ..." before translation. */
#ifndef C_AST_H
#define C_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "clp/clp.h"
#include "frontend/common/fe_diag.h"

/* Integer types; every arithmetic value is one of these.  Signed types are
 * mathematical integers with their range assumed at nondet inputs; unsigned
 * ones wrap modulo 2^bits.  long is 32 or 64 bits wide by the data model
 * (c_type_set_model); long long is 64 bits.  The rules (widths, ranks,
 * promotions, conversions) are all in c_type.c. */
typedef enum {
  C_VOID, C_BOOL, C_CHAR, C_UCHAR, C_SHORT, C_USHORT, C_INT, C_UINT,
  C_LONG, C_ULONG, C_LLONG, C_ULLONG
} c_base;

/* ------------------------------------------------- c_type.c: type rules */
typedef enum { C_ILP32, C_LP64 } c_model;
/* The data model of every later parse and translation (default ILP32):
 * long and pointers are 32 (ILP32) or 64 (LP64) bits wide. */
void c_type_set_model(c_model m);
c_model c_type_model(void);
int c_type_bits(c_base b);          /* width in bits (_Bool: 1, void: 0) */
int c_type_size(c_base b);          /* sizeof in bytes (void: 1, as gcc) */
int c_type_ptr_size(void);          /* sizeof a pointer */
c_base c_type_size_t(void);         /* the type of sizeof: unsigned int/long */
bool c_type_unsigned(c_base b);     /* _Bool counts as unsigned */
c_base c_type_promote(c_base b);    /* integer promotions (C11 6.3.1.1) */
c_base c_type_usual(c_base a, c_base b); /* usual arithmetic conv. (6.3.1.8) */
/* Integers are kept in int64: a value of a 64-bit unsigned type is stored
 * as the signed int64 with the same bits (2^64 - 1 as -1), every other
 * value as itself.  lo..hi is the range of that representation. */
void c_type_range(c_base b, int64_t *lo, int64_t *hi);
bool c_type_u64(c_base b);          /* 64-bit unsigned: stored as int64 bits */
/* The constant v (a representation of any integer type) converted to b as
 * gcc does (modulo 2^bits; _Bool: v != 0). */
int64_t c_type_conv_const(int64_t v, c_base b);
const char *c_type_name_of(c_base b); /* "unsigned long long", ... */

typedef struct c_type {
  c_base base;
  int ndims;                 /* 0 scalar, 1 or 2: array */
  struct c_expr *dims[2];    /* size expressions (NULL: unsized [] ) */
  int ptr;                   /* pointer depth: 0, except in prototypes
                                (c_func without body) whose parameters or
                                result are pointers, e.g. __assert_fail's */
  bool flt;                  /* float/double (base is then C_INT): only in
                                prototypes, e.g. __VERIFIER_nondet_double;
                                the parser rejects calls of such functions */
} c_type;

typedef enum {
  C_E_NUM,        /* num */
  C_E_VAR,        /* name */
  C_E_INDEX,      /* a[b] : kids[0] is C_E_VAR or C_E_INDEX, kids[1] index */
  C_E_CALL,       /* name(kids...) : user function or builtin (by name) */
  C_E_UNARY,      /* op in "-", "!", "~", "+" ; kids[0] */
  C_E_BINARY,     /* op in + - * / % < <= > >= == != && || & | ^ << >> */
  C_E_ASSIGN,     /* op in "=", "+=", "-=", ... ; kids[0] lvalue, kids[1] */
  C_E_INCDEC,     /* op in "++", "--"; prefix flag; kids[0] lvalue */
  C_E_COND,       /* kids[0] ? kids[1] : kids[2] */
  C_E_CAST,       /* (cast) kids[0] */
  C_E_COMMA,      /* kids[0], kids[1] */
  C_E_SIZEOF,     /* sizeof(type): folded to a constant by the parser */
  C_E_STMT        /* GNU statement expression ({ ... }): only in the
                     parser; where its value is discarded it is lowered
                     to its block (c_mk_expr_stmt), elsewhere rejected */
} c_ekind;

typedef struct c_expr {
  c_ekind kind;
  clp_pos pos;
  const char *op;            /* operator text, interned C string */
  bool prefix;               /* INCDEC */
  int64_t num;               /* NUM (value of the literal, chars included;
                                64-bit unsigned: its int64 bits) */
  c_base ntype;              /* NUM: its type by C11 6.4.4.1 in the data
                                model (3000000000 is long long in ILP32,
                                0xffffffff unsigned int), sizeof: size_t */
  const char *name;          /* VAR, CALL */
  const char *str;           /* NUM 0 standing for a string literal that is
                                a call argument (its text, quotes kept);
                                NULL for all other nodes */
  c_type cast;               /* CAST */
  struct c_stmt *body;       /* STMT: the compound (NULL once lowered) */
  int n;                     /* number of kids */
  struct c_expr **kids;
  int depth;                 /* 1 + the deepest kid's (c_build.c) */
} c_expr;

typedef enum {
  C_S_EXPR,       /* e; (e may be NULL: the empty statement) */
  C_S_DECL,       /* local declarations: decls[0..ndecls) */
  C_S_BLOCK,      /* { body... } */
  C_S_IF,         /* if (cond) then_ else else_ (else_ may be NULL) */
  C_S_WHILE,      /* while (cond) body */
  C_S_DO,         /* do body while (cond); */
  C_S_FOR,        /* for (init; cond; step) body; init is a statement (DECL
                     or EXPR, may be NULL), cond/step may be NULL */
  C_S_BREAK, C_S_CONTINUE,
  C_S_RETURN,     /* return e; (e may be NULL) */
  C_S_LABEL,      /* label: body */
  C_S_GOTO,       /* goto label; */
  C_S_SWITCH,     /* switch (cond) body; body holds C_S_CASE labels */
  C_S_CASE        /* case e: / default: (e NULL) -- then body */
} c_skind;

typedef struct c_decl {
  clp_pos pos;
  const char *name;
  c_type type;
  struct c_expr *init;       /* scalar initialiser, may be NULL */
  int ninit; struct c_expr **inits; /* array initialiser list { ... } */
  bool is_static;
} c_decl;

typedef struct c_stmt {
  c_skind kind;
  clp_pos pos;
  c_expr *e;                 /* EXPR, RETURN, IF/WHILE/DO/SWITCH cond, CASE */
  struct c_stmt *init;       /* FOR */
  c_expr *step;              /* FOR */
  struct c_stmt *then_, *else_, *body; /* IF; loops, LABEL, CASE: body */
  const char *label;         /* LABEL, GOTO */
  int n; struct c_stmt **kids;   /* BLOCK */
  int ndecls; c_decl **decls;    /* DECL */
} c_stmt;

typedef struct c_func {
  clp_pos pos;
  const char *name;
  c_type ret;
  int nparams; c_decl **params;
  c_stmt *body;              /* NULL: a prototype (extern, or defined later) */
} c_func;

typedef struct c_unit {
  const char *file;          /* the user's file name (not the cpp output) */
  int nglobals; c_decl **globals;
  int nfuncs; c_func **funcs;  /* definitions and prototypes, source order */
} c_unit;

/* Contract: runs the system C preprocessor on path (with the bundled
 * replacement assert.h and the SV-COMP builtins declared), parses the result
 * and maps positions back to the user's file through cpp's line markers.
 * Errors: diagnostics in d (cpp's own messages as a NOTE first), NULL. */
c_unit *c_parse_file(const char *path, fe_diags *d);
/* The same on the file's text orig[0..olen) (NUL-terminated), read
 * already: path names it and its directory holds its quoted includes. */
c_unit *c_parse_source(const char *path, const char *orig, size_t olen,
                       fe_diags *d);
/* The same on text that is already preprocessed (used by unit tests). */
c_unit *c_parse_string(const char *name, const char *text, size_t len,
                       fe_diags *d);

/* Contract: the rule set of a unit as in the CAR paper §2 (per function f
 * an error relation E_f and a transfer relation T_f, loops as tail-recursive
 * relations, the goal E_main), sealed, with rs->srcmap set for counterexample
 * printing.  Unsupported constructs: "unsupported: ..." diagnostics in d,
 * NULL (and NULL for u NULL). */
clp_rs *c_translate(const c_unit *u, fe_diags *d);

#endif
