/* yml.c -- the YAML subset of yml.h: the text is cut into significant lines
 * (indentation, content without comments), then a recursive descent by
 * indentation builds the nodes.  "- key: v" is read by moving the line's
 * indentation to the key, so the item is an ordinary block mapping. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "clp/clp.h"
#include "driver/yml.h"

typedef struct line {
  const char *start;         /* the physical line */
  const char *p;             /* content (after indentation) */
  int len;                   /* content length, comment and blanks cut */
  int indent;                /* column of p - 1 */
  int no;                    /* 1-based line number */
} line;

typedef struct parser {
  const char *file;
  line *l;
  int n, i;
  bool err;
  fe_diags *out;             /* the first error goes there */
} parser;

/* Reports the first error (kind k) at line no, column col. */
static void error_k(parser *ps, fe_diag_kind k, int no, int col,
                    const char *fmt, ...) {
  if (ps->err) return;
  ps->err = true;
  va_list ap;
  va_start(ap, fmt);
  clp_pos p = {ps->file, no, col};
  fe_diag_add(ps->out, k, p, "%s", clp_vfmt(fmt, ap));
  va_end(ap);
}
#define error(ps, ...) error_k(ps, FE_DIAG_SYNTAX, __VA_ARGS__)

static int col_of(const line *l, const char *q) { return (int)(q - l->start) + 1; }

static yml_node *node(yml_kind k, int no, int col) {
  yml_node *x = NEW(yml_node);
  x->kind = k;
  x->line = no;
  x->col = col;
  x->str = "";
  return x;
}

/* Appends (key, v) to a map, or v to a sequence (key NULL). */
static void add(yml_node *x, const char *key, yml_node *v) {
  if ((x->n & (x->n - 1)) == 0) { /* 0, 1, 2, 4, ...: grow to 2n */
    int cap = x->n ? 2 * x->n : 1;
    yml_node **vals = NEW_N(yml_node *, cap);
    if (x->n) memcpy(vals, x->vals, sizeof *vals * (size_t)x->n);
    x->vals = vals;
    if (x->kind == YML_MAP) {
      const char **keys = NEW_N(const char *, cap);
      if (x->n) memcpy(keys, x->keys, sizeof *keys * (size_t)x->n);
      x->keys = keys;
    }
  }
  if (x->kind == YML_MAP) x->keys[x->n] = key;
  x->vals[x->n++] = v;
}

/* Length of the content of [p, e): up to a comment ('#' at the start or
 * after a blank, outside quotes), trailing blanks removed. */
static int content_len(const char *p, const char *e) {
  char q = 0;
  const char *end = e;
  for (const char *s = p; s < e; s++) {
    if (q) {
      if (*s == q) {
        if (q == '\'' && s + 1 < e && s[1] == '\'') { s++; continue; }
        q = 0;
      } else if (q == '"' && *s == '\\' && s + 1 < e) s++;
    } else if ((*s == '\'' || *s == '"') &&
               (s == p || strchr(" [,:-", s[-1]))) {
      q = *s;
    } else if (*s == '#' && (s == p || s[-1] == ' ' || s[-1] == '\t')) {
      end = s;
      break;
    }
  }
  while (end > p && (end[-1] == ' ' || end[-1] == '\t')) end--;
  return (int)(end - p);
}

static bool split_lines(parser *ps, const char *text, size_t len) {
  int cap = 16;
  ps->l = NEW_N(line, cap);
  const char *s = text, *end = text + len;
  bool started = false;
  for (int no = 1; s < end && !ps->err; no++) {
    const char *e = memchr(s, '\n', (size_t)(end - s));
    if (!e) e = end;
    const char *le = e > s && e[-1] == '\r' ? e - 1 : e;
    const char *p = s;
    while (p < le && *p == ' ') p++;
    int clen = content_len(p, le);
    if (clen > 0 && p < le && *p == '\t')
      error(ps, no, (int)(p - s) + 1, "tab in indentation");
    if (clen > 0 && !started && *p == '%') clen = 0;   /* %YAML directive */
    if (clen == 3 && !memcmp(p, "---", 3) && !started) clen = 0;
    if (clen == 3 && !memcmp(p, "...", 3)) break;       /* end of document */
    if (clen > 0) {
      started = true;
      if (ps->n == cap) {
        cap *= 2;
        line *nl = NEW_N(line, cap);
        memcpy(nl, ps->l, sizeof *nl * (size_t)ps->n);
        ps->l = nl;
      }
      ps->l[ps->n++] = (line){s, p, clen, (int)(p - s), no};
    }
    s = e + 1;
  }
  return !ps->err;
}

/* A scalar from q[0..n) of line l: plain or quoted. */
static yml_node *scalar(parser *ps, const line *l, const char *q, int n) {
  yml_node *x = node(YML_STR, l->no, col_of(l, q));
  if (n == 0) return x;
  if (strchr("&*!|>{%@`", q[0])) {
    error_k(ps, FE_DIAG_UNSUPPORTED, l->no, col_of(l, q),
            "unsupported YAML: '%c' (anchors, aliases, "
            "tags, block scalars and flow mappings are not read)", q[0]);
    return x;
  }
  if (q[0] != '\'' && q[0] != '"') {
    char *s = NEW_ATOMIC_N(char, n + 1);
    memcpy(s, q, (size_t)n);
    s[n] = 0;
    x->str = s;
    return x;
  }
  char *s = NEW_ATOMIC_N(char, n + 1), *o = s;
  int i = 1;
  for (; i < n; i++) {
    char c = q[i];
    if (c == q[0]) {
      if (q[0] == '\'' && i + 1 < n && q[i + 1] == '\'') { *o++ = '\''; i++; continue; }
      break;
    }
    if (q[0] == '"' && c == '\\' && i + 1 < n) {
      char d = q[++i];
      const char *from = "\\\"/nt0", *to = "\\\"/\n\t";
      const char *k = strchr(from, d);
      if (!k || d == '0') {
        error_k(ps, FE_DIAG_UNSUPPORTED, l->no, col_of(l, q + i - 1),
                "unsupported escape '\\%c'", d);
        return x;
      }
      *o++ = to[k - from];
      continue;
    }
    *o++ = c;
  }
  *o = 0;
  if (i >= n) {
    error(ps, l->no, col_of(l, q), "unterminated quoted string");
    return x;
  }
  if (i + 1 < n)
    error(ps, l->no, col_of(l, q + i + 1), "unexpected text after a quoted string");
  x->str = s;
  return x;
}

/* Index in q[0..n) after a quoted string that starts at i, or n. */
static int skip_quoted(const char *q, int n, int i) {
  char c = q[i];
  for (i++; i < n; i++) {
    if (q[i] == c) {
      if (c == '\'' && i + 1 < n && q[i + 1] == '\'') { i++; continue; }
      return i + 1;
    }
    if (c == '"' && q[i] == '\\') i++;
  }
  return n;
}

/* A flow sequence [a, 'b'] of scalars, on one line. */
static yml_node *flow_seq(parser *ps, const line *l, const char *q, int n) {
  yml_node *x = node(YML_SEQ, l->no, col_of(l, q));
  if (q[n - 1] != ']') {
    error_k(ps, FE_DIAG_UNSUPPORTED, l->no, col_of(l, q),
            "unsupported YAML: a flow sequence must end on its line");
    return x;
  }
  int i = 1, e = n - 1;
  while (i < e && !ps->err) {
    while (i < e && q[i] == ' ') i++;
    if (i == e) break;
    int j = i;
    if (q[j] == '\'' || q[j] == '"') j = skip_quoted(q, e, j);
    else if (q[j] == '[' || q[j] == '{') {
      error_k(ps, FE_DIAG_UNSUPPORTED, l->no, col_of(l, q + j),
              "unsupported YAML: nested flow collections");
      return x;
    }
    while (j < e && q[j] != ',') j++;
    int k = j;
    while (k > i && q[k - 1] == ' ') k--;
    add(x, NULL, scalar(ps, l, q + i, k - i));
    i = j + 1;
  }
  return x;
}

/* A value written after "key:" or "- " on its line. */
static yml_node *inline_value(parser *ps, const line *l, const char *q, int n) {
  if (n > 0 && q[0] == '[') return flow_seq(ps, l, q, n);
  return scalar(ps, l, q, n);
}

static bool is_item(const line *l) {
  return l->p[0] == '-' && (l->len == 1 || l->p[1] == ' ');
}

/* Index of the ':' that ends the key at the start of l's content, or -1. */
static int key_end(const line *l) {
  const char *q = l->p;
  int n = l->len, i = 0;
  if (q[0] == '\'' || q[0] == '"') {
    i = skip_quoted(q, n, 0);
    return i < n && q[i] == ':' && (i + 1 == n || q[i + 1] == ' ') ? i : -1;
  }
  if (q[0] == '[' || q[0] == '{') return -1;
  for (; i < n; i++)
    if (q[i] == ':' && (i + 1 == n || q[i + 1] == ' ')) return i;
  return -1;
}

static yml_node *block(parser *ps);
static yml_node *seq(parser *ps, int ind);

static yml_node *map(parser *ps, int ind) {
  line *l0 = &ps->l[ps->i];
  yml_node *m = node(YML_MAP, l0->no, l0->indent + 1);
  while (ps->i < ps->n && !ps->err) {
    line *l = &ps->l[ps->i];
    if (l->indent < ind) break;
    if (l->indent > ind) {
      error(ps, l->no, l->indent + 1, "bad indentation (expected column %d)", ind + 1);
      break;
    }
    if (is_item(l)) {
      error(ps, l->no, l->indent + 1, "a sequence item where a 'key:' was expected");
      break;
    }
    int k = key_end(l);
    if (k < 0) {
      error(ps, l->no, l->indent + 1, "expected 'key: value'");
      break;
    }
    yml_node *kn = scalar(ps, l, l->p, k);
    if (ps->err) break;
    if (yml_get(m, kn->str)) {
      error(ps, l->no, l->indent + 1, "duplicate key '%s'", kn->str);
      break;
    }
    const char *r = l->p + k + 1;
    int rn = l->len - k - 1;
    while (rn > 0 && *r == ' ') { r++; rn--; }
    yml_node *v;
    if (rn > 0) {
      v = inline_value(ps, l, r, rn);
      ps->i++;
    } else {
      ps->i++;
      line *nx = ps->i < ps->n ? &ps->l[ps->i] : NULL;
      if (nx && nx->indent > ind) v = block(ps);
      else if (nx && nx->indent == ind && is_item(nx)) v = seq(ps, ind);
      else v = node(YML_STR, l->no, col_of(l, l->p + k + 1));
    }
    add(m, kn->str, v);
  }
  return m;
}

static yml_node *seq(parser *ps, int ind) {
  line *l0 = &ps->l[ps->i];
  yml_node *s = node(YML_SEQ, l0->no, l0->indent + 1);
  while (ps->i < ps->n && !ps->err) {
    line *l = &ps->l[ps->i];
    if (l->indent < ind || (l->indent == ind && !is_item(l))) break;
    if (l->indent > ind) {
      error(ps, l->no, l->indent + 1, "bad indentation (expected column %d)", ind + 1);
      break;
    }
    int off = 1;
    while (off < l->len && l->p[off] == ' ') off++;
    yml_node *v;
    if (off >= l->len) {
      ps->i++;
      line *nx = ps->i < ps->n ? &ps->l[ps->i] : NULL;
      v = nx && nx->indent > ind ? block(ps)
                                 : node(YML_STR, l->no, l->indent + 2);
    } else { /* the item starts on this line: re-indent it to its text */
      l->p += off;
      l->len -= off;
      l->indent += off;
      v = block(ps);
    }
    add(s, NULL, v);
  }
  return s;
}

/* The node whose first line is the current one. */
static yml_node *block(parser *ps) {
  line *l = &ps->l[ps->i];
  if (is_item(l)) return seq(ps, l->indent);
  if (key_end(l) >= 0) return map(ps, l->indent);
  yml_node *x = inline_value(ps, l, l->p, l->len);
  ps->i++;
  if (ps->i < ps->n && ps->l[ps->i].indent > l->indent && !ps->err)
    error_k(ps, FE_DIAG_UNSUPPORTED, ps->l[ps->i].no,
            ps->l[ps->i].indent + 1,
            "unsupported YAML: a scalar continued on the next line");
  return x;
}

yml_node *yml_parse(const char *file, const char *text, size_t len,
                     fe_diags *d) {
  parser ps = {file, NULL, 0, 0, false, d};
  if (!split_lines(&ps, text, len)) return NULL;
  if (ps.n == 0) return node(YML_STR, 1, 1);
  yml_node *root = block(&ps);
  if (!ps.err && ps.i < ps.n)
    error(&ps, ps.l[ps.i].no, ps.l[ps.i].indent + 1,
          "bad indentation (expected column %d)", ps.l[0].indent + 1);
  return ps.err ? NULL : root;
}

const yml_node *yml_get(const yml_node *m, const char *key) {
  if (!m || m->kind != YML_MAP) return NULL;
  for (int i = 0; i < m->n; i++)
    if (!strcmp(m->keys[i], key)) return m->vals[i];
  return NULL;
}
