/* fe_cub.h -- the Cubicle 1.2 (.cub) frontend: tokenizer, grammar and the
 * parse entry point.  Messages go through fe_ctx (fe_error/fe_flush). */
#ifndef FE_CUB_H
#define FE_CUB_H

#include "frontend/clp/fe_clp.h"

/* Contract: returns the next token code (CT_* from cub_gram.h), 0 at the
 * end of the text, or -1 after reporting a lexical error (bad character,
 * unterminated comment, integer too large, real constant); *pos is the
 * cursor, advanced past the token; *t receives the token's slice. */
int cub_lex(fe_ctx *c, int *pos, fe_tok *t);

struct cub_px;
void *cub_parser_new(struct cub_px *px);
void cub_parser_feed(void *p, int code, fe_tok t);
void cub_parser_free(void *p);
/* Reports a syntax error at token t (code 0: end of file). */
void cub_syntax_error(fe_ctx *c, int code, fe_tok t);
/* Reports "unsupported: WHAT" at token t and stops the parse. */
void cub_unsupported(fe_ctx *c, fe_tok t, const char *what);

#endif
