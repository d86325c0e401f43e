/* cub_parse.c -- the .cub entry point: runs the tokens of cub_lex through
 * the lemon parser of cub_gram.y (which builds the AST), reports errors
 * with positions, and translates the system (cub_trans.c). */
#include <stdio.h>
#include <string.h>

#include "frontend/cub/cub_ast.h"
#include "frontend/cub/cub_gram.h"
#include "frontend/cub/cub_type.h"
#include "frontend/fe.h"

void cub_syntax_error(fe_ctx *c, int code, fe_tok t) {
  if (c->syntax_error) return;
  c->syntax_error = true;
  if (code == 0)
    fe_error_k(c, FE_DIAG_SYNTAX, t.off, "unexpected end of file");
  else
    fe_error_k(c, FE_DIAG_SYNTAX, t.off, "unexpected %s", fe_tok_text(c, t));
}

void cub_unsupported(fe_ctx *c, fe_tok t, const char *what) {
  if (c->syntax_error) return;
  c->syntax_error = true;
  fe_unsup(c, t.off, "%s", what);
}

/* Feeds every token to the parser; stops at the first error (reported),
 * or at brackets nested deeper than CLP_NEST_MAX (as every language). */
static void parse(cub_px *px) {
  fe_ctx *c = px->ctx;
  void *p = cub_parser_new(px);
  int pos = 0;
  long ntok = 0;
  int depth = 0; /* open brackets ( [ { */
  for (;;) {
    fe_tok t;
    int code = cub_lex(c, &pos, &t);
    if (code < 0) { c->syntax_error = true; break; }
    if (++ntok % 1024 == 0 && clp_expired()) { /* --timeout: no message */
      c->syntax_error = true;
      break;
    }
    if (code == CT_LPAREN || code == CT_LBRACK || code == CT_LBRACE) {
      if (++depth > CLP_NEST_MAX) {
        fe_error_k(c, FE_DIAG_LIMIT, t.off, "nesting deeper than %d", CLP_NEST_MAX);
        c->syntax_error = true;
        break;
      }
    } else if ((code == CT_RPAREN || code == CT_RBRACK || code == CT_RBRACE) &&
               depth > 0) {
      depth--;
    }
    c->last = t;
    cub_parser_feed(p, code, t);
    if (c->syntax_error || code == 0) break;
  }
  cub_parser_free(p);
}

clp_rs *fe_cub_parse_string(const char *name, const char *text, size_t len,
                            fe_diags *d) {
  if (len > (size_t)0x7ffffff0) { /* offsets are ints */
    fe_diag_add(d, FE_DIAG_LIMIT, fe_diag_file(name), "input too large");
    return NULL;
  }
  fe_ctx *c = fe_ctx_new(name, text, len, d);
  cub_px px = {c, NEW(cub_sys)};
  parse(&px);
  if (fe_flush(c) > 0 || c->syntax_error) return NULL;
  if (!cub_typecheck(c, px.sys)) {
    fe_flush(c);
    return NULL;
  }
  clp_rs *rs = cub_translate(c, px.sys, 0);
  if (fe_flush(c) > 0) return NULL;
  return rs;
}
