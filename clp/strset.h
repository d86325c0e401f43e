/* strset.h -- sets of strings on the GC heap (prefix clp_strset_): keys of
 * things seen, such as traces (Lemma 6) or derivation nodes found
 * consistent (rfn_explicate), looked up by hash in constant time. */
#ifndef CLP_STRSET_H
#define CLP_STRSET_H
#include <stdbool.h>

typedef struct clp_strset clp_strset;

/* Contract: an empty set on the GC heap. */
clp_strset *clp_strset_new(void);

/* Contract: adds key (the set keeps the pointer: the string must not
 * change); returns false when an equal string was already there. */
bool clp_strset_add(clp_strset *s, const char *key);

/* Contract: is a string equal to key in s? */
bool clp_strset_has(const clp_strset *s, const char *key);

/* Contract: the number of strings in s. */
int clp_strset_size(const clp_strset *s);

/* Contract: removes every string; the set stays usable. */
void clp_strset_clear(clp_strset *s);

#endif
