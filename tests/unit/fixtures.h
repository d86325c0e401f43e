/* fixtures.h -- small rule sets shared by the unit tests (parsed from
 * .clp text; the including test links the frontend). */
#ifndef FIXTURES_H
#define FIXTURES_H

#include <stdio.h>
#include <string.h>

#include "frontend/fe.h"

/* L counts from 0 to 5; the goal needs x >= BOUND. */
static inline clp_rs *counter(const char *bound) {
  static char text[256];
  snprintf(text, sizeof text,
           "goal E.\n"
           "L(x) :- x = 0.\n"
           "L(x + 1) :- L(x), x < 5.\n"
           "E :- L(x), x >= %s.\n", bound);
  return fe_clp_parse_string("t.clp", text, strlen(text), NULL);
}

#endif
