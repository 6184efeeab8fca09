/* lev_front.h - the lev_comp front end: des-file text in, syntax tree out.
 *
 *   lev_options o = {0};
 *   lev_file *f = lev_parse_file("castle.des", &o);
 *   if (f->errors == 0) ... use f (see ast.h) ...
 *   lev_file_free(f);
 *
 * Diagnostics ("file:line:col: error: message", the line, a caret) go to
 * opt->diag_out (stderr by default).  Every syntax error of a file is
 * reported, up to opt->max_errors.  INCLUDE "x" is looked up relative to the
 * including file, then in opt->include_dirs; the included file is parsed
 * and attached to its INCLUDE statement.  Reentrant: no global state. */
#ifndef SPLEV_LEV_FRONT_H
#define SPLEV_LEV_FRONT_H

#include <stddef.h>
#include <stdio.h>

#include "lev_front/ast.h"

typedef struct lev_options {
    const char *const *include_dirs;    /* -I directories, in order */
    size_t n_include_dirs;
    int max_errors;                     /* 0: 50 */
    FILE *diag_out;                     /* NULL: stderr */
    int werror;                         /* warnings count as errors */
    int no_warnings;
    int dialect;                        /* SPLEV_LEVCOMP_DIALECT_* (0 auto) */
    int no_dialect_warnings;            /* -Wno-dialect */
    size_t max_input;                   /* bytes (refused from there on);
                                           0: SPLEV_LEVCOMP_MAX_INPUT */
    int variant;                        /* SPLEV_VARIANT_* (0 none) */
} lev_options;

/* Parse a file ("-" is standard input).  Never NULL: a file that cannot
 * be read gives an empty lev_file with errors = 1. */
lev_file *lev_parse_file(const char *path, const lev_options *opt);

/* Parse text held in memory.  name is used in messages and positions and,
 * for INCLUDE, as the including file's path. */
lev_file *lev_parse_buffer(const char *name, const char *text, size_t len,
                           const lev_options *opt);

/* The stable text form of --dump-ast. */
void lev_dump(FILE *out, const lev_file *f);

#endif
