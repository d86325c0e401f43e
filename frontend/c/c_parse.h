/* c_parse.h -- internals of the C-subset parser (prefix c_), shared by the
 * lexer (c_lex.re), the grammar (c_gram.y), the AST builders (c_build.c),
 * the driver (c_parse.c) and the error reporter (c_err.c).
 *
 * Pipeline: cpp output (with line markers) -> tokens carrying their
 * position in the file that cpp read them from -> (declarations that come
 * from system headers are skipped by the driver; typedef names are noted)
 * -> lemon parser -> c_unit (c_ast.h). */
#ifndef C_PARSE_H
#define C_PARSE_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/c/c_ast.h"
#include "frontend/common/fe_source.h"

/* ------------------------------------------------------------------ tokens */
typedef struct c_tok {
  int off, len;             /* slice of the preprocessed text */
  clp_pos pos;              /* position in the original file */
  bool sys;                 /* comes from a system header (marker flag 3) */
} c_tok;

/* A typedef name: its type, or why it is outside the subset. */
typedef struct c_tdef {
  const char *name;
  c_type type;
  const char *unsupported;  /* e.g. "structs"; NULL: type is usable */
} c_tdef;

/* Declaration specifiers as they are collected. */
typedef struct c_specs {
  clp_pos pos;
  int nvoid, nbool, nchar, nshort, nint, nlong, nsigned, nunsigned, nfloat;
  const c_tdef *tdef;       /* a typedef name was used */
  bool is_static, is_extern, is_typedef;
} c_specs;

/* A declarator: the name, array dimensions, pointer depth, parameters. */
typedef struct c_dtor {
  clp_pos pos;
  const char *name;         /* NULL: abstract */
  int ptr;                  /* number of '*' */
  int ndims; c_expr *dims[3]; bool unsized[3];
  bool func;                /* NAME(params) */
  bool fptr;                /* (*NAME)(...) and other nested declarators */
  int nparams; c_decl **params;
} c_dtor;

/* An initialiser: one expression, or a brace list of initialisers. */
typedef struct c_init {
  clp_pos pos;
  c_expr *e;                /* !braces */
  int n; struct c_init **kids; /* braces */
  bool braces;
} c_init;


/* Growing GC arrays of pointers (statements, decls, exprs). */
typedef struct c_list { int n, cap; void **v; } c_list;

/* The largest line number a line marker may set (larger ones are cut to
 * it, so that counting lines cannot overflow). */
#define C_LINE_MAX (1L << 30)

/* The deepest expression tree the parser builds (c_build.c). */
#define C_EXPR_DEPTH_MAX 4000

/* ------------------------------------------------------------------ context */
typedef struct c_ctx {
  const char *file;         /* the user's file (messages without position) */
  const char *src;          /* preprocessed text, NUL-terminated */
  int len;
  /* lexer state: position of the current physical line in its file */
  const char *cur_file;
  int cur_line;             /* line number (in cur_file) of the line at ... */
  int line_off;             /* ... this offset of src */
  bool cur_sys;
  /* the user's original text, for exact columns (may be NULL) */
  const char *orig; int orig_len; int *orig_lines; int orig_nlines;
  /* typedef names */
  int ntdefs, captdefs; c_tdef *tdefs;
  /* messages */
  int nmsgs, capmsgs; fe_msg *msgs;
  fe_diags *out;            /* where c_flush moves them (or NULL) */
  bool syntax_error;
  c_tok last;               /* last token passed to the parser */
  /* result */
  c_list globals, funcs;
  /* declarations seen (for sizeof of a variable): name -> type */
  c_list vars;
  /* names of prototypes with a float/double result (calls rejected) */
  c_list float_funcs;
  /* GNU statement expressions (C_E_STMT): those not lowered by
     c_mk_expr_stmt are used as values (c_check_stmt_exprs) */
  c_list stmt_exprs;
} c_ctx;

/* ----------------------------------------------------------------- lexer */
/* Token codes beyond the grammar's (never passed to the parser). */
enum { C_TK_EOF = 0, C_TK_ERROR = -1, C_TK_ATTRIBUTE = -2, C_TK_ASM = -3,
       C_TK_IGNORE = -4, C_TK_FLOATLIT = -5 };
/* Contract: the next token's code (CT_* of c_gram.h, or C_TK_*) from *pos
 * (advanced); line markers, #pragma lines, comments and white space are
 * consumed and update the position state of c.  C_TK_ERROR after a
 * reported lexical error. */
int c_lex(c_ctx *c, int *pos, c_tok *t);
/* Value of an integer or character literal token (64-bit unsigned: its
 * int64 bits), its type by C11 6.4.4.1 in the data model, and *ok (false
 * with *type C_VOID: a literal that fits no type up to unsigned long long,
 * gcc's __int128). */
int64_t c_tok_num(c_ctx *c, c_tok t, c_base *type, bool *ok);
/* The text of a token as a GC string. */
const char *c_tok_str(const c_ctx *c, c_tok t);

/* ----------------------------------------------------------------- grammar */
void *c_parser_new(c_ctx *c);
void c_parser_feed(void *p, int code, c_tok t);
void c_parser_free(void *p);
void c_syntax_error(c_ctx *c, int code, c_tok t);

/* ----------------------------------------------------------- AST builders */
/* c_build.c: expressions and statements; c_decl.c: declarations. */
void c_list_push(c_list *l, void *x);
/* A NUM node. */
c_expr *c_num_node(clp_pos pos, int64_t v, c_base type);
/* Value of a constant expression (literals, folded sizeof, operators on
 * them, casts ignored); false when e is not constant or folding could
 * overflow. */
bool c_const_eval(const c_expr *e, int64_t *v);
c_expr *c_mk_num(c_ctx *c, c_tok t);
c_expr *c_mk_str(c_ctx *c, c_tok t);
c_expr *c_mk_var(c_ctx *c, c_tok t);
c_expr *c_mk_un(c_ctx *c, c_tok t, const char *op, c_expr *a);
c_expr *c_mk_bin(c_ctx *c, c_tok t, const char *op, c_expr *a, c_expr *b);
c_expr *c_mk_assign(c_ctx *c, c_tok t, const char *op, c_expr *a, c_expr *b);
c_expr *c_mk_incdec(c_ctx *c, c_tok t, const char *op, bool prefix, c_expr *a);
c_expr *c_mk_cond(c_ctx *c, c_tok t, c_expr *a, c_expr *b, c_expr *d);
c_expr *c_mk_index(c_ctx *c, c_tok t, c_expr *a, c_expr *i);
c_expr *c_mk_call(c_ctx *c, c_tok name, c_list *args);
c_expr *c_mk_cast(c_ctx *c, c_tok t, c_type ty, c_expr *a);
c_expr *c_mk_sizeof_type(c_ctx *c, c_tok t, c_type ty);
c_expr *c_mk_sizeof_expr(c_ctx *c, c_tok t, c_expr *a);
c_expr *c_mk_unsupported(c_ctx *c, c_tok t, const char *what);
/* specs */
c_specs c_specs_add(c_ctx *c, c_specs s, int code, c_tok t);
c_type c_specs_type(c_ctx *c, c_specs s);
/* The same without messages (declarations skipped in system headers). */
c_type c_specs_type_quiet(c_ctx *c, c_specs s);
c_type c_type_name(c_ctx *c, c_specs s, const c_dtor *d); /* (cast) */
/* declarators */
c_dtor c_dtor_name(c_ctx *c, c_tok t);
c_dtor c_dtor_abstract(c_ctx *c, c_tok t);
c_dtor c_dtor_ptr(c_ctx *c, c_dtor d);
c_dtor c_dtor_array(c_ctx *c, c_tok t, c_dtor d, c_expr *size);
c_dtor c_dtor_func(c_ctx *c, c_dtor d, c_list *params);
c_dtor c_dtor_nested(c_ctx *c, c_dtor d);
c_decl *c_mk_param(c_ctx *c, c_specs s, const c_dtor *d);
/* declarations: returns a C_S_DECL statement, or NULL when no variable is
 * declared (typedefs, prototypes, errors); global: at file scope */
c_stmt *c_mk_decls(c_ctx *c, c_specs s, c_list *dl, bool global);
/* one init-declarator, stored in a list of pairs (dtor, init) */
typedef struct c_idecl { c_dtor d; c_init init; bool has_init; } c_idecl;
c_idecl *c_mk_idecl(c_ctx *c, c_dtor d, const c_init *init);
c_init c_init_expr(c_expr *e);
c_init c_init_list(c_ctx *c, c_tok t, c_list *items); /* items: c_init* */
c_init *c_init_box(c_init i);
void c_mk_funcdef(c_ctx *c, c_specs s, c_dtor d, c_stmt *body);
/* Appends the variables of a file-scope declaration (may be NULL) to the
 * globals; a name declared again (extern int x; int x = 1;) keeps one
 * entry: the one with an initialiser, else the first with a size. */
void c_add_globals(c_ctx *c, c_stmt *d);
/* statements */
c_stmt *c_mk_stmt(c_ctx *c, c_skind k, c_tok t);
c_stmt *c_mk_block(c_ctx *c, c_tok t, c_list *items);
/* ({ ... }): a C_E_STMT node holding the compound b. */
c_expr *c_mk_stmt_expr(c_ctx *c, c_tok t, c_stmt *b);
/* The expression statement "e;".  Where e's value is discarded (the whole
 * of e, comma operands, (void) casts, ?: arms), statement expressions
 * become statements: "(void) a, ({ s; })" is the block { a; { s; } } and
 * "c ? ({ s; }) : b" is "if (c) { s; } else b;". */
c_stmt *c_mk_expr_stmt(c_ctx *c, c_expr *e);
/* Reports "unsupported: statement expression used as a value" for every
 * statement expression that c_mk_expr_stmt did not lower. */
void c_check_stmt_exprs(c_ctx *c);

/* ------------------------------------------------------------------ errors */
/* Records the message at pos (file NULL: the parsed file; line 0: the
 * whole file) of kind k (fe_diag.h); c_error: an ERROR, c_unsup: an
 * UNSUPPORTED one, "unsupported: " and the message. */
void c_error_k(c_ctx *c, fe_diag_kind k, clp_pos pos, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void c_error(c_ctx *c, clp_pos pos, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void c_unsup(c_ctx *c, clp_pos pos, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
const char *c_tok_text(const c_ctx *c, c_tok t);   /* quoted for messages */
/* Moves the messages, in the order found, to c->out; returns their
 * number. */
int c_flush(c_ctx *c);

/* ------------------------------------------------------------------ cpp */
/* Contract: the output of the system preprocessor (env CAR_CPP, else cpp)
 * on text (the input, read once: files and pipes alike) named path, in a
 * GC string of *len bytes; NULL after an error.  cpp's own messages are
 * added to d as one raw diagnostic (a NOTE, or IO when cpp could not be
 * run), before our "cannot run the preprocessor" / "the preprocessor
 * failed" (IO) or "preprocessed text too large" (LIMIT). */
char *c_cpp_run(const char *path, const char *text, size_t tlen, size_t *len,
                fe_diags *d);

/* ------------------------------------------------------------- typedefs */
const c_tdef *c_tdef_find(const c_ctx *c, const char *s, int n);
void c_tdef_add(c_ctx *c, const char *name, c_type ty, const char *unsupported);

#endif
