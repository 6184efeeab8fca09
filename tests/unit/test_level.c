/* Unit tests of the level model: building a level by hand, the text and
 * JSON goldens (tests/golden/level/; UPDATE_GOLDEN=1 rewrites them), the
 * terrain <-> map character tables and determinism. */
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "splev/level.h"
#include "golden.h"
#include "unit.h"

static void set(splev_level *lev, int x, int y, int typ)
{
    splev_cell *c = splev_level_cell(lev, x, y);
    c->typ = (uint8_t)typ;
}

/* A 9x5 room at (3..11, 2..6) with its walls as the spine pass leaves
 * them, doors in every state, a corridor and one of each kind of thing. */
static void build_room(splev_level *lev)
{
    for (int x = 2; x <= 12; x++)
        for (int y = 1; y <= 7; y++) {
            int wall_x = x == 2 || x == 12, wall_y = y == 1 || y == 7;
            set(lev, x, y, wall_x ? SPLEV_VWALL
                           : wall_y ? SPLEV_HWALL : SPLEV_ROOM);
            splev_level_cell(lev, x, y)->lit = 1;
            splev_level_cell(lev, x, y)->roomno = 3;
        }
    set(lev, 2, 1, SPLEV_TLCORNER);
    set(lev, 12, 1, SPLEV_TRCORNER);
    set(lev, 2, 7, SPLEV_BLCORNER);
    set(lev, 12, 7, SPLEV_BRCORNER);
    set(lev, 7, 1, SPLEV_TDWALL);
    set(lev, 7, 2, SPLEV_VWALL);
    splev_room *r = splev_level_add_room(lev, -1);
    r->lx = 3; r->ly = 2; r->hx = 11; r->hy = 6;
    r->rtype = 10;
    r->rlit = 1;
}

static void add_door(splev_level *lev, int x, int y, int mask, int horiz)
{
    splev_cell *c = splev_level_cell(lev, x, y);
    c->typ = SPLEV_DOOR;
    c->doormask = (uint8_t)mask;
    c->horizontal = (uint8_t)horiz;
}

static void build_features(splev_level *lev)
{
    add_door(lev, 12, 3, SPLEV_D_CLOSED, 0);
    add_door(lev, 12, 5, SPLEV_D_ISOPEN, 0);
    add_door(lev, 4, 7, SPLEV_D_NODOOR, 1);
    add_door(lev, 9, 7, SPLEV_D_LOCKED | SPLEV_D_TRAPPED, 1);
    add_door(lev, 5, 1, SPLEV_D_ISOPEN, 1);
    set(lev, 2, 4, SPLEV_SDOOR);
    for (int x = 13; x <= 20; x++)
        set(lev, x, 3, SPLEV_CORR);
    set(lev, 4, 3, SPLEV_FOUNTAIN);
    set(lev, 10, 3, SPLEV_ALTAR);
    splev_level_add_altar(lev, 10, 3, SPLEV_AM_LAWFUL, 1);
    set(lev, 3, 2, SPLEV_STAIRS);
    splev_level_cell(lev, 3, 2)->flags = SPLEV_LA_UP;
    splev_level_add_stair(lev, SPLEV_SK_STAIR, 3, 2, 1, NULL);
    set(lev, 11, 6, SPLEV_LADDER);
    splev_level_cell(lev, 11, 6)->flags = SPLEV_LA_DOWN;
    splev_level_add_stair(lev, SPLEV_SK_LADDER, 11, 6, 0, "minetn");
    set(lev, 20, 4, SPLEV_TREE);
    set(lev, 21, 4, SPLEV_MOAT);
    set(lev, 22, 4, SPLEV_LAVAPOOL);
    set(lev, 23, 4, SPLEV_IRONBARS);
    set(lev, 24, 4, SPLEV_THRONE);
    set(lev, 25, 4, SPLEV_SINK);
    set(lev, 26, 4, SPLEV_GRAVE);
    splev_level_add_grave(lev, 26, 4, "Here lies \"Bob\"");
    set(lev, 27, 4, SPLEV_ICE);
    splev_level_add_trap(lev, 5, 5, splev_trap_from_name("bear"));
    splev_level_add_trap(lev, 16, 3, splev_trap_from_name("web"));
    splev_level_add_gold(lev, 6, 6, 123);
    splev_level_add_engraving(lev, 8, 4, SPLEV_ENGR_BURN, "Elbereth");
}

static void build_things(splev_level *lev)
{
    splev_monster *m = splev_level_add_monster(lev, 6, 3, 'd', "jackal");
    splev_set_string(&m->given_name, "Idefix");
    m->peaceful = 1;
    m->asleep = 1;
    m->align = SPLEV_AM_LAWFUL;
    m->female = 1;
    m->fleeing = 40;
    m->seen_traps = 0x5;
    m->appear = SPLEV_APPEAR_FEATURE;
    splev_set_string(&m->appear_as, "boulder");
    splev_object *it = splev_monster_add_item(lev, m, '(', "pick-axe");
    it->curse = 3;
    splev_level_add_monster(lev, 9, 5, 0, NULL);
    splev_object *box = splev_level_add_object(lev, 8, 5, '(', "large box");
    box->locked = 1;
    splev_object *in = splev_object_add_content(lev, box, '(', "sack");
    splev_object *deep = splev_object_add_content(lev, in, '/', "wishing");
    deep->recharged = 1;
    deep->spe_set = 1;
    deep->spe = 3;
    splev_object *o = splev_level_add_object(lev, 4, 5, ')', "long sword");
    o->curse = 1;
    o->spe_set = 1;
    o->spe = 2;
    splev_set_string(&o->given_name, "Excalibur");
    o->eroded = 1;
    splev_level_add_object(lev, 10, 5, '`', "boulder")->buried = 1;
    splev_level_add_object(lev, 18, 3, 0, NULL);
}

static void build_ambience(splev_level *lev)
{
    lev->flags = SPLEV_F_NOTELEPORT | SPLEV_F_PREMAPPED | SPLEV_F_NOFLIPX;
    splev_lregion *t = splev_level_add_lregion(lev, SPLEV_LR_UPTELE);
    t->lx = 13; t->ly = 2; t->hx = 20; t->hy = 4;
    t->dlx = 14; t->dly = 3; t->dhx = 15; t->dhy = 3;
    splev_lregion *p = splev_level_add_lregion(lev, SPLEV_LR_PORTAL);
    p->lx = p->hx = 19; p->ly = p->hy = 3;
    splev_set_string(&p->dest, "fakewiz1");
    splev_level_add_message(lev, "You enter a test level.");
    lev->sound_freq = 200;
    splev_level_add_sound(lev, SPLEV_SOUND_HEAR, "falling rocks.");
    lev->mongen_percent = 75;
    splev_level_add_mongen(lev, 9, 'a', NULL);
    splev_level_add_mongen(lev, 1, 0, "fire giant");
    splev_room *sub = splev_level_add_room(lev, 0);
    sub->lx = 8; sub->ly = 2; sub->hx = 11; sub->hy = 4;
    sub->needfill = 0;
}

static splev_level *build_level(void)
{
    splev_level *lev = splev_level_new("testlev");
    build_room(lev);
    build_features(lev);
    build_things(lev);
    build_ambience(lev);
    return lev;
}

static void test_mapchars(void)
{
    const char *chars = " #.-|+ABCSHMY{\\K}PLIWTFxtU";
    int ok = 1;
    for (const char *p = chars; *p; p++) {
        int t = splev_terrain_from_mapchar(*p);
        ok &= t != SPLEV_INVALID_TERRAIN && splev_terrain_mapchar(t) == *p;
    }
    CHECK(ok, "every map character of the table round-trips");
    int back = 1;
    for (int t = 0; t < SPLEV_TERRAIN_COUNT; t++) {
        int c = splev_terrain_mapchar(t);
        if (c)
            back &= splev_terrain_from_mapchar(c) == t;
        back &= splev_terrain_from_mapchar(
                    splev_terrain_nearest_mapchar(t)) != SPLEV_INVALID_TERRAIN;
    }
    CHECK(back, "terrain -> char -> terrain, and nearest chars are valid");
    CHECK(splev_terrain_from_mapchar('Q') == SPLEV_INVALID_TERRAIN &&
              splev_terrain_from_mapchar('0') == SPLEV_INVALID_TERRAIN,
          "unknown map characters are INVALID_TYPE");
    CHECK(splev_terrain_from_mapchar('x') == SPLEV_TRANSPARENT &&
              splev_terrain_from_mapchar('B') == SPLEV_CROSSWALL,
          "x is MAX_TYPE and B is CROSSWALL");
    CHECK(SPLEV_LAVAPOOL == 23 && SPLEV_AIR == 39 && SPLEV_TERRAIN_COUNT == 41,
          "terrain numbers are UnNetHack's");
    CHECK(splev_terrain_from_name("fountain") == SPLEV_FOUNTAIN &&
              strcmp(splev_terrain_name(SPLEV_DRAWBRIDGE_DOWN),
                     "DRAWBRIDGE_DOWN") == 0 &&
              splev_terrain_from_name("nonsense") == -1,
          "terrain names both ways");
    CHECK(splev_trap_from_name("spiked pit") == 12 &&
              strcmp(splev_trap_name(22), "cold") == 0 &&
              splev_trap_from_name("nonsense") == 0,
          "trap names both ways");
}

static void test_model(void)
{
    splev_level *lev = splev_level_new("empty");
    int stone = 1;
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            stone &= lev->cells[x][y].typ == SPLEV_STONE &&
                     !lev->cells[x][y].lit;
    CHECK(stone, "a new level is all unlit STONE");
    CHECK(splev_level_cell(lev, 80, 0) == NULL &&
              splev_level_cell(lev, 0, 21) == NULL &&
              splev_level_cell(lev, -1, 3) == NULL &&
              splev_level_cell(lev, 79, 20) != NULL,
          "cells outside 80x21 are refused");
    for (int i = 0; i < 1000; i++)
        splev_level_add_monster(lev, i % 79 + 1, i % 21, 'a', "soldier ant");
    CHECK(lev->nmonsters == 1000 && lev->monsters[999].x == 999 % 79 + 1 &&
              lev->monsters[0].align == SPLEV_ALIGN_DEFAULT &&
              lev->monsters[0].peaceful == -1,
          "monster arrays grow and keep defaults");
    splev_object *o = splev_level_add_object(lev, 1, 1, '(', "chest");
    for (int i = 0; i < 12; i++)
        o = splev_object_add_content(lev, o, '(', "bag");
    CHECK(lev->objects[0].container && lev->objects[0].ncontents == 1 &&
              lev->objects[0].contents[0].x == -1 &&
              lev->objects[0].contents[0].quantity == -1,
          "containers nest");
    splev_level_free(lev);
}

/* A reset level reuses the last level's string memory; monster and
 * object names are the level's shared copies, one per text, kept through
 * resets (level.h); renaming a record points it elsewhere and the level
 * never frees that; a reset level's output equals a new level's. */
static void test_reset_strings(void)
{
    splev_level *lev = splev_level_new("one");
    splev_level_add_monster(lev, 1, 1, 'a', "soldier ant");
    splev_level_add_monster(lev, 2, 1, 'a', "fire ant");
    splev_level_add_object(lev, 3, 1, '(', "chest");
    splev_level_add_engraving(lev, 4, 1, 0, "ad aerarium");
    const char *chest = lev->objects[0].name;
    char *before = splev_level_to_json(lev);
    splev_level_reset(lev, "one");
    CHECK(lev->nmonsters == 0 && lev->nobjects == 0 && lev->nengravings == 0,
          "a reset level has no records");
    splev_level_add_monster(lev, 1, 1, 'a', "soldier ant");
    splev_level_add_monster(lev, 2, 1, 'a', "fire ant");
    splev_level_add_object(lev, 3, 1, '(', "chest");
    splev_level_add_engraving(lev, 4, 1, 0, "ad aerarium");
    char *after = splev_level_to_json(lev);
    CHECK(strcmp(before, after) == 0, "the same records after a reset give "
                                      "the same JSON");
    CHECK(lev->objects[0].name == chest,
          "a name outlives a reset: the next level's record shares it");
    splev_level_reset(lev, "two");
    char text[] = "fire ant";   /* a source that changes under the pool */
    splev_monster *a = splev_level_add_monster(lev, 1, 1, 'a', text);
    memcpy(text, "fire elf", sizeof text);
    splev_monster *b = splev_level_add_monster(lev, 2, 1, 'a', "fire ant");
    splev_monster *c = splev_level_add_monster(lev, 3, 1, 'a', text);
    splev_object *box = splev_level_add_object(lev, 4, 1, '(', "chest");
    splev_object *in = splev_object_add_content(lev, box, '(', "fire ant");
    CHECK(a->name == b->name && in->name == a->name && box->name == chest &&
              !strcmp(a->name, "fire ant") && !strcmp(c->name, "fire elf"),
          "records of one name share one copy, found by text");
    a->name = "a much longer species name than before";
    CHECK(!strcmp(lev->monsters[0].name,
                  "a much longer species name than before") &&
              !strcmp(b->name, "fire ant") && !strcmp(lev->name, "two"),
          "a record renamed by pointing elsewhere");
    free(before);
    free(after);
    splev_level_free(lev);
}

static void test_golden(void)
{
    splev_level *lev = build_level();
    char *text = splev_level_render_text(lev);
    CHECK(matches_golden(text, "tests/golden/level/testlev.txt"),
          "render_text golden");
    CHECK(strstr(text, "\n ---|-------\n") != NULL,
          "top wall with corners, T-wall and an open door drawn as |");
    char *ansi = splev_level_render_ansi(lev);
    CHECK(matches_golden(ansi, "tests/golden/level/testlev.ansi"),
          "render_ansi golden");
    CHECK(strstr(ansi, "\033[0;34m{") != NULL, "the fountain is blue");
    char *json = splev_level_to_json(lev);
    CHECK(matches_golden(json, "tests/golden/level/testlev.json"),
          "JSON golden");
    splev_level *again = build_level();
    char *json2 = splev_level_to_json(again);
    char *text2 = splev_level_render_text(again);
    CHECK(strcmp(json, json2) == 0 && strcmp(text, text2) == 0,
          "equal levels give byte-identical output");
    again->monsters[0].fleeing = 41;
    char *json3 = splev_level_to_json(again);
    CHECK(strcmp(json, json3) != 0, "a changed attribute changes the JSON");
    free(text); free(ansi); free(json); free(json2); free(text2); free(json3);
    splev_level_free(lev);
    splev_level_free(again);
}

int main(void)
{
    test_mapchars();
    test_model();
    test_reset_strings();
    test_golden();
    return unit_status();
}
