/* options.h -- the command-line options of car (prefix opt_).
 *
 * One X-macro table (Kissat style) holds every option: its name, kind,
 * default, range (or choices) and help text.  The parser, the defaults, the
 * range checks and --help are all generated from it.  A name's underscores
 * are spelled as dashes on the command line (max_iterations ->
 * --max-iterations).
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

/* OPTION(name, kind, default, lo, hi, choices, help)
 *   kind BOOL: a flag (--name, --no-name, --name=true|false);
 *   kind INT / REAL: a number in [lo, hi]; choices names the value in
 *                    --help (NULL: "N");
 *   kind WORD: a string, one of the '|'-separated choices (NULL: any). */
#define OPT_TABLE(O)                                                        \
  O(engine, WORD, "car", 0, 0, "car|dfs|indexed",                           \
    "engine: car (abstraction refinement), dfs (depth-first baseline), "   \
    "indexed (indexed predicate abstraction)")   \
  O(predicates, WORD, "", 0, 0, NULL,                                        \
    "indexed: indexed predicates and axioms (.clp syntax) for any input")   \
  O(idx_discover, BOOL, "true", 0, 1, NULL,                                 \
    "indexed: discover predicates (weakest preconditions; given ones add)") \
  O(idx_rounds, INT, "8", 1, 1000, NULL,                                    \
    "indexed: bound on predicate-discovery rounds")                         \
  O(idx_refute, INT, "16", 0, 100000, NULL,                                \
    "indexed: CAR iterations refuting counterexamples when discovery "     \
    "stalls (doubled each time; 0 = off)")                                 \
  O(lang, WORD, "", 0, 0, NULL,                                             \
    "input language clp, smt2, c, cub (default: the file extension, "      \
    "else detected from the text)")                                         \
  O(timeout, REAL, "0", 0, 1e9, "SEC",                                       \
    "wall-clock limit in seconds, fractions allowed (0 = none)")            \
  O(memory, INT, "0", 0, 1000000, "MB",                                     \
    "memory limit in MB for the IR heap, Z3 and BDDs (0 = none)")           \
  O(cores, INT, "0", 0, 64, "N",                                            \
    "engine configurations run side by side in N processes, the first "    \
    "certified answer wins (0 = CAR_CORES, else the online CPUs, at most "  \
    "4; 1 = one process; not with --engine or --emit)")                     \
  O(cex, BOOL, "false", 0, 1, NULL,                                         \
    "unsafe: print the counterexample derivation with values")              \
  O(invariant, BOOL, "false", 0, 1, NULL,                                   \
    "safe: print the inductive invariant of every relation")                \
  O(witness, WORD, "", 0, 0, NULL,                                          \
    "C input: write an SV-COMP witness (format 2.0, YAML) to this file")    \
  O(certificate, WORD, "", 0, 0, NULL,                                      \
    "safe: write the invariants to this file as SMT-LIB 2 checks that z3 "   \
    "and cvc5 answer unsat")                                                \
  O(stats, BOOL, "false", 0, 1, NULL,                                       \
    "print statistics (key: value lines) on stderr at the end")             \
  O(format, WORD, "auto", 0, 0, "auto|text|json|chc-comp",                  \
    "output format (chc-comp: sat = safe, unsat = unsafe; auto: chc-comp "  \
    "for .smt2 input, else text)")                                          \
  O(emit, WORD, "", 0, 0, "clp|smt2",                                       \
    "print the parsed rule set in this language instead of solving")        \
  O(pre, WORD, "auto", 0, 0, "auto|on|off",                                 \
    "preprocess (control split, empty relations, cone, inlining); auto: "  \
    "on for car")                                                           \
  O(c_loops, WORD, "forward", 0, 0, "forward|summary",                     \
    "C input: loops as forward invariants or as tail-recursive summaries")  \
  O(data_model, WORD, "ILP32", 0, 0, "ILP32|LP64",                          \
    "C input: long and pointers 32 (ILP32) or 64 (LP64) bits wide")        \
  O(verbose, INT, "0", 0, 3, NULL,                                          \
    "progress on stderr (-v = 1, -vv = 2)")                                 \
  O(houdini, REAL, "2", 0, 1e9, "SEC",                                      \
    "car: seconds per predicate-discovery (Houdini) run (0 = off); "       \
    "used when 4 iterations or 200 Z3 calls without it do not end the run")   \
  O(bmc, BOOL, "true", 0, 1, NULL,                                          \
    "bounded model checking of linear rule sets (car: beside refinement; "  \
    "indexed: half a CPU second first)")                                     \
  O(saturate, BOOL, "false", 0, 1, NULL,                                     \
    "car: an inconsistent derivation node also yields the values its body " \
    "forces on its relation's atoms (explicated clauses)")                   \
  O(cub_bmc, INT, "4", 0, 64, "MAXK",                                       \
    ".cub input: search runs of 1..MAXK processes (0 = off)")              \
  O(cub_bmc_time, REAL, "10", 0.1, 1e9, "SEC",                              \
    ".cub: CPU seconds for that search, whatever --timeout is")            \
  O(cub_bmc_steps, INT, "40", 1, 100000, NULL,                              \
    ".cub: bound on the steps of the runs searched")                       \
  O(cub_procs, INT, "0", 0, 64, "K",                                        \
    ".cub input, --emit: the system for exactly K processes (0 = any)")    \
  O(max_iterations, INT, "0", 0, 1000000000, NULL,                          \
    "car: bound on refinement iterations (0 = none)")                       \
  O(dfs_depth, INT, "200", 1, 100000000, NULL,                              \
    "dfs: bound on the derivation depth")                                   \
  O(dfs_nodes, INT, "20000", 1, 1000000000000, NULL,                        \
    "dfs: bound on the number of unfoldings")

/* OPT_PARAMS(P): P(option, field) copies an option into the engines'
 * settings (eng_opts.FIELD, or pf_params.FIELD: opt_engine_params). */
#define OPT_PARAMS(C, P)                                                    \
  C(verbose, verbose)                                                       \
  C(max_iterations, max_iterations)                                         \
  P(houdini, car.houdini)                                                   \
  P(bmc, car.bmc)                                                           \
  P(saturate, car.saturate)                                                 \
  P(dfs_depth, dfs.depth)                                                   \
  P(dfs_nodes, dfs.nodes)                                                   \
  P(idx_discover, idx.discover)                                             \
  P(idx_rounds, idx.rounds)                                                 \
  P(idx_refute, idx.refute)                                                 \
  P(cub_bmc, cub.procs)                                                     \
  P(cub_bmc_steps, cub.steps)                                               \
  P(cub_bmc_time, cub.time)

#define OPT_CTYPE_BOOL bool
#define OPT_CTYPE_INT long
#define OPT_CTYPE_REAL double
#define OPT_CTYPE_WORD const char *

/* OPT_I_name: the index of an option in the table (opt_values.given). */
enum {
#define OPT_INDEX(name, kind, def, lo, hi, choices, help) OPT_I_##name,
  OPT_TABLE(OPT_INDEX)
#undef OPT_INDEX
  OPT_COUNT
};

typedef struct opt_values {
#define OPT_FIELD(name, kind, def, lo, hi, choices, help) \
  OPT_CTYPE_##kind name;
  OPT_TABLE(OPT_FIELD)
#undef OPT_FIELD
  bool given[OPT_COUNT]; /* set on the command line (not a default) */
} opt_values;

typedef enum {
  OPT_RUN,      /* options parsed, *file set: solve it */
  OPT_DONE,     /* --help or --version printed: exit 0 */
  OPT_ERROR     /* "car: error: ..." printed on stderr: exit 2 */
} opt_status;

/* Contract: fills *o with the table's defaults (--cores: the environment
 * variable CAR_CORES when set and not empty), then applies argv[1..argc-1]
 * in order ("--name=value", "--name value", "--name" / "--no-name" for
 * flags, "-v", "-vv", "-h", "--help", "--version", "--" ends options).
 * Exactly one non-option argument, the FILE, is required.  Unknown options,
 * bad values, values out of range, a missing or second FILE: one
 * "car: error: ..." line on stderr and OPT_ERROR. */
opt_status opt_parse(int argc, char **argv, opt_values *o, const char **file);

/* Contract: the width of the portfolio: --cores, else (0) the online CPUs,
 * at most 4; 1 when the run is a single engine's (--engine given, --emit). */
int opt_cores(const opt_values *o);

struct eng_opts;
struct pf_params;
/* Contract: the engines' settings from the options o (OPT_PARAMS): the
 * common ones into *eo, each engine's into *p (pf_params_link done; the
 * .cub pass's CPU seconds, 0 in o, are a fifth of --timeout, or 10). */
void opt_engine_params(const opt_values *o, struct eng_opts *eo,
                       struct pf_params *p);

/* Contract: prints the usage text generated from the table (options with
 * defaults and ranges, and the exit-code table) to out. */
void opt_usage(FILE *out);

/* Contract: what --version prints: "car 0.1 (commit C)" with C from git
 * describe at build time ("unknown" outside a checkout), then the versions
 * of the libraries linked: "z3 4.8.12, BuDDy 2.4, Boehm GC 8.2.2". */
void opt_print_version(FILE *out);
/* Its first line, "car 0.1 (commit C)" (also the producer of witnesses). */
extern const char *opt_version;

#endif
