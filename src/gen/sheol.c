/* sheol.c - INIT_MAP sheollev: UnNetHack's frozen Sheol levels
 * as UnNetHack draws them.  A Voronoi map of ice, pools and rock, a river of
 * floor along a random Bezier path from west to east, optional clouds,
 * then checks that restart the whole thing when the level is unusable. */
#include "gen/gen_int.h"

#include <string.h>

enum { SITES = GEN_MAX_SITES, MIN_SITES = 100, MAX_PATH = 128, MAX_RESTARTS = 2000 };
/* Bounds on the loops the game runs until they succeed: far above what
 * any seed needs (a path restarts a few times at most, the open layout
 * redraws its sites a few times), so that no level can run forever. */
enum { MAX_PATH_RESTARTS = 10000, MAX_OPEN_DRAWS = 1000 };

static const uint8_t closed_types[10] = {
    SPLEV_ICEWALL, SPLEV_CRYSTALICEWALL, SPLEV_CRYSTALICEWALL,
    SPLEV_CRYSTALICEWALL, SPLEV_POOL, SPLEV_POOL, SPLEV_STONE, SPLEV_STONE,
    SPLEV_STONE, SPLEV_STONE,
};
static const uint8_t open_types[10] = {
    SPLEV_ICEWALL, SPLEV_CRYSTALICEWALL, SPLEV_CRYSTALICEWALL, SPLEV_STONE,
    SPLEV_POOL, SPLEV_POOL, SPLEV_ROOM, SPLEV_ICE, SPLEV_ICE, SPLEV_ROOM,
};

typedef struct sheol_work {
    int prob[SPLEV_COLNO][SPLEV_ROWNO];
    int out_of[SPLEV_COLNO][SPLEV_ROWNO];
    uint8_t sure[SPLEV_COLNO][SPLEV_ROWNO];
    gen_site sites[SITES];
    int16_t near[SPLEV_COLNO][SPLEV_ROWNO];
    uint8_t taken[SPLEV_COLNO][SPLEV_ROWNO];   /* sites on a cell */
    int px[MAX_PATH], py[MAX_PATH], npath;
} sheol_work;

static int d2(int ax, int ay, int bx, int by)
{
    return (ax - bx) * (ax - bx) + (ay - by) * (ay - by);
}

static int isqrt(int n)
{
    int r = 0;
    while ((r + 1) * (r + 1) <= n)
        r++;
    return r;
}

static int is_icewall(int t)
{
    return t == SPLEV_ICEWALL || t == SPLEV_CRYSTALICEWALL;
}

/* A site at least 2 from every one already on the map: no other site in
 * the 3x3 block around it (squared distance 4 or more). */
static int site_apart(const sheol_work *w, int x, int y)
{
    for (int i = x - 1; i <= x + 1; i++)
        for (int j = y - 1; j <= y + 1; j++)
            if (gen_inmap(i, j) && w->taken[i][j])
                return 0;
    return 1;
}

/* Sites kept 2 apart (1001 tested draws, the 1002nd taken as it is),
 * then every cell takes the type of its nearest site. */
static void sheol_voronoi(splev_gen *g, sheol_work *w, int nsites,
                          const uint8_t *types)
{
    g->work += SPLEV_COLNO * SPLEV_ROWNO;
    memset(w->taken, 0, sizeof w->taken);
    for (int i = 0; i < nsites; i++) {
        gen_site *s = &w->sites[i];
        for (int draw = 1;; draw++) {
            s->x = gen_rn1(g, 79, 1);
            s->y = gen_rn2(g, 21);
            s->typ = types[gen_rn2(g, 10)];
            if (draw > 1001 || site_apart(w, s->x, s->y))
                break;
        }
        w->taken[s->x][s->y] = 1;
    }
    gen_nearest_sites(w->sites, nsites, w->near);
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            gen_cell(g, x, y)->typ = (uint8_t)w->sites[w->near[x][y]].typ;
}

/* One control point after the last: up to 100 draws; 0 when the tries
 * ran out (a point found on the 100th draw counts as that, kept). */
static int sheol_next_point(splev_gen *g, sheol_work *w)
{
    int lx = w->px[w->npath - 1], ly = w->py[w->npath - 1];
    for (int tries = 1; tries <= 100; tries++) {
        int dx = gen_rn2(g, 2) ? gen_rn2(g, 6) - 2 : gen_rn2(g, 11) - 5;
        int dy = gen_rn2(g, 11) - 5;
        int x = lx + dx, y = ly + dy, ok = x >= 1 && x <= 79 && y >= 0 && y <= 20;
        for (int j = 0; j < w->npath && ok; j++)
            ok = d2(x, y, w->px[j], w->py[j]) > 16;
        if (ok) {
            w->px[w->npath] = x;
            w->py[w->npath++] = y;
            return tries < 100;
        }
    }
    return 0;
}

/* Control points from (-2, 10) eastward until one lies at x >= 75 (the
 * point after it is dropped); restart on a dead end or after 100. */
static void sheol_path(splev_gen *g, sheol_work *w)
{
    for (int restarts = 0;; restarts++) {
        g->work += 100;
        if (restarts == MAX_PATH_RESTARTS) {
            g->warnings++;      /* the path drawn last stays */
            return;
        }
        w->px[0] = -2;
        w->py[0] = 10;
        w->npath = 1;
        int restart = 0;
        while (!restart) {
            if (!sheol_next_point(g, w)) {
                restart = 1;
                break;
            }
            int i = w->npath - 1;
            if (i >= 1 && w->px[i - 1] >= 75) {
                w->npath--;
                return;
            }
            if (i >= 100)
                restart = 1;
        }
    }
}

/* The fuzzy circle: its squared fallout is taken before the fallout is
 * raised to the guaranteed radius (UnNetHack's off-by-one, kept). */
static void sheol_stamp(sheol_work *w, int cx, int cy, int upper)
{
    int fsq = upper ? 4 : 0, r = 2;
    for (int dx = -r; dx <= r; dx++)
        for (int dy = -r; dy <= r; dy++) {
            int x = cx + dx, y = cy + dy, dd = dx * dx + dy * dy;
            if (dd > fsq || x < 1 || x > 79 || y < 0 || y > 20)
                continue;
            if (dd <= 1) {
                w->sure[x][y] = 1;
            } else {
                w->prob[x][y] += 100 - (dd - 1) * 100 / (fsq - 1);
                w->out_of[x][y] += 100;
            }
        }
}

/* Quadratic Beziers over the triples of control points, sampled in
 * integer arithmetic from p2 toward p0. */
static void sheol_river(sheol_work *w, int upper)
{
    memset(w->prob, 0, sizeof w->prob);
    memset(w->out_of, 0, sizeof w->out_of);
    memset(w->sure, 0, sizeof w->sure);
    for (int i = 0; i < w->npath - 2; i += 2) {
        int x0 = w->px[i], y0 = w->py[i], x1 = w->px[i + 1], y1 = w->py[i + 1];
        int x2 = w->px[i + 2], y2 = w->py[i + 2];
        int steps = isqrt(d2(x0, y0, x1, y1) + d2(x1, y1, x2, y2)) * 20;
        for (int k = 0; k <= steps; k++) {
            int ax = x0 * k / steps + x1 * (steps - k) / steps;
            int ay = y0 * k / steps + y1 * (steps - k) / steps;
            int bx = x1 * k / steps + x2 * (steps - k) / steps;
            int by = y1 * k / steps + y2 * (steps - k) / steps;
            sheol_stamp(w, ax * k / steps + bx * (steps - k) / steps,
                        ay * k / steps + by * (steps - k) / steps, upper);
        }
    }
}

static void sheol_apply(splev_gen *g, sheol_work *w)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = w->out_of[x][y] ? gen_rn2(g, w->out_of[x][y]) : 1;
            splev_cell *c = gen_cell(g, x, y);
            if (t < w->prob[x][y] || w->sure[x][y]) {
                if (is_icewall(c->typ))
                    c->typ = SPLEV_ICE;
                else if (c->typ != SPLEV_POOL)
                    c->typ = SPLEV_ROOM;
            } else if (c->typ == SPLEV_POOL) {
                c->typ = SPLEV_ICEWALL;
            }
        }
}

static int icy_floor(int t)
{
    return t == SPLEV_ROOM || t == SPLEV_ICE;
}

/* The shake: its validity test never passes, so ten moves are made from
 * the same spot and the last one is kept (UnNetHack's quirk, kept). */
static void sheol_shake(splev_gen *g, int *x, int *y)
{
    int nx = *x, ny = *y;
    for (int i = 0; i < 10; i++) {
        int big = gen_rn2(g, 30) == 0;
        int dx = big ? gen_rn2(g, 7) - 3 : gen_rn2(g, 3) - 1;
        int dy = big ? gen_rn2(g, 7) - 3 : gen_rn2(g, 3) - 1;
        nx = gen_max(1, gen_min(*x + dx, SPLEV_COLNO - 1));
        ny = gen_max(0, gen_min(*y + dy, SPLEV_ROWNO - 1));
    }
    *x = nx;
    *y = ny;
}

static int any_cell(const splev_gen *g, int (*pred)(int))
{
    for (int x = 1; x < SPLEV_COLNO - 1; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (pred(gen_typ(g, x, y)))
                return 1;
    return 0;
}

static void sheol_clouds(splev_gen *g)
{
    int n = gen_rn2(g, 25) + gen_rn2(g, 40) + 5, x, y;
    if (!any_cell(g, icy_floor))
        return;   /* the game would search forever */
    do {
        x = gen_rn1(g, 78, 1);
        y = gen_rn2(g, 21);
    } while (!icy_floor(gen_typ(g, x, y)));
    for (int miss = 200; n > 0 && miss > 0;) {
        splev_cell *c = gen_cell(g, x, y);
        if (icy_floor(c->typ)) {
            c->typ = SPLEV_CLOUD;
            n--;
            miss = 200;
        } else {
            miss--;
            sheol_shake(g, &x, &y);
        }
    }
}

static int column_has_floor(const splev_gen *g, int x1, int x2)
{
    for (int x = x1; x <= x2; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (gen_typ(g, x, y) == SPLEV_ROOM)
                return 1;
    return 0;
}

static int both_sides_open(const splev_gen *g)
{
    return column_has_floor(g, 1, 15) && column_has_floor(g, 65, 79);
}

static int wet_floor(int t, int through_ice)
{
    return t == SPLEV_ICE || t == SPLEV_POOL || t == SPLEV_ROOM ||
           (through_ice && is_icewall(t));
}

/* 4-connected flood from (sx, sy); 1 when every ICE/POOL/ROOM cell is
 * reached. */
static int sheol_all_reached(const splev_gen *g, int sx, int sy, int through)
{
    int stack[SPLEV_COLNO * SPLEV_ROWNO][2];
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    uint8_t seen[SPLEV_COLNO][SPLEV_ROWNO];
    memset(seen, 0, sizeof seen);
    int sp = 0;
    seen[sx][sy] = 1;
    stack[sp][0] = sx;
    stack[sp++][1] = sy;
    while (sp) {
        sp--;
        int x = stack[sp][0], y = stack[sp][1];
        for (int d = 0; d < 4; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (!gen_isok(nx, ny) || seen[nx][ny] ||
                !wet_floor(gen_typ(g, nx, ny), through))
                continue;
            seen[nx][ny] = 1;
            stack[sp][0] = nx;
            stack[sp++][1] = ny;
        }
    }
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (wet_floor(gen_typ(g, x, y), 0) && !seen[x][y])
                return 0;
    return 1;
}

/* Light, nondiggable rock, walls; then the reachability check. */
static int sheol_finalise(splev_gen *g)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            splev_cell *c = gen_cell(g, x, y);
            c->lit = 1;
            if (GEN_IS_ROCK(c->typ) && !is_icewall(c->typ))
                c->nondiggable = 1;
        }
    gen_wallify_map(g, 1, 0, SPLEV_COLNO - 1, SPLEV_ROWNO - 1);
    g->lev->flags &= ~(unsigned)SPLEV_F_MAZELEVEL;
    int sx = 0, sy = 0, found = 0;
    for (int tries = 1; tries <= 100 && !found; tries++) {
        sx = gen_rn1(g, 78, 1);
        sy = gen_rn2(g, 21);
        found = icy_floor(gen_typ(g, sx, sy)) && tries < 100;
    }
    if (!found)
        return 0;
    return sheol_all_reached(g, sx, sy, 0) || sheol_all_reached(g, sx, sy, 1);
}

/* A restart forgets the light and the nondiggable bits (UnNetHack keeps
 * them). */
static void sheol_clear(splev_gen *g)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            splev_cell *c = gen_cell(g, x, y);
            c->lit = 0;
            c->nondiggable = 0;
            c->flags = 0;
        }
}

static int sheol_open(splev_gen *g, sheol_work *w)
{
    int nsites = SITES;
    for (int rep = 1; rep <= MAX_RESTARTS; rep++) {
        if (rep > 1)
            sheol_clear(g);
        if (rep > 100 && nsites > MIN_SITES)
            nsites--;
        int draws = 0;
        do
            sheol_voronoi(g, w, nsites, open_types);
        while (!both_sides_open(g) && ++draws < MAX_OPEN_DRAWS);
        if (sheol_finalise(g))
            return rep - 1;
    }
    g->warnings++;
    return MAX_RESTARTS;
}

static int sheol_closed(splev_gen *g, sheol_work *w)
{
    int upper = g->sheol_dlevel <= 2;
    for (int rep = 1; rep <= MAX_RESTARTS; rep++) {
        if (rep > 1)
            sheol_clear(g);
        sheol_voronoi(g, w, SITES, closed_types);
        sheol_path(g, w);
        sheol_river(w, upper);
        sheol_apply(g, w);
        if (gen_rn2(g, 5) == 0)
            sheol_clouds(g);
        if (both_sides_open(g) && sheol_finalise(g))
            return rep - 1;
    }
    g->warnings++;
    return MAX_RESTARTS;
}

int splev_gen_sheol(splev_gen *g)
{
    sheol_work w;
    if (g->sheol_dlevel < 2 && gen_rn2(g, 3) == 0)
        return sheol_open(g, &w);
    return sheol_closed(g, &w);
}
