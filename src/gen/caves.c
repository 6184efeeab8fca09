/* caves.c - INIT_MAP: solid fill, maze grid and the cellular-automaton
 * caves of the Mines. */
#include "gen/gen_int.h"

#include <stddef.h>
#include <string.h>

enum { CAVE_W = SPLEV_COLNO - 2, CAVE_H = SPLEV_ROWNO - 1 };

/* set-type-and-light on every cell: lit is never -1 by then (no
 * draws), so every cell gets the same type and light.  When both are set
 * the two adjacent bytes (typ, lit) are one two-byte copy a cell, three
 * cells a step. */
_Static_assert(offsetof(splev_cell, typ) == 0 && offsetof(splev_cell, lit) == 1,
               "a cell starts with typ and lit: copied together");
_Static_assert(SPLEV_ROWNO % 3 == 0, "solidfill takes rows in threes");
void splev_gen_solidfill(splev_gen *g, int fill, int lit)
{
    if (lit == -1)
        lit = gen_rn2(g, 2);
    int set_typ = fill < SPLEV_TERRAIN_COUNT || SPLEV_IS_VTERRAIN(fill);
    int set_lit = fill == SPLEV_LAVAPOOL || lit != -2;
    uint8_t typ = (uint8_t)fill;
    uint8_t l = (uint8_t)(fill == SPLEV_LAVAPOOL ? 1 : lit != 0);
    const uint8_t both[2] = {typ, l};
    for (int x = 2; x <= SPLEV_COLNO - 2; x++) {
        splev_cell *col = g->lev->cells[x];
        if (set_typ && set_lit)
            for (int y = 0; y < SPLEV_ROWNO; y += 3) {
                memcpy(&col[y], both, 2);
                memcpy(&col[y + 1], both, 2);
                memcpy(&col[y + 2], both, 2);
            }
        else if (set_typ)
            for (int y = 0; y < SPLEV_ROWNO; y += 3)
                col[y].typ = col[y + 1].typ = col[y + 2].typ = typ;
        else if (set_lit)
            for (int y = 0; y < SPLEV_ROWNO; y++)
                col[y].lit = l;
    }
}

/* Rows 0..20 of a mazegrid column: stone on the top two, then `even` on
 * the even rows and `odd` on the odd ones, written out (a loop over the
 * 21 rows cost more in its steps than in its stores). */
_Static_assert(SPLEV_ROWNO == 21, "a mazegrid column has 21 rows");
static void mazegrid_column(splev_cell *col, uint8_t even, uint8_t odd)
{
#define GRID_PAIR(y) (col[y].typ = even, col[(y) + 1].typ = odd)
    col[0].typ = col[1].typ = SPLEV_STONE;
    GRID_PAIR(2), GRID_PAIR(4), GRID_PAIR(6), GRID_PAIR(8), GRID_PAIR(10);
    GRID_PAIR(12), GRID_PAIR(14), GRID_PAIR(16), GRID_PAIR(18);
    col[20].typ = even;
#undef GRID_PAIR
}

/* Stone on the top two rows, on every cell (corridor mazes) or on the odd
 * cells of odd columns; the fill elsewhere unless it is "keep". */
void splev_gen_mazegrid(splev_gen *g, int fill)
{
    int corrmaze = (g->lev->flags & SPLEV_F_CORRMAZE) != 0;
    if (fill == SPLEV_TRANSPARENT) {            /* keep: the stone only */
        for (int x = 2; x <= SPLEV_COLNO - 2; x++) {
            splev_cell *col = g->lev->cells[x];
            col[0].typ = col[1].typ = SPLEV_STONE;
            for (int y = 2; y < SPLEV_ROWNO; y++)
                if (corrmaze || ((x & 1) && (y & 1)))
                    col[y].typ = SPLEV_STONE;
        }
        return;
    }
    uint8_t even = corrmaze ? SPLEV_STONE : (uint8_t)fill;
    uint8_t odd = corrmaze ? SPLEV_STONE : (uint8_t)fill;
    /* x 2..78: even columns, odd ones with stone on their odd rows */
    _Static_assert(SPLEV_COLNO % 2 == 0, "x 2..78 ends on an even column");
    for (int x = 2; x < SPLEV_COLNO - 2; x += 2) {
        mazegrid_column(g->lev->cells[x], even, odd);
        mazegrid_column(g->lev->cells[x + 1], even, SPLEV_STONE);
    }
    mazegrid_column(g->lev->cells[SPLEV_COLNO - 2], even, odd);
}

/* The automaton, the joining and the walls work on column masks: bit y of
 * m[x] stands for cell (x, y), so a column is one word and a pass over
 * the map is 77 words of bit arithmetic.  The model gets the cells the
 * game writes, with the same values; only the order of the writes, which
 * nothing sees, differs. */
enum {
    CAVE_ROWS = (1 << SPLEV_ROWNO) - 1,
    CAVE_AREA = ((1 << CAVE_H) - 1) & ~1,     /* rows 1..19 */
    CAVE_MAXSPANS = SPLEV_COLNO * (SPLEV_ROWNO + 1) / 2
};
typedef uint32_t cave_cols[SPLEV_COLNO + 1];

/* The index of the lowest set bit of m (m != 0). */
static int cave_low(uint32_t m)
{
    static const uint8_t pos[32] = {
        0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
        31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9};
    return pos[((m & (0u - m)) * 0x077CB531u) >> 27];
}

/* A full adder on 32 lanes: s the sum bits, k the carries. */
static inline void cave_add3(uint32_t a, uint32_t b, uint32_t c, uint32_t *s,
                             uint32_t *k)
{
    uint32_t t = a ^ b;
    *s = t ^ c;
    *k = (a & b) | (t & c);
}

/* Seed 2/5 of the area with foreground (a set bit); wasted draws still
 * count.  When fg == bg every cell is "background" and every draw hits. */
static void cave_init_fill(splev_gen *g, uint32_t *m, int same)
{
    int limit = CAVE_W * CAVE_H * 2 / 5, count = 0;
    while (count < limit) {
        int x = gen_rn1(g, CAVE_W - 1, 2);
        uint32_t bit = (uint32_t)1 << gen_rnd(g, CAVE_H - 1);
        if (same || !(m[x] & bit)) {
            m[x] |= bit;
            count++;
        }
    }
}

/* Pass one works in place over x, then y: n counts the new left column
 * and the new cell above.  With p the other seven, n <= 2 clears and
 * n >= 5 sets, so a cell is set when p >= 5, or p is 3 or 4 and it was
 * set, or the cell above (new) is set and p is 4, or p is 2 and it was
 * set: new[y] = gen[y] | (prop[y] & new[y - 1]), which is the carry
 * chain of gen + (gen | prop). */
static void cave_pass_one(uint32_t *m)
{
    for (int x = 2; x <= CAVE_W; x++) {
        uint32_t l = m[x - 1], r = m[x + 1], o = m[x];
        uint32_t s1, k1, s2, k2, p0, k3, p1, p2;
        cave_add3(l << 1, l, l >> 1, &s1, &k1);
        cave_add3(r << 1, r, r >> 1, &s2, &k2);
        cave_add3(s1, s2, o >> 1, &p0, &k3);
        cave_add3(k1, k2, k3, &p1, &p2);
        uint32_t ge5 = p2 & (p1 | p0);
        uint32_t eq2 = ~p2 & p1 & ~p0, eq4 = p2 & ~p1 & ~p0;
        uint32_t eq3 = ~p2 & p1 & p0;
        uint32_t gen = ((ge5 | ((eq3 | eq4) & o)) & CAVE_AREA) | (o & ~CAVE_AREA);
        uint32_t prop = ((eq2 & o) | (eq4 & ~o)) & CAVE_AREA;
        m[x] = (((gen + (gen | prop)) ^ gen ^ (gen | prop)) >> 1) & CAVE_ROWS;
    }
}

/* Passes two and three see only old values: eight neighbours counted in
 * four bit planes; pass two clears cells with exactly 5, three those
 * with fewer than 3. */
static void cave_pass_buffered(uint32_t *m, int three)
{
    uint32_t l = m[1];
    for (int x = 2; x <= CAVE_W; x++) {
        uint32_t o = m[x], r = m[x + 1];
        uint32_t s1, k1, s2, k2, s3, k3, s5, k5;
        cave_add3(l << 1, l, l >> 1, &s1, &k1);
        cave_add3(r << 1, r, r >> 1, &s2, &k2);
        cave_add3(s1, s2, o << 1, &s3, &k3);
        uint32_t b0 = s3 ^ (o >> 1), k4 = s3 & (o >> 1);
        cave_add3(k1, k2, k3, &s5, &k5);
        uint32_t b1 = s5 ^ k4, k6 = s5 & k4;
        uint32_t b2 = k5 ^ k6, b3 = k5 & k6;
        uint32_t hit = three ? ~b3 & ~b2 & ~(b1 & b0) : ~b3 & b2 & ~b1 & b0;
        m[x] = o & ~(hit & CAVE_AREA);
        l = o;
    }
}

/* init_map and the automaton's writes: columns 1..79 hold background, or
 * foreground where the mask says so; UnNetHack also clears light and room
 * numbers there.  Each column gets the background three cells a step (with
 * the light as the next byte), then the foreground on its set bits. */
static void cave_store(splev_gen *g, const uint32_t *m, int fg, int bg)
{
    const uint8_t back[2] = {(uint8_t)bg, 0};
    int un = g->dialect == SPLEV_GEN_UN;
    for (int x = 1; x < SPLEV_COLNO; x++) {
        splev_cell *col = g->lev->cells[x];
        if (un)
            for (splev_cell *c = col; c < col + SPLEV_ROWNO; c += 3) {
                memcpy(&c[0], back, 2);
                memcpy(&c[1], back, 2);
                memcpy(&c[2], back, 2);
                c[0].roomno = c[1].roomno = c[2].roomno = 0;
            }
        else
            for (int y = 0; y < SPLEV_ROWNO; y += 3)
                col[y].typ = col[y + 1].typ = col[y + 2].typ = (uint8_t)bg;
        for (uint32_t bits = m[x] & CAVE_ROWS; bits; bits &= bits - 1)
            col[cave_low(bits)].typ = (uint8_t)fg;
    }
}

typedef struct cave_region {
    int count, lx, ly, hx, hy;
} cave_region;

typedef struct cave_span {
    int x;
    uint32_t m;
} cave_span;

/* The run of set bits of m that holds `bit`. */
static uint32_t cave_run(uint32_t m, uint32_t bit)
{
    uint32_t below = bit - 1, up = m & ~below, gap = ~m & below;
    gap |= gap >> 1;
    gap |= gap >> 2;
    gap |= gap >> 4;
    gap |= gap >> 8;
    gap |= gap >> 16;
    return (up & ~(up + bit)) | (m & below & ~gap);
}

/* flood_fill_rm over masks: the 8-connected cells of avail (foreground
 * not yet in a region; 0 outside columns 1..78) reached from `bit` of
 * column x, as vertical runs in span[]; they leave avail.  The game's
 * flood visits the same cells in another order. */
static int cave_flood_spans(uint32_t *avail, int x, uint32_t bit,
                            cave_span *span)
{
    int n = 0;
    span[n].x = x;
    span[n++].m = cave_run(avail[x], bit);
    avail[x] &= ~span[0].m;
    for (int i = 0; i < n; i++) {
        uint32_t near = span[i].m | span[i].m << 1 | span[i].m >> 1;
        for (int nx = span[i].x - 1; nx <= span[i].x + 1; nx += 2) {
            uint32_t cand = near & avail[nx];
            while (cand) {
                uint32_t run = cave_run(avail[nx], cand & (0u - cand));
                avail[nx] &= ~run;
                cand &= ~run;
                span[n].x = nx;
                span[n++].m = run;
            }
        }
    }
    return n;
}

/* The flood's writes (room number, light 0) and the region's size and
 * bounding box. */
static cave_region cave_mark(splev_gen *g, const cave_span *span, int n,
                             int rmno)
{
    cave_region r = {0, SPLEV_COLNO, SPLEV_ROWNO, -1, -1};
    for (int i = 0; i < n; i++) {
        splev_cell *col = g->lev->cells[span[i].x];
        int lo = cave_low(span[i].m), y = lo;
        for (uint32_t m = span[i].m >> lo; m; m >>= 1, y++) {
            col[y].roomno = (uint8_t)rmno;
            col[y].lit = 0;
        }
        r.count += y - lo;
        r.lx = gen_min(r.lx, span[i].x);
        r.hx = gen_max(r.hx, span[i].x);
        r.ly = gen_min(r.ly, lo);
        r.hy = gen_max(r.hy, y - 1);
    }
    return r;
}

/* A region became a room: make it one.  Returns 0 when no more rooms may
 * be collected. */
static int cave_add_region(splev_gen *g, const cave_region *r, size_t first)
{
    splev_gen_newroom nr = {r->lx, r->ly, r->hx, r->hy, 0,
                            SPLEV_GEN_OROOM, 1, -1};
    int i = splev_gen_add_room(g, &nr);
    if (i < 0)
        return 0;
    g->lev->rooms[i].irregular = 1;
    g->lev->rooms[i].needfill = 0;
    return g->lev->nrooms - first < SPLEV_GEN_MAXCAVEROOMS;
}

/* Each foreground region of more than 3 cells becomes an irregular room;
 * smaller ones are filled in (and leave fgm).  Regions are found in the
 * game's scan order (x, then y, over 2..78 x 1..19); kept[] gets the cells
 * left with a room number.  Needs every room number of 1..78 x 0..20 at 0
 * (UnNetHack clears them; see cave_has_roomno). */
static int cave_collect_spans(splev_gen *g, uint32_t *fgm, uint32_t *kept,
                              int bg)
{
    size_t first = g->lev->nrooms;
    cave_span span[CAVE_MAXSPANS];
    cave_cols avail;
    memcpy(avail, fgm, sizeof avail);
    avail[0] = avail[SPLEV_COLNO - 1] = 0;
    for (int x = 2; x <= CAVE_W; x++)
        while (avail[x] & CAVE_AREA) {
            uint32_t a = avail[x] & CAVE_AREA;
            int n = cave_flood_spans(avail, x, a & (0u - a), span);
            int rmno = (int)g->lev->nrooms + GEN_ROOMOFFSET;
            cave_region r = cave_mark(g, span, n, rmno);
            if (r.count > 3) {
                for (int i = 0; i < n; i++)
                    kept[span[i].x] |= span[i].m;
                if (!cave_add_region(g, &r, first))
                    return (int)(g->lev->nrooms - first);
                continue;
            }
            for (int i = 0; i < n; i++) {
                splev_cell *col = g->lev->cells[span[i].x];
                fgm[span[i].x] &= ~span[i].m;
                for (uint32_t m = span[i].m; m; m &= m - 1) {
                    col[cave_low(m)].typ = (uint8_t)bg;
                    col[cave_low(m)].roomno = GEN_NO_ROOM;
                }
            }
        }
    return (int)(g->lev->nrooms - first);
}

/* The cell-by-cell flood of the game, for the one case the masks do not
 * model: room numbers already in the area (a NetHack-dialect script with
 * rooms before its INIT_MAP). */
static cave_region cave_flood(splev_gen *g, int sx, int sy, int rmno)
{
    int stack[SPLEV_COLNO * SPLEV_ROWNO][2];
    cave_region r = {0, sx, sy, sx, sy};
    int typ = gen_typ(g, sx, sy), sp = 0;
    gen_cell(g, sx, sy)->roomno = (uint8_t)rmno;
    stack[sp][0] = sx;
    stack[sp++][1] = sy;
    while (sp > 0) {
        sp--;
        int x = stack[sp][0], y = stack[sp][1];
        gen_cell(g, x, y)->lit = 0;
        r.count++;
        r.lx = gen_min(r.lx, x);
        r.hx = gen_max(r.hx, x);
        r.ly = gen_min(r.ly, y);
        r.hy = gen_max(r.hy, y);
        int xlo = x > 1 ? x - 1 : 1, xhi = x < CAVE_W ? x + 1 : CAVE_W;
        int ylo = y > 0 ? y - 1 : 0;
        int yhi = y < SPLEV_ROWNO - 1 ? y + 1 : SPLEV_ROWNO - 1;
        for (int nx = xlo; nx <= xhi; nx++)
            for (int ny = ylo; ny <= yhi; ny++) {
                splev_cell *c = gen_cell(g, nx, ny);
                if (c->typ != typ || c->roomno == rmno)
                    continue;
                c->roomno = (uint8_t)rmno;
                stack[sp][0] = nx;
                stack[sp++][1] = ny;
            }
    }
    return r;
}

static int cave_collect_cells(splev_gen *g, int fg, int bg)
{
    size_t first = g->lev->nrooms;
    for (int x = 2; x <= CAVE_W; x++)
        for (int y = 1; y < CAVE_H; y++) {
            splev_cell *c = gen_cell(g, x, y);
            if (c->typ != fg || c->roomno != GEN_NO_ROOM)
                continue;
            int rmno = (int)g->lev->nrooms + GEN_ROOMOFFSET;
            cave_region r = cave_flood(g, x, y, rmno);
            if (r.count > 3) {
                if (!cave_add_region(g, &r, first))
                    return (int)(g->lev->nrooms - first);
                continue;
            }
            for (int xx = r.lx; xx <= r.hx; xx++)
                for (int yy = r.ly; yy <= r.hy; yy++) {
                    splev_cell *h = gen_cell(g, xx, yy);
                    if (h->roomno == rmno) {
                        h->typ = (uint8_t)bg;
                        h->roomno = GEN_NO_ROOM;
                    }
                }
        }
    return (int)(g->lev->nrooms - first);
}

/* Any room number in the flood's area 1..78 x 0..20. */
static int cave_has_roomno(const splev_gen *g)
{
    for (int x = 1; x <= CAVE_W; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (g->lev->cells[x][y].roomno != GEN_NO_ROOM)
                return 1;
    return 0;
}

static void room_centre(const splev_gen *g, int room, int *x, int *y)
{
    const splev_room *r = &g->lev->rooms[room];
    *x = (r->lx + r->hx) / 2;
    *y = (r->ly + r->hy) / 2;
}

/* Dig between consecutive regions, moving the anchor room on (step 6 of
 * the games' join_map);
 * a failed sample (none in practice) falls back to both centres.  dug[]
 * gets the cells dug. */
static void cave_join_rooms(splev_gen *g, int first, int n, int fg, int bg,
                            uint32_t *dug)
{
    int croom = first;
    for (int c2 = first + 1; c2 < first + n; c2++) {
        int sx, sy, ex, ey;
        if (!gen_somexy(g, croom, &sx, &sy) || !gen_somexy(g, c2, &ex, &ey)) {
            room_centre(g, croom, &sx, &sy);
            room_centre(g, c2, &ex, &ey);
        }
        gen_dig_corridor(g, sx, sy, ex, ey, 0, fg, bg, dug);
        const splev_room *a = &g->lev->rooms[croom], *b = &g->lev->rooms[c2];
        if (b->lx > a->hx ||
            ((b->ly > a->hy || b->hy < a->ly) && gen_rn2(g, 3)))
            croom = c2;
    }
}

/* The masks from the model: f the foreground cells of 1..79 x 0..20, o
 * those neither foreground nor background. */
static void cave_classify(const splev_gen *g, uint32_t *f, uint32_t *o,
                          int fg, int bg)
{
    for (int x = 1; x < SPLEV_COLNO; x++) {
        f[x] = o[x] = 0;
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = gen_typ(g, x, y);
            f[x] |= (uint32_t)(t == fg) << y;
            o[x] |= (uint32_t)(t != fg && t != bg) << y;
        }
    }
}

/* join_map: rooms for the regions, corridors between them; UnNetHack then
 * forgets the rooms again (room list emptied, every roomno cleared).  f
 * and o (see cave_finish) follow the model's changes. */
static void cave_join_map(splev_gen *g, uint32_t *f, uint32_t *o, int fg,
                          int bg)
{
    int first = (int)g->lev->nrooms, un = g->dialect == SPLEV_GEN_UN;
    cave_cols kept = {0}, dug = {0};
    int masks = un || !cave_has_roomno(g);
    int n = masks ? cave_collect_spans(g, f, kept, bg)
                  : cave_collect_cells(g, fg, bg);
    cave_join_rooms(g, first, n, fg, bg, dug);
    if (!masks) {
        cave_classify(g, f, o, fg, bg);
        return;     /* NetHack keeps its rooms */
    }
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (uint32_t m = dug[x]; m; m &= m - 1) {
            uint32_t bit = m & (0u - m);
            if (gen_typ(g, x, cave_low(bit)) == fg)
                f[x] |= bit;
            else
                o[x] |= bit;
        }
    if (!un)
        return;
    /* init_map cleared 1..79; the rooms' cells are the only ones since. */
    for (int y = 0; y < SPLEV_ROWNO; y++)
        gen_cell(g, 0, y)->roomno = GEN_NO_ROOM;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (uint32_t m = kept[x]; m; m &= m - 1)
            gen_cell(g, x, cave_low(m))->roomno = GEN_NO_ROOM;
    g->lev->nrooms = 0;
    gen_sync_rooms(g);
}

/* Where a cave wall looks for floor: UnNetHack's wallify_map takes any
 * room-like cell or a crosswall, NetHack's own walling plain ROOM. */
static int cave_floorish(int t, int nh)
{
    return nh ? t == SPLEV_ROOM : GEN_IS_ROOM(t) || t == SPLEV_CROSSWALL;
}

/* WALLIFY's walls over 1..79 x 0..20: a STONE cell next to floor
 * becomes a wall.  UnNetHack (wallify_map): horizontal for floor in the
 * row above, else vertical for floor beside, else horizontal for floor
 * below.  NetHack: the last floor neighbour in scan order decides, so
 * the rows are tried the other way round.  Walls made are never floor
 * or stone, so one look at the map before the pass is enough. */
static void cave_walls(splev_gen *g, const uint32_t *f, const uint32_t *o,
                       int fg, int bg, uint32_t *h, uint32_t *v)
{
    int nh = g->dialect != SPLEV_GEN_UN;
    cave_cols fl = {0}, st = {0};
    uint32_t ffl = cave_floorish(fg, nh) ? CAVE_ROWS : 0;
    uint32_t bfl = cave_floorish(bg, nh) ? CAVE_ROWS : 0;
    uint32_t fst = fg == SPLEV_STONE ? CAVE_ROWS : 0;
    uint32_t bst = bg == SPLEV_STONE ? CAVE_ROWS : 0;
    for (int x = 1; x < SPLEV_COLNO; x++) {
        uint32_t b = CAVE_ROWS & ~f[x] & ~o[x];
        fl[x] = (f[x] & ffl) | (b & bfl);
        st[x] = (f[x] & fst) | (b & bst);
        for (uint32_t m = o[x]; m; m &= m - 1) {
            int t = gen_typ(g, x, cave_low(m));
            fl[x] |= cave_floorish(t, nh) ? m & (0u - m) : 0;
            st[x] |= t == SPLEV_STONE ? m & (0u - m) : 0;
        }
    }
    for (int x = 1; x < SPLEV_COLNO; x++) {
        uint32_t near = fl[x - 1] | fl[x] | fl[x + 1];
        uint32_t first = nh ? near >> 1 : near << 1;
        uint32_t last = nh ? near << 1 : near >> 1;
        h[x] = st[x] & (first | (~near & last)) & CAVE_ROWS;
        v[x] = st[x] & ~first & near;
        splev_cell *col = g->lev->cells[x];
        for (uint32_t m = h[x]; m; m &= m - 1)
            col[cave_low(m)].typ = SPLEV_HWALL;
        for (uint32_t m = v[x]; m; m &= m - 1)
            col[cave_low(m)].typ = SPLEV_VWALL;
    }
}

/* finish_map's light for a cell of type t: fg/bg unless rock (trees as
 * background are lit), walls when walled; lava always.  NetHack 3.4.3
 * (old) lights neither the trees nor the lava of an unlit cave. */
static int cave_lights(int t, int fg, int bg, int lit, int walled, int old)
{
    if (t == SPLEV_LAVAPOOL && !old)
        return 1;
    return lit && ((!GEN_IS_ROCK(fg) && t == fg) ||
                   (!GEN_IS_ROCK(bg) && t == bg) ||
                   (bg == SPLEV_TREE && t == bg && !old) ||
                   (walled && SPLEV_IS_WALL(t)));
}

/* finish_map: walls (h, v get them), then light over 1..79 x 0..20,
 * whose cells are foreground (f), other (o: types read from the model) or
 * background. */
static void cave_finish(splev_gen *g, const uint32_t *f, const uint32_t *o,
                        int fg, int bg, int lit, int walled, uint32_t *h,
                        uint32_t *v)
{
    if (walled)
        cave_walls(g, f, o, fg, bg, h, v);
    uint32_t lf = cave_lights(fg, fg, bg, lit, walled, g->old343) ? CAVE_ROWS : 0;
    uint32_t lb = cave_lights(bg, fg, bg, lit, walled, g->old343) ? CAVE_ROWS : 0;
    uint32_t lh = cave_lights(SPLEV_HWALL, fg, bg, lit, walled, g->old343) ? CAVE_ROWS : 0;
    uint32_t lv = cave_lights(SPLEV_VWALL, fg, bg, lit, walled, g->old343) ? CAVE_ROWS : 0;
    for (int x = 1; x < SPLEV_COLNO; x++) {
        splev_cell *col = g->lev->cells[x];
        uint32_t w = h[x] | v[x];
        uint32_t on = (f[x] & ~w & lf) | (h[x] & lh) | (v[x] & lv) |
                      (CAVE_ROWS & ~f[x] & ~o[x] & ~w & lb);
        for (uint32_t m = o[x] & ~w; m; m &= m - 1) {
            int y = cave_low(m);
            if (cave_lights(col[y].typ, fg, bg, lit, walled, g->old343))
                on |= m & (0u - m);
        }
        for (uint32_t m = on; m; m &= m - 1)
            col[cave_low(m)].lit = 1;
    }
    if (lit)
        for (size_t i = 0; i < g->lev->nrooms; i++)
            g->lev->rooms[i].rlit = 1;
}

/* UnNetHack's backfill: the background the finish left (neither
 * foreground, other nor a new wall) becomes fill, lava lit. */
static void cave_backfill(splev_gen *g, const uint32_t *f, const uint32_t *o,
                          const uint32_t *h, const uint32_t *v, int same,
                          int fill)
{
    for (int x = 1; x < SPLEV_COLNO; x++) {
        splev_cell *col = g->lev->cells[x];
        uint32_t bgm = CAVE_ROWS & ~o[x] & ~h[x] & ~v[x] & (same ? ~0u : ~f[x]);
        for (uint32_t m = bgm; m; m &= m - 1) {
            col[cave_low(m)].typ = (uint8_t)fill;
            if (fill == SPLEV_LAVAPOOL)
                col[cave_low(m)].lit = 1;
        }
    }
}

/* The games' mkmap: the automaton, the joining and the finish (with the
 * backfill, fill >= 0).  With fg == bg the automaton changes nothing
 * (every count is 8). */
static void cave_mkmap(splev_gen *g, int fg, int bg, int smoothed,
                       int joined, int lit, int walled, int fill)
{
    cave_cols f = {0}, o = {0};
    int same = fg == bg;
    if (same)
        for (int x = 1; x <= CAVE_W; x++)
            f[x] = CAVE_ROWS;
    cave_init_fill(g, f, same);
    if (!same) {
        cave_pass_one(f);
        cave_pass_buffered(f, 0);
        if (smoothed) {
            cave_pass_buffered(f, 1);
            cave_pass_buffered(f, 1);
        }
    }
    cave_store(g, f, fg, bg);
    if (joined)
        cave_join_map(g, f, o, fg, bg);
    cave_cols h = {0}, v = {0};
    cave_finish(g, f, o, fg, bg, lit, walled, h, v);
    if (fill >= 0)
        cave_backfill(g, f, o, h, v, fg == bg, fill);
}

void splev_gen_mines(splev_gen *g, int fg, int bg, int smoothed, int joined,
                     int lit, int walled, int fill)
{
    if (fg < 0 || bg < 0 ||
        (fg >= SPLEV_TERRAIN_COUNT && !SPLEV_IS_VTERRAIN(fg)) ||
        (bg >= SPLEV_TERRAIN_COUNT && !SPLEV_IS_VTERRAIN(bg)))
        return;     /* lev_comp rejects these; the fill would never end */
    if (lit == -1) {
        lit = gen_rn2(g, 2);
        if (g->mines_lit_k > 0 && g->dialect == SPLEV_GEN_UN)
            lit = gen_rn2(g, 10) < g->mines_lit_k;
    }
    int un = g->dialect == SPLEV_GEN_UN;
    /* UnNetHack's fill is a solid fill first; init_map then rewrites
     * every cell it touched (type, light) in that dialect. */
    if (fill > -1 && !un)
        splev_gen_solidfill(g, fill, 0);
    /* UnNetHack's backfill: walled, joined caves with a fill replace the
     * remaining background. */
    int backfill = un && walled && joined && fill > -1 &&
                   (fill < SPLEV_TERRAIN_COUNT || SPLEV_IS_VTERRAIN(fill))
                       ? fill : -1;
    cave_mkmap(g, fg, bg, smoothed, joined, lit, walled, backfill);
    if (walled && joined && (!un || fill > -1))
        g->lev->flags &= ~(unsigned)SPLEV_F_MAZELEVEL;
}

int splev_gen_init_map(splev_gen *g, int style, int fg, int bg, int smoothed,
                       int joined, int lit, int walled, int fill)
{
    switch (style) {
    case SPLEV_GEN_INIT_SOLIDFILL:
        splev_gen_solidfill(g, fg, lit);
        break;
    case SPLEV_GEN_INIT_MAZEGRID:
        splev_gen_mazegrid(g, fg);
        break;
    case SPLEV_GEN_INIT_MINES:
        splev_gen_mines(g, fg, bg, smoothed, joined, lit, walled, fill);
        return joined;
    case SPLEV_GEN_INIT_SHEOL:
        splev_gen_sheol(g);
        break;
    case SPLEV_GEN_INIT_ROGUE:
        splev_gen_rogue(g);
        break;
    default:
        break;
    }
    return 0;
}
