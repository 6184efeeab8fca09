/* Level script codec and verifier: round trip, stable bytes, and rejection
 * of every kind of damage with its specific reason. */
#include "common/common.h"
#include "lev_front/sig.h"
#include "levcode/opcodes.h"
#include "splev/level.h"
#include "splev/levscript.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

static splev_const consts[] = {
    {SPLEV_V_INT, 42, 0, 0, 0, NULL, 0},
    {SPLEV_V_STR, 0, 0, 0, 0, "Welcome!", 8},
    {SPLEV_V_COORD, 3, 4, 0, 0, NULL, 0},
    {SPLEV_V_COORD, 0, 0, CF_RANDOM | CF_DRY, 0, NULL, 0},
    {SPLEV_V_REGION, 1, 2, 10, 5, NULL, 0},
    {SPLEV_V_MAPCHAR, SPLEV_ROOM, 1, 0, 0, NULL, 0},
    {SPLEV_V_MONST, 'D', 0, 0, 0, "red dragon", 10},
    {SPLEV_V_OBJ, 0, 0, 0, 0, NULL, 0},
    {SPLEV_V_MAP, 3, 2, 0, 0, "\x02\x02\x02\x01\x1b\x01", 6},
};

static splev_insn code[] = {
    /* main: 0..9 */
    {OP_LEVEL_FLAGS, 0, 0, 0},
    {OP_PUSH_CONST, 0, 0, 2},          /* coord (3,4) */
    {OP_MAP, 1, 1, 8},                 /* map 3x2 at coord, keep */
    {OP_PUSH_CONST, 0, 0, 1},
    {OP_MESSAGE, 0, 0, 0},
    {OP_PUSH_INT, 0, 0, 5},
    {OP_SET, 0, 0, 0},                 /* $n = 5 */
    {OP_GET, 0, 0, 0},
    {OP_CALL, 0, 1, 1},                /* f($n) */
    {OP_JMP, 0, 0, 1},                 /* to the end: ends the script */
    /* function f: 10..14 */
    {OP_GET, 0, 0, 0},
    {OP_PUSH_INT, 0, 0, 1},
    {OP_CMP, 0, 0, 0},
    {OP_JG, 0, 0, 2},                  /* to 15 = end of f */
    {OP_RETURN, 0, 0, 0},
};

static splev_func funcs[] = {
    {"", 0, 10, 0, 1, 0, 0},
    {"f", 10, 15, 1, 1, 1, 0},
};

static const char *files[] = {"t.des"};
static const char *varnames[] = {"$n", "$x"};
static splev_line lines[] = {{0, 0, 1}, {3, 0, 4}, {10, 0, 9}};

static splev_levscript base_script(void)
{
    splev_levscript s;
    memset(&s, 0, sizeof s);
    s.name = "tiny";
    s.n_files = 1;
    s.files = files;
    s.n_funcs = 2;
    s.funcs = funcs;
    s.n_consts = sizeof consts / sizeof consts[0];
    s.consts = consts;
    s.n_insns = sizeof code / sizeof code[0];
    s.code = code;
    s.n_lines = 3;
    s.lines = lines;
    s.n_varnames = 2;
    s.varnames = varnames;
    return s;
}

static void fix_crc(unsigned char *b, size_t len)
{
    uint32_t c = crc32_bytes(b + 20, len - 20);
    b[16] = (unsigned char)c;
    b[17] = (unsigned char)(c >> 8);
    b[18] = (unsigned char)(c >> 16);
    b[19] = (unsigned char)(c >> 24);
}

/* Encode s, decode it, and return the reason (or "ok"). */
static const char *verdict(const splev_levscript *s, char *err, size_t n)
{
    size_t len;
    unsigned char *b = splev_lev_encode(s, &len);
    splev_levscript *d = splev_lev_decode(b, len, err, n);
    free(b);
    if (d) {
        splev_lev_free(d);
        snprintf(err, n, "ok");
    }
    return err;
}

static void check_insn_damage(void)
{
    char err[200];
    struct {
        int pc;
        splev_insn in;
        const char *reason;
    } cases[] = {
        {9, {OP_JMP, 0, 0, 2}, "instruction 9: jump out of its function"},
        {13, {OP_JG, 0, 0, -4}, "instruction 13: jump out of its function"},
        {12, {OP_JE, 0, 0, 2}, "instruction 14: stack depth 1 here, 0 by another path"},
        {6, {OP_SET, 0, 0, 1}, "instruction 6: variable slot out of range"},
        {8, {OP_CALL, 0, 2, 1}, "instruction 8: wrong argument count"},
        {8, {OP_CALL, 0, 1, 0}, "instruction 8: function out of range"},
        {3, {OP_PUSH_CONST, 0, 0, 99}, "instruction 3: constant out of range"},
        {3, {OP_PUSH_CONST, 0, 0, 8}, "instruction 3: wrong constant type"},
        {4, {OP_ADD, 0, 0, 0}, "instruction 4 (ADD): stack underflow"},
        {0, {OP_COUNT_, 0, 0, 0}, "instruction 0: unknown opcode"},
        {4, {OP_MESSAGE, 1, 0, 0}, "instruction 4 (MESSAGE): bad flag 1"},
        {4, {OP_MESSAGE, 0, 3, 0}, "instruction 4 (MESSAGE): stray count"},
        {4, {OP_MESSAGE, 0, 0, 7}, "instruction 4 (MESSAGE): stray operand"},
        {0, {OP_LEVEL_FLAGS, 0, 0, -1}, "instruction 0: unknown level flags"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        splev_insn saved = code[cases[i].pc];
        code[cases[i].pc] = cases[i].in;
        splev_levscript s = base_script();
        const char *v = verdict(&s, err, sizeof err);
        CHECK(strncmp(v, cases[i].reason, strlen(cases[i].reason)) == 0,
              "rejects: %s (got: %s)", cases[i].reason, v);
        code[cases[i].pc] = saved;
    }
}

static void check_const_damage(void)
{
    char err[200];
    struct {
        int k;
        splev_const c;
        const char *reason;
    } cases[] = {
        {2, {SPLEV_V_COORD, 80, 0, 0, 0, NULL, 0}, "constant 2: coordinate out of range"},
        {4, {SPLEV_V_REGION, 5, 2, 1, 5, NULL, 0}, "constant 4: region out of range"},
        {5, {SPLEV_V_MAPCHAR, 99, 0, 0, 0, NULL, 0}, "constant 5: bad map character"},
        {6, {SPLEV_V_MONST, 7, 0, 0, 0, NULL, 0}, "constant 6: bad class"},
        {8, {SPLEV_V_MAP, 3, 2, 0, 0, "\x02\x02\x02\x01\x7f\x01", 6}, "constant 8: bad terrain in map"},
        {8, {SPLEV_V_MAP, 4, 2, 0, 0, "\x02\x02\x02\x01\x01\x01", 6}, "constant 8: bad map size"},
        {0, {77, 0, 0, 0, 0, NULL, 0}, "constant 0: unknown type 77"},
        {1, {SPLEV_V_STR, 0, 0, 0, 0, "a\0b", 3}, "constant 1: NUL inside a string"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        splev_const saved = consts[cases[i].k];
        consts[cases[i].k] = cases[i].c;
        splev_levscript s = base_script();
        const char *v = verdict(&s, err, sizeof err);
        CHECK(strcmp(v, cases[i].reason) == 0, "rejects: %s (got: %s)",
              cases[i].reason, v);
        consts[cases[i].k] = saved;
    }
}

/* CRC-32 one bit at a time: what the table and PCLMULQDQ paths of
 * crc32_bytes must agree with, for every length and alignment. */
static uint32_t crc32_bitwise(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c & 1 ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
}

static void test_crc32(void)
{
    CHECK(crc32_bytes((const unsigned char *)"123456789", 9) == 0xCBF43926u,
          "CRC-32 of \"123456789\" is cbf43926");
    enum { N = 1200 };
    unsigned char *buf = malloc(N + 8);
    uint32_t r = 12345;
    for (size_t i = 0; i < N + 8; i++) {
        r = r * 1103515245u + 12345u;
        buf[i] = (unsigned char)(r >> 16);
    }
    size_t bad = 0;
    for (size_t off = 0; off < 8; off++)
        for (size_t n = 0; n <= N; n++)
            bad += crc32_bytes(buf + off, n) != crc32_bitwise(buf + off, n);
    CHECK(bad == 0, "CRC-32 of 0 to %d bytes at 8 alignments matches the "
          "bitwise definition (%zu differ)", N, bad);
    free(buf);
}

/* Each row of the statement signature table pushes exactly what its
 * opcode pops, each argument once. */
static void test_stmt_sig(void)
{
    int rows = 0, bad = 0;
    for (int k = 0; k < LEV_S_COUNT; k++) {
        const lev_sig *g = lev_stmt_sig((enum lev_stmt_kind)k);
        if (g->op == OP_NOP)
            continue;
        rows++;
        size_t n = lev_sig_nargs(g);
        unsigned seen = 0;
        for (size_t i = 0; i < n; i++)
            seen |= 1u << lev_sig_slot(g, i);
        if (splev_ops[g->op].pops != (int)n ||
            splev_ops[g->op].pops_per_n != 0 || seen != (1u << n) - 1 ||
            (g->order && strlen(g->order) != n)) {
            printf("# %s: %zu arguments for %s\n",
                   lev_stmt_name((enum lev_stmt_kind)k), n,
                   splev_ops[g->op].name);
            bad++;
        }
    }
    CHECK(rows >= 15 && bad == 0, "%d statement rows push what their "
          "opcodes pop, each argument once (%d do not)", rows, bad);
    CHECK(lev_stmt_sig(LEV_S_ROOM)->op == OP_NOP &&
          lev_stmt_sig(LEV_S_COUNT)->op == OP_NOP,
          "statements with structure, and no statement, have no row");
}

/* The opcode table's run and work columns: values, jumps and calls run in
 * the VM and charge nothing extra; every selection op charges a map. */
static void test_op_runs(void)
{
    int bad = 0;
    for (int op = 0; op < OP_COUNT_; op++) {
        const splev_opinfo *oi = &splev_ops[op];
        int sel = strncmp(oi->name, "SEL_", 4) == 0;
        if ((op <= OP_CORE) != (oi->run == OPRUN_VM) ||
            sel != (oi->run == OPRUN_SEL) || (sel && oi->work != 1) ||
            (oi->run == OPRUN_VM && oi->work != 0))
            bad++;
    }
    CHECK(bad == 0 && splev_ops[OP_INIT_MAP].work == 4 &&
          splev_ops[OP_ROOM].run == OPRUN_GEN,
          "opcode runs and work are consistent (%d not)", bad);
}

int main(void)
{
    test_crc32();
    test_stmt_sig();
    test_op_runs();

    char err[200];
    splev_levscript s = base_script();
    size_t len, len2;
    unsigned char *b = splev_lev_encode(&s, &len);
    unsigned char *b2 = splev_lev_encode(&s, &len2);
    CHECK(len == len2 && memcmp(b, b2, len) == 0, "encoding is stable");
    free(b2);

    splev_levscript *d = splev_lev_decode(b, len, err, sizeof err);
    CHECK(d != NULL, "a valid script decodes (%s)", d ? "ok" : err);
    if (d) {
        int same = strcmp(d->name, "tiny") == 0 && d->n_insns == s.n_insns &&
                   memcmp(d->code, s.code, sizeof code) == 0 &&
                   d->n_consts == s.n_consts;
        for (uint32_t i = 0; same && i < s.n_consts; i++) {
            const splev_const *x = &d->consts[i], *y = &s.consts[i];
            same = x->type == y->type && x->a == y->a && x->b == y->b &&
                   x->c == y->c && x->d == y->d && x->len == y->len &&
                   (!y->str || memcmp(x->str, y->str, y->len) == 0);
        }
        CHECK(same, "round trip keeps code and constants");
        CHECK(d->funcs[0].max_stack == 1 && d->funcs[1].max_stack == 2,
              "verifier computes stack depths (%u, %u)",
              (unsigned)d->funcs[0].max_stack, (unsigned)d->funcs[1].max_stack);
        uint32_t line;
        const char *file = splev_lev_source(d, 5, &line);
        CHECK(strcmp(file, "t.des") == 0 && line == 4, "pc 5 is t.des:4");
        file = splev_lev_source(d, 12, &line);
        CHECK(line == 9, "pc 12 is line 9");
        size_t len3;
        unsigned char *b3 = splev_lev_encode(d, &len3);
        CHECK(len3 == len && memcmp(b3, b, len) == 0,
              "decode then encode gives the same bytes");
        free(b3);
        splev_lev_free(d);
    }

    int all_truncations = 1;
    for (size_t n = 0; n < len; n++) {
        splev_levscript *t = splev_lev_decode(b, n, err, sizeof err);
        if (t) {
            all_truncations = 0;
            splev_lev_free(t);
        }
    }
    CHECK(all_truncations, "every truncation is rejected");

    int all_flips = 1;
    unsigned char *c = xmalloc(len);
    for (size_t i = 0; i < len; i++) {
        memcpy(c, b, len);
        c[i] ^= 0x5a;
        splev_levscript *t = splev_lev_decode(c, len, err, sizeof err);
        if (t) {
            all_flips = 0;
            splev_lev_free(t);
        }
    }
    CHECK(all_flips, "every single-byte change is rejected");
    memcpy(c, b, len);
    c[len - 1] ^= 1;
    splev_lev_decode(c, len, err, sizeof err);
    CHECK(strcmp(err, "checksum mismatch") == 0, "checksum: %s", err);
    memcpy(c, b, len);
    c[0] = 'X';
    splev_lev_decode(c, len, err, sizeof err);
    CHECK(strcmp(err, "not a level script (bad magic)") == 0, "magic: %s", err);
    memcpy(c, b, len);
    c[44] = 0xff;       /* n_insns */
    fix_crc(c, len);
    splev_lev_decode(c, len, err, sizeof err);
    CHECK(strcmp(err, "section sizes do not add up") == 0, "counts: %s", err);
    free(c);
    free(b);

    check_insn_damage();
    check_const_damage();

    splev_levscript bad = base_script();
    bad.name = "a/b";
    CHECK(strcmp(verdict(&bad, err, sizeof err), "bad level name") == 0,
          "rejects an unsafe level name");
    bad = base_script();
    splev_func f2[2] = {funcs[0], funcs[1]};
    f2[1].entry = 11;
    bad.funcs = f2;
    CHECK(strcmp(verdict(&bad, err, sizeof err), "function 1: code range") == 0,
          "rejects code outside the functions (%s)", err);
    return unit_status();
}
