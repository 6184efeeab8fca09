/* rooms.c - the room flood of irregular REGION rooms and of caves.
 * Registration and topology are the generator stage's
 * (splev_gen_add_room, splev_gen_topologize): one for every room. */
#include "interp/rooms.h"

#include <string.h>

#define FLOOD_ROWS ((1u << SPLEV_ROWNO) - 1u)
#define TBIT(t) (1ull << (t))

static int wall_or_door(int t)
{
    return SPLEV_IS_WALL(t) || t == SPLEV_DOOR || t == SPLEV_SDOOR;
}

/* The fill works on columns of bits (bit y of word x for cell (x, y)):
 * the cells it may enter, found for a column when it first reaches
 * it.  The result of an 8-connected fill does not depend on the
 * visiting order, and the edges it marks cannot be filled (walls and
 * doors are not floor), so the region is found first and then marked. */
typedef struct flood {
    const splev_level *lev;
    int typ, anyroom, roomno;
    uint32_t fill[SPLEV_COLNO];
    uint32_t match[SPLEV_COLNO];
    uint8_t have[SPLEV_COLNO];        /* match[x] is known */
} flood;

static uint32_t flood_match(flood *f, int x)
{
    if (f->have[x])
        return f->match[x];
    /* floor-like terrain for anyroom: ROOM and above, trees */
    uint64_t ok = f->anyroom ? ~(TBIT(SPLEV_ROOM) - 1) | TBIT(SPLEV_TREE) |
                                   TBIT(SPLEV_DEADTREE)
                : f->typ < 64 ? TBIT(f->typ) : 0;
    const splev_cell *col = f->lev->cells[x];
    uint32_t m = 0;
    for (int y = 0; y < SPLEV_ROWNO; y++) {
        int t = col[y].typ;
        uint32_t in = t < 64 ? (uint32_t)(ok >> t) & 1u
                             : (uint32_t)(f->anyroom || t == f->typ);
        m |= (in & (col[y].roomno != f->roomno)) << y;
    }
    f->have[x] = 1;
    f->match[x] = m;
    return m;
}

/* One sweep over columns a..b (step +1 or -1): each column takes the
 * enterable cells next to the fill (its own column and both neighbours,
 * diagonals too), then closes up and down its runs.  1 if it grew. */
static int flood_sweep(flood *f, int a, int b, int step)
{
    int grew = 0;
    for (int x = a; x != b + step; x += step) {
        uint32_t n = f->fill[x - 1] | f->fill[x] | f->fill[x + 1];
        n |= (n << 1) | (n >> 1);
        uint32_t m = flood_match(f, x);
        uint32_t w = f->fill[x] | (n & m), prev = 0;
        while (w != prev) {
            prev = w;
            w |= ((w << 1) | (w >> 1)) & m;
        }
        if (w != f->fill[x]) {
            f->fill[x] = w;
            grew = 1;
        }
    }
    return grew;
}

/* Walls and doors around the filled cells become edges of the room. */
static void mark_edges(splev_level *lev, const uint32_t *fill, int lo, int hi,
                       int roomno, int lit)
{
    int a = lo - 1 < 1 ? 1 : lo - 1, b = hi + 1 > SPLEV_COLNO - 1 ? SPLEV_COLNO - 1 : hi + 1;
    for (int x = a; x <= b; x++) {
        uint32_t n = fill[x - 1] | fill[x] | (x + 1 < SPLEV_COLNO ? fill[x + 1] : 0);
        n = (n | (n << 1) | (n >> 1)) & FLOOD_ROWS;
        for (; n; n &= n - 1u) {
            splev_cell *c = &lev->cells[x][bit_low(n)];
            if (!wall_or_door(c->typ))
                continue;
            c->edge = 1;
            if (lit)
                c->lit = 1;
            if (c->roomno == ROOM_NO_ROOM)
                c->roomno = (uint8_t)roomno;
            else if (c->roomno != roomno)
                c->roomno = ROOM_SHARED;
        }
    }
}

void rooms_flood(splev_level *lev, int sx, int sy, int roomno, int lit,
                 int anyroom, int box[4], long *count)
{
    box[0] = box[2] = sx;
    box[1] = box[3] = sy;
    *count = 0;
    if (sx < 1 || sx >= SPLEV_COLNO || sy < 0 || sy >= SPLEV_ROWNO)
        return;
    flood f;
    memset(&f, 0, sizeof f);
    f.lev = lev;
    f.typ = lev->cells[sx][sy].typ;
    f.anyroom = anyroom;
    f.roomno = roomno;
    if (!((flood_match(&f, sx) >> sy) & 1u))
        return;
    /* Neighbours lie in columns 1..78; the start may be in column 79. */
    f.fill[sx] = 1u << sy;
    int lo = sx > 1 ? sx - 1 : 1, hi = sx < 78 ? sx + 1 : 78;
    for (int up = 1;; up = !up) {
        if (!(up ? flood_sweep(&f, lo, hi, 1) : flood_sweep(&f, hi, lo, -1)))
            break;
        while (lo > 1 && f.fill[lo])
            lo--;
        while (hi < 78 && f.fill[hi])
            hi++;
    }
    int flo = SPLEV_COLNO, fhi = -1;
    for (int x = 1; x < SPLEV_COLNO; x++) {
        uint32_t w = f.fill[x];
        if (!w)
            continue;
        if (x < flo)
            flo = x;
        fhi = x;
        splev_cell *col = lev->cells[x];
        for (uint32_t b = w; b; b &= b - 1u) {
            int y = bit_low(b);
            col[y].roomno = (uint8_t)roomno;
            col[y].lit = (uint8_t)(lit ? 1 : 0);
            (*count)++;
            if (y < box[1]) box[1] = y;
            if (y > box[3]) box[3] = y;
        }
    }
    if (flo < box[0]) box[0] = flo;
    if (fhi > box[2]) box[2] = fhi;
    if (anyroom)
        mark_edges(lev, f.fill, flo, fhi, roomno, lit);
}
