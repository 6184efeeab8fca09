/* splev/levcomp.h - compile des-files in memory (what lev_comp does,
 * without writing files): parse, check, generate and verify each level.
 *
 *   splev_levcomp *lc = splev_levcomp_new(&opts, err, sizeof err);
 *   splev_compiled *r = splev_levcomp_file(lc, "castle.des");
 *   if (r->errors == 0) ... r->levels[i].script, .bytes ...
 *   splev_compiled_free(r);
 *   splev_levcomp_free(lc);
 *
 * Diagnostics ("file:line:col: error: ...", the line, a caret) go to
 * opts.diag_out (stderr when NULL), or as records to opts.diags.  A file with any error gives no
 * levels at all.  A compiler keeps its code generator's
 * buffers from one level to the next: use one per thread. */
#ifndef SPLEV_LEVCOMP_H
#define SPLEV_LEVCOMP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "splev/diag.h"
#include "splev/levscript.h"

#include "splev/api.h"

SPLEV_BEGIN_DECLS

typedef struct splev_levcomp_opts {
    const char *const *include_dirs;    /* INCLUDE search path (-I) */
    size_t n_include_dirs;
    const char *names_file;             /* --names: the names table; NULL:
                                         * the built-in one of each file's
                                         * dialect */
    int no_names;                       /* --names none: no table, names
                                         * are not checked */
    FILE *diag_out;                     /* NULL: stderr */
    int werror;                         /* warnings are errors */
    int no_warnings;                    /* warnings are not shown */
    int extra_warnings;                 /* -Wall: pedantic warnings too */
    int max_errors;                     /* per file; 0: 50 */
    int bytes_only;                     /* skip the loader: script NULL */
    int dialect;                        /* SPLEV_LEVCOMP_DIALECT_* */
    int no_dialect_warnings;            /* -Wno-dialect */
    size_t max_input_size;              /* a file (or INCLUDEd file) of this
                                           many bytes or more is refused
                                           unread past that; 0:
                                           SPLEV_LEVCOMP_MAX_INPUT */
    /* Write the games' own .lev format instead of ours (lev_comp
     * --target): 0 ours, else a classic_game (src/classic/classic.h),
     * with that game build's version record. */
    int classic_game;
    const struct classic_version *classic_version;
    splev_diags *diags;                 /* not NULL: the reports go to this
                                         * list (splev/diag.h), not to
                                         * diag_out */
    int variant;                        /* --variant: SPLEV_VARIANT_*
                                         * (splev/variant.h); 0 none */
} splev_levcomp_opts;

/* The default input limit: 16 MiB, about 180 times the largest des-file
 * of the games (heck.des, 92 KB), and refused in milliseconds. */
#define SPLEV_LEVCOMP_MAX_INPUT ((size_t)16 << 20)

/* The des-file dialect (doc/dialects.md): AUTO reads a file with a MAZE
 * level header as NetHack 3.6 and any other as UnNetHack; the others force
 * it.  The compiled script records it (splev_levscript.dialect). */
enum {
    SPLEV_LEVCOMP_DIALECT_AUTO = 0,
    SPLEV_LEVCOMP_DIALECT_UNNETHACK,
    SPLEV_LEVCOMP_DIALECT_NETHACK36,
    SPLEV_LEVCOMP_DIALECT_NETHACK343
};
/* "unnethack" / "nethack36" / "nethack343" -> SPLEV_LEVCOMP_DIALECT_*,
 * or -1. */
SPLEV_API
int splev_levcomp_dialect(const char *name);

typedef struct splev_compiled_level {
    char *name;                 /* file name of the level, without ".lev" */
    unsigned char *bytes;       /* the .lev file */
    size_t len;
    splev_levscript *script;    /* the same, verified and decoded (NULL
                                   with bytes_only) */
    uint32_t vault_freq;        /* > 0 for a random vault (vaults.dat) */
    char *origin;               /* "file:line:col" of its LEVEL name */
} splev_compiled_level;

typedef struct splev_compiled {
    splev_compiled_level *levels;
    size_t nlevels;
    int errors, warnings;
} splev_compiled;

typedef struct splev_levcomp splev_levcomp;

/* NULL with a message in err when the names file cannot be loaded. */
SPLEV_API
splev_levcomp *splev_levcomp_new(const splev_levcomp_opts *opts, char *err,
                                 size_t errlen);
SPLEV_API
void splev_levcomp_free(splev_levcomp *lc);

/* Compile a file ("-": standard input) or text held in memory (name is
 * used in messages and for INCLUDE).  NULL only when memory ran out; after
 * that, compiles in the same thread give NULL too (the parser's
 * per-thread tables may be half-updated): compile in another thread. */
SPLEV_API
splev_compiled *splev_levcomp_file(splev_levcomp *lc, const char *path);
SPLEV_API
splev_compiled *splev_levcomp_buffer(splev_levcomp *lc, const char *name,
                                     const char *text, size_t len);
SPLEV_API
void splev_compiled_free(splev_compiled *r);

SPLEV_END_DECLS

#endif
