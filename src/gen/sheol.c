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
/* The crowded cells' border: control points lie in x -2..79, y 0..20. */
enum { CR_X0 = 6, CR_Y0 = 4 };
/* The river's centres: x -2..79 stored from 0. */
enum { HIT_X0 = 2, HIT_W = SPLEV_COLNO + 2 };

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
    int hits[HIT_W][SPLEV_ROWNO];       /* river samples per centre */
    gen_site sites[SITES];
    int16_t near[SPLEV_COLNO][SPLEV_ROWNO];
    uint8_t by_site[SPLEV_COLNO][SPLEV_ROWNO];  /* in a site's 3x3 block */
    int px[MAX_PATH], py[MAX_PATH], npath;
    /* cells within 4 of a control point, x -6..84 and y -4..24 from 0 */
    uint8_t crowded[SPLEV_COLNO + 2 * CR_X0][SPLEV_ROWNO + 2 * CR_Y0];
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

/* A site is at least 2 from every one already on the map when no other
 * stands in the 3x3 block around it, that is when it does not lie in the
 * 3x3 block of any: each site marks its block. */
static void site_mark(sheol_work *w, int x, int y)
{
    for (int i = x - 1; i <= x + 1; i++)
        for (int j = y - 1; j <= y + 1; j++)
            if (gen_inmap(i, j))
                w->by_site[i][j] = 1;
}

/* Sites kept 2 apart (1001 tested draws, the 1002nd taken as it is),
 * then every cell takes the type of its nearest site. */
static void sheol_voronoi(splev_gen *g, sheol_work *w, int nsites,
                          const uint8_t *types)
{
    g->work += SPLEV_COLNO * SPLEV_ROWNO;
    memset(w->by_site, 0, sizeof w->by_site);
    for (int i = 0; i < nsites; i++) {
        gen_site *s = &w->sites[i];
        for (int draw = 1;; draw++) {
            s->x = gen_rn1(g, 79, 1);
            s->y = gen_rn2(g, 21);
            s->typ = types[gen_rn2(g, 10)];
            if (draw > 1001 || !w->by_site[s->x][s->y])
                break;
        }
        site_mark(w, s->x, s->y);
    }
    gen_nearest_sites(w->sites, nsites, w->near);
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            gen_cell(g, x, y)->typ = (uint8_t)w->sites[w->near[x][y]].typ;
}

/* A control point joins the path: the map cells within 4 of it (squared
 * distance 16 or less) can no longer take one. */
static void sheol_add_point(sheol_work *w, int x, int y)
{
    w->px[w->npath] = x;
    w->py[w->npath++] = y;
    /* half the height of the disc dx^2 + dy^2 <= 16 in column dx */
    static const int half[9] = {0, 2, 3, 3, 4, 3, 3, 2, 0};
    for (int dx = -4; dx <= 4; dx++) {
        int h = half[dx + 4];
        memset(&w->crowded[x + dx + CR_X0][y - h + CR_Y0], 1,
               (size_t)(2 * h + 1));
    }
}

/* One control point after the last: up to 100 draws; 0 when the tries
 * ran out (a point found on the 100th draw counts as that, kept).  A
 * draw is kept when it lies in x 1..79, y 0..20 and more than 4 from
 * every point so far (the crowded cells). */
static int sheol_next_point(splev_gen *g, sheol_work *w)
{
    int lx = w->px[w->npath - 1], ly = w->py[w->npath - 1];
    for (int tries = 1; tries <= 100; tries++) {
        int dx = gen_rn2(g, 2) ? gen_rn2(g, 6) - 2 : gen_rn2(g, 11) - 5;
        int dy = gen_rn2(g, 11) - 5;
        int x = lx + dx, y = ly + dy;
        if (gen_isok(x, y) && !w->crowded[x + CR_X0][y + CR_Y0]) {
            sheol_add_point(w, x, y);
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
        memset(w->crowded, 0, sizeof w->crowded);
        w->npath = 0;
        sheol_add_point(w, -2, 10);
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

/* The fuzzy circle, stamped hits times at one centre: the stamps only
 * add up, so a centre the curve passes many times is stamped once with
 * its count.  Its squared fallout is taken before the fallout is raised
 * to the guaranteed radius (UnNetHack's off-by-one, kept): below the
 * middle of Sheol the circle is its centre alone; above it the cells
 * within 1 are sure, and those at squared distance 2 and 4 get a chance
 * of 100 - (d - 1) * 100 / 3 in 100 (67 and 0). */
static void sheol_stamp(sheol_work *w, int cx, int cy, int upper, int hits)
{
    static const struct { int8_t dx, dy, chance; } ring[13] = {
        {0, 0, -1}, {1, 0, -1}, {-1, 0, -1}, {0, 1, -1}, {0, -1, -1},
        {1, 1, 67}, {1, -1, 67}, {-1, 1, 67}, {-1, -1, 67},
        {2, 0, 0}, {-2, 0, 0}, {0, 2, 0}, {0, -2, 0},
    };
    for (int i = 0; i < (upper ? 13 : 1); i++) {
        int x = cx + ring[i].dx, y = cy + ring[i].dy;
        if (x < 1 || x > 79 || y < 0 || y > 20)
            continue;
        if (ring[i].chance < 0) {
            w->sure[x][y] = 1;
        } else {
            w->prob[x][y] += hits * ring[i].chance;
            w->out_of[x][y] += hits * 100;
        }
    }
}

/* n / d rounded toward zero, as C divides, for |n| < 2^16 and d < 2^16,
 * by a multiplication: m = floor(2^32 / d) + 1 exceeds 2^32 / d by at
 * most d / 2^32, too little to carry n * m past the next multiple of
 * 2^32 when n * d < 2^32. */
static int div_by(int n, uint64_t m)
{
    uint64_t q = ((uint64_t)(n < 0 ? -n : n) * m) >> 32;
    return n < 0 ? -(int)q : (int)q;
}

/* Quadratic Beziers over the triples of control points, sampled in
 * integer arithmetic from p2 toward p0; the samples are counted per
 * centre first (control points lie in x -2..79, y 0..20, and so does
 * every sample), then each centre is stamped once.  Control points are
 * at most 5 apart in x and y, so steps <= 200 and every dividend is
 * below 79 * 200: the divisions are multiplications (div_by). */
static void sheol_river(sheol_work *w, int upper)
{
    memset(w->prob, 0, sizeof w->prob);
    memset(w->out_of, 0, sizeof w->out_of);
    memset(w->sure, 0, sizeof w->sure);
    memset(w->hits, 0, sizeof w->hits);
    for (int i = 0; i < w->npath - 2; i += 2) {
        int x0 = w->px[i], y0 = w->py[i], x1 = w->px[i + 1], y1 = w->py[i + 1];
        int x2 = w->px[i + 2], y2 = w->py[i + 2];
        int steps = isqrt(d2(x0, y0, x1, y1) + d2(x1, y1, x2, y2)) * 20;
        uint64_t m = ((uint64_t)1 << 32) / (uint64_t)steps + 1;
        for (int k = 0; k <= steps; k++) {
            int j = steps - k;
            int ax = div_by(x0 * k, m) + div_by(x1 * j, m);
            int ay = div_by(y0 * k, m) + div_by(y1 * j, m);
            int bx = div_by(x1 * k, m) + div_by(x2 * j, m);
            int by = div_by(y1 * k, m) + div_by(y2 * j, m);
            int cx = div_by(ax * k, m) + div_by(bx * j, m);
            int cy = div_by(ay * k, m) + div_by(by * j, m);
            w->hits[cx + HIT_X0][cy]++;
        }
    }
    for (int x = 0; x < HIT_W; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (w->hits[x][y])
                sheol_stamp(w, x - HIT_X0, y, upper, w->hits[x][y]);
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

/* The reachability flood's grid: the map with a border of cells that
 * pass nothing, one byte a cell, column by column. */
enum { FL_H = SPLEV_ROWNO + 2, FL_CELLS = (SPLEV_COLNO + 1) * FL_H };
enum { FL_WET = 1, FL_ICEWALL = 2 };

static int fl_at(int x, int y) { return x * FL_H + y + 1; }

/* 4-connected flood from (sx, sy) over ICE/POOL/ROOM, and through ice
 * walls too when through is set; 1 when every ICE/POOL/ROOM cell of the
 * map is reached. */
static int sheol_all_reached(const splev_gen *g, int sx, int sy, int through)
{
    uint8_t cls[FL_CELLS];
    int16_t stack[FL_CELLS];
    int wet = 0, reached = 0, sp = 0;
    memset(cls, 0, sizeof cls);
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = gen_typ(g, x, y);
            if (t == SPLEV_ICE || t == SPLEV_POOL || t == SPLEV_ROOM) {
                cls[fl_at(x, y)] = FL_WET;
                wet++;
            } else if (is_icewall(t)) {
                cls[fl_at(x, y)] = FL_ICEWALL;
            }
        }
    int pass = FL_WET | (through ? FL_ICEWALL : 0);
    static const int step[4] = {FL_H, -FL_H, 1, -1};
    int start = fl_at(sx, sy);
    reached += cls[start] == FL_WET;
    cls[start] = 0;     /* 0 once seen */
    stack[sp++] = (int16_t)start;
    while (sp) {
        int c = stack[--sp];
        for (int d = 0; d < 4; d++) {
            int n = c + step[d];
            if (!(cls[n] & pass))
                continue;
            reached += cls[n] == FL_WET;
            cls[n] = 0;
            stack[sp++] = (int16_t)n;
        }
    }
    return reached == wet;
}

/* The reachability check; then light, nondiggable rock and walls, on
 * the level that stays (the try that passes, or the last one).  The game
 * does these first, but they leave every ice, pool and floor cell as it
 * is, so the check sees the same; and a try that fails is forgotten (its
 * cells redrawn, light and bits cleared: sheol_clear). */
static int sheol_finalise(splev_gen *g, int last)
{
    int sx = 0, sy = 0, found = 0;
    for (int tries = 1; tries <= 100 && !found; tries++) {
        sx = gen_rn1(g, 78, 1);
        sy = gen_rn2(g, 21);
        found = icy_floor(gen_typ(g, sx, sy)) && tries < 100;
    }
    int ok = found && (sheol_all_reached(g, sx, sy, 0) ||
                       sheol_all_reached(g, sx, sy, 1));
    if (!ok && !last)
        return 0;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            splev_cell *c = gen_cell(g, x, y);
            c->lit = 1;
            if (GEN_IS_ROCK(c->typ) && !is_icewall(c->typ))
                c->nondiggable = 1;
        }
    gen_wallify_map(g, 1, 0, SPLEV_COLNO - 1, SPLEV_ROWNO - 1);
    g->lev->flags &= ~(unsigned)SPLEV_F_MAZELEVEL;
    return ok;
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
        if (sheol_finalise(g, rep == MAX_RESTARTS))
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
        if (both_sides_open(g) && sheol_finalise(g, rep == MAX_RESTARTS))
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
