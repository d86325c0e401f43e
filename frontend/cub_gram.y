/* cub_gram.y -- the Cubicle 1.2 (.cub) grammar (lemon), after the
 * grammar of Cubicle's manual.  For now a recognizer: it checks the
 * syntax and reports unsupported constructs at their position; the
 * translation to rule sets is not written yet (docs/cub.md). */
%name cub_lemon
%token_prefix CT_
%token_type {fe_tok}
%extra_context {fe_ctx *ctx}
%stack_size 2000

%include {
#include <assert.h>
#include <stdlib.h>
#include "fe_cub.h"
}

%syntax_error { cub_syntax_error(ctx, yymajor, yyminor); }
%parse_failure { ctx->syntax_error = true; }
%stack_overflow {
  fe_error(ctx, ctx->last.off, "expression nested too deeply");
  ctx->syntax_error = true;
}

/* Lowest to highest. */
%right QUANT.
%right IF ELSE.
%left IMP EQUIV.
%left OR.
%left AND.
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

decl ::= NUMBER_PROCS NUM.
decl ::= TYPE NAME.
decl ::= TYPE NAME EQ ctors.
decl ::= TYPE NAME EQ BAR ctors.
ctors ::= NAME.
ctors ::= ctors BAR NAME.
decl ::= VAR NAME COLON ty.
decl ::= CONST NAME COLON ty.
decl ::= ARRAY NAME LBRACK tys RBRACK COLON ty.
decl ::= FUNCTION(T).
  { cub_unsupported(ctx, T, "'function' declarations (uninterpreted "
                    "functions have no rule-set translation)"); }
tys ::= ty.
tys ::= tys COMMA ty.
ty ::= NAME.
ty ::= INT.
ty ::= BOOL.
ty ::= PROC.
ty ::= REAL(T).
  { cub_unsupported(ctx, T, "type 'real' (car has no real arithmetic in "
                    ".cub systems)"); }

decl ::= INIT LPAREN names RPAREN LBRACE expr RBRACE.
decl ::= INIT LBRACE expr RBRACE.
decl ::= UNSAFE LPAREN names RPAREN LBRACE expr RBRACE.
decl ::= UNSAFE LBRACE expr RBRACE.
decl ::= INVARIANT LPAREN names RPAREN LBRACE expr RBRACE.
decl ::= INVARIANT LBRACE expr RBRACE.
decl ::= PREDICATE NAME LPAREN names RPAREN LBRACE expr RBRACE.
decl ::= TRANSITION NAME LPAREN names RPAREN reqs LBRACE actions RBRACE.

names ::= .
names ::= names1.
names1 ::= NAME.
names1 ::= names1 NAME.
names1 ::= names1 COMMA NAME.
/* array subscripts: process variables or process numbers #1, #2... */
idxs ::= idx.
idxs ::= idxs COMMA idx.
idx ::= NAME.
idx ::= PROCNUM.

reqs ::= .
reqs ::= REQUIRES LBRACE expr RBRACE.

actions ::= .
actions ::= acts.
actions ::= acts SEMI.
acts ::= action.
acts ::= acts SEMI action.
action ::= lhs ASSIGN rhs.
lhs ::= NAME.
lhs ::= NAME LBRACK idxs RBRACK.
rhs ::= term.
rhs ::= DOT.
rhs ::= QMARK.
rhs ::= CASE switches.
switches ::= BAR switch.
switches ::= switches BAR switch.
switch ::= expr COLON term.
switch ::= UNDERSCORE COLON term.

expr ::= expr AND expr.
expr ::= expr OR expr.
expr ::= expr IMP expr.
expr ::= expr EQUIV expr.
expr ::= NOT expr.
expr ::= LPAREN expr RPAREN.
expr ::= FORALL_OTHER NAME DOT expr. [QUANT]
expr ::= EXISTS_OTHER NAME DOT expr. [QUANT]
expr ::= FORALL names1 DOT expr. [QUANT]
expr ::= EXISTS names1 DOT expr. [QUANT]
expr ::= FORALL(T) names1 NE NAME DOT.
  { cub_unsupported(ctx, T, "quantifier over distinct variables 'forall x <> "
                    "y.' (syntax of later Cubicle versions, not 1.2)"); }
expr ::= IF expr THEN expr ELSE expr. [IF]
expr ::= term EQ term.
expr ::= term NE term.
expr ::= term LT term.
expr ::= term LE term.
expr ::= term GT term.
expr ::= term GE term.
expr ::= NAME LPAREN args RPAREN.
args ::= .
args ::= args1.
args1 ::= term.
args1 ::= args1 COMMA term.

term ::= NAME.
term ::= NAME LBRACK idxs RBRACK.
term ::= PROCNUM.
term ::= NUM.
term ::= term PLUS term.
term ::= term MINUS term.
term ::= MINUS term. [UMINUS]
term ::= term STAR term.

%code {
/* The parser lives on the GC heap. */
static void *gc_alloc(size_t n) { return GC_MALLOC(n); }
static void gc_free(void *p) { (void)p; }
void *cub_parser_new(fe_ctx *c) { return cub_lemonAlloc(gc_alloc, c); }
void cub_parser_feed(void *p, int code, fe_tok t) { cub_lemon(p, code, t); }
void cub_parser_free(void *p) { cub_lemonFree(p, gc_free); }
}
