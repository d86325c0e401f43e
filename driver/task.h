/* task.h -- SV-COMP task definitions (format 2.0, YAML; prefix task_): the
 * program to check, its unreach-call property and its data model.
 * docs/cli.md "Task definitions" describes what is read. */
#ifndef TASK_H
#define TASK_H

#include <stdbool.h>

#include "frontend/common/fe_diag.h"

typedef struct task_def {
  const char *input;         /* the program: input_files, resolved against
                                the task file's directory */
  const char *data_model;    /* options.data_model: "ILP32", "LP64", or NULL */
  int expected;              /* unreach-call's expected_verdict: 1 true
                                (safe), 0 false (unsafe), -1 not given */
  const char *unknown;       /* non-NULL: car cannot check this task (no
                                unreach-call property, another language):
                                the reason, for "unknown" */
} task_def;

/* Whether path names a task definition (ends in .yml or .yaml). */
bool task_is_file(const char *path);

/* Contract: reads the task definition at path into *t.  Unreadable file,
 * YAML outside yml.h's subset, a missing or malformed input_files,
 * property entry, expected_verdict, format_version or data_model:
 * diagnostics in d (frontend/common/fe_diag.h), false.  A well-formed task
 * that car cannot check is not an error: true with t->unknown set. */
bool task_load(const char *path, task_def *t, fe_diags *d);

#endif
