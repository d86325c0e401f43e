/* clp_gram.y -- the .clp grammar (lemon).  Every action is one call into a
 * builder of fe_ast.c; the parse context collects items and errors. */
%name fe_lemon
%token_prefix T_
%token_type {fe_tok}
%extra_context {fe_ctx *ctx}
%stack_size 2000

%include {
#include <assert.h>
#include <stdlib.h>
#include "frontend/clp/fe_clp.h"
void fe_syntax_error(fe_ctx *c, int code, fe_tok t);
}

%syntax_error { fe_syntax_error(ctx, yymajor, yyminor); }
%parse_failure { ctx->syntax_error = true; }
%stack_overflow {
  fe_error_k(ctx, FE_DIAG_LIMIT, ctx->last.off, "expression nested too deeply");
  ctx->syntax_error = true;
}

/* Lowest to highest. */
%left SEMI LOR.
%left COMMA LAND.
%right NOT.
%nonassoc EQ NE LT LE GT GE.
%left PLUS MINUS.
%left STAR SLASH MOD DIV.
%right UMINUS.

%token NUM NAME GOAL QUERY REL PRED FUN INT BOOL MAP ARRAY TRUE FALSE
       SELECT STORE ITE CONST IMPLIES COLON DOT LPAREN RPAREN
       INDEXED AXIOM.

%type expr {fe_node *}
%type head {fe_node *}
%type sort {fe_sortx}
%type sorts {fe_sorts *}

/* file ::= item* */
file ::= items.
items ::= .
items ::= items item.

/* declarations */
item ::= GOAL NAME(N) DOT.                   { fe_mk_goal(ctx, N); }
item ::= QUERY NAME(N) DOT.                  { fe_mk_goal(ctx, N); }
item ::= REL NAME(N) DOT.                    { fe_mk_decl(ctx, I_REL, N, NULL, NULL); }
item ::= REL NAME(N) LPAREN sorts(L) RPAREN DOT.
                                             { fe_mk_decl(ctx, I_REL, N, L, NULL); }
item ::= PRED NAME(N) DOT.                   { fe_mk_decl(ctx, I_PRED, N, NULL, NULL); }
item ::= PRED NAME(N) LPAREN sorts(L) RPAREN DOT.
                                             { fe_mk_decl(ctx, I_PRED, N, L, NULL); }
item ::= FUN NAME(N) COLON sort(R) DOT.      { fe_mk_decl(ctx, I_FUN, N, NULL, &R); }
item ::= FUN NAME(N) LPAREN sorts(L) RPAREN COLON sort(R) DOT.
                                             { fe_mk_decl(ctx, I_FUN, N, L, &R); }
/* indexed predicates of a relation (indexed engine), axioms */
item ::= INDEXED NAME(N) LPAREN expr(E) RPAREN COLON expr(P) DOT.
                          { fe_mk_indexed(ctx, fe_mk_callx(ctx, N, E), NULL, P); }
item ::= INDEXED NAME(N) LPAREN expr(E) RPAREN expr(X) COLON expr(P) DOT.
                          { fe_mk_indexed(ctx, fe_mk_callx(ctx, N, E), X, P); }
item ::= AXIOM(T) expr(B) DOT.               { fe_mk_axiom(ctx, T, B); }
/* rules */
item ::= head(H) DOT.                        { fe_mk_rule(ctx, H, NULL); }
item ::= head(H) IMPLIES expr(B) DOT.        { fe_mk_rule(ctx, H, B); }

head(A) ::= NAME(N).                         { A = fe_mk_name(ctx, N); }
head(A) ::= NAME(N) LPAREN RPAREN.           { A = fe_mk_callx(ctx, N, NULL); }
head(A) ::= NAME(N) LPAREN expr(E) RPAREN.   { A = fe_mk_callx(ctx, N, E); }

/* sorts */
sorts(A) ::= sort(S).                        { A = fe_mk_sorts(ctx, NULL, S); }
sorts(A) ::= sorts(L) COMMA sort(S).         { A = fe_mk_sorts(ctx, L, S); }
sort(A) ::= INT(T).                          { A = fe_mk_sort(ctx, T, clp_sort_int()); }
sort(A) ::= BOOL(T).                         { A = fe_mk_sort(ctx, T, clp_sort_bool()); }
sort(A) ::= MAP(T).
  { A = fe_mk_sort(ctx, T, clp_sort_array(clp_sort_int(), clp_sort_int())); }
sort(A) ::= ARRAY(T) LPAREN sort(I) COMMA sort(E) RPAREN.
                                             { A = fe_mk_array_sort(ctx, T, I, E); }

/* bodies and terms: one expression grammar, classified by fe_sema; an
 * argument list is one expression whose top-level ',' separate arguments */
expr(A) ::= expr(X) SEMI(T) expr(Y).         { A = fe_mk_bin(ctx, A_SEMI, T, X, Y); }
expr(A) ::= expr(X) LOR(T) expr(Y).          { A = fe_mk_bin(ctx, A_OR, T, X, Y); }
expr(A) ::= expr(X) COMMA(T) expr(Y).        { A = fe_mk_bin(ctx, A_COMMA, T, X, Y); }
expr(A) ::= expr(X) LAND(T) expr(Y).         { A = fe_mk_bin(ctx, A_AND, T, X, Y); }
expr(A) ::= NOT(T) expr(X).                  { A = fe_mk_un(ctx, A_NOT, T, X); }
expr(A) ::= expr(X) EQ(T) expr(Y).           { A = fe_mk_bin(ctx, A_EQ, T, X, Y); }
expr(A) ::= expr(X) NE(T) expr(Y).           { A = fe_mk_bin(ctx, A_NE, T, X, Y); }
expr(A) ::= expr(X) LT(T) expr(Y).           { A = fe_mk_bin(ctx, A_LT, T, X, Y); }
expr(A) ::= expr(X) LE(T) expr(Y).           { A = fe_mk_bin(ctx, A_LE, T, X, Y); }
expr(A) ::= expr(X) GT(T) expr(Y).           { A = fe_mk_bin(ctx, A_GT, T, X, Y); }
expr(A) ::= expr(X) GE(T) expr(Y).           { A = fe_mk_bin(ctx, A_GE, T, X, Y); }
expr(A) ::= expr(X) PLUS(T) expr(Y).         { A = fe_mk_bin(ctx, A_ADD, T, X, Y); }
expr(A) ::= expr(X) MINUS(T) expr(Y).        { A = fe_mk_bin(ctx, A_SUB, T, X, Y); }
expr(A) ::= expr(X) STAR(T) expr(Y).         { A = fe_mk_bin(ctx, A_MUL, T, X, Y); }
expr(A) ::= expr(X) SLASH(T) expr(Y).        { A = fe_mk_bin(ctx, A_DIV, T, X, Y); }
expr(A) ::= expr(X) DIV(T) expr(Y).          { A = fe_mk_bin(ctx, A_DIV, T, X, Y); }
expr(A) ::= expr(X) MOD(T) expr(Y).          { A = fe_mk_bin(ctx, A_MOD, T, X, Y); }
expr(A) ::= MINUS(T) expr(X). [UMINUS]       { A = fe_mk_un(ctx, A_NEG, T, X); }
expr(A) ::= LPAREN expr(X) RPAREN.           { A = fe_mk_paren(ctx, X); }
expr(A) ::= NUM(T).                          { A = fe_mk_num(ctx, T); }
expr(A) ::= TRUE(T).                         { A = fe_mk_const(ctx, A_TRUE, T); }
expr(A) ::= FALSE(T).                        { A = fe_mk_const(ctx, A_FALSE, T); }
expr(A) ::= NAME(T).                         { A = fe_mk_name(ctx, T); }
expr(A) ::= NAME(T) LPAREN RPAREN.           { A = fe_mk_callx(ctx, T, NULL); }
expr(A) ::= NAME(T) LPAREN expr(E) RPAREN.   { A = fe_mk_callx(ctx, T, E); }
expr(A) ::= SELECT(T) LPAREN expr(E) RPAREN. { A = fe_mk_builtin(ctx, A_SELECT, T, E); }
expr(A) ::= STORE(T) LPAREN expr(E) RPAREN.  { A = fe_mk_builtin(ctx, A_STORE, T, E); }
expr(A) ::= CONST(T) LPAREN expr(E) RPAREN.  { A = fe_mk_builtin(ctx, A_CONST, T, E); }
expr(A) ::= ITE(T) LPAREN expr(E) RPAREN.    { A = fe_mk_builtin(ctx, A_ITE, T, E); }

%code {
/* The parser lives on the GC heap: its stack holds AST pointers. */
static void *gc_alloc(size_t n) { return GC_MALLOC(n); }
static void gc_free(void *p) { (void)p; }

void *fe_parser_new(fe_ctx *c) { return fe_lemonAlloc(gc_alloc, c); }
void fe_parser_feed(void *p, int code, fe_tok t) { fe_lemon(p, code, t); }
void fe_parser_free(void *p) { fe_lemonFree(p, gc_free); }
}
