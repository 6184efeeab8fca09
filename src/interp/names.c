/* names.c - the names table (kind, class, frequency, name per line) and
 * weighted random picks of a monster or object name within a class. */
#include "interp/vm.h"

#include "common/common.h"

#include <stdlib.h>
#include <string.h>

typedef struct name_entry {
    char kind[8];
    char cls;
    int freq;
    char *name;
} name_entry;

struct splev_names {
    name_entry *e;
    size_t n, cap;
    char *text;
};

void splev_names_free(splev_names *n)
{
    if (!n)
        return;
    free(n->e);
    free(n->text);
    free(n);
}

/* One "kind<TAB>class<TAB>frequency<TAB>name" line; 0 if malformed. */
static int parse_line(splev_names *t, char *line)
{
    char *f[4];
    for (int i = 0; i < 3; i++) {
        f[i] = line;
        line = strchr(line, '\t');
        if (!line)
            return 0;
        *line++ = 0;
    }
    f[3] = line;
    if (strlen(f[0]) >= sizeof t->e[0].kind || strlen(f[1]) > 1 || !*f[3])
        return 0;
    char *end;
    long freq = strtol(f[2], &end, 10);
    if (*end || end == f[2] || freq < 0 || freq > 1000000)
        return 0;
    grow_array((void **)&t->e, &t->cap, t->n + 1, sizeof *t->e);
    name_entry *e = &t->e[t->n++];
    strcpy(e->kind, f[0]);
    e->cls = f[1][0];
    e->freq = (int)freq;
    e->name = f[3];
    return 1;
}

splev_names *splev_names_load(const char *path, char *err, size_t errlen)
{
    char why[200];
    size_t len;
    char *text = read_whole_file(path, 16u << 20, &len, why, sizeof why);
    if (!text) {
        snprintf(err, errlen, "%s: %s", path, why);
        return NULL;
    }
    splev_names *t = xcalloc(1, sizeof *t);
    t->text = text;
    int lineno = 0;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        lineno++;
        size_t l = strlen(p);
        if (l && p[l - 1] == '\r')
            p[l - 1] = 0;
        if (*p && *p != '#' && !parse_line(t, p)) {
            snprintf(err, errlen, "%s:%d: malformed names line", path, lineno);
            splev_names_free(t);
            return NULL;
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    return t;
}

size_t splev_names_count(const splev_names *n, const char *kind)
{
    size_t c = 0;
    for (size_t i = 0; n && i < n->n; i++)
        c += strcmp(n->e[i].kind, kind) == 0;
    return c;
}

const char *splev_names_nth(const splev_names *n, const char *kind,
                            size_t index, char *cls)
{
    for (size_t i = 0; n && i < n->n; i++) {
        if (strcmp(n->e[i].kind, kind) != 0)
            continue;
        if (index-- == 0) {
            if (cls)
                *cls = n->e[i].cls;
            return n->e[i].name;
        }
    }
    return NULL;
}

/* A name of this kind and class (0: any class), weighted by frequency:
 * one rn2(total) draw; NULL (and no draw) when nothing qualifies. */
const char *vm_names_pick(const splev_names *n, const char *kind, int cls,
                       splev_rng *rng, char *cls_out)
{
    long total = 0;
    for (size_t i = 0; n && i < n->n; i++)
        if (!strcmp(n->e[i].kind, kind) && (!cls || n->e[i].cls == cls))
            total += n->e[i].freq;
    if (total <= 0 || total > 0x7fffffff)
        return NULL;
    long r = splev_rn2(rng, (int)total);
    for (size_t i = 0; i < n->n; i++) {
        const name_entry *e = &n->e[i];
        if (strcmp(e->kind, kind) || (cls && e->cls != cls))
            continue;
        r -= e->freq;
        if (r < 0) {
            if (cls_out)
                *cls_out = e->cls;
            return e->name;
        }
    }
    return NULL;
}
