/* names.h - lookups in a names table (internal to the checker). */
#ifndef SPLEV_LEV_CHECK_NAMES_H
#define SPLEV_LEV_CHECK_NAMES_H

#include "lev_check/lev_check.h"

#include <stdint.h>
#include <strings.h>

enum { LEV_NK_MONSTER, LEV_NK_OBJECT, LEV_NK_TRAP, LEV_NK_ROOM, LEV_NK_COUNT };

typedef struct lev_namekind {
    const char **names;     /* NULL-terminated (suggest_word) */
    char *classes;
    size_t n, cap;
    /* Names by a hash that ignores case: head[h & mask] is the first
     * entry + 1 (0 none), next[i] the following one, in table order. */
    uint32_t *head, *next;
    size_t mask;
} lev_namekind;

const lev_namekind *lev_names_kind(const lev_names *n, int kind);
/* 1 when name (of class cls, 0 any) is in the table; *case_only is set
 * when it matched only ignoring case. */
int lev_names_find(const lev_names *n, int kind, const char *name, int cls,
                   int *case_only);
int lev_names_has_class(const lev_names *n, int kind, int cls);
/* The class of a name given alone (SEMANTICS §4.0: a name carries its
 * class): the first entry matching exactly, else ignoring case; 0 when
 * the table does not hold the name. */
int lev_names_class(const lev_names *n, int kind, const char *name);

#endif
