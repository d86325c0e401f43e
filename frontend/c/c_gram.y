/* c_gram.y -- the C-subset grammar (lemon).  Every action is one call into
 * a builder of c_build.c.  Typedef names arrive as TYPENAME (the driver
 * classifies identifiers); attributes, asm labels and ignored qualifiers
 * never arrive; struct/union/enum tokens and float literals of the user's
 * file are rejected by the driver before they get here; float/double types
 * are accepted only in prototypes (c_build.c). */
%name c_lemon
%token_prefix CT_
%token_type {c_tok}
%extra_context {c_ctx *ctx}
%stack_size 4000

%include {
#include <assert.h>
#include <stdlib.h>
#include "frontend/c/c_parse.h"
}

%syntax_error { c_syntax_error(ctx, yymajor, yyminor); }
%parse_failure { ctx->syntax_error = true; }
%stack_overflow {
  c_error(ctx, ctx->last.pos, "expression or statement nested too deeply");
  ctx->syntax_error = true;
}

/* Lowest to highest. */
%nonassoc LOWER_THAN_ELSE.
%nonassoc ELSE.
%right ASSIGN OPASSIGN QUESTION COLON.
%left OROR.
%left ANDAND.
%left OR.
%left XOR.
%left AMP.
%left EQ NE.
%left LT GT LE GE.
%left SHL SHR.
%left PLUS MINUS.
%left STAR SLASH PERCENT.
%right UNARY SIZEOF.
%left INC DEC LBRACKET LPAREN.

%token NAME TYPENAME NUM STRING
       INT UNSIGNED SIGNED CHAR SHORT LONG BOOL VOID STATIC EXTERN TYPEDEF
       IF WHILE DO FOR BREAK CONTINUE RETURN GOTO SWITCH CASE DEFAULT
       STRUCT UNION ENUM FLOAT DOUBLE
       RPAREN RBRACKET LBRACE RBRACE SEMI COMMA ELLIPSIS NOT TILDE
       ARROW DOT.

%type expr {c_expr *}
%type aexpr {c_expr *}
%type args {c_list *}
%type strings {c_tok}
%type specs {c_specs}
%type type_name {c_type}
%type dtor {c_dtor}
%type adtor {c_dtor}
%type params {c_list *}
%type param {c_decl *}
%type idecls {c_list *}
%type idecl {c_idecl *}
%type init {c_init}
%type ilist {c_list *}
%type decl {c_stmt *}
%type stmt {c_stmt *}
%type compound {c_stmt *}
%type items {c_list *}
%type item {c_stmt *}
%type for_init {c_stmt *}
%type opt_expr {c_expr *}

/* ----------------------------------------------------------------- unit */
unit ::= exts.
exts ::= .
exts ::= exts ext.
ext ::= decl(D).                       { c_add_globals(ctx, D); }
ext ::= specs(S) dtor(D) compound(B).  { c_mk_funcdef(ctx, S, D, B); }
ext ::= dtor(D) compound(B).           { c_specs s = {0}; s.pos = D.pos;
                                         c_mk_funcdef(ctx, s, D, B); }
ext ::= SEMI.

/* ---------------------------------------------------------- declarations */
decl(A) ::= specs(S) SEMI.              { A = c_mk_decls(ctx, S, NULL, false); }
decl(A) ::= specs(S) idecls(L) SEMI.    { A = c_mk_decls(ctx, S, L, false); }

specs(A) ::= INT(T).                    { c_specs s = {0}; A = c_specs_add(ctx, s, CT_INT, T); }
specs(A) ::= UNSIGNED(T).               { c_specs s = {0}; A = c_specs_add(ctx, s, CT_UNSIGNED, T); }
specs(A) ::= SIGNED(T).                 { c_specs s = {0}; A = c_specs_add(ctx, s, CT_SIGNED, T); }
specs(A) ::= CHAR(T).                   { c_specs s = {0}; A = c_specs_add(ctx, s, CT_CHAR, T); }
specs(A) ::= SHORT(T).                  { c_specs s = {0}; A = c_specs_add(ctx, s, CT_SHORT, T); }
specs(A) ::= LONG(T).                   { c_specs s = {0}; A = c_specs_add(ctx, s, CT_LONG, T); }
specs(A) ::= BOOL(T).                   { c_specs s = {0}; A = c_specs_add(ctx, s, CT_BOOL, T); }
specs(A) ::= VOID(T).                   { c_specs s = {0}; A = c_specs_add(ctx, s, CT_VOID, T); }
specs(A) ::= STATIC(T).                 { c_specs s = {0}; A = c_specs_add(ctx, s, CT_STATIC, T); }
specs(A) ::= EXTERN(T).                 { c_specs s = {0}; A = c_specs_add(ctx, s, CT_EXTERN, T); }
specs(A) ::= TYPEDEF(T).                { c_specs s = {0}; A = c_specs_add(ctx, s, CT_TYPEDEF, T); }
specs(A) ::= TYPENAME(T).               { c_specs s = {0}; A = c_specs_add(ctx, s, CT_TYPENAME, T); }
specs(A) ::= FLOAT(T).                  { c_specs s = {0}; A = c_specs_add(ctx, s, CT_FLOAT, T); }
specs(A) ::= DOUBLE(T).                 { c_specs s = {0}; A = c_specs_add(ctx, s, CT_FLOAT, T); }
specs(A) ::= specs(S) FLOAT(T).         { A = c_specs_add(ctx, S, CT_FLOAT, T); }
specs(A) ::= specs(S) DOUBLE(T).        { A = c_specs_add(ctx, S, CT_FLOAT, T); }
specs(A) ::= specs(S) INT(T).           { A = c_specs_add(ctx, S, CT_INT, T); }
specs(A) ::= specs(S) UNSIGNED(T).      { A = c_specs_add(ctx, S, CT_UNSIGNED, T); }
specs(A) ::= specs(S) SIGNED(T).        { A = c_specs_add(ctx, S, CT_SIGNED, T); }
specs(A) ::= specs(S) CHAR(T).          { A = c_specs_add(ctx, S, CT_CHAR, T); }
specs(A) ::= specs(S) SHORT(T).         { A = c_specs_add(ctx, S, CT_SHORT, T); }
specs(A) ::= specs(S) LONG(T).          { A = c_specs_add(ctx, S, CT_LONG, T); }
specs(A) ::= specs(S) BOOL(T).          { A = c_specs_add(ctx, S, CT_BOOL, T); }
specs(A) ::= specs(S) VOID(T).          { A = c_specs_add(ctx, S, CT_VOID, T); }
specs(A) ::= specs(S) STATIC(T).        { A = c_specs_add(ctx, S, CT_STATIC, T); }
specs(A) ::= specs(S) EXTERN(T).        { A = c_specs_add(ctx, S, CT_EXTERN, T); }
specs(A) ::= specs(S) TYPEDEF(T).       { A = c_specs_add(ctx, S, CT_TYPEDEF, T); }
specs(A) ::= specs(S) TYPENAME(T).      { A = c_specs_add(ctx, S, CT_TYPENAME, T); }

idecls(A) ::= idecl(D).                 { A = NEW(c_list); c_list_push(A, D); }
idecls(A) ::= idecls(L) COMMA idecl(D). { A = L; c_list_push(A, D); }
idecl(A) ::= dtor(D).                   { A = c_mk_idecl(ctx, D, NULL); }
idecl(A) ::= dtor(D) ASSIGN init(I).    { A = c_mk_idecl(ctx, D, &I); }

init(A) ::= aexpr(E).                   { A = c_init_expr(E); }
init(A) ::= LBRACE(T) ilist(L) RBRACE.  { A = c_init_list(ctx, T, L); }
init(A) ::= LBRACE(T) ilist(L) COMMA RBRACE. { A = c_init_list(ctx, T, L); }
init(A) ::= LBRACE(T) RBRACE.           { A = c_init_list(ctx, T, NULL); }
ilist(A) ::= init(I).                   { A = NEW(c_list); c_list_push(A, c_init_box(I)); }
ilist(A) ::= ilist(L) COMMA init(I).    { A = L; c_list_push(A, c_init_box(I)); }

dtor(A) ::= NAME(T).                    { A = c_dtor_name(ctx, T); }
dtor(A) ::= STAR dtor(D).               { A = c_dtor_ptr(ctx, D); }
dtor(A) ::= LPAREN dtor(D) RPAREN.      { A = c_dtor_nested(ctx, D); }
dtor(A) ::= dtor(D) LBRACKET(T) aexpr(E) RBRACKET.  { A = c_dtor_array(ctx, T, D, E); }
dtor(A) ::= dtor(D) LBRACKET(T) RBRACKET.   { A = c_dtor_array(ctx, T, D, NULL); }
dtor(A) ::= dtor(D) LPAREN params(P) RPAREN. { A = c_dtor_func(ctx, D, P); }
dtor(A) ::= dtor(D) LPAREN RPAREN.      { A = c_dtor_func(ctx, D, NULL); }

/* abstract declarators (prototype parameters, casts, sizeof) */
adtor(A) ::= STAR(T).                   { A = c_dtor_ptr(ctx, c_dtor_abstract(ctx, T)); }
adtor(A) ::= STAR adtor(D).             { A = c_dtor_ptr(ctx, D); }
adtor(A) ::= LBRACKET(T) RBRACKET.      { A = c_dtor_array(ctx, T, c_dtor_abstract(ctx, T), NULL); }
adtor(A) ::= LBRACKET(T) aexpr(E) RBRACKET. { A = c_dtor_array(ctx, T, c_dtor_abstract(ctx, T), E); }
adtor(A) ::= adtor(D) LBRACKET(T) RBRACKET. { A = c_dtor_array(ctx, T, D, NULL); }
adtor(A) ::= adtor(D) LBRACKET(T) aexpr(E) RBRACKET. { A = c_dtor_array(ctx, T, D, E); }

params(A) ::= param(P).                 { A = NEW(c_list); c_list_push(A, P); }
params(A) ::= params(L) COMMA param(P). { A = L; c_list_push(A, P); }
params(A) ::= params(L) COMMA ELLIPSIS. { A = L; }
param(A) ::= specs(S).                  { A = c_mk_param(ctx, S, NULL); }
param(A) ::= specs(S) dtor(D).          { A = c_mk_param(ctx, S, &D); }
param(A) ::= specs(S) adtor(D).         { A = c_mk_param(ctx, S, &D); }

type_name(A) ::= specs(S).              { A = c_type_name(ctx, S, NULL); }
type_name(A) ::= specs(S) adtor(D).     { A = c_type_name(ctx, S, &D); }

/* ------------------------------------------------------------ statements */
compound(A) ::= LBRACE(T) items(L) RBRACE.  { A = c_mk_block(ctx, T, L); }
items(A) ::= .                          { A = NEW(c_list); }
items(A) ::= items(L) item(S).          { A = L; if (S) c_list_push(A, S); }
item(A) ::= stmt(S).                    { A = S; }
item(A) ::= decl(D).                    { A = D; }

stmt(A) ::= compound(B).                { A = B; }
stmt(A) ::= expr(E) SEMI.               { A = c_mk_expr_stmt(ctx, E); }
stmt(A) ::= SEMI(T).                    { A = c_mk_stmt(ctx, C_S_EXPR, T); }
stmt(A) ::= IF(T) LPAREN expr(E) RPAREN stmt(S). [LOWER_THAN_ELSE]
  { A = c_mk_stmt(ctx, C_S_IF, T); A->e = E; A->then_ = S; }
stmt(A) ::= IF(T) LPAREN expr(E) RPAREN stmt(S) ELSE stmt(F).
  { A = c_mk_stmt(ctx, C_S_IF, T); A->e = E; A->then_ = S; A->else_ = F; }
stmt(A) ::= WHILE(T) LPAREN expr(E) RPAREN stmt(S).
  { A = c_mk_stmt(ctx, C_S_WHILE, T); A->e = E; A->body = S; }
stmt(A) ::= DO(T) stmt(S) WHILE LPAREN expr(E) RPAREN SEMI.
  { A = c_mk_stmt(ctx, C_S_DO, T); A->e = E; A->body = S; }
stmt(A) ::= FOR(T) LPAREN for_init(I) opt_expr(E) SEMI opt_expr(P) RPAREN stmt(S).
  { A = c_mk_stmt(ctx, C_S_FOR, T); A->init = I; A->e = E; A->step = P; A->body = S; }
stmt(A) ::= BREAK(T) SEMI.              { A = c_mk_stmt(ctx, C_S_BREAK, T); }
stmt(A) ::= CONTINUE(T) SEMI.           { A = c_mk_stmt(ctx, C_S_CONTINUE, T); }
stmt(A) ::= RETURN(T) SEMI.             { A = c_mk_stmt(ctx, C_S_RETURN, T); }
stmt(A) ::= RETURN(T) expr(E) SEMI.     { A = c_mk_stmt(ctx, C_S_RETURN, T); A->e = E; }
stmt(A) ::= GOTO(T) NAME(L) SEMI.       { A = c_mk_stmt(ctx, C_S_GOTO, T); A->label = c_tok_str(ctx, L); }
stmt(A) ::= NAME(L) COLON stmt(S).      { A = c_mk_stmt(ctx, C_S_LABEL, L); A->label = c_tok_str(ctx, L); A->body = S; }
stmt(A) ::= SWITCH(T) LPAREN expr(E) RPAREN stmt(S).
  { A = c_mk_stmt(ctx, C_S_SWITCH, T); A->e = E; A->body = S; }
stmt(A) ::= CASE(T) aexpr(E) COLON stmt(S). { A = c_mk_stmt(ctx, C_S_CASE, T); A->e = E; A->body = S; }
stmt(A) ::= DEFAULT(T) COLON stmt(S).   { A = c_mk_stmt(ctx, C_S_CASE, T); A->body = S; }

for_init(A) ::= SEMI.                   { A = NULL; }
for_init(A) ::= expr(E) SEMI.           { A = c_mk_expr_stmt(ctx, E); }
for_init(A) ::= decl(D).                { A = D; }
opt_expr(A) ::= .                       { A = NULL; }
opt_expr(A) ::= expr(E).                { A = E; }

/* ----------------------------------------------------------- expressions */
expr(A) ::= aexpr(E).                   { A = E; }
expr(A) ::= expr(X) COMMA(T) aexpr(Y).  { A = c_mk_bin(ctx, T, ",", X, Y); A->kind = C_E_COMMA; A->op = NULL; }

aexpr(A) ::= aexpr(X) ASSIGN(T) aexpr(Y).   { A = c_mk_assign(ctx, T, "=", X, Y); }
aexpr(A) ::= aexpr(X) OPASSIGN(T) aexpr(Y). { A = c_mk_assign(ctx, T, NULL, X, Y); }
aexpr(A) ::= aexpr(X) QUESTION(T) expr(Y) COLON aexpr(Z). { A = c_mk_cond(ctx, T, X, Y, Z); }
aexpr(A) ::= aexpr(X) OROR(T) aexpr(Y).     { A = c_mk_bin(ctx, T, "||", X, Y); }
aexpr(A) ::= aexpr(X) ANDAND(T) aexpr(Y).   { A = c_mk_bin(ctx, T, "&&", X, Y); }
aexpr(A) ::= aexpr(X) OR(T) aexpr(Y).       { A = c_mk_bin(ctx, T, "|", X, Y); }
aexpr(A) ::= aexpr(X) XOR(T) aexpr(Y).      { A = c_mk_bin(ctx, T, "^", X, Y); }
aexpr(A) ::= aexpr(X) AMP(T) aexpr(Y).      { A = c_mk_bin(ctx, T, "&", X, Y); }
aexpr(A) ::= aexpr(X) EQ(T) aexpr(Y).       { A = c_mk_bin(ctx, T, "==", X, Y); }
aexpr(A) ::= aexpr(X) NE(T) aexpr(Y).       { A = c_mk_bin(ctx, T, "!=", X, Y); }
aexpr(A) ::= aexpr(X) LT(T) aexpr(Y).       { A = c_mk_bin(ctx, T, "<", X, Y); }
aexpr(A) ::= aexpr(X) GT(T) aexpr(Y).       { A = c_mk_bin(ctx, T, ">", X, Y); }
aexpr(A) ::= aexpr(X) LE(T) aexpr(Y).       { A = c_mk_bin(ctx, T, "<=", X, Y); }
aexpr(A) ::= aexpr(X) GE(T) aexpr(Y).       { A = c_mk_bin(ctx, T, ">=", X, Y); }
aexpr(A) ::= aexpr(X) SHL(T) aexpr(Y).      { A = c_mk_bin(ctx, T, "<<", X, Y); }
aexpr(A) ::= aexpr(X) SHR(T) aexpr(Y).      { A = c_mk_bin(ctx, T, ">>", X, Y); }
aexpr(A) ::= aexpr(X) PLUS(T) aexpr(Y).     { A = c_mk_bin(ctx, T, "+", X, Y); }
aexpr(A) ::= aexpr(X) MINUS(T) aexpr(Y).    { A = c_mk_bin(ctx, T, "-", X, Y); }
aexpr(A) ::= aexpr(X) STAR(T) aexpr(Y).     { A = c_mk_bin(ctx, T, "*", X, Y); }
aexpr(A) ::= aexpr(X) SLASH(T) aexpr(Y).    { A = c_mk_bin(ctx, T, "/", X, Y); }
aexpr(A) ::= aexpr(X) PERCENT(T) aexpr(Y).  { A = c_mk_bin(ctx, T, "%", X, Y); }
aexpr(A) ::= MINUS(T) aexpr(X). [UNARY]     { A = c_mk_un(ctx, T, "-", X); }
aexpr(A) ::= PLUS(T) aexpr(X). [UNARY]      { A = c_mk_un(ctx, T, "+", X); }
aexpr(A) ::= NOT(T) aexpr(X). [UNARY]       { A = c_mk_un(ctx, T, "!", X); }
aexpr(A) ::= TILDE(T) aexpr(X). [UNARY]     { A = c_mk_un(ctx, T, "~", X); }
aexpr(A) ::= INC(T) aexpr(X). [UNARY]       { A = c_mk_incdec(ctx, T, "++", true, X); }
aexpr(A) ::= DEC(T) aexpr(X). [UNARY]       { A = c_mk_incdec(ctx, T, "--", true, X); }
aexpr(A) ::= AMP(T) aexpr. [UNARY]          { A = c_mk_unsupported(ctx, T, "pointers"); }
aexpr(A) ::= STAR(T) aexpr. [UNARY]         { A = c_mk_unsupported(ctx, T, "pointers"); }
aexpr(A) ::= SIZEOF(T) aexpr(X).            { A = c_mk_sizeof_expr(ctx, T, X); }
aexpr(A) ::= SIZEOF(T) LPAREN type_name(Y) RPAREN. { A = c_mk_sizeof_type(ctx, T, Y); }
aexpr(A) ::= LPAREN(T) type_name(Y) RPAREN aexpr(X). [UNARY] { A = c_mk_cast(ctx, T, Y, X); }
aexpr(A) ::= aexpr(X) INC(T).               { A = c_mk_incdec(ctx, T, "++", false, X); }
aexpr(A) ::= aexpr(X) DEC(T).               { A = c_mk_incdec(ctx, T, "--", false, X); }
aexpr(A) ::= aexpr(X) LBRACKET(T) expr(Y) RBRACKET. { A = c_mk_index(ctx, T, X, Y); }
aexpr(A) ::= NAME(N) LPAREN RPAREN.         { A = c_mk_call(ctx, N, NULL); }
aexpr(A) ::= NAME(N) LPAREN args(L) RPAREN. { A = c_mk_call(ctx, N, L); }
aexpr(A) ::= NAME(N).                       { A = c_mk_var(ctx, N); }
aexpr(A) ::= NUM(T).                        { A = c_mk_num(ctx, T); }
aexpr(A) ::= strings(T).                    { A = c_mk_str(ctx, T); }
aexpr(A) ::= LPAREN expr(E) RPAREN.         { A = E; }
aexpr(A) ::= LPAREN(T) compound(B) RPAREN.  { A = c_mk_stmt_expr(ctx, T, B); }

strings(A) ::= STRING(T).                   { A = T; }
strings(A) ::= strings(S) STRING(T).        { A = S; A.len = T.off + T.len - S.off; }

args(A) ::= aexpr(E).                       { A = NEW(c_list); c_list_push(A, E); }
args(A) ::= args(L) COMMA aexpr(E).         { A = L; c_list_push(A, E); }

%code {
/* The parser lives on the GC heap: its stack holds AST pointers. */
static void *gc_alloc(size_t n) { return GC_MALLOC(n); }
static void gc_free(void *p) { (void)p; }

void *c_parser_new(c_ctx *c) { return c_lemonAlloc(gc_alloc, c); }
void c_parser_feed(void *p, int code, c_tok t) { c_lemon(p, code, t); }
void c_parser_free(void *p) { c_lemonFree(p, gc_free); }
}
