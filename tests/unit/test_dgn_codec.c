/* Unit tests of the dungeon script encoder and loader: round trips, golden
 * bytes, and a loader that rejects every truncation, every flipped byte and
 * every corrupted field (with the checksum made right again) with the
 * specific reason, without reading out of bounds. */
#include "common/common.h"
#include "dgn_fixtures.h"
#include "unit.h"

/* ---- helpers ---- */

static int scripts_equal(const splev_dgn_script *a, const splev_dgn_script *b)
{
    if (a->n_dungeons != b->n_dungeons || a->n_levels != b->n_levels ||
        a->n_branches != b->n_branches)
        return 0;
    for (int i = 0; i < a->n_dungeons; i++) {
        const splev_dgn_dungeon *x = &a->dungeons[i], *y = &b->dungeons[i];
        if (strcmp(x->name, y->name) || strcmp(x->proto, y->proto) ||
            x->bones != y->bones || x->flags != y->flags ||
            x->align != y->align || x->chance != y->chance ||
            x->base != y->base || x->rand != y->rand || x->entry != y->entry ||
            x->first_level != y->first_level || x->n_levels != y->n_levels ||
            x->first_branch != y->first_branch ||
            x->n_branches != y->n_branches)
            return 0;
    }
    for (int i = 0; i < a->n_levels; i++) {
        const splev_dgn_level *x = &a->levels[i], *y = &b->levels[i];
        if (strcmp(x->name, y->name) || x->bones != y->bones ||
            x->flags != y->flags || x->align != y->align ||
            x->chance != y->chance || x->base != y->base ||
            x->rand != y->rand || x->rndlevs != y->rndlevs ||
            x->chain != y->chain)
            return 0;
    }
    for (int i = 0; i < a->n_branches; i++) {
        const splev_dgn_branch *x = &a->branches[i], *y = &b->branches[i];
        if (x->target != y->target || x->base != y->base ||
            x->rand != y->rand || x->chain != y->chain ||
            x->type != y->type || x->up != y->up)
            return 0;
    }
    return 1;
}

/* Decode a private, exactly sized copy so that AddressSanitizer sees any
 * read past the end. */
static splev_dgn_script *decode_copy(const unsigned char *buf, size_t len,
                                     char *err, size_t errlen)
{
    unsigned char *copy = malloc(len ? len : 1);
    if (len)
        memcpy(copy, buf, len);
    splev_dgn_script *s = splev_dgn_decode(copy, len, err, errlen);
    free(copy);
    return s;
}

/* The reason a buffer is rejected ("" when it loads). */
static const char *reason(const unsigned char *buf, size_t len)
{
    static char err[256];
    err[0] = '\0';
    splev_dgn_script *s = decode_copy(buf, len, err, sizeof err);
    if (s) {
        splev_dgn_script_free(s);
        return "";
    }
    return err;
}

static void fix_crc(unsigned char *buf, size_t len)
{
    uint32_t c = crc32_bytes(buf + 32, len - 32);
    buf[28] = (unsigned char)c;
    buf[29] = (unsigned char)(c >> 8);
    buf[30] = (unsigned char)(c >> 16);
    buf[31] = (unsigned char)(c >> 24);
}

static void hex(char *out, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", p[i]);
}

/* ---- round trips ---- */

static void test_round_trip(const char *what, const splev_dgn_script *s)
{
    size_t len, len2;
    unsigned char *buf = splev_dgn_encode(s, &len);
    unsigned char *buf2 = splev_dgn_encode(s, &len2);
    CHECK(len == len2 && memcmp(buf, buf2, len) == 0,
          "%s: encoding twice gives identical bytes", what);
    char err[256] = "";
    splev_dgn_script *d = decode_copy(buf, len, err, sizeof err);
    CHECK(d != NULL, "%s: decodes (%s)", what, err);
    if (d) {
        CHECK(scripts_equal(s, d), "%s: round trip equal field by field",
              what);
        int inside = 1;
        for (int i = 0; i < d->n_levels; i++)
            inside &= d->levels[i].name >= d->strings &&
                      d->levels[i].name < d->strings + d->strings_len;
        CHECK(inside, "%s: names point into the script's own table", what);
        size_t len3;
        unsigned char *buf3 = splev_dgn_encode(d, &len3);
        CHECK(len3 == len && memcmp(buf3, buf, len) == 0,
              "%s: re-encoding the decoded script gives the same bytes",
              what);
        free(buf3);
        splev_dgn_script_free(d);
    }
    free(buf);
    free(buf2);
}

/* The tiny script, checked against the layout of doc/formats.md. */
static const char tiny_golden[] =
    /* header */
    "895350444" "74e0d0a" "0100" "2000" "ad000000" "0200" "0300" "0100"
    "0000" "25000000" "%CRC%"
    /* Main: name 1, proto 0, 'D', flags 0, align 0, 100, 10, 3, 0, 0,
     * levels 0+2, branches 0+1 */
    "01000000" "00000000" "44" "00" "00" "64" "0a" "03" "00" "00"
    "0000" "0200" "0000" "0100"
    /* Mines: name 6, proto 12, 'M', mazelike, lawful, 100, 4, 0, -1 */
    "06000000" "0c000000" "4d" "04" "04" "64" "04" "00" "ff" "00"
    "0200" "0100" "0100" "0000"
    /* oracle @17: 'O', 0, neutral, 100, 5, 2, 0 variants, chain -1 */
    "11000000" "4f" "00" "02" "64" "05" "02" "00" "00" "ffff" "0000"
    /* bigrm @24: 'B', 40%, oracle + 2, 3 variants, chain 0 */
    "18000000" "42" "00" "00" "28" "02" "00" "03" "00" "0000" "0000"
    /* minend @30: no bones, town, -1, 2 variants */
    "1e000000" "00" "01" "00" "64" "ff" "00" "02" "00" "ffff" "0000"
    /* branch to 1 @ (2, 3), stair down */
    "0100" "02" "03" "ffff" "00" "00"
    /* strings: "" Main "" Mines mine oracle bigrm minend */
    "00" "4d61696e00" "4d696e657300" "6d696e6500" "6f7261636c6500"
    "626967726d00" "6d696e656e6400";

static void test_golden(void)
{
    fixture f;
    fx_tiny(&f);
    size_t len;
    unsigned char *buf = splev_dgn_encode(&f.s, &len);
    char want[1024], got[1024], crc[9];
    uint32_t c = crc32_bytes(buf + 32, len - 32);
    unsigned char cb[4] = {(unsigned char)c, (unsigned char)(c >> 8),
                           (unsigned char)(c >> 16), (unsigned char)(c >> 24)};
    hex(crc, cb, 4);
    const char *mark = strstr(tiny_golden, "%CRC%");
    size_t pre = (size_t)(mark - tiny_golden);
    snprintf(want, sizeof want, "%.*s%s%s", (int)pre, tiny_golden, crc,
             mark + 5);
    hex(got, buf, len < 500 ? len : 500);
    CHECK(len == 173, "tiny script is 173 bytes (got %zu)", len);
    CHECK(strcmp(want, got) == 0, "tiny script matches the golden bytes");
    if (strcmp(want, got) != 0)
        printf("# want %s\n# got  %s\n", want, got);
    CHECK(memcmp(cb, buf + 28, 4) == 0 && c == crc32_bytes(buf + 32, 141),
          "checksum covers every byte after the header");
    free(buf);
}

/* ---- rejection ---- */

static void test_truncation(const unsigned char *buf, size_t len)
{
    int all = 1, header = 1, file = 1;
    for (size_t n = 0; n < len; n++) {
        const char *why = reason(buf, n);
        all &= why[0] != '\0';
        if (n < 32)
            header &= strcmp(why, "truncated header") == 0;
        else
            file &= strcmp(why, "truncated file") == 0;
    }
    CHECK(all, "truncation at every offset (0..%zu) is rejected", len - 1);
    CHECK(header, "a cut inside the header says 'truncated header'");
    CHECK(file, "a cut after the header says 'truncated file'");
    unsigned char *longer = calloc(len + 1, 1);
    memcpy(longer, buf, len);
    CHECK(strcmp(reason(longer, len + 1), "trailing bytes after the script")
              == 0, "an extra byte is rejected");
    free(longer);
    CHECK(strcmp(reason(NULL, 0), "truncated header") == 0,
          "no bytes at all: truncated header");
}

static void test_flips(const unsigned char *buf, size_t len)
{
    unsigned char *copy = malloc(len);
    int all = 1, body_crc = 1;
    for (size_t i = 0; i < len; i++)
        for (int mask = 1; mask <= 0x80; mask <<= 1) {
            memcpy(copy, buf, len);
            copy[i] ^= (unsigned char)mask;
            const char *why = reason(copy, len);
            all &= why[0] != '\0';
            if (i >= 32)
                body_crc &= strcmp(why, "checksum mismatch") == 0;
        }
    CHECK(all, "flipping any single bit of any byte is rejected");
    CHECK(body_crc, "a flipped bit after the header: 'checksum mismatch'");
    int bytes = 1;
    for (size_t i = 0; i < len; i++) {
        memcpy(copy, buf, len);
        copy[i] ^= 0xFF;
        bytes &= reason(copy, len)[0] != '\0';
    }
    CHECK(bytes, "flipping any whole byte is rejected");
    free(copy);
}

typedef struct corruption {
    size_t off;          /* byte to change */
    int width;           /* 1 or 2 bytes, little-endian */
    unsigned value;
    const char *why;     /* the exact reason */
} corruption;

/* Offsets in the tiny script: dungeons at 32 and 56, levels at 80, 96, 112,
 * the branch at 128, strings at 136. */
static const corruption corruptions[] = {
    {0, 1, 0x88, "bad magic"},
    {8, 2, 2, "unsupported version 2"},
    {10, 2, 24, "bad header size"},
    {16, 2, 0, "dungeon count out of range"},
    {16, 2, 17, "dungeon count out of range"},
    {18, 2, 100, "level count out of range"},
    {20, 2, 33, "branch count out of range"},
    {22, 2, 1, "level limit out of range"},       /* bytes 22-23: the limit */
    {22, 2, 0x4040, ""},                        /* 64 in both: HackEM's */
    {22, 2, 0x2020, "level limit out of range"}, /* 32 is the default: 0 */
    {24, 2, 0, "string table size out of range"},
    {26, 2, 1, "string table size out of range"},
    {16, 2, 3, "file size does not match the counts"},
    {24, 2, 36, "file size does not match the counts"},
    {32, 1, 37, "dungeon 0: name offset out of range"},
    {32, 1, 0, "dungeon 0: name length out of range"},
    {32, 1, 2, "string table not in order of first use"},
    {36, 1, 3, "string table not in order of first use"},
    {36, 1, 1, ""},
    {40, 1, 0x20, "dungeon 0: bad bones character"},
    {40, 1, 0x7F, "dungeon 0: bad bones character"},
    {41, 1, 1, "dungeon 0: bad flags"},
    {41, 1, 0x10, "dungeon 0: bad flags"},
    {42, 1, 3, "dungeon 0: bad alignment"},
    {43, 1, 0, "dungeon 0: chance out of range"},
    {43, 1, 101, "dungeon 0: chance out of range"},
    {44, 1, 0, "dungeon 0: level count out of range"},
    {44, 1, 33, "dungeon 0: level count out of range"},
    {45, 1, 0xFF, "dungeon 0: level count range out of range"},
    {45, 1, 33, "dungeon 0: level count range out of range"},
    {46, 1, 33, "dungeon 0: entry out of range"},
    {46, 1, 0xDF, "dungeon 0: entry out of range"},
    {47, 1, 1, "dungeon 0: reserved byte not zero"},
    {48, 2, 1, "dungeon 0: level records not contiguous"},
    {50, 2, 1, "dungeon 1: level records not contiguous"},
    {50, 2, 4, "dungeon 0: level records not contiguous"},
    {52, 2, 1, "dungeon 0: branch records not contiguous"},
    {54, 2, 0, "dungeon 1: branch records not contiguous"},
    {74, 2, 2, "dungeon 1: level records not contiguous"},
    {74, 2, 0, "level records not all in a dungeon"},
    {60, 1, 0, "string table not in order of first use"},
    {60, 1, 6, "string table not in order of first use"},
    {67, 1, 0, "dungeon 1: chance out of range"},
    {67, 1, 99, ""},
    {80, 1, 30, "string table not in order of first use"},
    {84, 1, 0x19, "level 0: bad bones character"},
    {85, 1, 0x10, "level 0: bad flags"},
    {86, 1, 8, "level 0: bad alignment"},
    {87, 1, 0, "level 0: chance out of range"},
    {87, 1, 101, "level 0: chance out of range"},
    {88, 1, 0, "level 0: base out of range"},
    {88, 1, 33, "level 0: base out of range"},
    {88, 1, 0xDF, "level 0: base out of range"},
    {89, 1, 0xFE, "level 0: rand out of range"},
    {89, 1, 33, "level 0: rand out of range"},
    {90, 1, 100, "level 0: variant count out of range"},
    {91, 1, 1, "level 0: reserved byte not zero"},
    {94, 2, 1, "level 0: reserved byte not zero"},
    {92, 2, 0, "level 0: bad chain"},
    {103, 1, 101, "level 1: chance out of range"},
    {108, 2, 1, "level 1: bad chain"},
    {108, 2, 0xFFFE, "level 1: bad chain"},
    {104, 1, 33, "level 1: base out of range"},
    {104, 1, 0, ""},
    {119, 1, 99, ""},
    {128, 2, 0, "branch 0: bad target dungeon"},
    {128, 2, 2, "branch 0: bad target dungeon"},
    {130, 1, 0, "branch 0: base out of range"},
    {131, 1, 0xFE, "branch 0: rand out of range"},
    {132, 2, 1, "branch 0: chained to a probabilistic level"},
    {132, 2, 2, "branch 0: bad chain"},
    {134, 1, 4, "branch 0: bad type"},
    {135, 1, 2, "branch 0: bad direction"},
    {119, 1, 0, "level 2: chance out of range"},
    {136, 1, 1, "string table does not start with an empty string"},
    {172, 1, 'x', "string table not terminated"},
    {141, 1, 1, "dungeon 0: name has a bad character"},
    {137, 1, '\t', "dungeon 0: name has a bad character"},
    {153, 1, '/', "level 0: name is not a plain file name"},
    {153, 1, '.', "level 0: name is not a plain file name"},
    {154, 1, '\\', "level 0: name is not a plain file name"},
};

static void test_corruptions(const unsigned char *buf, size_t len)
{
    unsigned char *copy = malloc(len);
    for (size_t i = 0; i < sizeof corruptions / sizeof *corruptions; i++) {
        const corruption *c = &corruptions[i];
        memcpy(copy, buf, len);
        copy[c->off] = (unsigned char)c->value;
        if (c->width == 2)
            copy[c->off + 1] = (unsigned char)(c->value >> 8);
        fix_crc(copy, len);
        const char *why = reason(copy, len);
        CHECK(strcmp(why, c->why) == 0,
              "byte %zu = %u: rejected as '%s' (got '%s')", c->off, c->value,
              c->why[0] ? c->why : "(accepted)", why);
    }
    /* "mine" rewritten as "Main": the table stores a string twice. */
    memcpy(copy, buf, len);
    memcpy(copy + 148, "Main", 4);
    fix_crc(copy, len);
    CHECK(strcmp(reason(copy, len), "duplicate string in string table") == 0,
          "a string stored twice: 'duplicate string in string table' (got "
          "'%s')", reason(copy, len));
    /* One more byte in the table, unused by any record. */
    unsigned char *longer = calloc(len + 1, 1);
    memcpy(longer, buf, len);
    longer[12] = (unsigned char)(len + 1);
    longer[24] = 38;
    fix_crc(longer, len + 1);
    CHECK(strcmp(reason(longer, len + 1), "unused bytes in string table") ==
              0, "a string nobody uses: 'unused bytes in string table'");
    free(longer);
    free(copy);
}

/* Corruptions that are easier to state on the structure: each encodes a
 * script the format forbids, which the loader must refuse. */
static void expect_struct_reason(const char *what, const fixture *f,
                                 const char *want)
{
    size_t len;
    unsigned char *buf = splev_dgn_encode(&f->s, &len);
    const char *why = reason(buf, len);
    CHECK(strcmp(why, want) == 0, "%s: '%s' (got '%s')", what, want, why);
    free(buf);
}

static void test_struct_rules(void)
{
    fixture f;
    fx_tiny(&f);
    f.d[0].chance = 50;
    expect_struct_reason("branch out of a dungeon that may not exist", &f,
                         "branch 0: leaves a dungeon that may not exist");
    fx_tiny(&f);
    f.lv[0].chance = 90;
    expect_struct_reason("chain from a probabilistic level", &f,
                         "level 1: chained to a probabilistic level");
    fx_tiny(&f);
    f.br[0].chain = 1;
    expect_struct_reason("branch chained from a probabilistic level", &f,
                         "branch 0: chained to a probabilistic level");
    fx_tiny(&f);
    f.br[0].chain = 0;
    f.br[0].base = 0;
    expect_struct_reason("chained branch with offset 0 is fine", &f, "");

    fixture g;
    fx_init(&g);
    fx_dungeon(&g, "A", "", 0, N, UN, 100, 5, 0, 0);
    fx_branch(&g, "B", NULL, 1, 0, SPLEV_BR_STAIR, 0);
    fx_branch(&g, "C", NULL, 2, 0, SPLEV_BR_STAIR, 0);
    fx_dungeon(&g, "B", "", 0, N, UN, 100, 5, 0, 0);
    fx_branch(&g, "C", NULL, 2, 0, SPLEV_BR_STAIR, 0);
    fx_dungeon(&g, "C", "", 0, N, UN, 100, 5, 0, 0);
    fx_finish(&g);
    expect_struct_reason("two branches into one dungeon", &g,
                         "dungeon 2: more than one branch leads to it");
    g.br[2].target = 1;
    expect_struct_reason("a branch to its own dungeon", &g,
                         "branch 2: bad target dungeon");
    g.s.n_branches = 1;
    g.d[0].n_branches = 1;
    g.d[1].first_branch = g.d[2].first_branch = 1;
    g.d[1].n_branches = 0;
    expect_struct_reason("an unreachable dungeon", &g,
                         "dungeon 2: no branch leads to it");

    fx_tiny(&f);
    f.lv[0].name = "abcdefghijklmno";
    expect_struct_reason("a 15-byte level name", &f,
                         "level 0: name length out of range");
    fx_tiny(&f);
    f.d[0].name = "abcdefghijklmnopqrstuvwx";
    expect_struct_reason("a 24-byte dungeon name", &f,
                         "dungeon 0: name length out of range");
    fx_tiny(&f);
    f.d[1].proto = "abcdefghijklmno";
    expect_struct_reason("a 15-byte protofile", &f,
                         "dungeon 1: protofile length out of range");
    fx_tiny(&f);
    f.lv[2].name = "Main";
    expect_struct_reason("a level named like a dungeon shares its string",
                         &f, "");
}

/* ---- files ---- */

static void test_load_file(const unsigned char *buf, size_t len)
{
    char err[512];
    const char *path = "test_dgn_codec.tmp";
    splev_dgn_script *s = splev_dgn_load_file("no/such/file.dgn", err,
                                              sizeof err);
    CHECK(!s && strcmp(err, "no/such/file.dgn: cannot open: No such file or "
                       "directory") == 0,
          "a missing file: '%s'", err);
    FILE *f = fopen(path, "wb");
    fwrite(buf, 1, len - 1, f);
    fclose(f);
    s = splev_dgn_load_file(path, err, sizeof err);
    CHECK(!s && strcmp(err, "test_dgn_codec.tmp: bad dungeon script "
                       "(truncated file)") == 0,
          "a truncated file: '%s'", err);
    f = fopen(path, "wb");
    fwrite(buf, 1, len, f);
    fclose(f);
    s = splev_dgn_load_file(path, err, sizeof err);
    CHECK(s && s->n_levels == 3 && strcmp(s->levels[2].name, "minend") == 0,
          "a good file loads");
    splev_dgn_script_free(s);
    remove(path);
}

/* `test_dgn_codec --write-fixtures DIR` writes the fixtures as the binary
 * test inputs of tests/t_levgen.sh; without arguments the test checks that
 * the committed copies are still exactly these bytes. */
static const struct {
    const char *file;
    void (*build)(fixture *);
} fixture_files[] = {
    {"tiny.dgn", fx_tiny},
    {"features.dgn", fx_features},
    {"unnethack.dgn", fx_unnethack},
    {"fragile.dgn", fx_fragile},
};
#define FIXTURE_DIR "tests/levgen"

static int write_fixtures(const char *dir)
{
    for (size_t i = 0; i < sizeof fixture_files / sizeof *fixture_files;
         i++) {
        static fixture f;
        fixture_files[i].build(&f);
        size_t len;
        unsigned char *buf = splev_dgn_encode(&f.s, &len);
        char path[512], err[256];
        snprintf(path, sizeof path, "%s/%s", dir, fixture_files[i].file);
        if (write_file_atomic(path, buf, len, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", path, err);
            return 1;
        }
        free(buf);
    }
    return 0;
}

static void test_fixture_files(void)
{
    for (size_t i = 0; i < sizeof fixture_files / sizeof *fixture_files;
         i++) {
        static fixture f;
        fixture_files[i].build(&f);
        size_t len, flen = 0;
        unsigned char *buf = splev_dgn_encode(&f.s, &len);
        char path[512], err[256];
        snprintf(path, sizeof path, FIXTURE_DIR "/%s", fixture_files[i].file);
        char *data = read_whole_file(path, 1 << 20, &flen, err, sizeof err);
        CHECK(data && flen == len && memcmp(data, buf, len) == 0,
              "%s holds the fixture's bytes (rewrite with --write-fixtures "
              FIXTURE_DIR ")", path);
        free(data);
        free(buf);
    }
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-fixtures") == 0)
        return write_fixtures(argv[2]);
    fixture f;
    test_fixture_files();
    fx_tiny(&f);
    test_round_trip("tiny", &f.s);
    fx_features(&f);
    test_round_trip("features", &f.s);
    fx_unnethack(&f);
    test_round_trip("unnethack", &f.s);
    test_golden();

    fx_tiny(&f);
    size_t len;
    unsigned char *buf = splev_dgn_encode(&f.s, &len);
    CHECK(reason(buf, len)[0] == '\0', "the tiny script loads");
    test_truncation(buf, len);
    test_flips(buf, len);
    test_corruptions(buf, len);
    test_struct_rules();
    test_load_file(buf, len);
    free(buf);

    fx_unnethack(&f);
    buf = splev_dgn_encode(&f.s, &len);
    test_truncation(buf, len);
    test_flips(buf, len);
    free(buf);
    return unit_status();
}
