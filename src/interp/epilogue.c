/* epilogue.c - what runs after the script, in the games' order: door
 * orientation, boundary markers, wallification, flipping, solidify,
 * level-region placement and the digging bounds. */
#include "interp/rooms.h"
#include "interp/vm.h"

#include <string.h>

/* Door orientation (it changes no cell type, so doing it from the
 * planes sees what a separate pass would), whether any `B` boundary
 * marker (CROSSWALL) lies in 0..78 x 0..19, and the box of non-stone
 * cells: all from the planes of the whole map. */
typedef struct box {
    int lx, ly, hx, hy;     /* lx > hx: nothing but stone */
} box;

#define ROWS ((1u << YN) - 1u)

/* The cells of column x that are not stone. */
static uint32_t non_stone(const wall_planes *p, int x)
{
    return (p->like[x] | ~p->rsolid[x]) & ROWS;
}

static int top_bit(uint32_t w)
{
    int n = 0;
    while (w >>= 1)
        n++;
    return n;
}

/* Walls (DBWALL too) and doors of column x, the cells a door lines up
 * with; none off the map (x = 0 counts as off it, as for vm_isok). */
static uint32_t door_mates(const wall_planes *p, int x)
{
    return x < 1 || x >= XN ? 0 : (p->rsolid[x] & p->like[x]) | p->door[x];
}

/* vm_set_door_orientation for the doors of column x at once: a door
 * between mates left or right, and not between mates above and below,
 * is horizontal.  A door with no mate at all looks at other terrain:
 * that rare case goes to the cell-by-cell rule. */
static void orient_doors(splev_level *lev, const wall_planes *p, int x)
{
    uint32_t c = door_mates(p, x), lr = door_mates(p, x - 1) | door_mates(p, x + 1);
    uint32_t up = c << 1, down = c >> 1;
    uint32_t mated = lr | up | down, hor = lr & ~(up & down);
    splev_cell *col = lev->cells[x];
    for (uint32_t m = p->door[x]; m; m &= m - 1u) {
        int y = bit_low(m);
        if ((mated >> y) & 1u)
            col[y].horizontal = (uint8_t)((hor >> y) & 1u);
        else
            vm_set_door_orientation(lev, x, y);
    }
}

/* Whether any `B` boundary marker (CROSSWALL) lies in 0..78 x 0..19, and
 * the box of non-stone cells. */
static int find_markers(vm *v, const wall_planes *p, box *used)
{
    splev_level *lev = v->lev;
    int any = 0;
    uint32_t rows_any = 0;
    used->lx = XN;
    used->hx = -1;
    for (int x = 0; x < XN; x++) {
        if (x < XN - 1)
            for (uint32_t m = p->rare[x] & (ROWS >> 1); m; m &= m - 1u)
                any |= lev->cells[x][bit_low(m)].typ == SPLEV_CROSSWALL;
        uint32_t col = non_stone(p, x);
        if (col) {
            if (used->lx == XN)
                used->lx = x;
            used->hx = x;
            rows_any |= col;
        }
    }
    used->ly = rows_any ? bit_low(rows_any) : YN;
    used->hy = rows_any ? top_bit(rows_any) : -1;
    return any;
}

/* The doors of every column but those with skip[x]. */
static void orient_all_doors(vm *v, const wall_planes *p, const uint8_t *skip)
{
    for (int x = 1; x < XN; x++)
        if (p->door[x] && !skip[x])
            orient_doors(v->lev, p, x);
}

/* The `B` map character marks an invisible boundary: floor after all. */
static void remove_boundary_markers(vm *v)
{
    for (int x = 0; x < XN - 2; x++)
        for (int y = 0; y < YN - 1; y++)
            if (v->lev->cells[x][y].typ == SPLEV_CROSSWALL && v->gen.mark[x][y])
                v->lev->cells[x][y].typ = SPLEV_ROOM;
}

typedef struct extents {
    int lx, ly, hx, hy, empty;
} extents;

/* The level extents of "bound digging", off by one where the games are,
 * from the planes: per column and per row, whether it holds anything but
 * stone and whether that is only walls.  The row tests of the rule are
 * limited to lx..hx, but every column outside that span is all stone, so
 * whole rows answer the same. */
static extents level_extents(vm *v, const wall_planes *p)
{
    const splev_level *lev = v->lev;
    int maze = (lev->flags & SPLEV_F_MAZELEVEL) != 0;
    extents e = {0, 0, XN - 1, YN - 1, 1};
    uint32_t row_used = 0, row_other = 0;
    int first = -1, last = -1, first_walls = 0, last_walls = 0;
    for (int x = 0; x < XN; x++) {
        uint32_t used = non_stone(p, x), other = ~p->rsolid[x] & ROWS;
        if (!used)
            continue;
        row_used |= used;
        row_other |= other;
        if (first < 0) {
            first = x;
            first_walls = !other;
        }
        last = x;
        last_walls = !other;
    }
    if (first < 0)
        return e;
    e.empty = 0;
    e.lx = maze && first_walls ? first : first - 1;
    e.hx = maze && last_walls ? last : last + 1;
    if (e.lx < 0) e.lx = 0;
    if (e.hx > XN - 1) e.hx = XN - 1;
    first = bit_low(row_used);
    last = top_bit(row_used);
    e.ly = maze && !((row_other >> first) & 1u) ? first : first - 1;
    e.hy = maze && !((row_other >> last) & 1u) ? last : last + 1;
    return e;
}

/* ---- flipping ---- */

typedef struct flip {
    int fx, fy;              /* mirror x, mirror y */
    int x1, y1, x2, y2;      /* the area */
} flip;

static int in_area(const flip *f, int x, int y)
{
    return x >= f->x1 && x <= f->x2 && y >= f->y1 && y <= f->y2;
}

static void flip_point(const flip *f, int *x, int *y)
{
    if (!in_area(f, *x, *y))
        return;
    if (f->fx)
        *x = f->x2 - *x + f->x1;
    if (f->fy)
        *y = f->y2 - *y + f->y1;
}

/* One axis of a box: the part inside the area [m, n] mirrored; what lies
 * outside the area is stone, no place for anything, and is dropped.  A
 * box that spans the whole area, or lies wholly outside it, stays. */
static void flip_span(int on, int m, int n, int *lo, int *hi)
{
    int a = *lo > m ? *lo : m, b = *hi < n ? *hi : n;
    if (!on || a > b || (*lo <= m && *hi >= n))
        return;
    *lo = n - b + m;
    *hi = n - a + m;
}

/* A room or level region: each axis on its own, so that a level region
 * reaching past the level's extents (levregion(1,0,79,20) on a level
 * whose last column is 77) still covers the mirrored level. */
static void flip_box(const flip *f, int *lx, int *ly, int *hx, int *hy)
{
    flip_span(f->fx, f->x1, f->x2, lx, hx);
    flip_span(f->fy, f->y1, f->y2, ly, hy);
}

static int flip_dbdir(const flip *f, int dir)
{
    if (f->fy && (dir == SPLEV_DB_NORTH || dir == SPLEV_DB_SOUTH))
        return dir ^ 1;
    if (f->fx && (dir == SPLEV_DB_EAST || dir == SPLEV_DB_WEST))
        return dir ^ 1;
    return dir;
}

/* Rows y1.. (n of them) of a column and its SpLev_Map marks. */
typedef struct run {
    splev_cell *c;
    uint8_t *m;
} run;

static run run_at(vm *v, int x, int y)
{
    return (run){&v->lev->cells[x][y], &v->gen.mark[x][y]};
}

/* Exchange a and b (n rows each, no overlap) through a copy. */
static void run_swap(run a, run b, int n)
{
    splev_cell tc[YN];
    uint8_t tm[YN];
    memcpy(tc, a.c, (size_t)n * sizeof *tc);
    memcpy(a.c, b.c, (size_t)n * sizeof *tc);
    memcpy(b.c, tc, (size_t)n * sizeof *tc);
    memcpy(tm, a.m, (size_t)n);
    memcpy(a.m, b.m, (size_t)n);
    memcpy(b.m, tm, (size_t)n);
}

/* Exchange row i of a with row n - 1 - i of b for i < k (k = n/2 when
 * a is b: it turns upside down). */
static void run_swap_reversed(run a, run b, int k, int n)
{
    splev_cell *hi = b.c + n - 1;
    uint8_t *mhi = b.m + n - 1;
    int i = 0;
    /* two rows a step: the steps cost about what the copies do */
    for (; i + 1 < k; i += 2) {
        splev_cell t0 = a.c[i], t1 = a.c[i + 1];
        a.c[i] = hi[-i];
        a.c[i + 1] = hi[-i - 1];
        hi[-i] = t0;
        hi[-i - 1] = t1;
        uint8_t m0 = a.m[i], m1 = a.m[i + 1];
        a.m[i] = mhi[-i];
        a.m[i + 1] = mhi[-i - 1];
        mhi[-i] = m0;
        mhi[-i - 1] = m1;
    }
    for (; i < k; i++) {
        splev_cell t = a.c[i];
        a.c[i] = hi[-i];
        hi[-i] = t;
        uint8_t m = a.m[i];
        a.m[i] = mhi[-i];
        mhi[-i] = m;
    }
}

/* The mirror moves whole runs of a column: a column to its mirror (rows
 * reversed when fy), through a copy of one of them. */
static void flip_cells(vm *v, const flip *f, const wall_planes *p)
{
    splev_level *lev = v->lev;
    uint32_t rare = 0;     /* drawbridges among them (the passes keep them) */
    for (int x = f->x1; x <= f->x2; x++)
        rare |= p->rare[x];
    for (int x = f->x1; x <= f->x2 && rare; x++)
        for (int y = f->y1; y <= f->y2; y++) {
            int t = lev->cells[x][y].typ;
            if (t == SPLEV_DRAWBRIDGE_UP || t == SPLEV_DRAWBRIDGE_DOWN) {
                int fl = lev->cells[x][y].flags;
                lev->cells[x][y].flags = (uint8_t)((fl & ~SPLEV_DB_DIRMASK) |
                                                   flip_dbdir(f, fl & SPLEV_DB_DIRMASK));
            }
        }
    int w = f->x2 - f->x1 + 1, h = f->y2 - f->y1 + 1;
    /* column x and its mirror; without fx, or the middle column of an
     * odd width, a column is its own mirror */
    for (int x = f->x1; x < f->x1 + (f->fx ? (w + 1) / 2 : w); x++) {
        int nx = f->fx ? f->x2 - x + f->x1 : x;
        run a = run_at(v, x, f->y1), b = run_at(v, nx, f->y1);
        if (f->fy)
            run_swap_reversed(a, b, nx == x ? h / 2 : h, h);
        else if (nx != x)
            run_swap(a, b, h);
    }
}

static void flip_things(vm *v, const flip *f)
{
    splev_level *lev = v->lev;
#define FLIP_ALL(arr, n)                                                     \
    for (size_t i = 0; i < lev->n; i++)                                      \
        flip_point(f, &lev->arr[i].x, &lev->arr[i].y)
    FLIP_ALL(stairs, nstairs);
    FLIP_ALL(altars, naltars);
    FLIP_ALL(graves, ngraves);
    FLIP_ALL(engravings, nengravings);
    FLIP_ALL(golds, ngolds);
    FLIP_ALL(traps, ntraps);
    FLIP_ALL(monsters, nmonsters);
    FLIP_ALL(objects, nobjects);
#undef FLIP_ALL
    for (size_t i = 0; i < lev->ndrawbridges; i++) {
        flip_point(f, &lev->drawbridges[i].x, &lev->drawbridges[i].y);
        lev->drawbridges[i].dir = flip_dbdir(f, lev->drawbridges[i].dir);
    }
    for (size_t i = 0; i < lev->nrooms; i++) {
        splev_room *r = &lev->rooms[i];
        flip_box(f, &r->lx, &r->ly, &r->hx, &r->hy);
    }
    for (size_t i = 0; i < lev->nlregions; i++) {
        splev_lregion *r = &lev->lregions[i];
        if (r->lx == 0)
            continue;                   /* "the whole level" */
        flip_box(f, &r->lx, &r->ly, &r->hx, &r->hy);
        if (r->dlx || r->dly || r->dhx || r->dhy)
            flip_box(f, &r->dlx, &r->dly, &r->dhx, &r->dhy);
    }
}

/* noflipx keeps x (no left/right mirror), noflipy keeps y, as UnNetHack's
 * description of the flags says.
 * shaped: the spine pass gave every wall its shape and all is stone
 * outside the mirrored area, so the pass after the mirror would give
 * each wall the mirror image of its shape: that is written instead. */
static void flip_level(vm *v, const extents *e, wall_planes *p, int shaped)
{
    unsigned fl = v->lev->flags;
    int allow = 3;
    if (fl & SPLEV_F_NOFLIPX) allow &= ~2;
    if (fl & SPLEV_F_NOFLIPY) allow &= ~1;
    if (fl & SPLEV_F_RNDVAULT) allow = 0;
    int c = 0;
    if ((allow & 1) && splev_rn2(&v->rng, 2))
        c |= 1;
    if ((allow & 2) && splev_rn2(&v->rng, 2))
        c |= 2;
    if (v->ctx.in_wiztower)
        c &= 1;
    /* The coins are drawn on every level that allows a flip; the
     * current build keeps them only in Sokoban. */
    if (!v->ctx.in_sokoban && !v->ctx.flip_everywhere)
        c = 0;
    if (!v->ctx.flip || !c || e->empty)
        return;
    flip f = {(c & 2) != 0, (c & 1) != 0,
              e->lx < 1 ? 1 : e->lx, e->ly < 0 ? 0 : e->ly,
              e->hx > XN - 1 ? XN - 1 : e->hx, e->hy > YN - 1 ? YN - 1 : e->hy};
    if (shaped)
        walls_mirror_shapes(v->lev, p, f.fx, f.fy, f.x1, f.y1, f.x2, f.y2);
    flip_cells(v, &f, p);
    flip_things(v, &f);
    if (shaped)
        return;
    /* The classes the spine pass reads move with the cells; every
     * non-stone cell lay inside the extents and stays there.  Nothing
     * after this reads the other planes. */
    walls_planes_flip(p, f.fx, f.fy, f.x1, f.y1, f.x2, f.y2);
    walls_spines_planes(v->lev, p, f.x1, f.y1, f.x2, f.y2, NULL);
}

static void solidify(vm *v)
{
    for (int x = 0; x < XN; x++)
        for (int y = 0; y < YN; y++) {
            splev_cell *c = &v->lev->cells[x][y];
            if ((c->typ == SPLEV_STONE || SPLEV_IS_WALL(c->typ)) && !v->gen.mark[x][y])
                c->nondiggable = c->nonpasswall = 1;
        }
}

/* Everything on or outside the extents' frame: whole columns at the
 * sides, the top and bottom rows in between. */
/* The flag on n cells in a row of the grid (columns follow each other),
 * three a step. */
static void set_nondiggable(splev_cell *c, int n)
{
    for (; n >= 3; n -= 3, c += 3) {
        c[0].nondiggable = 1;
        c[1].nondiggable = 1;
        c[2].nondiggable = 1;
    }
    for (; n > 0; n--, c++)
        c->nondiggable = 1;
}

/* The flag on rows y1..y2 of columns x1..x2 - 1: each row across the
 * columns (a column apart), not a short run per column. */
static void nondiggable_rows(splev_cell (*cells)[YN], int x1, int x2, int y1,
                             int y2)
{
    if (x1 >= x2)
        return;
    for (int y = y1; y <= y2; y++)
        for (splev_cell *c = &cells[x1][y], *end = &cells[x2][y]; c < end; c += YN)
            c->nondiggable = 1;
}

static void bound_digging(vm *v, const extents *e)
{
    if (e->empty)
        return;
    /* whole columns 0..lx and hx..XN - 1, rows 0..top and bottom..YN - 1
     * of the ones in between */
    int top = e->ly < YN - 1 ? e->ly : YN - 1, bottom = e->hy < 0 ? 0 : e->hy;
    int lx = e->lx, hx = e->hx;
    splev_cell (*cells)[YN] = v->lev->cells;
    set_nondiggable(cells[0], (lx + 1) * YN);
    set_nondiggable(cells[hx], (XN - hx) * YN);
    nondiggable_rows(cells, lx + 1, hx, 0, top);
    nondiggable_rows(cells, lx + 1, hx, bottom > top + 1 ? bottom : top + 1, YN - 1);
}

/* ---- level regions ---- */

static int trap_index(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->ntraps; i++)
        if (lev->traps[i].x == x && lev->traps[i].y == y)
            return (int)i;
    return -1;
}

static int spot_bad(vm *v, const splev_lregion *r, int x, int y)
{
    const splev_cell *c = &v->lev->cells[x][y];
    int excl = (r->dlx || r->dly || r->dhx || r->dhy) && x >= r->dlx &&
               x <= r->dhx && y >= r->dly && y <= r->dhy;
    int maze = (v->lev->flags & SPLEV_F_MAZELEVEL) != 0;
    int floor = c->typ == SPLEV_ROOM || (c->typ == SPLEV_ICE && !vm_nh36(v)) ||
                c->typ == SPLEV_AIR || (c->typ == SPLEV_CORR && maze);
    return trap_index(v->lev, x, y) >= 0 || excl || !floor;
}

static int put_here(vm *v, const splev_lregion *r, int x, int y, int oneshot)
{
    if (!vm_isok(x, y))
        return 0;
    if (spot_bad(v, r, x, y)) {
        if (!oneshot)
            return 0;
        int t = trap_index(v->lev, x, y);
        if (t >= 0 && v->lev->traps[t].type != 17 && v->lev->traps[t].type != 24) {
            v->lev->traps[t] = v->lev->traps[v->lev->ntraps - 1];
            v->lev->ntraps--;
        }
        if (spot_bad(v, r, x, y))
            return 0;
    }
    switch (r->type) {
    case SPLEV_LR_UPSTAIR: case SPLEV_LR_DOWNSTAIR:
        return vm_make_stair(v, x, y, r->type == SPLEV_LR_UPSTAIR, 0) || 1;
    case SPLEV_LR_PORTAL:
        if (vm_count_thing(v))
            splev_level_add_stair(v->lev, SPLEV_SK_PORTAL, x, y, 0, r->dest);
        return 1;
    default:
        /* the game's branch placement does nothing on a level without
         * a branch, after the same search for the spot */
        if (v->ctx.has_branch < 0 || !vm_count_thing(v))
            return 1;
        if (v->ctx.branch_portal) {
            splev_level_add_stair(v->lev, SPLEV_SK_BRANCH_PORTAL, x, y, 0, r->dest);
        } else {
            v->lev->cells[x][y].typ = SPLEV_STAIRS;
            v->lev->cells[x][y].flags = v->ctx.branch_up ? SPLEV_LA_UP : SPLEV_LA_DOWN;
            splev_level_add_stair(v->lev, SPLEV_SK_BRANCH_STAIR, x, y,
                                  v->ctx.branch_up != 0, r->dest);
        }
        return 1;
    }
}

/* Keep [*lo, *hi] to [lo_ok, hi_ok] when it is far wider: a .lev from
 * anywhere may give any box, whose width must not overflow, and spots off
 * the map are never taken.  Boxes a compiler writes are left as they are,
 * so their draws do not change. */
static int clamp_to(int n, int lo, int hi)
{
    return n < lo ? lo : n > hi ? hi : n;
}

static void cut_span(int *lo, int *hi, int lo_ok, int hi_ok)
{
    int64_t span = (int64_t)*hi - *lo, most = 4 * (int64_t)(hi_ok + 1);
    if (span > most) {
        *lo = *lo < lo_ok ? lo_ok : *lo;
        *hi = *hi > hi_ok ? hi_ok : *hi;
    } else if (span < -most) {
        /* an inverted box (no spot inside): brought to the map's size so
         * that its draws' bound hi - lo + 1 stays a small number */
        *lo = clamp_to(*lo, lo_ok, hi_ok);
        *hi = clamp_to(*hi, lo_ok, hi_ok);
    }
}

static int place_in(vm *v, const splev_lregion *r, int lx, int ly, int hx, int hy)
{
    cut_span(&lx, &hx, 1, XN - 1);
    cut_span(&ly, &hy, 0, YN - 1);
    int oneshot = lx == hx && ly == hy;
    /* Each spot costs a look through the traps: charged, so that a level
     * full of traps and regions stops at the step limit. */
    for (int i = 0; i < 200 && vm_steps_left(v); i++) {
        vm_charge(v, 1 + v->lev->ntraps);
        int x = splev_rn1(&v->rng, hx - lx + 1, lx);
        int y = splev_rn1(&v->rng, hy - ly + 1, ly);
        if (put_here(v, r, x, y, oneshot))
            return 1;
    }
    /* the scan: only spots on the map can be taken */
    for (int x = lx < 1 ? 1 : lx; x <= hx && x < XN && !v->failed; x++)
        for (int y = ly < 0 ? 0 : ly; y <= hy && y < YN && vm_steps_left(v); y++) {
            vm_charge(v, 1 + v->lev->ntraps);
            if (put_here(v, r, x, y, 1))
                return 1;
        }
    return 0;
}

static void place_lregion(vm *v, const splev_lregion *r)
{
    /* the whole level: x from 0 (UnNetHack) or 1 (NetHack 3.6) */
    int whole_lx = vm_nh36(v) ? 1 : 0;
    if (r->lx == 0) {
        if (r->type == SPLEV_LR_BRANCH && v->lev->nrooms > 0) {
            if (v->ctx.has_branch < 0)
                return;         /* no branch: the game draws nothing here */
            int k = splev_rn2(&v->rng, (int)v->lev->nrooms), x, y;
            if (vm_somexy(v, k, &x, &y))
                put_here(v, r, x, y, 1);
            return;
        }
        place_in(v, r, whole_lx, 0, XN - 1, YN - 1);
        return;
    }
    /* a failed area is retried over the whole level, as UnNetHack does */
    if (!place_in(v, r, r->lx, r->ly, r->hx, r->hy) && !v->failed)
        place_in(v, r, whole_lx, 0, XN - 1, YN - 1);
}

static void place_lregions(vm *v)
{
    int branch = 0;
    size_t n = v->lev->nlregions;
    for (size_t i = 0; i < n && !v->failed; i++) {
        splev_lregion r = v->lev->lregions[i];
        if (r.type <= SPLEV_LR_BRANCH)
            place_lregion(v, &r);
        branch |= r.type == SPLEV_LR_BRANCH;
    }
    if (!branch && v->ctx.has_branch > 0 && !v->failed) {
        splev_lregion r;
        memset(&r, 0, sizeof r);
        r.type = SPLEV_LR_BRANCH;
        place_lregion(v, &r);
    }
}

/* ---- the wall memo ----
 * Fixed-map levels reach the epilogue with most columns as they were on
 * the runner's last run.  The classification, door orientation, buried
 * wall removal and spine pass of column x read only columns x - 2 ..
 * x + 2 (and the box and flags), so when those five columns are byte for
 * byte what they were last time, with the same box, column x comes out
 * as it did then: its cells after those passes are copied from the
 * memo.  The memo holds the last run's columns before the passes, their
 * planes, and the columns after them; every run brings all of it up to
 * date, so its columns always come from one run. */
typedef struct wall_memo {
    int valid;                  /* the last run filled it */
    box used;
    int kept;                   /* a wall of that run kept its type */
    splev_cell pre[XN][YN], post[XN][YN];
    wall_planes planes;         /* pre's classes */
    uint32_t wall[XN], like[XN], hwall[XN];     /* after the passes */
} wall_memo;

/* Classify the columns, from the memo where a column is unchanged
 * (same[x]); the memo takes the others' cells and planes.  Columns are
 * compared eight at a time first (a run of columns is one block of the
 * grid), then one by one inside a block that changed. */
enum { MEMO_BLOCK = 8 };
_Static_assert(XN % MEMO_BLOCK == 0, "the memo compares whole blocks");
static void classify(vm *v, wall_planes *p, wall_memo *mm, uint8_t same[XN])
{
    splev_cell (*cells)[YN] = v->lev->cells;
    memset(same, 0, XN);
    if (mm->valid) {
        uint32_t *to[] = {p->solid, p->rsolid, p->like, p->wall, p->hwall,
                          p->door, p->rare};
        const uint32_t *from[] = {mm->planes.solid, mm->planes.rsolid,
                                  mm->planes.like, mm->planes.wall,
                                  mm->planes.hwall, mm->planes.door,
                                  mm->planes.rare};
        for (size_t k = 0; k < sizeof to / sizeof to[0]; k++)
            memcpy(to[k], from[k], XN * sizeof *to[k]);
        for (int b = 0; b < XN; b += MEMO_BLOCK) {
            if (!memcmp(cells[b], mm->pre[b], MEMO_BLOCK * sizeof cells[b])) {
                memset(same + b, 1, MEMO_BLOCK);
                continue;
            }
            for (int x = b; x < b + MEMO_BLOCK; x++)
                same[x] = !memcmp(cells[x], mm->pre[x], sizeof cells[x]);
        }
    }
    for (int x = 0; x < XN; x++) {
        if (same[x])
            continue;
        walls_planes_column(v->lev, p, x);
        memcpy(mm->pre[x], cells[x], sizeof cells[x]);
        walls_planes_copy(&mm->planes, p, x);
    }
}

/* reuse[x]: columns x - 2 .. x + 2 unchanged (off the map counts as
 * unchanged: it always is). */
static void reusable(const uint8_t same[XN], uint8_t reuse[XN])
{
    int streak = 2;             /* unchanged columns up to x + 2 */
    for (int x = -2; x < XN; x++) {
        streak = x + 2 >= XN || same[x + 2] ? streak + 1 : 0;
        if (x >= 0)
            reuse[x] = streak >= 5;
    }
}

/* The passes before extents and flip: door orientation, boundary
 * markers, the way out, buried walls and spines.  Returns whether every
 * wall was shaped by the spine pass (see flip_level). */
static int wall_passes(vm *v, wall_planes *p, extents *e)
{
    splev_level *lev = v->lev;
    wall_memo *mm = vm_mapcache_walls(&v->maps, sizeof(wall_memo));
    uint8_t same[XN], reuse[XN];
    box used;
    if (mm)
        classify(v, p, mm, same);
    else
        walls_planes(lev, p, 0, XN - 1);
    int markers = find_markers(v, p, &used);
    int memo = mm && !markers &&
               !(lev->flags & (SPLEV_F_INACCESSIBLES | SPLEV_F_CORRMAZE));
    if (memo && mm->valid && !memcmp(&used, &mm->used, sizeof used))
        reusable(same, reuse);
    else
        memset(reuse, 0, sizeof reuse);
    orient_all_doors(v, p, reuse);
    if (markers) {
        remove_boundary_markers(v);
        walls_planes(lev, p, 0, XN - 1);
    }
    if (lev->flags & SPLEV_F_INACCESSIBLES) {
        vm_gen_way_out(v);
        used = (box){0, 0, XN - 1, YN - 1};     /* it may dig anywhere */
        walls_planes(lev, p, 0, XN - 1);
    }
    /* A reused column's planes after the passes, before the passes
     * (its neighbours' spines read them) */
    int reused = 0;
    for (int x = 0; x < XN; x++)
        if (reuse[x]) {
            p->wall[x] = mm->wall[x];
            p->like[x] = mm->like[x];
            p->hwall[x] = mm->hwall[x];
            reused = 1;
        }
    /* every wall shaped: column 0, which the passes leave alone, must
     * be stone too */
    int kept = 1;
    if (!(lev->flags & SPLEV_F_CORRMAZE))
        kept = walls_wallification_planes(lev, p, used.lx, used.ly, used.hx,
                                          used.hy, reuse);
    if (mm) {
        for (int x = 0; x < XN; x++) {
            if (reuse[x]) {
                memcpy(lev->cells[x], mm->post[x], sizeof mm->post[x]);
            } else {
                memcpy(mm->post[x], lev->cells[x], sizeof mm->post[x]);
                mm->wall[x] = p->wall[x];
                mm->like[x] = p->like[x];
                mm->hwall[x] = p->hwall[x];
            }
        }
        /* a reused column's kept walls are known only as "some" */
        kept |= reused && mm->kept;
        mm->valid = memo;
        mm->used = used;
        mm->kept = kept;
    }
    *e = level_extents(v, p);
    return !kept && !non_stone(p, 0);
}

void vm_epilogue(vm *v)
{
    wall_planes p;
    extents e;
    vm_stock_rooms(v);
    int shaped = wall_passes(v, &p, &e);
    if (!vm_nh36(v))
        flip_level(v, &e, &p, shaped);  /* NetHack 3.6 never flips (no draws) */
    if (v->lev->flags & SPLEV_F_SOLIDIFY)
        solidify(v);
    place_lregions(v);
    bound_digging(v, &e);
}
