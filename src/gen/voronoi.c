/* voronoi.c - the nearest site of every map cell, for the Sheol filler.
 *
 * The plain way compares each of the 1,659 cells with every site (up to
 * 300).  Here the sites are first filed by the cell they stand on, in a
 * grid with a border of NEAR_R empty cells; only the lowest index on a
 * cell matters, since the others there are at the same distance from
 * everything.  A cell then looks at the cells around it in order of
 * squared distance (a table of the offsets within NEAR_R, sorted): the
 * first site found is at the least distance, and the offsets at that
 * same distance decide a tie by the lower index, as the plain search
 * does.  A cell with no site within NEAR_R (sites crowded far away) is
 * searched ring by ring over the whole map instead: past ring r every
 * site is (r+1)^2 away or more. */
#include "gen/gen_int.h"

#include <string.h>

enum {
    NEAR_R = 10,                                /* offset table radius */
    GRID_W = SPLEV_COLNO + 2 * NEAR_R,
    GRID_H = SPLEV_ROWNO + 2 * NEAR_R,
    MAX_OFFSETS = (2 * NEAR_R + 1) * (2 * NEAR_R + 1),
};

typedef struct site_grid {
    int16_t owner[GRID_W * GRID_H];     /* lowest site index + 1, 0 none */
    int off[MAX_OFFSETS];               /* grid step of each offset */
    int dist[MAX_OFFSETS];              /* its squared length */
    int noff;
} site_grid;

static int grid_at(int x, int y)
{
    return (x + NEAR_R) * GRID_H + y + NEAR_R;
}

/* The offsets within NEAR_R, by squared length (a counting sort; the
 * order among equal lengths does not matter). */
static void sort_offsets(site_grid *sg)
{
    enum { MAXD = NEAR_R * NEAR_R };
    int count[MAXD + 2];
    memset(count, 0, sizeof count);
    for (int dx = -NEAR_R; dx <= NEAR_R; dx++)
        for (int dy = -NEAR_R; dy <= NEAR_R; dy++)
            if (dx * dx + dy * dy <= MAXD)
                count[dx * dx + dy * dy + 1]++;
    for (int d = 1; d <= MAXD + 1; d++)
        count[d] += count[d - 1];
    for (int dx = -NEAR_R; dx <= NEAR_R; dx++)
        for (int dy = -NEAR_R; dy <= NEAR_R; dy++) {
            int d = dx * dx + dy * dy;
            if (d > MAXD)
                continue;
            int i = count[d]++;
            sg->off[i] = dx * GRID_H + dy;
            sg->dist[i] = d;
        }
    sg->noff = count[MAXD];
}

typedef struct best { int d, i; } best;

/* The site on cell (x,y), if any, against the best so far. */
static void look_cell(const site_grid *sg, const gen_site *s, int cx, int cy,
                      int x, int y, best *b)
{
    int k = sg->owner[grid_at(x, y)];
    if (!k)
        return;
    const gen_site *p = &s[k - 1];
    int d = (p->x - cx) * (p->x - cx) + (p->y - cy) * (p->y - cy);
    if (d < b->d || (d == b->d && k - 1 < b->i)) {
        b->d = d;
        b->i = k - 1;
    }
}

/* Ring r around (cx,cy): its top and bottom rows whole, then the two
 * side columns between them, clipped to the map. */
static void look_ring(const site_grid *sg, const gen_site *s, int cx, int cy,
                      int r, best *b)
{
    int x1 = gen_max(cx - r, 0), x2 = gen_min(cx + r, SPLEV_COLNO - 1);
    int y1 = gen_max(cy - r, 0), y2 = gen_min(cy + r, SPLEV_ROWNO - 1);
    for (int x = x1; x <= x2; x++) {
        if (cy - r >= 0)
            look_cell(sg, s, cx, cy, x, cy - r, b);
        if (r > 0 && cy + r < SPLEV_ROWNO)
            look_cell(sg, s, cx, cy, x, cy + r, b);
    }
    for (int y = gen_max(y1, cy - r + 1); y <= gen_min(y2, cy + r - 1); y++) {
        if (cx - r >= 0)
            look_cell(sg, s, cx, cy, cx - r, y, b);
        if (r > 0 && cx + r < SPLEV_COLNO)
            look_cell(sg, s, cx, cy, cx + r, y, b);
    }
}

/* The nearest site of a cell far from every site: the ring search. */
static int nearest_by_rings(const site_grid *sg, const gen_site *s, int n,
                            int x, int y)
{
    best b = {1 << 30, n};
    /* The map is 80 wide, so ring 79 has seen every site. */
    for (int r = 0; r < SPLEV_COLNO && (r * r <= b.d); r++)
        look_ring(sg, s, x, y, r, &b);
    return b.i;
}

/* The nearest site within NEAR_R of grid cell at, or -1: the first
 * offset holding a site, then the lowest index among the offsets of the
 * same length. */
static int nearest_by_offsets(const site_grid *sg, int at)
{
    for (int i = 0; i < sg->noff; i++) {
        int k = sg->owner[at + sg->off[i]];
        if (!k)
            continue;
        for (int j = i + 1; j < sg->noff && sg->dist[j] == sg->dist[i]; j++) {
            int o = sg->owner[at + sg->off[j]];
            if (o && o < k)
                k = o;
        }
        return k - 1;
    }
    return -1;
}

void gen_nearest_sites(const gen_site *s, int n,
                       int16_t near[SPLEV_COLNO][SPLEV_ROWNO])
{
    site_grid sg;
    memset(sg.owner, 0, sizeof sg.owner);
    sort_offsets(&sg);
    for (int i = n - 1; i >= 0; i--)
        sg.owner[grid_at(s[i].x, s[i].y)] = (int16_t)(i + 1);
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int i = nearest_by_offsets(&sg, grid_at(x, y));
            near[x][y] = (int16_t)(i >= 0 ? i : nearest_by_rings(&sg, s, n,
                                                                 x, y));
        }
}
