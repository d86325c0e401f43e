/* fe_parse.c -- the .clp entry points: read the text, run tokens through
 * the lemon parser (tracking parentheses for messages), then fe_sema. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/clp/clp_gram.h"
#include "frontend/clp/fe_clp.h"
#include "frontend/common/fe_source.h"
#include "frontend/fe.h"

fe_ctx *fe_ctx_new(const char *name, const char *text, size_t len,
                   fe_diags *out) {
  fe_ctx *c = NEW(fe_ctx);
  c->out = out;
  c->file = clp_strdup(name ? name : "<input>");
  char *s = NEW_ATOMIC_N(char, len + 1);
  if (len) memcpy(s, text, len);
  s[len] = 0;
  c->src = s;
  c->len = (int)len;
  int n = 1;
  for (size_t i = 0; i < len; i++) n += s[i] == '\n';
  c->lines = NEW_ATOMIC_N(int, n);
  c->nlines = 0;
  c->lines[c->nlines++] = 0;
  for (size_t i = 0; i < len; i++)
    if (s[i] == '\n') c->lines[c->nlines++] = (int)i + 1;
  c->item_start = -1;
  return c;
}

static bool ends_term(int code) {
  return code == T_NAME || code == T_NUM || code == T_RPAREN ||
         code == T_TRUE || code == T_FALSE;
}

static bool starts_item(int code) {
  return code == 0 || code == T_NAME || code == T_GOAL || code == T_QUERY ||
         code == T_REL || code == T_PRED || code == T_FUN ||
         code == T_INDEXED || code == T_AXIOM;
}

void fe_syntax_error(fe_ctx *c, int code, fe_tok t) {
  if (c->syntax_error) return;
  c->syntax_error = true;
  const char *what = fe_tok_text(c, t);
  if (c->nparen > 0 && (code == 0 || code == T_DOT || code == T_IMPLIES ||
                        code == T_GOAL || code == T_QUERY || code == T_REL ||
                        code == T_PRED || code == T_FUN)) {
    fe_error_k(c, FE_DIAG_SYNTAX, t.off, "unexpected %s: unmatched '(' opened at %s", what,
             fe_where(c, c->parens[c->nparen - 1]));
  } else if (c->nparen == 0 && c->item_start >= 0 && ends_term(c->prevcode) &&
             starts_item(code)) {
    fe_error_k(c, FE_DIAG_SYNTAX, t.off, "unexpected %s, expected '.' at end of %s", what,
             c->item_code == T_NAME ? "rule" : "declaration");
  } else if (code == 0) {
    fe_error_k(c, FE_DIAG_SYNTAX, t.off, "unexpected end of file");
  } else {
    fe_error_k(c, FE_DIAG_SYNTAX, t.off, "unexpected %s", what);
  }
}

/* Feeds every token to the parser; stops at the first lexical or syntax
 * error (reported). */
static void parse(fe_ctx *c) {
  void *p = fe_parser_new(c);
  int pos = 0;
  c->prevcode = c->lastcode = -1;
  long ntok = 0;
  for (;;) {
    fe_tok t;
    int code = fe_lex(c, &pos, &t);
    if (code < 0) { c->syntax_error = true; break; }
    if (++ntok % 1024 == 0 && clp_expired()) { /* --timeout: no message */
      c->syntax_error = true;
      break;
    }
    if (code == T_LPAREN && c->nparen >= CLP_NEST_MAX) {
      fe_error_k(c, FE_DIAG_LIMIT, t.off, "nesting deeper than %d", CLP_NEST_MAX);
      c->syntax_error = true;
      break;
    }
    if (code == T_RPAREN && c->nparen == 0) {
      fe_error_k(c, FE_DIAG_SYNTAX, t.off, "unmatched ')'");
      c->syntax_error = true;
      break;
    }
    c->prevcode = c->lastcode;
    c->lastcode = code;
    c->last = t;
    if (c->item_start < 0 && code != 0) {
      c->item_start = t.off;
      c->item_code = code;
    }
    fe_parser_feed(p, code, t);
    if (c->syntax_error || code == 0) break;
    if (code == T_LPAREN) {
      if (c->nparen == c->capparen) {
        c->capparen = c->capparen ? 2 * c->capparen : 16;
        c->parens = c->parens ? GROW(int, c->parens, c->capparen)
                              : NEW_ATOMIC_N(int, c->capparen);
      }
      c->parens[c->nparen++] = t.off;
    } else if (code == T_RPAREN) {
      c->nparen--;
    } else if (code == T_DOT && c->nparen == 0) {
      c->item_start = -1;
    }
  }
  fe_parser_free(p);
}

clp_rs *fe_clp_parse_string(const char *name, const char *text, size_t len,
                            fe_diags *d) {
  if (len > (size_t)0x7ffffff0) { /* offsets are ints */
    fe_diag_add(d, FE_DIAG_LIMIT, fe_diag_file(name ? name : "<input>"),
                "input too large");
    return NULL;
  }
  fe_ctx *c = fe_ctx_new(name, text ? text : "", text ? len : 0, d);
  parse(c);
  clp_rs *rs = NULL;
  if (!c->syntax_error && c->nmsgs == 0) rs = fe_sema(c, NULL);
  if (fe_flush(c) > 0) return NULL;
  return rs;
}

clp_rs *fe_clp_parse_file(const char *path, fe_diags *d) {
  size_t len = 0;
  char *text = fe_read_file(path, &len, d);
  return text ? fe_clp_parse_string(path, text, len, d) : NULL;
}

int fe_clp_load_preds(const char *path, clp_rs *rs, fe_diags *d) {
  size_t len = 0;
  char *text = fe_read_file(path, &len, d);
  if (!text) return -1;
  if (len > (size_t)0x7ffffff0) {
    fe_diag_add(d, FE_DIAG_LIMIT, fe_diag_file(path), "input too large");
    return -1;
  }
  fe_ctx *c = fe_ctx_new(path, text, len, d);
  parse(c);
  if (!c->syntax_error && c->nmsgs == 0) fe_sema(c, rs);
  return fe_flush(c) > 0 ? -1 : 0;
}
