/* test_web_entry.c - the playground's entry layer (web/entry.c) built
 * natively: what the page gets back from web_compile and web_run, so the
 * layer is checked on every build, not only where emscripten is
 * installed (make check-web compares the browser with levgen). */
#include "entry.h"
#include "unit.h"

#include "splev/interp.h"
#include "splev/levcomp.h"
#include "splev/level.h"

#include <stdlib.h>
#include <string.h>

static const char two_levels[] =
    "LEVEL: \"first\"\n"
    "MESSAGE: \"not kept: defined again below\"\n"
    "LEVEL: \"second\"\n"
    "INIT_MAP: solidfill, ' '\n"
    "GEOMETRY: center, center\n"
    "MAP\n"
    "-----\n"
    "|...|\n"
    "-----\n"
    "ENDMAP\n"
    "MONSTER: ('d', \"jackal\"), random\n"
    "LEVEL: \"first\"\n"
    "INIT_MAP: solidfill, ' '\n"
    "GEOMETRY: center, center\n"
    "MAP\n"
    "---\n"
    "|.|\n"
    "---\n"
    "ENDMAP\n";

static const char misspelt[] =
    "LEVEL: \"x\"\n"
    "INIT_MAP: solidfill, ' '\n"
    "MONSTR: ('d', \"jackal\"), (3,3)\n";

/* The text levgen prints for level `name` of the text, by the library's
 * own calls (levgen's path). */
static char *direct_text(const char *text, const char *name,
                         uint64_t seed)
{
    splev_levcomp_opts lo;
    memset(&lo, 0, sizeof lo);
    char err[300];
    splev_levcomp *lc = splev_levcomp_new(&lo, err, sizeof err);
    splev_compiled *c = splev_levcomp_buffer(lc, "t.des", text,
                                             strlen(text));
    char *out = NULL;
    size_t last = c->nlevels;
    for (size_t i = 0; i < c->nlevels; i++)
        if (strcmp(c->levels[i].name, name) == 0)
            last = i;
    if (last < c->nlevels) {
        splev_names *names = splev_names_builtin(SPLEV_DIALECT_UNNETHACK);
        splev_genctx ctx;
        splev_genctx_init(&ctx);
        ctx.names = names;
        splev_level *lev = splev_run(c->levels[last].script, &ctx, seed,
                                     err, sizeof err);
        out = lev ? splev_level_render_text(lev) : NULL;
        splev_level_free(lev);
        splev_names_free(names);
    }
    splev_compiled_free(c);
    splev_levcomp_free(lc);
    return out;
}

int main(void)
{
    const char *j = web_compile("t.des", two_levels, 0, 0);
    CHECK(strstr(j, "\"errors\": 0, \"warnings\": 0") != NULL,
          "a good file compiles");
    CHECK(strstr(j, "\"levels\": [\"second\", \"first\"]") != NULL,
          "its levels once each, a redefined one where it last is");

    const char *t = web_run("first", "7", WEB_TEXT);
    char *want = direct_text(two_levels, "first", 7);
    CHECK(t && want && strcmp(t, want) == 0,
          "web_run gives the library's text for the last definition");
    CHECK(t && strstr(t, "\n") && strstr(t, "|.|"), "the 3x3 room is drawn");
    free(want);
    want = direct_text(two_levels, "second", 12345);
    t = web_run("", "12345", WEB_TEXT);
    CHECK(t && want && strcmp(t, want) == 0,
          "no level name: the first one listed, \"second\"");
    free(want);

    for (int f = WEB_TEXT; f <= WEB_ROGUECLOUD; f++)
        CHECK(web_run("second", "1", f) != NULL, "format %d is made", f);
    t = web_run("second", "1", WEB_JSON);
    CHECK(t && t[0] == '{' && strstr(t, "\"jackal\""),
          "JSON names the jackal");
    CHECK(web_run("second", "1", 99) == NULL &&
              strcmp(web_error(), "unknown format 99") == 0,
          "an unknown format: %s", web_error());
    CHECK(web_run("second", "18446744073709551615", WEB_TEXT) != NULL,
          "the largest seed");
    CHECK(web_run("second", "18446744073709551616", WEB_TEXT) == NULL &&
              strstr(web_error(), "invalid seed") != NULL,
          "a seed past 2^64-1: %s", web_error());
    CHECK(web_run("second", "-1", WEB_TEXT) == NULL, "a negative seed");
    CHECK(web_run("third", "1", WEB_TEXT) == NULL &&
              strcmp(web_error(), "no level named \"third\"") == 0,
          "an unknown level: %s", web_error());

    j = web_compile("bad.des", misspelt, 0, 0);
    CHECK(strstr(j, "\"errors\": 1,") && strstr(j, "\"levels\": []"),
          "a misspelt word: one error, no levels");
    CHECK(strstr(j, "{\"file\": \"bad.des\", \"line\": 3, \"column\": 1, "
                    "\"end_column\": 6, \"severity\": \"error\", "
                    "\"message\": \"unknown word 'MONSTR' (did you mean "
                    "MONSTER?)\", \"fixit\": \"MONSTER\"}"),
          "the diagnostic with its place and fix-it");
    CHECK(web_run("", "1", WEB_TEXT) == NULL &&
              strcmp(web_error(), "the file is not compiled") == 0,
          "nothing runs after a failed compile");

    j = web_compile("t.des", two_levels, 7, 0);
    CHECK(strstr(j, "\"failure\": \"unknown dialect 7\""),
          "an unknown dialect is refused");
    j = web_compile("t.des", two_levels, 0, 1000);
    CHECK(strstr(j, "\"failure\": \"unknown variant 1000\""),
          "an unknown variant is refused");
    j = web_compile("t.des", two_levels, 1, 1);
    CHECK(strstr(j, "\"errors\": 0") != NULL,
          "UnNetHack dialect and variant");
    CHECK(strncmp(web_variants(), "unnethack:UnNetHack,", 20) == 0,
          "the variant menu starts with UnNetHack: %.40s", web_variants());
    return unit_status();
}
