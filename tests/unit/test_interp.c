/* The level interpreter: small assembled scripts run for fixed seeds, with
 * the exact rendered map asserted; control flow, limits and errors. */
#include "common/common.h"
#include "interp_asm.h"
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

int main(void)
{
    splev_genctx_init(&ctx);
    test_map_placement();
    test_selections();
    test_random_selections();
    return unit_status();
}
