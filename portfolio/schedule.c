/* schedule.c -- the order in which engines run (schedule.h). */
#include "portfolio/schedule.h"

#include <stdio.h>
#include <string.h>

#include "cert/cert.h"
#include "clp/pre.h"
#include "clp/split.h"
#include "portfolio/registry.h"

void pf_indexed_solve(const clp_rs *rs, const eng_opts *o, eng_result *res) {
  const pf_params *p = o->params;
  eng_opts io = *o;
  io.params = &p->idx;
  /* a linear rule set: its shallow chains first (half a CPU second), as
   * car's bounded model checking finds them at its start (German-FIFO's
   * buggy run: 9 nodes, 0.4 s) */
  eng_result b;
  memset(&b, 0, sizeof b);
  if (p->car.bmc && car_bmc_quick(rs, 32, 0.5, &b)) {
    *res = b;
    return;
  }
  if (p->idx.discover) idx_disc_solve(rs, &io, res);
  else idx_solve(rs, &io, res);
  res->stats.t_bmc = b.stats.t_bmc;
  res->stats.bmc_height = b.stats.bmc_height;
  if (res->verdict != ENG_UNKNOWN || !res->abstract_goal) return;
  /* discovery's reason names why it stopped */
  res->detail = p->idx.discover ? eng_reason_text(res->reason, res->detail)
                                : NULL;
  if (rs->naxioms) {
    res->reason = ENG_R_GOAL_AXIOMS;
    return;
  }
  eng_result d;
  memset(&d, 0, sizeof d);
  eng_opts dopts = *o;
  dopts.params = &p->dfs;
  dfs_solve(rs, &dopts, &d);
  res->stats.paths = d.stats.paths;
  if (d.verdict == ENG_UNSAFE) {
    res->verdict = ENG_UNSAFE;
    res->cex = d.cex;
    res->reason = ENG_R_NONE;
    res->detail = NULL;
    return;
  }
  res->reason = ENG_R_GOAL_NO_DFS;
}

/* A transformation's way back (pre.h, split.h), for answer_back. */
typedef struct way_back {
  const char *name;                /* in the internal error */
  const void *map;
  const clp_formula **(*model)(const void *map, const clp_formula **inv);
  bool (*trace)(const void *map, const clp_trace *t, clp_env **env,
                int nfuns, const clp_funinterp **funs,
                const clp_trace **out_t, clp_env ***out_env,
                const char **why);
} way_back;

/* Translates a safe/unsafe answer on the transformed set back to the
 * relations before it (the certificate is checked there); on failure the
 * result becomes unknown.  Returns true on an internal error. */
static bool answer_back(const way_back *w, eng_result *res) {
  const char *why = NULL;
  if (res->verdict == ENG_SAFE) {
    res->inv = w->model(w->map, res->inv);
    if (res->inv) return false;
    why = "the invariant could not be translated back";
  } else if (res->verdict == ENG_UNSAFE && res->cex) {
    etc_cex *c = NEW(etc_cex);
    *c = *res->cex;
    if (w->trace(w->map, res->cex->trace, res->cex->env, res->cex->nfuns,
                 res->cex->funs, &c->trace, &c->env, &why)) {
      res->cex = c;
      return false;
    }
  } else return false;
  res->verdict = ENG_UNKNOWN;
  if (why == clp_why_div0) { res->reason = ENG_R_DIV_ZERO; return false; }
  fprintf(stderr, "car: internal error: %s: %s\n", w->name, why);
  res->reason = ENG_R_INTERNAL;
  res->detail = "preprocessing could not translate the answer back";
  return true;
}

static const clp_formula **pre_model(const void *m, const clp_formula **inv) {
  return clp_pre_model_back(m, inv);
}
static bool pre_trace(const void *m, const clp_trace *t, clp_env **env,
                      int nfuns, const clp_funinterp **funs,
                      const clp_trace **ot, clp_env ***oenv,
                      const char **why) {
  return clp_pre_trace_back(m, t, env, nfuns, funs, ot, oenv, why);
}
static const clp_formula **split_model(const void *m,
                                       const clp_formula **inv) {
  return clp_split_model_back(m, inv);
}
static bool split_trace(const void *m, const clp_trace *t, clp_env **env,
                        int nfuns, const clp_funinterp **funs,
                        const clp_trace **ot, clp_env ***oenv,
                        const char **why) {
  return clp_split_trace_back(m, t, env, nfuns, funs, ot, oenv, why);
}

/* The certificate checkers of safe answers, as cert_check calls them. */
static bool plain_safe(zb_ctx *z, const clp_rs *rs, const void *data,
                       const clp_formula **inv, const char **why) {
  (void)data;
  return cert_safe(z, rs, inv, why);
}

static bool indexed_safe(zb_ctx *z, const clp_rs *rs, const void *data,
                         const clp_formula **inv, const char **why) {
  return idx_cert_safe(z, rs, data, inv, why);
}

/* Checks the certificate of a safe/unsafe result; on failure turns the
 * result into unknown (reason: the deadline, when it expired during the
 * check).  Returns true on an internal error (a rejected certificate). */
static bool certify(const clp_rs *rs, eng_result *res, int verbose,
                    bool quantified) {
  const char *why = NULL;
  clp_timer t = clp_timer_start();
  bool ok = res->verdict == ENG_UNKNOWN ||
            cert_check(rs, res->verdict == ENG_SAFE, res->inv, res->cex,
                       quantified ? indexed_safe : plain_safe, res->idx_preds,
                       &why);
  res->stats.t_cert = clp_timer_secs(t);
  if (verbose && res->verdict != ENG_UNKNOWN)
    fprintf(stderr, "car: %s certificate %s (%.3fs)\n",
            res->verdict == ENG_SAFE ? "invariant" : "counterexample",
            ok ? "checked" : "REJECTED", res->stats.t_cert);
  if (ok) return false;
  res->verdict = ENG_UNKNOWN;
  if (clp_expired()) {
    res->reason = ENG_R_TIMEOUT_CERT;
    return false;
  }
  fprintf(stderr, "car: internal error: certificate check failed: %s\n",
          why ? why : "(no reason given)");
  res->reason = ENG_R_INTERNAL;
  res->detail = "certificate check failed";
  return true;
}

/* The preprocessed set of rs when r asks for it (NULL: none), with the
 * control split before it (*sp, NULL: none; split.h). */
static clp_pre *preprocess(const pf_run *r, const clp_rs *rs,
                           clp_split **sp) {
  const pf_engine *e = r->engine;
  bool want = (r->pre == PF_PRE_ON || (r->pre == PF_PRE_AUTO && e->pre_auto))
              && !e->no_pre;
  *sp = want && !r->params->no_split ? clp_split_run(rs) : NULL;
  clp_pre *pre = want ? clp_pre_run(*sp ? clp_split_rs(*sp) : rs) : NULL;
  if (!pre) *sp = NULL;
  if (*sp && r->opts->verbose)
    fprintf(stderr, "car: split: %s\n", clp_split_describe(*sp));
  if (pre && r->opts->verbose) {
    clp_pre_stats ps;
    clp_pre_get_stats(pre, &ps);
    fprintf(stderr, "car: preprocessed: %d kept, %d inlined, %d empty, "
            "%d dropped, %d locals eliminated\n", ps.kept, ps.inlined,
            ps.empty, ps.dropped, ps.eliminated);
    if (r->opts->verbose >= 2) clp_rs_print(clp_pre_rs(pre), stderr);
  }
  return pre;
}

/* The engine on srs, stopped after `secs` wall seconds (< 0: not; its
 * deadline then that of --timeout again, `end`, or none when `none`); its .cub
 * statistics kept.  True when the engine has no answer because it was
 * stopped there. */
static bool engine_until(const pf_run *r, const clp_rs *srs, eng_result *res,
                         double secs, double end, bool none) {
  eng_stats kst = res->stats;
  clp_deadline_set(secs < 0 ? 0 : secs > 1e-3 ? secs : 1e-3);
  eng_handle h = pf_engine_handle(r->engine, r->params);
  eng_run(&h, srs, r->opts, res);
  bool cut = res->verdict == ENG_UNKNOWN && clp_expired();
  double left = end - clp_now();
  clp_deadline_set(none ? 0 : left > 1e-3 ? left : 1e-3);
  eng_stats_copy(&res->stats, &kst, ENG_SG_CUB);
  return cut && !clp_expired();
}

/* The engine on srs inside the .cub pass on rs (cb, NULL: none): runs of
 * 1..procs processes, the shallow ones before the engine; then the engine
 * for its first share, the rest of the pass when it has no answer, and
 * the engine again from the start with the time left (all of it without
 * --timeout).  When --timeout leaves no time for that (twice the first
 * share and the rest's CPU seconds), the engine gets what the pass does
 * not reserve (at least three quarters) and the rest of the pass
 * follows.  Returns true when the pass found a run (*crs: its instance). */
static bool engine_in_cub_pass(const pf_run *r, cubbmc *cb,
                               const clp_rs *srs, eng_result *res,
                               const clp_rs **crs) {
  if (cb && cubbmc_quick(cb, res, crs)) return true;
  double reserve = cb ? cubbmc_reserve(cb) : 0, left = clp_remaining();
  bool none = left >= 1e8; /* no --timeout */
  double end = clp_now() + left;
  if (reserve <= 0) { /* nothing left to search: the engine alone */
    eng_handle h = pf_engine_handle(r->engine, r->params);
    eng_stats kst = res->stats;
    eng_run(&h, srs, r->opts, res);
    eng_stats_copy(&res->stats, &kst, ENG_SG_CUB);
    return false;
  }
  double first = cubbmc_first_share(cb);
  bool again = none || left > 2 * (first + reserve);
  if (!again) first = left - reserve > left * 3 / 4 ? left - reserve
                                                   : left * 3 / 4;
  bool cut = engine_until(r, srs, res, first, end, none);
  if (res->verdict != ENG_UNKNOWN || clp_expired()) return false;
  if (cubbmc_rest(cb, res, crs)) return true;
  if (!again || !cut || clp_expired()) return false;
  cubbmc_free(cb); /* the pass is over: its solvers go before the engine */
  if (r->opts->verbose)
    fprintf(stderr, "car: the engine again, from the start\n");
  eng_stats kst = res->stats;
  memset(res, 0, sizeof *res);
  engine_until(r, srs, res, none ? -1 : end - clp_now(), end, none);
  eng_stats_copy(&res->stats, &kst, ENG_SG_CUB);
  return false;
}

bool pf_schedule(const pf_run *r, const clp_rs *rs, eng_result *res,
                 const clp_rs **crs) {
  clp_split *sp;
  clp_pre *pre = preprocess(r, rs, &sp);
  const clp_rs *srs = pre ? clp_pre_rs(pre) : rs;
  *crs = rs;
  cubbmc *cb = r->engine->cub_pass
                   ? cubbmc_new(rs, r->opts, &r->params->cub) : NULL;
  bool kfound = engine_in_cub_pass(r, cb, srs, res, crs);
  cubbmc_free(cb);
  way_back pw = {"preprocessing", pre, pre_model, pre_trace};
  way_back sw = {"control split", sp, split_model, split_trace};
  if (pre && !kfound && answer_back(&pw, res)) return true;
  if (sp && !kfound && answer_back(&sw, res)) return true;
  return certify(*crs, res, r->opts->verbose, r->engine->quantified);
}
