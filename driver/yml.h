/* yml.h -- the subset of YAML that SV-COMP task definitions use (prefix
 * yml_): block mappings and block sequences by indentation (a sequence may
 * sit at its key's indentation), "- key: value" items, plain, 'single' and
 * "double" quoted scalars, one-line flow sequences [a, 'b'], comments, a
 * leading "---".  Not supported (positioned errors): tabs in indentation,
 * flow mappings, anchors and aliases, tags, block scalars (| >), multi-line
 * scalars.  Scalars stay strings (true, 2.0, ILP32): the caller reads them.
 * Nodes live on the GC heap. */
#ifndef YML_H
#define YML_H

#include <stdbool.h>
#include <stddef.h>

#include "frontend/common/fe_diag.h"

typedef enum { YML_STR, YML_MAP, YML_SEQ } yml_kind;

typedef struct yml_node {
  yml_kind kind;
  int line, col;             /* 1-based position of the node's first char */
  const char *str;           /* YML_STR: the value ("" for an empty value) */
  int n;                     /* YML_MAP: pairs; YML_SEQ: items */
  const char **keys;         /* YML_MAP: the keys, in file order */
  struct yml_node **vals;    /* YML_MAP: values; YML_SEQ: items */
} yml_node;

/* Contract: the document in text[0..len) (named file in messages).  Bad or
 * unsupported input: the first error as a diagnostic in d (a SYNTAX or an
 * UNSUPPORTED one), NULL.  A duplicate key in one mapping is an error. */
yml_node *yml_parse(const char *file, const char *text, size_t len,
                    fe_diags *d);

/* The value of key in a YML_MAP node, or NULL (also when m is not a map). */
const yml_node *yml_get(const yml_node *m, const char *key);

#endif
