/* Tests of the Asciifarm and Rogue Cloud import and export: validators
 * applying the games' loader rules (spec/FORMATS.md) to our exports, the
 * corpus maps (from $SPLEV_SHARED, $SHARED or ../shared; skipped when
 * absent), round trips, diagnostics for bad input, and golden exports
 * (tests/golden/foreign/; UPDATE_GOLDEN=1 rewrites them). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "import/foreign.h"
#include "common/common.h"
#include "import/json5.h"
#include "import/stock.h"
#include "splev/foreign.h"
#include "golden.h"
#include "unit.h"

#include "foreign_validate.h"

static char *shared_path(const char *rel)
{
    const char *base = getenv("SPLEV_SHARED");
    if (!base || !*base)
        base = getenv("SHARED");
    if (!base || !*base)
        base = "../shared";
    return xasprintf("%s/%s", base, rel);
}

static char *slurp(const char *path, size_t *len)
{
    char err[256];
    return read_whole_file(path, 1 << 22, len, err, sizeof err);
}

static int same_grid(const splev_level *a, const splev_level *b)
{
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (a->cells[x][y].typ != b->cells[x][y].typ)
                return 0;
    return 1;
}

/* Width and height of the MAP block of des text. */
static void des_map_size(const char *des, int *w, int *h)
{
    *w = *h = 0;
    const char *p = strstr(des, "\nMAP\n");
    if (!p)
        return;
    for (p += 5; *p && strncmp(p, "ENDMAP", 6) != 0; (*h)++) {
        const char *nl = strchr(p, '\n');
        if (!nl)
            return;
        *w = (int)(nl - p);
        p = nl + 1;
    }
}

/* ---- Asciifarm corpus ---- */
static void test_af_map(const char *name)
{
    char *path = shared_path(name);
    size_t len;
    char *text = slurp(path, &len);
    if (!text) {
        CHECK(0, "read %s", name);
        free(path);
        return;
    }
    diag d = quiet_diag(path, text);
    jv *root = json5_parse(text, len, &d);
    int w = (int)jv_get(root, "width")->i, h = (int)jv_get(root, "height")->i;
    int cw = w < 76 ? w : 76, ch = h < 21 ? h : 21;
    char *des = foreign_import_asciifarm(path, text, len, NULL, &d);
    int mw, mh;
    des_map_size(des ? des : "", &mw, &mh);
    CHECK(des && d.errors == 0 && mw == cw && mh == ch,
          "%s imports to a %dx%d MAP (got %dx%d)", name, cw, ch, mw, mh);
    splev_import_opts split = {NULL, NULL, 1};
    char *parts = foreign_import_asciifarm(path, text, len, &split, &d);
    int levels = 0;
    for (const char *p = parts; p && (p = strstr(p, "LEVEL:")); p++)
        levels++;
    CHECK(parts && levels == ((w + 75) / 76) * ((h + 20) / 21),
          "%s split into %d pieces", name, levels);
    splev_level *l1 = foreign_import_asciifarm_level(path, text, len, NULL, &d);
    for (int enc = 0; enc < 2 && l1; enc++) {
        splev_export_opts eo = {NULL, 0, enc, 1, 0, cw, ch};
        char *out = foreign_export_asciifarm(l1, &eo, &d);
        const char *why = out ? validate_af(out, enc) : "export failed";
        CHECK(!why, "%s export%s passes the loader rules (%s)", name,
              enc ? " with encyclopedia" : "", why ? why : "ok");
        splev_level *l2 = out ? foreign_import_asciifarm_level(
                                    "again", out, strlen(out), NULL, &d)
                              : NULL;
        int walk_same = l2 != NULL;
        const jv *f = jv_get(root, "field"), *m = jv_get(root, "mapping");
        for (int y = 0; l2 && y < ch; y++) {
            const jv *row = (size_t)y < f->n ? f->items[y] : NULL;
            size_t p = 0;
            for (int x = 0; x < cw; x++) {
                const jv *e = row && p < row->slen
                                  ? af_lookup(m, row->s, &p, row->slen) : NULL;
                int orig = e ? af_entry_walk(e, 1) == 1 : 0;
                const splev_cell *c = &l2->cells[x + 1][y];
                int now = c->typ == SPLEV_DOOR
                              ? (c->doormask & SPLEV_D_CLOSED) == 0
                              : c->typ == SPLEV_ROOM || c->typ == SPLEV_CORR ||
                                    c->typ == SPLEV_STAIRS;
                walk_same &= orig == now;
            }
        }
        CHECK(l2 && same_grid(l1, l2) && l1->nmonsters == l2->nmonsters &&
                  l1->nstairs == l2->nstairs && walk_same,
              "%s round trip%s keeps the grid, walkability, monsters, stairs",
              name, enc ? " (encyclopedia)" : "");
        splev_level_free(l2);
        free(out);
    }
    splev_level_free(l1);
    jv_free(root);
    free(des);
    free(parts);
    free(text);
    free(path);
}

/* The expected size of a room's grid, read independently. */
static void rc_room_size(const char *text, const char *room, int *w, int *h)
{
    char *head = xasprintf("\n%s:", room);
    const char *p = strncmp(text, head + 1, strlen(head + 1)) == 0
                        ? text : strstr(text, head);
    free(head);
    *w = *h = 0;
    p = p ? strstr(p, "\n{") : NULL;
    if (!p)
        return;
    p = strchr(p + 1, '\n') + 1;
    for (int y = 0; *p; y++) {
        const char *e = strpbrk(p, "\r\n");
        if (!e || (e > p && e[-1] == '}') || *p == '}')
            break;
        int n = (int)(e - p);
        while (n && p[n - 1] == ' ')
            n--;
        *w = n > *w ? n : *w;
        if (n)
            *h = y + 1;
        p = e + (*e == '\r' ? 2 : 1);
    }
}

static void test_rc_room(const char *path, const char *text, size_t len,
                         const char *room)
{
    diag d = quiet_diag(path, text);
    splev_import_opts o = {room, NULL, 0};
    char *des = foreign_import_roguecloud(path, text, len, &o, &d);
    int ew, eh, mw, mh;
    rc_room_size(text, room, &ew, &eh);
    des_map_size(des ? des : "", &mw, &mh);
    CHECK(des && mw == ew && mh == eh, "room %s imports to a %dx%d MAP (got %dx%d)",
          room, ew, eh, mw, mh);
    splev_level *l1 = foreign_import_roguecloud_level(path, text, len, &o, &d);
    for (int crlf = 0; crlf < 2 && l1; crlf++) {
        splev_export_opts eo = {room, crlf, 0, 1, 0, ew, eh};
        char *out = foreign_export_roguecloud(l1, &eo, &d);
        int vw, vh;
        const char *why = out ? validate_rc(out, crlf, &vw, &vh) : "failed";
        CHECK(!why && vw == ew && vh == eh,
              "room %s export (%s) passes the line rules (%s)", room,
              crlf ? "CRLF" : "LF", why ? why : "ok");
        splev_level *l2 = out ? foreign_import_roguecloud_level(
                                    "again", out, strlen(out), &o, &d)
                              : NULL;
        CHECK(l2 && same_grid(l1, l2) && l1->nmonsters == l2->nmonsters &&
                  l1->nobjects == l2->nobjects,
              "room %s round trip (%s) gives the same grid", room,
              crlf ? "CRLF" : "LF");
        splev_level_free(l2);
        free(out);
    }
    splev_level_free(l1);
    free(des);
}

static void test_corpus(void)
{
    static const char *const maps[] = {
        "_home", "basement", "begin", "broom", "cave", "room", "smallview",
        "town", "tutorial-island", "tutorial"};
    char *probe = shared_path("corpus/asciifarm/maps/room.json");
    size_t len;
    char *t = slurp(probe, &len);
    free(probe);
    if (!t) {
        printf("ok - skipped corpus tests (../shared is absent)\n");
        return;
    }
    free(t);
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        char *rel = xasprintf("corpus/asciifarm/maps/%s.json", maps[i]);
        test_af_map(rel);
        free(rel);
    }
    char *path = shared_path("corpus/roguecloud/rooms.txt");
    char *text = slurp(path, &len);
    diag d = quiet_diag(path, text ? text : "");
    char **names = text ? foreign_roguecloud_room_names(path, text, len, &d) : NULL;
    int n = 0;
    for (; names && names[n]; n++)
        test_rc_room(path, text, len, names[n]);
    CHECK(n == 7, "rooms.txt has its 7 rooms (got %d)", n);
    for (int i = 0; names && names[i]; i++)
        free(names[i]);
    free(names);
    free(text);
    free(path);

    path = shared_path("corpus/roguecloud/rooms-archived.txt");
    text = slurp(path, &len);
    FILE *err = tmpfile();
    diag d2;
    diag_init(&d2, "rooms-archived.txt", text, len);
    d2.out = err;
    splev_import_opts o = {"Bridge", NULL, 0};
    char *des = foreign_import_roguecloud("rooms-archived.txt", text, len, &o, &d2);
    char msg[4096] = {0};
    rewind(err);
    size_t got = fread(msg, 1, sizeof msg - 1, err);
    msg[got] = 0;
    fclose(err);
    CHECK(!des && strstr(msg, "rooms-archived.txt:124:5: error: tile 3020 "
                              "does not exist") &&
              strstr(msg, "tile 3025 does not exist"),
          "the archived Bridge room's tiles 3020-3025 are reported");
    free(des);
    free(text);
    free(path);
}

/* ---- bad input: one positioned error, no output ---- */
static void expect_error(int af, const char *text, const char *want,
                         const char *what)
{
    FILE *err = tmpfile();
    diag d;
    diag_init(&d, "in", text, strlen(text));
    d.out = err;
    char *des = af ? foreign_import_asciifarm("in", text, strlen(text), NULL, &d)
                   : foreign_import_roguecloud("in", text, strlen(text), NULL, &d);
    char msg[2048] = {0};
    rewind(err);
    size_t n = fread(msg, 1, sizeof msg - 1, err);
    msg[n] = 0;
    fclose(err);
    CHECK(!des && d.errors > 0 && strstr(msg, want), "%s: \"%s\"", what, want);
    if (!strstr(msg, want))
        printf("# got: %s\n", msg);
    free(des);
}

static void test_bad_input(void)
{
    expect_error(1, "{\"width\": 2,\n \"height\": 1 \"x\": 1}",
                 "in:2:14: error: expected ',' or '}'", "invalid JSON");
    expect_error(1, "{\"width\": 1.0, \"height\": 1, \"spawn\": [0,0], "
                    "\"field\": [\".\"], \"mapping\": {\".\": \"floor\"}}",
                 "in:1:11: error: width must be an integer", "decimal width");
    expect_error(1, "{\"width\": 3, \"height\": 1, \"spawn\": [0,0],\n"
                    " \"field\": [\".\\u00e9Q\"], \"mapping\": {\".\": \"floor\", "
                    "\"\\u00e9\": \"wall\"}}",
                 "in:2:20: error: char \"Q\" not found in mapping",
                 "unknown mapping character after an escape");
    expect_error(1, "{\"width\": 1, \"height\": 1, \"spawn\": [0,0], "
                    "\"field\": [3], \"mapping\": {}}",
                 "field rows must be strings", "ragged field");
    expect_error(1, "{\"width\": 1, \"height\": 1, \"spawn\": [0,0], "
                    "\"field\": [\".\"], \"mapping\": {\".\": [[\"floor\"]]}}",
                 "nested list", "nested list");
    expect_error(1, "{\"width\": 1, \"height\": 1, \"spawn\": [0,0], "
                    "\"field\": [\".\"], \"mapping\": {\".\": {\":template\": "
                    "\"img\", \"sprite\": null}}}",
                 "parameter \"sprite\" is null", "null parameter");
    expect_error(1, "{\"width\": 1, \"height\": 1, \"spawn\": [0,0], "
                    "\"field\": [\".\"], \"mapping\": {\"ab\": \"floor\"}}",
                 "not exactly one character", "two-character key");
    expect_error(1, "/* unterminated", "unterminated comment", "comment");
    expect_error(0, "Room:\nA = 99999\n* = 300 @Passable\n{\nA\n}\n",
                 "in:2:5: error: tile 99999 does not exist", "bad tile");
    expect_error(0, "Room:\nA = 1141 , 90\n{\nA\n}\n",
                 "in:2:10: error: bad layer", "spaced comma");
    expect_error(0, "Room:\nA = 1141,90\n{\nA\n}\n", "in:2:5: error: bad layer",
                 "glued rotation");
    expect_error(0, "Room:\nA = 300 Floor / 104\n{\nA\n}\n",
                 "in:2:9: error: names and annotations belong on the last",
                 "name on an upper layer");
    expect_error(0, "Room:\nA = 300\n{\nAB\n}\n", "in:4:2: error: unknown letter 'B'",
                 "unknown letter");
    expect_error(0, "Room:\nA = 300\n{\nA A\n}\n", "in:4:2: error: ' ' needs a *",
                 "space without background");
    expect_error(0, "Room:\nA = 300\n* = 300\n{\nA\tA\n}\n", "in:5:2: error: tab",
                 "tab in grid");
    expect_error(0, "nothing here\n", "no room in the file", "empty file");
}

/* ---- JSON reader details ---- */
static void test_json5(void)
{
    const char *src = "// c\n{\"a\": [1, 2.0, \"x\\ud83d\\ude00\",], /* b */\n"
                      " \"a\": true, \"b\": -0.5e1,}";
    diag d = quiet_diag("j", src);
    jv *v = json5_parse(src, strlen(src), &d);
    const jv *a = v ? jv_get(v, "a") : NULL;
    CHECK(v && a && a->kind == JV_BOOL && v->n == 3 &&
              v->items[0]->items[1]->kind == JV_DEC &&
              v->items[0]->items[0]->kind == JV_INT &&
              strcmp(v->items[0]->items[2]->s, "x\xf0\x9f\x98\x80") == 0 &&
              jv_get(v, "b")->d == -5.0,
          "comments, trailing commas, surrogates, last duplicate wins");
    jv_free(v);
    const char *bad[] = {"[01]", "\"\\x\"", "[1,,]", "{\"a\" 1}", "[",
                         "\"\x01\"", "tru", "[1] 2", "\"\xff\""};
    int all = 1;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        diag e = quiet_diag("j", bad[i]);
        jv *x = json5_parse(bad[i], strlen(bad[i]), &e);
        all &= x == NULL && e.errors == 1;
        jv_free(x);
    }
    CHECK(all, "malformed JSON is refused with one error each");
    char deep[3000];
    memset(deep, '[', sizeof deep);
    diag e = quiet_diag("j", "");
    CHECK(json5_parse(deep, sizeof deep, &e) == NULL, "deep nesting refused");
}

/* ---- goldens of a small fixed level ---- */
static splev_level *small_level(void)
{
    splev_level *lev = splev_level_new("small");
    for (int x = 3; x <= 11; x++)
        for (int y = 2; y <= 7; y++) {
            int edge_x = x == 3 || x == 11, edge_y = y == 2 || y == 7;
            lev->cells[x][y].typ = edge_x ? SPLEV_VWALL
                                 : edge_y ? SPLEV_HWALL : SPLEV_ROOM;
        }
    lev->cells[3][2].typ = SPLEV_TLCORNER;
    lev->cells[11][2].typ = SPLEV_TRCORNER;
    lev->cells[3][7].typ = SPLEV_BLCORNER;
    lev->cells[11][7].typ = SPLEV_BRCORNER;
    lev->cells[11][4].typ = SPLEV_DOOR;
    lev->cells[11][4].doormask = SPLEV_D_CLOSED;
    lev->cells[6][7].typ = SPLEV_DOOR;
    lev->cells[6][7].doormask = SPLEV_D_ISOPEN;
    lev->cells[6][7].horizontal = 1;
    for (int x = 12; x <= 15; x++)
        lev->cells[x][4].typ = SPLEV_CORR;
    lev->cells[5][3].typ = SPLEV_FOUNTAIN;
    lev->cells[4][3].typ = SPLEV_STAIRS;
    lev->cells[4][3].flags = SPLEV_LA_UP;
    lev->cells[10][6].typ = SPLEV_STAIRS;
    lev->cells[10][6].flags = SPLEV_LA_DOWN;
    lev->cells[9][3].typ = SPLEV_ALTAR;
    splev_level_add_altar(lev, 9, 3, SPLEV_AM_CHAOTIC, 0);
    lev->cells[7][5].typ = SPLEV_MOAT;
    lev->cells[8][5].typ = SPLEV_LAVAPOOL;
    splev_level_add_trap(lev, 5, 5, 5);
    splev_level_add_monster(lev, 7, 4, 'r', "sewer rat");
    splev_level_add_monster(lev, 9, 5, 'd', "jackal");
    splev_level_add_object(lev, 6, 6, ')', "long sword");
    splev_level_add_object(lev, 8, 6, '?', "scroll of light");
    return lev;
}

static void test_golden_exports(void)
{
    splev_level *lev = small_level();
    diag d = quiet_diag("small", "");
    splev_export_opts o = {NULL, 0, 0, 0, 0, 0, 0};
    char *af = foreign_export_asciifarm(lev, &o, &d);
    CHECK(af && matches_golden(af, "tests/golden/foreign/small.asciifarm.json"),
          "Asciifarm export golden (stock templates)");
    CHECK(af && !validate_af(af, 0), "the stock export passes the validator");
    CHECK(af && strstr(af, "\"height\": 0.5") && strstr(af, "\"stairup\": [1, 1]"),
          "decimals keep their point; the up stairs are a place");
    o.encyclopedia = 1;
    char *afe = foreign_export_asciifarm(lev, &o, &d);
    CHECK(afe && matches_golden(afe, "tests/golden/foreign/small.asciifarm-enc.json"),
          "Asciifarm export golden (with our encyclopedia)");
    CHECK(afe && !validate_af(afe, 1) && validate_af(afe, 0),
          "the encyclopedia export needs our encyclopedia, and passes with it");
    char *enc = splev_asciifarm_encyclopedia();
    jv *ev = json5_parse(enc, strlen(enc), &d);
    int all_own = ev != NULL;
    const jv *as = ev ? jv_get(ev, "assemblages") : NULL;
    for (size_t i = 0; as && i < as->n; i++)
        all_own &= af_own_flags(as->keys[i]) >= 0;
    CHECK(all_own && as && as->n == 16, "the encyclopedia defines our templates");
    jv_free(ev);
    o.encyclopedia = 0;
    char *rc = foreign_export_roguecloud(lev, &o, &d);
    int w, h;
    CHECK(rc && matches_golden(rc, "tests/golden/foreign/small.rooms.txt"),
          "Rogue Cloud export golden (LF)");
    CHECK(rc && !validate_rc(rc, 0, &w, &h) && w == 13 && h == 6,
          "the Rogue Cloud export passes the line rules");
    o.crlf = 1;
    o.room_name = "Sma:ll \xc3\xa9";
    char *rcc = foreign_export_roguecloud(lev, &o, &d);
    CHECK(rcc && !validate_rc(rcc, 1, &w, &h) && strncmp(rcc, "Sma-ll --:\r\n", 12) == 0,
          "CRLF export with a cleaned room name");
    splev_level *empty = splev_level_new("e");
    char *none = foreign_export_asciifarm(empty, NULL, &d);
    CHECK(!none, "an all-stone level is refused, not exported empty");
    splev_level_free(empty);
    free(af); free(afe); free(enc); free(rc); free(rcc);
    splev_level_free(lev);
}

int main(void)
{
    sink = tmpfile();
    test_json5();
    test_bad_input();
    test_golden_exports();
    test_corpus();
    fclose(sink);
    return unit_status();
}
