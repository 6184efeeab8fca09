/* version.c - the games' version record, read from their date.h
 * (classic.h).  date.h is what makedefs generates: lines such as
 *     #define VERSION_NUMBER 0x06000f00UL
 * We read every `#define NAME VALUE` whose value is one integer literal
 * (decimal, octal or hex, U/L suffixes, optional parentheses) and take the
 * five names the record needs. */
#include "classic/classic.h"

#include "common/common.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const record_names[5] = {
    "VERSION_NUMBER", "VERSION_FEATURES", "VERSION_SANITY1",
    "VERSION_SANITY2", "VERSION_SANITY3",
};

int classic_game_by_name(const char *name)
{
    if (!strcmp(name, "splev"))
        return CLASSIC_NONE;
    if (!strcmp(name, "unnethack"))
        return CLASSIC_UNNETHACK;
    if (!strcmp(name, "nethack36"))
        return CLASSIC_NETHACK36;
    return -1;
}

const char *classic_game_name(classic_game g)
{
    switch (g) {
    case CLASSIC_UNNETHACK: return "unnethack";
    case CLASSIC_NETHACK36: return "nethack36";
    default: return "splev";
    }
}

/* The integer literal at *s (after blanks and '('), or -1 when the value is
 * not one literal. */
static int parse_value(const char *s, uint64_t *out)
{
    int parens = 0;
    while (*s == ' ' || *s == '\t' || *s == '(') {
        if (*s == '(')
            parens++;
        s++;
    }
    if (!isdigit((unsigned char)*s))
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno)
        return -1;
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
        end++;
    while (*end == ' ' || *end == '\t' || *end == ')') {
        if (*end == ')')
            parens--;
        end++;
    }
    if (parens != 0)
        return -1;
    if (*end == '/' && (end[1] == '*' || end[1] == '/'))
        end += strlen(end);
    if (*end != '\0' && *end != '\n' && *end != '\r')
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int classic_version_read(const char *path, classic_game g,
                         classic_version *out, char *err, size_t errlen)
{
    int need = g == CLASSIC_NETHACK36 ? 5 : 4;
    char rerr[256];
    size_t len;
    char *text = read_whole_file(path, 1u << 20, &len, rerr, sizeof rerr);
    if (!text) {
        snprintf(err, errlen, "%s: error: %s", path, rerr);
        return -1;
    }
    int have[5] = { 0 };
    uint64_t val[5] = { 0 };
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#') {
            p++;
            while (*p == ' ' || *p == '\t')
                p++;
            if (!strncmp(p, "define", 6) && (p[6] == ' ' || p[6] == '\t')) {
                p += 6;
                while (*p == ' ' || *p == '\t')
                    p++;
                for (int i = 0; i < need; i++) {
                    size_t n = strlen(record_names[i]);
                    uint64_t v;
                    if (!strncmp(p, record_names[i], n) &&
                        (p[n] == ' ' || p[n] == '\t' || p[n] == '(') &&
                        p[n] != '(' && parse_value(p + n, &v) == 0) {
                        val[i] = v;
                        have[i] = 1;
                    }
                }
            }
        }
        line = next;
    }
    free(text);
    for (int i = 0; i < need; i++)
        if (!have[i]) {
            snprintf(err, errlen,
                     "%s: error: no %s defined (the %s version record "
                     "needs it; pass the game build's include/date.h)",
                     path, record_names[i], classic_game_name(g));
            return -1;
        }
    out->n = need;
    for (int i = 0; i < 5; i++)
        out->v[i] = i < need ? val[i] : 0;
    return 0;
}

size_t classic_version_put(const classic_version *v, unsigned char *out)
{
    for (int i = 0; i < v->n; i++)
        classic_put64(out + 8 * i, v->v[i]);
    return (size_t)v->n * 8;
}
