/* fe_detect.c -- the input language of a text without a known extension
 * (standard input, a pipe, a file named otherwise): fe_detect_lang (fe.h,
 * docs/cli.md "Input language"). */
#include <ctype.h>
#include <string.h>

#include "frontend/fe.h"

/* The text after the comments and white space at p (of every language:
 * `;`, `%`, `//` to the end of the line, `/ * * /`, `(* *)` nested). */
static const char *skip_blank(const char *p, const char *end) {
  while (p < end) {
    if (isspace((unsigned char)*p)) { p++; continue; }
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (*p == ';' || *p == '%' || (*p == '/' && p + 1 < end && p[1] == '/')) {
      p = eol ? eol + 1 : end;
      continue;
    }
    if (*p == '/' && p + 1 < end && p[1] == '*') {
      const char *q = p + 2;
      while (q + 1 < end && !(q[0] == '*' && q[1] == '/')) q++;
      p = q + 1 < end ? q + 2 : end;
      continue;
    }
    if (*p == '(' && p + 1 < end && p[1] == '*') { /* .cub, nested */
      int depth = 0;
      const char *q = p;
      while (q + 1 < end) {
        if (q[0] == '(' && q[1] == '*') depth++, q += 2;
        else if (q[0] == '*' && q[1] == ')') { q += 2; if (!--depth) break; }
        else q++;
      }
      p = depth ? end : q;
      continue;
    }
    break;
  }
  return p;
}

static bool ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '\'' || c == '$' ||
         c == '#';
}

/* The identifier at *p (advanced past it and the blanks after it on the
 * line), or its length 0. */
static size_t word(const char **p, const char *end) {
  const char *q = *p;
  if (q >= end || !(isalpha((unsigned char)*q) || *q == '_')) return 0;
  while (q < end && ident_char(*q)) q++;
  size_t n = (size_t)(q - *p);
  while (q < end && (*q == ' ' || *q == '\t')) q++;
  *p = q;
  return n;
}

static bool is_word(const char *w, size_t n, const char *kw) {
  return n == strlen(kw) && !strncmp(w, kw, n);
}

/* An SMT-LIB command opens the text: "(set-logic", "(declare-fun", ... */
static bool smt2_start(const char *p, const char *end) {
  static const char *const cmds[] = {
      "set-logic", "set-info", "set-option", "declare-fun", "declare-const",
      "declare-sort", "declare-rel", "declare-var", "declare-datatypes",
      "define-fun", "define-sort", "assert", "rule", "query", NULL};
  if (p >= end || *p != '(') return false;
  p = skip_blank(p + 1, end);
  const char *w = p;
  while (p < end && (isalnum((unsigned char)*p) || *p == '-')) p++;
  for (int i = 0; cmds[i]; i++)
    if ((size_t)(p - w) == strlen(cmds[i]) && !strncmp(w, cmds[i], (size_t)(p - w)))
      return true;
  return false;
}

/* A Cubicle declaration opens the text: "number_procs N", "type T",
 * "var X :", "array A[", "const C :", "init (", "unsafe (", "transition t
 * (". */
static bool cub_start(const char *p, const char *end) {
  const char *w = p;
  size_t n = word(&p, end);
  if (!n) return false;
  if (is_word(w, n, "number_procs")) return p < end && isdigit((unsigned char)*p);
  if (is_word(w, n, "init") || is_word(w, n, "unsafe"))
    return p < end && (*p == '(' || *p == '{');
  if (!word(&p, end)) return false; /* the declared name */
  if (is_word(w, n, "type")) return p >= end || *p == '=' || *p == '\n' || *p == '\r';
  if (is_word(w, n, "var") || is_word(w, n, "const"))
    return p < end && *p == ':';
  if (is_word(w, n, "array")) return p < end && *p == '[';
  if (is_word(w, n, "transition")) return p < end && *p == '(';
  return false;
}

/* The .clp item at p: "goal E." or "?- E." (goal_only), or also "rel
 * R(", "pred p(", "fun f:", "indexed", "axiom" followed by a name. */
static bool clp_item(const char *p, const char *end, bool goal_only) {
  const char *w = p;
  size_t n = word(&p, end);
  if (!n) return p + 1 < end && p[0] == '?' && p[1] == '-';
  if (!is_word(w, n, "goal") &&
      (goal_only || !(is_word(w, n, "rel") || is_word(w, n, "pred") ||
                      is_word(w, n, "fun") || is_word(w, n, "indexed") ||
                      is_word(w, n, "axiom"))))
    return false;
  if (!word(&p, end) || p >= end) return false;
  return is_word(w, n, "goal") ? *p == '.' : *p && strchr(".(:", *p);
}

/* A .clp item opens the text, or a line states the goal ("goal E.", "?-
 * E.") or starts a rule: "NAME(ARGS) :- ..." or "NAME :- ..." at its
 * start, the arguments on that line. */
static bool clp_text(const char *p, const char *end) {
  if (clp_item(p, end, false)) return true;
  for (const char *line = p; line < end;) {
    const char *q = line;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    if (clp_item(q, end, true)) return true;
    if (word(&q, end) && q < end && *q == '(') {
      int depth = 0;
      for (; q < end && *q != '\n'; q++)
        if (*q == '(') depth++;
        else if (*q == ')' && !--depth) { q++; break; }
      while (q < end && (*q == ' ' || *q == '\t')) q++;
    }
    if (q + 1 < end && q[0] == ':' && q[1] == '-') return true;
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    line = eol ? eol + 1 : end;
  }
  return false;
}

const char *fe_detect_lang(const char *text, size_t len) {
  const char *end = text + len;
  const char *p = skip_blank(text, end);
  if (smt2_start(p, end)) return "smt2";
  if (cub_start(p, end)) return "cub";
  if (clp_text(p, end)) return "clp";
  return "c";
}
