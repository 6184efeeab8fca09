/* splev/diag.h - diagnostics a caller can read: where (file, line,
 * column), how bad (error, warning, note) and what, one record each.
 *
 * The functions that read input (the des-file compiler, the importers of
 * foreign maps) take a splev_diags list.  They add every report to it and,
 * when a callback is set, pass each one to the callback as it is made.
 * With no list (NULL) the reports are printed to standard error as
 *   file:line:col: error: message
 * followed by the source line and a caret.  A list belongs to one thread
 * at a time. */
#ifndef SPLEV_DIAG_H
#define SPLEV_DIAG_H

#include <stddef.h>
#include <stdio.h>

#include "splev/api.h"

SPLEV_BEGIN_DECLS

enum { SPLEV_SEV_ERROR, SPLEV_SEV_WARNING, SPLEV_SEV_NOTE };

typedef struct splev_diagnostic {
    const char *file;       /* the name the input was given */
    int line, column;       /* 1-based; 0 when the report has no position */
    int severity;           /* SPLEV_SEV_* */
    const char *message;    /* without position or severity */
    int end_column;         /* the last column of what it is about (on
                             * the same line; column when unknown) */
    const char *fixit;      /* the word a "did you mean" suggests, to
                             * replace columns column..end_column; NULL
                             * when there is none */
} splev_diagnostic;

typedef void (*splev_diag_fn)(const splev_diagnostic *dg, void *user);

typedef struct splev_diags splev_diags;

/* NULL when out of memory. */
SPLEV_API
splev_diags *splev_diags_new(void);
SPLEV_API
void splev_diags_free(splev_diags *d);
/* Also call fn(report, user) for each new report (fn NULL: stop). */
SPLEV_API
void splev_diags_set_callback(splev_diags *d, splev_diag_fn fn,
                                        void *user);
/* Drop every report (the callback stays). */
SPLEV_API
void splev_diags_clear(splev_diags *d);
SPLEV_API
size_t splev_diags_count(const splev_diags *d);
/* Report i (0 .. count-1), valid until the list is cleared or freed;
 * NULL when i is out of range. */
SPLEV_API
const splev_diagnostic *splev_diags_get(const splev_diags *d,
                                                  size_t i);
SPLEV_API
int splev_diags_errors(const splev_diags *d);
SPLEV_API
int splev_diags_warnings(const splev_diags *d);
/* Print every report as "file:line:col: severity: message" lines. */
SPLEV_API
void splev_diags_print(const splev_diags *d, FILE *f);
/* The name of a severity: "error", "warning", "note". */
SPLEV_API
const char *splev_severity_name(int severity);

SPLEV_END_DECLS

#endif
