/* diag.c - compiler diagnostics in the form editors and people know:
 *   file:line:col: error: message
 *    LINE OF SOURCE
 *         ^
 * Every error of a file is reported, up to max_errors. */
/* open_memstream (POSIX 2008) */
#define _POSIX_C_SOURCE 200809L

#include "common.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Reports read back as records (diags_capture_begin .. _end in this
 * thread) carry their last column on a line of their own; the quoted
 * source is left out.  Colour (the programs' -fdiagnostics-color) only
 * ever goes to standard error. */
static _Thread_local int records_wanted;
static int colour_wanted;

void diag_records(int on)
{
    records_wanted += on ? 1 : -1;
}

void diag_set_colour(int on)
{
    colour_wanted = on;
}

void diag_init(diag *d, const char *file, const char *src, size_t len)
{
    memset(d, 0, sizeof *d);
    d->file = file;
    d->src = src;
    d->src_len = len;
    d->out = stderr;
    d->max_errors = 50;
}

/* Print source line `line` and a caret under byte column `col`.  Tabs in
 * the prefix are copied so the caret lines up in a terminal; other control
 * bytes are shown as '?'. */
static void quote_line(diag *d, int line, int col, int colour)
{
    if (!d->src || line < 1)
        return;
    const char *p = d->src, *end = d->src + d->src_len;
    int l = 1;
    /* Messages mostly come in line order: go on from the last line found
     * rather than from the top, or 50 errors in a big file would cost 50
     * scans of it.  (Callers may point src at another text meanwhile.) */
    if (d->quoted_src == d->src && d->quoted_line > 0 &&
        d->quoted_line <= line && d->quoted_at <= end) {
        l = d->quoted_line;
        p = d->quoted_at;
    }
    while (l < line && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
        l += nl != NULL;
    }
    if (p >= end && line > 1)
        return;
    d->quoted_src = d->src;
    d->quoted_line = line;
    d->quoted_at = p;
    const char *e = memchr(p, '\n', (size_t)(end - p));
    if (!e)
        e = end;
    size_t n = (size_t)(e - p);
    if (n > 0 && p[n - 1] == '\r')
        n--;
    /* Long lines are shown around the column only. */
    size_t from = 0;
    if (n > 200 && col > 100)
        from = (size_t)col - 100 < n ? (size_t)col - 100 : n;
    size_t upto = n - from > 200 ? from + 200 : n;
    fputc(' ', d->out);
    for (size_t i = from; i < upto; i++) {
        unsigned char c = (unsigned char)p[i];
        fputc(c == '\t' || (c >= 0x20 && c != 0x7f) ? c : '?', d->out);
    }
    fputc('\n', d->out);
    fputc(' ', d->out);
    for (size_t i = from; i + 1 < (size_t)col && i < n; i++)
        fputc(p[i] == '\t' ? '\t' : ' ', d->out);
    fputs(colour ? "\033[1;32m^\033[0m\n" : "^\n", d->out);
}

/* Where reports go: d->out, or a memory stream opened by the first report
 * when the caller asked for them to be held (d->out NULL). */
static FILE *out_of(diag *d)
{
    if (!d->out) {
        d->hold = d->out = open_memstream(&d->held, &d->nheld);
        if (!d->out) {
            /* open_memstream fails only when memory is short */
            d->out = stderr;
            oom_fail(0);
        }
    }
    return d->out;
}

void diag_flush_held(diag *d, FILE *to)
{
    if (d->hold) {
        fclose(d->hold);
        if (to)
            fwrite(d->held, 1, d->nheld, to);
        free(d->held);
        d->hold = NULL;
        d->held = NULL;
        d->nheld = 0;
    }
    d->out = to ? to : stderr;
}

/* gcc's colours: the place bold, the kind coloured, the caret green. */
static const char *kind_colour(const char *kind)
{
    return kind[0] == 'e' ? "\033[1;31m" : kind[0] == 'w' ? "\033[1;35m"
                                                         : "\033[1;36m";
}

static void report_head(diag *d, const char *kind, srcpos pos, int colour)
{
    if (colour)
        fputs("\033[1m", d->out);
    if (pos.line > 0)
        fprintf(d->out, "%s:%d:%d:", d->file, pos.line,
                pos.col > 0 ? pos.col : 1);
    else
        fprintf(d->out, "%s:", d->file);
    if (colour)
        fprintf(d->out, "\033[0m %s%s:\033[0m ", kind_colour(kind), kind);
    else
        fprintf(d->out, " %s: ", kind);
}

/* The last column of a report on its first line, for the records. */
static int end_column(srcpos pos)
{
    int col = pos.col > 0 ? pos.col : 1;
    return pos.end_line == pos.line && pos.end_col >= col ? pos.end_col : col;
}

void diag_vreport(diag *d, const char *kind, srcpos pos, const char *fmt,
                  va_list ap)
{
    out_of(d);
    int colour = colour_wanted && d->out == stderr && !records_wanted;
    report_head(d, kind, pos, colour);
    /* Messages quote the input (words, names, strings): a 1 MB word must
     * not make a 1 MB message, so a long one keeps its start and its end
     * (what the message says about the word) around a "...". */
    va_list ap2;
    va_copy(ap2, ap);
    char small[DIAG_MSG_MAX + 1];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n <= DIAG_MSG_MAX) {
        fputs(small, d->out);
    } else {
        char *msg = xmalloc((size_t)n + 1);
        vsnprintf(msg, (size_t)n + 1, fmt, ap2);
        fprintf(d->out, "%.*s...%s", DIAG_MSG_MAX - DIAG_MSG_TAIL, msg,
                msg + n - DIAG_MSG_TAIL);
        free(msg);
    }
    va_end(ap2);
    fputc('\n', d->out);
    if (records_wanted) {
        if (pos.line > 0)
            fprintf(d->out, " \x1f%d\n", end_column(pos));
    } else if (pos.line > 0) {
        quote_line(d, pos.line, pos.col > 0 ? pos.col : 1, colour);
    }
}

enum { K_ERROR, K_WARNING, K_NOTE };

/* The one place that decides what a report counts as: -Werror turns
 * warnings into errors, -w hides them, and past max_errors the file is
 * given up on. */
static void report(diag *d, int kind, srcpos pos, const char *fmt,
                   va_list ap)
{
    if (d->gave_up)
        return;
    if (kind == K_WARNING && d->werror)
        kind = K_ERROR;
    if (kind == K_WARNING) {
        d->warnings++;
        if (d->no_warnings)
            return;
    }
    static const char *const words[] = {"error", "warning", "note"};
    diag_vreport(d, words[kind], pos, fmt, ap);
    if (kind == K_ERROR && d->errors == 0 && d->error_note)
        fprintf(out_of(d), "%s: note: %s\n", d->file, d->error_note);
    if (kind == K_ERROR && ++d->errors >= d->max_errors && d->max_errors > 0) {
        fprintf(out_of(d), "%s: error: too many errors, stopping\n",
                d->file);
        d->gave_up = 1;
        if (d->gave_up_flag)
            *d->gave_up_flag = 1;
    }
}

void diag_error(diag *d, srcpos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, K_ERROR, pos, fmt, ap);
    va_end(ap);
}

void diag_error_nopos(diag *d, const char *fmt, ...)
{
    srcpos none = {0, 0, 0, 0};
    va_list ap;
    va_start(ap, fmt);
    report(d, K_ERROR, none, fmt, ap);
    va_end(ap);
}

void diag_warning(diag *d, srcpos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, K_WARNING, pos, fmt, ap);
    va_end(ap);
}

void diag_note(diag *d, srcpos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, K_NOTE, pos, fmt, ap);
    va_end(ap);
}

int word_distance(const char *a, const char *b, int cap)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return cap + 1;
    int row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag_prev = row[0], best = row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int cost = tolower((unsigned char)a[i - 1]) !=
                       tolower((unsigned char)b[j - 1]);
            int v = diag_prev + cost;
            if (row[j] + 1 < v)
                v = row[j] + 1;
            if (row[j - 1] + 1 < v)
                v = row[j - 1] + 1;
            diag_prev = row[j];
            row[j] = v;
            if (v < best)
                best = v;
        }
        if (best > cap)
            return cap + 1;
    }
    return row[lb];
}

const char *suggest_word(const char *word, const char *const *list)
{
    size_t len = strlen(word);
    int cap = len <= 3 ? 1 : len <= 6 ? 2 : 3;
    const char *best = NULL;
    int bestd = cap + 1;
    for (; *list; list++) {
        int dd = word_distance(word, *list, cap);
        if (dd < bestd) {
            bestd = dd;
            best = *list;
        }
    }
    return best;
}

/* Turn bison's "syntax error, unexpected X, expecting A or B" into
 * "expected A or B, found F", where F names the actual text the user wrote. */
void diag_syntax_error(diag *d, srcpos pos, const char *bison_msg,
                       const char *found)
{
    const char *exp = strstr(bison_msg, ", expecting ");
    if (!exp) {
        diag_error(d, pos, "unexpected %s", found);
        return;
    }
    exp += strlen(", expecting ");
    /* "A or B or C" -> "A, B or C" */
    char buf[512];
    size_t n = 0;
    const char *p = exp;
    int parts = 0;
    for (const char *q = p; (q = strstr(q, " or ")) != NULL; q += 4)
        parts++;
    int seen = 0;
    while (*p && n + 8 < sizeof buf) {
        if (strncmp(p, " or ", 4) == 0) {
            seen++;
            const char *sep = seen < parts ? ", " : " or ";
            size_t sl = strlen(sep);
            memcpy(buf + n, sep, sl);
            n += sl;
            p += 4;
        } else {
            buf[n++] = *p++;
        }
    }
    buf[n] = '\0';
    diag_error(d, pos, "expected %s, found %s", buf, found);
}
