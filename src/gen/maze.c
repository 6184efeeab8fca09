/* maze.c - MAZEWALK: a recursive-backtracker perfect maze on the odd
 * lattice, and fill_empty_maze. */
#include "gen/gen_int.h"

#include <string.h>

enum { MAZE_XMAX = (SPLEV_COLNO - 1) & ~1, MAZE_YMAX = (SPLEV_ROWNO - 1) & ~1 };

static const int walk_dx[4] = {0, 1, 0, -1};   /* N, E, S, W */
static const int walk_dy[4] = {-1, 0, 1, 0};

/* A carved cell takes the fill and loses its flags and door state;
 * UnNetHack's walk marks the cells it carves in SpLev_Map (the maze
 * filler then stocks marked cells), NetHack 3.6's marks nothing. */
static void carve(splev_gen *g, int x, int y, int fill, int mark)
{
    splev_cell *c = gen_cell(g, x, y);
    c->typ = (uint8_t)fill;
    c->flags = 0;
    c->doormask = 0;
    if (mark)
        g->mark[x][y] = 1;
}

/* The cell two steps away from (x, y) in each direction, N, E, S, W, is
 * inside the maze area (x 3..78, y 3..20) and still stone: bit d of the
 * answer.  The start may lie outside the area, so both coordinates are
 * tested; each cell is read only when it is inside. */
static unsigned walk_options(const splev_cell *c, int x, int y)
{
    int inx = (unsigned)(x - 3) <= MAZE_XMAX - 3;
    int iny = (unsigned)(y - 3) <= MAZE_YMAX - 3;
    unsigned m = 0;
    if (inx && (unsigned)(y - 5) <= MAZE_YMAX - 5 && c[-2].typ == SPLEV_STONE)
        m |= 1u;
    if (iny && (unsigned)(x - 1) <= MAZE_XMAX - 3 &&
        c[2 * SPLEV_ROWNO].typ == SPLEV_STONE)
        m |= 2u;
    if (inx && (unsigned)(y - 1) <= MAZE_YMAX - 3 && c[2].typ == SPLEV_STONE)
        m |= 4u;
    if (iny && (unsigned)(x - 5) <= MAZE_XMAX - 3 &&
        c[-2 * SPLEV_ROWNO].typ == SPLEV_STONE)
        m |= 8u;
    return m;
}

/* How many bits a 4-bit option mask has, and its k-th set bit (bits
 * 2k, 2k + 1 of nth_option[m]). */
static const uint8_t opt_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
static const uint8_t nth_option[16] = {
    0x00, 0x00, 0x01, 0x04, 0x02, 0x08, 0x09, 0x24,
    0x03, 0x0c, 0x0d, 0x34, 0x0e, 0x38, 0x39, 0xe4};

/* A carved cell of the walk, with its mark (index i of the grid, x *
 * SPLEV_ROWNO + y, in the cells and the marks alike). */
static void walk_carve(splev_cell *cells, uint8_t *marks, int i, int fill,
                       int mark)
{
    cells[i].typ = (uint8_t)fill;
    cells[i].flags = 0;
    cells[i].doormask = 0;
    if (mark)
        marks[i] = 1;
}

/* Depth-first walk with an explicit stack of x * 256 + y: the same draws
 * as the game's recursion (options in N, E, S, W order, one rn2 per
 * step).  A door on the way is kept, but marked.  The generator is a
 * local copy while the walk runs (the cell stores could alias it). */
void splev_gen_walkfrom(splev_gen *g, int x, int y, int fill)
{
    static const int walk_di[4] = {-1, SPLEV_ROWNO, 1, -SPLEV_ROWNO};
    uint16_t stack[SPLEV_COLNO * SPLEV_ROWNO];
    splev_cell *cells = (splev_cell *)g->lev->cells;
    uint8_t *marks = (uint8_t *)g->mark;
    int sp = 0, mark = g->dialect == SPLEV_GEN_UN;
    /* A STONE fill would leave every cell open to the walk again, and the
     * stack (one entry a lattice cell) would overflow: nothing to carve. */
    if (!gen_isok(x, y) || fill == SPLEV_STONE)
        return;
    int i = x * SPLEV_ROWNO + y;
    if (cells[i].typ != SPLEV_DOOR)
        walk_carve(cells, marks, i, fill, mark);
    else if (mark)
        marks[i] = 1;
    stack[sp++] = (uint16_t)(x << 8 | y);
    splev_rng rng = *g->rng;
    while (sp > 0) {
        int cx = stack[sp - 1] >> 8, cy = stack[sp - 1] & 0xff;
        i = cx * SPLEV_ROWNO + cy;
        unsigned opts = walk_options(&cells[i], cx, cy);
        if (!opts) {
            sp--;
            continue;
        }
        int d = nth_option[opts] >> 2 * splev_rn2(&rng, opt_count[opts]) & 3;
        walk_carve(cells, marks, i + walk_di[d], fill, mark);
        i += 2 * walk_di[d];
        if (cells[i].typ != SPLEV_DOOR)
            walk_carve(cells, marks, i, fill, mark);
        else if (mark)
            marks[i] = 1;
        stack[sp++] = (uint16_t)((cx + 2 * walk_dx[d]) << 8 | (cy + 2 * walk_dy[d]));
    }
    *g->rng = rng;
}

void splev_gen_mazewalk(splev_gen *g, int x, int y, int dir, int stocked,
                        int fill)
{
    if (!gen_isok(x, y))
        return;
    if (fill < 1 || fill >= SPLEV_TERRAIN_COUNT)   /* lev_comp rejects bad ones */
        fill = (g->lev->flags & SPLEV_F_CORRMAZE) ? SPLEV_CORR : SPLEV_ROOM;
    switch (dir) {
    case SPLEV_GEN_NORTH: y--; break;
    case SPLEV_GEN_SOUTH: y++; break;
    case SPLEV_GEN_EAST:  x++; break;
    case SPLEV_GEN_WEST:  x--; break;
    default: return;
    }
    if (!gen_isok(x, y))
        return;
    if (gen_typ(g, x, y) != SPLEV_DOOR)
        carve(g, x, y, fill, g->dialect == SPLEV_GEN_UN);
    if (!(x % 2)) {
        x += dir == SPLEV_GEN_EAST ? 1 : -1;
        if (!gen_isok(x, y))
            return;
        carve(g, x, y, fill, g->dialect == SPLEV_GEN_UN);
    }
    if (!(y % 2))
        y += dir == SPLEV_GEN_SOUTH ? 1 : -1;
    splev_gen_walkfrom(g, x, y, fill);
    if (stocked)
        splev_gen_fill_maze(g);
}

/* The area of the maze filler's spots, x 3..77 and y 3..19 (the game's
 * draws rn1(75, 3) and rn1(17, 3)); a table of it holds cell (x, y) as
 * bit y - SPOT_Y0 of word x - SPOT_X0.  The filler adds things, never
 * terrain or marks, so one list of spots serves all its picks. */
enum { SPOT_X0 = 3, SPOT_W = 75, SPOT_Y0 = 3, SPOT_H = 17 };
typedef uint32_t spot_table[SPOT_W];

static const uint8_t dry_cell[256] = {
    [SPLEV_ROOM] = 1, [SPLEV_CORR] = 1, [SPLEV_ICE] = 1, [SPLEV_AIR] = 1,
    [SPLEV_CLOUD] = 1,
};

/* Bytes p[0..3] and p[0..7] as little-endian words (byte i is bits 8i
 * .. 8i + 7 on every machine; compilers make each one load where that
 * is the machine's order). */
static inline uint64_t load_le32(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
           (uint64_t)p[3] << 24;
}

static inline uint64_t load_le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
           (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
           (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/* Bit i set when byte i of w (each byte 0 or 1) is 1: byte i lands on
 * bit 56 + i of the product and nowhere else there. */
static uint32_t byte_bits(uint64_t w)
{
    return (uint32_t)((w * 0x0102040810204080ULL) >> 56);
}

/* The sum of the eight bytes of w, by pairs first: the total may pass
 * 255 (a pair and the total stay below 65536). */
static int byte_sum(uint64_t w)
{
    const uint64_t even = 0x00ff00ff00ff00ffULL;
    uint64_t pairs = (w & even) + ((w >> 8) & even);
    return (int)((pairs * 0x0001000100010001ULL) >> 48);
}

_Static_assert(SPOT_X0 % 2 == 1 && SPOT_Y0 % 2 == 1 && SPOT_H == 17,
               "the spot table starts on odd cells and has 17 rows");
_Static_assert(SPLEV_GEN_MAXSPOTS == (SPOT_W + 1) / 2 * ((SPOT_H + 1) / 2),
               "a spot list holds every odd cell of the table");
/* The dry cells of a column's odd rows, as bits y - SPOT_Y0. */
static uint32_t dry_odd_rows(const splev_cell *col)
{
#define DRY(k) ((uint32_t)dry_cell[col[k].typ] << (k))
    return DRY(0) | DRY(2) | DRY(4) | DRY(6) | DRY(8) | DRY(10) | DRY(12) |
           DRY(14) | DRY(16);
#undef DRY
}

/* One pass over the marks of x 2..77 (each 0 or 1, gen.h), rows 0..7,
 * 8..15 and 16..19 of a column as three words: their running sum (at
 * most 76 * 3 in a byte) counts the marked cells, and an odd column's
 * words give its spots, y ascending. */
void splev_gen_maze_spots(const splev_gen *g, splev_gen_spots *s)
{
    uint32_t flip = g->dialect == SPLEV_GEN_UN ? 0 : ~0u;
    uint64_t sum = 0;
    int n = 0;
    for (int x = SPOT_X0 - 1; x < SPOT_X0 + SPOT_W; x++) {
        uint64_t a = load_le64(g->mark[x]), b = load_le64(g->mark[x] + 8);
        uint64_t c = load_le32(g->mark[x] + 16);
        sum += a + b + c;
        if (!(x & 1))
            continue;
        uint32_t marks = byte_bits(a) >> SPOT_Y0 | byte_bits(b) << (8 - SPOT_Y0) |
                         byte_bits(c) << (16 - SPOT_Y0);
        uint32_t rows = dry_odd_rows(g->lev->cells[x] + SPOT_Y0) & (marks ^ flip);
        for (; rows; rows &= rows - 1)
            s->xy[n++] = (uint16_t)(x << 8 | (__builtin_ctz(rows) + SPOT_Y0));
    }
    s->n = n;
    s->marked = byte_sum(sum);
}

static int spot_pick(splev_rng *r, const splev_gen_spots *s, int *x, int *y)
{
    if (s->n <= 0)
        return 0;
    int xy = s->xy[splev_rn2(r, s->n)];
    *x = xy >> 8;
    *y = xy & 0xff;
    return 1;
}

int splev_gen_maze_spot(splev_gen *g, const splev_gen_spots *s, int *x, int *y)
{
    return spot_pick(g->rng, s, x, y);
}

/* The spots monsters already hold, in the table's layout; the filler's
 * monsters take theirs as they come, so a spot is looked up, not
 * searched for among all the monsters. */
static void spot_taken_make(const splev_level *lev, spot_table taken)
{
    memset(taken, 0, sizeof(spot_table));
    for (size_t i = 0; i < lev->nmonsters; i++) {
        int x = lev->monsters[i].x - SPOT_X0, y = lev->monsters[i].y - SPOT_Y0;
        if (x >= 0 && x < SPOT_W && y >= 0 && y < SPOT_H)
            taken[x] |= 1u << y;
    }
}

/* 1 when the spot (x, y) of the table was free; it is taken now. */
static int spot_take(spot_table taken, int x, int y)
{
    uint32_t bit = 1u << (y - SPOT_Y0);
    if (taken[x - SPOT_X0] & bit)
        return 0;
    taken[x - SPOT_X0] |= bit;
    return 1;
}

/* Random things over the maze, as many as its carved share allows; they
 * are recorded in the model (classes only: the engine picks species). */
void splev_gen_fill_maze(splev_gen *g)
{
    /* NetHack 3.4.3 measures the unused share against the whole maze
     * area, 3.6 against half of it (twice the things) */
    int count = 76 * 18, mapcountmax = g->old343 ? count : count / 2;
    int mapfact = 0;
    splev_gen_spots spots;
    splev_gen_maze_spots(g, &spots);
    count -= g->dialect == SPLEV_GEN_UN ? 76 * 20 - spots.marked : spots.marked;
    if (count > mapcountmax / 10)
        mapfact = count * 100 / mapcountmax;
    int x = 0, y = 0;
    spot_table taken;
    splev_rng r = *g->rng;      /* in registers across the record calls */
    for (int i = splev_rnd(&r, 20 * mapfact / 100); i; i--) {
        int found = spot_pick(&r, &spots, &x, &y);
        char cls = splev_rn2(&r, 2) ? '*' : 0;
        if (found)
            splev_level_add_object(g->lev, x, y, cls, NULL);
    }
    for (int i = splev_rnd(&r, 12 * mapfact / 100); i; i--)
        if (spot_pick(&r, &spots, &x, &y))
            splev_level_add_object(g->lev, x, y, '`', "boulder");
    /* A monster drawn onto another one is not made (the game's makemon
     * refuses a taken spot). */
    spot_taken_make(g->lev, taken);
    for (int i = splev_rn2(&r, 2); i; i--)
        if (spot_pick(&r, &spots, &x, &y) && spot_take(taken, x, y))
            splev_level_add_monster(g->lev, x, y, 'H', "minotaur");
    for (int i = splev_rnd(&r, 12 * mapfact / 100); i; i--)
        if (spot_pick(&r, &spots, &x, &y) && spot_take(taken, x, y))
            splev_level_add_monster(g->lev, x, y, 0, NULL);
    for (int i = splev_rn2(&r, 15 * mapfact / 100); i; i--)
        if (spot_pick(&r, &spots, &x, &y))
            splev_level_add_gold(g->lev, x, y, 0);
    for (int i = splev_rn2(&r, 15 * mapfact / 100); i; i--)
        if (spot_pick(&r, &spots, &x, &y))
            splev_level_add_trap(g->lev, x, y, 0);
    *g->rng = r;
}
