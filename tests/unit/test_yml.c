/* test_yml.c -- the YAML subset reader of driver/yml.c: every node kind
 * dumped as an S-expression (positions included) and compared, and the
 * positioned errors (stderr is not inspected: NULL is). */
#include <gc.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "driver/yml.h"

static void dump(char *b, size_t cap, const yml_node *x) {
  size_t n = strlen(b);
  switch (x->kind) {
  case YML_STR: snprintf(b + n, cap - n, "'%s'@%d:%d", x->str, x->line, x->col); return;
  case YML_SEQ: snprintf(b + n, cap - n, "[@%d:%d", x->line, x->col); break;
  case YML_MAP: snprintf(b + n, cap - n, "{@%d:%d", x->line, x->col); break;
  }
  for (int i = 0; i < x->n; i++) {
    n = strlen(b);
    if (x->kind == YML_MAP) snprintf(b + n, cap - n, " %s=", x->keys[i]);
    else snprintf(b + n, cap - n, " ");
    dump(b, cap, x->vals[i]);
  }
  n = strlen(b);
  snprintf(b + n, cap - n, x->kind == YML_MAP ? "}" : "]");
}

static const char *parse(const char *text) {
  static char b[4096];
  b[0] = 0;
  yml_node *x = yml_parse("t.yml", text, strlen(text), NULL);
  if (!x) return NULL;
  dump(b, sizeof b, x);
  return b;
}

int main(void) {
  GC_INIT();
  CHECK_STR(parse("a: 1\nb: 'x y' # c\n"), "{@1:1 a='1'@1:4 b='x y'@2:4}");
  CHECK_STR(parse("---\n# head\nk:\n  - p: q\n    r: \"s\\tt\"\n  - z\n"),
            "{@3:1 k=[@4:3 {@4:5 p='q'@4:8 r='s\tt'@5:8} 'z'@6:5]}");
  /* a sequence at its key's indentation, an empty value, '' in quotes */
  CHECK_STR(parse("k:\n- a\n- 'it''s'\ne:\n"),
            "{@1:1 k=[@2:1 'a'@2:3 'it's'@3:3] e=''@4:3}");
  CHECK_STR(parse("f: [a, 'b, c' , \"d\"]\ng: []\n"),
            "{@1:1 f=[@1:4 'a'@1:5 'b, c'@1:8 'd'@1:17] g=[@2:4]}");
  CHECK_STR(parse("u: a#b\nv: http://x\n"), "{@1:1 u='a#b'@1:4 v='http://x'@2:4}");
  CHECK_STR(parse("- - 1\n  - 2\n- 3\n"), "[@1:1 [@1:3 '1'@1:5 '2'@2:5] '3'@3:3]");
  CHECK_STR(parse(""), "''@1:1");
  /* errors */
  fprintf(stderr, "(expected errors follow)\n");
  CHECK(!parse("a: 1\n  b: 2\n"));          /* bad indentation */
  CHECK(!parse("a: 1\na: 2\n"));            /* duplicate key */
  CHECK(!parse("a:\n\t- b\n"));             /* tab */
  CHECK(!parse("a: {b: 1}\n"));             /* flow mapping */
  CHECK(!parse("a: &x 1\n"));               /* anchor */
  CHECK(!parse("a: |\n  text\n"));          /* block scalar */
  CHECK(!parse("a: 'b\n"));                 /* unterminated */
  CHECK(!parse("a: [b, [c]]\n"));           /* nested flow */
  CHECK(!parse("a: [b,\n  c]\n"));          /* flow over lines */
  CHECK(!parse("a: \"\\q\"\n"));            /* escape */
  CHECK(!parse("just text\n  more\n"));     /* multi-line scalar */
  CHECK(!parse("a: 1\nb\n"));               /* not key: value */
  return check_done("test_yml");
}
