/* fe.h -- frontends (prefix fe_).  Every frontend yields a sealed clp_rs.
 * On bad input a frontend prints "file:line:col: error: message" lines to
 * stderr and returns NULL; it never aborts. */
#ifndef FE_H
#define FE_H

#include "clp.h"

/* The .clp language (docs/clp.md). */
clp_rs *fe_clp_parse_file(const char *path);
clp_rs *fe_clp_parse_string(const char *name, const char *text, size_t len);

/* Dispatch on lang ("clp", ...) or, when lang is NULL, on the file
 * extension.  Unknown language: error message, NULL. */
clp_rs *fe_load(const char *path, const char *lang);

#endif
