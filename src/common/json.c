/* json.c - the few JSON writing helpers the command-line outputs need. */
#include "common.h"

void json_string(FILE *f, const char *s)
{
    putc('"', f);
    size_t n = strlen(s);
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = p[i];
        uint32_t cp;
        size_t len = c < 0x80 ? 1 : utf8_seq(p + i, n - i, &cp);
        switch (c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        default:
            if (c < 0x20)
                fprintf(f, "\\u%04x", c);
            else if (len == 0)
                fputs("\\ufffd", f);    /* not UTF-8: the replacement */
            else
                fwrite(p + i, 1, len, f);
        }
        i += len ? len : 1;
    }
    putc('"', f);
}
