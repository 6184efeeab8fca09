/* test_classic.c - the games' version record read from a date.h. */
#define _POSIX_C_SOURCE 200809L
#include "classic/classic.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[64];

static const char *write_tmp(const char *text)
{
    snprintf(path, sizeof path, "/tmp/splev-dateh-%d.h", (int)getpid());
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    fputs(text, f);
    fclose(f);
    return path;
}

int main(void)
{
    char err[512];
    classic_version v;
    const char *un =
        "/* generated */\n#define BUILD_TIME (1796161044L)\n"
        "#define VERSION_NUMBER 0x06000f00UL\n"
        "#  define VERSION_FEATURES 0x001610ceUL /* features */\n"
        "#define IGNORED_FEATURES 0x00800000UL\n"
        "#define VERSION_SANITY1 0x2721d1b3UL\n"
        "#define VERSION_SANITY2 (0x139134b20UL)\n"
        "#define VERSION_STRING \"6.0.15\"\n";
    const char *p = write_tmp(un);
    CHECK(classic_version_read(p, CLASSIC_UNNETHACK, &v, err, sizeof err) == 0,
          "an UnNetHack date.h gives its record");
    CHECK(v.n == 4 && v.v[0] == 0x06000f00u && v.v[1] == 0x001610ceu &&
              v.v[2] == 0x2721d1b3u && v.v[3] == 0x139134b20ull,
          "the four words in order, a parenthesised value read");
    unsigned char b[40];
    static const unsigned char want[32] = {
        0x00, 0x0f, 0x00, 0x06, 0, 0, 0, 0, 0xce, 0x10, 0x16, 0, 0, 0, 0, 0,
        0xb3, 0xd1, 0x21, 0x27, 0, 0, 0, 0, 0x20, 0x4b, 0x13, 0x39, 0x01, 0,
        0, 0,
    };
    CHECK(classic_version_put(&v, b) == 32 && !memcmp(b, want, 32),
          "written as 8-byte little-endian words");
    CHECK(classic_version_read(p, CLASSIC_NETHACK36, &v, err, sizeof err) ==
              -1 && strstr(err, "VERSION_SANITY3") && strstr(err, path),
          "NetHack 3.6 needs VERSION_SANITY3; the error names file and "
          "define: %s", err);
    p = write_tmp("#define VERSION_NUMBER 0x03060700UL\n"
                  "#define VERSION_FEATURES 0x00060040UL\n"
                  "#define VERSION_SANITY1 0x211c617eUL\n"
                  "#define VERSION_SANITY2 0x148c24958UL\n"
                  "#define VERSION_SANITY3 0x00028000UL\n");
    CHECK(classic_version_read(p, CLASSIC_NETHACK36, &v, err, sizeof err) == 0
              && v.n == 5 && v.v[4] == 0x28000u,
          "a NetHack 3.6 date.h gives five words");
    p = write_tmp("#define VERSION_NUMBER 0x03060700UL\n"
                  "#define VERSION_FEATURES (A|B)\n");
    CHECK(classic_version_read(p, CLASSIC_UNNETHACK, &v, err, sizeof err) ==
              -1 && strstr(err, "VERSION_FEATURES"),
          "a define that is no integer literal counts as missing: %s", err);
    unlink(path);
    CHECK(classic_version_read("/nonexistent/date.h", CLASSIC_UNNETHACK, &v,
                               err, sizeof err) == -1 &&
              strstr(err, "/nonexistent/date.h"),
          "a missing file is an error naming it: %s", err);
    CHECK(classic_game_by_name("unnethack") == CLASSIC_UNNETHACK &&
              classic_game_by_name("nethack36") == CLASSIC_NETHACK36 &&
              classic_game_by_name("splev") == CLASSIC_NONE &&
              classic_game_by_name("nethack") == -1,
          "target names");
    return unit_status();
}
