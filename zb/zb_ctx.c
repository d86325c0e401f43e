/* zb_ctx.c -- the Z3 bridge's contexts (prefix zb_): making and freeing
 * them, the error handler, the process-wide counters (live references,
 * calls), the memory cap and the Z3 version.  Shares zbi.h with the other
 * bridge files, the only files of the project that include <z3.h>. */
#include "zb/zbi.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <sys/mman.h>
#endif

/* The bridge's only process-wide state, process-wide by nature: counters
 * over every context (zb_live_refs, zb_calls), the registry that maps a Z3
 * context back to its zb_ctx (Z3's error handler gets no user data), and
 * the memory cap, a global parameter of Z3 itself, with whether it was hit.
 * What concerns one context or solver (Horn inlining, lambda values,
 * deadlines, array extensionality) is a field of that object. */
static long live_refs = 0;   /* inc_ref - dec_ref, process-wide */
static long ncalls = 0; /* check/horn/qe calls */
static long nupgrades = 0; /* zb_upgrades */
static zb_ctx *live_ctxs = NULL; /* registry for the error handler */
static unsigned memory_mb = 0;   /* --memory cap given to Z3 (0 = none) */
static Z3_context spare = NULL;  /* a freed context, for the next zb_ctx */
static bool memout = false;      /* Z3 reported running out of memory */

long zb_live_refs(void) { return live_refs; }
long zb_calls(void) { return ncalls; }
void zbi_count(int d) { live_refs += d; }
void zbi_count_call(void) { ncalls++; }
long zb_upgrades(void) { return nupgrades; }
void zbi_count_upgrade(void) { nupgrades++; }

/* ------------------------------------------------------------ references */
Z3_ast zbi_ref(zb_ctx *z, Z3_ast a) {
  if (a) { Z3_inc_ref(z->c, a); zbi_count(1); }
  return a;
}

void zbi_unref(zb_ctx *z, Z3_ast a) {
  if (a) { Z3_dec_ref(z->c, a); zbi_count(-1); }
}

/* -------------------------------------------------------------- contexts */
static void on_error(Z3_context c, Z3_error_code e) {
  for (zb_ctx *z = live_ctxs; z; z = z->next) {
    if (z->c != c) continue;
    const char *msg = Z3_get_error_msg(c, e);
    size_t n = strcspn(msg ? msg : "", "\n"); /* first line only */
    free(z->err);
    z->err = malloc(n + 1);
    if (z->err) { memcpy(z->err, msg ? msg : "", n); z->err[n] = 0; }
    z->nerr++;
    if (e == Z3_MEMOUT_FAIL) memout = true;
    return;
  }
  if (e == Z3_MEMOUT_FAIL) memout = true;
}

void zbi_note_undef(Z3_context c, Z3_solver s) {
  if (!memory_mb || memout) return;
  Z3_string why = Z3_solver_get_reason_unknown(c, s);
  if (why && strstr(why, "memory")) memout = true;
}

bool zb_memory_exhausted(void) { return memout; }

const char *zb_version(void) {
  static char buf[48];
  unsigned a, b, c, d;
  Z3_get_version(&a, &b, &c, &d);
  snprintf(buf, sizeof buf, "%u.%u.%u", a, b, c);
  return buf;
}

void zb_set_memory_mb(unsigned mb) {
  char buf[32];
  snprintf(buf, sizeof buf, "%u", mb);
  Z3_global_param_set("memory_max_size", buf);
  memory_mb = mb;
}

/* Each Z3 context allocates two tables of 8.5 MB and clears them: with
 * glibc's defaults they are fresh mappings, faulted in 4 KB page by page
 * (about 4,000 page faults, 13 ms of a context's 15, measured on this
 * Z3 4.8.12; car makes two to three contexts a run, where z3 answers a
 * small file in 30 ms).  Before the first context, once a process: blocks
 * up to 64 MB come from the heap, which keeps up to 128 MB of freed
 * memory (a context made after one was freed reuses its pages: 2 ms), and
 * the first 40 MB of heap are advised for transparent huge pages (where
 * the kernel allows them on advice: a context then takes 6-7 ms).  Only
 * the malloc policy changes; no memory is touched. */
static void prepare_heap(void) {
#ifdef __GLIBC__
  static bool done = false;
  if (done) return;
  done = true;
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 128 << 20);
  size_t n = (size_t)40 << 20, huge = (size_t)2 << 20;
  char *p = malloc(n);
  if (!p) return;
  uintptr_t a = ((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1);
  size_t len = ((uintptr_t)p + n - a) & ~(uintptr_t)(huge - 1);
  (void)madvise((void *)a, len, MADV_HUGEPAGE); /* advice: may be refused */
  free(p);
#endif
}

zb_ctx *zb_ctx_new(void) {
  zb_ctx *z = calloc(1, sizeof *z);
  if (!z) return NULL;
  if (spare) {
    z->c = spare;
    spare = NULL;
    z->next = live_ctxs;
    live_ctxs = z;
    return z;
  }
  prepare_heap();
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  z->c = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!z->c) { /* e.g. over the memory cap: a context that answers unknown */
    z->err = strdup("cannot create a Z3 context");
    z->nerr = 1;
    if (memory_mb) memout = true;
    return z;
  }
  Z3_set_error_handler(z->c, on_error);
  z->next = live_ctxs;
  live_ctxs = z;
  return z;
}

void zb_ctx_free(zb_ctx *z) {
  if (!z) return;
  assert(z->nsolvers == 0 && "free the solvers of a context first");
  for (unsigned i = 0; i < z->nterms; i++) zbi_unref(z, z->terms[i]);
  for (unsigned i = 0; i < z->nsorts; i++)
    if (z->sorts[i]) zbi_unref(z, Z3_sort_to_ast(z->c, z->sorts[i]));
  for (unsigned i = 0; i < z->nfuns; i++)
    if (z->funs[i]) zbi_unref(z, Z3_func_decl_to_ast(z->c, z->funs[i]));
  free(z->terms);
  free(z->rich);
  free(z->sorts);
  free(z->funs);
  for (zb_ctx **p = &live_ctxs; *p; p = &(*p)->next)
    if (*p == z) { *p = z->next; break; }
  /* A context is made and freed several times a run (the SMT-LIB
   * parser's, the engine's, the certificate checker's, Houdini's), and
   * making one costs Z3 6-15 ms (prepare_heap): a context freed without
   * errors is kept for the next zb_ctx_new.  It is reused only once every
   * reference of this zb_ctx (its terms, sorts, functions, solvers) is
   * released, so nothing of the previous user reaches the next: Z3 keeps
   * only its hash-consed terms (no solver, no assertion, no parameter; zb
   * sets none on a context). */
  if (z->c && !spare && !z->nerr && !memout) spare = z->c;
  else if (z->c) Z3_del_context(z->c);
  free(z->err);
  free(z);
}

const char *zb_error(zb_ctx *z) { return z ? z->err : NULL; }

void zb_ctx_set_lambda_values(zb_ctx *z, bool on) { z->lambda_values = on; }

