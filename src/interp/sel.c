/* sel.c - selections: 80x21 bit grids (a 21-bit word per column) built and combined at run time,
 * always iterated x-major so random draws come in a fixed order.  Where
 * the games are broken we do what they meant: a filled ellipse is filled,
 * flood fill works, a line with equal ends is its one point, and a random
 * coordinate inside a room is relative to the room. */
#include "common/common.h"
#include "interp/vm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int in_grid(int x, int y)
{
    return x >= 0 && x < XN && y >= 0 && y < YN;
}

static void set_cell(vsel *s, int x, int y)
{
    if (in_grid(x, y)) {
        s->col[x] |= 1u << y;
        vsel_widen(s, x);
    }
}

/* Bits lo..hi (0 <= lo <= hi < YN). */
static uint32_t rows(int lo, int hi)
{
    return (VSEL_ROWS >> (YN - 1 - hi)) & ~((1u << lo) - 1u);
}

static int count_bits(uint32_t w)
{
    int n = 0;
    for (; w; w &= w - 1u)
        n++;
    return n;
}

static int iabs(int a)
{
    return a < 0 ? -a : a;
}

static int sel_point(vm *v, val *out)
{
    val c;
    int x, y;
    if (!vm_pop_type(v, SPLEV_V_COORD, "the point", &c))
        return 0;
    *out = vm_val_sel_new(v);
    if (vm_coord(v, &c, H_ANY, &x, &y))
        set_cell(out->own, x, y);
    return 1;
}

static int sel_rect(vm *v, val *out, int fill)
{
    val r;
    if (!vm_pop_type(v, SPLEV_V_REGION, "the rectangle", &r))
        return 0;
    int x1 = r.a < r.c ? r.a : r.c, x2 = r.a < r.c ? r.c : r.a;
    int y1 = r.b < r.d ? r.b : r.d, y2 = r.b < r.d ? r.d : r.b;
    vm_rel(v, &x1, &y1, 1);
    vm_rel(v, &x2, &y2, 1);
    if (x1 < 0) x1 = 0;
    if (y1 < 0) y1 = 0;
    if (x2 > XN - 1) x2 = XN - 1;
    if (y2 > YN - 1) y2 = YN - 1;
    *out = vm_val_sel_new(v);
    vsel *s = out->own;
    if (x1 > x2 || y1 > y2)
        return 1;
    uint32_t all = rows(y1, y2), edges = (1u << y1) | (1u << y2);
    for (int x = x1; x <= x2; x++)
        s->col[x] |= fill || x == x1 || x == x2 ? all : edges;
    vsel_widen(s, x1);
    vsel_widen(s, x2);
    return 1;
}

/* Both ends of a line, the second resolved first, as the games pop them. */
static int line_ends(vm *v, int *x1, int *y1, int *x2, int *y2)
{
    val c2, c1;
    if (!vm_pop_type(v, SPLEV_V_COORD, "the line's end", &c2) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the line's start", &c1))
        return 0;
    vm_coord(v, &c2, H_ANY, x2, y2);
    vm_coord(v, &c1, H_ANY, x1, y1);
    if (*x2 < 0) *x2 = 0;
    if (*y2 < 0) *y2 = 0;
    if (*x1 > XN - 1) *x1 = XN - 1;
    if (*y1 > YN - 1) *y1 = YN - 1;
    return 1;
}

/* Bresenham from (x0,y0) to (x1,y1); equal ends give the point. */
static void draw_line(vsel *s, int x0, int y0, int x1, int y1)
{
    int dx = iabs(x1 - x0), dy = iabs(y1 - y0);
    int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    set_cell(s, x0, y0);
    if (dx > dy) {
        int d = 2 * dy - dx;
        while (x0 != x1) {
            if (d >= 0) {
                y0 += sy;
                d += 2 * (dy - dx);
            } else {
                d += 2 * dy;
            }
            x0 += sx;
            set_cell(s, x0, y0);
        }
    } else {
        int d = 2 * dx - dy;
        while (y0 != y1) {
            if (d >= 0) {
                x0 += sx;
                d += 2 * (dx - dy);
            } else {
                d += 2 * dx;
            }
            y0 += sy;
            set_cell(s, x0, y0);
        }
    }
}

static int sel_line(vm *v, val *out)
{
    int x1, y1, x2, y2;
    if (!line_ends(v, &x1, &y1, &x2, &y2))
        return 0;
    *out = vm_val_sel_new(v);
    draw_line(out->own, x2, y2, x1, y1);
    return 1;
}

/* The offsets rn2(rough) - rough/2 that put mid + offset in 0..n-1:
 * lo..hi, empty when lo > hi. */
static void offset_range(int mid, int rough, int n, int *lo, int *hi)
{
    int a = -(rough / 2), b = rough - 1 - rough / 2;
    *lo = a > -mid ? a : -mid;
    *hi = b < n - 1 - mid ? b : n - 1 - mid;
}

/* The randline midpoint: the game draws both offsets until the point
 * lands on the grid.  When no offset can (an end point far off the map)
 * that never ends; then the midpoint is the plain one, clamped onto the
 * grid, without a draw.  Every try is charged to the step budget. */
static int randline_mid(vm *v, int ax, int ay, int bx, int by, int rough,
                        int *mx, int *my)
{
    int cx = (ax + bx) / 2, cy = (ay + by) / 2;
    int xlo, xhi, ylo, yhi;
    offset_range(cx, rough, XN, &xlo, &xhi);
    offset_range(cy, rough, YN, &ylo, &yhi);
    if (xlo > xhi || ylo > yhi) {
        *mx = cx < 0 ? 0 : cx > XN - 1 ? XN - 1 : cx;
        *my = cy < 0 ? 0 : cy > YN - 1 ? YN - 1 : cy;
        vm_charge(v, 1);
        return vm_steps_left(v);
    }
    do {
        *mx = cx + splev_rn2(&v->rng, rough) - rough / 2;
        *my = cy + splev_rn2(&v->rng, rough) - rough / 2;
        vm_charge(v, 1);
        if (!vm_steps_left(v))
            return 0;
    } while (!in_grid(*mx, *my));
    return 1;
}

/* Returns 0 when the step budget ran out (the error is set). */
static int randline(vm *v, vsel *s, int ax, int ay, int bx, int by, int rough,
                    int depth)
{
    if (depth < 1)
        return 1;
    if (ax == bx && ay == by) {
        set_cell(s, ax, ay);
        return 1;
    }
    int span = iabs(bx - ax) > iabs(by - ay) ? iabs(bx - ax) : iabs(by - ay);
    if (rough > span)
        rough = span;
    int mx, my;
    if (rough < 2) {
        mx = (ax + bx) / 2;
        my = (ay + by) / 2;
        vm_charge(v, 1);
    } else if (!randline_mid(v, ax, ay, bx, by, rough, &mx, &my)) {
        return 0;
    }
    set_cell(s, mx, my);
    rough = (int)((int64_t)rough * 2 / 3);  /* (a .lev may give -2^31) */
    return randline(v, s, ax, ay, mx, my, rough, depth - 1) &&
           randline(v, s, mx, my, bx, by, rough, depth - 1);
}

static int sel_rndline(vm *v, val *out)
{
    int32_t rough;
    int x1, y1, x2, y2;
    if (!vm_pop_int(v, "the roughness", &rough) ||
        !line_ends(v, &x1, &y1, &x2, &y2))
        return 0;
    *out = vm_val_sel_new(v);
    return randline(v, out->own, x2, y2, x1, y1, rough, 12);
}

/* UnNetHack direction bits: each bit names the neighbour examined, a
 * diagonal counts when either of its bits is given (NetHack 3.6 files
 * read the bits as 3.6 does). */
static int grown(const vsel *in, int x, int y, int dirs)
{
    enum { N = 1, S = 2, E = 4, W = 8 };
#define AT(dx, dy) (in_grid(x + (dx), y + (dy)) && vsel_has(in, x + (dx), y + (dy)))
    return ((dirs & W) && AT(-1, 0)) || ((dirs & (W | N)) && AT(-1, -1)) ||
           ((dirs & N) && AT(0, -1)) || ((dirs & (N | E)) && AT(1, -1)) ||
           ((dirs & E) && AT(1, 0)) || ((dirs & (E | S)) && AT(1, 1)) ||
           ((dirs & S) && AT(0, 1)) || ((dirs & (S | W)) && AT(-1, 1));
#undef AT
}

/* NetHack 3.6 direction bits: each bit grows toward its direction, a
 * diagonal needs both of its bits. */
static int grown36(const vsel *in, int x, int y, int dirs)
{
    enum { N = 1, S = 2, E = 4, W = 8 };
#define AT(dx, dy) (in_grid(x + (dx), y + (dy)) && vsel_has(in, x + (dx), y + (dy)))
    if (x < 1)
        return 0;
    return ((dirs & W) && AT(1, 0)) || ((dirs & N) && AT(0, 1)) ||
           ((dirs & E) && AT(-1, 0)) || ((dirs & S) && AT(0, -1)) ||
           ((dirs & W) && (dirs & N) && AT(1, 1)) ||
           ((dirs & N) && (dirs & E) && AT(-1, 1)) ||
           ((dirs & E) && (dirs & S) && AT(-1, -1)) ||
           ((dirs & S) && (dirs & W) && AT(1, -1));
#undef AT
}

static int sel_grow(vm *v, val *out)
{
    int32_t dirs;
    val in;
    if (!vm_pop_int(v, "the directions", &dirs) ||
        !vm_pop_type(v, SPLEV_V_SEL, "the selection", &in))
        return 0;
    const vsel *src = in.own;
    *out = vm_val_sel_new(v);
    vsel *s = out->own;
    int nh = vm_nh36(v);
    for (int x = 0; x < XN; x++)
        for (int y = 0; y < YN; y++)
            if (vsel_has(src, x, y) ||
                (nh ? grown36(src, x, y, dirs) : grown(src, x, y, dirs)))
                set_cell(s, x, y);
    vm_val_release(&in);
    return 1;
}

static int sel_flood(vm *v, val *out)
{
    val c;
    int x, y;
    if (!vm_pop_type(v, SPLEV_V_COORD, "the start", &c))
        return 0;
    *out = vm_val_sel_new(v);
    vsel *s = out->own;
    if (!vm_coord(v, &c, H_ANY, &x, &y) || !vm_isok(x, y))
        return 1;
    int typ = v->lev->cells[x][y].typ;
    int *st = xmalloc(sizeof(int) * 2 * XN * YN);
    int top = 0;
    set_cell(s, x, y);
    st[top++] = x;
    st[top++] = y;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    while (top > 0) {
        int cy = st[--top], cx = st[--top];
        for (int k = 0; k < 4; k++) {
            int nx = cx + dx[k], ny = cy + dy[k];
            if (vm_isok(nx, ny) && !vsel_has(s, nx, ny) &&
                v->lev->cells[nx][ny].typ == typ) {
                set_cell(s, nx, ny);
                st[top++] = nx;
                st[top++] = ny;
            }
        }
    }
    free(st);
    return 1;
}

/* The k-th set cell (x >= 1), relative to the current origin (room or
 * frame, where the games forget the room's); an empty selection gives a
 * random coordinate. */
static int sel_rndcoord(vm *v, val *out)
{
    val in;
    if (!vm_pop_type(v, SPLEV_V_SEL, "the selection", &in))
        return 0;
    const vsel *s = in.own;
    int n = 0;
    for (int x = 1; x < XN; x++)
        n += count_bits(s->col[x]);
    memset(out, 0, sizeof *out);
    out->t = SPLEV_V_COORD;
    if (n == 0) {
        out->c = CF_RANDOM;
    } else {
        int k = splev_rn2(&v->rng, n);
        int r = vm_croom(v);
        int ox = r >= 0 ? v->lev->rooms[r].lx : v->xstart;
        int oy = r >= 0 ? v->lev->rooms[r].ly : v->ystart;
        VSEL_FOR(s, 1, x, y) {
            if (k-- == 0) {
                out->a = x - ox;
                out->b = y - oy;
            }
        }
    }
    vm_val_release(&in);
    return 1;
}

static void span(vsel *s, int x0, int len, int y)
{
    for (int x = x0; x < x0 + len; x++)
        set_cell(s, x, y);
}

static void spans(vsel *s, int cx, int cy, int x, int y, int width)
{
    span(s, cx - x, width, cy - y);
    if (y != 0)
        span(s, cx - x, width, cy + y);
}

/* McIlroy's midpoint ellipse; `filled` means filled (the games invert
 * it). */
static void ellipse(vsel *s, int cx, int cy, long a, long b, int filled)
{
    long x = 0, y = b, a2 = a * a, b2 = b * b;
    long crit1 = -(a2 / 4 + a % 2 + b2), crit2 = -(b2 / 4 + b % 2 + a2);
    long crit3 = -(b2 / 4 + b % 2);
    long t = -a2 * y, dxt = 0, dyt = -2 * a2 * y, d2xt = 2 * b2, d2yt = 2 * a2;
    int width = 1;
    while (y >= 0 && x <= a) {
        if (!filled) {
            set_cell(s, cx + (int)x, cy + (int)y);
            if (x || y)
                set_cell(s, cx - (int)x, cy - (int)y);
            if (x && y) {
                set_cell(s, cx + (int)x, cy - (int)y);
                set_cell(s, cx - (int)x, cy + (int)y);
            }
        }
        if (t + b2 * x <= crit1 || t + a2 * y <= crit3) {
            x++, dxt += d2xt, t += dxt;
            width += 2;
        } else if (t - a2 * y > crit2) {
            if (filled)
                spans(s, cx, cy, (int)x, (int)y, width);
            y--, dyt += d2yt, t += dyt;
        } else {
            if (filled)
                spans(s, cx, cy, (int)x, (int)y, width);
            x++, dxt += d2xt, t += dxt;
            y--, dyt += d2yt, t += dyt;
            width += 2;
        }
    }
}

static int sel_ellipse(vm *v, val *out)
{
    int32_t filled, b, a;
    val c;
    int x, y;
    if (!vm_pop_int(v, "the fill flag", &filled) ||
        !vm_pop_int(v, "the second radius", &b) ||
        !vm_pop_int(v, "the first radius", &a) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the centre", &c))
        return 0;
    *out = vm_val_sel_new(v);
    if (a < 0 || b < 0 || a > 1000 || b > 1000) {
        vm_error(v, "ellipse radii %d, %d out of range 0..1000", (int)a, (int)b);
        return 0;
    }
    vm_coord(v, &c, H_ANY, &x, &y);
    ellipse(out->own, x, y, a, b, filled != 0);
    return 1;
}

static int sel_filter(vm *v, int op, val *out)
{
    val s2, first;
    if (!vm_pop_type(v, SPLEV_V_SEL, "the selection", &s2))
        return 0;
    vm_pop_val(v, &first);
    vsel *s = vm_val_sel_mut(&s2);
    if (op == OP_SEL_FILTER_PCT) {
        if (first.t != SPLEV_V_INT)
            goto bad;
        VSEL_FOR(s, 0, x, y) {
            if (splev_rn2(&v->rng, 100) >= first.a)
                s->col[x] &= ~(1u << y);
        }
    } else if (op == OP_SEL_FILTER_SEL) {
        if (first.t != SPLEV_V_SEL)
            goto bad;
        const vsel *f = first.own;
        for (int x = 0; x < XN; x++)
            s->col[x] &= f->col[x];
    } else {
        if (first.t != SPLEV_V_MAPCHAR)
            goto bad;
        /* A random light keeps a cell with rn2(2) in NetHack 3.6; in
         * UnNetHack it reads as "any light": no draw, kept. */
        int nh = vm_nh36(v);
        VSEL_FOR(s, 0, x, y) {
            const splev_cell *c = &v->lev->cells[x][y];
            int keep = c->typ == first.a;
            if (keep && first.b >= 0)
                keep = c->lit == first.b;
            else if (keep && first.b == -1 && nh)
                keep = splev_rn2(&v->rng, 2);
            if (!keep)
                s->col[x] &= ~(1u << y);
        }
    }
    vm_val_release(&first);
    *out = s2;
    return 1;
bad:
    vm_error(v, "%s: wrong kind of filter (%s)", splev_ops[op].name,
             first.t == SPLEV_V_SEL ? "a selection" : "another value");
    vm_val_release(&first);
    vm_val_release(&s2);
    return 0;
}

/* Distance from (x,y) to the segment c1-c2, as the games compute it. */
static int seg_dist(int x, int y, int x1, int y1, int x2, int y2)
{
    float dx = (float)(x2 - x1), dy = (float)(y2 - y1);
    float len2 = dx * dx + dy * dy;
    int px = x1, py = y1;
    if (len2 > 0) {
        float u = ((float)(x - x1) * dx + (float)(y - y1) * dy) / len2;
        if (u < 0) u = 0;
        if (u > 1) u = 1;
        px = (int)((float)x1 + u * dx);
        py = (int)((float)y1 + u * dy);
    }
    long d2 = (long)(x - px) * (x - px) + (long)(y - py) * (y - py);
    long r = (long)sqrt((double)d2);
    while (r * r > d2) r--;
    while ((r + 1) * (r + 1) <= d2) r++;
    return (int)r;
}

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

static int sel_gradient(vm *v, val *out)
{
    int32_t type, limited, hi, lo;
    val c2, c1;
    if (!vm_pop_int(v, "the gradient type", &type) ||
        !vm_pop_int(v, "the limited flag", &limited) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the second point", &c2) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the first point", &c1) ||
        !vm_pop_int(v, "the maximum", &hi) || !vm_pop_int(v, "the minimum", &lo))
        return 0;
    int x1, y1, x2, y2;
    vm_coord(v, &c1, H_ANY, &x1, &y1);
    vm_coord(v, &c2, H_ANY, &x2, &y2);
    if (lo > hi) {
        int32_t t = lo;
        lo = hi;
        hi = t;
    }
    /* 64-bit: a script may give any two 32-bit values. */
    int64_t span = (int64_t)hi - lo;
    int32_t spanw = span < 1 ? 1 : span > INT32_MAX ? INT32_MAX : (int32_t)span;
    *out = vm_val_sel_new(v);
    vsel *s = out->own;
    for (int x = 0; x < XN; x++)
        for (int y = 0; y < YN; y++) {
            int d = seg_dist(x, y, x1, y1, x2, y2);
            if (type == 1) {
                int a = imax(seg_dist(x1, y, x1, y1, x2, y2),
                             seg_dist(x, y1, x1, y1, x2, y2));
                int b = imax(seg_dist(x2, y, x1, y1, x2, y2),
                             seg_dist(x, y2, x1, y1, x2, y2));
                d = imin(d, imin(a, b));
            }
            if (d >= lo && (!limited || d <= hi) &&
                (int64_t)d - lo > splev_rn2(&v->rng, spanw))
                set_cell(s, x, y);
        }
    return 1;
}

static int sel_binary(vm *v, int op, val *out)
{
    val b;
    if (op == OP_SEL_COMPLEMENT) {
        if (!vm_pop_type(v, SPLEV_V_SEL, "the selection", &b))
            return 0;
        vsel *s = vm_val_sel_mut(&b);
        for (int x = 0; x < XN; x++)
            s->col[x] = ~s->col[x] & VSEL_ROWS;
        s->lo = 0;
        s->hi = XN - 1;
        *out = b;
        return 1;
    }
    val a;
    if (!vm_pop_type(v, SPLEV_V_SEL, "the second selection", &b))
        return 0;
    if (!vm_pop_type(v, SPLEV_V_SEL, "the first selection", &a)) {
        vm_val_release(&b);
        return 0;
    }
    vsel *s = vm_val_sel_mut(&a);
    const vsel *t = b.own;
    for (int x = 0; x < XN; x++)
        s->col[x] |= t->col[x];
    if (t->lo <= t->hi) {
        vsel_widen(s, t->lo);
        vsel_widen(s, t->hi);
    }
    vm_val_release(&b);
    *out = a;
    return 1;
}

int vm_sel_op(vm *v, int op)
{
    val out;
    memset(&out, 0, sizeof out);
    int ok;
    switch (op) {
    case OP_SEL_ADD: case OP_SEL_COMPLEMENT: ok = sel_binary(v, op, &out); break;
    case OP_SEL_POINT: ok = sel_point(v, &out); break;
    case OP_SEL_RECT: ok = sel_rect(v, &out, 0); break;
    case OP_SEL_FILLRECT: ok = sel_rect(v, &out, 1); break;
    case OP_SEL_LINE: ok = sel_line(v, &out); break;
    case OP_SEL_RNDLINE: ok = sel_rndline(v, &out); break;
    case OP_SEL_GROW: ok = sel_grow(v, &out); break;
    case OP_SEL_FLOOD: ok = sel_flood(v, &out); break;
    case OP_SEL_RNDCOORD: ok = sel_rndcoord(v, &out); break;
    case OP_SEL_ELLIPSE: ok = sel_ellipse(v, &out); break;
    case OP_SEL_FILTER_PCT: case OP_SEL_FILTER_SEL: case OP_SEL_FILTER_MAP:
        ok = sel_filter(v, op, &out);
        break;
    case OP_SEL_GRADIENT: ok = sel_gradient(v, &out); break;
    default: ok = 0; break;
    }
    if (!ok) {
        vm_val_release(&out);
        if (!v->failed)
            vm_error(v, "bad selection operation");
        return 0;
    }
    vm_push_val(v, out);
    return 1;
}
