/* cub_gram.y -- the Cubicle 1.2 (.cub) grammar (lemon), after the
 * grammar of Cubicle's manual.  For now a recognizer: it checks the
 * syntax and reports unsupported constructs at their position; the
 * translation to rule sets is not written yet (docs/cub.md). */
%name cub_lemon
%token_prefix CT_
%token_type {fe_tok}
%extra_context {cub_px *px}
%stack_size 2000

%include {
#include <assert.h>
#include <stdlib.h>
#include "frontend/cub/cub_ast.h"
}

%syntax_error { cub_syntax_error(px->ctx, yymajor, yyminor); }
%parse_failure { px->ctx->syntax_error = true; }
%stack_overflow {
  fe_error_k(px->ctx, FE_DIAG_LIMIT, px->ctx->last.off, "expression nested too deeply");
  px->ctx->syntax_error = true;
}

%type expr {cub_expr *}
%type term {cub_expr *}
%type idx {cub_expr *}
%type idxs {cub_exprs *}
%type args {cub_exprs *}
%type args1 {cub_exprs *}
%type names {cub_names *}
%type names1 {cub_names *}
%type dnames {cub_names *}
%type ctors {cub_names *}
%type ty {cub_ty}
%type tys {cub_tys *}
%type reqs {cub_expr *}
%type actions {cub_trans *}
%type acts {cub_trans *}
%type action {cub_action *}
%type lhs {cub_action *}
%type switches {cub_action *}


/* Lowest to highest; as Cubicle's parser.mly: a => b => c is
 * a => (b => c), and if-then-else binds tighter than the connectives
 * (if c then a else b && d is (if c then a else b) && d). */
%right QUANT.
%right IMP EQUIV.
%right OR.
%right AND.
%nonassoc IF ELSE.
%right NOT.
%nonassoc EQ NE LT LE GT GE.
%left PLUS MINUS.
%left STAR.
%right UMINUS.

%token NUM NAME TYPE VAR CONST ARRAY INIT UNSAFE INVARIANT TRANSITION
       REQUIRES CASE FORALL_OTHER EXISTS_OTHER FORALL EXISTS PREDICATE
       NUMBER_PROCS THEN INT BOOL PROC REAL FUNCTION UNDERSCORE ASSIGN
       COLON DOT QMARK COMMA SEMI BAR LPAREN RPAREN LBRACK RBRACK LBRACE
       RBRACE PROCNUM.

system ::= decls.
decls ::= .
decls ::= decls decl.

/* a system of exactly that many processes (Cubicle's size_proc) */
decl ::= NUMBER_PROCS NUM(T).
  { px->sys->nprocs = cub_mk_num(px, T)->num;
    px->sys->nprocs_off = T.off; }
decl ::= TYPE NAME(N).                  { cub_mk_type(px, N, NULL); }
decl ::= TYPE NAME(N) EQ ctors(L).      { cub_mk_type(px, N, L); }
decl ::= TYPE NAME(N) EQ BAR ctors(L).  { cub_mk_type(px, N, L); }
ctors(L) ::= NAME(T).                   { L = cub_mk_names(px, NULL, T); }
ctors(L) ::= ctors(A) BAR NAME(T).      { L = cub_mk_names(px, A, T); }
decl ::= VAR NAME(N) COLON ty(T).       { cub_mk_decl(px, CD_VAR, N, NULL, T); }
decl ::= CONST NAME(N) COLON ty(T).     { cub_mk_decl(px, CD_CONST, N, NULL, T); }
decl ::= ARRAY NAME(N) LBRACK tys(D) RBRACK COLON ty(T).
  { cub_mk_decl(px, CD_ARRAY, N, D, T); }
decl ::= FUNCTION(T).
  { cub_unsupported(px->ctx, T, "'function' declarations (uninterpreted "
                    "functions have no rule-set translation)"); }
tys(L) ::= ty(T).                       { L = cub_mk_tys(px, NULL, T); }
tys(L) ::= tys(A) COMMA ty(T).          { L = cub_mk_tys(px, A, T); }
ty(Y) ::= NAME(T).                      { Y = cub_mk_ty(px, T); }
ty(Y) ::= INT(T).                       { Y = cub_mk_ty(px, T); }
ty(Y) ::= BOOL(T).                      { Y = cub_mk_ty(px, T); }
ty(Y) ::= PROC(T).                      { Y = cub_mk_ty(px, T); }
ty(Y) ::= REAL(T).
  { Y = cub_mk_ty(px, T);
    cub_unsupported(px->ctx, T, "type 'real' (car has no real arithmetic in "
                    ".cub systems)"); }

decl ::= INIT(T) LPAREN names(V) RPAREN LBRACE expr(F) RBRACE.
  { cub_mk_fdecl(px, 0, T, V, F); }
decl ::= INIT(T) LBRACE expr(F) RBRACE.          { cub_mk_fdecl(px, 0, T, NULL, F); }
decl ::= UNSAFE(T) LPAREN names(V) RPAREN LBRACE expr(F) RBRACE.
  { cub_mk_fdecl(px, 1, T, V, F); }
decl ::= UNSAFE(T) LBRACE expr(F) RBRACE.        { cub_mk_fdecl(px, 1, T, NULL, F); }
decl ::= INVARIANT(T) LPAREN names(V) RPAREN LBRACE expr(F) RBRACE.
  { cub_mk_fdecl(px, 2, T, V, F); }
decl ::= INVARIANT(T) LBRACE expr(F) RBRACE.     { cub_mk_fdecl(px, 2, T, NULL, F); }
decl ::= PREDICATE NAME(N) LPAREN names(V) RPAREN LBRACE expr(F) RBRACE.
  { cub_mk_pred(px, N, V, F); }
decl ::= TRANSITION NAME(N) LPAREN names(V) RPAREN reqs(R) LBRACE actions(A) RBRACE.
  { cub_mk_trans(px, N, V, R, A); }

names(L) ::= .                          { L = NULL; }
names(L) ::= names1(A).                 { L = A; }
names1(L) ::= NAME(T).                  { L = cub_mk_names(px, NULL, T); }
names1(L) ::= names1(A) NAME(T).        { L = cub_mk_names(px, A, T); }
names1(L) ::= names1(A) COMMA NAME(T).  { L = cub_mk_names(px, A, T); }
/* x <> y <> z: distinct process variables (Cubicle's quantifiers) */
dnames(L) ::= NAME(A) NE NAME(B).       { L = cub_mk_names(px, cub_mk_names(px, NULL, A), B); }
dnames(L) ::= dnames(A) NE NAME(T).     { L = cub_mk_names(px, A, T); }
/* array subscripts: process variables or process numbers #1, #2... */
idxs(L) ::= idx(E).                     { L = cub_mk_exprs(NULL, E); }
idxs(L) ::= idxs(A) COMMA idx(E).       { L = cub_mk_exprs(A, E); }
idx(E) ::= NAME(T).                     { E = cub_mk_name(px, T); }
idx(E) ::= PROCNUM(T).                  { E = cub_mk_procnum(px, T); }

reqs(R) ::= .                           { R = NULL; }
reqs(R) ::= REQUIRES LBRACE expr(F) RBRACE.  { R = F; }

actions(L) ::= .                        { L = NULL; }
actions(L) ::= acts(A).                 { L = A; }
actions(L) ::= acts(A) SEMI.            { L = A; }
acts(L) ::= action(X).                  { L = cub_mk_acts(NULL, X); }
acts(L) ::= acts(A) SEMI action(X).     { L = cub_mk_acts(A, X); }
action(X) ::= lhs(L) ASSIGN term(T).    { X = cub_act_term(L, T); }
action(X) ::= lhs(L) ASSIGN DOT.        { X = cub_act_nondet(L); }
action(X) ::= lhs(L) ASSIGN QMARK.      { X = cub_act_nondet(L); }
action(X) ::= lhs(L) ASSIGN CASE(T) switches(S).
  { X = NULL;
    if (S->cases[S->ncases - 1].cond)  /* Cubicle: unconstrained; car: kept */
      cub_unsupported(px->ctx, T, "'case' without a last branch '| _ : t' "
                      "(where no branch holds, Cubicle leaves the value "
                      "unconstrained; write the default)");
    else X = cub_act_cases(L, S); }
lhs(L) ::= NAME(T).                     { L = cub_mk_action(px, T, NULL); }
lhs(L) ::= NAME(T) LBRACK idxs(I) RBRACK.  { L = cub_mk_action(px, T, I); }
switches(S) ::= BAR expr(C) COLON term(V).      { S = cub_act_case(NULL, C, V); }
switches(S) ::= BAR UNDERSCORE COLON term(V).  { S = cub_act_case(NULL, NULL, V); }
switches(S) ::= switches(A) BAR expr(C) COLON term(V).   { S = cub_act_case(A, C, V); }
switches(S) ::= switches(A) BAR UNDERSCORE COLON term(V). { S = cub_act_case(A, NULL, V); }

expr(E) ::= expr(A) AND(T) expr(B).     { E = cub_mk_op(px, CE_AND, T, A, B, NULL); }
expr(E) ::= expr(A) OR(T) expr(B).      { E = cub_mk_op(px, CE_OR, T, A, B, NULL); }
expr(E) ::= expr(A) IMP(T) expr(B).     { E = cub_mk_op(px, CE_IMP, T, A, B, NULL); }
expr(E) ::= expr(A) EQUIV(T) expr(B).   { E = cub_mk_op(px, CE_EQUIV, T, A, B, NULL); }
expr(E) ::= NOT(T) expr(A).             { E = cub_mk_op(px, CE_NOT, T, A, NULL, NULL); }
expr(E) ::= LPAREN expr(A) RPAREN.      { E = A; }
expr(E) ::= FORALL_OTHER(T) NAME(K) DOT expr(A). [QUANT]
  { E = cub_mk_quant(px, CE_FORALL_OTHER, T, cub_mk_names(px, NULL, K), A); }
expr(E) ::= EXISTS_OTHER(T) NAME(K) DOT expr(A). [QUANT]
  { E = cub_mk_quant(px, CE_EXISTS_OTHER, T, cub_mk_names(px, NULL, K), A); }
expr(E) ::= FORALL(T) names1(V) DOT expr(A). [QUANT]
  { E = cub_mk_quant(px, CE_FORALL, T, V, A); }
expr(E) ::= EXISTS(T) names1(V) DOT expr(A). [QUANT]
  { E = cub_mk_quant(px, CE_EXISTS, T, V, A); }
expr(E) ::= FORALL(T) dnames(V) DOT expr(A). [QUANT]
  { E = cub_mk_dquant(px, CE_FORALL, T, V, A); }
expr(E) ::= EXISTS(T) dnames(V) DOT expr(A). [QUANT]
  { E = cub_mk_dquant(px, CE_EXISTS, T, V, A); }
expr(E) ::= IF(T) expr(C) THEN expr(A) ELSE expr(B). [IF]
  { E = cub_mk_op(px, CE_ITE, T, C, A, B); }
expr(E) ::= term(A) EQ(T) term(B).      { E = cub_mk_op(px, CE_EQ, T, A, B, NULL); }
expr(E) ::= term(A) NE(T) term(B).      { E = cub_mk_op(px, CE_NE, T, A, B, NULL); }
expr(E) ::= term(A) LT(T) term(B).      { E = cub_mk_op(px, CE_LT, T, A, B, NULL); }
expr(E) ::= term(A) LE(T) term(B).      { E = cub_mk_op(px, CE_LE, T, A, B, NULL); }
expr(E) ::= term(A) GT(T) term(B).      { E = cub_mk_op(px, CE_GT, T, A, B, NULL); }
expr(E) ::= term(A) GE(T) term(B).      { E = cub_mk_op(px, CE_GE, T, A, B, NULL); }
expr(E) ::= NAME(N) LPAREN args(L) RPAREN.  { E = cub_mk_call(px, N, L); }
args(L) ::= .                           { L = NULL; }
args(L) ::= args1(A).                   { L = A; }
args1(L) ::= term(E).                   { L = cub_mk_exprs(NULL, E); }
args1(L) ::= args1(A) COMMA term(E).    { L = cub_mk_exprs(A, E); }

term(E) ::= NAME(T).                    { E = cub_mk_name(px, T); }
term(E) ::= NAME(T) LBRACK idxs(I) RBRACK.  { E = cub_mk_sel(px, T, I); }
term(E) ::= PROCNUM(T).                 { E = cub_mk_procnum(px, T); }
term(E) ::= NUM(T).                     { E = cub_mk_num(px, T); }
term(E) ::= term(A) PLUS(T) term(B).    { E = cub_mk_op(px, CE_ADD, T, A, B, NULL); }
term(E) ::= term(A) MINUS(T) term(B).   { E = cub_mk_op(px, CE_SUB, T, A, B, NULL); }
term(E) ::= MINUS(T) term(A). [UMINUS]  { E = cub_mk_op(px, CE_NEG, T, A, NULL, NULL); }
term(E) ::= term(A) STAR(T) term(B).    { E = cub_mk_op(px, CE_MUL, T, A, B, NULL); }

%code {
/* The parser lives on the GC heap. */
static void *gc_alloc(size_t n) { return GC_MALLOC(n); }
static void gc_free(void *p) { (void)p; }
void *cub_parser_new(cub_px *px) { return cub_lemonAlloc(gc_alloc, px); }
void cub_parser_feed(void *p, int code, fe_tok t) { cub_lemon(p, code, t); }
void cub_parser_free(void *p) { cub_lemonFree(p, gc_free); }
}
