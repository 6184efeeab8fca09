/* Hardening of the two loaders: a level script and a dungeon script cut at
 * every byte offset are rejected with a reason (never a crash or an
 * over-read: this program runs under ASan and valgrind too), and every
 * single-byte change is either rejected or gives a script that loads again.
 *
 *   test_hardening --write-seeds DIR   writes the level scripts built here
 *                                      as DIR/NAME.lev (fuzzing seeds) */
#include "common/common.h"
#include "dgn_front/dgn_front.h"
#include "levcode/opcodes.h"
#include "splev/dungeon.h"
#include "splev/level.h"
#include "splev/levscript.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#if defined(__has_include)
#if __has_include("splev/interp.h")
#include "splev/interp.h"
#define HL_INTERP 1
#endif
#endif

/* ---- a small level: a map, a message, a counted loop calling a function */
static splev_const hl_consts[] = {
    {SPLEV_V_INT, 7, 0, 0, 0, NULL, 0},
    {SPLEV_V_STR, 0, 0, 0, 0, "Hardened", 8},
    {SPLEV_V_COORD, 10, 5, 0, 0, NULL, 0},
    {SPLEV_V_MAP, 4, 2, 0, 0, "\x02\x02\x02\x02\x01\x1b\x1b\x01", 8},
    {SPLEV_V_REGION, 2, 2, 12, 8, NULL, 0},
    {SPLEV_V_MAPCHAR, SPLEV_ROOM, 0, 0, 0, NULL, 0},
};

static splev_insn hl_code[] = {
    /* main: 0..15 */
    {OP_LEVEL_FLAGS, 0, 0, 0},
    {OP_PUSH_CONST, 0, 0, 2},          /* coord (10,5) */
    {OP_MAP, 1, 1, 3},                 /* the 4x2 map there, keep */
    {OP_PUSH_CONST, 0, 0, 1},
    {OP_MESSAGE, 0, 0, 0},
    {OP_PUSH_INT, 0, 0, 3},
    {OP_SET, 0, 0, 0},                 /* $n = 3 */
    {OP_GET, 0, 0, 0},                 /* 7: loop */
    {OP_CALL, 0, 1, 1},                /* f($n) */
    {OP_GET, 0, 0, 0},
    {OP_DEC, 0, 0, 0},
    {OP_SET, 0, 0, 0},                 /* $n = $n - 1 */
    {OP_GET, 0, 0, 0},
    {OP_PUSH_INT, 0, 0, 0},
    {OP_CMP, 0, 0, 0},
    {OP_JG, 0, 0, -8},                 /* while $n > 0: back to 7 */
    /* function f: 16..21 */
    {OP_GET, 0, 0, 0},
    {OP_PUSH_INT, 0, 0, 2},
    {OP_CMP, 0, 0, 0},
    {OP_JL, 0, 0, 3},                  /* $x < 2: to the end of f */
    {OP_PUSH_CONST, 0, 0, 1},
    {OP_MESSAGE, 0, 0, 0},
};

static splev_func hl_funcs[] = {
    {"", 0, 16, 0, 1, 0, 0},
    {"f", 16, 22, 1, 1, 1, 0},
};

static const char *hl_files[] = {"hard.des"};
static const char *hl_varnames[] = {"$n", "$x"};
static splev_line hl_lines[] = {{0, 0, 1}, {7, 0, 4}, {16, 0, 9}};

static splev_levscript hl_script(void)
{
    splev_levscript s;
    memset(&s, 0, sizeof s);
    s.name = "hardened";
    s.n_files = 1;
    s.files = hl_files;
    s.n_funcs = 2;
    s.funcs = hl_funcs;
    s.n_consts = sizeof hl_consts / sizeof hl_consts[0];
    s.consts = hl_consts;
    s.n_insns = sizeof hl_code / sizeof hl_code[0];
    s.code = hl_code;
    s.n_lines = 3;
    s.lines = hl_lines;
    s.n_varnames = 2;
    s.varnames = hl_varnames;
    return s;
}

/* The smallest script: main sets the level flags and ends. */
static splev_levscript hl_tiny(void)
{
    static splev_insn code[] = {{OP_LEVEL_FLAGS, 0, 0, 0}};
    static splev_func funcs[] = {{"", 0, 1, 0, 0, 0, 0}};
    static const char *files[] = {"tiny.des"};
    static splev_line lines[] = {{0, 0, 1}};
    splev_levscript s;
    memset(&s, 0, sizeof s);
    s.name = "tiny";
    s.n_files = 1;
    s.files = files;
    s.n_funcs = 1;
    s.funcs = funcs;
    s.n_insns = 1;
    s.code = code;
    s.n_lines = 1;
    s.lines = lines;
    return s;
}

typedef void *(*decode_fn)(const unsigned char *, size_t, char *, size_t);
typedef void (*free_fn)(void *);

static void *lev_decode(const unsigned char *b, size_t n, char *e, size_t en)
{
    return splev_lev_decode(b, n, e, en);
}
static void lev_free(void *p) { splev_lev_free(p); }
static void *dgn_decode(const unsigned char *b, size_t n, char *e, size_t en)
{
    return splev_dgn_decode(b, n, e, en);
}
static void dgn_free(void *p) { splev_dgn_script_free(p); }

/* Every prefix of bytes (cut at every offset) must be rejected with a
 * reason; each prefix is an exact-size heap copy so that an over-read is
 * an ASan or valgrind report. */
static void check_truncations(const char *what, const unsigned char *bytes,
                              size_t len, decode_fn dec, free_fn fr)
{
    size_t accepted = 0, silent = 0;
    for (size_t k = 0; k < len; k++) {
        unsigned char *cut = xmalloc(k ? k : 1);
        memcpy(cut, bytes, k);
        char err[256];
        err[0] = '\0';
        void *s = dec(cut, k, err, sizeof err);
        if (s) {
            accepted++;
            fr(s);
        } else if (err[0] == '\0') {
            silent++;
        }
        free(cut);
    }
    CHECK(accepted == 0, "%s: all %zu truncations rejected (%zu accepted)",
          what, len, accepted);
    CHECK(silent == 0, "%s: every truncation gets a reason (%zu without)",
          what, silent);
}

/* Every byte changed (xor 0xff, and set to 0): rejected with a reason, or
 * loads.  The checksum (a u32 at crc_at over the bytes from crc_from) is
 * then set to match, so that the damage reaches the record checks. */
static void check_byte_damage(const char *what, const unsigned char *bytes,
                              size_t len, decode_fn dec, free_fn fr,
                              size_t crc_at, size_t crc_from)
{
    size_t silent = 0;
    for (size_t k = 0; k < len; k++) {
        for (int v = 0; v < 2; v++) {
            unsigned char *b = xmalloc(len);
            memcpy(b, bytes, len);
            b[k] = v ? 0 : (unsigned char)(b[k] ^ 0xff);
            if (k >= crc_from) {
                uint32_t c = crc32_bytes(b + crc_from, len - crc_from);
                for (int i = 0; i < 4; i++)
                    b[crc_at + (size_t)i] = (unsigned char)(c >> (8 * i));
            }
            char err[256];
            err[0] = '\0';
            void *s = dec(b, len, err, sizeof err);
            if (s)
                fr(s);
            else if (err[0] == '\0')
                silent++;
            free(b);
        }
    }
    CHECK(silent == 0, "%s: every damaged byte is handled with a reason "
          "(%zu without)", what, silent);
}

static void check_level(const char *what, splev_levscript s)
{
    size_t len = 0;
    unsigned char *bytes = splev_lev_encode(&s, &len);
    char err[256];
    splev_levscript *d = splev_lev_decode(bytes, len, err, sizeof err);
    CHECK(d != NULL, "%s: the whole script loads (%s)", what, d ? "ok" : err);
    if (d)
        splev_lev_free(d);
    check_truncations(what, bytes, len, lev_decode, lev_free);
    check_byte_damage(what, bytes, len, lev_decode, lev_free, 16, 20);
    free(bytes);
}

/* dat/dungeon.def through the front end, then its script cut everywhere. */
static void check_dungeon(void)
{
    char err[256];
    size_t len = 0;
    char *src = read_whole_file("dat/dungeon.def", 1u << 20, &len, err,
                                sizeof err);
    CHECK(src != NULL, "dat/dungeon.def is readable (run from the top)");
    if (!src)
        return;
    diag d;
    diag_init(&d, "dat/dungeon.def", src, len);
    d.no_warnings = 1;
    dgn_options opt = {NULL, 0, 0, 0};
    dgn_ast ast;
    memset(&ast, 0, sizeof ast);
    dgn_parse_source(&d, src, len, &opt, &ast);
    splev_dgn_script *s = d.errors ? NULL : dgn_check(&d, &ast);
    CHECK(s != NULL, "dat/dungeon.def compiles");
    if (s) {
        size_t n = 0;
        unsigned char *bytes = splev_dgn_encode(s, &n);
        check_truncations("dungeon script", bytes, n, dgn_decode, dgn_free);
        check_byte_damage("dungeon script", bytes, n, dgn_decode, dgn_free, 28,
                          32);
        free(bytes);
        splev_dgn_script_free(s);
    }
    dgn_ast_free(&ast);
    free(src);
}

#ifdef HL_INTERP
/* A script that loops forever (a jump to itself) ends with the step-limit
 * error, not a hang. */
static void check_endless_loop(void)
{
    static splev_insn code[] = {{OP_LEVEL_FLAGS, 0, 0, 0}, {OP_JMP, 0, 0, 0}};
    static splev_func funcs[] = {{"", 0, 2, 0, 0, 0, 0}};
    static const char *files[] = {"loop.des"};
    static splev_line lines[] = {{0, 0, 1}, {1, 0, 2}};
    splev_levscript s;
    memset(&s, 0, sizeof s);
    s.name = "loop";
    s.n_files = 1;
    s.files = files;
    s.n_funcs = 1;
    s.funcs = funcs;
    s.n_insns = 2;
    s.code = code;
    s.n_lines = 2;
    s.lines = lines;
    size_t len = 0;
    unsigned char *b = splev_lev_encode(&s, &len);
    char err[512];
    splev_levscript *d = splev_lev_decode(b, len, err, sizeof err);
    CHECK(d != NULL, "endless loop: the script loads (%s)", d ? "ok" : err);
    if (d) {
        splev_genctx ctx;
        splev_genctx_init(&ctx);
        ctx.max_steps = 1000000;
        err[0] = '\0';
        splev_level *lev = splev_run(d, &ctx, 1, err, sizeof err);
        CHECK(lev == NULL && strstr(err, "loop.des:2: error: step limit of "
                                         "1000000 reached") != NULL,
              "endless loop: stopped by the step limit (%s)", err);
        if (lev)
            splev_level_free(lev);
        splev_lev_free(d);
    }
    free(b);
}
#endif

static int write_seeds(const char *dir)
{
    struct {
        const char *name;
        splev_levscript s;
    } seeds[] = {{"hardened", hl_script()}, {"tiny", hl_tiny()}};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        size_t len = 0;
        unsigned char *b = splev_lev_encode(&seeds[i].s, &len);
        char *path = xasprintf("%s/%s.lev", dir, seeds[i].name);
        char err[256];
        if (write_file_atomic(path, b, len, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", path, err);
            return 1;
        }
        free(path);
        free(b);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-seeds") == 0)
        return write_seeds(argv[2]);
    check_level("level script", hl_script());
    check_level("smallest level script", hl_tiny());
    check_dungeon();
#ifdef HL_INTERP
    check_endless_loop();
#endif
    return unit_status();
}
