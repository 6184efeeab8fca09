/* decode.c - the verifying loader of level scripts.
 *
 * Nothing of a file is trusted: sizes, counts, every string, every
 * constant, every operand and every jump is checked, and the stack depth
 * at each instruction is computed by following the code, so the
 * interpreter can run a decoded script without any bounds test on its
 * operand stack.  Any failure gives one short reason. */
#include "common/common.h"
#include "levcode/format.h"
#include "levcode/limits.h"
#include "levcode/opcodes.h"
#include "splev/level.h"
#include "splev/levscript.h"
#include "splev/variant.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define LEV_MAX_STACK 4096

typedef struct {
    const unsigned char *buf;
    size_t len;
    const char *strtab;
    uint32_t strtab_len;
    char *err;
    size_t errlen;
    int failed;
} reader;

static int bad(reader *r, const char *fmt, ...)
{
    if (!r->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err, r->errlen, fmt, ap);
        va_end(ap);
        r->failed = 1;
    }
    return 0;
}

/* A NUL-terminated string at off in the string table, or NULL. */
static const char *cstring(reader *r, uint32_t off, const char *what)
{
    if (off >= r->strtab_len) {
        bad(r, "%s: string offset out of range", what);
        return NULL;
    }
    if (!memchr(r->strtab + off, 0, r->strtab_len - off)) {
        bad(r, "%s: unterminated string", what);
        return NULL;
    }
    return r->strtab + off;
}

/* A counted string: len bytes at off followed by NUL.  NUL inside is
 * allowed only for raw data (MAP cells). */
static const char *counted(reader *r, uint32_t off, uint32_t len, int raw,
                           const char *what)
{
    if (off >= r->strtab_len || len >= r->strtab_len - off) {
        bad(r, "%s: string out of range", what);
        return NULL;
    }
    if (r->strtab[off + len] != 0) {
        bad(r, "%s: string not terminated", what);
        return NULL;
    }
    if (!raw && memchr(r->strtab + off, 0, len)) {
        bad(r, "%s: NUL inside a string", what);
        return NULL;
    }
    return r->strtab + off;
}

static int safe_level_name(const char *s)
{
    return strlen(s) <= 14 && file_name_safe(s);
}

static int class_ok(int32_t c)
{
    return c == 0 || (c >= 0x20 && c < 0x7f);
}

/* Check one constant's fields for its type. */
static int check_const(reader *r, uint32_t i, splev_const *c, uint32_t off,
                       uint32_t len)
{
    char what[32];
    snprintf(what, sizeof what, "constant %u", (unsigned)i);
    int has_str = off != LEV_NO_STRING;
    switch (c->type) {
    case SPLEV_V_INT:
        if (c->b || c->c || c->d || has_str)
            return bad(r, "%s: stray fields", what);
        return 1;
    case SPLEV_V_STR:
        if (c->a || c->b || c->c || c->d || !has_str)
            return bad(r, "%s: bad string constant", what);
        c->str = counted(r, off, len, 0, what);
        return c->str != NULL;
    case SPLEV_V_COORD:
        if (c->d || has_str || (c->c & ~(CF_RANDOM | 31)))
            return bad(r, "%s: bad coordinate", what);
        if (c->c & CF_RANDOM ? (c->a || c->b)
                             : (c->a < 0 || c->a >= SPLEV_COLNO || c->b < 0 ||
                                c->b >= SPLEV_ROWNO))
            return bad(r, "%s: coordinate out of range", what);
        return 1;
    case SPLEV_V_REGION:
        if (has_str || c->a < 0 || c->c >= SPLEV_COLNO || c->a > c->c ||
            c->b < 0 || c->d >= SPLEV_ROWNO || c->b > c->d)
            return bad(r, "%s: region out of range", what);
        return 1;
    case SPLEV_V_MAPCHAR:
        if (c->c || c->d || has_str || c->a < 0 || c->a >= SPLEV_VT_END ||
            c->b < -2 || c->b > 1)
            return bad(r, "%s: bad map character", what);
        return 1;
    case SPLEV_V_MONST:
    case SPLEV_V_OBJ:
        if (c->b || c->c || c->d || !class_ok(c->a))
            return bad(r, "%s: bad class", what);
        if (has_str) {
            c->str = counted(r, off, len, 0, what);
            return c->str != NULL;
        }
        return 1;
    case SPLEV_V_MAP:
        if (c->c || c->d || !has_str || c->a < 1 || c->a > SPLEV_COLNO - 1 ||
            c->b < 1 || c->b > SPLEV_ROWNO || len != (uint32_t)(c->a * c->b))
            return bad(r, "%s: bad map size", what);
        c->str = counted(r, off, len, 1, what);
        if (!c->str)
            return 0;
        for (uint32_t k = 0; k < len; k++)
            if ((unsigned char)c->str[k] >= SPLEV_VT_END)
                return bad(r, "%s: bad terrain in map", what);
        return 1;
    default:
        return bad(r, "%s: unknown type %d", what, c->type);
    }
}

/* Which fields an instruction may use beyond its table entry. */
static int a_limit(int op)
{
    switch (op) {
    case OP_MAP: return 2;
    case OP_OBJECT: return 3;
    case OP_ROOM: case OP_REGION: case OP_STAIR: case OP_GRAVE:
    case OP_MONSTER: return 1;
    default: return 0;
    }
}

static int check_insn(reader *r, const splev_levscript *s, const splev_func *f,
                      uint32_t pc)
{
    const splev_insn *in = &s->code[pc];
    if (in->op >= OP_COUNT_)
        return bad(r, "instruction %u: unknown opcode %u", (unsigned)pc, in->op);
    const splev_opinfo *oi = &splev_ops[in->op];
    if (in->a > a_limit(in->op))
        return bad(r, "instruction %u (%s): bad flag %u", (unsigned)pc,
                   oi->name, in->a);
    if (in->n && !oi->pops_per_n && !(in->op == OP_MAP && in->n == 1))
        return bad(r, "instruction %u (%s): stray count", (unsigned)pc, oi->name);
    int32_t arg = in->arg;
    switch (oi->arg) {
    case OPARG_NONE:
        if (arg)
            return bad(r, "instruction %u (%s): stray operand", (unsigned)pc,
                       oi->name);
        break;
    case OPARG_INT:
        if (in->op == OP_LEVEL_FLAGS && (uint32_t)arg >= (1u << SPLEV_F_COUNT))
            return bad(r, "instruction %u: unknown level flags", (unsigned)pc);
        if (in->op == OP_INIT_MAP && (arg < 0 || arg > 6))
            return bad(r, "instruction %u: unknown INIT_MAP style", (unsigned)pc);
        if (in->op == OP_FEATURE && arg != SPLEV_FOUNTAIN && arg != SPLEV_SINK &&
            arg != SPLEV_POOL)
            return bad(r, "instruction %u: bad feature", (unsigned)pc);
        break;
    case OPARG_CONST:
        if (in->op == OP_MAP && in->a == 0) {
            if (arg != -1)
                return bad(r, "instruction %u: NOMAP with a map", (unsigned)pc);
            break;
        }
        if (arg < 0 || (uint32_t)arg >= s->n_consts)
            return bad(r, "instruction %u: constant out of range", (unsigned)pc);
        if ((s->consts[arg].type == SPLEV_V_MAP) != (in->op == OP_MAP))
            return bad(r, "instruction %u: wrong constant type", (unsigned)pc);
        break;
    case OPARG_JUMP: {
        int64_t t = (int64_t)pc + arg;
        if (t < f->entry || t > f->end)
            return bad(r, "instruction %u: jump out of its function",
                       (unsigned)pc);
        break;
    }
    case OPARG_SLOT:
        if (arg < 0 || (uint32_t)arg >= f->nslots)
            return bad(r, "instruction %u: variable slot out of range",
                       (unsigned)pc);
        break;
    case OPARG_FUNC:
        if (arg < 1 || (uint32_t)arg >= s->n_funcs)
            return bad(r, "instruction %u: function out of range", (unsigned)pc);
        if (in->n != s->funcs[arg].nparams)
            return bad(r, "instruction %u: wrong argument count", (unsigned)pc);
        break;
    case OPARG_CORE:
        if (arg < 0 || arg >= CORE_COUNT_)
            return bad(r, "instruction %u: unknown core function", (unsigned)pc);
        if (in->n != splev_cores[arg].nargs)
            return bad(r, "instruction %u: wrong argument count", (unsigned)pc);
        break;
    }
    return 1;
}

/* The open inventory and containers on a path, as the compiler makes
 * them: at most one MONSTER inventory, below up to MAX_CONTAINER_NEST
 * containers, opened and closed within one function; a content OBJECT
 * exactly where one is open.  Encoded inventory * 16 + containers. */
_Static_assert(MAX_CONTAINER_NEST < 16, "the containers fit in 4 bits");

/* The state after instruction pc from state st, or -1 (rejected). */
static int nest_step(reader *r, const splev_insn *in, uint32_t pc, int st)
{
    int mon = st >> 4, boxes = st & 15;
    switch (in->op) {
    case OP_MONSTER:
        if (!in->a)
            return st;
        if (mon || boxes)
            return bad(r, "instruction %u (MONSTER): an inventory inside "
                       "another inventory or container", (unsigned)pc), -1;
        return 16;
    case OP_END_MONINVENT:
        if (!mon || boxes)
            return bad(r, "instruction %u (END_MONINVENT): no inventory "
                       "open", (unsigned)pc), -1;
        return 0;
    case OP_OBJECT:
        if ((in->a & 1) != (mon || boxes))
            return bad(r, "instruction %u (OBJECT): %s", (unsigned)pc,
                       in->a & 1 ? "content outside any inventory or "
                                   "container"
                                 : "not the content of the open container"),
                   -1;
        if (!(in->a & 2))
            return st;
        if (boxes >= MAX_CONTAINER_NEST)
            return bad(r, "instruction %u (OBJECT): more than %d nested "
                       "containers", (unsigned)pc, MAX_CONTAINER_NEST), -1;
        return st + 1;
    case OP_POP_CONTAINER:
        if (!boxes)
            return bad(r, "instruction %u (POP_CONTAINER): no container "
                       "open", (unsigned)pc), -1;
        return st - 1;
    case OP_RETURN:
        if (st)
            return bad(r, "instruction %u (RETURN): an inventory or "
                       "container is still open", (unsigned)pc), -1;
        return st;
    default:
        return st;
    }
}

/* For each ROOM of a function, the index after the ENDROOM that closes it
 * in the code's order (the interpreter passes over a room that could not
 * be placed that way, counting the ROOMs and ENDROOMs it meets): in
 * skip_to.  A ROOM whose ENDROOM is not in the function is rejected (the
 * pass would go on in the caller).  open: scratch, n entries. */
static int room_ends(reader *r, const splev_levscript *s, const splev_func *f,
                     uint32_t *skip_to, uint32_t *open)
{
    uint32_t n = f->end - f->entry, nopen = 0;
    for (uint32_t i = 0; i < n; i++) {
        int op = s->code[f->entry + i].op;
        if (op == OP_ROOM)
            open[nopen++] = i;
        else if (op == OP_ENDROOM && nopen > 0)
            skip_to[open[--nopen]] = i + 1;
    }
    if (nopen > 0)
        return bad(r, "instruction %u (ROOM): its ENDROOM is not in the "
                   "same function", (unsigned)(f->entry + open[0]));
    return 1;
}

/* Follow every path through a function, giving each instruction one stack
 * depth; reject underflow, overflow and paths that meet at different
 * depths. */
static int check_stack(reader *r, const splev_levscript *s, splev_func *f)
{
    uint32_t n = f->end - f->entry;
    if (n == 0)
        return 1;
    int32_t *depth = xmalloc(n * sizeof *depth);
    int8_t *nest = xmalloc(n);
    uint32_t *work = xmalloc(n * sizeof *work);
    uint32_t *skip_to = xmalloc(n * sizeof *skip_to);
    for (uint32_t i = 0; i < n; i++)
        depth[i] = -1;
    depth[0] = 0;
    nest[0] = 0;
    uint32_t max = 0;
    int ok = room_ends(r, s, f, skip_to, work);
    size_t top = 0;
    work[top++] = 0;
    while (top > 0 && ok) {
        uint32_t i = work[--top];
        const splev_insn *in = &s->code[f->entry + i];
        const splev_opinfo *oi = &splev_ops[in->op];
        int32_t need = oi->pops + oi->pops_per_n * in->n;
        if (depth[i] < need) {
            ok = bad(r, "instruction %u (%s): stack underflow",
                     (unsigned)(f->entry + i), oi->name);
            break;
        }
        int32_t d = depth[i] - need + oi->pushes;
        if (d > LEV_MAX_STACK) {
            ok = bad(r, "instruction %u: stack too deep", (unsigned)(f->entry + i));
            break;
        }
        if ((uint32_t)d > max)
            max = (uint32_t)d;
        int st = nest_step(r, in, f->entry + i, nest[i]);
        if (st < 0) {
            ok = 0;
            break;
        }
        uint32_t next[2];
        int nn = 0;
        if (in->op == OP_RETURN || in->op == OP_EXIT) {
            /* no successor */
        } else if (oi->arg == OPARG_JUMP) {
            next[nn++] = (uint32_t)((int64_t)i + in->arg);
            if (in->op != OP_JMP)
                next[nn++] = i + 1;
        } else if (in->op == OP_ROOM) {
            /* placed: its body; not placed: the interpreter passes over
             * everything up to its ENDROOM (skip[i] holds the index
             * after it), pushes and pops included */
            next[nn++] = i + 1;
            next[nn++] = skip_to[i];
        } else {
            next[nn++] = i + 1;
        }
        for (int k = 0; k < nn; k++) {
            if (next[k] >= n) {    /* falls off the end: returns */
                if (st) {
                    ok = bad(r, "instruction %u: an inventory or container "
                             "is still open at the end of the function",
                             (unsigned)(f->entry + i));
                    break;
                }
                continue;
            }
            if (depth[next[k]] < 0) {
                depth[next[k]] = d;
                nest[next[k]] = (int8_t)st;
                work[top++] = next[k];
            } else if (nest[next[k]] != st) {
                ok = bad(r, "instruction %u: other inventories or containers "
                         "open than by another path",
                         (unsigned)(f->entry + next[k]));
                break;
            } else if (depth[next[k]] != d) {
                ok = bad(r, "instruction %u: stack depth %d here, %d by another "
                         "path", (unsigned)(f->entry + next[k]),
                         (int)depth[next[k]], (int)d);
                break;
            }
        }
    }
    f->max_stack = max;
    free(depth);
    free(nest);
    free(work);
    free(skip_to);
    return ok;
}

static int read_sections(reader *r, splev_levscript *s, const unsigned char *p)
{
    s->files = xcalloc(s->n_files, sizeof *s->files);
    for (uint32_t i = 0; i < s->n_files; i++, p += LEV_ENTRY_SIZE[LEV_S_FILES])
        if (!(s->files[i] = cstring(r, rd_u32(p), "file name")))
            return 0;
    s->funcs = xcalloc(s->n_funcs, sizeof *s->funcs);
    for (uint32_t i = 0; i < s->n_funcs; i++, p += LEV_ENTRY_SIZE[LEV_S_FUNCS]) {
        splev_func *f = &s->funcs[i];
        if (!(f->name = cstring(r, rd_u32(p), "function name")))
            return 0;
        f->entry = rd_u32(p + 4);
        f->end = rd_u32(p + 8);
        f->nparams = (uint16_t)rd_u16(p + 12);
        f->nslots = (uint16_t)rd_u16(p + 14);
        f->first_varname = rd_u32(p + 16);
    }
    s->consts = xcalloc(s->n_consts, sizeof *s->consts);
    for (uint32_t i = 0; i < s->n_consts; i++, p += LEV_ENTRY_SIZE[LEV_S_CONSTS]) {
        splev_const *c = &s->consts[i];
        c->type = (int)rd_u8(p);
        if (p[1] || rd_u16(p + 2))
            return bad(r, "constant %u: reserved bytes", (unsigned)i);
        c->a = (int32_t)rd_u32(p + 4);
        c->b = (int32_t)rd_u32(p + 8);
        c->c = (int32_t)rd_u32(p + 12);
        c->d = (int32_t)rd_u32(p + 16);
        c->len = rd_u32(p + 24);
        if (!check_const(r, i, c, rd_u32(p + 20), c->len))
            return 0;
    }
    s->code = xcalloc(s->n_insns, sizeof *s->code);
    for (uint32_t i = 0; i < s->n_insns; i++, p += LEV_ENTRY_SIZE[LEV_S_INSNS]) {
        s->code[i].op = p[0];
        s->code[i].a = p[1];
        s->code[i].n = (uint16_t)rd_u16(p + 2);
        s->code[i].arg = (int32_t)rd_u32(p + 4);
    }
    s->lines = xcalloc(s->n_lines, sizeof *s->lines);
    for (uint32_t i = 0; i < s->n_lines; i++, p += LEV_ENTRY_SIZE[LEV_S_LINES]) {
        s->lines[i].pc = rd_u32(p);
        s->lines[i].file = rd_u32(p + 4);
        s->lines[i].line = rd_u32(p + 8);
    }
    s->varnames = xcalloc(s->n_varnames, sizeof *s->varnames);
    for (uint32_t i = 0; i < s->n_varnames; i++, p += LEV_ENTRY_SIZE[LEV_S_VARNAMES])
        if (!(s->varnames[i] = cstring(r, rd_u32(p), "variable name")))
            return 0;
    return 1;
}

static int check_structure(reader *r, splev_levscript *s)
{
    if (s->n_files == 0 || s->n_funcs == 0)
        return bad(r, "no main function");
    uint32_t at = 0;
    for (uint32_t i = 0; i < s->n_funcs; i++) {
        splev_func *f = &s->funcs[i];
        if (f->entry != at || f->end < f->entry || f->end > s->n_insns)
            return bad(r, "function %u: code range", (unsigned)i);
        if (f->nparams > f->nslots || (i == 0 && f->nparams))
            return bad(r, "function %u: parameters", (unsigned)i);
        if ((uint64_t)f->first_varname + f->nslots > s->n_varnames)
            return bad(r, "function %u: variable names", (unsigned)i);
        at = f->end;
    }
    if (at != s->n_insns)
        return bad(r, "code outside every function");
    for (uint32_t i = 0; i < s->n_funcs; i++) {
        splev_func *f = &s->funcs[i];
        for (uint32_t pc = f->entry; pc < f->end; pc++)
            if (!check_insn(r, s, f, pc))
                return 0;
        if (!check_stack(r, s, f))
            return 0;
    }
    for (uint32_t i = 0; i < s->n_lines; i++) {
        const splev_line *l = &s->lines[i];
        if (l->pc >= s->n_insns || l->file >= s->n_files ||
            (i > 0 && l->pc <= s->lines[i - 1].pc))
            return bad(r, "line table entry %u", (unsigned)i);
    }
    return 1;
}

static splev_levscript *lev_decode_unguarded(const unsigned char *buf,
                                             size_t len, char *err,
                                             size_t errlen)
{
    reader r = {buf, len, NULL, 0, err, errlen, 0};
    if (len < LEV_HEADER_SIZE) {
        bad(&r, "truncated header");
        return NULL;
    }
    if (memcmp(buf, lev_magic, sizeof lev_magic) != 0) {
        bad(&r, "not a level script (bad magic)");
        return NULL;
    }
    if (rd_u16(buf + LEV_H_VERSION) != LEV_FORMAT_VERSION) {
        bad(&r, "unsupported format version %u", rd_u16(buf + LEV_H_VERSION));
        return NULL;
    }
    uint32_t total = rd_u32(buf + LEV_H_TOTAL);
    if (rd_u16(buf + LEV_H_HSIZE) != LEV_HEADER_SIZE || total != len) {
        bad(&r, total > len ? "truncated file" : "bad file size");
        return NULL;
    }
    if (crc32_bytes(buf + LEV_H_CRC + 4, len - (LEV_H_CRC + 4)) !=
        rd_u32(buf + LEV_H_CRC)) {
        bad(&r, "checksum mismatch");
        return NULL;
    }
    splev_levscript *s = xcalloc(1, sizeof *s);
    s->dialect = (int)buf[LEV_H_DIALECT];
    s->variant = (int)buf[LEV_H_VARIANT];
    s->flags = rd_u32(buf + LEV_H_FLAGS);
    s->vault_freq = rd_u32(buf + LEV_H_VAULT_FREQ);
    uint32_t counts[LEV_S_COUNT_];
    for (int i = 0; i < LEV_S_COUNT_; i++)
        counts[i] = rd_u32(buf + LEV_H_COUNTS + 4 * i);
    s->n_files = counts[LEV_S_FILES];
    s->n_funcs = counts[LEV_S_FUNCS];
    s->n_consts = counts[LEV_S_CONSTS];
    s->n_insns = counts[LEV_S_INSNS];
    s->n_lines = counts[LEV_S_LINES];
    s->n_varnames = counts[LEV_S_VARNAMES];
    uint32_t strsize = rd_u32(buf + LEV_H_STRSIZE);
    uint64_t need = LEV_HEADER_SIZE;
    for (int i = 0; i < LEV_S_COUNT_; i++) {
        if (counts[i] > LEV_MAX_COUNT) {
            bad(&r, "count out of range");
            goto fail;
        }
        need += (uint64_t)counts[i] * LEV_ENTRY_SIZE[i];
    }
    need += strsize;
    if (need != len || strsize == 0 || buf[len - 1] != 0) {
        bad(&r, "section sizes do not add up");
        goto fail;
    }
    if (rd_u16(buf + LEV_H_VARIANT + 1) ||
        s->dialect > SPLEV_DIALECT_NETHACK343 ||
        s->variant >= SPLEV_VARIANT_COUNT ||
        s->flags >= (1u << SPLEV_F_COUNT)) {
        bad(&r, "bad header fields");
        goto fail;
    }
    r.strtab = (const char *)buf + len - strsize;
    r.strtab_len = strsize;
    if (!read_sections(&r, s, buf + LEV_HEADER_SIZE))
        goto fail;
    const char *name = cstring(&r, rd_u32(buf + LEV_H_NAME), "level name");
    if (!name)
        goto fail;
    if (!safe_level_name(name)) {
        bad(&r, "bad level name");
        goto fail;
    }
    if (!check_structure(&r, s))
        goto fail;
    /* Own a copy of the string table and point every string into it. */
    s->strings = xmalloc(strsize);
    memcpy(s->strings, r.strtab, strsize);
    s->strings_len = strsize;
    ptrdiff_t shift = s->strings - r.strtab;
#define REBASE(p) ((p) = (p) ? (p) + shift : NULL)
    REBASE(name);
    s->name = name;
    for (uint32_t i = 0; i < s->n_files; i++)
        REBASE(s->files[i]);
    for (uint32_t i = 0; i < s->n_funcs; i++)
        REBASE(s->funcs[i].name);
    for (uint32_t i = 0; i < s->n_consts; i++)
        REBASE(s->consts[i].str);
    for (uint32_t i = 0; i < s->n_varnames; i++)
        REBASE(s->varnames[i]);
#undef REBASE
    return s;
fail:
    splev_lev_free(s);
    return NULL;
}

/* The entry point: out of memory gives "out of memory" in err. */
splev_levscript *splev_lev_decode(const unsigned char *buf, size_t len,
                                  char *err, size_t errlen)
{
    OOM_ENTRY(splev_levscript *, oom_report(err, errlen),
              lev_decode_unguarded(buf, len, err, errlen));
}

static splev_levscript *lev_load_file_unguarded(const char *path, char *err,
                                                size_t errlen)
{
    char why[200];
    size_t len = 0;
    char *buf = read_whole_file(path, 256u << 20, &len, why, sizeof why);
    if (!buf) {
        snprintf(err, errlen, "%s: %s", path, why);
        return NULL;
    }
    splev_levscript *s = splev_lev_decode((const unsigned char *)buf, len, why,
                                          sizeof why);
    if (!s)
        snprintf(err, errlen, "%s: bad level script (%s)", path, why);
    free(buf);
    return s;
}

/* The entry point: out of memory gives "out of memory" in err. */
splev_levscript *splev_lev_load_file(const char *path, char *err,
                                     size_t errlen)
{
    OOM_ENTRY(splev_levscript *, oom_report(err, errlen),
              lev_load_file_unguarded(path, err, errlen));
}

void splev_lev_free(splev_levscript *s)
{
    if (!s)
        return;
    free(s->files);
    free(s->funcs);
    free(s->consts);
    free(s->code);
    free(s->lines);
    free(s->varnames);
    free(s->strings);
    free(s);
}

const char *splev_lev_source(const splev_levscript *s, uint32_t pc,
                             uint32_t *line)
{
    /* Binary search for the last entry at or before pc. */
    uint32_t lo = 0, hi = s->n_lines;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->lines[mid].pc <= pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0) {
        *line = 0;
        return s->n_files ? s->files[0] : "";
    }
    *line = s->lines[lo - 1].line;
    return s->files[s->lines[lo - 1].file];
}
