/* test_classic_lev.c - the games' .lev files: decoding, the verifier's
 * reasons, and a few hundred deterministic truncations and mutations that
 * must never crash (run under ASan by make check-asan). */
#include "classic/lev_load.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char b[512];
    size_t n;
    classic_game g;
} file;

static void put(file *f, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        f->b[f->n++] = (unsigned char)(v >> (8 * i));
}

static void op(file *f, int num) { put(f, (uint32_t)num, 4); }

static void push_int(file *f, int push, int tag, int64_t v)
{
    op(f, push);
    put(f, (uint64_t)tag, f->g == CLASSIC_UNNETHACK ? 2 : 1);
    put(f, (uint64_t)v, 8);
}

static void push_str(file *f, int push, int tag, const char *s)
{
    op(f, push);
    put(f, (uint64_t)tag, f->g == CLASSIC_UNNETHACK ? 2 : 1);
    put(f, strlen(s), 4);
    memcpy(f->b + f->n, s, strlen(s));
    f->n += strlen(s);
}

/* A small valid file: flags, a message, a variable, a jump over a POP to
 * the end of the code.  Opcode numbers per game (SEMANTICS 6.1). */
static void build(file *f, classic_game g)
{
    memset(f, 0, sizeof *f);
    f->g = g;
    int un = g == CLASSIC_UNNETHACK;
    int PUSH = un ? 41 : 40, POP = un ? 42 : 41, FLAGS = un ? 61 : 59;
    int MESSAGE = 1, JMP = 28, VAR_INIT = un ? 64 : 60;
    put(f, un ? 0x06000f00u : 0x03060700u, 8);
    put(f, 0x1234, 8);
    put(f, 0x5678, 8);
    put(f, 0x9abc, 8);
    if (!un)
        put(f, 0xdef0, 8);
    put(f, 10, 8);                            /* records */
    push_int(f, PUSH, CTAG_INT, 96);          /* 0 */
    op(f, FLAGS);                             /* 1 */
    push_str(f, PUSH, CTAG_STRING, "hi");     /* 2 */
    op(f, MESSAGE);                           /* 3 */
    push_int(f, PUSH, CTAG_INT, 0);           /* 4 */
    push_str(f, PUSH, CTAG_STRING, "$x");     /* 5 */
    op(f, VAR_INIT);                          /* 6 */
    push_int(f, PUSH, CTAG_INT, 2);           /* 7: lands on 10 = the end */
    op(f, JMP);                               /* 8 */
    op(f, POP);                               /* 9 */
}

static int rejects(const file *f, const char *want)
{
    char err[300] = "";
    classic_lev *l = classic_lev_decode(f->b, f->n, CLASSIC_NONE, err,
                                        sizeof err);
    int ok = !l && err[0] && (!want || strstr(err, want));
    if (!ok)
        printf("# got \"%s\"\n", l ? "(accepted)" : err);
    classic_lev_free(l);
    return ok;
}

static void valid(classic_game g)
{
    file f;
    build(&f, g);
    const char *name = classic_game_name(g);
    CHECK(classic_lev_sniff(f.b, f.n) == g, "%s: recognised", name);
    char err[300];
    classic_lev *l = classic_lev_decode(f.b, f.n, CLASSIC_NONE, err, sizeof err);
    CHECK(l && l->n == 10 && l->tail == 0, "%s: decodes (%s)", name,
          l ? "ok" : err);
    if (l) {
        CHECK(l->recs[1].op == COP_LEVEL_FLAGS && l->recs[0].value == 96,
              "%s: flags record", name);
        CHECK(l->recs[2].tag == CTAG_STRING && l->recs[2].len == 2 &&
              memcmp(l->recs[2].str, "hi", 2) == 0, "%s: string operand", name);
        CHECK(l->recs[8].op == COP_JMP && l->recs[9].op == COP_POP,
              "%s: jump and pop", name);
    }
    classic_lev_free(l);
    /* Every truncation is an error. */
    int all = 1;
    for (size_t n = 0; n < f.n; n++) {
        file t = f;
        t.n = n;
        char e[300] = "";
        classic_lev *x = classic_lev_decode(t.b, t.n, g, e, sizeof e);
        if (x || !e[0])
            all = 0;
        classic_lev_free(x);
    }
    CHECK(all, "%s: each of the %zu truncations is rejected", name, f.n);
}

/* f decodes, with record 8 a JMP of offset o. */
static int accepts_jump(const file *f, int64_t o)
{
    char err[300] = "";
    classic_lev *l = classic_lev_decode(f->b, f->n, CLASSIC_NONE, err,
                                        sizeof err);
    int ok = l && l->n == 10 && l->recs[8].op == COP_JMP &&
             l->recs[7].value == o;
    classic_lev_free(l);
    return ok;
}

static void reasons(classic_game g)
{
    const char *name = classic_game_name(g);
    int un = g == CLASSIC_UNNETHACK;
    size_t hdr = un ? 32 : 40, tagw = un ? 2 : 1;
    size_t r0 = hdr + 8;                      /* first record */
    size_t r2 = r0 + (4 + tagw + 8) + 4;      /* the string PUSH */
    file f;

    build(&f, g);
    f.b[hdr] = 200;
    CHECK(rejects(&f, "record count 200 is more than"), "%s: count too big", name);
    build(&f, g);
    f.b[r0 + 4 + tagw + 8] = 99;
    CHECK(rejects(&f, "record 1: unknown opcode 99"), "%s: unknown opcode", name);
    build(&f, g);
    f.b[r0 + 4] = 9;
    CHECK(rejects(&f, "record 0: PUSH tag 9 is not one"), "%s: SEL tag", name);
    build(&f, g);
    f.b[r0 + 4] = 0;
    CHECK(rejects(&f, "PUSH tag 0"), "%s: NULL tag", name);
    build(&f, g);
    f.b[r2 + 4 + tagw + 3] = 0x7f;
    CHECK(rejects(&f, "record 2: string of"), "%s: string too long", name);
    build(&f, g);
    f.b[r2 + 4 + tagw + 3] = 0x80;
    CHECK(rejects(&f, "record 2: negative string length"), "%s: negative length", name);
    build(&f, g);
    f.b[r2 + 4 + tagw + 4] = 0;
    CHECK(rejects(&f, "record 2: string holds a NUL byte"), "%s: NUL in string", name);
    /* The variable name of record 5 without its '$'. */
    build(&f, g);
    size_t r5 = r2 + (4 + tagw + 4 + 2) + 4 + (4 + tagw + 8);
    CHECK(f.b[r5 + 4 + tagw + 4] == '$', "%s: found the variable name", name);
    f.b[r5 + 4 + tagw + 4] = 'x';
    f.b[r5 + 4] = CTAG_VARIABLE;
    CHECK(rejects(&f, "record 5: variable name"), "%s: variable without $", name);
    /* The jump offset of record 7: 3 lands past the end, -8 before it.
     * The game ignores such a jump (its lev_comp writes them for a BREAK
     * it forgot to patch), so the file is a good one. */
    size_t r7 = r5 + (4 + tagw + 4 + 2) + 4;
    build(&f, g);
    f.b[r7 + 4 + tagw] = 3;
    CHECK(accepts_jump(&f, 3), "%s: a jump past the end is kept", name);
    build(&f, g);
    memset(f.b + r7 + 4 + tagw, 0xff, 8);
    f.b[r7 + 4 + tagw] = (unsigned char)-8;
    CHECK(accepts_jump(&f, -8), "%s: a jump before the start is kept", name);
    build(&f, g);
    f.b[r7 + 4 + tagw] = 0;
    f.b[r7 + 4] = CTAG_COORD;
    CHECK(rejects(&f, "record 8: JMP without the INT offset"), "%s: jump without offset", name);
    /* Stale bytes after the last record are allowed, and counted. */
    build(&f, g);
    f.b[f.n++] = 0xaa;
    char err[300];
    classic_lev *l = classic_lev_decode(f.b, f.n, g, err, sizeof err);
    CHECK(l && l->tail == 1, "%s: a stale tail is not read", name);
    classic_lev_free(l);
}

/* Deterministic random mutations: never a crash; most are rejected. */
static void mutations(classic_game g)
{
    uint32_t x = 12345u + (uint32_t)g;
    int rejected = 0, total = 300;
    for (int k = 0; k < total; k++) {
        file f;
        build(&f, g);
        int edits = 1 + k % 4;
        for (int e = 0; e < edits; e++) {
            x = x * 1103515245u + 12345u;
            size_t at = (x >> 8) % f.n;
            x = x * 1103515245u + 12345u;
            f.b[at] = (unsigned char)(x >> 16);
        }
        if (k % 3 == 0) {
            x = x * 1103515245u + 12345u;
            f.n = (x >> 8) % f.n;
        }
        char err[300] = "";
        classic_lev *l = classic_lev_decode(f.b, f.n, CLASSIC_NONE, err,
                                            sizeof err);
        if (!l)
            rejected += err[0] != '\0';
        classic_lev_free(l);
    }
    CHECK(rejected > total / 2, "%s: %d of %d mutations rejected with a "
          "reason, none crashed", classic_game_name(g), rejected, total);
}

int main(void)
{
    static const unsigned char ours[8] = {0x89, 'S', 'P', 'L', 0, 0, 0, 0};
    CHECK(classic_lev_sniff(ours, sizeof ours) == CLASSIC_NONE,
          "our own magic is not a version record");
    valid(CLASSIC_UNNETHACK);
    valid(CLASSIC_NETHACK36);
    reasons(CLASSIC_UNNETHACK);
    reasons(CLASSIC_NETHACK36);
    mutations(CLASSIC_UNNETHACK);
    mutations(CLASSIC_NETHACK36);
    return unit_status();
}
