/* caves.c - INIT_MAP: solid fill, maze grid and the cellular-automaton
 * caves of the Mines (SEMANTICS §8.1, §8.2). */
#include "gen/gen_int.h"

#include <string.h>

enum { CAVE_W = SPLEV_COLNO - 2, CAVE_H = SPLEV_ROWNO - 1 };

/* set-type-and-light (§1.3) on every cell: lit is never -1 by then (no
 * draws), so every cell gets the same type and light. */
void splev_gen_solidfill(splev_gen *g, int fill, int lit)
{
    if (lit == -1)
        lit = gen_rn2(g, 2);
    int set_typ = fill < SPLEV_TERRAIN_COUNT;
    int set_lit = fill == SPLEV_LAVAPOOL || lit != -2;
    uint8_t typ = (uint8_t)fill;
    uint8_t l = (uint8_t)(fill == SPLEV_LAVAPOOL ? 1 : lit != 0);
    for (int x = 2; x <= SPLEV_COLNO - 2; x++) {
        splev_cell *col = g->lev->cells[x];
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            if (set_typ)
                col[y].typ = typ;
            if (set_lit)
                col[y].lit = l;
        }
    }
}

void splev_gen_mazegrid(splev_gen *g, int fill)
{
    int corrmaze = (g->lev->flags & SPLEV_F_CORRMAZE) != 0;
    int set_fill = fill < SPLEV_TERRAIN_COUNT;
    for (int x = 2; x <= SPLEV_COLNO - 2; x++) {
        splev_cell *col = g->lev->cells[x];
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int stone = corrmaze || y < 2 || ((x & 1) && (y & 1));
            if (stone)
                col[y].typ = SPLEV_STONE;
            else if (set_fill)
                col[y].typ = (uint8_t)fill;
        }
    }
}

/* Background everywhere; UnNetHack also clears light and room numbers. */
static void cave_init_map(splev_gen *g, int bg)
{
    if (bg >= SPLEV_TERRAIN_COUNT)
        return;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            splev_cell *c = gen_cell(g, x, y);
            c->typ = (uint8_t)bg;
            if (g->dialect == SPLEV_GEN_UN) {
                c->lit = 0;
                c->roomno = 0;
            }
        }
}

/* Seed 2/5 of the area with foreground; wasted draws still count. */
static void cave_init_fill(splev_gen *g, int fg, int bg)
{
    int limit = CAVE_W * CAVE_H * 2 / 5, count = 0;
    while (count < limit) {
        int x = gen_rn1(g, CAVE_W - 1, 2);
        int y = gen_rnd(g, CAVE_H - 1);
        if (gen_typ(g, x, y) == bg) {
            gen_cell(g, x, y)->typ = (uint8_t)fg;
            count++;
        }
    }
}

/* The automaton works on a grid of "is foreground" flags: the cell's type
 * is fg inside 1..78 x 0..19; everything outside counts as background
 * (so as foreground only when fg == bg).  Centres are 2..78 x 1..19, so
 * every neighbour lies inside the 80 x 21 grid. */
typedef uint8_t cave_grid[SPLEV_COLNO][SPLEV_ROWNO];

static void cave_grid_load(const splev_gen *g, cave_grid f, int fg, int bg)
{
    uint8_t out = bg == fg;
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            f[x][y] = x <= 0 || x > CAVE_W || y >= CAVE_H
                          ? out
                          : (uint8_t)(gen_typ(g, x, y) == fg);
}

static inline int grid_neighbours(const cave_grid f, int x, int y)
{
    return f[x - 1][y - 1] + f[x - 1][y] + f[x - 1][y + 1] + f[x][y - 1] +
           f[x][y + 1] + f[x + 1][y - 1] + f[x + 1][y] + f[x + 1][y + 1];
}

/* Pass one works in place: earlier changes are seen by later cells. */
static void cave_pass_one(splev_gen *g, cave_grid f, int fg, int bg)
{
    uint8_t bgfg = bg == fg;
    for (int x = 2; x <= CAVE_W; x++)
        for (int y = 1; y < CAVE_H; y++) {
            int n = grid_neighbours(f, x, y);
            if (n <= 2) {
                gen_cell(g, x, y)->typ = (uint8_t)bg;
                f[x][y] = bgfg;
            } else if (n >= 5) {
                gen_cell(g, x, y)->typ = (uint8_t)fg;
                f[x][y] = 1;
            }
        }
}

static inline uint64_t load8(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* Passes two and three compute every cell before writing any.  Flags are
 * 0 or 1, so eight neighbour counts (at most 8 each) add up in the eight
 * bytes of a word without carries: rows 1..8, 9..16 and 12..19 of a column
 * (the last overlaps so that no load leaves the grid). */
static void cave_pass_buffered(splev_gen *g, cave_grid f, int bg, int three)
{
    static const int start[3] = {1, 9, 12};
    uint8_t to_bg[SPLEV_COLNO][SPLEV_ROWNO];
    uint8_t bgfg = (uint8_t)(f[0][0]);   /* outside: background's flag */
    for (int x = 2; x <= CAVE_W; x++)
        for (int k = 0; k < 3; k++) {
            int y0 = start[k];
            uint64_t n = load8(&f[x - 1][y0 - 1]) + load8(&f[x - 1][y0]) +
                         load8(&f[x - 1][y0 + 1]) + load8(&f[x][y0 - 1]) +
                         load8(&f[x][y0 + 1]) + load8(&f[x + 1][y0 - 1]) +
                         load8(&f[x + 1][y0]) + load8(&f[x + 1][y0 + 1]);
            uint8_t cnt[8];
            memcpy(cnt, &n, sizeof cnt);
            for (int i = 0; i < 8; i++)
                to_bg[x][y0 + i] = (uint8_t)(three ? cnt[i] < 3 : cnt[i] == 5);
        }
    for (int x = 2; x <= CAVE_W; x++)
        for (int y = 1; y < CAVE_H; y++)
            if (to_bg[x][y]) {
                gen_cell(g, x, y)->typ = (uint8_t)bg;
                f[x][y] = bgfg;
            }
}

typedef struct cave_region {
    int count, lx, ly, hx, hy;
} cave_region;

/* flood_fill_rm without anyroom: the 8-connected cells of the start
 * cell's type get rmno and the light value. */
static cave_region cave_flood(splev_gen *g, int sx, int sy, int rmno, int lit)
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
        gen_cell(g, x, y)->lit = (uint8_t)lit;
        r.count++;
        r.lx = gen_min(r.lx, x);
        r.hx = gen_max(r.hx, x);
        r.ly = gen_min(r.ly, y);
        r.hy = gen_max(r.hy, y);
        /* The 3x3 block clipped to 1..78 x 0..20 once; the same order. */
        int xlo = x > 1 ? x - 1 : 1, xhi = x < CAVE_W ? x + 1 : CAVE_W;
        int ylo = y > 0 ? y - 1 : 0;
        int yhi = y < SPLEV_ROWNO - 1 ? y + 1 : SPLEV_ROWNO - 1;
        for (int nx = xlo; nx <= xhi; nx++) {
            splev_cell *col = g->lev->cells[nx];
            for (int ny = ylo; ny <= yhi; ny++) {
                splev_cell *c = &col[ny];
                if (c->typ != typ || c->roomno == rmno)
                    continue;
                c->roomno = (uint8_t)rmno;
                stack[sp][0] = nx;
                stack[sp++][1] = ny;
            }
        }
    }
    return r;
}

/* Each foreground region of more than 3 cells becomes an irregular room;
 * smaller ones are filled in.  Returns the number of rooms made. */
static int cave_collect_regions(splev_gen *g, int fg, int bg)
{
    size_t first = g->lev->nrooms;
    for (int x = 2; x <= CAVE_W; x++)
        for (int y = 1; y < CAVE_H; y++) {
            splev_cell *c = gen_cell(g, x, y);
            if (c->typ != fg || c->roomno != GEN_NO_ROOM)
                continue;
            int rmno = (int)g->lev->nrooms + GEN_ROOMOFFSET;
            cave_region r = cave_flood(g, x, y, rmno, 0);
            if (r.count > 3) {
                splev_gen_newroom nr = {r.lx, r.ly, r.hx, r.hy, 0,
                                        SPLEV_GEN_OROOM, 1, -1};
                int i = splev_gen_add_room(g, &nr);
                if (i < 0)
                    return (int)(g->lev->nrooms - first);
                g->lev->rooms[i].irregular = 1;
                g->lev->rooms[i].needfill = 0;
                if (g->lev->nrooms - first >= SPLEV_GEN_MAXCAVEROOMS)
                    return (int)(g->lev->nrooms - first);
            } else {
                for (int xx = r.lx; xx <= r.hx; xx++)
                    for (int yy = r.ly; yy <= r.hy; yy++) {
                        splev_cell *h = gen_cell(g, xx, yy);
                        if (h->roomno == rmno) {
                            h->typ = (uint8_t)bg;
                            h->roomno = GEN_NO_ROOM;
                        }
                    }
            }
        }
    return (int)(g->lev->nrooms - first);
}

static void room_centre(const splev_gen *g, int room, int *x, int *y)
{
    const splev_room *r = &g->lev->rooms[room];
    *x = (r->lx + r->hx) / 2;
    *y = (r->ly + r->hy) / 2;
}

/* Dig between consecutive regions, moving the anchor room on (§8.2 6);
 * a failed sample (none in practice) falls back to both centres. */
static void cave_join_rooms(splev_gen *g, int first, int n, int fg, int bg)
{
    int croom = first;
    for (int c2 = first + 1; c2 < first + n; c2++) {
        int sx, sy, ex, ey;
        if (!gen_somexy(g, croom, &sx, &sy) || !gen_somexy(g, c2, &ex, &ey)) {
            room_centre(g, croom, &sx, &sy);
            room_centre(g, c2, &ex, &ey);
        }
        splev_gen_dig_corridor(g, sx, sy, ex, ey, 0, fg, bg);
        const splev_room *a = &g->lev->rooms[croom], *b = &g->lev->rooms[c2];
        if (b->lx > a->hx ||
            ((b->ly > a->hy || b->hy < a->ly) && gen_rn2(g, 3)))
            croom = c2;
    }
}

/* join_map: rooms for the regions, corridors between them; UnNetHack then
 * forgets the rooms again (room list emptied, every roomno cleared). */
static void cave_join_map(splev_gen *g, int fg, int bg)
{
    int first = (int)g->lev->nrooms;
    int n = cave_collect_regions(g, fg, bg);
    cave_join_rooms(g, first, n, fg, bg);
    if (g->dialect == SPLEV_GEN_UN) {
        for (int x = 0; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++)
                gen_cell(g, x, y)->roomno = GEN_NO_ROOM;
        g->lev->nrooms = 0;
        gen_sync_rooms(g);
    }
}

/* NetHack's own walling of caves: the last ROOM neighbour decides. */
static void cave_wall_nh(splev_gen *g)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            if (gen_typ(g, x, y) != SPLEV_STONE)
                continue;
            int t = SPLEV_STONE;
            for (int yy = y - 1; yy <= y + 1; yy++)
                for (int xx = x - 1; xx <= x + 1; xx++)
                    if (gen_isok(xx, yy) && gen_typ(g, xx, yy) == SPLEV_ROOM)
                        t = yy != y ? SPLEV_HWALL : SPLEV_VWALL;
            gen_cell(g, x, y)->typ = (uint8_t)t;
        }
}

/* finish_map: walls, then light (fg/bg unless rock, trees, walls), then
 * lava is always lit. */
static void cave_finish(splev_gen *g, int fg, int bg, int lit, int walled)
{
    if (walled) {
        if (g->dialect == SPLEV_GEN_UN)
            gen_wallify_map(g, 1, 0, SPLEV_COLNO - 1, SPLEV_ROWNO - 1);
        else
            cave_wall_nh(g);
    }
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            splev_cell *c = gen_cell(g, x, y);
            if (lit && ((!GEN_IS_ROCK(fg) && c->typ == fg) ||
                        (!GEN_IS_ROCK(bg) && c->typ == bg) ||
                        (bg == SPLEV_TREE && c->typ == bg) ||
                        (walled && SPLEV_IS_WALL(c->typ))))
                c->lit = 1;
            if (c->typ == SPLEV_LAVAPOOL)
                c->lit = 1;
        }
    if (lit)
        for (size_t i = 0; i < g->lev->nrooms; i++)
            g->lev->rooms[i].rlit = 1;
}

/* mkmap of §8.2: the automaton, the joining and the finish. */
static void cave_mkmap(splev_gen *g, int fg, int bg, int smoothed,
                       int joined, int lit, int walled)
{
    cave_init_map(g, bg);
    cave_init_fill(g, fg, bg);
    cave_grid f;
    cave_grid_load(g, f, fg, bg);
    cave_pass_one(g, f, fg, bg);
    cave_pass_buffered(g, f, bg, 0);
    if (smoothed) {
        cave_pass_buffered(g, f, bg, 1);
        cave_pass_buffered(g, f, bg, 1);
    }
    if (joined)
        cave_join_map(g, fg, bg);
    cave_finish(g, fg, bg, lit, walled);
}

/* UnNetHack's backfill: walled, joined caves with a fill replace the
 * remaining background (lava lit). */
static void cave_backfill(splev_gen *g, int bg, int fill)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            splev_cell *c = gen_cell(g, x, y);
            if (c->typ != bg)
                continue;
            c->typ = (uint8_t)fill;
            if (fill == SPLEV_LAVAPOOL)
                c->lit = 1;
        }
}

void splev_gen_mines(splev_gen *g, int fg, int bg, int smoothed, int joined,
                     int lit, int walled, int fill)
{
    if (fg < 0 || bg < 0 || fg >= SPLEV_TERRAIN_COUNT ||
        bg >= SPLEV_TERRAIN_COUNT)
        return;     /* lev_comp rejects these; the fill would never end */
    if (lit == -1) {
        lit = gen_rn2(g, 2);
        if (g->mines_lit_k > 0 && g->dialect == SPLEV_GEN_UN)
            lit = gen_rn2(g, 10) < g->mines_lit_k;
    }
    if (fill > -1)
        splev_gen_solidfill(g, fill, 0);
    cave_mkmap(g, fg, bg, smoothed, joined, lit, walled);
    if (!walled || !joined)
        return;
    if (g->dialect == SPLEV_GEN_NH36) {
        g->lev->flags &= ~(unsigned)SPLEV_F_MAZELEVEL;
    } else if (fill > -1) {
        g->lev->flags &= ~(unsigned)SPLEV_F_MAZELEVEL;
        if (fill < SPLEV_TERRAIN_COUNT)
            cave_backfill(g, bg, fill);
    }
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
