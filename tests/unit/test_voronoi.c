/* The Sheol filler's nearest-site search (src/gen/voronoi.c: offsets
 * nearest first within 10 cells, rings beyond) against the plain one it
 * replaces, which compares every cell with every site and
 * keeps the first nearest: the same index for every cell of thousands of
 * site sets, drawn as the filler draws them, crowded onto a few cells,
 * spread thin, and on the map's edges. */
#include "gen/gen_int.h"
#include "unit.h"

#include <stdint.h>
#include <string.h>

static uint64_t state = 88172645463325252u;

static int pick(int n)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (int)(state % (uint64_t)n);
}

/* The reference: every site for every cell, the lowest index kept at
 * equal distance. */
static void plain_nearest(const gen_site *s, int n,
                          int16_t near[SPLEV_COLNO][SPLEV_ROWNO])
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int best = 0;
            int bd = (x - s[0].x) * (x - s[0].x) + (y - s[0].y) * (y - s[0].y);
            for (int i = 1; i < n; i++) {
                int d = (x - s[i].x) * (x - s[i].x) +
                        (y - s[i].y) * (y - s[i].y);
                if (d < bd) {
                    bd = d;
                    best = i;
                }
            }
            near[x][y] = (int16_t)best;
        }
}

enum { SPREAD, CROWD, EDGES, KINDS };

/* n sites of a kind: SPREAD as the filler draws them (x 1..79, y 0..20,
 * repeats allowed), CROWD on a 3x3 patch (many repeats, many ties),
 * EDGES on the map's border rows and columns, x 0 included. */
static void draw_sites(gen_site *s, int n, int kind)
{
    int cx = 1 + pick(77), cy = 1 + pick(19);
    for (int i = 0; i < n; i++) {
        if (kind == SPREAD) {
            s[i].x = 1 + pick(79);
            s[i].y = pick(21);
        } else if (kind == CROWD) {
            s[i].x = cx - 1 + pick(3);
            s[i].y = cy - 1 + pick(3);
        } else if (pick(2)) {
            s[i].x = pick(2) ? 0 : 79;
            s[i].y = pick(21);
        } else {
            s[i].x = pick(80);
            s[i].y = pick(2) ? 0 : 20;
        }
        s[i].typ = i;
    }
}

static int16_t fast[SPLEV_COLNO][SPLEV_ROWNO], slow[SPLEV_COLNO][SPLEV_ROWNO];

int main(void)
{
    static const int sizes[] = {1, 2, 3, 7, 50, 100, 199, 300};
    gen_site s[GEN_MAX_SITES];
    int sets = 0, bad = 0;
    for (int kind = 0; kind < KINDS; kind++)
        for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
            for (int rep = 0; rep < (kind == SPREAD ? 60 : 15); rep++) {
                draw_sites(s, sizes[k], kind);
                memset(fast, 0xff, sizeof fast);
                gen_nearest_sites(s, sizes[k], fast);
                plain_nearest(s, sizes[k], slow);
                sets++;
                for (int x = 1; x < SPLEV_COLNO; x++)
                    if (memcmp(fast[x], slow[x], sizeof slow[x]) != 0) {
                        if (bad++ == 0)
                            printf("# kind %d, %d sites, set %d: column "
                                   "%d differs\n", kind, sizes[k], rep, x);
                        break;
                    }
            }
    CHECK(bad == 0, "the offset and ring searches find the plain "
          "search's nearest site in every cell (%d of %d site sets "
          "differ)", bad, sets);
    /* Two sites at the same distance from a cell: the lower index, in
     * either order on the map. */
    gen_site tie[2] = {{10, 5, 0}, {12, 5, 0}};
    gen_nearest_sites(tie, 2, fast);
    CHECK(fast[11][5] == 0 && fast[9][5] == 0 && fast[13][5] == 1,
          "a tie goes to the lower index (site 0 west of the cell)");
    tie[0].x = 12;
    tie[1].x = 10;
    gen_nearest_sites(tie, 2, fast);
    CHECK(fast[11][5] == 0 && fast[9][5] == 1 && fast[13][5] == 0,
          "a tie goes to the lower index (site 0 east of the cell)");
    return unit_status();
}
