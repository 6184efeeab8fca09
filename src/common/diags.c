/* diags.c - the public diagnostics list (splev/diag.h).
 *
 * The stages report as text ("file:line:col: error: message", the source
 * line, a caret) to a stream.  An entry point given a list sends that text
 * to a memory stream and reads the reports back from it here: the first
 * line of each report gives its place, its severity and its message; the
 * quoted source lines (they start with a space) are left out. */
#define _POSIX_C_SOURCE 200809L

#include "common/common.h"
#include "splev/diag.h"

#include <stdlib.h>
#include <string.h>

struct splev_diags {
    splev_diagnostic *v;
    size_t n, cap;
    int errors, warnings;
    splev_diag_fn fn;
    void *user;
    int held;       /* the last report waits for its end column */
};

static const char *const sev_words[] = {"error", "warning", "note"};

splev_diags *splev_diags_new(void)
{
    return calloc(1, sizeof(splev_diags));
}

void splev_diags_clear(splev_diags *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->n; i++) {
        free((char *)d->v[i].file);
        free((char *)d->v[i].message);
        free((char *)d->v[i].fixit);
    }
    d->n = 0;
    d->errors = d->warnings = 0;
}

void splev_diags_free(splev_diags *d)
{
    splev_diags_clear(d);
    if (d)
        free(d->v);
    free(d);
}

void splev_diags_set_callback(splev_diags *d, splev_diag_fn fn, void *user)
{
    d->fn = fn;
    d->user = user;
}

size_t splev_diags_count(const splev_diags *d)
{
    return d ? d->n : 0;
}

const splev_diagnostic *splev_diags_get(const splev_diags *d, size_t i)
{
    return d && i < d->n ? &d->v[i] : NULL;
}

int splev_diags_errors(const splev_diags *d)
{
    return d ? d->errors : 0;
}

int splev_diags_warnings(const splev_diags *d)
{
    return d ? d->warnings : 0;
}

const char *splev_severity_name(int severity)
{
    if (severity < 0 || severity > SPLEV_SEV_NOTE)
        return "?";
    return sev_words[severity];
}

void splev_diags_print(const splev_diags *d, FILE *f)
{
    for (size_t i = 0; d && i < d->n; i++) {
        const splev_diagnostic *g = &d->v[i];
        if (g->line > 0)
            fprintf(f, "%s:%d:%d: %s: %s\n", g->file, g->line,
                    g->column > 0 ? g->column : 1,
                    splev_severity_name(g->severity), g->message);
        else
            fprintf(f, "%s: %s: %s\n", g->file,
                    splev_severity_name(g->severity), g->message);
    }
}

/* The word a message suggests, "... did you mean WORD?" (WORD may be
 * quoted), as a malloc'd string; NULL when it suggests none. */
static char *suggestion(const char *msg, size_t mlen)
{
    static const char cue[] = "did you mean ";
    const char *end = msg + mlen, *p = NULL;
    for (const char *q = msg; q + sizeof cue - 1 <= end; q++)
        if (memcmp(q, cue, sizeof cue - 1) == 0)
            p = q + sizeof cue - 1;
    if (!p)
        return NULL;
    const char *e = memchr(p, '?', (size_t)(end - p));
    if (!e || e == p)
        return NULL;
    if (e - p >= 2 && (*p == '"' || *p == '\'') && e[-1] == *p) {
        p++;
        e--;
    }
    return e > p ? xstrndup(p, (size_t)(e - p)) : NULL;
}

static void add(splev_diags *d, const char *file, size_t flen, int line,
                int col, int sev, const char *msg, size_t mlen)
{
    grow_array((void **)&d->v, &d->cap, d->n + 1, sizeof *d->v);
    splev_diagnostic *g = &d->v[d->n++];
    g->file = xstrndup(file, flen);
    g->line = line;
    g->column = col;
    g->end_column = col;
    g->severity = sev;
    g->message = xstrndup(msg, mlen);
    g->fixit = line > 0 ? suggestion(msg, mlen) : NULL;
    d->errors += sev == SPLEV_SEV_ERROR;
    d->warnings += sev == SPLEV_SEV_WARNING;
    if (d->fn && !d->held)
        d->fn(g, d->user);
}

/* " \x1fN": the last column of the report just read (diag.c writes it
 * while reports are read back as records).  The callback waits for it. */
static void read_end_column(splev_diags *d, const char *p, size_t n)
{
    if (d->n == 0 || !d->held)
        return;
    splev_diagnostic *g = &d->v[d->n - 1];
    if (n > 2 && p[0] == ' ' && p[1] == '\x1f') {
        int e = atoi(p + 2);
        if (e >= g->column)
            g->end_column = e;
    }
}

/* The report read last goes to the callback now that it is complete. */
static void release(splev_diags *d)
{
    if (d->held && d->fn)
        d->fn(&d->v[d->n - 1], d->user);
    d->held = 0;
}

/* A trailing ":NUMBER" of p[0..*len), taken off; -1 when there is none. */
static int take_number(const char *p, size_t *len)
{
    size_t e = *len, b = e;
    while (b > 0 && p[b - 1] >= '0' && p[b - 1] <= '9')
        b--;
    if (b == e || b == 0 || p[b - 1] != ':' || e - b > 9)
        return -1;
    *len = b - 1;
    return atoi(p + b);
}

/* One line "PLACE: SEVERITY: MESSAGE" (the first such ": SEVERITY: "
 * ends the place); anything else is not a report. */
static void read_line(splev_diags *d, const char *p, size_t n)
{
    if (n > 0 && p[0] == ' ') {
        read_end_column(d, p, n);
        return;
    }
    release(d);
    if (n == 0)
        return;
    for (const char *at = p; at + 4 < p + n; at++) {
        if (at[0] != ':' || at[1] != ' ')
            continue;
        for (int s = 0; s <= SPLEV_SEV_NOTE; s++) {
            size_t wl = strlen(sev_words[s]);
            if ((size_t)(p + n - at) < wl + 4 ||
                memcmp(at + 2, sev_words[s], wl) != 0 ||
                at[2 + wl] != ':' || at[3 + wl] != ' ')
                continue;
            size_t flen = (size_t)(at - p);
            int col = take_number(p, &flen), line = 0;
            if (col >= 0) {
                line = take_number(p, &flen);
                if (line < 0) {         /* "file:line: error:" */
                    line = col;
                    col = 0;
                }
            } else {
                col = 0;
            }
            const char *m = at + 4 + wl;
            d->held = 1;
            add(d, p, flen, line, col, s, m, (size_t)(p + n - m));
            return;
        }
    }
}

void diags_read_text(splev_diags *d, const char *text, size_t len)
{
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        read_line(d, p, n);
        p += n + (nl != NULL);
    }
    release(d);
}

FILE *diags_capture_begin(diags_capture *c)
{
    c->buf = NULL;
    c->len = 0;
    c->f = open_memstream(&c->buf, &c->len);
    if (!c->f)
        oom_fail(0);
    diag_records(1);
    return c->f;
}

void diags_capture_end(diags_capture *c, splev_diags *d)
{
    if (!c->f)
        return;
    fclose(c->f);
    c->f = NULL;
    diag_records(0);
    if (d)
        diags_read_text(d, c->buf, c->len);
    free(c->buf);
    c->buf = NULL;
}
