/* format.h - the layout of a level script file (doc/formats.md, "Level
 * script"), one description for the encoder and the verifying loader.
 * Every field is little endian.
 *
 *   header (LEV_HEADER_SIZE bytes, at the offsets below)
 *   sections, in the order of enum lev_section, LEV_ENTRY_SIZE[s] bytes
 *   an entry, as many as the header's count for that section
 *   the string table (LEV_H_STRSIZE bytes; "" at offset 0, each string
 *   NUL-terminated; an absent string is offset LEV_NO_STRING) */
#ifndef SPLEV_LEVCODE_FORMAT_H
#define SPLEV_LEVCODE_FORMAT_H

#include <stdint.h>

#define LEV_FORMAT_VERSION 1
#define LEV_HEADER_SIZE 64
#define LEV_NO_STRING 0xFFFFFFFFu
#define LEV_MAX_COUNT (1u << 24)     /* entries of one section, at most */

static const unsigned char lev_magic[8] = {0x89, 'S', 'P', 'L',
                                           'E',  'V', '\r', '\n'};

/* Header fields: byte offsets. */
enum {
    LEV_H_MAGIC = 0,        /* 8 bytes */
    LEV_H_VERSION = 8,      /* u16 LEV_FORMAT_VERSION */
    LEV_H_HSIZE = 10,       /* u16 LEV_HEADER_SIZE */
    LEV_H_TOTAL = 12,       /* u32 the file's size */
    LEV_H_CRC = 16,         /* u32 CRC-32 of every byte after it */
    LEV_H_DIALECT = 20,     /* u8 SPLEV_DIALECT_* */
    LEV_H_VARIANT = 21,     /* u8 SPLEV_VARIANT_*, then u16 0 */
    LEV_H_NAME = 24,        /* u32 string: the level's name */
    LEV_H_FLAGS = 28,       /* u32 SPLEV_F_* bits */
    LEV_H_VAULT_FREQ = 32,  /* u32 */
    LEV_H_COUNTS = 36,      /* u32 entries of each section, in order */
    LEV_H_STRSIZE = 60,     /* u32 bytes of the string table */
};

/* The sections, in file order. */
enum lev_section {
    LEV_S_FILES,      /* u32 string */
    LEV_S_FUNCS,      /* u32 name, u32 entry, u32 end, u16 nparams,
                       * u16 nslots, u32 first_varname */
    LEV_S_CONSTS,     /* u8 type, u8 0, u16 0, i32 a b c d, u32 string,
                       * u32 length */
    LEV_S_INSNS,      /* u8 op, u8 a, u16 n, i32 arg */
    LEV_S_LINES,      /* u32 pc, u32 file, u32 line */
    LEV_S_VARNAMES,   /* u32 string */
    LEV_S_COUNT_
};

static const unsigned LEV_ENTRY_SIZE[LEV_S_COUNT_] = {4, 20, 28, 8, 12, 4};

#endif
