/* names.c - loading and looking up names tables (names.h). */
#include "names/names.h"

#include "common/common.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct kind_tab {
    names_rec *recs;
    const char **names;     /* NULL-terminated */
    size_t n, cap;
    /* By a hash that ignores case: head[h & mask] is the first entry + 1
     * (0 none), next[i] the following one, in table order. */
    uint32_t *head, *next;
    size_t mask;
} kind_tab;

struct splev_names {
    kind_tab k[NK_COUNT];
    char *text;             /* a loaded file; names point into it */
};

static const char *const kind_words[NK_COUNT] = {"monster", "object",
                                                 "trap", "room"};

int names_kind(const char *word)
{
    for (int k = 0; k < NK_COUNT; k++)
        if (strcmp(word, kind_words[k]) == 0)
            return k;
    return -1;
}

static void add(splev_names *t, const names_rec *r)
{
    kind_tab *k = &t->k[r->kind];
    if (k->n + 2 > k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 64;
        k->recs = xrealloc(k->recs, cap * sizeof *k->recs);
        k->names = xrealloc(k->names, cap * sizeof *k->names);
        k->cap = cap;
    }
    k->recs[k->n] = *r;
    k->names[k->n++] = r->name;
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

static void index_kinds(splev_names *t)
{
    for (int i = 0; i < NK_COUNT; i++) {
        kind_tab *k = &t->k[i];
        size_t cap = 16;
        while (cap < k->n * 2)
            cap *= 2;
        k->head = xcalloc(cap, sizeof *k->head);
        k->next = xcalloc(k->n ? k->n : 1, sizeof *k->next);
        k->mask = cap - 1;
        for (size_t j = k->n; j-- > 0;) {
            uint32_t *h = &k->head[name_hash(k->names[j]) & k->mask];
            k->next[j] = *h;
            *h = (uint32_t)j + 1;
        }
    }
}

/* A number field in [lo, hi]; 0 when it is not one. */
static int number(const char *s, long lo, long hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < lo || v > hi)
        return 0;
    *out = (int)v;
    return 1;
}

static const char *const flag_words[] = {
    "nogen", "unique", "smallgroup", "largegroup", "genocidable",
    "nocorpse", "hell", "nohell", NULL
};

/* "smallgroup,genocidable" or "-" -> NF_* bits; 0 when a word is not
 * one of them. */
static int flag_bits(char *s, unsigned *out)
{
    *out = 0;
    if (strcmp(s, "-") == 0)
        return 1;
    for (char *w = s; w;) {
        char *comma = strchr(w, ',');
        if (comma)
            *comma = '\0';
        int i = 0;
        while (flag_words[i] && strcmp(flag_words[i], w) != 0)
            i++;
        if (!flag_words[i])
            return 0;
        *out |= 1u << i;
        w = comma ? comma + 1 : NULL;
    }
    return 1;
}

/* One line: kind, class, frequency, name[, level, flags, alignment].
 * 0 when malformed; a kind the table does not know is skipped. */
static int parse_line(splev_names *t, char *line)
{
    char *f[7];
    int nf = 0;
    for (char *p = line; nf < 7; nf++) {
        f[nf] = p;
        p = strchr(p, '\t');
        if (!p) {
            nf++;
            break;
        }
        *p++ = '\0';
    }
    names_rec r;
    memset(&r, 0, sizeof r);
    if ((nf != 4 && nf != 7) || strlen(f[1]) > 1 || !*f[3] ||
        !number(f[2], 0, 1000000, &r.freq))
        return 0;
    if (nf == 7 && (!number(f[4], -100, 1000, &r.level) ||
                    !flag_bits(f[5], &r.flags) ||
                    !number(f[6], -128, 127, &r.align)))
        return 0;
    int k = names_kind(f[0]);
    /* "strange object" is the game's dummy entry, not a name */
    if (k < 0 || (k == NK_OBJECT && strcmp(f[3], "strange object") == 0))
        return 1;
    r.kind = (unsigned char)k;
    r.cls = f[1][0];
    r.name = f[3];
    add(t, &r);
    return 1;
}

static splev_names *parse_text(splev_names *t, const char *path, char *err,
                               size_t errlen)
{
    int lineno = 0;
    for (char *p = t->text; *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        size_t l = strlen(p);
        if (l && p[l - 1] == '\r')
            p[l - 1] = '\0';
        if (*p && *p != '#' && !parse_line(t, p)) {
            snprintf(err, errlen, "%s:%d: expected kind, class, frequency "
                     "and name separated by TABs (monsters may add level, "
                     "flags and alignment)", path, lineno);
            splev_names_free(t);
            return NULL;
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    index_kinds(t);
    return t;
}

static splev_names *names_load_unguarded(const char *path, char *err,
                                         size_t errlen)
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
    return parse_text(t, path, err, errlen);
}

/* The entry point: out of memory gives "out of memory" in err. */
splev_names *splev_names_load(const char *path, char *err, size_t errlen)
{
    OOM_ENTRY(splev_names *, oom_report(err, errlen),
              names_load_unguarded(path, err, errlen));
}

splev_names *splev_names_builtin(int dialect)
{
    size_t n;
    const names_rec *r = names_builtin_recs(dialect, &n);
    if (!r)
        return NULL;
    oom_guard g;
    OOM_GUARD(g, NULL);
    splev_names *t = xcalloc(1, sizeof *t);
    for (size_t i = 0; i < n; i++)
        if (!(r[i].kind == NK_OBJECT &&
              strcmp(r[i].name, "strange object") == 0))
            add(t, &r[i]);
    index_kinds(t);
    oom_pop(&g);
    return t;
}

void splev_names_free(splev_names *t)
{
    if (!t)
        return;
    for (int i = 0; i < NK_COUNT; i++) {
        free(t->k[i].recs);
        free(t->k[i].names);
        free(t->k[i].head);
        free(t->k[i].next);
    }
    free(t->text);
    free(t);
}

size_t splev_names_count(const splev_names *t, const char *kind)
{
    int k = names_kind(kind);
    return t && k >= 0 ? t->k[k].n : 0;
}

const char *splev_names_nth(const splev_names *t, const char *kind,
                            size_t index, char *cls)
{
    int k = names_kind(kind);
    if (!t || k < 0 || index >= t->k[k].n)
        return NULL;
    if (cls)
        *cls = t->k[k].recs[index].cls;
    return t->k[k].recs[index].name;
}

size_t names_count(const splev_names *t, int kind)
{
    return t ? t->k[kind].n : 0;
}

const char *const *names_list(const splev_names *t, int kind)
{
    return t->k[kind].names;
}

/* Entries whose names equal name ignoring case are all on one chain. */
int names_find(const splev_names *t, int kind, const char *name, int cls,
               int *case_only)
{
    const kind_tab *k = &t->k[kind];
    *case_only = 0;
    if (!k->n)
        return 0;
    int folded = 0;
    for (uint32_t i = k->head[name_hash(name) & k->mask]; i;
         i = k->next[i - 1]) {
        if (cls && k->recs[i - 1].cls != cls)
            continue;
        if (strcmp(k->names[i - 1], name) == 0)
            return 1;
        if (strcasecmp(k->names[i - 1], name) == 0)
            folded = 1;
    }
    *case_only = folded;
    return folded;
}

int names_has_class(const splev_names *t, int kind, int cls)
{
    const kind_tab *k = &t->k[kind];
    for (size_t i = 0; i < k->n; i++)
        if (k->recs[i].cls == cls)
            return 1;
    return 0;
}

int names_class(const splev_names *t, int kind, const char *name)
{
    const kind_tab *k = &t->k[kind];
    if (!k->n)
        return 0;
    uint32_t folded = 0;    /* the first match ignoring case, + 1 */
    for (uint32_t i = k->head[name_hash(name) & k->mask]; i;
         i = k->next[i - 1]) {
        if (strcmp(k->names[i - 1], name) == 0)
            return (unsigned char)k->recs[i - 1].cls;
        if (!folded && strcasecmp(k->names[i - 1], name) == 0)
            folded = i;
    }
    return folded ? (unsigned char)k->recs[folded - 1].cls : 0;
}

const names_rec *names_recs(const splev_names *t, int kind, size_t *n)
{
    *n = t ? t->k[kind].n : 0;
    return t ? t->k[kind].recs : NULL;
}

const char *names_pick(const splev_names *t, int kind, int cls,
                       splev_rng *rng, char *cls_out)
{
    if (!t)
        return NULL;
    const kind_tab *k = &t->k[kind];
    long total = 0;
    for (size_t i = 0; i < k->n; i++)
        if (!cls || k->recs[i].cls == cls)
            total += k->recs[i].freq;
    if (total <= 0 || total > 0x7fffffff)
        return NULL;
    long r = splev_rn2(rng, (int)total);
    for (size_t i = 0; i < k->n; i++) {
        const names_rec *e = &k->recs[i];
        if (cls && e->cls != cls)
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

int splev_names_class(const splev_names *t, const char *kind,
                      const char *name)
{
    int k = names_kind(kind);
    return t && k >= 0 && name ? names_class(t, k, name) : 0;
}
