/* diagfmt.c - the compilers' diagnostics options, spelt as gcc spells
 * them: -fdiagnostics-format=text|json and -fdiagnostics-color=
 * auto|always|never (auto: colour on a terminal unless NO_COLOR is set).
 * With json every report of the run is read back as a record and the
 * run ends with one JSON array of them on standard error
 * (doc/diagnostics-json.md, doc/diagnostics.schema.json). */
#define _POSIX_C_SOURCE 200809L

#include "common.h"
#include "splev/diag.h"

#include <stdlib.h>
#include <unistd.h>

void diag_format_init(diag_format *f)
{
    memset(f, 0, sizeof *f);
}

int diag_format_option(diag_format *f, const char *arg)
{
    static const char fmt[] = "-fdiagnostics-format=";
    static const char col[] = "-fdiagnostics-color=";
    static const char *const modes[] = {"auto", "always", "never"};
    if (strncmp(arg, fmt, sizeof fmt - 1) == 0) {
        const char *v = arg + sizeof fmt - 1;
        if (strcmp(v, "json") != 0 && strcmp(v, "text") != 0)
            return -1;
        f->json = v[0] == 'j';
        return 1;
    }
    if (strcmp(arg, "-fdiagnostics-color") == 0) {
        f->colour_mode = 1;
        return 1;
    }
    if (strcmp(arg, "-fno-diagnostics-color") == 0) {
        f->colour_mode = 2;
        return 1;
    }
    if (strncmp(arg, col, sizeof col - 1) != 0)
        return 0;
    for (int m = 0; m < 3; m++)
        if (strcmp(arg + sizeof col - 1, modes[m]) == 0) {
            f->colour_mode = m;
            return 1;
        }
    return -1;
}

FILE *diag_format_begin(diag_format *f)
{
    const char *nc = getenv("NO_COLOR");
    int colour = f->colour_mode == 1 ||
                 (f->colour_mode == 0 && isatty(2) && !(nc && *nc));
    diag_set_colour(!f->json && colour);
    if (!f->json)
        return stderr;
    f->list = splev_diags_new();
    if (!f->list)
        oom_fail(0);
    return diags_capture_begin(&f->cap);
}

static void json_record(const splev_diagnostic *g, int first)
{
    fputs(first ? "\n" : ",\n", stderr);
    fputs("{\"file\": ", stderr);
    json_string(stderr, g->file);
    fprintf(stderr, ", \"line\": %d, \"column\": %d, \"end_column\": %d, "
            "\"severity\": \"%s\", \"message\": ", g->line, g->column,
            g->end_column, splev_severity_name(g->severity));
    json_string(stderr, g->message);
    fputs(", \"fixits\": [", stderr);
    if (g->fixit) {
        fprintf(stderr, "{\"line\": %d, \"column\": %d, \"end_column\": %d, "
                "\"replacement\": ", g->line, g->column, g->end_column);
        json_string(stderr, g->fixit);
        fputs("}", stderr);
    }
    fputs("]}", stderr);
}

void diag_format_end(diag_format *f)
{
    if (!f->json || !f->list)
        return;
    diags_capture_end(&f->cap, f->list);
    size_t n = splev_diags_count(f->list);
    fputs("[", stderr);
    for (size_t i = 0; i < n; i++)
        json_record(splev_diags_get(f->list, i), i == 0);
    fputs(n ? "\n]\n" : "]\n", stderr);
    splev_diags_free(f->list);
    f->list = NULL;
}
