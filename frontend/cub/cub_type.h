/* cub_type.h -- Cubicle's typing rules on a parsed .cub system (prefix
 * cub_, cub_type.c). */
#ifndef CUB_TYPE_H
#define CUB_TYPE_H

#include <stdbool.h>

#include "frontend/cub/cub_ast.h"

/* Checks system s as Cubicle's typing.ml does where the translation
 * cannot (it maps enumerations, abstract types, int and proc to
 * integers): both sides of a comparison have one type, order comparisons
 * are of int or proc values, arithmetic is on int, subscripts are procs,
 * an assigned value has its variable's type.  Reports the first error
 * through c (FILE:LINE:COL: error: ...) and returns false; true when s
 * is well typed as far as it can tell. */
bool cub_typecheck(fe_ctx *c, const cub_sys *s);

#endif
