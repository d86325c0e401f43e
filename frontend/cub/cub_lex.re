/* cub_lex.re -- the Cubicle 1.2 (.cub) tokenizer (re2c).  Tokens are
 * {offset, length} slices of the NUL-terminated source; comments are
 * nested (* ... *) blocks as in OCaml. */
#include <stdio.h>
#include <string.h>

#include "frontend/cub/cub_gram.h"
#include "frontend/cub/fe_cub.h"

/* keyword or NAME */
static int keyword(const char *s, int n) {
  static const struct { const char *w; int code; } kw[] = {
    {"type", CT_TYPE},         {"var", CT_VAR},
    {"const", CT_CONST},       {"array", CT_ARRAY},
    {"init", CT_INIT},         {"unsafe", CT_UNSAFE},
    {"invariant", CT_INVARIANT}, {"transition", CT_TRANSITION},
    {"requires", CT_REQUIRES}, {"case", CT_CASE},
    {"forall_other", CT_FORALL_OTHER}, {"exists_other", CT_EXISTS_OTHER},
    {"forall", CT_FORALL},     {"exists", CT_EXISTS},
    {"predicate", CT_PREDICATE}, {"number_procs", CT_NUMBER_PROCS},
    {"not", CT_NOT},           {"if", CT_IF},
    {"then", CT_THEN},         {"else", CT_ELSE},
    {"int", CT_INT},           {"bool", CT_BOOL},
    {"proc", CT_PROC},         {"real", CT_REAL},
    {"function", CT_FUNCTION},
  };
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if ((int)strlen(kw[i].w) == n && !memcmp(kw[i].w, s, (size_t)n))
      return kw[i].code;
  return CT_NAME;
}

/* Skips a nested comment starting at p (just after the opening "(*");
 * returns the offset after its end, or -1 when it is not closed. */
static int block_comment(const fe_ctx *c, int p) {
  int depth = 1;
  for (; p + 1 < c->len; p++) {
    if (c->src[p] == '(' && c->src[p + 1] == '*') { depth++; p++; }
    else if (c->src[p] == '*' && c->src[p + 1] == ')') {
      p++;
      if (--depth == 0) return p + 1;
    }
  }
  return -1;
}

int cub_lex(fe_ctx *c, int *pos, fe_tok *t) {
  const unsigned char *base = (const unsigned char *)c->src;
  const unsigned char *lim = base + c->len;
  const unsigned char *cur, *mar, *tok;
  (void)mar;
loop:
  cur = base + *pos;
  tok = cur;
  t->off = (int)(tok - base);
  t->len = 0;
#define TOK(code) \
  do { *pos = (int)(cur - base); t->len = (int)(cur - tok); return (code); } while (0)
  /*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = cur;
    re2c:define:YYMARKER = mar;
    re2c:define:YYLIMIT = lim;
    re2c:yyfill:enable = 0;
    re2c:eof = 0;

    id = [A-Za-z_] [A-Za-z0-9_']*;

    $                     { *pos = c->len; return 0; }
    [ \t\r\n\f\v]+        { *pos = (int)(cur - base); goto loop; }
    "(*" {
      int e = block_comment(c, (int)(cur - base));
      if (e < 0) {
        fe_error_k(c, FE_DIAG_SYNTAX, t->off, "unterminated comment");
        return -1;
      }
      *pos = e;
      goto loop;
    }
    [0-9]+ "." [0-9]+ {
      *pos = (int)(cur - base);
      t->len = (int)(cur - tok);
      fe_unsup(c, t->off, "real constant %s (car has no real "
               "arithmetic in .cub systems)", fe_tok_text(c, *t));
      return -1;
    }
    [0-9]+ {
      *pos = (int)(cur - base);
      t->len = (int)(cur - tok);
      if (t->len > 18) {
        fe_error_k(c, FE_DIAG_LIMIT, t->off, "integer too large: %s", fe_tok_text(c, *t));
        return -1;
      }
      return CT_NUM;
    }
    "#" [0-9]+ {
      *pos = (int)(cur - base);
      t->len = (int)(cur - tok);
      if (t->len > 10) {
        fe_error_k(c, FE_DIAG_LIMIT, t->off, "process number too large: %s", fe_tok_text(c, *t));
        return -1;
      }
      return CT_PROCNUM;
    }
    "_"   { TOK(CT_UNDERSCORE); }
    id {
      *pos = (int)(cur - base);
      t->len = (int)(cur - tok);
      return keyword((const char *)tok, t->len);
    }
    "&&"  { TOK(CT_AND); }
    "||"  { TOK(CT_OR); }
    "=>"  { TOK(CT_IMP); }
    "<=>" { TOK(CT_EQUIV); }
    ":="  { TOK(CT_ASSIGN); }
    ":"   { TOK(CT_COLON); }
    "."   { TOK(CT_DOT); }
    "?"   { TOK(CT_QMARK); }
    ","   { TOK(CT_COMMA); }
    ";"   { TOK(CT_SEMI); }
    "|"   { TOK(CT_BAR); }
    "<>"  { TOK(CT_NE); }
    "="   { TOK(CT_EQ); }
    "<="  { TOK(CT_LE); }
    "<"   { TOK(CT_LT); }
    ">="  { TOK(CT_GE); }
    ">"   { TOK(CT_GT); }
    "+"   { TOK(CT_PLUS); }
    "-"   { TOK(CT_MINUS); }
    "*"   { TOK(CT_STAR); }
    "("   { TOK(CT_LPAREN); }
    ")"   { TOK(CT_RPAREN); }
    "["   { TOK(CT_LBRACK); }
    "]"   { TOK(CT_RBRACK); }
    "{"   { TOK(CT_LBRACE); }
    "}"   { TOK(CT_RBRACE); }
    * {
      unsigned ch = *tok;
      if (ch >= 0x21 && ch < 0x7f)
        fe_error_k(c, FE_DIAG_SYNTAX, t->off, "unexpected character '%c'", (int)ch);
      else
        fe_error_k(c, FE_DIAG_SYNTAX, t->off, "unexpected character '\\x%02x'", ch);
      return -1;
    }
  */
#undef TOK
}
