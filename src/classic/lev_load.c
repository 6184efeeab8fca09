/* lev_load.c - decode and verify the games' compiled level files
 * (lev_load.h).
 *
 * Layout (both games, LP64 little-endian builds): the build's version
 * record (UnNetHack 4, NetHack 3.6 5 eight-byte words), an 8-byte record
 * count, then the records, packed: a 4-byte opcode; a PUSH adds its tag
 * (UnNetHack 2 bytes, NetHack 3.6 1 byte) and the operand: 8 bytes for an
 * integer or packed value, or a 4-byte length and that many bytes for a
 * string or variable name.  The games' lev_comp never truncates its output,
 * so a file may carry stale bytes after the last record; the game never
 * reads them, and neither do we.
 *
 * Every byte is checked before it is used: the record count against the
 * bytes there are, each opcode against the game's table, each tag, each
 * length, and every jump and call target (their offsets are the INT pushed
 * right before them, as the compilers always write them). */
#include "classic/lev_load.h"

#include "common/common.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define CLASSIC_OP_NAME(name) #name,
static const char *const op_names[COP_COUNT_] = {
    CLASSIC_LEV_OPS(CLASSIC_OP_NAME)
};
#undef CLASSIC_OP_NAME

const char *classic_op_name(classic_op op)
{
    return (unsigned)op < COP_COUNT_ ? op_names[op] : "?";
}

/* UnNetHack numbers the opcodes in the order of the list; NetHack 3.6 has
 * the same order without these five. */
static int nethack36_lacks(classic_op op)
{
    return op == COP_SPILL || op == COP_MON_GENERATION ||
           op == COP_LEVEL_SOUNDS || op == COP_WALLWALK || op == COP_COREFUNC;
}

/* The opcode a file number stands for in game g, or -1. */
static int op_of_number(classic_game g, int64_t num)
{
    if (num < 0 || num >= COP_COUNT_)
        return -1;
    if (g == CLASSIC_UNNETHACK)
        return (int)num;
    int k = 0;
    for (int op = 0; op < COP_COUNT_; op++) {
        if (nethack36_lacks((classic_op)op))
            continue;
        if (k++ == num)
            return op;
    }
    return -1;
}

static uint64_t rd64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

classic_game classic_lev_sniff(const unsigned char *buf, size_t len)
{
    if (len < 8)
        return CLASSIC_NONE;
    uint64_t v = rd64(buf);
    if (v >> 32)
        return CLASSIC_NONE;
    unsigned major = (unsigned)(v >> 24), minor = (unsigned)(v >> 16) & 0xff;
    if (major == 3 && minor == 6)
        return CLASSIC_NETHACK36;
    if (major >= 4 && major <= 15)
        return CLASSIC_UNNETHACK;
    return CLASSIC_NONE;
}

typedef struct {
    const unsigned char *p;
    size_t len, off;
    char *err;
    size_t errlen;
} reader;

static int fail(reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, r->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int need(reader *r, size_t n)
{
    return r->len - r->off >= n;
}

/* One PUSH operand into rec; 0 or -1. */
static int read_push(reader *r, classic_game g, size_t i, classic_rec *rec)
{
    size_t tag_bytes = g == CLASSIC_UNNETHACK ? 2 : 1;
    if (!need(r, tag_bytes))
        return fail(r, "record %zu: PUSH at byte %zu has no tag", i, rec->offset);
    int tag = tag_bytes == 2 ? (int)(r->p[r->off] | r->p[r->off + 1] << 8)
                             : r->p[r->off];
    r->off += tag_bytes;
    rec->tag = tag;
    switch (tag) {
    case CTAG_INT: case CTAG_COORD: case CTAG_REGION: case CTAG_MAPCHAR:
    case CTAG_MONST: case CTAG_OBJ:
        if (!need(r, 8))
            return fail(r, "record %zu: PUSH operand runs past the end", i);
        rec->value = (int64_t)rd64(r->p + r->off);
        r->off += 8;
        return 0;
    case CTAG_STRING: case CTAG_VARIABLE:
        break;
    default:
        return fail(r, "record %zu: PUSH tag %d is not one the compilers "
                    "write", i, tag);
    }
    if (!need(r, 4))
        return fail(r, "record %zu: string length runs past the end", i);
    uint32_t n = rd32(r->p + r->off);
    r->off += 4;
    if (n > 0x7fffffffu)
        return fail(r, "record %zu: negative string length", i);
    if (!need(r, n))
        return fail(r, "record %zu: string of %" PRIu32 " bytes runs past "
                    "the end", i, n);
    rec->str = (const char *)r->p + r->off;
    rec->len = n;
    r->off += n;
    if (memchr(rec->str, '\0', n))
        return fail(r, "record %zu: string holds a NUL byte", i);
    if (tag == CTAG_VARIABLE && (n < 2 || rec->str[0] != '$'))
        return fail(r, "record %zu: variable name is not '$' and a name", i);
    return 0;
}

/* The INT pushed right before record i (a jump's or call's offset). */
static int offset_before(const classic_lev *l, size_t i, int64_t *o)
{
    if (i == 0 || l->recs[i - 1].op != COP_PUSH ||
        l->recs[i - 1].tag != CTAG_INT)
        return -1;
    *o = l->recs[i - 1].value;
    return 0;
}

/* Call targets must be within 0..n-1.  A jump may land anywhere: the
 * game takes one landing within 1..n (n ends the script) and ignores any
 * other, which its lev_comp writes for a BREAK it forgot to patch. */
static int check_targets(reader *r, const classic_lev *l)
{
    for (size_t i = 0; i < l->n; i++) {
        classic_op op = l->recs[i].op;
        int jump = op >= COP_JMP && op <= COP_JNE;
        if (!jump && op != COP_CALL)
            continue;
        int64_t o;
        if (offset_before(l, i, &o) != 0)
            return fail(r, "record %zu: %s without the INT offset pushed "
                        "right before it", i, classic_op_name(op));
        /* i + o within 0..n-1, written so that no sum can overflow */
        if (!jump && (o < -(int64_t)i || o > (int64_t)(l->n - 1 - i)))
            return fail(r, "record %zu: %s offset %" PRId64 " lands outside "
                        "the code", i, classic_op_name(op), o);
    }
    return 0;
}

static int read_records(reader *r, classic_lev *l)
{
    if (!need(r, 8))
        return fail(r, "truncated record count");
    uint64_t n = rd64(r->p + r->off);
    r->off += 8;
    if (n > (r->len - r->off) / 4)
        return fail(r, "record count %" PRIu64 " is more than %zu bytes can "
                    "hold", n, r->len - r->off);
    l->n = (size_t)n;
    l->recs = xcalloc(l->n ? l->n : 1, sizeof *l->recs);
    for (size_t i = 0; i < l->n; i++) {
        classic_rec *rec = &l->recs[i];
        rec->offset = r->off;
        if (!need(r, 4))
            return fail(r, "record %zu: truncated at byte %zu", i, r->off);
        int64_t num = (int32_t)rd32(r->p + r->off);
        r->off += 4;
        int op = op_of_number(l->game, num);
        if (op < 0)
            return fail(r, "record %zu: unknown opcode %" PRId64, i, num);
        rec->op = (classic_op)op;
        if (op == COP_PUSH && read_push(r, l->game, i, rec) != 0)
            return -1;
    }
    l->tail = r->len - r->off;
    return check_targets(r, l);
}

classic_lev *classic_lev_decode(const unsigned char *buf, size_t len,
                                classic_game game, char *err, size_t errlen)
{
    if (game == CLASSIC_NONE)
        game = classic_lev_sniff(buf, len);
    if (game == CLASSIC_NONE) {
        snprintf(err, errlen, "no UnNetHack or NetHack 3.6 version record");
        return NULL;
    }
    classic_lev *l = xcalloc(1, sizeof *l);
    l->game = game;
    l->bytes = xmalloc(len ? len : 1);
    if (len)
        memcpy(l->bytes, buf, len);
    reader r = {l->bytes, len, 0, err, errlen};
    l->version.n = game == CLASSIC_NETHACK36 ? 5 : 4;
    if (!need(&r, (size_t)l->version.n * 8)) {
        snprintf(err, errlen, "truncated version record");
        classic_lev_free(l);
        return NULL;
    }
    for (int i = 0; i < l->version.n; i++)
        l->version.v[i] = rd64(l->bytes + 8 * i);
    r.off = (size_t)l->version.n * 8;
    if (read_records(&r, l) != 0) {
        classic_lev_free(l);
        return NULL;
    }
    return l;
}

void classic_lev_free(classic_lev *l)
{
    if (!l)
        return;
    free(l->recs);
    free(l->bytes);
    free(l);
}

static const char *const tag_names[] = {
    "null", "int", "string", "variable", "coord", "region", "mapchar",
    "monst", "obj", "sel",
};

void classic_lev_disasm(FILE *f, const classic_lev *l)
{
    fprintf(f, "; %s level file, version %#" PRIx64 ", %zu records\n",
            classic_game_name(l->game), l->version.v[0], l->n);
    for (size_t i = 0; i < l->n; i++) {
        const classic_rec *rec = &l->recs[i];
        fprintf(f, "%5zu\t%s", i, classic_op_name(rec->op));
        if (rec->op == COP_PUSH) {
            fprintf(f, "\t%s ", tag_names[rec->tag]);
            if (rec->tag == CTAG_STRING || rec->tag == CTAG_VARIABLE) {
                fputc('"', f);
                for (uint32_t k = 0; k < rec->len; k++) {
                    unsigned char c = (unsigned char)rec->str[k];
                    if (c == '"' || c == '\\')
                        fprintf(f, "\\%c", c);
                    else if (c < 0x20 || c > 0x7e)
                        fprintf(f, "\\x%02x", c);
                    else
                        fputc(c, f);
                }
                fputc('"', f);
            } else {
                fprintf(f, "%" PRId64, rec->value);
            }
        }
        fputc('\n', f);
    }
    if (l->tail)
        fprintf(f, "; %zu bytes after the last record (never read)\n",
                l->tail);
}
