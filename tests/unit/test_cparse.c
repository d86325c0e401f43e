/* test_cparse.c -- the C-subset parser (c_parse_string / c_parse_file):
 * every construct of the subset dumped as an S-expression and compared
 * with the expected tree, positions (through cpp's line markers, exact
 * columns despite tabs), typedefs from system headers, the bundled
 * assert.h, every "unsupported" and syntax error message, and -- when
 * ../shared/benchmarks/c is present -- the parse count of the benchmark
 * programs.  With file arguments: prints each file's first error (or OK)
 * and the dump with -d. */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "frontend/c/c_ast.h"
#include "frontend/c/c_parse.h"

/* ------------------------------------------------------------------ dump */
typedef struct buf { char *s; size_t n, cap; } buf;

static void put(buf *b, const char *fmt, ...) {
  va_list ap;
  char tmp[512];
  va_start(ap, fmt);
  int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (k < 0) return;
  if (b->n + (size_t)k + 1 > b->cap) {
    b->cap = 2 * (b->n + (size_t)k + 1);
    b->s = realloc(b->s, b->cap);
  }
  memcpy(b->s + b->n, tmp, (size_t)k + 1);
  b->n += (size_t)k;
}

static const char *base_name(c_base b) {
  static const char *n[] = {"void", "bool", "char", "uchar", "short",
                            "ushort", "int", "uint", "long", "ulong",
                            "llong", "ullong"};
  return n[b];
}

static void dump_expr(buf *b, const c_expr *e);

static void dump_type(buf *b, const c_type *t) {
  put(b, "%s", base_name(t->base));
  for (int i = 0; i < t->ptr; i++) put(b, "*");
  if (t->flt) put(b, "!flt");
  for (int i = 0; i < t->ndims; i++) {
    put(b, "[");
    if (t->dims[i]) dump_expr(b, t->dims[i]);
    put(b, "]");
  }
}

static void dump_expr(buf *b, const c_expr *e) {
  if (!e) { put(b, "_"); return; }
  switch (e->kind) {
  case C_E_NUM:
    if (e->str) put(b, "%s", e->str);
    else put(b, "%lld%s", (long long)e->num, c_type_unsigned(e->ntype) ? "u" : "");
    return;
  case C_E_VAR: put(b, "%s", e->name); return;
  case C_E_INDEX: put(b, "(idx "); break;
  case C_E_CALL: put(b, "(call %s", e->name); break;
  case C_E_UNARY: case C_E_BINARY: case C_E_ASSIGN: put(b, "(%s ", e->op); break;
  case C_E_INCDEC: put(b, "(%s%s ", e->prefix ? "pre" : "post", e->op); break;
  case C_E_COND: put(b, "(? "); break;
  case C_E_CAST: put(b, "(cast "); dump_type(b, &e->cast); put(b, " "); break;
  case C_E_COMMA: put(b, "(, "); break;
  case C_E_SIZEOF: put(b, "(sizeof %lld", (long long)e->num); break;
  case C_E_STMT: put(b, "(stmt"); break;
  }
  for (int i = 0; i < e->n; i++) {
    if (i || e->kind == C_E_CALL) put(b, " ");
    dump_expr(b, e->kids[i]);
  }
  put(b, ")");
}

static void dump_decl(buf *b, const c_decl *d) {
  put(b, "(decl %s%s ", d->is_static ? "static " : "", d->name);
  dump_type(b, &d->type);
  if (d->init) { put(b, " = "); dump_expr(b, d->init); }
  if (d->inits) {
    put(b, " = {");
    for (int i = 0; i < d->ninit; i++) {
      if (i) put(b, " ");
      dump_expr(b, d->inits[i]);
    }
    put(b, "}");
  }
  put(b, ")");
}

static void dump_stmt(buf *b, const c_stmt *s) {
  if (!s) { put(b, "_"); return; }
  switch (s->kind) {
  case C_S_EXPR:
    if (!s->e) put(b, ";");
    else dump_expr(b, s->e);
    return;
  case C_S_DECL:
    for (int i = 0; i < s->ndecls; i++) {
      if (i) put(b, " ");
      dump_decl(b, s->decls[i]);
    }
    return;
  case C_S_BLOCK:
    put(b, "{");
    for (int i = 0; i < s->n; i++) { put(b, " "); dump_stmt(b, s->kids[i]); }
    put(b, " }");
    return;
  case C_S_IF:
    put(b, "(if "); dump_expr(b, s->e); put(b, " "); dump_stmt(b, s->then_);
    if (s->else_) { put(b, " else "); dump_stmt(b, s->else_); }
    put(b, ")");
    return;
  case C_S_WHILE:
    put(b, "(while "); dump_expr(b, s->e); put(b, " "); dump_stmt(b, s->body);
    put(b, ")");
    return;
  case C_S_DO:
    put(b, "(do "); dump_stmt(b, s->body); put(b, " "); dump_expr(b, s->e);
    put(b, ")");
    return;
  case C_S_FOR:
    put(b, "(for "); dump_stmt(b, s->init); put(b, " "); dump_expr(b, s->e);
    put(b, " "); dump_expr(b, s->step); put(b, " "); dump_stmt(b, s->body);
    put(b, ")");
    return;
  case C_S_BREAK: put(b, "break"); return;
  case C_S_CONTINUE: put(b, "continue"); return;
  case C_S_RETURN:
    put(b, "(return");
    if (s->e) { put(b, " "); dump_expr(b, s->e); }
    put(b, ")");
    return;
  case C_S_LABEL:
    put(b, "(label %s ", s->label); dump_stmt(b, s->body); put(b, ")");
    return;
  case C_S_GOTO: put(b, "(goto %s)", s->label); return;
  case C_S_SWITCH:
    put(b, "(switch "); dump_expr(b, s->e); put(b, " "); dump_stmt(b, s->body);
    put(b, ")");
    return;
  case C_S_CASE:
    if (s->e) { put(b, "(case "); dump_expr(b, s->e); put(b, " "); }
    else put(b, "(default ");
    dump_stmt(b, s->body);
    put(b, ")");
    return;
  }
}

static char *dump_unit(const c_unit *u) {
  buf b = {0};
  put(&b, "");
  for (int i = 0; i < u->nglobals; i++) {
    dump_decl(&b, u->globals[i]);
    put(&b, "\n");
  }
  for (int i = 0; i < u->nfuncs; i++) {
    const c_func *f = u->funcs[i];
    put(&b, "(%s %s ", f->body ? "fun" : "proto", f->name);
    dump_type(&b, &f->ret);
    put(&b, " (");
    for (int k = 0; k < f->nparams; k++) {
      if (k) put(&b, " ");
      put(&b, "%s:", f->params[k]->name);
      dump_type(&b, &f->params[k]->type);
    }
    put(&b, ")");
    if (f->body) { put(&b, " "); dump_stmt(&b, f->body); }
    put(&b, ")\n");
  }
  return b.s;
}

/* ----------------------------------------------------------------- helpers */
/* The diagnostics of the last parse, as printed. */
static fe_diags last;
static const char *errors(void) { return fe_diags_text(&last); }

static c_unit *parse_n(const char *name, const char *text, size_t len) {
  last = (fe_diags){0};
  return c_parse_string(name, text, len, &last);
}

static c_unit *parse_file(const char *path) {
  last = (fe_diags){0};
  return c_parse_file(path, &last);
}

static c_unit *parse(const char *text) {
  return parse_n("t.c", text, strlen(text));
}

/* The dump of the only function's body (or of the whole unit: all). */
static char *body_of(const char *text) {
  c_unit *u = parse(text);
  if (!u) return strdup(errors());
  buf b = {0};
  put(&b, "");
  for (int i = 0; i < u->nfuncs; i++)
    if (u->funcs[i]->body) dump_stmt(&b, u->funcs[i]->body);
  return b.s;
}

#define CHECK_BODY(text, want)                                            \
  do {                                                                    \
    char *_d = body_of(text);                                             \
    CHECK_STR(_d, want);                                                  \
    free(_d);                                                             \
  } while (0)

#define CHECK_UNIT(text, want)                                            \
  do {                                                                    \
    c_unit *_u = parse(text);                                             \
    char *_d = _u ? dump_unit(_u) : strdup(errors());             \
    CHECK_STR(_d, want);                                                  \
    free(_d);                                                             \
  } while (0)

/* The parse fails with exactly this (first) message. */
#define CHECK_ERR(text, want)                                             \
  do {                                                                    \
    c_unit *_u = parse(text);                                             \
    CHECK(_u == NULL);                                                    \
    const char *_e = errors();                                    \
    const char *_nl = strchr(_e, '\n');                                   \
    char _first[512];                                                     \
    snprintf(_first, sizeof _first, "%.*s", _nl ? (int)(_nl - _e) : 0, _e); \
    CHECK_STR(_first, want);                                              \
  } while (0)

/* ------------------------------------------------------------------ tests */
static void test_expressions(void) {
  CHECK_BODY("int main() { x = a + b * c - d / e % f; }",
             "{ (= x (- (+ a (* b c)) (% (/ d e) f))) }");
  CHECK_BODY("int main() { x = a < b == c <= d && e || !f; }",
             "{ (= x (|| (&& (== (< a b) (<= c d)) e) (! f))) }");
  CHECK_BODY("int main() { x = a & b | c ^ d << 2 >> 1; }",
             "{ (= x (| (& a b) (^ c (>> (<< d 2) 1)))) }");
  CHECK_BODY("int main() { x = y = z += 3; x -= 1; x <<= 2; x %= 5; }",
             "{ (= x (= y (+= z 3))) (-= x 1) (<<= x 2) (%= x 5) }");
  CHECK_BODY("int main() { x = c ? a : b ? d : e; }",
             "{ (= x (? c a (? b d e))) }");
  CHECK_BODY("int main() { x++; --y; z = -x++ + ~y; w = - -v; }",
             "{ (post++ x) (pre-- y) (= z (+ (- (post++ x)) (~ y))) (= w (- (- v))) }");
  CHECK_BODY("int main() { x = (unsigned char) y + (long long) 3; (void) 0; }",
             "{ (= x (+ (cast uchar y) (cast llong 3))) (cast void 0) }");
  CHECK_BODY("int main() { x = a[i][j+1]; a[0] = f(1, g(), (2, 3)); }",
             "{ (= x (idx (idx a i) (+ j 1))) (= (idx a 0) (call f 1 (call g) (, 2 3))) }");
  CHECK_BODY("int main() { x = 10 + 0x1F + 017 + 7u + 3000000000 + 5UL + 'a' + '\\n' + '\\0' + '\\xff'; }",
             "{ (= x (+ (+ (+ (+ (+ (+ (+ (+ (+ 10 31) 15) 7u) 3000000000) 5u) 97) 10) 0) -1)) }");
  CHECK_BODY("int main() { x = 0x80000000 + 0xffffffff + 0x7fffffff + 0x100000000 + 4294967295; }",
             "{ (= x (+ (+ (+ (+ 2147483648u 4294967295u) 2147483647) 4294967296) 4294967295)) }");
  CHECK_BODY("int main() { x = sizeof(int) + sizeof(char) + sizeof(short) + sizeof(unsigned long); }",
             "{ (= x (+ (+ (+ 4u 1u) 2u) 4u)) }");
  CHECK_BODY("int main() { int a[10][3]; x = sizeof(a) / sizeof(a[0]) + sizeof a[1][2]; }",
             "{ (decl a int[10][3]) (= x (+ (/ 120u 12u) 4u)) }");
  /* strings: accepted as call arguments only */
  CHECK_BODY("int main() { __assert_fail(\"0\", \"f.c\" \"x\", 3, \"g\"); }",
             "{ (call __assert_fail \"0\" \"f.c\" \"x\" 3 \"g\") }");
}

static void test_statements(void) {
  CHECK_BODY("int main() { if (a) if (b) x = 1; else x = 2; }",
             "{ (if a (if b (= x 1) else (= x 2))) }");
  CHECK_BODY("int main() { while (x < 10) { x++; continue; } do x--; while (x); }",
             "{ (while (< x 10) { (post++ x) continue }) (do (post-- x) x) }");
  CHECK_BODY("int main() { for (int i = 0, j; i < n; i++) ; for (;;) break; for (i = 0; ; ) {} }",
             "{ (for (decl i int = 0) (decl j int) (< i n) (post++ i) ;) (for _ _ _ break)"
             " (for (= i 0) _ _ { }) }");
  CHECK_BODY("int main() { L: x = 1; goto L; ERROR: {reach_error();abort();} return 0; }",
             "{ (label L (= x 1)) (goto L) (label ERROR { (call reach_error) (call abort) }) (return 0) }");
  CHECK_BODY("int main() { switch (x) { case 1: case 2+1: y = 1; break; default: y = 2; } return; }",
             "{ (switch x { (case 1 (case (+ 2 1) (= y 1))) break (default (= y 2)) }) (return) }");
}

static void test_declarations(void) {
  CHECK_UNIT("int g = 3, h; static unsigned u; _Bool b; signed char sc;"
             " unsigned short us; long long ll; unsigned long long ull;"
             " const volatile int cv = -1; register int r;",
             "(decl g int = 3)\n(decl h int)\n(decl static u uint)\n(decl b bool)\n"
             "(decl sc char)\n(decl us ushort)\n(decl ll llong)\n(decl ull ullong)\n"
             "(decl cv int = (- 1))\n(decl r int)\n");
  CHECK_UNIT("int a[3] = {1, 2, 3}; int b[] = {4, 5,}; int c[2][3] = {{1}, {2, 3}};"
             " int d[][2] = {1, 2, 3}; int e[100]; int x = {7};",
             "(decl a int[3] = {1 2 3})\n(decl b int[2] = {4 5})\n"
             "(decl c int[2][3] = {1 0 0 2 3 0})\n(decl d int[2][2] = {1 2 3})\n"
             "(decl e int[100])\n(decl x int = 7)\n");
  CHECK_UNIT("typedef unsigned int u32; typedef u32 word; typedef int row[4];"
             " word w; row m[2]; int f(word a, u32 b);",
             "(decl w uint)\n(decl m int[2][4])\n(proto f int (a:uint b:uint))\n");
  CHECK_UNIT("extern void abort(void);\n"
             "extern void __assert_fail(const char *, const char *, unsigned int,"
             " const char *) __attribute__ ((__nothrow__ , __leaf__))"
             " __attribute__ ((__noreturn__));\n"
             "int __VERIFIER_nondet_int();\n"
             "extern double __VERIFIER_nondet_double();\n"
             "void f(void) {}\n"
             "static inline int g(int n, unsigned m) { int v[n]; return n; }\n"
             "main() { return 0; }\n",
             "(proto abort void ())\n"
             "(proto __assert_fail void (:char* :char* :uint :char*))\n"
             "(proto __VERIFIER_nondet_int int ())\n"
             "(proto __VERIFIER_nondet_double int!flt ())\n"
             "(fun f void () { })\n"
             "(fun g int (n:int m:uint) { (decl v int[n]) (return n) })\n"
             "(fun main int () { (return 0) })\n");
  CHECK_UNIT("extern int x; int y; int x = 4; int y; extern int y;"
             " extern int a[]; int a[5];",
             "(decl x int = 4)\n(decl y int)\n(decl a int[5])\n");
  /* header text without line markers (gcc -E -P): declarations outside
     the subset that only declare are skipped (a prototype returning a
     pointer is kept: a use of its result is rejected) */
  CHECK_UNIT("typedef struct { int quot; } div_t; extern div_t div(int, int);"
             " extern struct s *stdin; extern char *getenv(const char *);"
             " typedef int (*cmp_t)(const void *); typedef __builtin_va_list va;"
             " struct t { int a; }; int y;",
             "(decl y int)\n(proto getenv char* (:char*))\n");
  /* a typedef name declared inside a function, then used */
  CHECK_BODY("int main() { typedef short S; S s = 1; __extension__ int t; }",
             "{ (decl s short = 1) (decl t int) }");
}

static void test_errors(void) {
  CHECK_ERR("int main() { int *p; }", "t.c:1:19: error: unsupported: pointers");
  CHECK(last.n == 1 && last.v[0].kind == FE_DIAG_UNSUPPORTED &&
        fe_diags_only_unsupported(&last));
  CHECK_ERR("int main() { x = &y; }", "t.c:1:18: error: unsupported: pointers");
  CHECK_ERR("int main() { x = *y; }", "t.c:1:18: error: unsupported: pointers");
  /* a declaration that only declares a struct/union/enum tag or typedef is
     skipped as header text (gcc -E -P); its use is rejected */
  CHECK_ERR("struct s { int a; }; struct s v;", "t.c:1:22: error: unsupported: structs");
  CHECK_ERR("int main() { x = y.f; }", "t.c:1:19: error: unsupported: structs");
  CHECK_ERR("int main() { x = y->f; }", "t.c:1:19: error: unsupported: structs");
  CHECK_ERR("union u { int a; }; union u v;", "t.c:1:21: error: unsupported: unions");
  CHECK_ERR("enum e { A }; enum e v;", "t.c:1:15: error: unsupported: enums");
  CHECK_ERR("struct s { int a; } v;", "t.c:1:1: error: unsupported: structs");
  CHECK_ERR("int main() {\n  double d;\n}", "t.c:2:10: error: unsupported: floats");
  CHECK_ERR("int main() { x = 1.5; }", "t.c:1:18: error: unsupported: floats");
  CHECK_ERR("double nd(); int main() { x = nd(); }",
            "t.c:1:31: error: unsupported: floats (call of 'nd')");
  CHECK_ERR("int f(int a[]) { return 0; }", "t.c:1:11: error: unsupported: array parameter");
  CHECK_ERR("int f(int *a) { return 0; }", "t.c:1:12: error: unsupported: pointers");
  CHECK_ERR("int (*fp)(int);", "t.c:1:7: error: unsupported: function pointers");
  CHECK_ERR("int main() { x = \"abc\"; }", "t.c:1:18: error: unsupported: strings");
  CHECK_ERR("char s[] = \"abc\";", "t.c:1:12: error: unsupported: strings");
  CHECK_ERR("typedef struct { int a; } T; T v;",
            "t.c:1:30: error: unsupported: structs (type 'T')");
  CHECK_ERR("int main() {\n  x = 1\n  y = 2;\n}", "t.c:3:3: error: syntax error near 'y'");
  CHECK_ERR("int main() { x = (1 + 2; }", "t.c:1:24: error: syntax error near ';'");
  CHECK_ERR("int main() { x = 1;", "t.c:1:20: error: syntax error at end of file");
  CHECK_ERR("int main() { 1 = x; }", "t.c:1:16: error: expression is not assignable");
  CHECK_ERR("int main() { x = 99999999999999999999; }",
            "t.c:1:18: error: invalid or too large constant '99999999999999999999'");
  CHECK_ERR("int main() { x = 09; }", "t.c:1:18: error: invalid or too large constant '09'");
  CHECK_ERR("int main() { x = @; }", "t.c:1:18: error: unexpected character '@'");
  CHECK_ERR("/* open", "t.c:1:1: error: unterminated comment");
  CHECK_ERR("int a[2][3][4];", "t.c:1:5: error: unsupported: arrays of more than 2 dimensions");
  CHECK_ERR("int x = 1; int x = 2;", "t.c:1:16: error: redefinition of 'x'");
  CHECK_ERR("int main() { void v; }", "t.c:1:19: error: variable 'v' declared void");
  CHECK_ERR("int main() { x = sizeof(x + 1); }",
            "t.c:1:18: error: unsupported: sizeof of this expression");
  /* no crash on garbage */
  const char *junk[] = {"", "}", "{{{{", "int", "int f(", "int main() { case }",
                        "typedef", "typedef int", "int x = {", "# 3 \"x.c\"\n)",
                        "int a[] ;", "int main() { goto; }", "'", "\"abc", "0x",
                        "int main(){ switch(x) default: ; }"};
  for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
    c_unit *u = parse(junk[i]);
    if (i == 0) CHECK(u != NULL && u->nfuncs == 0);
    else if (i == sizeof junk / sizeof junk[0] - 1) CHECK(u != NULL);
    else CHECK(u == NULL && errors()[0]);
  }
}

/* Line markers: positions are those of the file that cpp read. */
static void test_line_markers(void) {
  const char *text =
      "# 1 \"u.c\"\n"
      "# 1 \"/usr/include/stdlib.h\" 1 3 4\n"
      "typedef unsigned long size_t;\n"
      "typedef struct { int q; } div_t;\n"
      "extern void *malloc (size_t __size) __attribute__ ((__malloc__));\n"
      "static __inline int f (int *p) { return *p; }\n"
      "typedef int (*cmp_t) (const void *, const void *);\n"
      "# 2 \"u.c\" 2\n"
      "\n"
      "int main() {\n"
      "  size_t n = 1;\n"
      "  x = 1 +\n"
      "# 40 \"u.c\"\n"
      "      &y;\n"
      "}\n";
  c_unit *u = parse_n("u.c", text, strlen(text));
  CHECK(u == NULL);
  CHECK_STR(errors(), "u.c:40:7: error: unsupported: pointers\n");
  const char *t2 =
      "# 1 \"u.c\"\n"
      "# 1 \"/usr/include/stdlib.h\" 1 3 4\n"
      "typedef struct { int q; } div_t;\n"
      "# 2 \"u.c\" 2\n"
      "div_t d;\n";
  u = parse_n("u.c", t2, strlen(t2));
  CHECK(u == NULL);
  CHECK_STR(errors(), "u.c:2:1: error: unsupported: structs (type 'div_t')\n");
  /* a line number beyond int (found by fuzz_c): cut to C_LINE_MAX, and
   * counting the lines after it does not overflow */
  const char *t3 = "# 99999999999 \"u.c\"\n\nint main(void) {\n  return y;\n}\n";
  u = parse_n("u.c", t3, strlen(t3));
  CHECK(u != NULL);
  const char *t4 = "# 99999999999 \"u.c\"\nint main(void) {\n  return 0 +;\n}\n";
  CHECK(parse_n("u.c", t4, strlen(t4)) == NULL);
  CHECK_STR(errors(), "u.c:1073741825:13: error: syntax error near ';'\n");
}

static char *write_tmp(const char *name, const char *text) {
  char *path = malloc(256);
  snprintf(path, 256, "/tmp/test_cparse_%d_%s", (int)getpid(), name);
  FILE *f = fopen(path, "w");
  if (!f) return path;
  fputs(text, f);
  fclose(f);
  return path;
}

/* The preprocessor: system headers, our assert.h, exact columns. */
static void test_files(void) {
  char *p = write_tmp("a.c",
                      "#include <stdlib.h>\n"
                      "#include <stdio.h>\n"
                      "#include <limits.h>\n"
                      "#include <assert.h>\n"
                      "#include <stdbool.h>\n"
                      "#define N 10\n"
                      "int main() {\n"
                      "\tint   x = INT_MAX, y = N;\n"
                      "\tlong l = LONG_MAX; unsigned u = UINT_MAX; bool t = true;\n"
                      "\tassert(x > y);\n"
                      "\tprintf(\"%d\\n\", x);\n"
                      "\tif (y) exit(0);\n"
                      "\treturn 0;\n"
                      "}\n");
  c_unit *u = parse_file(p);
  CHECK(u != NULL);
  if (u) {
    const c_func *m = NULL;
    int nproto = 0;
    for (int i = 0; i < u->nfuncs; i++) {
      if (!strcmp(u->funcs[i]->name, "main")) m = u->funcs[i];
      else nproto++;
    }
    CHECK_STR(u->file, p);
    CHECK(nproto == 2); /* __assert_fail and assert from our assert.h */
    CHECK(m && m->body && m->body->n == 8);
    if (m && m->body && m->body->n == 8) {
      buf b = {0};
      put(&b, "");
      dump_stmt(&b, m->body);
      CHECK_STR(b.s, "{ (decl x int = 2147483647) (decl y int = 10)"
                     " (decl l long = 2147483647) (decl u uint = (+ (* 2147483647 2u) 1u))"
                     " (decl t bool = 1) (call assert (> x y)) (call printf \"%d\\n\" x)"
                     " (if y (call exit 0)) (return 0) }");
      free(b.s);
      const c_stmt *d = m->body->kids[0];
      CHECK(d->kind == C_S_DECL && d->ndecls == 2);
      if (d->kind == C_S_DECL && d->ndecls == 2) {
        CHECK(d->decls[1]->pos.line == 8 && d->decls[1]->pos.col == 21);
        CHECK_STR(d->decls[1]->pos.file, p);
        CHECK(d->decls[0]->pos.line == 8 && d->decls[0]->pos.col == 8);
      }
      const c_stmt *a = m->body->kids[4];
      CHECK(a->pos.line == 10 && a->pos.col == 2);
    }
  }
  unlink(p);
  free(p);
  /* an error after an include: the user's line and column */
  p = write_tmp("b.c", "#include <stdlib.h>\nint main() {\n\tint *q = 0;\n}\n");
  CHECK(parse_file(p) == NULL);
  char want[512];
  snprintf(want, sizeof want, "%s:3:7: error: unsupported: pointers\n", p);
  CHECK_STR(errors(), want);
  unlink(p);
  free(p);
  /* cpp errors: no unit */
  p = write_tmp("c.c", "#include \"does-not-exist.h\"\nint main() {}\n");
  CHECK(parse_file(p) == NULL);
  /* cpp's own message, then ours: data, not stderr */
  CHECK(last.n == 2 && last.v[0].kind == FE_DIAG_NOTE &&
        strstr(last.v[0].text, "does-not-exist.h") &&
        last.v[1].kind == FE_DIAG_IO &&
        !strcmp(last.v[1].text, "the preprocessor failed"));
  unlink(p);
  free(p);
  CHECK(parse_file("/nonexistent/x.c") == NULL);
}

/* The benchmark programs: all but the two with array parameters parse. */
static void walk(const char *dir, int *ok, int *all) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) { walk(path, ok, all); continue; }
    size_t n = strlen(path);
    if (n < 2 || (strcmp(path + n - 2, ".c") && strcmp(path + n - 2, ".i"))) continue;
    (*all)++;
    if (parse_file(path)) (*ok)++;
    else printf("  not parsed: %s: %s", path, errors());
  }
  closedir(d);
}

static void test_benchmarks(void) {
  const char *dir = "../shared/benchmarks/c";
  struct stat st;
  if (stat(dir, &st) != 0) {
    printf("test_cparse: %s absent, benchmark count skipped\n", dir);
    return;
  }
  int ok = 0, all = 0;
  walk(dir, &ok, &all);
  printf("test_cparse: %d/%d benchmark programs parse\n", ok, all);
  CHECK(all >= 246 && ok >= all - 2);
}

int main(int argc, char **argv) {
  GC_INIT();
  if (argc > 1) { /* test_cparse [-d] FILE...: first error or OK */
    bool d = !strcmp(argv[1], "-d");
    for (int i = d ? 2 : 1; i < argc; i++) {
      c_unit *u = parse_file(argv[i]);
      if (!u) { printf("FAIL %s", errors()); continue; }
      printf("OK %s\n", argv[i]);
      if (d) { char *s = dump_unit(u); fputs(s, stdout); free(s); }
    }
    return 0;
  }
  test_expressions();
  test_statements();
  test_declarations();
  test_errors();
  test_line_markers();
  test_files();
  test_benchmarks();
  return check_done("test_cparse");
}
