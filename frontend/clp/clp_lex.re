/* clp_lex.re -- the .clp tokenizer (re2c).  Tokens are {offset, length}
 * slices of the NUL-terminated source; the terminating NUL at c->len is
 * the re2c:eof sentinel, so NULs inside the text are ordinary (bad)
 * characters. */
#include <stdio.h>
#include <string.h>

#include "frontend/clp/clp_gram.h"
#include "frontend/clp/fe_clp.h"

/* keyword or NAME */
static int keyword(const char *s, int n) {
  static const struct { const char *w; int code; } kw[] = {
    {"goal", T_GOAL},     {"rel", T_REL},       {"pred", T_PRED},
    {"fun", T_FUN},       {"int", T_INT},       {"bool", T_BOOL},
    {"map", T_MAP},       {"array", T_ARRAY},   {"true", T_TRUE},
    {"false", T_FALSE},   {"select", T_SELECT}, {"store", T_STORE},
    {"ite", T_ITE},       {"const", T_CONST},   {"not", T_NOT},
    {"mod", T_MOD},       {"div", T_DIV},       {"indexed", T_INDEXED},
    {"axiom", T_AXIOM},
  };
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if ((int)strlen(kw[i].w) == n && !memcmp(kw[i].w, s, (size_t)n))
      return kw[i].code;
  return T_NAME;
}

/* Decimal value of digits, or -1 when it exceeds int64. */
static int64_t digits(const char *s, int n) {
  int64_t v = 0;
  for (int i = 0; i < n; i++) {
    int d = s[i] - '0';
    if (v > (INT64_MAX - d) / 10) return -1;
    v = v * 10 + d;
  }
  return v;
}

int64_t fe_tok_num(const fe_ctx *c, fe_tok t) {
  return digits(c->src + t.off, t.len);
}

/* Skips a block comment starting at p (just after the opening slash-star);
 * returns the offset after its end, or -1 when it is not closed. */
static int block_comment(const fe_ctx *c, int p) {
  for (; p + 1 < c->len; p++)
    if (c->src[p] == '*' && c->src[p + 1] == '/') return p + 2;
  return -1;
}

/* A '%' on the same line right after a term (x % 2) reads as the remainder
 * to anyone used to C: rather than silently taking it as a comment, it is
 * an error (the remainder is spelled 'mod'). */
static bool pct_after_term(const fe_ctx *c, int off) {
  int k = c->lastcode;
  if (k != T_NAME && k != T_NUM && k != T_RPAREN && k != T_TRUE &&
      k != T_FALSE)
    return false;
  for (int p = c->last.off + c->last.len; p < off; p++)
    if (c->src[p] == '\n') return false;
  return true;
}

int fe_lex(fe_ctx *c, int *pos, fe_tok *t) {
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

    id = [A-Za-z_] [A-Za-z0-9_'$#]* ("!" [0-9]+)*;

    $                     { *pos = c->len; return 0; }
    [ \t\r\n\f\v]+        { *pos = (int)(cur - base); goto loop; }
    "%" [^\n]* {
      if (pct_after_term(c, t->off)) {
        fe_error_k(c, FE_DIAG_SYNTAX, t->off, "ambiguous '%%' after a term: write 'mod' for the "
                 "remainder, or end the line before a comment");
        return -1;
      }
      *pos = (int)(cur - base);
      goto loop;
    }
    "//" [^\n]*       { *pos = (int)(cur - base); goto loop; }
    "/*" {
      int e = block_comment(c, (int)(cur - base));
      if (e < 0) {
        fe_error_k(c, FE_DIAG_SYNTAX, t->off, "unterminated comment");
        return -1;
      }
      *pos = e;
      goto loop;
    }
    [0-9]+ {
      *pos = (int)(cur - base);
      t->len = (int)(cur - tok);
      if (digits((const char *)tok, t->len) < 0) {
        fe_error_k(c, FE_DIAG_LIMIT, t->off, "integer too large: %s", fe_tok_text(c, *t));
        return -1;
      }
      return T_NUM;
    }
    id {
      *pos = (int)(cur - base);
      t->len = (int)(cur - tok);
      return keyword((const char *)tok, t->len);
    }
    ":-"  { TOK(T_IMPLIES); }
    "?-"  { TOK(T_QUERY); }
    ":"   { TOK(T_COLON); }
    "."   { TOK(T_DOT); }
    ","   { TOK(T_COMMA); }
    ";"   { TOK(T_SEMI); }
    "/\\" { TOK(T_LAND); }
    "\\/" { TOK(T_LOR); }
    "!="  { TOK(T_NE); }
    "!"   { TOK(T_NOT); }
    "="   { TOK(T_EQ); }
    "<="  { TOK(T_LE); }
    "<"   { TOK(T_LT); }
    ">="  { TOK(T_GE); }
    ">"   { TOK(T_GT); }
    "+"   { TOK(T_PLUS); }
    "-"   { TOK(T_MINUS); }
    "*"   { TOK(T_STAR); }
    "/"   { TOK(T_SLASH); }
    "("   { TOK(T_LPAREN); }
    ")"   { TOK(T_RPAREN); }
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
