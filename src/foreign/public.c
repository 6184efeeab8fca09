/* public.c - the exporters and importers as the library exports them
 * (splev/foreign.h): each call runs under an out-of-memory guard and
 * hands its reports to the caller's splev_diags list (or prints them to
 * standard error when the caller gave none). */
#include "export/export.h"
#include "import/foreign.h"

#include <stdlib.h>

/* A diag for one call: its text goes to a memory stream when there is a
 * list to fill. */
static void start(diag *dg, diags_capture *cap, const char *file,
                  const char *text, size_t len, splev_diags *d)
{
    diag_init(dg, file ? file : "-", text, len);
    cap->f = NULL;
    cap->buf = NULL;
    if (d)
        dg->out = diags_capture_begin(cap);
}

static void finish(diag *dg, diags_capture *cap, splev_diags *d)
{
    diag_flush_held(dg, NULL);
    diags_capture_end(cap, d);
}

/* The body of every wrapper: CALL under a guard, NULL when memory ran
 * out. */
#define GUARDED(type, file, text, len, CALL)        \
    diag dg;                                        \
    diags_capture cap;                              \
    start(&dg, &cap, file, text, len, d);           \
    oom_guard g;                                    \
    oom_push(&g);                                   \
    if (setjmp(g.jb) != 0) {                        \
        finish(&dg, &cap, d);                       \
        return NULL;                                \
    }                                               \
    type r = CALL;                                  \
    oom_pop(&g);                                    \
    finish(&dg, &cap, d);                           \
    return r

char *splev_export_asciifarm(const splev_level *lev,
                             const splev_export_opts *opts, splev_diags *d)
{
    GUARDED(char *, lev && lev->name ? lev->name : "-", NULL, 0,
            foreign_export_asciifarm(lev, opts, &dg));
}

char *splev_export_roguecloud(const splev_level *lev,
                              const splev_export_opts *opts, splev_diags *d)
{
    GUARDED(char *, lev && lev->name ? lev->name : "-", NULL, 0,
            foreign_export_roguecloud(lev, opts, &dg));
}

char *splev_import_asciifarm(const char *file, const char *text, size_t len,
                             const splev_import_opts *opts, splev_diags *d)
{
    GUARDED(char *, file, text, len,
            foreign_import_asciifarm(file, text, len, opts, &dg));
}

char *splev_import_roguecloud(const char *file, const char *text, size_t len,
                              const splev_import_opts *opts, splev_diags *d)
{
    GUARDED(char *, file, text, len,
            foreign_import_roguecloud(file, text, len, opts, &dg));
}

splev_level *splev_import_asciifarm_level(const char *file, const char *text,
                                          size_t len,
                                          const splev_import_opts *opts,
                                          splev_diags *d)
{
    GUARDED(splev_level *, file, text, len,
            foreign_import_asciifarm_level(file, text, len, opts, &dg));
}

splev_level *splev_import_roguecloud_level(const char *file, const char *text,
                                           size_t len,
                                           const splev_import_opts *opts,
                                           splev_diags *d)
{
    GUARDED(splev_level *, file, text, len,
            foreign_import_roguecloud_level(file, text, len, opts, &dg));
}

char **splev_roguecloud_room_names(const char *file, const char *text,
                                   size_t len, splev_diags *d)
{
    GUARDED(char **, file, text, len,
            foreign_roguecloud_room_names(file, text, len, &dg));
}
