/* report.c -- verdict line, counterexample tree, invariants, statistics,
 * JSON.  Nothing here decides anything: main.c has checked the certificate
 * before any of this is called. */
#include "driver/report.h"

#include "driver/car_version.h"

#include "driver/options.h"
#include "zb/zb.h"
#include "indexed/idx.h"
#include "portfolio/registry.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool printed;   /* verdict already on stdout (for the OOM handler) */

bool rep_verdict_printed(void) { return printed; }

static const char *verdict_word(rep_format f, eng_verdict v) {
  if (v == ENG_SAFE) return f == REP_CHC ? "sat" : "safe";
  if (v == ENG_UNSAFE) return f == REP_CHC ? "unsat" : "unsafe";
  return "unknown";
}

void rep_verdict(FILE *out, rep_format f, eng_verdict v) {
  fprintf(out, "%s\n", verdict_word(f, v));
  fflush(out);
  printed = true;
}

/* --------------------------------------------------------------- positions */

/* Position of the rule instance: the committed clause of a merged relation
 * (a top-level OR of clauses), else the relation's definition. */
static clp_pos node_pos(const clp_tnode *n) {
  const clp_formula *b = n->rel->body;
  const clp_formula *first = n->nlits ? n->lits[0]
                             : n->ncalls ? n->calls[0] : NULL;
  if (b && b->kind == CLP_F_OR && first)
    for (int i = 0; i < b->n; i++)
      if (clp_f_contains(b->kids[i], first) && b->kids[i]->pos.line > 0)
        return b->kids[i]->pos;
  return n->rel->pos;
}

static void print_pos(FILE *out, clp_pos p) {
  if (p.line <= 0) return;
  fprintf(out, "%s:%d:%d", p.file ? p.file : "?", p.line, p.col);
}

/* ------------------------------------------------------------------- text */

static void print_instance(FILE *out, const clp_tnode *n, const clp_env *e) {
  const clp_rel *r = n->rel;
  fputs(r->name, out);
  if (r->arity) {
    fputc('(', out);
    for (int i = 0; i < r->arity; i++) {
      const clp_value *v = e ? clp_env_get(e, r->formals[i]) : NULL;
      fprintf(out, "%s%s=%s", i ? ", " : "", r->formals[i]->name,
              v ? clp_v_str(v) : "?");
    }
    fputc(')', out);
  }
}

/* "(1, 2) -> 3; (0, 0) -> 1; else 0" */
static void print_interp(FILE *out, const clp_funinterp *fi) {
  for (int k = 0; k < fi->n; k++) {
    fputc('(', out);
    for (int j = 0; j < fi->fun->arity; j++)
      fprintf(out, "%s%s", j ? ", " : "", clp_v_str(fi->args[k][j]));
    fprintf(out, ") -> %s; ", clp_v_str(fi->vals[k]));
  }
  fprintf(out, "else %s", fi->els ? clp_v_str(fi->els) : "?");
}

void rep_cex(FILE *out, const clp_rs *rs, const etc_cex *cex) {
  const clp_trace *t = cex->trace;
  if (!t || t->n <= 0) return;
  if (rs && rs->back && rs->back->print_cex &&
      rs->back->print_cex(out, rs, t, cex->env))
    return;
  /* Explicit stack (node, depth): traces may be deep. */
  int *stack = malloc(sizeof(int) * 2 * (size_t)t->n), sp = 0;
  if (!stack) return;
  stack[sp++] = 0; stack[sp++] = 0;
  while (sp) {
    int depth = stack[--sp], k = stack[--sp];
    if (k < 0 || k >= t->n) continue;
    const clp_tnode *n = &t->nodes[k];
    fprintf(out, "%*s", 2 * depth, "");
    print_instance(out, n, cex->env ? cex->env[k] : NULL);
    clp_pos p = node_pos(n);
    if (p.line > 0) { fputs("  ", out); print_pos(out, p); }
    fputc('\n', out);
    for (int c = n->ncalls - 1; c >= 0 && sp + 2 <= 2 * t->n; c--) {
      stack[sp++] = n->child[c]; stack[sp++] = depth + 1;
    }
  }
  free(stack);
  for (int i = 0; i < cex->nfuns; i++) {
    fprintf(out, "fun %s: ", cex->funs[i]->fun->name);
    print_interp(out, cex->funs[i]);
    fputc('\n', out);
  }
}

static void print_head(FILE *out, const clp_rel *r) {
  fputs(r->name, out);
  if (!r->arity) return;
  fputc('(', out);
  for (int i = 0; i < r->arity; i++)
    fprintf(out, "%s%s", i ? ", " : "", r->formals[i]->name);
  fputc(')', out);
}

/* The index variables of r (indexed engine: those of the table t the
 * engine answered with, idx_preds_index) free in f: f holds for all their
 * values.  Never a formal, so 0 for car's invariants. */
static int quantified(const idx_preds *t, const clp_rel *r,
                      const clp_formula *f, const clp_term ***out) {
  const clp_term **vars = NULL;
  const clp_term *const *ix;
  int cap = 0, n = clp_f_vars(f, &vars, 0, &cap), k = 0;
  int nix = idx_preds_index(t, r, &ix);
  *out = NEW_N(const clp_term *, nix);
  for (int j = 0; j < nix; j++)
    for (int i = 0; i < n; i++)
      if (vars[i] == ix[j]) { (*out)[k++] = ix[j]; break; }
  return k;
}

/* The index variables the invariants of res may quantify, per relation
 * (*ix, their numbers *nix). */
static void index_vars(const clp_rs *rs, const eng_result *res,
                       const clp_term *const ***ix, int **nix) {
  *ix = NEW_N(const clp_term *const *, rs->nrels + 1);
  *nix = NEW_ATOMIC_N(int, rs->nrels + 1);
  for (int i = 0; i < rs->nrels; i++)
    (*nix)[i] = idx_preds_index(res->idx_preds, rs->rels[i], &(*ix)[i]);
}

void rep_invariants(FILE *out, const clp_rs *rs, const eng_result *res) {
  const clp_formula **inv = res->inv;
  if (rs->back && rs->back->print_inv) {
    const clp_term *const **ix;
    int *nix;
    index_vars(rs, res, &ix, &nix);
    rs->back->print_inv(out, rs, inv, ix, nix);
    return;
  }
  for (int i = 0; i < rs->nrels; i++) {
    print_head(out, rs->rels[i]);
    fputs(" :=", out);
    const clp_term **qv = NULL;
    int nq = inv && inv[i] ? quantified(res->idx_preds, rs->rels[i], inv[i],
                                        &qv) : 0;
    for (int j = 0; j < nq; j++)
      fprintf(out, "%s%s", j ? ", " : " forall ", qv[j]->name);
    fprintf(out, "%s %s\n", nq ? ":" : "",
            inv && inv[i] ? clp_f_str(inv[i]) : "true");
  }
}

void rep_witness(const char *path, const clp_rs *rs, const eng_result *r,
                 const char *data_model) {
  if (r->verdict != ENG_SAFE && r->verdict != ENG_UNSAFE) return;
  if (!rs || !rs->back || !rs->back->witness) {
    fprintf(stderr, "car: warning: --witness: only C input has witnesses\n");
    return;
  }
  bool safe = r->verdict == ENG_SAFE;
  if (rs->back->witness(path, rs, safe, r->inv,
                         safe || !r->cex ? NULL : r->cex->trace,
                         safe || !r->cex ? NULL : r->cex->env, "0.1-" CAR_COMMIT,
                         data_model) != 0)
    fprintf(stderr, "car: warning: --witness: cannot write '%s'\n", path);
}

bool rep_can_write(const char *option, const char *path) {
  struct stat st;
  bool existed = stat(path, &st) == 0;
  FILE *f = existed && S_ISDIR(st.st_mode) ? NULL : fopen(path, "a");
  if (!f) {
    fprintf(stderr, "car: error: %s: cannot write '%s': %s\n", option, path,
            existed && S_ISDIR(st.st_mode) ? "is a directory" : strerror(errno));
    return false;
  }
  fclose(f);
  if (!existed) remove(path);
  return true;
}

int rep_certificate(const char *path, const clp_rs *rs, const eng_result *r) {
  const clp_term *const **ix;
  int *nix;
  index_vars(rs, r, &ix, &nix);
  FILE *f = fopen(path, "w");
  int n = f ? clp_rs_print_smt2_cert(rs, r->inv, ix, nix, f) : 0;
  if (f && fclose(f) == 0 && n > 0) return 0;
  if (n < 0) { /* not reached: the invariants passed the certificate check */
    remove(path);
    fprintf(stderr, "car: internal error: --certificate: an invariant is "
            "not a formula over its relation's formals and index variables\n");
    return 3;
  }
  fprintf(stderr, "car: error: --certificate: cannot write '%s': %s\n",
          path, strerror(errno));
  return 2;
}

/* One statistic per kind of ENG_STATS (engine/stats.h), as text ("key:
 * value" lines) and as JSON members (",\"key\":value"). */
#define TEXT_I(out, key, v) fprintf(out, "%s: %d\n", key, v)
#define TEXT_L(out, key, v) fprintf(out, "%s: %ld\n", key, v)
#define TEXT_T(out, key, v) fprintf(out, "%s: %.3f\n", key, v)
#define TEXT_B(out, key, v) (void)(v)
#define JSON_I(out, key, v) fprintf(out, ",\"%s\":%d", key, v)
#define JSON_L(out, key, v) fprintf(out, ",\"%s\":%ld", key, v)
#define JSON_T(out, key, v) fprintf(out, ",\"%s\":%.3f", key, v)
#define JSON_B(out, key, v) (void)(v)

/* The statistics of s in the groups of mask (ENG_SG_*), in ENG_STATS's
 * order, as text (json false) or JSON members. */
static void stats_print(FILE *out, const eng_stats *s, int mask, bool json) {
#define FIELD(kind, field, key, group, comment)                              \
  if (mask & ENG_SG_##group) {                                               \
    if (json) JSON_##kind(out, key, s->field);                               \
    else TEXT_##kind(out, key, s->field);                                    \
  }
#define ALIAS(kind, field, key, group) FIELD(kind, field, key, group, "")
  ENG_STATS(FIELD, ALIAS)
#undef FIELD
#undef ALIAS
}

/* The configuration of a portfolio run (rep_set_portfolio; of 0: none). */
static struct { int k, of; const char *name; } portfolio;

void rep_set_portfolio(int k, int of, const char *name) {
  portfolio.k = k;
  portfolio.of = of;
  portfolio.name = name;
}

void rep_stats(FILE *out, const char *engine, const eng_stats *s,
               long z3_calls) {
  eng_stats c = *s;
  c.z3_calls = z3_calls;
  if (portfolio.of)
    fprintf(out, "portfolio: %d of %d (%s)\n", portfolio.k, portfolio.of,
            portfolio.name);
  fprintf(out, "engine: %s\n", engine);
  /* .cub input: the runs of a fixed number of processes */
  int mask = ENG_SG_ALL | (s->cub_bmc_ran ? ENG_SG_CUB : 0) |
             (pf_engine_get(engine)->stats_groups & ~ENG_SG_CUB);
  stats_print(out, &c, mask, false);
}

/* ------------------------------------------------------------------- JSON */

static void json_str(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
    else if (*p == '\n') fputs("\\n", out);
    else if (*p == '\t') fputs("\\t", out);
    else if (*p < 0x20) fprintf(out, "\\u%04x", *p);
    else fputc(*p, out);
  }
  fputc('"', out);
}

static void json_pos(FILE *out, clp_pos p) {
  if (p.line <= 0) { fputs("null", out); return; }
  char buf[64];
  snprintf(buf, sizeof buf, ":%d:%d", p.line, p.col);
  fputc('"', out);
  const char *f = p.file ? p.file : "?";
  /* escape the file name like any string, without its quotes */
  for (const char *c = f; *c; c++) {
    if (*c == '"' || *c == '\\') fputc('\\', out);
    if ((unsigned char)*c >= 0x20) fputc(*c, out);
  }
  fprintf(out, "%s\"", buf);
}

static void json_value(FILE *out, const clp_value *v) {
  if (!v) fputs("null", out);
  else if (v->kind == CLP_V_INT) fputs(clp_vint_str(v->i), out);
  else if (v->kind == CLP_V_BOOL) fputs(v->b ? "true" : "false", out);
  else json_str(out, clp_v_str(v));
}

/* One trace node and its subtree (recursion depth = trace height). */
static void json_node(FILE *out, const etc_cex *cex, int k, int depth) {
  const clp_trace *t = cex->trace;
  const clp_tnode *n = &t->nodes[k];
  const clp_env *e = cex->env ? cex->env[k] : NULL;
  fputs("{\"rel\":", out);
  json_str(out, n->rel->name);
  fputs(",\"pos\":", out);
  json_pos(out, node_pos(n));
  fputs(",\"args\":{", out);
  for (int i = 0; i < n->rel->arity; i++) {
    if (i) fputc(',', out);
    json_str(out, n->rel->formals[i]->name);
    fputc(':', out);
    json_value(out, e ? clp_env_get(e, n->rel->formals[i]) : NULL);
  }
  fputs("},\"children\":[", out);
  for (int c = 0; c < n->ncalls; c++) {
    if (c) fputc(',', out);
    int ch = n->child[c];
    if (ch >= 0 && ch < t->n && depth < t->n)
      json_node(out, cex, ch, depth + 1);
    else fputs("null", out);
  }
  fputs("]}", out);
}

/* ,"stats":{...} */
static void json_stats(FILE *out, const char *engine, const eng_stats *s,
                       long z3_calls, long live_refs) {
  fputs(",\"stats\":{\"engine\":", out);
  json_str(out, engine);
  if (portfolio.of) {
    fprintf(out, ",\"portfolio\":{\"config\":%d,\"of\":%d,\"name\":",
            portfolio.k, portfolio.of);
    json_str(out, portfolio.name);
    fputc('}', out);
  }
  eng_stats c = *s;
  c.z3_calls = z3_calls;
  stats_print(out, &c, ENG_SG_ALL, true);
  fprintf(out, ",\"z3-upgrades\":%ld,\"z3-live-refs\":%ld}", zb_upgrades(),
          live_refs);
}

void rep_json_unknown(FILE *out, const char *engine, const char *file,
                      const char *reason, int exit_code, const char *error,
                      const eng_stats *s, long z3_calls, long live_refs) {
  fputs("{\"verdict\":\"unknown\",\"reason\":", out);
  json_str(out, reason ? reason : "");
  fprintf(out, ",\"exit\":%d,\"file\":", exit_code);
  json_str(out, file ? file : "");
  if (error) {
    fputs(",\"error\":", out);
    json_str(out, error);
  }
  json_stats(out, engine, s, z3_calls, live_refs);
  fputs("}\n", out);
  fflush(out);
  printed = true;
}

/* ,"invariants":[...] of r (safe) over rs's relations. */
static void json_invariants(FILE *out, const clp_rs *rs,
                            const eng_result *r) {
  fputs(",\"invariants\":[", out);
  for (int i = 0; i < rs->nrels; i++) {
    const clp_rel *rel = rs->rels[i];
    if (i) fputc(',', out);
    fputs("{\"rel\":", out);
    json_str(out, rel->name);
    fputs(",\"formals\":[", out);
    for (int j = 0; j < rel->arity; j++) {
      if (j) fputc(',', out);
      json_str(out, rel->formals[j]->name);
    }
    fputs("]", out);
    const clp_term **qv = NULL;
    int nq = r->inv[i] ? quantified(r->idx_preds, rel, r->inv[i], &qv) : 0;
    if (nq) { /* indexed engine: the formula holds for all their values */
      fputs(",\"forall\":[", out);
      for (int j = 0; j < nq; j++) {
        if (j) fputc(',', out);
        json_str(out, qv[j]->name);
      }
      fputc(']', out);
    }
    fputs(",\"formula\":", out);
    json_str(out, r->inv[i] ? clp_f_str(r->inv[i]) : "true");
    const char *line = rs->back && rs->back->inv_line
                           ? rs->back->inv_line(rs, i, r->inv[i]) : NULL;
    if (line) { /* the input's names: "c", "cub" */
      fprintf(out, ",\"%s\":", rs->back->inv_key);
      json_str(out, line);
    }
    fputc('}', out);
  }
  fputc(']', out);
}

/* ,"cex":{...} of r (unsafe, with a nonempty trace) on rs. */
static void json_cex(FILE *out, const clp_rs *rs, const eng_result *r) {
  fputs(",\"cex\":{\"derivation\":", out);
  json_node(out, r->cex, 0, 0);
  clp_src_line *ls;
  int nl = rs && rs->back && rs->back->cex_lines
               ? rs->back->cex_lines(rs, r->cex->trace, r->cex->env, &ls)
               : 0;
  if (nl > 0) { /* the language's own form, as --cex prints it */
    fprintf(out, ",\"%s\":[", rs->back->cex_key ? rs->back->cex_key
                                                : "source");
    for (int i = 0; i < nl; i++) {
      fputs(i ? ",{\"pos\":" : "{\"pos\":", out);
      json_pos(out, (clp_pos){ls[i].file, ls[i].line, ls[i].col});
      fputs(",\"function\":", out);
      if (ls[i].func) json_str(out, ls[i].func);
      else fputs("null", out);
      fputs(",\"text\":", out);
      json_str(out, ls[i].text);
      fputs(",\"values\":{", out);
      bool first = true;
      for (int j = 0; j < ls[i].nvals; j++) {
        bool later = false;   /* one key per name: its last value */
        for (int k = j + 1; k < ls[i].nvals && !later; k++)
          later = !strcmp(ls[i].names[k], ls[i].names[j]);
        if (later) continue;
        if (!first) fputc(',', out);
        first = false;
        json_str(out, ls[i].names[j]);
        fputc(':', out);
        if (ls[i].shown && ls[i].shown[j]) json_str(out, ls[i].shown[j]);
        else json_value(out, ls[i].vals[j]);
      }
      fputs("}}", out);
    }
    fputc(']', out);
  }
  fputs(",\"funs\":[", out);
  for (int i = 0; i < r->cex->nfuns; i++) {
    const clp_funinterp *fi = r->cex->funs[i];
    if (i) fputc(',', out);
    fputs("{\"name\":", out);
    json_str(out, fi->fun->name);
    fputs(",\"table\":[", out);
    for (int k = 0; k < fi->n; k++) {
      if (k) fputc(',', out);
      fputs("{\"args\":[", out);
      for (int j = 0; j < fi->fun->arity; j++) {
        if (j) fputc(',', out);
        json_value(out, fi->args[k][j]);
      }
      fputs("],\"value\":", out);
      json_value(out, fi->vals[k]);
      fputc('}', out);
    }
    fputs("],\"else\":", out);
    json_value(out, fi->els);
    fputc('}', out);
  }
  fputs("]}", out);
}

void rep_json(FILE *out, const char *engine, const clp_rs *rs,
              eng_verdict v, const char *reason, int exit_code,
              const eng_result *r, bool want_inv, bool want_cex,
              long z3_calls, long live_refs) {
  const eng_stats *s = &r->stats;
  fputs("{\"verdict\":", out);
  json_str(out, verdict_word(REP_TEXT, v));
  fputs(",\"reason\":", out);
  if (v == ENG_UNKNOWN && reason) json_str(out, reason);
  else fputs("null", out);
  fprintf(out, ",\"exit\":%d,\"file\":", exit_code);
  json_str(out, rs && rs->file ? rs->file : "");
  json_stats(out, engine, s, z3_calls, live_refs);
  if (want_inv && v == ENG_SAFE && rs && r->inv) json_invariants(out, rs, r);
  if (want_cex && v == ENG_UNSAFE && r->cex && r->cex->trace &&
      r->cex->trace->n > 0)
    json_cex(out, rs, r);
  fputs("}\n", out);
  fflush(out);
  printed = true;
}
