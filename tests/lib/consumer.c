/* consumer.c - a game's use of the installed library, built with nothing
 * but `pkg-config --cflags --libs splev`: compile des text in memory (one
 * bad text, whose reports come back as records; one good one), run its
 * level, print its map.  It defines names of its own that the library
 * must not clash with. */
#include <splev.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A game's own helpers: the library's internals must stay out of the
 * way. */
void *xmalloc(size_t n);
void *xmalloc(size_t n)
{
    return malloc(n);
}
int json_string(int x);
int json_string(int x)
{
    return x;
}

static const char bad[] = "LEVEL: \"bad\"\nROOM: \"ordinary\", random, "
                          "random, random, (3,3) {\n  MONSTER: 'Q', nowhere\n"
                          "}\n";
static const char good[] = "LEVEL: \"tiny\"\nROOM: \"ordinary\", lit, "
                           "(3,3), (center,center), (5,3) {\n"
                           "  OBJECT: '(', random\n}\n";

int main(void)
{
    char err[256];
    splev_diags *dg = splev_diags_new();
    splev_levcomp_opts o;
    memset(&o, 0, sizeof o);
    o.diags = dg;
    splev_levcomp *lc = splev_levcomp_new(&o, err, sizeof err);
    if (!lc || strcmp(splev_version(), SPLEV_VERSION) != 0)
        return 2;
    splev_compiled *r = splev_levcomp_buffer(lc, "bad.des", bad,
                                             sizeof bad - 1);
    printf("bad: %d errors, %zu levels\n", r->errors, r->nlevels);
    for (size_t i = 0; i < splev_diags_count(dg); i++) {
        const splev_diagnostic *d = splev_diags_get(dg, i);
        printf("diag %s %d %d %s: %s\n", d->file, d->line, d->column,
               splev_severity_name(d->severity), d->message);
    }
    splev_compiled_free(r);
    splev_diags_clear(dg);
    r = splev_levcomp_buffer(lc, "tiny.des", good, sizeof good - 1);
    if (r->errors || r->nlevels != 1)
        return 3;
    splev_level *lev = splev_run(r->levels[0].script, NULL, 1, err,
                                 sizeof err);
    if (!lev)
        return 4;
    char *text = splev_level_render_text(lev);
    fputs(text, stdout);
    free(text);
    splev_level_free(lev);
    splev_compiled_free(r);
    splev_levcomp_free(lc);
    splev_diags_free(dg);
    return json_string(0);
}
