/* utf8.c - recognising well-formed UTF-8, so that outputs that must be
 * valid UTF-8 (JSON, SVG, HTML) can copy good sequences and replace the
 * rest.  Well-formed means as RFC 3629 defines it: shortest forms only, no
 * surrogates, nothing above U+10FFFF. */
#include "common.h"

/* The range the second byte of a sequence led by b must lie in (the other
 * continuation bytes are always 0x80..0xBF), and the sequence length. */
static int lead_info(unsigned b, unsigned *lo, unsigned *hi)
{
    *lo = 0x80;
    *hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf)
        return 2;
    if (b == 0xe0)
        *lo = 0xa0;
    else if (b == 0xed)
        *hi = 0x9f;
    if (b >= 0xe0 && b <= 0xef)
        return 3;
    if (b == 0xf0)
        *lo = 0x90;
    else if (b == 0xf4)
        *hi = 0x8f;
    if (b >= 0xf0 && b <= 0xf4)
        return 4;
    return 0;
}

size_t utf8_seq(const unsigned char *p, size_t n, uint32_t *cp)
{
    if (n == 0)
        return 0;
    if (p[0] < 0x80) {
        *cp = p[0];
        return 1;
    }
    unsigned lo, hi;
    size_t len = (size_t)lead_info(p[0], &lo, &hi);
    if (len == 0 || n < len || p[1] < lo || p[1] > hi)
        return 0;
    uint32_t c = p[0] & (0x7fu >> len);
    for (size_t i = 1; i < len; i++) {
        if (i > 1 && (p[i] < 0x80 || p[i] > 0xbf))
            return 0;
        c = (c << 6) | (p[i] & 0x3fu);
    }
    *cp = c;
    return len;
}

void bb_xml_text(bytebuf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = p[i];
        uint32_t cp = 0;
        size_t len = c < 0x80 ? 1 : utf8_seq(p + i, n - i, &cp);
        switch (c) {
        case '&': bb_printf(b, "&amp;"); break;
        case '<': bb_printf(b, "&lt;"); break;
        case '>': bb_printf(b, "&gt;"); break;
        case '"': bb_printf(b, "&quot;"); break;
        default:
            if (c < 0x20 || c == 0x7f)
                bb_u8(b, '?');
            else if (len == 0 || cp == 0xfffe || cp == 0xffff)
                bb_put(b, "\xef\xbf\xbd", 3);   /* U+FFFD */
            else
                bb_put(b, p + i, len);
        }
        i += len ? len : 1;
    }
}
