/* c_parse.c -- the C entry points: run the system preprocessor (c_cpp.c, our
 * c_include directory first, so the bundled assert.h wins), tokenize its
 * output, drop attributes/asm labels, skip the top-level declarations
 * that come from system headers (noting their typedef names), classify
 * identifiers as typedef names, reject constructs outside the subset that
 * the grammar does not know, and feed the rest to the lemon parser.
 *
 * Strings: a string literal is accepted only as a direct argument of a
 * call (__assert_fail, printf, ...); it becomes a NUM 0 node whose str
 * field keeps the text.  Everywhere else: "unsupported: strings". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/c/c_gram.h"
#include "frontend/c/c_back.h"
#include "frontend/c/c_parse.h"
#include "frontend/common/fe_source.h"
#include "frontend/fe.h"

/* ------------------------------------------------------------- typedefs */
const c_tdef *c_tdef_find(const c_ctx *c, const char *s, int n) {
  for (int i = c->ntdefs - 1; i >= 0; i--)
    if ((int)strlen(c->tdefs[i].name) == n && !memcmp(c->tdefs[i].name, s, (size_t)n))
      return &c->tdefs[i];
  return NULL;
}

void c_tdef_add(c_ctx *c, const char *name, c_type ty, const char *unsupported) {
  c_tdef *d = (c_tdef *)c_tdef_find(c, name, (int)strlen(name));
  if (!d) {
    if (c->ntdefs == c->captdefs) {
      c->captdefs = c->captdefs ? 2 * c->captdefs : 64;
      c->tdefs = c->tdefs ? GROW(c_tdef, c->tdefs, c->captdefs)
                          : NEW_N(c_tdef, c->captdefs);
    }
    d = &c->tdefs[c->ntdefs++];
    d->name = name;
  }
  d->type = ty;
  d->unsupported = unsupported;
}

/* ---------------------------------------------------------------- context */
static c_ctx *ctx_new(const char *name, const char *text, size_t len,
                      fe_diags *d) {
  c_ctx *c = NEW(c_ctx);
  c->out = d;
  c->file = clp_strdup(name ? name : "<input>");
  char *s = NEW_ATOMIC_N(char, len + 1);
  if (len) memcpy(s, text, len);
  s[len] = 0;
  c->src = s;
  c->len = (int)len;
  c->cur_file = c->file;
  c->cur_line = 1;
  c->line_off = 0;
  /* gcc's built-in type names that header text uses (gcc -E -P output) */
  c_type i;
  memset(&i, 0, sizeof i);
  i.base = C_INT;
  c_tdef_add(c, "__builtin_va_list", i, "variadic argument lists");
  return c;
}

/* Keeps the user's original text so that columns can be made exact (cpp
 * squeezes white space). */
static void set_orig(c_ctx *c, const char *text, size_t len) {
  c->orig = text;
  c->orig_len = (int)len;
  int n = 1;
  for (size_t i = 0; i < len; i++) n += text[i] == '\n';
  c->orig_lines = NEW_ATOMIC_N(int, n + 1);
  c->orig_nlines = 0;
  c->orig_lines[c->orig_nlines++] = 0;
  for (size_t i = 0; i < len; i++)
    if (text[i] == '\n') c->orig_lines[c->orig_nlines++] = (int)i + 1;
  c->orig_lines[n] = (int)len + 1; /* end of the last line + 1 */
}

static bool idch(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
         (ch >= '0' && ch <= '9') || ch == '_' || ch == '$';
}

/* How far fix_col looks on either side of cpp's column (bytes): bounded,
 * so that a long line costs linear time, not quadratic. */
#define FIX_COL_WINDOW 512

/* The column of token t in the user's original line: the first occurrence
 * of its text at or after cpp's column (cpp only ever removes blanks),
 * else the last one before it, within FIX_COL_WINDOW bytes. */
static void fix_col(c_ctx *c, c_tok *t) {
  if (!c->orig || t->pos.file != c->file || t->len <= 0) return;
  int l = t->pos.line;
  if (l < 1 || l > c->orig_nlines) return;
  int a = c->orig_lines[l - 1];
  int e = l < c->orig_nlines ? c->orig_lines[l] - 1 : c->orig_len;
  const char *w = c->src + t->off;
  bool id = idch(w[0]);
  int from = a + (t->pos.col > 1 ? t->pos.col - 1 : 0);
  if (from > e) from = e;
  for (int dir = 1; dir >= -1; dir -= 2) {
    int p = dir > 0 ? from : from - 1;
    for (int k = 0; k < FIX_COL_WINDOW && p >= a && p + t->len <= e;
         k++, p += dir) {
      if (memcmp(c->orig + p, w, (size_t)t->len)) continue;
      if (id && ((p > a && idch(c->orig[p - 1])) ||
                 (p + t->len < e && idch(c->orig[p + t->len]))))
        continue;
      t->pos.col = p - a + 1;
      return;
    }
  }
}

/* ------------------------------------------------------------ tokenizing */
typedef struct toks {
  int n, cap;
  c_tok *t;
  int *code;
} toks;

static void toks_push(toks *v, int code, c_tok t) {
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 1024;
    v->t = v->t ? GROW(c_tok, v->t, v->cap) : NEW_N(c_tok, v->cap);
    v->code = v->code ? GROW(int, v->code, v->cap) : NEW_ATOMIC_N(int, v->cap);
  }
  v->t[v->n] = t;
  v->code[v->n] = code;
  v->n++;
}

/* Index after the balanced group that opens at i (an LPAREN), or n. */
static int skip_group(const toks *v, int i) {
  int depth = 0;
  for (; i < v->n; i++) {
    int k = v->code[i];
    if (k == CT_LPAREN || k == CT_LBRACKET || k == CT_LBRACE) depth++;
    else if (k == CT_RPAREN || k == CT_RBRACKET || k == CT_RBRACE) {
      if (--depth == 0) return i + 1;
    } else if (k == C_TK_EOF) return i;
  }
  return v->n;
}

/* All tokens, without ignored keywords, __attribute__((...)) and
 * asm(...); the last is C_TK_EOF.  False after a lexical error. */
static bool tokenize(c_ctx *c, toks *out) {
  toks raw = {0};
  int pos = 0;
  for (long n = 1;; n++) {
    c_tok t;
    int code = c_lex(c, &pos, &t);
    if (code == C_TK_ERROR) return false;
    if (n % 1024 == 0 && clp_expired()) return false; /* --timeout */
    fix_col(c, &t);
    if (code != C_TK_IGNORE) toks_push(&raw, code, t);
    if (code == C_TK_EOF) break;
  }
  for (int i = 0; i < raw.n;) {
    int k = raw.code[i];
    if (k == C_TK_ATTRIBUTE || k == C_TK_ASM) {
      i++;
      while (i < raw.n && raw.code[i] == CT_GOTO) i++; /* asm goto */
      if (i < raw.n && raw.code[i] == CT_LPAREN) i = skip_group(&raw, i);
      continue;
    }
    toks_push(out, k, raw.t[i]);
    i++;
  }
  return true;
}

/* ----------------------------------------------------- system headers */
/* Index after the declaration that starts at i: its ';' at depth 0, or
 * the '}' of a function body. */
static int skip_decl(const toks *v, int i) {
  int depth = 0;
  for (int j = i; j < v->n; j++) {
    int k = v->code[j];
    if (k == C_TK_EOF) return j;
    if (k == CT_LBRACE && depth == 0 && j > i && v->code[j - 1] == CT_RPAREN)
      return skip_group(v, j);
    if (k == CT_LPAREN || k == CT_LBRACKET || k == CT_LBRACE) depth++;
    else if (k == CT_RPAREN || k == CT_RBRACKET || k == CT_RBRACE) depth--;
    else if (k == CT_SEMI && depth <= 0) return j + 1;
  }
  return v->n;
}

static bool type_kw(int k) {
  return k == CT_INT || k == CT_UNSIGNED || k == CT_SIGNED || k == CT_CHAR ||
         k == CT_SHORT || k == CT_LONG || k == CT_BOOL || k == CT_VOID ||
         k == CT_STATIC || k == CT_EXTERN || k == CT_TYPEDEF;
}


/* The host's headers are LP64 (cpp runs for x86-64): their 64-bit typedefs
 * (int64_t, __uint64_t, intmax_t, ...) say "long".  In ILP32, where long has
 * 32 bits, those are long long; the other long typedefs (ssize_t, ...) stay
 * word-sized, as in a 32-bit glibc. */
static c_type sys_typedef_type(const char *name, c_type ty) {
  if (c_type_model() != C_ILP32 || ty.ptr || ty.ndims ||
      (ty.base != C_LONG && ty.base != C_ULONG))
    return ty;
  if (strstr(name, "64") || strstr(name, "intmax_t"))
    ty.base = ty.base == C_LONG ? C_LLONG : C_ULLONG;
  return ty;
}

/* The typedef names declared by tokens [a, b) (a: 'typedef'), with their
 * types when they are subset types.  reg: register them now; otherwise
 * they are appended to names (registered later, see feed). */
static void scan_typedef(c_ctx *c, const toks *v, int a, int b, bool reg,
                         c_list *names) {
  c_specs s;
  memset(&s, 0, sizeof s);
  const char *why = NULL;
  int i = a;
  while (i < b) {
    int k = v->code[i];
    c_tok t = v->t[i];
    if (type_kw(k)) { s = c_specs_add(c, s, k, t); i++; continue; }
    if (k == CT_NAME && c_tdef_find(c, c->src + t.off, t.len)) {
      int nkw = s.nvoid + s.nbool + s.nchar + s.nshort + s.nint + s.nlong +
                s.nsigned + s.nunsigned;
      if (s.tdef || nkw) break; /* a typedef name declared again */
      s = c_specs_add(c, s, CT_TYPENAME, t);
      i++;
      continue;
    }
    if (k == CT_STRUCT || k == CT_UNION || k == CT_ENUM) {
      why = k == CT_STRUCT ? "structs" : k == CT_UNION ? "unions" : "enums";
      i++;
      if (i < b && v->code[i] == CT_NAME) i++;
      if (i < b && v->code[i] == CT_LBRACE) i = skip_group(v, i);
      continue;
    }
    if (k == CT_FLOAT || k == CT_DOUBLE) { why = "floats"; i++; continue; }
    break;
  }
  c_type base;
  memset(&base, 0, sizeof base);
  if (!why) {
    /* quiet: the user's own typedefs get exact messages from the grammar */
    if (s.tdef && s.tdef->unsupported) why = s.tdef->unsupported;
    base = c_specs_type_quiet(c, s);
  }
  while (i < b) { /* declarators */
    const char *dwhy = why;
    int ptr = 0;
    while (i < b && v->code[i] == CT_STAR) { ptr++; i++; }
    const char *name = NULL;
    if (i < b && v->code[i] == CT_LPAREN) {
      int e = skip_group(v, i);
      for (int j = i; j < e && !name; j++)
        if (v->code[j] == CT_NAME || v->code[j] == CT_TYPENAME)
          name = c_tok_str(c, v->t[j]);
      if (!dwhy) dwhy = "function pointers";
      i = e;
    } else if (i < b && v->code[i] == CT_NAME) {
      name = c_tok_str(c, v->t[i]);
      i++;
    }
    if (ptr && !dwhy) dwhy = "pointers";
    while (i < b && (v->code[i] == CT_LBRACKET || v->code[i] == CT_LPAREN)) {
      if (!dwhy) dwhy = v->code[i] == CT_LBRACKET ? "arrays of this type"
                                                  : "function types";
      i = skip_group(v, i);
    }
    if (name) {
      if (reg) c_tdef_add(c, name, sys_typedef_type(name, base), dwhy);
      else c_list_push(names, (void *)name);
    }
    while (i < b && v->code[i] != CT_COMMA && v->code[i] != CT_SEMI) {
      int k = v->code[i];
      i = (k == CT_LPAREN || k == CT_LBRACKET || k == CT_LBRACE)
              ? skip_group(v, i) : i + 1;
    }
    if (i >= b || v->code[i] == CT_SEMI) break;
    i++; /* ',' */
  }
}

/* --------------------------------------------------------------- feeding */
void c_syntax_error(c_ctx *c, int code, c_tok t) {
  if (c->syntax_error) return;
  c->syntax_error = true;
  if (code == 0)
    c_error(c, t.pos, "syntax error at end of file");
  else
    c_error(c, t.pos, "syntax error near %s", c_tok_text(c, t));
}

/* What the user's file may not contain, by token; NULL: fine. */
static const char *unsupported_tok(const c_ctx *c, int code, c_tok t) {
  switch (code) {
  case CT_STRUCT: return "structs";
  case CT_UNION: return "unions";
  case CT_ENUM: return "enums";
  case C_TK_FLOATLIT: return "floats";
  case CT_ARROW: case CT_DOT: return "structs";
  case CT_ELLIPSIS: return NULL;
  case CT_TYPENAME: {
    const c_tdef *d = c_tdef_find(c, c->src + t.off, t.len);
    return d ? d->unsupported : NULL;
  }
  }
  return NULL;
}

/* Whether the file-scope declaration at i of the program's own text only
 * declares (a typedef, an extern declaration, a struct/union/enum tag
 * without variables) and holds a type outside the subset: glibc's header
 * text in `gcc -E -P` output (SV-COMP's .i files), e.g. "typedef struct
 * { int quot; int rem; } div_t;" or "extern double atof (const char *);".
 * It is skipped like a system header's declaration: what it declares is
 * rejected where the program uses it. */
static bool header_like_decl(const c_ctx *c, const toks *v, int i) {
  int k = v->code[i];
  if (k != CT_TYPEDEF && k != CT_EXTERN && k != CT_STRUCT && k != CT_UNION &&
      k != CT_ENUM)
    return false;
  int j = skip_decl(v, i);
  if (j <= i + 1 || v->code[j - 1] != CT_SEMI) return false; /* a body */
  if (k == CT_STRUCT || k == CT_UNION || k == CT_ENUM) {
    /* only "struct X { ... };" or "struct X;": no declarator */
    int a = i + 1;
    if (a < j && v->code[a] == CT_NAME) a++;
    if (a < j && v->code[a] == CT_LBRACE) a = skip_group(v, a);
    if (a != j - 1) return false;
  }
  /* extern char *tzname[2]; (a pointer variable: a prototype returning a
     pointer is read, so that a use of its result is rejected) */
  bool star = false, func = false;
  int depth = 0;
  for (int m = i; m < j; m++) {
    int km = v->code[m];
    if (km == CT_LPAREN && depth == 0) func = true;
    if (km == CT_STAR && depth == 0) star = true;
    if (km == CT_LPAREN || km == CT_LBRACKET || km == CT_LBRACE) depth++;
    else if (km == CT_RPAREN || km == CT_RBRACKET || km == CT_RBRACE) depth--;
  }
  if (k == CT_EXTERN && star && !func) return true;
  for (int m = i; m < j; m++) {
    int km = v->code[m];
    /* (float prototypes are read: calls of them get their own message) */
    if ((km == CT_FLOAT || km == CT_DOUBLE) && k == CT_TYPEDEF) return true;
    if (km == CT_LPAREN && m + 1 < j && v->code[m + 1] == CT_STAR)
      return true; /* a function pointer declarator */
    if (km == CT_NAME && c_tdef_find(c, c->src + v->t[m].off, v->t[m].len))
      km = CT_TYPENAME;
    if (unsupported_tok(c, km, v->t[m])) return true;
  }
  return false;
}

static void feed(c_ctx *c, const toks *v) {
  void *p = c_parser_new(c);
  bool boundary = true;
  int depth = 0;
  c_list pending = {0};     /* user typedef names of the current decl */
  int pending_end = -1;     /* index of the ';' that ends it */
  for (int i = 0; i < v->n; i++) {
    int code = v->code[i];
    c_tok t = v->t[i];
    if (code == C_TK_EOF) {
      c->last = t;
      c_parser_feed(p, 0, t);
      break;
    }
    if (boundary && t.sys) {
      int j = skip_decl(v, i);
      if (code == CT_TYPEDEF) scan_typedef(c, v, i + 1, j, true, NULL);
      i = j - 1;
      continue;
    }
    if (boundary && header_like_decl(c, v, i)) {
      int j = skip_decl(v, i);
      if (code == CT_TYPEDEF) scan_typedef(c, v, i + 1, j, true, NULL);
      i = j - 1;
      continue;
    }
    if (code == CT_TYPEDEF && pending_end < 0) {
      int j = skip_decl(v, i);
      pending.n = 0;
      scan_typedef(c, v, i + 1, j, false, &pending);
      pending_end = j - 1;
    }
    if (code == CT_NAME && c_tdef_find(c, c->src + t.off, t.len))
      code = CT_TYPENAME;
    if (code == C_TK_FLOATLIT || !t.sys) {
      const char *why = unsupported_tok(c, code, t);
      if (why) {
        if (code == CT_TYPENAME)
          c_unsup(c, t.pos, "%s (type %s)", why, c_tok_text(c, t));
        else
          c_unsup(c, t.pos, "%s", why);
        c->syntax_error = true;
        break;
      }
    }
    if (code < 0) { /* cannot happen: specials are filtered */
      c_syntax_error(c, 1, t);
      break;
    }
    if (code == CT_LPAREN || code == CT_LBRACE || code == CT_LBRACKET) {
      if (++depth > CLP_NEST_MAX) {
        c_error(c, t.pos, "nesting deeper than %d", CLP_NEST_MAX);
        c->syntax_error = true;
        break;
      }
    } else if (code == CT_RPAREN || code == CT_RBRACE || code == CT_RBRACKET)
      depth--;
    if (i % 1024 == 0 && clp_expired()) { /* --timeout: no message */
      c->syntax_error = true;
      break;
    }
    c->last = t;
    c_parser_feed(p, code, t);
    if (c->syntax_error) break;
    if (i == pending_end) {
      c_type ty;
      memset(&ty, 0, sizeof ty);
      ty.base = C_INT;
      for (int k = 0; k < pending.n; k++) {
        const char *n = pending.v[k];
        if (!c_tdef_find(c, n, (int)strlen(n))) c_tdef_add(c, n, ty, NULL);
      }
      pending_end = -1;
    }
    boundary = depth == 0 && (code == CT_SEMI || code == CT_RBRACE);
  }
  c_parser_free(p);
}

static c_unit *parse_pp(c_ctx *c) {
  toks v = {0};
  if (tokenize(c, &v)) feed(c, &v);
  else c->syntax_error = true;
  if (!c->syntax_error) c_check_stmt_exprs(c);
  c_unit *u = NULL;
  if (c->nmsgs == 0 && !c->syntax_error) {
    u = NEW(c_unit);
    u->file = c->file;
    u->nglobals = c->globals.n;
    u->globals = NEW_N(c_decl *, u->nglobals);
    for (int i = 0; i < u->nglobals; i++) u->globals[i] = c->globals.v[i];
    u->nfuncs = c->funcs.n;
    u->funcs = NEW_N(c_func *, u->nfuncs);
    for (int i = 0; i < u->nfuncs; i++) u->funcs[i] = c->funcs.v[i];
  }
  if (c_flush(c) > 0) return NULL;
  return u;
}

c_unit *c_parse_string(const char *name, const char *text, size_t len,
                       fe_diags *d) {
  if (len > (size_t)0x7ffffff0) {
    fe_diag_add(d, FE_DIAG_LIMIT, fe_diag_file(name ? name : "<input>"),
                "input too large");
    return NULL;
  }
  c_ctx *c = ctx_new(name, text ? text : "", text ? len : 0, d);
  return parse_pp(c);
}

c_unit *c_parse_file(const char *path, fe_diags *d) {
  size_t olen = 0;
  const char *orig = fe_read_file(path, &olen, d);
  return orig ? c_parse_source(path, orig, olen, d) : NULL;
}

c_unit *c_parse_source(const char *path, const char *orig, size_t olen,
                       fe_diags *d) {
  size_t len = 0;
  c_cex_source(path, orig, olen);
  char *text = c_cpp_run(path, orig, olen, &len, d);
  if (!text) return NULL;
  if (len > (size_t)0x7ffffff0) {
    fe_diag_add(d, FE_DIAG_LIMIT, fe_diag_file(path), "input too large");
    return NULL;
  }
  c_ctx *c = ctx_new(path, text, len, d);
  set_orig(c, orig, olen);
  return parse_pp(c);
}
