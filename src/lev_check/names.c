/* names.c - the names table lev_comp checks monster, object and trap
 * names and room types against (--names FILE; lines of
 * kind<TAB>class<TAB>frequency<TAB>name, '#' comments). */
#include "lev_check/names.h"

#include "common/common.h"

#include <stdlib.h>
#include <string.h>

struct lev_names {
    char *text;                     /* the file; names point into it */
    lev_namekind kinds[LEV_NK_COUNT];
};

static const char *const kind_words[LEV_NK_COUNT] = {"monster", "object",
                                                     "trap", "room"};

static void kind_add(lev_namekind *k, const char *name, char cls)
{
    if (k->n + 2 > k->cap) {
        k->cap = k->cap ? k->cap * 2 : 64;
        k->names = xrealloc(k->names, k->cap * sizeof *k->names);
        k->classes = xrealloc(k->classes, k->cap);
    }
    k->classes[k->n] = cls;
    k->names[k->n++] = name;
    k->names[k->n] = NULL;
}

/* FNV-1a of the name with ASCII letters lowercased, as strcasecmp
 * compares them. */
static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) {
        unsigned c = (unsigned char)*s;
        h = (h ^ (c >= 'A' && c <= 'Z' ? c + 32 : c)) * 16777619u;
    }
    return h;
}

/* The hash chains of a kind, each in table order. */
static void kind_index(lev_namekind *k)
{
    size_t cap = 16;
    while (cap < k->n * 2)
        cap *= 2;
    k->head = xcalloc(cap, sizeof *k->head);
    k->next = xcalloc(k->n ? k->n : 1, sizeof *k->next);
    k->mask = cap - 1;
    for (size_t i = k->n; i-- > 0;) {
        uint32_t *h = &k->head[name_hash(k->names[i]) & k->mask];
        k->next[i] = *h;
        *h = (uint32_t)i + 1;
    }
}

/* Split one line into its four fields in place; 0 when malformed. */
static int split_line(char *line, char **f)
{
    for (int i = 0; i < 3; i++) {
        f[i] = line;
        char *tab = strchr(line, '\t');
        if (!tab)
            return 0;
        *tab = '\0';
        line = tab + 1;
    }
    f[3] = line;
    return f[3][0] != '\0';
}

lev_names *lev_names_load(const char *path, char *err, size_t errlen)
{
    char why[200];
    size_t len = 0;
    char *text = read_whole_file(path, 16u << 20, &len, why, sizeof why);
    if (!text) {
        snprintf(err, errlen, "%s: %s", path, why);
        return NULL;
    }
    lev_names *n = xcalloc(1, sizeof *n);
    n->text = text;
    int lineno = 0;
    for (char *p = text; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        size_t l = strlen(p);
        if (l && p[l - 1] == '\r')
            p[l - 1] = '\0';
        char *f[4];
        if (p[0] && p[0] != '#') {
            if (!split_line(p, f)) {
                snprintf(err, errlen, "%s:%d: expected kind, class, "
                         "frequency and name separated by TABs", path, lineno);
                lev_names_free(n);
                return NULL;
            }
            /* "strange object" is the game's dummy entry, not a name */
            for (int k = 0; k < LEV_NK_COUNT; k++)
                if (strcmp(f[0], kind_words[k]) == 0 &&
                    strcmp(f[3], "strange object") != 0)
                    kind_add(&n->kinds[k], f[3], f[1][0]);
        }
        p = nl ? nl + 1 : NULL;
    }
    for (int k = 0; k < LEV_NK_COUNT; k++)
        kind_index(&n->kinds[k]);
    return n;
}

void lev_names_free(lev_names *n)
{
    if (!n)
        return;
    for (int k = 0; k < LEV_NK_COUNT; k++) {
        free(n->kinds[k].names);
        free(n->kinds[k].classes);
        free(n->kinds[k].head);
        free(n->kinds[k].next);
    }
    free(n->text);
    free(n);
}

const lev_namekind *lev_names_kind(const lev_names *n, int kind)
{
    return &n->kinds[kind];
}

/* Entries whose names equal name ignoring case are all on one chain. */
int lev_names_find(const lev_names *n, int kind, const char *name, int cls,
                   int *case_only)
{
    const lev_namekind *k = &n->kinds[kind];
    *case_only = 0;
    int folded = 0;
    for (uint32_t i = k->head[name_hash(name) & k->mask]; i;
         i = k->next[i - 1]) {
        if (cls && k->classes[i - 1] != cls)
            continue;
        if (strcmp(k->names[i - 1], name) == 0)
            return 1;
        if (strcasecmp(k->names[i - 1], name) == 0)
            folded = 1;
    }
    *case_only = folded;
    return folded;
}

int lev_names_has_class(const lev_names *n, int kind, int cls)
{
    const lev_namekind *k = &n->kinds[kind];
    return k->classes && memchr(k->classes, cls, k->n) != NULL;
}

int lev_names_class(const lev_names *n, int kind, const char *name)
{
    const lev_namekind *k = &n->kinds[kind];
    uint32_t folded = 0;    /* the first match ignoring case, + 1 */
    for (uint32_t i = k->head[name_hash(name) & k->mask]; i;
         i = k->next[i - 1]) {
        if (strcmp(k->names[i - 1], name) == 0)
            return (unsigned char)k->classes[i - 1];
        if (!folded && strcasecmp(k->names[i - 1], name) == 0)
            folded = i;
    }
    return folded ? (unsigned char)k->classes[folded - 1] : 0;
}
