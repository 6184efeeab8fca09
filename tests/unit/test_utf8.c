/* test_utf8.c - well-formed UTF-8 (src/common/utf8.c) and the writers
 * that must give valid output for any bytes: JSON strings (json_string,
 * bb_json_string) and XML/HTML text (bb_xml_text). */
#define _POSIX_C_SOURCE 200809L
#include "common/common.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

void bb_json_string(bytebuf *b, const char *s);     /* src/level/json.c */

static size_t seq(const char *s, uint32_t *cp)
{
    return utf8_seq((const unsigned char *)s, strlen(s), cp);
}

static int xml_is(const char *in, const char *want)
{
    bytebuf b;
    bb_init(&b);
    bb_xml_text(&b, in, strlen(in));
    bb_u8(&b, 0);
    int ok = strcmp((char *)b.data, want) == 0;
    if (!ok)
        printf("# got [%s]\n", (char *)b.data);
    bb_free(&b);
    return ok;
}

static int json_is(const char *in, const char *want)
{
    bytebuf b;
    bb_init(&b);
    bb_json_string(&b, in);
    bb_u8(&b, 0);
    int ok = strcmp((char *)b.data, want) == 0;
    char *mem = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&mem, &len);
    json_string(f, in);
    fclose(f);
    ok = ok && strcmp(mem, want) == 0;
    if (!ok)
        printf("# got [%s] and [%s]\n", (char *)b.data, mem);
    free(mem);
    bb_free(&b);
    return ok;
}

int main(void)
{
    uint32_t cp = 0;
    CHECK(seq("A", &cp) == 1 && cp == 'A', "ASCII");
    CHECK(seq("\xc3\xa9", &cp) == 2 && cp == 0xe9, "U+00E9 in two bytes");
    CHECK(seq("\xe2\x82\xac", &cp) == 3 && cp == 0x20ac, "U+20AC in three");
    CHECK(seq("\xf0\x9f\x98\x80", &cp) == 4 && cp == 0x1f600, "U+1F600 in four");
    CHECK(seq("\xf4\x8f\xbf\xbf", &cp) == 4 && cp == 0x10ffff, "U+10FFFF");
    CHECK(seq("\xff", &cp) == 0 && seq("\xfe", &cp) == 0, "0xFF, 0xFE: never");
    CHECK(seq("\x80", &cp) == 0, "a lone continuation byte");
    CHECK(seq("\xc0\xaf", &cp) == 0 && seq("\xc1\xbf", &cp) == 0 &&
              seq("\xe0\x80\xaf", &cp) == 0 && seq("\xf0\x80\x80\xaf", &cp) == 0,
          "overlong forms");
    CHECK(seq("\xed\xa0\x80", &cp) == 0 && seq("\xed\x9f\xbf", &cp) == 3,
          "surrogates refused, U+D7FF taken");
    CHECK(seq("\xf4\x90\x80\x80", &cp) == 0 && seq("\xf5\x80\x80\x80", &cp) == 0,
          "beyond U+10FFFF");
    CHECK(seq("\xe2\x82", &cp) == 0 && seq("\xe2\x82" "A", &cp) == 0,
          "a sequence cut short or broken");

    CHECK(json_is("a\"b\\c\n\t\r", "\"a\\\"b\\\\c\\n\\t\\r\""), "JSON escapes");
    CHECK(json_is("\x01", "\"\\u0001\""), "JSON control byte");
    CHECK(json_is("ok \xc3\xa9 bad \xff cut \xc3", "\"ok \xc3\xa9 bad \\ufffd cut \\ufffd\""),
          "JSON: UTF-8 copied, bad bytes \\ufffd");
    CHECK(json_is("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""),
          "JSON: a surrogate is three bad bytes");

    CHECK(xml_is("<a href=\"x\">&</a>", "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"),
          "XML escapes");
    CHECK(xml_is("\x01\x7f\t", "???"), "XML: control bytes and DEL as '?'");
    CHECK(xml_is("\xc3\xa9\xff\xef\xbf\xbe", "\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd"),
          "XML: UTF-8 copied; 0xFF and U+FFFE as U+FFFD");
    return unit_status();
}
