/* json5.h - a small strict JSON reader that also takes what Asciifarm's
 * reader tolerates: // and block comments, trailing commas.  Every value
 * remembers where it starts, so errors can cite file:line:col. */
#ifndef SPLEV_IMPORT_JSON5_H
#define SPLEV_IMPORT_JSON5_H

#include <stddef.h>

#include "common/common.h"

typedef enum { JV_NULL, JV_BOOL, JV_INT, JV_DEC, JV_STR, JV_ARR, JV_OBJ } jv_kind;

typedef struct jv jv;
struct jv {
    jv_kind kind;
    size_t off;             /* byte offset of the value's first character */
    int b;                  /* JV_BOOL */
    long long i;            /* JV_INT */
    double d;               /* JV_DEC (and JV_INT) */
    char *s;                /* JV_STR: decoded UTF-8, NUL-terminated */
    size_t slen;
    jv **items;             /* JV_ARR, JV_OBJ values */
    char **keys;            /* JV_OBJ keys */
    size_t *key_off;        /* JV_OBJ key offsets */
    size_t n, cap;
};

/* Parse a whole document; NULL after reporting an error through d. */
jv *json5_parse(const char *src, size_t len, diag *d);
void jv_free(jv *v);
/* A member of an object (the last one when a key repeats), or NULL. */
const jv *jv_get(const jv *obj, const char *key);
/* The key offset of that member, for messages. */
size_t jv_key_off(const jv *obj, const char *key);
/* Line and column (1-based, bytes) of a byte offset. */
srcpos json5_pos(const char *src, size_t len, size_t off);
/* Byte offset in the source of code point `index` of a string value. */
size_t json5_char_off(const char *src, size_t len, const jv *str,
                      size_t index);
/* Decode one UTF-8 code point at s[*i] (advancing *i); -1 when invalid. */
long utf8_next(const char *s, size_t len, size_t *i);
/* Number of code points of a valid UTF-8 string. */
size_t utf8_count(const char *s, size_t len);

#endif
