/* voronoi.c - the nearest site of every map cell, for the Sheol filler.
 *
 * The plain way compares each of the 1,659 cells with every site (up to
 * 300).  Here the sites are first filed by the cell they stand on; a cell
 * then looks at the cells around it ring by ring (Chebyshev distance r =
 * 0, 1, 2 ...) and stops once no unseen site can be nearer: every site
 * beyond ring r is at squared distance (r+1)^2 or more.  A site at the
 * same distance as the best so far wins when its index is lower, so the
 * order in which the rings are walked does not matter and the result is
 * the plain search's, exactly. */
#include "gen/gen_int.h"

#include <string.h>

typedef struct site_grid {
    int16_t head[SPLEV_COLNO][SPLEV_ROWNO];     /* first site + 1, 0 none */
    int16_t next[GEN_MAX_SITES];                /* next site + 1 */
} site_grid;

typedef struct best { int d, i; } best;

/* The sites filed on cell (x,y) against the best so far. */
static void look_cell(const site_grid *sg, const gen_site *s, int cx, int cy,
                      int x, int y, best *b)
{
    for (int k = sg->head[x][y]; k; k = sg->next[k - 1]) {
        const gen_site *p = &s[k - 1];
        int d = (p->x - cx) * (p->x - cx) + (p->y - cy) * (p->y - cy);
        if (d < b->d || (d == b->d && k - 1 < b->i)) {
            b->d = d;
            b->i = k - 1;
        }
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

void gen_nearest_sites(const gen_site *s, int n,
                       int16_t near[SPLEV_COLNO][SPLEV_ROWNO])
{
    site_grid sg;
    memset(sg.head, 0, sizeof sg.head);
    for (int i = n - 1; i >= 0; i--) {
        sg.next[i] = sg.head[s[i].x][s[i].y];
        sg.head[s[i].x][s[i].y] = (int16_t)(i + 1);
    }
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            best b = {1 << 30, n};
            /* Past ring r every site is (r+1)^2 away or more; the map is
             * 80 wide, so ring 79 has seen them all. */
            for (int r = 0; r < SPLEV_COLNO && (r * r <= b.d); r++)
                look_ring(&sg, s, x, y, r, &b);
            near[x][y] = (int16_t)b.i;
        }
}
