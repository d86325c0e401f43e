/* c_witness.c -- SV-COMP verification witnesses, format 2.0 (YAML), for a
 * C program: a violation witness (`violation_sequence`: the certified
 * counterexample's waypoints, one per segment) after `unsafe`, a
 * correctness witness (`invariant_set`: the certified invariant's loop
 * heads as C expressions, c_inv.c) after `safe`.  docs/c.md has the
 * format and what each waypoint means. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "frontend/c/c_trans.h"
#include "frontend/fe.h"

/* ----------------------------------------------------------------- SHA-256 */

static const uint32_t K256[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha_block(uint32_t h[8], const unsigned char *p) {
  uint32_t w[64];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
           (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5],
           g = h[6], k = h[7];
  for (int i = 0; i < 64; i++) {
    uint32_t t1 = k + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) +
                  ((e & f) ^ (~e & g)) + K256[i] + w[i];
    uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) +
                  ((a & b) ^ (a & c) ^ (b & c));
    k = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
  }
  h[0] += a; h[1] += b; h[2] += c; h[3] += d;
  h[4] += e; h[5] += f; h[6] += g; h[7] += k;
}

/* The SHA-256 of the file's bytes in lower-case hex, or NULL. */
static const char *sha256_file(const char *path) {
  FILE *in = fopen(path, "rb");
  if (!in) return NULL;
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  unsigned char buf[128];
  uint64_t total = 0;
  size_t n;
  while ((n = fread(buf, 1, 64, in)) == 64) {
    sha_block(h, buf);
    total += 64;
  }
  bool bad = ferror(in);
  fclose(in);
  if (bad) return NULL;
  total += n;
  buf[n++] = 0x80;
  size_t padded = n <= 56 ? 64 : 128;
  memset(buf + n, 0, padded - n);
  uint64_t bits = total * 8;
  for (int i = 0; i < 8; i++) buf[padded - 1 - i] = (unsigned char)(bits >> (8 * i));
  sha_block(h, buf);
  if (padded == 128) sha_block(h, buf + 64);
  char *s = NEW_ATOMIC_N(char, 65);
  for (int i = 0; i < 8; i++) snprintf(s + 8 * i, 9, "%08" PRIx32, h[i]);
  return s;
}

/* ---------------------------------------------------------------- metadata */

static const char *uuid4(void) {
  unsigned char b[16];
  FILE *r = fopen("/dev/urandom", "rb");
  size_t got = r ? fread(b, 1, sizeof b, r) : 0;
  if (r) fclose(r);
  if (got != sizeof b) {   /* no /dev/urandom: time and address */
    uint64_t x = (uint64_t)time(NULL) * 6364136223846793005u + (uintptr_t)b;
    for (int i = 0; i < 16; i++) {
      x = x * 6364136223846793005u + 1442695040888963407u;
      b[i] = (unsigned char)(x >> 56);
    }
  }
  b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);   /* version 4 */
  b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);   /* RFC 4122 variant */
  return ct_fmt("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                "%02x%02x%02x%02x%02x%02x",
                b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9],
                b[10], b[11], b[12], b[13], b[14], b[15]);
}

/* A YAML double-quoted scalar. */
static void yq(FILE *o, const char *s) {
  fputc('"', o);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(o, "\\%c", *p);
    else if (*p == '\n') fputs("\\n", o);
    else if (*p < 0x20) fprintf(o, "\\x%02x", *p);
    else fputc(*p, o);
  }
  fputc('"', o);
}

static void metadata(FILE *o, const char *file, const char *hash,
                     const char *version, const char *data_model) {
  time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  char when[32];
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
  fprintf(o, "  metadata:\n    format_version: \"2.0\"\n    uuid: \"%s\"\n"
             "    creation_time: \"%s\"\n    producer:\n      name: \"car\"\n"
             "      version: ", uuid4(), when);
  yq(o, version);
  fputs("\n    task:\n      input_files:\n        - ", o);
  yq(o, file);
  fputs("\n      input_file_hashes:\n        ", o);
  yq(o, file);
  fprintf(o, ": \"%s\"\n      specification: \"G ! call(reach_error())\"\n"
             "      data_model: \"%s\"\n      language: \"C\"\n", hash, data_model);
}

static void location(FILE *o, const char *ind, const char *file, int line,
                     int col, const char *func) {
  fprintf(o, "%slocation:\n%s  file_name: ", ind, ind);
  yq(o, file);
  fprintf(o, "\n%s  line: %d\n%s  column: %d\n", ind, line, ind, col > 0 ? col : 1);
  if (func) {
    fprintf(o, "%s  function: ", ind);
    yq(o, func);
    fputc('\n', o);
  }
}

/* -------------------------------------------------- input file positions */

/* Positions of the translation name the logical file and line (after line
 * markers: a preprocessed `.i` names its original `.c`); a witness names
 * the input file itself.  The input's physical lines, each with its
 * logical (file, line), map them back. */
typedef struct phys {
  int n;
  const char **text;         /* physical line i + 1 */
  const char **lfile;        /* its logical file (NULL: a marker line) */
  int *lline;
  bool markers;              /* the input has line markers */
} phys;

static phys *phys_load(const char *path) {
  FILE *in = fopen(path, "rb");
  if (!in) return NULL;
  phys *ph = NEW(phys);
  int cap = 256;
  ph->text = NEW_N(const char *, cap);
  ph->lfile = NEW_N(const char *, cap);
  ph->lline = NEW_ATOMIC_N(int, cap);
  const char *file = path;
  int line = 1;
  char *buf = NULL;
  size_t bcap = 0;
  ssize_t len;
  while ((len = getline(&buf, &bcap, in)) >= 0) {
    if (len && buf[len - 1] == '\n') buf[--len] = 0;
    if (ph->n == cap) {
      cap *= 2;
      ph->text = GROW(const char *, ph->text, cap);
      ph->lfile = GROW(const char *, ph->lfile, cap);
      ph->lline = GROW(int, ph->lline, cap);
    }
    char *t = NEW_ATOMIC_N(char, (size_t)len + 1);
    memcpy(t, buf, (size_t)len + 1);
    ph->text[ph->n] = t;
    /* # N "file" ...  or  #line N "file" */
    const char *q = t;
    while (*q == ' ' || *q == '\t') q++;
    int num;
    char fname[4096];
    if (*q == '#' && (sscanf(q, "# %d \"%4095[^\"]\"", &num, fname) == 2 ||
                      sscanf(q, "#line %d \"%4095[^\"]\"", &num, fname) == 2)) {
      ph->lfile[ph->n] = NULL;
      ph->lline[ph->n++] = 0;
      file = clp_strdup(fname);
      line = num;
      ph->markers = true;
      continue;
    }
    ph->lfile[ph->n] = file;
    ph->lline[ph->n++] = line++;
  }
  free(buf);
  fclose(in);
  return ph;
}

static bool idch(char c) {
  return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
         (c >= 'A' && c <= 'Z');
}

/* The identifier at (line, col) of a file, or NULL. */
static const char *word_at(const char *file, int line, int col) {
  phys *ph = phys_load(file);
  if (!ph || line < 1 || line > ph->n) return NULL;
  const char *t = ph->text[line - 1];
  if (col < 1 || (size_t)col > strlen(t)) return NULL;
  const char *a = t + col - 1, *b = a;
  while (idch(*b)) b++;
  if (b == a) return NULL;
  char *w = NEW_ATOMIC_N(char, (size_t)(b - a) + 1);
  memcpy(w, a, (size_t)(b - a));
  w[b - a] = 0;
  return w;
}

/* The column (1-based) of identifier w in t, as a whole word followed by
 * '(' when call; 0 when absent. */
static int find_word(const char *t, const char *w, bool call) {
  size_t k = strlen(w);
  for (const char *p = strstr(t, w); p; p = strstr(p + 1, w)) {
    if ((p > t && idch(p[-1])) || idch(p[k])) continue;
    const char *q = p + k;
    while (*q == ' ' || *q == '\t') q++;
    if (call && *q != '(') continue;
    return (int)(p - t) + 1;
  }
  return 0;
}

enum { AT_STMT, AT_CALL, AT_WORD };

/* The physical position in the input of the logical position p: with
 * AT_STMT the first non-blank character of the line, AT_CALL / AT_WORD the
 * call of / the word w (for a macro call such as assert, what it expands
 * to is tried too: __assert_fail).  p itself when the input has no line
 * markers; line 0 when nothing matches. */
static clp_pos physical(const phys *ph, clp_pos p, int how, const char *w) {
  if (!ph || !ph->markers) return p;
  const char *alt = w && !strcmp(w, "assert") ? "__assert_fail" : NULL;
  for (int pass = 0; pass < 2; pass++) {
    const char *word = pass ? alt : w;
    if (pass && !word) break;
    for (int i = 0; i < ph->n; i++) {
      if (!ph->lfile[i] || ph->lline[i] != p.line ||
          (p.file && strcmp(ph->lfile[i], p.file)))
        continue;
      const char *t = ph->text[i];
      int col = 0;
      if (how == AT_STMT) {
        while (t[col] == ' ' || t[col] == '\t') col++;
        if (!t[col]) continue;
        col++;
      } else if (!word || !(col = find_word(t, word, how == AT_CALL))) {
        continue;
      }
      return (clp_pos){NULL, i + 1, col};
    }
  }
  return (clp_pos){NULL, 0, 0};
}

/* physical() for the word at p in its logical file when that file is
 * there, else for the first of the candidate words that matches. */
static clp_pos physical_any(const phys *ph, clp_pos p, int how,
                            const char *const *cands) {
  if (!ph || !ph->markers) return p;
  const char *w = p.file ? word_at(p.file, p.line, p.col) : NULL;
  clp_pos q = w ? physical(ph, p, how, w) : (clp_pos){NULL, 0, 0};
  for (int i = 0; q.line <= 0 && cands[i]; i++) q = physical(ph, p, how, cands[i]);
  return q;
}

/* ------------------------------------------------------- violation witness */

static void waypoint(FILE *o, const char *type, const char *file, int line,
                     int col, const char *func, const char *constraint) {
  fprintf(o, "    - segment:\n        - waypoint:\n            type: %s\n"
             "            action: follow\n", type);
  location(o, "            ", file, line, col, func);
  if (constraint) {
    fputs("            constraint:\n              value: ", o);
    yq(o, constraint);
    fputs("\n              format: c_expression\n", o);
  }
}

static bool is_call(const char *s) {
  size_t n = strlen(s);
  return n >= 2 && s[n - 1] == ')';
}

static bool entered(const clp_src_line *ls, int n, const char *call) {
  size_t k = strlen(call) - 2;   /* "f()" -> "f" */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < ls[i].nenter; j++)
      if (strlen(ls[i].enter[j]) == k && !strncmp(ls[i].enter[j], call, k))
        return true;
  return false;
}

/* The column of the first non-blank character of the line's text. */
static int stmt_col(const char *file, int line) {
  FILE *in = fopen(file, "rb");
  if (!in) return 1;
  int c, l = 1, col = 1;
  while ((c = fgetc(in)) != EOF && l < line) l += c == '\n';
  if (c != EOF) ungetc(c, in);
  while ((c = fgetc(in)) == ' ' || c == '\t') col++;
  fclose(in);
  return col;
}

/* The position of the ')' closing the call that starts at (line, col):
 * format 2.0 places function_enter (and function_return) waypoints there.
 * The call itself when the text is not a call. */
static clp_pos call_close(const char *file, clp_pos p) {
  FILE *in = fopen(file, "rb");
  if (!in) return p;
  int c, l = 1, col = 1;
  while (l < p.line && (c = fgetc(in)) != EOF) l += c == '\n';
  while (col < p.col && (c = fgetc(in)) != EOF && c != '\n') col++;
  int depth = 0;
  bool name = true;   /* still in the callee's name */
  while ((c = fgetc(in)) != EOF) {
    if (c == '(') { depth++; name = false; }
    else if (c == ')' && --depth == 0) {
      fclose(in);
      return (clp_pos){p.file, l, col};
    } else if (name && !(c == '_' || c == ' ' || c == '\t' || (c >= '0' && c <= '9') ||
                         (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
      break;
    if (c == '\n') { l++; col = 1; }
    else col++;
  }
  fclose(in);
  return p;
}

static bool loop_head(const char *text) {
  return !strncmp(text, "for", 3) || !strncmp(text, "while", 5) ||
         !strncmp(text, "do", 2) || !strncmp(text, "}", 1);
}

/* The values a line fixes that the path needs: a line that takes a
 * nondeterministic value (a nondet call, an uninitialised variable) or the
 * result of a call returning here (not one entering a user function)
 * states its defined scalar variables. */
static const char *assumption(const clp_src_line *ls, int n, int i) {
  const clp_src_line *l = &ls[i];
  bool input = false;
  for (int j = 0; j < l->nvals; j++)
    if (!l->read[j] && (l->input[j] || (is_call(l->names[j]) &&
                                        (!entered(ls, n, l->names[j]) || l->nenter == 0))))
      input = true;
  if (!input) return NULL;
  const char *s = NULL;
  for (int j = 0; j < l->nvals; j++) {
    const clp_value *v = l->vals[j];
    if (l->read[j] || is_call(l->names[j]) || strchr(l->names[j], '[') || !v ||
        v->kind != CLP_V_INT)
      continue;
    /* values of 64-bit unsigned variables reach 2^64 - 1 (c_cex.c) */
    const char *eq = ct_fmt("%s == %s%s", l->names[j], clp_vint_str(v->i),
                            v->i > INT64_MAX ? "ULL"
                            : v->i > 2147483647 || v->i < -2147483647 ? "LL" : "");
    s = s ? ct_fmt("%s && %s", s, eq) : eq;
  }
  return s;
}

static const char *const error_calls[] = {
  "reach_error", "__VERIFIER_error", "__assert_fail", "__VERIFIER_assert",
  "assert", NULL};

static void violation(FILE *o, const clp_rs *rs, const clp_trace *t,
                      clp_env *const *env) {
  const char *in = rs->file;
  phys *ph = phys_load(in);
  bool mk = ph && ph->markers;
  clp_src_line *ls;
  int n = c_cex_lines(rs, t, env, &ls);
  fputs("  content:\n", o);
  for (int i = 0; i < n; i++) {
    const clp_src_line *l = &ls[i];
    for (int j = 0; j < l->nenter; j++) {
      clp_pos c = l->enter_pos[j];
      if (!c.file) c.file = l->file;
      clp_pos q = mk ? physical(ph, c, AT_CALL, l->enter[j]) : c;
      if (q.line <= 0) continue;
      q = call_close(mk ? in : c.file, q);
      waypoint(o, "function_enter", in, q.line, q.col, l->func, NULL);
    }
    /* the assumption holds before the next statement of the same function */
    const char *a = i + 1 < n ? assumption(ls, n, i) : NULL;
    const clp_src_line *nx = i + 1 < n ? &ls[i + 1] : NULL;
    if (a && l->func && nx->func && !strcmp(l->func, nx->func) &&
        !loop_head(nx->text) && !strcmp(l->file, nx->file)) {
      clp_pos q = {nx->file, nx->line, 0};
      q = mk ? physical(ph, q, AT_STMT, NULL)
             : (clp_pos){NULL, nx->line, stmt_col(nx->file, nx->line)};
      if (q.line > 0) waypoint(o, "assumption", in, q.line, q.col, nx->func, a);
    }
  }
  clp_pos p = c_cex_target(rs, t);
  if (p.line <= 0 && n) p = (clp_pos){ls[n - 1].file, ls[n - 1].line, ls[n - 1].col};
  if (mk) {
    clp_pos q = physical_any(ph, p, AT_CALL, error_calls);
    p = q.line > 0 ? q : physical(ph, p, AT_STMT, NULL);
  }
  waypoint(o, "target", in, p.line > 0 ? p.line : 1, p.col,
           n ? ls[n - 1].func : "main", NULL);
}

/* ----------------------------------------------------- correctness witness */

static const char *const loop_words[] = {"for", "while", "do", NULL};

static void correctness(FILE *o, const clp_rs *rs, const clp_formula **inv) {
  c_loopinv *v;
  int n = c_loop_invariants(rs, inv, &v), k = 0;
  phys *ph = phys_load(rs->file);
  for (int i = 0; i < n; i++) {
    if (!strcmp(v[i].expr, "1")) continue;
    clp_pos q = physical_any(ph, v[i].pos, AT_WORD, loop_words);
    if (q.line <= 0) continue;
    if (!k++) fputs("  content:\n", o);
    fputs("    - invariant:\n        type: loop_invariant\n", o);
    location(o, "        ", rs->file, q.line, q.col, v[i].func);
    fputs("        value: ", o);
    yq(o, v[i].expr);
    fputs("\n        format: c_expression\n", o);
  }
  if (!k) fputs("  content: []\n", o);
}

int c_witness_write(const char *path, const clp_rs *rs, bool safe,
                       const clp_formula **inv, const clp_trace *t,
                       clp_env *const *env, const char *version,
                       const char *data_model) {
  if (!rs || !c_srcmap_of(rs) || !rs->file) return -1;
  const char *hash = sha256_file(rs->file);
  if (!hash) return -1;
  FILE *o = fopen(path, "w");
  if (!o) return -1;
  fprintf(o, "- entry_type: %s\n", safe ? "invariant_set" : "violation_sequence");
  metadata(o, rs->file, hash, version, data_model);
  if (safe) correctness(o, rs, inv);
  else violation(o, rs, t, env);
  return fclose(o) == 0 ? 0 : -1;
}
