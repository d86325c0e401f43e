/* reason.c -- the text of each reason for an unknown answer (engine.h).
 * The texts are car's output: changing one changes what users and the
 * tests read. */
#include "engine/engine.h"

static const char *const texts[] = {
  [ENG_R_NONE] = "gave up",
  [ENG_R_TIMEOUT] = "timeout",
  [ENG_R_TIMEOUT_HARD] = "timeout (hard limit)",
  [ENG_R_TIMEOUT_CERT] = "timeout (during the certificate check)",
  [ENG_R_INTERRUPTED] = "interrupted",
  [ENG_R_MEMORY_GC] = "memory limit reached (GC heap)",
  [ENG_R_MEMORY_Z3] = "memory limit reached (Z3)",
  [ENG_R_MEMORY_BDD] = "memory limit reached (BDD nodes)",
  [ENG_R_BDD_LIMIT] = "BDD node limit reached",
  [ENG_R_ITERATION_LIMIT] = "iteration limit",
  [ENG_R_SEARCH_EXHAUSTED] = "search space exhausted without a "
                             "counterexample (dfs certifies no invariant)",
  [ENG_R_Z3_TRACE] = "z3 could not decide a trace (unknown)",
  [ENG_R_Z3_IMAGE] = "Z3 answered unknown on an image",
  [ENG_R_NO_INTERPOLANT] = "refinement failed (no interpolant)",
  [ENG_R_INPUT] = "input error",
  [ENG_R_UNSUPPORTED] = "unsupported input",
};

#define GOAL "the goal is reachable in the indexed abstraction"

const char *eng_reason_text(eng_reason r, const char *detail) {
  const char *d = detail ? detail : "?";
  switch (r) {
  case ENG_R_DEPTH_LIMIT:
    return clp_fmt("dfs bound reached (derivation depth %s, --dfs-depth)", d);
  case ENG_R_NODE_LIMIT:
    return clp_fmt("dfs bound reached (%s unfoldings, --dfs-nodes)", d);
  case ENG_R_DIV_ZERO: return clp_why_div0;
  case ENG_R_ABSTRACT_GOAL:
    return clp_fmt(GOAL " (%s)",
                   detail ? detail : "predicates missing, or the program "
                                     "is unsafe");
  case ENG_R_GOAL_AXIOMS:
    if (detail) return clp_fmt("%s; no concrete search with axioms", detail);
    return GOAL " (predicates missing, or the program is unsafe; no "
           "concrete search with axioms)";
  case ENG_R_GOAL_NO_DFS:
    if (detail) return clp_fmt("%s; the depth-first search found no "
                               "concrete derivation", detail);
    return GOAL " (predicates missing, or the program is unsafe; the "
           "depth-first search found no concrete derivation)";
  case ENG_R_GIVEN_PREDS:
    return clp_fmt(GOAL " with the given predicates (discovery: %s)", d);
  case ENG_R_INTERNAL: return clp_fmt("internal error: %s", d);
  case ENG_R_TASK: return d;
  default: break;
  }
  unsigned i = (unsigned)r;
  return i < sizeof texts / sizeof *texts && texts[i] ? texts[i] : "gave up";
}

bool eng_reason_is_memory(eng_reason r) {
  return r == ENG_R_MEMORY_GC || r == ENG_R_MEMORY_Z3 ||
         r == ENG_R_MEMORY_BDD;
}
