/* engine.h -- the engine contract (prefix eng_): what every engine takes
 * (eng_opts) and returns (eng_result).  Every engine (engines/car,
 * engines/dfs, engines/cubbmc, indexed/) includes it from above; nothing
 * below includes an engine.  An engine never prints a verdict: the driver
 * checks the certificate (cert/cert.h) first and only then prints. */
#ifndef ENGINE_H
#define ENGINE_H

#include "clp/clp.h"
#include "engine/stats.h"
#include "etc/etc.h"

typedef enum { ENG_SAFE, ENG_UNSAFE, ENG_UNKNOWN } eng_verdict;

/* Why a run ended unknown: decisions read this enum, never the text.  The
 * detail string (NULL for most) carries what the text needs besides: a
 * bound, an internal error's description, a nested reason's text. */
typedef enum eng_reason {
  ENG_R_NONE,             /* none given: "gave up" */
  ENG_R_TIMEOUT,          /* --timeout expired */
  ENG_R_TIMEOUT_HARD,     /* a Z3/BuDDy call overran --timeout (SIGALRM) */
  ENG_R_TIMEOUT_CERT,     /* --timeout expired in the certificate check */
  ENG_R_INTERRUPTED,      /* SIGINT/SIGTERM */
  ENG_R_MEMORY_GC,        /* --memory: the GC heap */
  ENG_R_MEMORY_Z3,        /* --memory: Z3 */
  ENG_R_MEMORY_BDD,       /* car: BuDDy's node cap */
  ENG_R_BDD_LIMIT,        /* indexed: BuDDy's node cap */
  ENG_R_ITERATION_LIMIT,  /* --max-iterations */
  ENG_R_DEPTH_LIMIT,      /* dfs: --dfs-depth (detail: the bound) */
  ENG_R_NODE_LIMIT,       /* dfs: --dfs-nodes (detail: the bound) */
  ENG_R_SEARCH_EXHAUSTED, /* dfs: no counterexample, no invariant either */
  ENG_R_DIV_ZERO,         /* feasible only through a division by zero */
  ENG_R_Z3_TRACE,         /* Z3 answered unknown on a trace */
  ENG_R_Z3_IMAGE,         /* indexed: Z3 answered unknown on an image */
  ENG_R_NO_INTERPOLANT,   /* car: refinement found no interpolant */
  ENG_R_ABSTRACT_GOAL,    /* indexed: goal derivable in the abstraction
                             (detail: why, in parentheses in the text) */
  ENG_R_GOAL_AXIOMS,      /* ... and no concrete search under axioms
                             (detail: discovery's reason's text) */
  ENG_R_GOAL_NO_DFS,      /* ... and the depth-first search found none
                             (detail: discovery's reason's text) */
  ENG_R_GIVEN_PREDS,      /* indexed: --predicates not enough, discovery
                             stopped (detail: its reason's text) */
  ENG_R_INTERNAL,         /* a bug (detail: what, after "internal error: ") */
  ENG_R_INPUT,            /* the input was rejected */
  ENG_R_UNSUPPORTED,      /* the input uses unsupported constructs */
  ENG_R_TASK              /* a task file says why (detail: that text) */
} eng_reason;

/* Contract: the text of a reason as car prints it after "car: unknown: "
 * and in JSON.  Constant (no allocation) when detail is NULL or not used;
 * otherwise a string on the GC heap. */
const char *eng_reason_text(eng_reason r, const char *detail);
/* Contract: whether r is one of the memory limits (GC, Z3, BDD nodes). */
bool eng_reason_is_memory(eng_reason r);


struct eng_result;
struct idx_preds;

/* What every engine reads: the common settings and limits.  An engine's own
 * parameters (car_params, dfs_params, idx_params, ...: in its header) come
 * through params, which the registry fills (portfolio/registry.h); NULL:
 * the engine's defaults, all zero. */
typedef struct eng_opts {
  int verbose;           /* -v levels: progress on stderr */
  int max_iterations;    /* car, indexed: bound on iterations, 0 = none */
  long bdd_nodes;        /* BuDDy node cap (0 = none) */
  const void *params;    /* the engine's own parameter struct */
} eng_opts;

/* An engine as a value: its entry point and its parameters (the registry's
 * handles; the indexed engine's refuter is one). */
typedef void eng_solve_fn(const clp_rs *rs, const eng_opts *o,
                          struct eng_result *out);
typedef struct eng_handle {
  const char *name;      /* as --engine spells it */
  eng_solve_fn *solve;
  const void *params;    /* passed as eng_opts.params */
} eng_handle;

/* Contract: runs h on rs with the common settings of o and h's own
 * parameters (o->params is ignored). */
void eng_run(const eng_handle *h, const clp_rs *rs, const eng_opts *o,
             struct eng_result *out);

typedef struct eng_result {
  eng_verdict verdict;
  eng_reason reason;            /* unknown: why (eng_reason_text) */
  const char *detail;           /* unknown: the reason's detail, or NULL */
  const clp_formula **inv;      /* safe: per relation id, over its formals */
  etc_cex *cex;                 /* unsafe: the counterexample */
  bool abstract_goal;           /* indexed, unknown: the goal is derivable
                                   in the abstraction (a concrete search may
                                   follow) */
  const clp_term ***atoms;      /* car: per relation id, the interface atoms
                                   of its last abstraction (natoms[id] of
                                   them), whatever the verdict */
  int *natoms;
  const struct idx_preds *idx_preds; /* indexed: the index variables and
                                   predicates inv is over (indexed/idx.h;
                                   inv[r] holds for all values of r's) */
  eng_stats stats;
} eng_result;

#endif
