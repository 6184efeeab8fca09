/* buf.c - growable byte buffers with little-endian writers, the matching
 * readers, and CRC-32.  Binary formats are built with these so that byte
 * order never depends on the host. */
#include "common.h"

#include <stdlib.h>
#include <string.h>

void bb_init(bytebuf *b)
{
    b->data = NULL;
    b->len = b->cap = 0;
}

void bb_free(bytebuf *b)
{
    free(b->data);
    bb_init(b);
}

void bb_put(bytebuf *b, const void *p, size_t n)
{
    grow_array((void **)&b->data, &b->cap, b->len + n, 1);
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
}

void bb_u8(bytebuf *b, unsigned v)
{
    unsigned char c = (unsigned char)v;
    bb_put(b, &c, 1);
}

void bb_u16(bytebuf *b, unsigned v)
{
    unsigned char c[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
    bb_put(b, c, 2);
}

void bb_u32(bytebuf *b, uint32_t v)
{
    unsigned char c[4] = {(unsigned char)v, (unsigned char)(v >> 8),
                          (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
    bb_put(b, c, 4);
}

void bb_set_u32(bytebuf *b, size_t off, uint32_t v)
{
    b->data[off] = (unsigned char)v;
    b->data[off + 1] = (unsigned char)(v >> 8);
    b->data[off + 2] = (unsigned char)(v >> 16);
    b->data[off + 3] = (unsigned char)(v >> 24);
}

void bb_printf(bytebuf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    if ((size_t)n < sizeof small) {
        bb_put(b, small, (size_t)n);
        return;
    }
    grow_array((void **)&b->data, &b->cap, b->len + (size_t)n + 1, 1);
    va_start(ap, fmt);
    vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

unsigned rd_u8(const unsigned char *p)
{
    return p[0];
}

unsigned rd_u16(const unsigned char *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}

uint32_t rd_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

uint32_t crc32_bytes(const unsigned char *p, size_t n)
{
    /* Bitwise form: no table, no shared state, fast enough for our files. */
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return c ^ 0xFFFFFFFFu;
}
