/* json.c - the few JSON writing helpers the command-line outputs need. */
#include "common.h"

/* Any bytes give valid JSON: well-formed UTF-8 is copied, control
 * characters and DEL are escaped, and a byte that does not start a
 * well-formed sequence is written as \ufffd, the replacement character
 * (doc/level-json.md). */
void bb_json_string(bytebuf *b, const char *s)
{
    bb_u8(b, '"');
    size_t n = strlen(s);
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = p[i];
        uint32_t cp;
        size_t len = c < 0x80 ? 1 : utf8_seq(p + i, n - i, &cp);
        switch (c) {
        case '"': bb_printf(b, "\\\""); break;
        case '\\': bb_printf(b, "\\\\"); break;
        case '\n': bb_printf(b, "\\n"); break;
        case '\t': bb_printf(b, "\\t"); break;
        case '\r': bb_printf(b, "\\r"); break;
        default:
            if (c < 0x20 || c == 0x7f)
                bb_printf(b, "\\u%04x", c);
            else if (len == 0)
                bb_printf(b, "\\ufffd");
            else
                bb_put(b, p + i, len);
        }
        i += len ? len : 1;
    }
    bb_u8(b, '"');
}

void json_string(FILE *f, const char *s)
{
    bytebuf b;
    bb_init(&b);
    bb_json_string(&b, s);
    fwrite(b.data, 1, b.len, f);
    bb_free(&b);
}
