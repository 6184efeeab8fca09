/* walls.c - walls from floor (wallify), the wall-removal pass and the
 * wall-spine pass that gives walls their corner and T shapes, as the
 * games' wallification does. */
#include "interp/rooms.h"

#include <string.h>

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The first floor-like neighbour in row order decides the wall's kind;
 * the window is clipped to the region on the high side only (the
 * games' quirk, kept). */
static void wallify_cell(splev_level *lev, int x, int y, int x2, int y2)
{
    int lox = x - 1 < 1 ? 1 : x - 1, hix = x + 1 > x2 ? x2 : x + 1;
    int loy = y - 1 < 0 ? 0 : y - 1, hiy = y + 1 > y2 ? y2 : y + 1;
    for (int yy = loy; yy <= hiy; yy++)
        for (int xx = lox; xx <= hix; xx++) {
            int t = lev->cells[xx][yy].typ;
            if (t >= SPLEV_ROOM || t == SPLEV_CROSSWALL) {
                lev->cells[x][y].typ = yy != y ? SPLEV_HWALL : SPLEV_VWALL;
                return;
            }
        }
}

void walls_wallify(splev_level *lev, int x1, int y1, int x2, int y2)
{
    x1 = x1 < 1 ? 1 : x1;
    y1 = y1 < 0 ? 0 : y1;
    x2 = x2 > SPLEV_COLNO - 1 ? SPLEV_COLNO - 1 : x2;
    y2 = y2 > SPLEV_ROWNO - 1 ? SPLEV_ROWNO - 1 : y2;
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++)
            if (lev->cells[x][y].typ == SPLEV_STONE)
                wallify_cell(lev, x, y, x2, y2);
}

/* Cell classes for the two passes, as bit planes: bit y of a column
 * word per class (outside the map counts as solid rock).  Changing one
 * wall into another never changes a class, so one classification serves
 * a whole pass in any order, and a column's answers come from a few
 * word operations on it and its two neighbours. */
#define ROWS ((1u << SPLEV_ROWNO) - 1u)
#define TOP_ROW (1u << (SPLEV_ROWNO - 1))

/* Per terrain byte, a 3-bit class code spread to bits 0, 21 and 42 of
 * a word: a cell costs one table load, a shift and an add.  The eight
 * classes (what the passes tell apart) and their codes:
 *   0 other        1 drawbridge   2 door, secret door, iron bars
 *   3 CROSSWALL    4 stone        5 DBWALL       6 other walls   7 HWALL
 * chosen so that each plane is a few operations on the code's three
 * bit planes (code_planes); doors and bars are told apart by a look at
 * those few cells.  HWALL, the commonest wall, has a class of its own:
 * the spine pass need not write it again.  A constant table, built by
 * the macros. */
#define T_CWALL(t) ((t) != SPLEV_STONE && (t) < SPLEV_DBWALL)
#define T_CODE(t)                                                           \
    ((t) == SPLEV_STONE ? 4 : (t) == SPLEV_CROSSWALL ? 3 :                  \
     (t) == SPLEV_HWALL ? 7 : T_CWALL(t) ? 6 : (t) == SPLEV_DBWALL ? 5 :     \
     (t) == SPLEV_DOOR || (t) == SPLEV_SDOOR || (t) == SPLEV_IRONBARS ? 2 :  \
     (t) == SPLEV_DRAWBRIDGE_UP || (t) == SPLEV_DRAWBRIDGE_DOWN ? 1 : 0)
#define SPREAD(t) ((uint64_t)(T_CODE(t) & 1) | (uint64_t)(T_CODE(t) >> 1 & 1) << 21 | \
                   (uint64_t)(T_CODE(t) >> 2) << 42)
#define R4(M, b) M(b), M(b + 1), M(b + 2), M(b + 3)
#define R16(M, b) R4(M, b), R4(M, b + 4), R4(M, b + 8), R4(M, b + 12)
#define R64(M, b) R16(M, b), R16(M, b + 16), R16(M, b + 32), R16(M, b + 48)
#define R256(M) R64(M, 0), R64(M, 64), R64(M, 128), R64(M, 192)
static const uint64_t spread[256] = {R256(SPREAD)};
#define REV8(b) (((b) & 1) << 7 | ((b) & 2) << 5 | ((b) & 4) << 3 | \
                 ((b) & 8) << 1 | ((b) & 16) >> 1 | ((b) & 32) >> 3 | \
                 ((b) & 64) >> 5 | ((b) & 128) >> 7)
static const uint8_t rev8[256] = {R256(REV8)};

/* A column's class codes.  From the bottom row up each row doubles what
 * came before and adds its own spread bits: bit y of every field ends
 * up holding row y (the fields take distinct powers of two, so no sum
 * carries).  Three rows a step. */
_Static_assert(SPLEV_ROWNO % 3 == 0, "column_codes takes rows in threes");
static uint64_t column_codes(const splev_cell *col)
{
    uint64_t a = 0;
    for (int y = SPLEV_ROWNO - 1; y > 0; y -= 3) {
        a = a * 2 + spread[col[y].typ];
        a = a * 2 + spread[col[y - 1].typ];
        a = a * 2 + spread[col[y - 2].typ];
    }
    return a;
}

/* The planes of column x from its codes (see the table above). */
static void code_planes(const splev_cell *col, wall_planes *p, int x,
                        uint64_t a)
{
    uint32_t b0 = (uint32_t)a & ROWS, b1 = (uint32_t)(a >> 21) & ROWS;
    uint32_t b2 = (uint32_t)(a >> 42) & ROWS;
    uint32_t door = b1 & ~b0 & ~b2;
    p->solid[x] = b2 | b1;
    p->rsolid[x] = b2 | (b1 & b0);
    p->like[x] = b1 | (b2 & b0);
    p->wall[x] = (b2 & b1) | (b1 & b0);
    p->hwall[x] = b2 & b1 & b0;
    p->rare[x] = b0 & ~b2;
    for (uint32_t m = door; m; m &= m - 1u)
        if (col[bit_low(m)].typ == SPLEV_IRONBARS)
            door &= ~(m & -m);
    p->door[x] = door;
}

void walls_planes(const splev_level *lev, wall_planes *p, int lx, int hx)
{
    lx = clampi(lx, 0, SPLEV_COLNO - 1);
    hx = clampi(hx, 0, SPLEV_COLNO - 1);
    for (int x = 0; x < SPLEV_COLNO; x++)
        code_planes(lev->cells[x], p, x,
                    x >= lx && x <= hx ? column_codes(lev->cells[x])
                                       : spread[SPLEV_STONE] * ROWS);
}

void walls_planes_column(const splev_level *lev, wall_planes *p, int x)
{
    code_planes(lev->cells[x], p, x, column_codes(lev->cells[x]));
}

void walls_planes_copy(wall_planes *to, const wall_planes *from, int x)
{
    to->solid[x] = from->solid[x];
    to->rsolid[x] = from->rsolid[x];
    to->like[x] = from->like[x];
    to->wall[x] = from->wall[x];
    to->hwall[x] = from->hwall[x];
    to->door[x] = from->door[x];
    to->rare[x] = from->rare[x];
}

/* Bits y1..y2 of a column. */
static uint32_t rows_between(int y1, int y2);

/* Bit y of w (y1 <= y <= y2) moved to y1 + y2 - y; the rest kept. */
static uint32_t mirror_rows(uint32_t w, int y1, int y2)
{
    uint32_t span = rows_between(y1, y2), m = w & span;
    uint64_t r = (uint64_t)rev8[m & 255] << 56 | (uint64_t)rev8[(m >> 8) & 255] << 48 |
                 (uint64_t)rev8[(m >> 16) & 255] << 40 | (uint64_t)rev8[m >> 24] << 32;
    return (w & ~span) | (uint32_t)(r >> (63 - y1 - y2));
}

void walls_planes_flip(wall_planes *p, int fx, int fy, int x1, int y1,
                       int x2, int y2)
{
    uint32_t *planes[] = {p->solid, p->like, p->wall, p->hwall};
    for (size_t k = 0; k < sizeof planes / sizeof planes[0]; k++) {
        uint32_t *c = planes[k];
        if (fx)
            for (int a = x1, b = x2; a < b; a++, b--) {
                uint32_t t = c[a];
                c[a] = c[b];
                c[b] = t;
            }
        if (fy)
            for (int x = x1; x <= x2; x++)
                c[x] = mirror_rows(c[x], y1, y2);
    }
}

static uint32_t rows_between(int y1, int y2)
{
    return (ROWS >> (SPLEV_ROWNO - 1 - y2)) & ~((1u << y1) - 1u);
}

/* A column's plane seen from row y + 1 (up) or y - 1 (down): bit y says
 * what the cell above (below) is; `edge` is the answer off the map. */
static uint32_t from_above(uint32_t m, uint32_t edge)
{
    return (m << 1) | (edge & 1u);
}

static uint32_t from_below(uint32_t m, uint32_t edge)
{
    return (m >> 1) | (edge & TOP_ROW);
}

/* A column of a plane, or `edge` beyond the map's sides. */
static uint32_t col_or(const uint32_t *plane, int x, uint32_t edge)
{
    return x < 0 || x >= SPLEV_COLNO ? edge : plane[x];
}

/* A wall with only solid ground around it is buried rock: make it stone.
 * The removal test's "solid" is stone or any wall, DBWALL included, so
 * the removal changes no rsolid bit and the columns need no order. */
void walls_remove_buried(splev_level *lev, wall_planes *p, int x1, int y1,
                         int x2, int y2, const uint8_t *skip)
{
    if (x1 > x2 || y1 > y2)
        return;
    uint32_t span = rows_between(y1, y2);
    for (int x = x1; x <= x2; x++) {
        uint32_t kill = p->wall[x] & span;
        if (!kill || (skip && skip[x]))
            continue;
        uint32_t l = col_or(p->rsolid, x - 1, ROWS);
        uint32_t r = col_or(p->rsolid, x + 1, ROWS);
        uint32_t c = p->rsolid[x];
        kill &= l & r & from_above(l, ROWS) & from_below(l, ROWS) &
                from_above(r, ROWS) & from_below(r, ROWS) &
                from_above(c, ROWS) & from_below(c, ROWS);
        for (uint32_t w = kill; w; w &= w - 1u)
            lev->cells[x][bit_low(w)].typ = SPLEV_STONE;
        p->wall[x] &= ~kill;
        p->hwall[x] &= ~kill;
        p->like[x] &= ~kill;
    }
}

/* Write type t into the rows of m of a column. */
static inline void put_rows(splev_cell *col, uint32_t m, uint8_t t)
{
    for (; m; m &= m - 1u)
        col[bit_low(m)].typ = t;
}

/* Which of the four neighbours continue each wall: a wall-like
 * neighbour counts unless the two cells beside the step are solid on
 * both sides.  The shape follows from the four answers: none keeps the
 * wall, only east/west makes it horizontal, only north/south vertical,
 * one of each a corner, three a T, four a cross.  Each shape is a mask
 * of the column's rows, written with its type. */
int walls_spines_planes(splev_level *lev, wall_planes *p, int x1, int y1,
                        int x2, int y2, const uint8_t *skip)
{
    if (x1 > x2 || y1 > y2)
        return 0;
    uint32_t span = rows_between(y1, y2), kept = 0;
    for (int x = x1; x <= x2; x++) {
        uint32_t walls = p->wall[x] & span;
        if (!walls || (skip && skip[x]))
            continue;
        uint32_t sl = col_or(p->solid, x - 1, ROWS), sr = col_or(p->solid, x + 1, ROWS);
        uint32_t sc = p->solid[x];
        uint32_t ll = col_or(p->like, x - 1, 0), lr = col_or(p->like, x + 1, 0);
        uint32_t lc = p->like[x];
        uint32_t sides = sl & sr;
        uint32_t n = from_above(lc, 0) &
                     ~(sides & from_above(sl, ROWS) & from_above(sr, ROWS));
        uint32_t s = from_below(lc, 0) &
                     ~(sides & from_below(sl, ROWS) & from_below(sr, ROWS));
        uint32_t vert = from_above(sc, ROWS) & from_below(sc, ROWS);
        uint32_t e = lr & ~(vert & from_above(sr, ROWS) & from_below(sr, ROWS));
        uint32_t w = ll & ~(vert & from_above(sl, ROWS) & from_below(sl, ROWS));
        uint32_t ns = n | s, ew = e | w;
        uint32_t keep = walls & ~(ns | ew), hor = walls & ew & ~ns;
        kept |= keep;
        splev_cell *col = lev->cells[x];
        /* the horizontal walls that are HWALL already stay */
        put_rows(col, hor & ~p->hwall[x], SPLEV_HWALL);
        p->hwall[x] = (p->hwall[x] & ~(walls & ~keep)) | hor;
        put_rows(col, walls & ns & ~ew, SPLEV_VWALL);
        uint32_t both = walls & ns & ew;
        if (!both)
            continue;
        /* north only, south only, both; east only, west only, both */
        uint32_t no = both & n & ~s, so = both & s & ~n, nsb = both & n & s;
        uint32_t eo = e & ~w, wo = w & ~e, ewb = e & w;
        put_rows(col, so & eo, SPLEV_TLCORNER);
        put_rows(col, so & wo, SPLEV_TRCORNER);
        put_rows(col, so & ewb, SPLEV_TDWALL);
        put_rows(col, no & eo, SPLEV_BLCORNER);
        put_rows(col, no & wo, SPLEV_BRCORNER);
        put_rows(col, no & ewb, SPLEV_TUWALL);
        put_rows(col, nsb & eo, SPLEV_TRWALL);
        put_rows(col, nsb & wo, SPLEV_TLWALL);
        put_rows(col, nsb & ewb, SPLEV_CROSSWALL);
    }
    return kept != 0;
}

/* The spine pass sees a mirrored level as the mirror of what it saw:
 * east and west (north and south) trade places, so each shape becomes
 * its mirror image.  Indexed by fx + 2 * fy, then by wall type. */
static const uint8_t mirrored[4][SPLEV_DBWALL] = {
#define SHAPES(tl, tr, bl, br, tu, td, tlw, trw)                              \
    {SPLEV_STONE, SPLEV_VWALL, SPLEV_HWALL, tl, tr, bl, br, SPLEV_CROSSWALL,  \
     tu, td, tlw, trw}
    SHAPES(SPLEV_TLCORNER, SPLEV_TRCORNER, SPLEV_BLCORNER, SPLEV_BRCORNER,
           SPLEV_TUWALL, SPLEV_TDWALL, SPLEV_TLWALL, SPLEV_TRWALL),
    SHAPES(SPLEV_TRCORNER, SPLEV_TLCORNER, SPLEV_BRCORNER, SPLEV_BLCORNER,
           SPLEV_TUWALL, SPLEV_TDWALL, SPLEV_TRWALL, SPLEV_TLWALL),
    SHAPES(SPLEV_BLCORNER, SPLEV_BRCORNER, SPLEV_TLCORNER, SPLEV_TRCORNER,
           SPLEV_TDWALL, SPLEV_TUWALL, SPLEV_TLWALL, SPLEV_TRWALL),
    SHAPES(SPLEV_BRCORNER, SPLEV_BLCORNER, SPLEV_TRCORNER, SPLEV_TLCORNER,
           SPLEV_TDWALL, SPLEV_TUWALL, SPLEV_TRWALL, SPLEV_TLWALL),
#undef SHAPES
};

void walls_mirror_shapes(splev_level *lev, const wall_planes *p, int fx,
                         int fy, int x1, int y1, int x2, int y2)
{
    if (x1 > x2 || y1 > y2 || !(fx || fy))
        return;
    const uint8_t *to = mirrored[(fx != 0) + 2 * (fy != 0)];
    uint32_t span = rows_between(y1, y2);
    for (int x = x1; x <= x2; x++) {
        splev_cell *col = lev->cells[x];
        for (uint32_t m = p->wall[x] & span; m; m &= m - 1u) {
            splev_cell *c = &col[bit_low(m)];
            c->typ = to[c->typ];
        }
    }
}

int walls_wallification_planes(splev_level *lev, wall_planes *p, int lx,
                               int ly, int hx, int hy, const uint8_t *skip)
{
    int x1 = clampi(lx, 1, SPLEV_COLNO - 1), x2 = clampi(hx, 1, SPLEV_COLNO - 1);
    int y1 = clampi(ly, 0, SPLEV_ROWNO - 1), y2 = clampi(hy, 0, SPLEV_ROWNO - 1);
    if (lx > hx || ly > hy || x1 > x2 || y1 > y2)
        return 0;
    walls_remove_buried(lev, p, x1, y1, x2, y2, skip);
    return walls_spines_planes(lev, p, x1, y1, x2, y2, skip);
}
