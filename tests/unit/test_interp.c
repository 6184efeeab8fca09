/* The level interpreter: small assembled scripts run for fixed seeds, with
 * the exact rendered map asserted; control flow, limits and errors. */
#include "common/common.h"
#include "interp_asm.h"
#include "levcode/limits.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOFLIP (SPLEV_F_NOFLIPX | SPLEV_F_NOFLIPY)

static splev_genctx ctx;

static splev_level *run_seed(tasm *a, uint64_t seed, char *err, size_t errlen)
{
    splev_levscript *s = asm_build(a, "t");
    if (!s) {
        snprintf(err, errlen, "verify failed");
        return NULL;
    }
    splev_level *lev = splev_run(s, &ctx, seed, err, errlen);
    splev_lev_free(s);
    return lev;
}

static splev_level *run(tasm *a)
{
    char err[300];
    splev_level *lev = run_seed(a, 1, err, sizeof err);
    if (!lev)
        printf("# run: %s\n", err);
    return lev;
}

/* Rendered map rows y0..y1, '\n'-joined (rows end without blanks). */
static char *rows(const splev_level *lev, int y0, int y1)
{
    char *t = splev_level_render_text(lev);
    bytebuf b;
    bb_init(&b);
    int y = -1;                     /* the first line is the header */
    for (char *p = t; *p && y <= y1; y++) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (y >= y0) {
            bb_put(&b, p, n);
            if (y < y1)
                bb_u8(&b, '\n');
        }
        p = nl ? nl + 1 : p + n;
    }
    bb_u8(&b, 0);
    free(t);
    return (char *)b.data;
}

static int check_rows(const splev_level *lev, int y0, int y1, const char *want,
                      const char *what)
{
    if (!lev) {
        CHECK(0, "%s: level generated", what);
        return 0;
    }
    char *got = rows(lev, y0, y1);
    int ok = strcmp(got, want) == 0;
    CHECK(ok, "%s", what);
    if (!ok)
        printf("# got:\n%s\n# want:\n%s\n", got, want);
    free(got);
    return ok;
}

static void start(tasm *a, unsigned flags)
{
    asm_init(a);
    asm_emit(a, OP_LEVEL_FLAGS, 0, 0, (int32_t)flags);
}

/* TERRAIN: <sel>, '<c>' where the selection code is already emitted. */
static void terrain(tasm *a, int ch)
{
    push_mapchar(a, ch, -2);
    E0(a, TERRAIN);
}

static tasm A;

static void test_map_placement(void)
{
    tasm *a = &A;
    start(a, NOFLIP);
    int m = asm_map(a, "-----\n|...|\n--+--");
    PCOORD(a, 10, 5);
    asm_emit(a, OP_MAP, 2, 1, m);            /* GEOMETRY: (10,5), keep */
    PCOORD(a, 1, 1);                          /* relative to the map */
    E0(a, SEL_POINT);
    terrain(a, '{');
    splev_level *lev = run(a);
    check_rows(lev, 5, 7,
               "          -----\n"
               "          |{..|\n"
               "          --.--", "MAP at (10,5) keeps the frame: (1,1) is inside it");
    splev_level_free(lev);

    /* centre/centre alignment, then keep = 0 restores the default frame,
     * so (0,0) is absolute (1,0). */
    start(a, NOFLIP);
    m = asm_map(a, "---\n|.|\n---");
    PCOORD(a, 3, 3);
    asm_emit(a, OP_MAP, 1, 0, m);
    PCOORD(a, 0, 0);
    E0(a, SEL_POINT);
    terrain(a, '.');
    lev = run(a);
    /* xstart = 2 + (76-3)/2 = 38 -> odd 39; ystart = 2 + (18-3)/2 = 9 */
    check_rows(lev, 0, 0, ".", "keep 0: coordinates are absolute again");
    check_rows(lev, 9, 11,
               "                                      ---\n"
               "                                      |.|\n"
               "                                      ---",
               "center,center: x 39, y 9");
    CHECK(lev && lev->cells[39][9].typ == SPLEV_TLCORNER &&
              lev->cells[41][11].typ == SPLEV_BRCORNER,
          "wall spines turn MAP corners into corner pieces");
    splev_level_free(lev);

    /* left/top: x 3, y 3; transparent 'x' cells keep what was there */
    start(a, NOFLIP);
    PREG(a, 0, 0, 10, 6);
    E0(a, SEL_FILLRECT);
    terrain(a, '#');
    m = asm_map(a, "x.x\n...");
    PCOORD(a, 1, 1);
    asm_emit(a, OP_MAP, 1, 1, m);
    lev = run(a);
    check_rows(lev, 3, 4, "###.#######\n##...######",
               "left,top (3,3) with transparent cells");
    splev_level_free(lev);
}

static void test_selections(void)
{
    tasm *a = &A;
    splev_level *lev;
    start(a, NOFLIP);
    PREG(a, 0, 0, 4, 2);
    E0(a, SEL_RECT);
    terrain(a, '#');
    PREG(a, 10, 0, 12, 2);
    E0(a, SEL_FILLRECT);
    terrain(a, '.');
    PCOORD(a, 20, 1);
    PCOORD(a, 20, 1);
    E0(a, SEL_LINE);                          /* equal ends: one point */
    terrain(a, 'P');
    PCOORD(a, 30, 0);
    PCOORD(a, 35, 2);
    E0(a, SEL_LINE);
    terrain(a, '#');
    lev = run(a);
    check_rows(lev, 0, 2,
               "#####     ...                 ##\n"
               "#   #     ...       }           ##\n"
               "#####     ...                     ##",
               "rect, fillrect, line (equal ends: the point), diagonal line");
    splev_level_free(lev);

    /* grow: all directions, and west only (grows eastward in UnNetHack) */
    start(a, NOFLIP);
    PCOORD(a, 4, 2);
    E0(a, SEL_POINT);
    EI(a, 15);
    E0(a, SEL_GROW);
    terrain(a, '.');
    PCOORD(a, 14, 2);
    E0(a, SEL_POINT);
    EI(a, 8);
    E0(a, SEL_GROW);
    terrain(a, '#');
    lev = run(a);
    check_rows(lev, 1, 3,
               "   ...         #\n"
               "   ...        ##\n"
               "   ...         #", "grow(all); grow(west) adds the east side");
    splev_level_free(lev);

    /* circles: filled and outline; complement of a rect; filters */
    start(a, NOFLIP);
    PCOORD(a, 5, 4);
    EI(a, 3);
    EI(a, 3);
    EI(a, 1);
    E0(a, SEL_ELLIPSE);
    terrain(a, '.');
    PCOORD(a, 15, 4);
    EI(a, 3);
    EI(a, 2);
    EI(a, 0);
    E0(a, SEL_ELLIPSE);
    terrain(a, '#');
    lev = run(a);
    check_rows(lev, 1, 7,
               "    ...\n"
               "   .....      ###\n"
               "  .......   ##   ##\n"
               "  .......   #     #\n"
               "  .......   ##   ##\n"
               "   .....      ###\n"
               "    ...", "circle filled, ellipse outline");
    splev_level_free(lev);

    /* complement, union and a terrain filter */
    start(a, NOFLIP);
    PREG(a, 2, 2, 6, 4);
    E0(a, SEL_FILLRECT);
    terrain(a, '.');
    push_mapchar(a, '.', -2);                 /* filter(mapchar, sel) */
    PREG(a, 0, 0, 78, 20);
    E0(a, SEL_FILLRECT);
    E0(a, SEL_COMPLEMENT);                    /* only column 79 */
    PREG(a, 3, 3, 40, 3);
    E0(a, SEL_FILLRECT);
    E0(a, SEL_ADD);
    E0(a, SEL_FILTER_MAP);
    terrain(a, 'T');
    PCOORD(a, 4, 4);
    E0(a, SEL_FLOOD);
    asm_emit(a, OP_SET, 0, 0, 1);
    PREG(a, 0, 0, 20, 20);
    E0(a, SEL_FILLRECT);
    asm_emit(a, OP_GET, 0, 0, 1);
    E0(a, SEL_FILTER_SEL);
    terrain(a, '}');
    lev = run(a);
    check_rows(lev, 2, 4,
               "  }}}}}\n"
               "  }####\n"
               "  }}}}}", "complement, union, map filter, flood fill, intersection");
    splev_level_free(lev);
}

static void test_random_selections(void)
{
    tasm *a = &A;
    char err[300];
    start(a, NOFLIP);
    PREG(a, 0, 0, 30, 10);
    E0(a, SEL_FILLRECT);
    asm_emit(a, OP_SET, 0, 0, 0);
    EI(a, 50);
    asm_emit(a, OP_GET, 0, 0, 0);
    E0(a, SEL_FILTER_PCT);
    terrain(a, '.');
    PCOORD(a, 40, 2);
    PCOORD(a, 70, 15);
    EI(a, 10);
    E0(a, SEL_RNDLINE);
    terrain(a, '#');
    EI(a, 2);
    EI(a, 6);
    PCOORD(a, 60, 5);
    E0(a, COPY);
    EI(a, 1);
    EI(a, 0);
    E0(a, SEL_GRADIENT);
    terrain(a, 'T');
    asm_emit(a, OP_GET, 0, 0, 0);
    E0(a, SEL_RNDCOORD);
    E0(a, SEL_POINT);
    terrain(a, '{');
    splev_level *l1 = run_seed(a, 7, err, sizeof err);
    splev_level *l2 = run_seed(a, 7, err, sizeof err);
    splev_level *l3 = run_seed(a, 8, err, sizeof err);
    char *t1 = l1 ? splev_level_to_json(l1) : NULL;
    char *t2 = l2 ? splev_level_to_json(l2) : NULL;
    char *t3 = l3 ? splev_level_to_json(l3) : NULL;
    CHECK(t1 && t2 && !strcmp(t1, t2), "same seed: byte-identical JSON");
    CHECK(t1 && t3 && strcmp(t1, t3), "another seed: another level");
    int n = 0, fountains = 0, near = 0, far = 0;
    for (int x = 1; l1 && x <= 31; x++)
        for (int y = 0; y <= 10; y++) {
            n += l1->cells[x][y].typ == SPLEV_ROOM;
            fountains += l1->cells[x][y].typ == SPLEV_FOUNTAIN;
        }
    for (int x = 50; l1 && x < 80; x++)
        for (int y = 0; y < 21; y++) {
            int d2 = (x - 61) * (x - 61) + (y - 5) * (y - 5);
            if (l1->cells[x][y].typ == SPLEV_TREE && d2 < 9)
                near++;
            if (d2 >= 49 && l1->cells[x][y].typ == SPLEV_TREE)
                far++;
        }
    CHECK(n > 100 && n < 241, "filter 50%% keeps about half of 341 cells (%d)", n);
    CHECK(fountains == 1, "rndcoord picks one cell of the selection");
    CHECK(near == 0 && far == 0, "gradient (limited): nothing within min or beyond max");
    int end1 = 0, end2 = 0;
    for (int dx = -2; l1 && dx <= 2; dx++)
        for (int dy = -2; dy <= 2; dy++) {
            end1 += l1->cells[41 + dx][2 + dy].typ == SPLEV_CORR;
            end2 += l1->cells[71 + dx][15 + dy].typ == SPLEV_CORR;
        }
    CHECK(end1 && end2, "randline runs from one end to the other");
    free(t1);
    free(t2);
    free(t3);
    splev_level_free(l1);
    splev_level_free(l2);
    splev_level_free(l3);
}

static const char room_map[] =
    "-------\n"
    "|.....|\n"
    "|.....|\n"
    "|.....|\n"
    "-------";

/* A 7x5 room drawn at absolute (3,1)..(9,5) as the frame. */
static void room_start(tasm *a, unsigned flags)
{
    start(a, flags);
    int m = asm_map(a, room_map);
    PCOORD(a, 2, 1);
    asm_emit(a, OP_MAP, 2, 1, m);
}

static void test_doors_stairs_features(void)
{
    tasm *a = &A;
    room_start(a, NOFLIP);
    PCOORD(a, 3, 0);
    E0(a, SEL_POINT);
    EI(a, SPLEV_D_CLOSED);
    E0(a, DOOR);
    PCOORD(a, 0, 2);
    E0(a, SEL_POINT);
    EI(a, SPLEV_D_ISOPEN);
    E0(a, DOOR);
    PCOORD(a, 6, 2);
    E0(a, SEL_POINT);
    EI(a, 32);                                /* secret */
    E0(a, DOOR);
    PCOORD(a, 3, 4);
    E0(a, SEL_POINT);
    EI(a, SPLEV_D_BROKEN);
    E0(a, DOOR);
    PCOORD(a, 1, 1);
    EI(a, 1);
    E0(a, STAIR);
    PCOORD(a, 5, 1);
    EI(a, 0);
    asm_emit(a, OP_STAIR, 1, 0, 0);           /* ladder down */
    PCOORD(a, 3, 2);
    EI(a, SPLEV_AM_LAWFUL);
    EI(a, 0);
    E0(a, ALTAR);
    PCOORD(a, 1, 3);
    EI(a, 11);                                /* pit */
    E0(a, TRAP);
    PCOORD(a, 5, 3);
    E0(a, SEL_POINT);
    asm_emit(a, OP_FEATURE, 0, 0, SPLEV_FOUNTAIN);
    PCOORD(a, 2, 3);
    PSTR(a, "RIP");
    asm_emit(a, OP_GRAVE, 0, 0, 0);
    EI(a, 100);
    PCOORD(a, 4, 3);
    E0(a, GOLD);
    splev_level *lev = run(a);
    check_rows(lev, 1, 5,
               "  ---+---\n"
               "  |<...>|\n"
               "  -.._..|\n"
               "  |^|.${|\n"
               "  ---.---",
               "doors by state, stairs, ladder, altar, trap, grave, gold, fountain");
    CHECK(lev && lev->cells[9][3].typ == SPLEV_SDOOR &&
              lev->cells[9][3].doormask == SPLEV_D_CLOSED,
          "a secret door is an SDOOR, closed");
    CHECK(lev && lev->naltars == 1 && lev->altars[0].align == SPLEV_AM_LAWFUL &&
              lev->nstairs == 2 && lev->stairs[1].kind == SPLEV_SK_LADDER &&
              lev->ngraves == 1 && !strcmp(lev->graves[0].epitaph, "RIP") &&
              lev->ntraps == 1 && lev->traps[0].type == 11,
          "features recorded with their attributes");
    splev_level_free(lev);

    /* the top level has no up stairs; random spots are dry floor */
    ctx.top_level = 1;
    room_start(a, NOFLIP);
    PCOORD(a, 1, 1);
    EI(a, 1);
    E0(a, STAIR);
    PRAND(a, 0);
    EI(a, 0);
    E0(a, STAIR);
    lev = run(a);
    ctx.top_level = 0;
    CHECK(lev && lev->nstairs == 1 && !lev->stairs[0].up &&
              lev->cells[lev->stairs[0].x][lev->stairs[0].y].typ == SPLEV_STAIRS &&
              lev->stairs[0].x >= 4 && lev->stairs[0].x <= 8 &&
              lev->stairs[0].y >= 2 && lev->stairs[0].y <= 4,
          "no up stair on the top level; a random stair lands on the room's floor");
    splev_level_free(lev);
}

static void test_monsters_objects(void)
{
    tasm *a = &A;
    room_start(a, NOFLIP);
    PMON(a, 'D', "red dragon");
    PCOORD(a, 1, 1);
    EI(a, 1);
    EI(a, MK_PEACEFUL);
    PSTR(a, "Smaug");
    EI(a, MK_NAME);
    EI(a, -1);                                 /* align[0] */
    EI(a, MK_ALIGN);
    asm_emit(a, OP_MONSTER, 1, 3, 0);          /* with inventory */
    POBJ(a, '(', "large box");
    asm_emit(a, OP_OBJECT, 3, 0, 0);           /* content + container */
    POBJ(a, '!', NULL);
    EI(a, 3);
    EI(a, OK_CURSE);
    asm_emit(a, OP_OBJECT, 1, 1, 0);
    E0(a, POP_CONTAINER);
    E0(a, END_MONINVENT);
    POBJ(a, ')', "long sword");
    EI(a, 2);
    EI(a, OK_SPE);
    PCOORD(a, 3, 2);
    EI(a, OK_COORD);
    asm_emit(a, OP_OBJECT, 0, 2, 0);
    splev_level *lev = run(a);
    check_rows(lev, 2, 3, "  |D....|\n  |..)..|", "monster and object drawn");
    char *t = lev ? splev_level_render_text(lev) : NULL;
    CHECK(t && strstr(t, "(4,2) D \"red dragon\" named \"Smaug\" peaceful") &&
              strstr(t, "carries ( \"large box\" container") &&
              strstr(t, "contains ! random cursed") &&
              strstr(t, "(6,3) ) \"long sword\" +2"),
          "legend: attributes, inventory and nested contents");
    CHECK(lev && lev->nmonsters == 1 && lev->monsters[0].align != SPLEV_ALIGN_DEFAULT,
          "align[0] reads the shuffled register");
    free(t);
    splev_level_free(lev);

    /* with the names table, random monsters of a class get a name */
    const char *shared = getenv("SHARED");
    char path[512], err[300];
    snprintf(path, sizeof path, "%s/spec/names/unnethack.tsv",
             shared ? shared : "../shared");
    splev_names *names = splev_names_load(path, err, sizeof err);
    if (!names) {
        printf("ok - # SKIP names table not found (%s)\n", err);
        return;
    }
    CHECK(splev_names_count(names, "monster") > 300, "names table: monsters loaded");
    ctx.names = names;
    room_start(a, NOFLIP);
    PMON(a, 'a', NULL);
    PRAND(a, 0);
    asm_emit(a, OP_MONSTER, 0, 0, 0);
    POBJ(a, '=', NULL);
    PRAND(a, 0);
    EI(a, OK_COORD);
    asm_emit(a, OP_OBJECT, 0, 1, 0);
    lev = run(a);
    ctx.names = NULL;
    CHECK(lev && lev->monsters[0].name && lev->monsters[0].cls == 'a' &&
              lev->objects[0].name && lev->objects[0].cls == '=',
          "random of a class: a concrete name (%s, %s)",
          lev && lev->monsters[0].name ? lev->monsters[0].name : "-",
          lev && lev->objects[0].name ? lev->objects[0].name : "-");
    splev_level_free(lev);
    splev_names_free(names);
}

static void test_terrain_ops(void)
{
    tasm *a = &A;
    room_start(a, NOFLIP);
    PREG(a, 1, 1, 5, 3);
    push_mapchar(a, '.', -2);
    push_mapchar(a, 'L', -2);
    EI(a, 100);
    E0(a, REPLACE_TERRAIN);
    PREG(a, 10, 10, 14, 12);
    E0(a, SEL_FILLRECT);
    terrain(a, '.');
    PREG(a, 10, 10, 14, 12);
    E0(a, SEL_FILLRECT);
    E0(a, WALLIFY_SEL);
    PREG(a, 20, 10, 22, 11);
    E0(a, SEL_FILLRECT);
    terrain(a, '.');
    E0(a, WALLIFY);                           /* whole frame */
    splev_level *lev = run(a);
    check_rows(lev, 1, 5,
               "  -------\n"
               "  |}}}}}|\n"
               "  |}}}}}|\n"
               "  |}}}}}|\n"
               "  -------", "REPLACE_TERRAIN inside the frame");
    splev_level_free(lev);

    start(a, NOFLIP);
    PREG(a, 10, 10, 14, 12);
    E0(a, SEL_FILLRECT);
    terrain(a, '.');
    E0(a, WALLIFY);
    lev = run(a);
    check_rows(lev, 9, 13,
               "         -------\n"
               "         |.....|\n"
               "         |.....|\n"
               "         |.....|\n"
               "         -------", "WALLIFY builds walls around floor");
    CHECK(lev && lev->cells[10][9].typ == SPLEV_TLCORNER &&
              lev->cells[16][13].typ == SPLEV_BRCORNER,
          "corners from the wall-spine pass");
    splev_level_free(lev);
}

/* Runs the one-row map "|{.|" with only left/right flips allowed for
 * seeds 1..8 under the current context; bit k-1 of the result set when
 * seed k mirrored it, -1 when a run failed or gave another row. */
static int flip_seeds(void)
{
    tasm *a = &A;
    int mask = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        start(a, SPLEV_F_NOFLIPY);             /* only left/right mirrors */
        int m = asm_map(a, "----\n|{.|\n----");
        PCOORD(a, 9, 3);
        asm_emit(a, OP_MAP, 2, 1, m);
        char err[300];
        splev_level *lev = run_seed(a, seed, err, sizeof err);
        char *r = lev ? rows(lev, 4, 4) : NULL;
        if (r && !strcmp(r, "         |.{|"))
            mask |= 1 << (seed - 1);
        else if (!r || strcmp(r, "         |{.|"))
            mask = -1;
        free(r);
        splev_level_free(lev);
        if (mask < 0)
            return -1;
    }
    return mask;
}

/* The coins are drawn on every level that allows a flip, but only a
 * Sokoban level keeps their result, unless flip_everywhere says so. */
static void test_flip(void)
{
    tasm *a = &A;
    ctx.in_sokoban = 1;
    int soko = flip_seeds();
    ctx.in_sokoban = 0;
    CHECK(soko > 0 && soko < 0xff,
          "Sokoban: left/right flips happen for some seeds, in place "
          "(mask %#x)", (unsigned)soko);
    int plain = flip_seeds();
    CHECK(plain == 0, "outside Sokoban: never flipped (mask %#x)",
          (unsigned)plain);
    ctx.flip_everywhere = 1;
    int every = flip_seeds();
    ctx.in_sokoban = 1;
    ctx.flip = 0;
    int off = flip_seeds();
    ctx.flip = 1;
    ctx.in_sokoban = 0;
    ctx.flip_everywhere = 0;
    CHECK(every == soko, "flip_everywhere: the same seeds flip as in "
          "Sokoban (mask %#x, %#x)", (unsigned)every, (unsigned)soko);
    CHECK(off == 0, "flip 0: never flipped, even in Sokoban");
    start(a, NOFLIP);
    int m = asm_map(a, "----\n|{.|\n----");
    PCOORD(a, 9, 3);
    asm_emit(a, OP_MAP, 2, 1, m);
    int same = 1;
    ctx.in_sokoban = 1;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        char err[300];
        splev_level *lev = run_seed(a, seed, err, sizeof err);
        char *r = lev ? rows(lev, 4, 4) : NULL;
        same &= r && !strcmp(r, "         |{.|");
        free(r);
        splev_level_free(lev);
    }
    ctx.in_sokoban = 0;
    CHECK(same, "noflipx and noflipy: never flipped, even in Sokoban");
}

/* LEVREGION of a type over the absolute area, no exclusion, no name. */
static void levregion(tasm *a, int type, int lx, int ly, int hx, int hy)
{
    int32_t f[11] = {lx, ly, hx, hy, 1, 0, 0, 0, 0, 1, type};
    for (int k = 0; k < 11; k++)
        EI(a, f[k]);
    E0(a, PUSH_NULL);
    E0(a, LEVREGION);
}

/* A BRANCH region places the branch stair when the level has a branch and
 * when that is not known (has_branch 0, a level run alone); on a level
 * without one (-1) the spot is drawn as the game does but nothing is
 * placed, so the up stair drawn next lands where it did. */
static void test_branch_region(void)
{
    tasm *a = &A;
    splev_level *lev[3];
    for (int k = 0; k < 3; k++) {
        start(a, NOFLIP);
        int m = asm_map(a, "......\n......\n......");
        PCOORD(a, 9, 4);                    /* the map at (10,4)..(15,6) */
        asm_emit(a, OP_MAP, 2, 1, m);
        levregion(a, SPLEV_LR_BRANCH, 10, 4, 15, 6);
        levregion(a, SPLEV_LR_UPSTAIR, 10, 4, 15, 6);
        ctx.has_branch = k - 1;
        lev[k] = run(a);
    }
    ctx.has_branch = 0;
    if (!lev[0] || !lev[1] || !lev[2]) {
        CHECK(0, "BRANCH region: the three runs");
    } else {
        const splev_stair *b = &lev[1]->stairs[0], *u = &lev[1]->stairs[1];
        CHECK(lev[1]->nstairs == 2 && lev[2]->nstairs == 2 &&
              b->kind == SPLEV_SK_BRANCH_STAIR && b->x == 11 && b->y == 4 &&
              u->kind == SPLEV_SK_STAIR && u->x == 12 && u->y == 5 &&
              lev[2]->stairs[0].x == 11 && lev[2]->stairs[0].y == 4,
              "BRANCH region: the branch stair at (11,4) when the branch "
              "is there or not known, the up stair at (12,5)");
        CHECK(lev[0]->nstairs == 1 &&
              lev[0]->stairs[0].kind == SPLEV_SK_STAIR &&
              lev[0]->stairs[0].x == 12 && lev[0]->stairs[0].y == 5 &&
              lev[0]->cells[11][4].typ == SPLEV_ROOM,
              "BRANCH region on a level without a branch: nothing placed, "
              "the same draws");
    }
    for (int k = 0; k < 3; k++)
        splev_level_free(lev[k]);
}

/* A level region reaching past the level's extents flips with the level:
 * the region (13,0)-(79,20) holds one floor cell of the map, (13,4); on a
 * left/right mirror (extents 9..16) it must hold the mirrored one, (12,4),
 * and not keep its place (the corner (79,20), outside the extents, used
 * to stop the whole box from flipping).  In Sokoban, where flips stay. */
static void test_flip_lregion(void)
{
    tasm *a = &A;
    int flipped = 0, kept = 0;
    ctx.in_sokoban = 1;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        start(a, SPLEV_F_NOFLIPY);
        int m = asm_map(a, "------\n|...{|\n------");
        PCOORD(a, 9, 3);                    /* the map at (10,3)..(15,5) */
        asm_emit(a, OP_MAP, 2, 1, m);
        levregion(a, SPLEV_LR_DOWNSTAIR, 13, 0, 79, 20);
        char err[300];
        splev_level *lev = run_seed(a, seed, err, sizeof err);
        if (lev && lev->nstairs == 1 && lev->stairs[0].y == 4) {
            int fountain = lev->cells[11][4].typ == SPLEV_FOUNTAIN;
            if (fountain && lev->stairs[0].x == 12)
                flipped++;
            else if (!fountain && lev->stairs[0].x == 13)
                kept++;
        }
        splev_level_free(lev);
    }
    ctx.in_sokoban = 0;
    CHECK(flipped > 0 && kept > 0 && flipped + kept == 8,
          "a level region past the extents flips with the level (%d "
          "flipped, %d kept of 8)", flipped, kept);
}

/* Emits: $a = 0; LOOP [n] { $a = $a + 1 } ; MESSAGE string($a) */
/* n iterations of `$0 = $0 + 1` (and of `op` when it is not 0), then a
 * MESSAGE of $0; 8 instructions an iteration. */
static void loop_script_op(tasm *a, int n, int op)
{
    start(a, NOFLIP);
    EI(a, 0);
    asm_emit(a, OP_SET, 0, 0, 0);
    EI(a, n);
    int top = E0(a, DEC);
    if (op)
        asm_emit(a, op, 0, 0, 0);
    asm_emit(a, OP_GET, 0, 0, 0);
    E0(a, INC);
    asm_emit(a, OP_SET, 0, 0, 0);
    E0(a, COPY);
    EI(a, 0);
    E0(a, CMP);
    asm_emit(a, OP_JG, 0, 0, top - a->n);
    E0(a, POP);
    asm_emit(a, OP_GET, 0, 0, 0);
    asm_emit(a, OP_CORE, 0, 1, CORE_STRING);
    E0(a, MESSAGE);
}

static void loop_script(tasm *a, int n)
{
    loop_script_op(a, n, 0);
}

static const char *msg(const splev_level *lev, size_t i)
{
    return lev && i < lev->nmessages ? lev->messages[i] : "";
}

static void test_control_flow(void)
{
    tasm *a = &A;
    loop_script(a, 5);
    splev_level *lev = run(a);
    CHECK(!strcmp(msg(lev, 0), "5"), "LOOP [5] runs 5 times");
    splev_level_free(lev);
    loop_script(a, 0);
    lev = run(a);
    CHECK(!strcmp(msg(lev, 0), "1"), "LOOP [0] runs once (kept quirk)");
    splev_level_free(lev);

    /* SWITCH on rn2(3) with a table; strings concatenate */
    start(a, NOFLIP);
    EI(a, 3);
    E0(a, RN2);
    int j = asm_emit(a, OP_JMP, 0, 0, 0);
    int c0 = a->n;
    PSTR(a, "zero");
    E0(a, MESSAGE);
    int e0 = asm_emit(a, OP_JMP, 0, 0, 0);
    int c1 = a->n;
    PSTR(a, "o");
    PSTR(a, "ne");
    E0(a, ADD);
    E0(a, MESSAGE);
    int e1 = asm_emit(a, OP_JMP, 0, 0, 0);
    int table = a->n;
    a->code[j].arg = table - j;
    E0(a, COPY);
    EI(a, 0);
    E0(a, CMP);
    asm_emit(a, OP_JE, 0, 0, c0 - a->n);
    E0(a, COPY);
    EI(a, 1);
    E0(a, CMP);
    asm_emit(a, OP_JE, 0, 0, c1 - a->n);
    int end = a->n;
    a->code[e0].arg = end - e0;
    a->code[e1].arg = end - e1;
    E0(a, POP);
    int seen[3] = {0, 0, 0};
    for (uint64_t seed = 1; seed <= 30; seed++) {
        char err[300];
        lev = run_seed(a, seed, err, sizeof err);
        const char *m = msg(lev, 0);
        seen[!strcmp(m, "zero") ? 0 : !strcmp(m, "one") ? 1 : !*m ? 2 : 0] +=
            lev && lev->nmessages <= 1;
        splev_level_free(lev);
    }
    CHECK(seen[0] && seen[1] && seen[2] && seen[0] + seen[1] + seen[2] == 30,
          "SWITCH: cases and no match (%d %d %d); string ADD", seen[0], seen[1],
          seen[2]);

    /* arrays, SHUFFLE, LENGTH and a FUNCTION call with its own frame */
    start(a, NOFLIP);
    EI(a, 1);
    EI(a, 2);
    EI(a, 3);
    EI(a, 4);
    asm_emit(a, OP_SET_ARRAY, 0, 4, 2);
    asm_emit(a, OP_SHUFFLE, 0, 0, 2);
    asm_emit(a, OP_LENGTH, 0, 0, 2);
    EI(a, 0);
    asm_emit(a, OP_GET_ELEM, 0, 0, 2);
    EI(a, 5);
    asm_emit(a, OP_GET_ELEM, 0, 0, 2);        /* 5 % 4 = 1 */
    E0(a, ADD);
    E0(a, ADD);
    asm_emit(a, OP_CALL, 0, 1, 1);
    E0(a, EXIT);
    PSTR(a, "not reached");
    E0(a, MESSAGE);
    asm_func(a, "f", 1);
    asm_emit(a, OP_GET, 0, 0, 0);
    asm_emit(a, OP_CORE, 0, 1, CORE_STRING);
    E0(a, MESSAGE);
    lev = run(a);
    int v = lev && lev->nmessages == 1 ? atoi(msg(lev, 0)) : -1;
    CHECK(v >= 4 + 3 && v <= 4 + 7, "arrays, SHUFFLE, LENGTH, CALL, EXIT (%d)", v);
    splev_level_free(lev);

    /* FOR $i = 3 TO 1 as the compiler emits it: inclusive, step -1 */
    start(a, NOFLIP);
    EI(a, 3);
    asm_emit(a, OP_SET, 0, 0, 0);             /* $i */
    EI(a, 1);
    asm_emit(a, OP_SET, 0, 0, 1);             /* end */
    asm_emit(a, OP_GET, 0, 0, 1);
    asm_emit(a, OP_GET, 0, 0, 0);
    E0(a, SUB);
    E0(a, SIGN);
    asm_emit(a, OP_SET, 0, 0, 2);             /* step */
    PSTR(a, "");
    asm_emit(a, OP_SET, 0, 0, 3);
    int ftop = asm_emit(a, OP_GET, 0, 0, 3);
    asm_emit(a, OP_GET, 0, 0, 0);
    asm_emit(a, OP_CORE, 0, 1, CORE_STRING);
    E0(a, ADD);
    asm_emit(a, OP_SET, 0, 0, 3);
    asm_emit(a, OP_GET, 0, 0, 0);
    asm_emit(a, OP_GET, 0, 0, 1);
    E0(a, CMP);
    asm_emit(a, OP_GET, 0, 0, 2);
    asm_emit(a, OP_GET, 0, 0, 0);
    E0(a, ADD);
    asm_emit(a, OP_SET, 0, 0, 0);
    asm_emit(a, OP_JNE, 0, 0, ftop - a->n);
    asm_emit(a, OP_GET, 0, 0, 3);
    E0(a, MESSAGE);
    EI(a, 7);
    EI(a, 2);
    E0(a, DIV);
    EI(a, -7);
    EI(a, 0);
    E0(a, MOD);
    E0(a, ADD);
    asm_emit(a, OP_CORE, 0, 1, CORE_STRING);
    E0(a, MESSAGE);
    lev = run(a);
    CHECK(!strcmp(msg(lev, 0), "321") && !strcmp(msg(lev, 1), "3"),
          "FOR counts down inclusively; DIV and MOD by < 1 give 0");
    splev_level_free(lev);
}

static void test_errors(void)
{
    tasm *a = &A;
    char err[300];
    /* LOOP [1000000000] with a small step limit */
    loop_script(a, 1000000000);
    ctx.max_steps = 100000;
    splev_level *lev = run_seed(a, 1, err, sizeof err);
    ctx.max_steps = 10000000;
    CHECK(!lev && !strncmp(err, "t.des:1: error: step limit", 26),
          "runaway loop: positioned error (%s)", err);
    splev_level_free(lev);

    /* Work counts against the step limit: each WALLIFY walks the whole
     * map and is charged its 80 x 21 cells, so 100,000 steps allow 50
     * iterations of 9 instructions and one WALLIFY, not 60. */
    ctx.max_steps = 100000;
    loop_script_op(a, 50, OP_WALLIFY);
    lev = run_seed(a, 1, err, sizeof err);
    CHECK(lev && !strcmp(msg(lev, 0), "50"),
          "50 WALLIFYs fit in 100,000 steps (%s)", lev ? msg(lev, 0) : err);
    splev_level_free(lev);
    loop_script_op(a, 60, OP_WALLIFY);
    lev = run_seed(a, 1, err, sizeof err);
    CHECK(!lev && !strcmp(err, "t.des:1: error: step limit of 100000 reached "
                               "(runaway script?)"),
          "60 WALLIFYs do not: positioned error (%s)", err);
    splev_level_free(lev);
    ctx.max_steps = 10000000;

    /* A run of pushes (copied at once by the run loop) still stops on the
     * very push that passes the step limit: with pushes on lines 10..29,
     * each limit one step higher names the next line. */
    int want_line = 10, in_order = 1;
    for (uint64_t m = 1; m <= 40; m++) {
        start(a, NOFLIP);
        for (int k = 0; k < 20; k++) {
            a->line = 10 + k;
            EI(a, k);
        }
        a->line = 30;
        for (int k = 0; k < 20; k++)
            E0(a, POP);
        ctx.max_steps = m;
        lev = run_seed(a, 1, err, sizeof err);
        int line = 0;
        if (!lev && sscanf(err, "t.des:%d:", &line) == 1 && line >= 10 &&
            line <= 29) {
            in_order &= line == want_line;
            want_line++;
        }
        splev_level_free(lev);
    }
    ctx.max_steps = 10000000;
    CHECK(in_order && want_line == 30,
          "a run of pushes stops at the push that reaches the step limit");

    /* An element at a pushed index is read within the run of pushes; an
     * array without it leaves the run to the instructions, which name
     * the GET_ELEM's line: an empty array, then a plain variable. */
    for (int plain = 0; plain <= 1; plain++) {
        start(a, NOFLIP);
        if (plain) {
            EI(a, 5);
            asm_emit(a, OP_SET, 0, 0, 2);
        } else {
            asm_emit(a, OP_SET_ARRAY, 0, 0, 2);
        }
        a->line = 4;
        EI(a, 7);
        a->line = 5;
        EI(a, 0);
        a->line = 6;
        asm_emit(a, OP_GET_ELEM, 0, 0, 2);
        EI(a, 8);
        E0(a, POP);
        E0(a, POP);
        E0(a, POP);
        lev = run_seed(a, 1, err, sizeof err);
        CHECK(!lev && !strcmp(err, plain ? "t.des:6: error: $c is not an array"
                                         : "t.des:6: error: index 0 of $c is "
                                           "out of range"),
              "an element in a run of pushes: the GET_ELEM's error (%s)", err);
        splev_level_free(lev);
    }

    /* deep recursion */
    start(a, NOFLIP);
    asm_emit(a, OP_CALL, 0, 0, 1);
    asm_func(a, "r", 0);
    a->line = 7;
    asm_emit(a, OP_CALL, 0, 0, 1);
    lev = run_seed(a, 1, err, sizeof err);
    CHECK(!lev && strstr(err, "t.des:7: error: calls nested deeper"),
          "runaway recursion: positioned error (%s)", err);

    /* a type error names the line */
    start(a, NOFLIP);
    a->line = 3;
    EI(a, 5);
    E0(a, MESSAGE);
    lev = run_seed(a, 1, err, sizeof err);
    CHECK(!lev && !strcmp(err, "t.des:3: error: MESSAGE: the message must be a "
                               "string, not an integer"),
          "type error: positioned (%s)", err);

    start(a, NOFLIP);
    a->line = 4;
    PCOORD(a, 1, 1);
    EI(a, 0);
    EI(a, 0);
    EI(a, 0);
    asm_emit(a, OP_MAZEWALK, 0, 0, 0);
    lev = run_seed(a, 1, err, sizeof err);
    CHECK(!lev && !strcmp(err, "t.des:4: error: MAZEWALK: bad direction 0"),
          "MAZEWALK: a bad direction is a positioned error (%s)", err);

    start(a, NOFLIP);
    a->line = 2;
    for (int i = 0; i < 7; i++)
        EI(a, 0);
    asm_emit(a, OP_INIT_MAP, 0, 0, 3);
    lev = run_seed(a, 1, err, sizeof err);
    CHECK(lev != NULL, "INIT_MAP mines runs the generator stage (%s)", err);
    splev_level_free(lev);

    /* solidfill works: columns 2..78 */
    start(a, NOFLIP);
    EI(a, SPLEV_TREE);
    EI(a, 0);
    EI(a, 0);
    EI(a, 0);
    EI(a, 0);
    EI(a, 0);
    EI(a, 0);
    asm_emit(a, OP_INIT_MAP, 0, 0, 1);
    lev = run_seed(a, 1, err, sizeof err);
    CHECK(lev && lev->cells[1][5].typ == SPLEV_STONE &&
              lev->cells[2][5].typ == SPLEV_TREE && lev->cells[78][20].typ == SPLEV_TREE &&
              lev->cells[79][0].typ == SPLEV_STONE,
          "INIT_MAP solidfill fills columns 2..78");
    splev_level_free(lev);
}

/* The species facts behind a monster's spot (src/interp/species.c):
 * names within their class, a name alone, class defaults, exceptions. */
static void test_species_walls(void)
{
    CHECK(splev_passes_walls('X', NULL), "class X passes walls");
    CHECK(splev_passes_walls('X', "xorn"), "a xorn passes walls");
    CHECK(!splev_passes_walls('X', "Devil's Snare"), "Devil's Snare does not");
    CHECK(splev_passes_walls(' ', NULL) && splev_passes_walls(' ', "shade"),
          "ghosts and shades pass walls");
    CHECK(splev_passes_walls(0, "ghost"), "a ghost by name alone");
    CHECK(splev_passes_walls('E', "earth elemental"), "earth elemental");
    CHECK(!splev_passes_walls('E', "air elemental") &&
              !splev_passes_walls('E', NULL),
          "other elementals and a bare 'E' do not");
    CHECK(!splev_passes_walls('d', "jackal") && !splev_passes_walls(0, NULL),
          "a jackal and a fully random monster do not");
}

/* Rooms nest MAX_ROOM_NEST deep (levcode/limits.h, the checker's limit
 * too), REGION blocks and ROOMs alike: a script at the limit runs, one
 * a level deeper (made by hand: lev_comp refuses it) fails at the
 * statement that opens one too many. */
static void test_room_nesting(void)
{
    tasm *a = &A;
    char err[200];
    for (int depth = MAX_ROOM_NEST; depth <= MAX_ROOM_NEST + 1; depth++) {
        for (int room = 0; room < 2; room++) {
            start(a, NOFLIP);
            for (int i = 0; i < depth; i++) {
                a->line = i + 2;
                if (room) {
                    int32_t f[10] = {0, 100, 1, 0, 1, 1, i ? 0 : 1,
                                     i ? 0 : 1, 40 - 6 * i, 18 - 3 * i};
                    for (int k = 0; k < 10; k++)
                        EI(a, f[k]);
                    asm_emit(a, OP_ROOM, 0, 0, 0);
                } else {
                    PREG(a, 2 + i, 2 + i, 60 - i, 18 - i);
                    EI(a, 0);               /* unlit */
                    EI(a, 0);               /* ordinary */
                    EI(a, 1);               /* unfilled */
                    asm_emit(a, OP_REGION, 1, 0, 0);
                }
            }
            for (int i = 0; i < depth; i++)
                E0(a, ENDROOM);
            err[0] = 0;
            splev_level *lev = run_seed(a, 1, err, sizeof err);
            char want[100];
            snprintf(want, sizeof want,
                     "t.des:%d: error: %s: rooms nested deeper than %d",
                     MAX_ROOM_NEST + 2, room ? "ROOM" : "REGION",
                     MAX_ROOM_NEST);
            if (depth == MAX_ROOM_NEST)
                CHECK(lev && !err[0], "%s blocks %d deep run (%s)",
                      room ? "ROOM" : "REGION", depth, err);
            else
                CHECK(!lev && !strcmp(err, want),
                      "%s blocks %d deep: '%s' (%s)",
                      room ? "ROOM" : "REGION", depth, want, err);
            splev_level_free(lev);
        }
    }
}

int main(void)
{
    splev_genctx_init(&ctx);
    test_map_placement();
    test_selections();
    test_random_selections();
    test_doors_stairs_features();
    test_monsters_objects();
    test_terrain_ops();
    test_flip();
    test_branch_region();
    test_flip_lregion();
    test_control_flow();
    test_errors();
    test_species_walls();
    test_room_nesting();
    return unit_status();
}
