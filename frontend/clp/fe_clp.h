/* fe_clp.h -- internals of the .clp frontend (prefix fe_), shared by the
 * lexer (clp_lex.re), the grammar (clp_gram.y), the AST builder (fe_ast.c),
 * the checker (fe_sema.c) and the error reporter (fe_err.c).
 *
 * Pipeline: text -> tokens {offset, length} -> AST (GC heap) -> names
 * resolved, sorts inferred -> clp_rs.  Positions are byte offsets until a
 * message or a clp_pos is made. */
#ifndef FE_CLP_H
#define FE_CLP_H

#include <stdbool.h>
#include <stdint.h>

#include "clp/clp.h"
#include "frontend/common/fe_source.h"

/* ------------------------------------------------------------------ tokens */
typedef struct fe_tok {
  int off;  /* byte offset of the first character */
  int len;  /* length in bytes (0 at end of file) */
} fe_tok;

/* ---------------------------------------------------------------------- AST */
typedef enum {
  A_NUM, A_NAME,            /* NAME or NAME(args): resolved by fe_sema */
  A_TRUE, A_FALSE,
  A_ADD, A_SUB, A_NEG, A_MUL, A_DIV, A_MOD,
  A_SELECT, A_STORE, A_CONST, A_ITE,
  A_EQ, A_NE, A_LT, A_LE, A_GT, A_GE,
  A_COMMA, A_AND,           /* ',' and '/\' (both conjunction) */
  A_SEMI, A_OR,             /* ';' and '\/' (both disjunction) */
  A_NOT
} fe_kind;

/* What fe_sema made of an A_NAME. */
typedef enum { R_NONE, R_VAR, R_CALL, R_APP } fe_res;

typedef struct fe_node {
  fe_kind kind;
  int off, len;             /* source slice of the operator/name token */
  bool paren;               /* written inside ( ) */
  bool call;                /* A_NAME written with an argument list */
  const char *name;         /* A_NAME */
  int64_t num;              /* A_NUM */
  int n, cap;               /* kids */
  struct fe_node **kids;
  /* filled by fe_sema */
  fe_res res;
  int sv;                   /* sort variable of the node's value */
  const void *sym;          /* R_CALL: relation symbol; R_APP: fun symbol */
} fe_node;

typedef enum { I_GOAL, I_REL, I_PRED, I_FUN, I_RULE, I_INDEXED, I_AXIOM }
    fe_item_kind;

/* A sort as written: int, bool, map, array(S, S). */
typedef struct fe_sortx {
  int off;
  const clp_sort *sort;     /* NULL after an error */
} fe_sortx;

typedef struct fe_item {
  fe_item_kind kind;
  int off;                  /* the item's name (or head) token */
  const char *name;
  int nsorts;               /* REL/PRED/FUN: argument sorts */
  const clp_sort **sorts;
  const clp_sort *range;    /* FUN */
  fe_node *head;            /* RULE: an A_NAME */
  fe_node *body;            /* RULE: NULL for a fact; INDEXED: the
                               predicates (top-level ','); AXIOM: formula */
  fe_node *ivars;           /* INDEXED: index variables (top-level ','),
                               NULL when none */
} fe_item;

/* ------------------------------------------------------------------ context */
typedef struct fe_ctx {
  const char *file;         /* name for messages */
  const char *src;          /* text, NUL-terminated copy */
  int len;
  int *lines;               /* byte offset of each line start */
  int nlines;
  int nitems, capitems;
  fe_item **items;
  int nmsgs, capmsgs;
  fe_msg *msgs;
  fe_diags *out;            /* where fe_flush moves the messages (or NULL) */
  bool syntax_error;        /* parsing stopped */
  int nparen, capparen;     /* offsets of open '(' (token loop) */
  int *parens;
  int item_start;           /* offset of the current item's first token, -1 */
  int item_code;            /* code of that token */
  fe_tok last;              /* last token passed to the parser */
  int lastcode;             /* its code */
  int prevcode;             /* code of the token before it */
} fe_ctx;

/* A parse context over a copy of text (len bytes), named name in messages,
 * whose messages go to out (NULL: dropped). */
fe_ctx *fe_ctx_new(const char *name, const char *text, size_t len,
                   fe_diags *out);

/* ----------------------------------------------------------------- lexer */
/* Contract: returns the next token code (CLP_* from clp_gram.h), 0 at the
 * end of the text, or -1 after reporting a lexical error (bad character,
 * unterminated comment, integer too large); *pos is the cursor, advanced
 * past the token; *t receives the token's slice. */
int fe_lex(fe_ctx *c, int *pos, fe_tok *t);
/* Value of an integer token (checked by fe_lex). */
int64_t fe_tok_num(const fe_ctx *c, fe_tok t);

/* ----------------------------------------------------------------- grammar */
void *fe_parser_new(fe_ctx *c);
void fe_parser_feed(void *p, int code, fe_tok t);
void fe_parser_free(void *p);
/* Reports a syntax error at token t (code 0: end of file). */
void fe_syntax_error(fe_ctx *c, int code, fe_tok t);

/* ----------------------------------------------------------- AST builders */
/* One call per grammar action; all return GC nodes / items. */
fe_node *fe_mk_num(fe_ctx *c, fe_tok t);
fe_node *fe_mk_name(fe_ctx *c, fe_tok t);
fe_node *fe_mk_callx(fe_ctx *c, fe_tok name, fe_node *args); /* NAME(args) */
fe_node *fe_mk_builtin(fe_ctx *c, fe_kind k, fe_tok t, fe_node *args);
fe_node *fe_mk_const(fe_ctx *c, fe_kind k, fe_tok t);     /* true/false */
fe_node *fe_mk_un(fe_ctx *c, fe_kind k, fe_tok t, fe_node *a);
fe_node *fe_mk_bin(fe_ctx *c, fe_kind k, fe_tok t, fe_node *a, fe_node *b);
fe_node *fe_mk_paren(fe_ctx *c, fe_node *a);
fe_sortx fe_mk_sort(fe_ctx *c, fe_tok t, const clp_sort *s);
fe_sortx fe_mk_array_sort(fe_ctx *c, fe_tok t, fe_sortx i, fe_sortx e);
/* A sort list under construction (GC array of sorts). */
typedef struct fe_sorts { int n, cap; const clp_sort **v; bool bad; } fe_sorts;
fe_sorts *fe_mk_sorts(fe_ctx *c, fe_sorts *l, fe_sortx s);
void fe_mk_goal(fe_ctx *c, fe_tok name);
void fe_mk_decl(fe_ctx *c, fe_item_kind k, fe_tok name, fe_sorts *l,
                const fe_sortx *range);
void fe_mk_rule(fe_ctx *c, fe_node *head, fe_node *body);
void fe_mk_indexed(fe_ctx *c, fe_node *head, fe_node *ivars, fe_node *preds);
void fe_mk_axiom(fe_ctx *c, fe_tok t, fe_node *body);

/* ------------------------------------------------------------------ errors */
/* Records the message of kind k (fe_diag.h) for the byte offset off;
 * fe_error: an ERROR, fe_unsup: an UNSUPPORTED one, "unsupported: " and
 * the message. */
void fe_error_k(fe_ctx *c, fe_diag_kind k, int off, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void fe_error(fe_ctx *c, int off, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void fe_unsup(fe_ctx *c, int off, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void fe_linecol(const fe_ctx *c, int off, int *line, int *col);
clp_pos fe_pos(const fe_ctx *c, int off);
const char *fe_where(const fe_ctx *c, int off);       /* "LINE:COL" */
const char *fe_tok_text(const fe_ctx *c, fe_tok t);   /* quoted for messages */
/* Moves the accumulated messages, sorted by position, each distinct one
 * once, to c->out; returns their number. */
int fe_flush(fe_ctx *c);

/* ------------------------------------------------------------------- sema */
/* Resolves names, infers sorts, builds the rule set; NULL after errors.
 * With into != NULL (a --predicates file): the relations of into are
 * predeclared, only indexed/axiom/fun/pred items are allowed, and the
 * predicates and axioms are attached to into; returns into. */
clp_rs *fe_sema(fe_ctx *c, clp_rs *into);

#endif
