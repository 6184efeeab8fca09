/* json5.c - recursive-descent JSON reader with comments and trailing
 * commas; positions on every value; bounded depth; no crash on any input. */
#include "import/json5.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 200

typedef struct reader {
    const char *s;
    size_t len, pos;
    diag *d;
    int failed;
} reader;

srcpos json5_pos(const char *src, size_t len, size_t off)
{
    srcpos p = {1, 1, 1, 1};
    for (size_t i = 0; i < off && i < len; i++) {
        if (src[i] == '\n') {
            p.line++;
            p.col = 1;
        } else {
            p.col++;
        }
    }
    p.end_line = p.line;
    p.end_col = p.col;
    return p;
}

static void fail_at(reader *r, size_t off, const char *msg)
{
    if (r->failed)
        return;
    r->failed = 1;
    diag_error(r->d, json5_pos(r->s, r->len, off), "%s", msg);
}

long utf8_next(const char *s, size_t len, size_t *i)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t p = *i;
    unsigned c = u[p];
    int extra = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1
              : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : -1;
    if (extra < 0 || p + (size_t)extra >= len + (extra ? 0 : 1))
        return -1;
    long cp = extra ? (long)(c & (0x3f >> extra)) : (long)c;
    for (int k = 1; k <= extra; k++) {
        if (p + k >= len || (u[p + k] & 0xc0) != 0x80)
            return -1;
        cp = cp << 6 | (u[p + k] & 0x3f);
    }
    if ((extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000) ||
        cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000))
        return -1;
    *i = p + 1 + (size_t)extra;
    return cp;
}

size_t utf8_count(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; n++)
        if (utf8_next(s, len, &i) < 0)
            i++;
    return n;
}

/* Skip blanks and comments; an unterminated block comment is an error. */
static void skip_space(reader *r)
{
    while (r->pos < r->len) {
        char c = r->s[r->pos];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            r->pos++;
        } else if (c == '/' && r->pos + 1 < r->len && r->s[r->pos + 1] == '/') {
            while (r->pos < r->len && r->s[r->pos] != '\n')
                r->pos++;
        } else if (c == '/' && r->pos + 1 < r->len && r->s[r->pos + 1] == '*') {
            size_t start = r->pos;
            r->pos += 2;
            while (r->pos + 1 < r->len &&
                   !(r->s[r->pos] == '*' && r->s[r->pos + 1] == '/'))
                r->pos++;
            if (r->pos + 1 >= r->len) {
                fail_at(r, start, "unterminated comment");
                r->pos = r->len;
                return;
            }
            r->pos += 2;
        } else {
            return;
        }
    }
}

static jv *new_value(jv_kind k, size_t off)
{
    jv *v = xcalloc(1, sizeof *v);
    v->kind = k;
    v->off = off;
    return v;
}

static void put_utf8(bytebuf *b, long cp)
{
    if (cp < 0x80) {
        bb_u8(b, (unsigned)cp);
    } else if (cp < 0x800) {
        bb_u8(b, 0xc0 | (unsigned)(cp >> 6));
        bb_u8(b, 0x80 | (unsigned)(cp & 0x3f));
    } else if (cp < 0x10000) {
        bb_u8(b, 0xe0 | (unsigned)(cp >> 12));
        bb_u8(b, 0x80 | (unsigned)((cp >> 6) & 0x3f));
        bb_u8(b, 0x80 | (unsigned)(cp & 0x3f));
    } else {
        bb_u8(b, 0xf0 | (unsigned)(cp >> 18));
        bb_u8(b, 0x80 | (unsigned)((cp >> 12) & 0x3f));
        bb_u8(b, 0x80 | (unsigned)((cp >> 6) & 0x3f));
        bb_u8(b, 0x80 | (unsigned)(cp & 0x3f));
    }
}

static long read_hex4(reader *r)
{
    if (r->pos + 4 > r->len)
        return -1;
    long v = 0;
    for (int k = 0; k < 4; k++) {
        char c = r->s[r->pos + k];
        int h = c >= '0' && c <= '9' ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    r->pos += 4;
    return v;
}

/* One escape after the backslash; surrogate pairs join. */
static long read_escape(reader *r)
{
    if (r->pos >= r->len)
        return -1;
    char c = r->s[r->pos++];
    switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case '/': return '/';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'u': break;
    default: return -1;
    }
    long cp = read_hex4(r);
    if (cp >= 0xd800 && cp < 0xdc00) {
        if (r->pos + 1 >= r->len || r->s[r->pos] != '\\' ||
            r->s[r->pos + 1] != 'u')
            return -1;
        r->pos += 2;
        long lo = read_hex4(r);
        if (lo < 0xdc00 || lo >= 0xe000)
            return -1;
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
    } else if (cp >= 0xdc00 && cp < 0xe000) {
        return -1;
    }
    return cp;
}

static char *read_string(reader *r, size_t *outlen)
{
    bytebuf b;
    bb_init(&b);
    size_t start = r->pos++;
    for (;;) {
        if (r->pos >= r->len) {
            fail_at(r, start, "unterminated string");
            break;
        }
        unsigned char c = (unsigned char)r->s[r->pos];
        if (c == '"') {
            r->pos++;
            bb_u8(&b, 0);
            *outlen = b.len - 1;
            return (char *)b.data;
        }
        if (c < 0x20) {
            fail_at(r, r->pos, "control character in string");
            break;
        }
        if (c == '\\') {
            size_t at = r->pos++;
            long cp = read_escape(r);
            if (cp < 0) {
                fail_at(r, at, "invalid escape in string");
                break;
            }
            put_utf8(&b, cp);
            continue;
        }
        size_t at = r->pos;
        if (utf8_next(r->s, r->len, &r->pos) < 0) {
            fail_at(r, at, "invalid UTF-8 in string");
            break;
        }
        bb_put(&b, r->s + at, r->pos - at);
    }
    bb_free(&b);
    return NULL;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static jv *read_number(reader *r)
{
    size_t start = r->pos, p = r->pos;
    int decimal = 0;
    if (p < r->len && r->s[p] == '-')
        p++;
    if (p >= r->len || !is_digit(r->s[p])) {
        fail_at(r, start, "invalid number");
        return NULL;
    }
    if (r->s[p] == '0' && p + 1 < r->len && is_digit(r->s[p + 1])) {
        fail_at(r, start, "leading zero in number");
        return NULL;
    }
    while (p < r->len && is_digit(r->s[p]))
        p++;
    if (p < r->len && r->s[p] == '.') {
        decimal = 1;
        if (++p >= r->len || !is_digit(r->s[p])) {
            fail_at(r, start, "invalid number");
            return NULL;
        }
        while (p < r->len && is_digit(r->s[p]))
            p++;
    }
    if (p < r->len && (r->s[p] == 'e' || r->s[p] == 'E')) {
        decimal = 1;
        p++;
        if (p < r->len && (r->s[p] == '+' || r->s[p] == '-'))
            p++;
        if (p >= r->len || !is_digit(r->s[p])) {
            fail_at(r, start, "invalid number");
            return NULL;
        }
        while (p < r->len && is_digit(r->s[p]))
            p++;
    }
    char *text = xstrndup(r->s + start, p - start);
    jv *v = new_value(decimal ? JV_DEC : JV_INT, start);
    v->d = strtod(text, NULL);
    if (!decimal) {
        if (p - start > 18) {
            fail_at(r, start, "integer out of range");
            free(text);
            free(v);
            return NULL;
        }
        v->i = strtoll(text, NULL, 10);
    }
    free(text);
    r->pos = p;
    return v;
}

static jv *read_value(reader *r, int depth);

static void add_item(jv *v, jv *item, char *key, size_t key_off)
{
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 4;
        v->items = xrealloc(v->items, v->cap * sizeof *v->items);
        if (v->kind == JV_OBJ) {
            v->keys = xrealloc(v->keys, v->cap * sizeof *v->keys);
            v->key_off = xrealloc(v->key_off, v->cap * sizeof *v->key_off);
        }
    }
    v->items[v->n] = item;
    if (v->kind == JV_OBJ) {
        v->keys[v->n] = key;
        v->key_off[v->n] = key_off;
    }
    v->n++;
}

/* Arrays and objects: items separated by commas, a trailing comma allowed. */
static jv *read_container(reader *r, int depth, int is_obj)
{
    jv *v = new_value(is_obj ? JV_OBJ : JV_ARR, r->pos++);
    char close = is_obj ? '}' : ']';
    for (;;) {
        skip_space(r);
        if (r->failed)
            break;
        if (r->pos < r->len && r->s[r->pos] == close) {
            r->pos++;
            return v;
        }
        char *key = NULL;
        size_t key_off = r->pos;
        if (is_obj) {
            size_t kl;
            if (r->pos >= r->len || r->s[r->pos] != '"') {
                fail_at(r, r->pos, r->pos >= r->len ? "unexpected end of input"
                                                    : "expected a string key");
                break;
            }
            key = read_string(r, &kl);
            if (!key)
                break;
            skip_space(r);
            if (r->pos >= r->len || r->s[r->pos] != ':') {
                fail_at(r, r->pos, "expected ':' after the key");
                free(key);
                break;
            }
            r->pos++;
        }
        jv *item = read_value(r, depth + 1);
        if (!item) {
            free(key);
            break;
        }
        add_item(v, item, key, key_off);
        skip_space(r);
        if (r->pos < r->len && r->s[r->pos] == ',') {
            r->pos++;
            continue;
        }
        if (r->pos < r->len && r->s[r->pos] == close)
            continue;
        fail_at(r, r->pos, r->pos >= r->len ? "unexpected end of input"
                           : is_obj ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    jv_free(v);
    return NULL;
}

static int word_at(reader *r, const char *w)
{
    size_t n = strlen(w);
    return r->pos + n <= r->len && memcmp(r->s + r->pos, w, n) == 0;
}

static jv *read_value(reader *r, int depth)
{
    skip_space(r);
    if (r->failed)
        return NULL;
    if (depth > MAX_DEPTH) {
        fail_at(r, r->pos, "nesting too deep");
        return NULL;
    }
    if (r->pos >= r->len) {
        fail_at(r, r->pos, "unexpected end of input");
        return NULL;
    }
    char c = r->s[r->pos];
    size_t at = r->pos;
    if (c == '{' || c == '[')
        return read_container(r, depth, c == '{');
    if (c == '"') {
        size_t n;
        char *s = read_string(r, &n);
        if (!s)
            return NULL;
        jv *v = new_value(JV_STR, at);
        v->s = s;
        v->slen = n;
        return v;
    }
    if (c == '-' || is_digit(c))
        return read_number(r);
    static const char *const words[] = {"true", "false", "null"};
    for (int k = 0; k < 3; k++)
        if (word_at(r, words[k])) {
            r->pos += strlen(words[k]);
            jv *v = new_value(k == 2 ? JV_NULL : JV_BOOL, at);
            v->b = k == 0;
            return v;
        }
    fail_at(r, at, "expected a JSON value");
    return NULL;
}

jv *json5_parse(const char *src, size_t len, diag *d)
{
    reader r = {src, len, 0, d, 0};
    if (len >= 3 && memcmp(src, "\xef\xbb\xbf", 3) == 0)
        r.pos = 3;
    jv *v = read_value(&r, 0);
    if (v) {
        skip_space(&r);
        if (!r.failed && r.pos < len)
            fail_at(&r, r.pos, "text after the JSON value");
    }
    if (r.failed) {
        jv_free(v);
        return NULL;
    }
    return v;
}

void jv_free(jv *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->n; i++) {
        jv_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->key_off);
    free(v->s);
    free(v);
}

static long member_index(const jv *obj, const char *key)
{
    if (!obj || obj->kind != JV_OBJ)
        return -1;
    for (size_t i = obj->n; i-- > 0;)
        if (strcmp(obj->keys[i], key) == 0)
            return (long)i;
    return -1;
}

const jv *jv_get(const jv *obj, const char *key)
{
    long i = member_index(obj, key);
    return i < 0 ? NULL : obj->items[i];
}

size_t jv_key_off(const jv *obj, const char *key)
{
    long i = member_index(obj, key);
    return i < 0 ? obj->off : obj->key_off[i];
}

size_t json5_char_off(const char *src, size_t len, const jv *str,
                      size_t index)
{
    size_t p = str->off + 1;
    for (size_t k = 0; k < index && p < len && src[p] != '"'; k++) {
        if (src[p] == '\\') {
            reader r = {src, len, p + 1, NULL, 0};
            long cp = read_escape(&r);
            p = cp < 0 ? p + 2 : r.pos;
        } else if (utf8_next(src, len, &p) < 0) {
            p++;
        }
    }
    return p;
}
