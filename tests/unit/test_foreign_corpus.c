/* End to end through the foreign formats: every corpus level, compiled in
 * memory and generated for two seeds, exports to Asciifarm (stock and with
 * our encyclopedia) and Rogue Cloud (LF and CRLF) text that the games'
 * loader rules accept; every Asciifarm map and every Rogue Cloud room of
 * the corpus imports as a des-file that compiles and generates.  The
 * corpus comes from $SPLEV_SHARED, $SHARED or ../shared; without it the
 * test says it is skipped. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "import/foreign.h"
#include "splev/foreign.h"
#include "splev/interp.h"
#include "splev/levcomp.h"
#include "unit.h"

#include "foreign_validate.h"

#define SEEDS 2

static char *shared_dir(void)
{
    const char *env = getenv("SPLEV_SHARED");
    if (!env)
        env = getenv("SHARED");
    char *p = xstrdup(env && *env ? env : "../shared");
    char *probe = xasprintf("%s/corpus/unnethack/dungeon.def", p);
    FILE *f = fopen(probe, "r");
    free(probe);
    if (!f) {
        free(p);
        return NULL;
    }
    fclose(f);
    return p;
}

/* Sorted names of dir's files ending in ext (NULL-terminated). */
static char **files_with(const char *dir, const char *ext)
{
    struct dirent **ents;
    int n = scandir(dir, &ents, NULL, alphasort);
    char **out = xcalloc((size_t)(n > 0 ? n : 0) + 1, sizeof *out);
    size_t k = 0, el = strlen(ext);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(ents[i]->d_name);
        if (len > el && strcmp(ents[i]->d_name + len - el, ext) == 0)
            out[k++] = xasprintf("%s/%s", dir, ents[i]->d_name);
        free(ents[i]);
    }
    free(ents);
    return out;
}

static void free_list(char **l)
{
    for (char **p = l; *p; p++)
        free(*p);
    free(l);
}

typedef struct {
    int levels, fail_af, fail_afe, fail_rc, fail_rcc, fail_run;
    int stone, no_floor;    /* generated levels the formats cannot hold */
} tally;

/* What a level must have for each export: something besides stone (both
 * formats), and a square to stand on for the Asciifarm spawn.  Stand-alone
 * random vaults can be all stone, and the Plane of Water is all water
 * until the game adds its air bubbles. */
static void level_has(const splev_level *lev, int *any, int *floor)
{
    *any = *floor = 0;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = lev->cells[x][y].typ;
            if (t != SPLEV_STONE)
                *any = 1;
            if (t == SPLEV_ROOM || t == SPLEV_CORR || t == SPLEV_AIR ||
                t == SPLEV_ICE || t == SPLEV_STAIRS || t == SPLEV_LADDER)
                *floor = 1;
        }
}

/* Note a failure; the first few are shown as TAP comments. */
static void note(int *counter, const char *level, uint64_t seed,
                 const char *what, const char *why)
{
    if ((*counter)++ < 3)
        printf("# %s seed %u: %s: %s\n", level, (unsigned)seed, what, why);
}

static void export_all(const splev_level *lev, const char *name,
                       uint64_t seed, tally *t)
{
    splev_export_opts eo;
    memset(&eo, 0, sizeof eo);
    diag d = quiet_diag(name, "");
    int any, floor;
    level_has(lev, &any, &floor);
    if (!any) {
        t->stone++;
        return;
    }
    if (!floor)
        t->no_floor++;
    for (int enc = 0; floor && enc < 2; enc++) {
        eo.encyclopedia = enc;
        char *af = foreign_export_asciifarm(lev, &eo, &d);
        const char *why = af ? validate_af(af, enc) : "export failed";
        if (why)
            note(enc ? &t->fail_afe : &t->fail_af, name, seed, "asciifarm",
                 why);
        free(af);
    }
    for (int crlf = 0; crlf < 2; crlf++) {
        eo.encyclopedia = 0;
        eo.crlf = crlf;
        int w, h;
        char *rc = foreign_export_roguecloud(lev, &eo, &d);
        const char *why = rc ? validate_rc(rc, crlf, &w, &h) : "export failed";
        if (why)
            note(crlf ? &t->fail_rcc : &t->fail_rc, name, seed, "roguecloud",
                 why);
        free(rc);
    }
}

static void export_corpus(splev_levcomp *lc, const char *base)
{
    char *dir = xasprintf("%s/corpus/unnethack", base);
    char **files = files_with(dir, ".des");
    tally t;
    memset(&t, 0, sizeof t);
    for (char **f = files; *f; f++) {
        splev_compiled *r = splev_levcomp_file(lc, *f);
        for (size_t i = 0; i < r->nlevels; i++) {
            t.levels++;
            for (uint64_t seed = 1; seed <= SEEDS; seed++) {
                char err[512];
                splev_level *lev =
                    splev_run(r->levels[i].script, NULL, seed, err, sizeof err);
                if (!lev) {
                    note(&t.fail_run, r->levels[i].name, seed, "run", err);
                    continue;
                }
                export_all(lev, r->levels[i].name, seed, &t);
                splev_level_free(lev);
            }
        }
        splev_compiled_free(r);
    }
    CHECK(t.levels >= 300, "the corpus compiles in memory (%d levels)", t.levels);
    printf("# %d generated levels are all stone, %d have no floor for an "
           "Asciifarm spawn\n", t.stone, t.no_floor);
    CHECK(t.fail_run == 0, "every corpus level generates for %d seeds", SEEDS);
    CHECK(t.fail_af == 0, "every corpus level exports a loadable Asciifarm room "
          "(%d failures)", t.fail_af);
    CHECK(t.fail_afe == 0, "... and with our encyclopedia (%d failures)",
          t.fail_afe);
    CHECK(t.fail_rc == 0, "every corpus level exports a loadable Rogue Cloud "
          "room (%d failures)", t.fail_rc);
    CHECK(t.fail_rcc == 0, "... and with CRLF (%d failures)", t.fail_rcc);
    free_list(files);
    free(dir);
}

/* des text -> compiled in memory -> generated: the importer's promise. */
static int compiles_and_runs(splev_levcomp *lc, const char *name,
                             const char *des)
{
    splev_compiled *r = splev_levcomp_buffer(lc, name, des, strlen(des));
    int ok = r->errors == 0 && r->nlevels > 0;
    for (size_t i = 0; ok && i < r->nlevels; i++) {
        char err[512];
        splev_level *lev =
            splev_run(r->levels[i].script, NULL, 1, err, sizeof err);
        char *text = lev ? splev_level_render_text(lev) : NULL;
        if (!text) {
            printf("# %s: %s\n", name, lev ? "no render" : err);
            ok = 0;
        }
        free(text);
        splev_level_free(lev);
    }
    splev_compiled_free(r);
    return ok;
}

static char *slurp_file(const char *path, size_t *len)
{
    char err[200];
    return read_whole_file(path, 64u << 20, len, err, sizeof err);
}

static void import_corpus(splev_levcomp *lc, const char *base)
{
    char *dir = xasprintf("%s/corpus/asciifarm/maps", base);
    char **maps = files_with(dir, ".json");
    int n = 0, bad = 0;
    for (char **m = maps; *m; m++) {
        size_t len;
        char *text = slurp_file(*m, &len);
        diag d = quiet_diag(*m, text ? text : "");
        splev_import_opts io;
        memset(&io, 0, sizeof io);
        for (io.split = 0; io.split < 2; io.split++) {
            char *des = text ? foreign_import_asciifarm(*m, text, len, &io, &d)
                             : NULL;
            n++;
            if (!des || !compiles_and_runs(lc, *m, des))
                bad++;
            free(des);
        }
        free(text);
    }
    CHECK(n == 20 && bad == 0, "every Asciifarm map imports (cropped and "
          "split), compiles and generates (%d of %d failed)", bad, n);
    free_list(maps);
    free(dir);

    char *rooms = xasprintf("%s/corpus/roguecloud/rooms.txt", base);
    size_t len;
    char *text = slurp_file(rooms, &len);
    diag d = quiet_diag(rooms, text ? text : "");
    char **names = text ? foreign_roguecloud_room_names(rooms, text, len, &d)
                        : NULL;
    n = bad = 0;
    for (char **r = names; r && *r; r++) {
        splev_import_opts io;
        memset(&io, 0, sizeof io);
        io.room = *r;
        char *des = foreign_import_roguecloud(rooms, text, len, &io, &d);
        n++;
        if (!des || !compiles_and_runs(lc, *r, des))
            bad++;
        free(des);
    }
    CHECK(n >= 7 && bad == 0, "every Rogue Cloud room imports, compiles and "
          "generates (%d of %d failed)", bad, n);
    if (names)
        free_list(names);
    free(text);
    free(rooms);
}

int main(void)
{
    char *base = shared_dir();
    if (!base) {
        printf("ok - skipped: the shared corpus is absent\n");
        return 0;
    }
    sink = tmpfile();
    splev_levcomp_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.diag_out = sink;
    opts.no_warnings = 1;
    char err[300];
    splev_levcomp *lc = splev_levcomp_new(&opts, err, sizeof err);
    CHECK(lc != NULL, "compiler starts (%s)", lc ? "ok" : err);
    if (lc) {
        export_corpus(lc, base);
        import_corpus(lc, base);
        splev_levcomp_free(lc);
    }
    fclose(sink);
    free(base);
    return unit_status();
}
