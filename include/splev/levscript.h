/* splev/levscript.h - compiled level scripts (what lev_comp writes).
 *
 * A level script is plain data: functions of stack-machine code over a
 * pool of typed constants (doc/formats.md, "Level script").  lev_comp
 * builds one and splev_lev_encode() writes it; splev_lev_decode() verifies
 * a file completely (including every jump target and the stack depth at
 * every instruction) before anything runs it. */
#ifndef SPLEV_LEVSCRIPT_H
#define SPLEV_LEVSCRIPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "splev/api.h"

SPLEV_BEGIN_DECLS

/* Value types, for constants and at run time. */
enum {
    SPLEV_V_NULL, SPLEV_V_INT, SPLEV_V_STR, SPLEV_V_COORD, SPLEV_V_REGION,
    SPLEV_V_MAPCHAR, SPLEV_V_MONST, SPLEV_V_OBJ, SPLEV_V_SEL, SPLEV_V_MAP,
    SPLEV_V_COUNT
};

/* A constant.  Per type:
 *   INT      a = value
 *   STR      str/len = the text (UTF-8, no NUL)
 *   COORD    a = x, b = y, c = flags (CF_RANDOM and humidity bits)
 *   REGION   a, b, c, d = x1, y1, x2, y2
 *   MAPCHAR  a = terrain (SPLEV_TRANSPARENT for 'x'), b = lit (-2 default,
 *            -1 random, 0 unlit, 1 lit)
 *   MONST    a = class character or 0, str = species name or NULL
 *   OBJ      a = class character or 0, str = object name or NULL
 *   MAP      a = width, b = height, str/len = width*height terrain bytes,
 *            row by row */
typedef struct splev_const {
    int type;
    int32_t a, b, c, d;
    const char *str;
    uint32_t len;
} splev_const;

typedef struct splev_insn {
    uint8_t op;             /* OP_* of src/levcode/opcodes.h */
    uint8_t a;              /* small flag */
    uint16_t n;             /* count */
    int32_t arg;            /* operand */
} splev_insn;

/* Function 0 is the level's main code; the others are FUNCTIONs.  Each
 * owns code[entry .. end-1]; reaching end returns (or ends the script). */
typedef struct splev_func {
    const char *name;
    uint32_t entry, end;
    uint16_t nparams;       /* parameters are slots 0..nparams-1 */
    uint16_t nslots;        /* variables of one call */
    uint32_t first_varname; /* names of its slots: varnames[first ..] */
    uint32_t max_stack;     /* found by the verifier */
} splev_func;

/* Source line of code[pc] for every pc from this entry to the next. */
typedef struct splev_line {
    uint32_t pc;
    uint32_t file;          /* index in files */
    uint32_t line;
} splev_line;

enum { SPLEV_DIALECT_UNNETHACK = 0, SPLEV_DIALECT_NETHACK36 = 1,
       SPLEV_DIALECT_NETHACK343 = 2 };

typedef struct splev_levscript {
    const char *name;       /* level name */
    int dialect;            /* SPLEV_DIALECT_* */
    int variant;            /* SPLEV_VARIANT_* compiled for (0: none);
                             * the profile's engine rules apply */
    uint32_t flags;         /* SPLEV_F_* of FLAGS (also set by the code) */
    uint32_t vault_freq;    /* VAULTGEN frequency, 0 when not a vault */
    uint32_t n_files, n_funcs, n_consts, n_insns, n_lines, n_varnames;
    const char **files;     /* source files, [0] the main one */
    splev_func *funcs;
    splev_const *consts;
    splev_insn *code;
    splev_line *lines;
    const char **varnames;
    char *strings;          /* owns every string above */
    size_t strings_len;
} splev_levscript;

/* Encode in the binary format; malloc'd, same bytes on every platform. */
SPLEV_API
unsigned char *splev_lev_encode(const splev_levscript *s, size_t *len);

/* Verify and decode; NULL with a reason in err when the bytes are not a
 * valid level script. */
SPLEV_API
splev_levscript *splev_lev_decode(const unsigned char *buf, size_t len,
                                  char *err, size_t errlen);

/* Read, verify and decode a file; on failure err holds
 * "FILE: bad level script (reason)" or "FILE: cannot open: ...". */
SPLEV_API
splev_levscript *splev_lev_load_file(const char *path, char *err,
                                     size_t errlen);

SPLEV_API
void splev_lev_free(splev_levscript *s);

/* The source position of code[pc]: file name and line (0 if unknown). */
SPLEV_API
const char *splev_lev_source(const splev_levscript *s, uint32_t pc,
                             uint32_t *line);

/* Print a readable listing: one instruction a line with its operand,
 * constants shown as values, jump targets as indices, and source lines. */
SPLEV_API
void splev_lev_disasm(FILE *f, const splev_levscript *s);

SPLEV_END_DECLS

#endif
