/* interp_asm.h - a tiny assembler for the interpreter tests: instructions
 * and constants appended to arrays, built into a splev_levscript, then
 * encoded and decoded so the verifier checks every test program. */
#ifndef INTERP_ASM_H
#define INTERP_ASM_H

#include "levcode/opcodes.h"
#include "splev/interp.h"
#include "splev/level.h"
#include "splev/levscript.h"

#include <stdlib.h>
#include <string.h>

#define ASM_MAX 1024

typedef struct tasm {
    splev_insn code[ASM_MAX];
    int n;
    splev_const consts[ASM_MAX];
    int nc;
    splev_line lines[ASM_MAX];
    int nl;
    int line;
    splev_func funcs[8];
    int nf;
    char maps[16][1700];
    int nmaps;
} tasm;

static const char *asm_varnames[] = {
    "$a", "$b", "$c", "$d", "$e", "$f", "$g", "$h", "$i", "$j", "$k", "$l",
    "$a", "$b", "$c", "$d", "$e", "$f", "$g", "$h", "$i", "$j", "$k", "$l",
    "$a", "$b", "$c", "$d", "$e", "$f", "$g", "$h", "$i", "$j", "$k", "$l",
    "$a", "$b", "$c", "$d", "$e", "$f", "$g", "$h", "$i", "$j", "$k", "$l"};

static inline void asm_init(tasm *a)
{
    memset(a, 0, sizeof *a);
    a->line = 1;
    a->nf = 1;
    a->funcs[0].name = "";
    a->funcs[0].nslots = 12;
    a->funcs[0].first_varname = 0;
}

/* Start the next function at the current instruction. */
static inline void asm_func(tasm *a, const char *name, int nparams)
{
    a->funcs[a->nf - 1].end = (uint32_t)a->n;
    splev_func *f = &a->funcs[a->nf];
    f->name = name;
    f->entry = (uint32_t)a->n;
    f->nparams = (uint16_t)nparams;
    f->nslots = 12;
    f->first_varname = (uint32_t)(12 * a->nf);
    a->nf++;
}

static inline int asm_emit(tasm *a, int op, int flag, int n, int32_t arg)
{
    if (a->nl == 0 || (int)a->lines[a->nl - 1].line != a->line) {
        a->lines[a->nl].pc = (uint32_t)a->n;
        a->lines[a->nl].file = 0;
        a->lines[a->nl].line = (uint32_t)a->line;
        a->nl++;
    }
    a->code[a->n] = (splev_insn){(uint8_t)op, (uint8_t)flag, (uint16_t)n, arg};
    return a->n++;
}

#define E0(a, op) asm_emit(a, OP_##op, 0, 0, 0)
#define EI(a, i) asm_emit(a, OP_PUSH_INT, 0, 0, i)

static inline int asm_const(tasm *a, int type, int32_t x, int32_t y, int32_t z,
                     int32_t w, const char *s)
{
    splev_const *c = &a->consts[a->nc];
    memset(c, 0, sizeof *c);
    c->type = type;
    c->a = x;
    c->b = y;
    c->c = z;
    c->d = w;
    c->str = s;
    c->len = s ? (uint32_t)strlen(s) : 0;
    return a->nc++;
}

static inline void push_const(tasm *a, int type, int32_t x, int32_t y, int32_t z,
                       int32_t w, const char *s)
{
    asm_emit(a, OP_PUSH_CONST, 0, 0, asm_const(a, type, x, y, z, w, s));
}

#define PCOORD(a, x, y) push_const(a, SPLEV_V_COORD, x, y, 0, 0, NULL)
#define PRAND(a, f) push_const(a, SPLEV_V_COORD, 0, 0, CF_RANDOM | (f), 0, NULL)
#define PREG(a, x1, y1, x2, y2) push_const(a, SPLEV_V_REGION, x1, y1, x2, y2, NULL)
#define PSTR(a, s) push_const(a, SPLEV_V_STR, 0, 0, 0, 0, s)
#define PMON(a, c, s) push_const(a, SPLEV_V_MONST, c, 0, 0, 0, s)
#define POBJ(a, c, s) push_const(a, SPLEV_V_OBJ, c, 0, 0, 0, s)

static inline void push_mapchar(tasm *a, int ch, int lit)
{
    int t = ch == 'x' ? SPLEV_TRANSPARENT : splev_terrain_from_mapchar(ch);
    push_const(a, SPLEV_V_MAPCHAR, t, lit, 0, 0, NULL);
}

/* A MAP constant from rows of map characters ('\n' separated). */
static inline int asm_map(tasm *a, const char *rows)
{
    char *cells = a->maps[a->nmaps++];
    int w = 0, h = 0, col = 0;
    for (const char *p = rows;; p++) {
        if (*p == '\n' || !*p) {
            if (col > w) w = col;
            h++;
            col = 0;
            if (!*p || !p[1])
                break;
        } else {
            col++;
        }
    }
    int y = 0, x = 0;
    memset(cells, 0, (size_t)(w * h + 1));
    for (const char *p = rows; *p && y < h; p++) {
        if (*p == '\n') {
            y++;
            x = 0;
            continue;
        }
        cells[y * w + x++] = (char)(*p == 'x' ? SPLEV_TRANSPARENT
                                              : splev_terrain_from_mapchar(*p));
    }
    int i = asm_const(a, SPLEV_V_MAP, w, h, 0, 0, NULL);
    a->consts[i].str = cells;
    a->consts[i].len = (uint32_t)(w * h);
    return i;
}

/* The program in a as a script (pointing into a), functions closed. */
static inline void asm_script(tasm *a, splev_levscript *s, const char *name)
{
    static const char *files[] = {"t.des"};
    a->funcs[a->nf - 1].end = (uint32_t)a->n;
    memset(s, 0, sizeof *s);
    s->name = name;
    s->n_files = 1;
    s->files = files;
    s->n_funcs = (uint32_t)a->nf;
    s->funcs = a->funcs;
    s->n_consts = (uint32_t)a->nc;
    s->consts = a->consts;
    s->n_insns = (uint32_t)a->n;
    s->code = a->code;
    s->n_lines = (uint32_t)a->nl;
    s->lines = a->lines;
    s->n_varnames = (uint32_t)(12 * a->nf);
    s->varnames = asm_varnames;
}

/* Encode and decode the program (the verifier runs): the decoded script,
 * or NULL with the verifier's reason in err. */
static inline splev_levscript *asm_verify(tasm *a, const char *name,
                                          char *err, size_t errlen)
{
    splev_levscript s;
    asm_script(a, &s, name);
    size_t len;
    unsigned char *buf = splev_lev_encode(&s, &len);
    splev_levscript *d = splev_lev_decode(buf, len, err, errlen);
    free(buf);
    return d;
}

/* Build, encode and decode (the verifier runs); NULL on a verify error. */
static inline splev_levscript *asm_build(tasm *a, const char *name)
{
    char err[200];
    splev_levscript *d = asm_verify(a, name, err, sizeof err);
    if (!d)
        printf("# verify: %s\n", err);
    return d;
}

#endif
