/* c_lex.re -- the C tokenizer (re2c) over preprocessed text.  Tokens are
 * {offset, length} slices plus their position in the file cpp read them
 * from: line markers ("# 12 "f.c" 1 3") and #line set that position, and
 * flag 3 marks system headers.  Other directives (#pragma, #ident) are
 * skipped.  The terminating NUL at c->len is the re2c:eof sentinel. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/c/c_gram.h"
#include "frontend/c/c_parse.h"

/* keyword code, or CT_NAME */
static int keyword(const char *s, int n) {
  static const struct { const char *w; int code; } kw[] = {
    {"int", CT_INT},           {"unsigned", CT_UNSIGNED},
    {"signed", CT_SIGNED},     {"__signed__", CT_SIGNED},
    {"__signed", CT_SIGNED},   {"char", CT_CHAR},
    {"short", CT_SHORT},       {"long", CT_LONG},
    {"_Bool", CT_BOOL},        {"void", CT_VOID},
    {"static", CT_STATIC},     {"extern", CT_EXTERN},
    {"typedef", CT_TYPEDEF},   {"if", CT_IF},
    {"else", CT_ELSE},         {"while", CT_WHILE},
    {"do", CT_DO},             {"for", CT_FOR},
    {"break", CT_BREAK},       {"continue", CT_CONTINUE},
    {"return", CT_RETURN},     {"goto", CT_GOTO},
    {"switch", CT_SWITCH},     {"case", CT_CASE},
    {"default", CT_DEFAULT},   {"sizeof", CT_SIZEOF},
    {"struct", CT_STRUCT},     {"union", CT_UNION},
    {"enum", CT_ENUM},         {"float", CT_FLOAT},
    {"double", CT_DOUBLE},     {"_Complex", CT_FLOAT},
    {"__int128", CT_FLOAT},    {"_Float128", CT_FLOAT},
    {"const", C_TK_IGNORE},    {"volatile", C_TK_IGNORE},
    {"register", C_TK_IGNORE}, {"auto", C_TK_IGNORE},
    {"inline", C_TK_IGNORE},   {"__inline", C_TK_IGNORE},
    {"__inline__", C_TK_IGNORE}, {"__extension__", C_TK_IGNORE},
    {"restrict", C_TK_IGNORE}, {"__restrict", C_TK_IGNORE},
    {"__restrict__", C_TK_IGNORE}, {"__const", C_TK_IGNORE},
    {"__volatile", C_TK_IGNORE}, {"__volatile__", C_TK_IGNORE},
    {"_Noreturn", C_TK_IGNORE}, {"__thread", C_TK_IGNORE},
    {"_Thread_local", C_TK_IGNORE},
    {"__attribute__", C_TK_ATTRIBUTE}, {"__attribute", C_TK_ATTRIBUTE},
    {"__asm__", C_TK_ASM},     {"__asm", C_TK_ASM}, {"asm", C_TK_ASM},
  };
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if ((int)strlen(kw[i].w) == n && !memcmp(kw[i].w, s, (size_t)n))
      return kw[i].code;
  return CT_NAME;
}

const char *c_tok_str(const c_ctx *c, c_tok t) {
  char *s = NEW_ATOMIC_N(char, t.len + 1);
  memcpy(s, c->src + t.off, (size_t)t.len);
  s[t.len] = 0;
  return s;
}

/* Value of one (possibly escaped) character at *p, advanced. */
static int64_t char_value(const char **p, const char *end, bool *ok) {
  const char *s = *p;
  if (*s != '\\') { *p = s + 1; return (signed char)*s; }
  s++;
  if (s >= end) { *ok = false; *p = s; return 0; }
  int64_t v = 0;
  switch (*s) {
  case 'n': v = '\n'; s++; break;
  case 't': v = '\t'; s++; break;
  case 'r': v = '\r'; s++; break;
  case 'a': v = 7; s++; break;
  case 'b': v = 8; s++; break;
  case 'f': v = 12; s++; break;
  case 'v': v = 11; s++; break;
  case 'x':
    s++;
    if (s >= end || !strchr("0123456789abcdefABCDEF", *s)) *ok = false;
    while (s < end && *s && strchr("0123456789abcdefABCDEF", *s)) {
      int d = *s <= '9' ? *s - '0' : (*s | 32) - 'a' + 10;
      v = (v * 16 + d) & 0xffff;
      s++;
    }
    v = (signed char)(v & 0xff);
    break;
  default:
    if (*s >= '0' && *s <= '7') {
      for (int k = 0; k < 3 && s < end && *s >= '0' && *s <= '7'; k++, s++)
        v = v * 8 + (*s - '0');
      v = (signed char)(v & 0xff);
    } else {
      v = (signed char)*s; /* \\ \' \" \? */
      s++;
    }
  }
  *p = s;
  return v;
}

/* Does v fit type b (b's values as mathematical integers)? */
static bool lit_fits(uint64_t v, c_base b) {
  int n = c_type_bits(b) - (c_type_unsigned(b) ? 0 : 1);
  return n >= 64 || v < ((uint64_t)1 << n);
}

int64_t c_tok_num(c_ctx *c, c_tok t, c_base *type, bool *ok) {
  const char *s = c->src + t.off, *end = s + t.len;
  *ok = true;
  *type = C_INT;
  if (*s == 'L' || *s == 'u' || *s == 'U') s++; /* wide/unicode chars */
  if (*s == '\'') {
    s++;
    int64_t v = char_value(&s, end, ok);
    if (s != end - 1) *ok = false; /* multi-character constants */
    return v;
  }
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
  else if (s[0] == '0') base = 8;
  uint64_t v = 0;
  int ndig = 0;
  for (; s < end; s++) {
    int d;
    if (*s >= '0' && *s <= '9') d = *s - '0';
    else if (base == 16 && ((*s | 32) >= 'a' && (*s | 32) <= 'f'))
      d = (*s | 32) - 'a' + 10;
    else break;
    if (d >= base) { *ok = false; return 0; }
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) { *ok = false; return 0; }
    v = v * (uint64_t)base + (uint64_t)d;
    ndig++;
  }
  if (base == 16 && ndig == 0) *ok = false;
  int nu = 0, nl = 0;
  const char *l0 = NULL;
  for (; s < end; s++) {
    if (*s == 'u' || *s == 'U') nu++;
    else if (*s == 'l' || *s == 'L') { if (nl && (s - 1 != l0 || *s != *l0)) *ok = false; l0 = s; nl++; }
    else { *ok = false; return 0; }
  }
  if (nu > 1 || nl > 2) *ok = false;
  /* C11 6.4.4.1: the first type of the list that holds the value; decimal
   * literals without u take only signed types */
  static const c_base all[] = {C_INT, C_UINT, C_LONG, C_ULONG, C_LLONG, C_ULLONG};
  for (int i = nl == 2 ? 4 : nl == 1 ? 2 : 0; i < 6; i++) {
    if (nu && !c_type_unsigned(all[i])) continue;
    if (base == 10 && !nu && c_type_unsigned(all[i])) continue;
    if (lit_fits(v, all[i])) { *type = all[i]; return (int64_t)v; }
  }
  *ok = false; /* too large for long long (gcc: __int128) */
  *type = C_VOID;
  return 0;
}

/* At the start of a physical line: a directive is consumed up to and
 * including its newline; returns the offset after it, or p unchanged. */
static int directive1(c_ctx *c, int p) {
  const char *s = c->src;
  int q = p;
  while (q < c->len && (s[q] == ' ' || s[q] == '\t')) q++;
  if (q >= c->len || s[q] != '#') return p;
  q++;
  while (q < c->len && (s[q] == ' ' || s[q] == '\t')) q++;
  if (!strncmp(s + q, "line", 4) && (s[q + 4] == ' ' || s[q + 4] == '\t')) {
    q += 4;
    while (q < c->len && (s[q] == ' ' || s[q] == '\t')) q++;
  }
  int eol = q;
  while (eol < c->len && s[eol] != '\n') eol++;
  if (q < c->len && s[q] >= '0' && s[q] <= '9') {
    long line = strtol(s + q, NULL, 10);
    if (line > C_LINE_MAX) line = C_LINE_MAX; /* cpp stays far below */
    while (q < eol && s[q] >= '0' && s[q] <= '9') q++;
    while (q < eol && s[q] == ' ') q++;
    if (q < eol && s[q] == '"') {
      int a = ++q;
      while (q < eol && s[q] != '"') {
        if (s[q] == '\\') q++;
        q++;
      }
      int n = q - a;
      /* reuse the interned name when it is unchanged */
      if (!c->cur_file || (int)strlen(c->cur_file) != n ||
          memcmp(c->cur_file, s + a, (size_t)n)) {
        if ((int)strlen(c->file) == n && !memcmp(c->file, s + a, (size_t)n)) {
          c->cur_file = c->file;
        } else {
          char *f = NEW_ATOMIC_N(char, n + 1);
          memcpy(f, s + a, (size_t)n);
          f[n] = 0;
          c->cur_file = f;
        }
      }
      q++;
      bool sys = false;
      while (q < eol) {
        while (q < eol && s[q] == ' ') q++;
        if (q < eol && s[q] == '3' && (q + 1 == eol || s[q + 1] == ' ')) sys = true;
        while (q < eol && s[q] != ' ') q++;
      }
      c->cur_sys = sys;
    }
    c->cur_line = (int)line - 1; /* the newline below counts it up */
  }
  if (eol < c->len) {
    if (c->cur_line < INT_MAX) c->cur_line++;
    c->line_off = eol + 1;
    return eol + 1;
  }
  c->line_off = eol;
  return eol;
}

/* All directives from the line start p on. */
static int directive(c_ctx *c, int p) {
  for (;;) {
    int q = directive1(c, p);
    if (q == p || q >= c->len) return q;
    p = q;
  }
}

static void newline(c_ctx *c, int off) { /* s[off] == '\n' */
  if (c->cur_line < INT_MAX) c->cur_line++;
  c->line_off = off + 1;
}

int c_lex(c_ctx *c, int *pos, c_tok *t) {
  const unsigned char *base = (const unsigned char *)c->src;
  const unsigned char *lim = base + c->len;
  const unsigned char *cur, *mar, *tok;
  (void)mar;
  if (*pos == 0) *pos = directive(c, 0);
loop:
  cur = base + *pos;
  tok = cur;
  t->off = (int)(tok - base);
  t->len = 0;
  t->pos.file = c->cur_file;
  t->pos.line = c->cur_line;
  t->pos.col = t->off - c->line_off + 1;
  t->sys = c->cur_sys;
#define TOK(code) \
  do { *pos = (int)(cur - base); t->len = (int)(cur - tok); return (code); } while (0)
  /*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = cur;
    re2c:define:YYMARKER = mar;
    re2c:define:YYLIMIT = lim;
    re2c:yyfill:enable = 0;
    re2c:eof = 0;

    id = [A-Za-z_$] [A-Za-z0-9_$]*;
    num = [0-9] [0-9a-zA-Z_]*;
    exp = [eEpP] [+-]? [0-9]+;
    flt = ([0-9]* "." [0-9]+ exp? | [0-9]+ "." exp? | [0-9]+ exp
          | "0" [xX] [0-9a-fA-F]* "."? [0-9a-fA-F]* [pP] [+-]? [0-9]+)
          [fFlL]?;
    esc = "\\" [^\n];
    chr = [LuU]? "'" ([^'\\\n] | esc)+ "'";
    str = [LuU]? "\"" ([^"\\\n] | esc)* "\"";

    $                     { *pos = c->len; t->len = 0; return C_TK_EOF; }
    [ \t\r\f\v]+          { *pos = (int)(cur - base); goto loop; }
    "\\\n"                { newline(c, (int)(cur - base) - 1);
                            *pos = (int)(cur - base); goto loop; }
    "\n" {
      newline(c, t->off);
      *pos = directive(c, t->off + 1);
      goto loop;
    }
    "//" [^\n]*           { *pos = (int)(cur - base); goto loop; }
    "/*" {
      int p = (int)(cur - base);
      for (; p + 1 < c->len; p++) {
        if (c->src[p] == '*' && c->src[p + 1] == '/') break;
        if (c->src[p] == '\n') newline(c, p);
      }
      if (p + 1 >= c->len) {
        c_error(c, t->pos, "unterminated comment");
        return C_TK_ERROR;
      }
      *pos = p + 2;
      goto loop;
    }
    flt                   { TOK(C_TK_FLOATLIT); }
    num                   { TOK(CT_NUM); }
    chr                   { TOK(CT_NUM); }
    str                   { TOK(CT_STRING); }
    id {
      *pos = (int)(cur - base);
      t->len = (int)(cur - tok);
      return keyword((const char *)tok, t->len);
    }
    "..."  { TOK(CT_ELLIPSIS); }
    "("    { TOK(CT_LPAREN); }
    ")"    { TOK(CT_RPAREN); }
    "["    { TOK(CT_LBRACKET); }
    "]"    { TOK(CT_RBRACKET); }
    "{"    { TOK(CT_LBRACE); }
    "}"    { TOK(CT_RBRACE); }
    ";"    { TOK(CT_SEMI); }
    ","    { TOK(CT_COMMA); }
    ":"    { TOK(CT_COLON); }
    "?"    { TOK(CT_QUESTION); }
    "="    { TOK(CT_ASSIGN); }
    "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<=" | ">>="
           { TOK(CT_OPASSIGN); }
    "||"   { TOK(CT_OROR); }
    "&&"   { TOK(CT_ANDAND); }
    "|"    { TOK(CT_OR); }
    "^"    { TOK(CT_XOR); }
    "&"    { TOK(CT_AMP); }
    "=="   { TOK(CT_EQ); }
    "!="   { TOK(CT_NE); }
    "<"    { TOK(CT_LT); }
    ">"    { TOK(CT_GT); }
    "<="   { TOK(CT_LE); }
    ">="   { TOK(CT_GE); }
    "<<"   { TOK(CT_SHL); }
    ">>"   { TOK(CT_SHR); }
    "+"    { TOK(CT_PLUS); }
    "-"    { TOK(CT_MINUS); }
    "*"    { TOK(CT_STAR); }
    "/"    { TOK(CT_SLASH); }
    "%"    { TOK(CT_PERCENT); }
    "!"    { TOK(CT_NOT); }
    "~"    { TOK(CT_TILDE); }
    "++"   { TOK(CT_INC); }
    "--"   { TOK(CT_DEC); }
    "->"   { TOK(CT_ARROW); }
    "."    { TOK(CT_DOT); }
    * {
      unsigned ch = *tok;
      t->len = 1;
      if (ch >= 0x21 && ch < 0x7f)
        c_error(c, t->pos, "unexpected character '%c'", (int)ch);
      else
        c_error(c, t->pos, "unexpected character '\\x%02x'", ch);
      return C_TK_ERROR;
    }
  */
#undef TOK
}
