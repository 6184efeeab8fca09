/* rect.c - the free-rectangle list that keeps random rooms apart
 * as the games keep it: at most 50 rectangles, split around each room. */
#include "gen/gen_int.h"

enum { XLIM = 4, YLIM = 3 };

void splev_gen_init_rects(splev_gen *g)
{
    g->nrects = 1;
    g->rects[0] = (splev_rect){0, 0, SPLEV_COLNO - 1, SPLEV_ROWNO - 1};
}

splev_rect *splev_gen_rnd_rect(splev_gen *g)
{
    return g->nrects > 0 ? &g->rects[gen_rn2(g, g->nrects)] : NULL;
}

static int rect_contains(const splev_rect *outer, const splev_rect *r)
{
    return r->lx >= outer->lx && r->ly >= outer->ly && r->hx <= outer->hx &&
           r->hy <= outer->hy;
}

splev_rect *splev_gen_get_rect(splev_gen *g, const splev_rect *r)
{
    for (int i = 0; i < g->nrects; i++)
        if (rect_contains(&g->rects[i], r))
            return &g->rects[i];
    return NULL;
}

void splev_gen_add_rect(splev_gen *g, const splev_rect *r)
{
    if (g->nrects >= SPLEV_GEN_MAXRECTS || splev_gen_get_rect(g, r))
        return;
    g->rects[g->nrects++] = *r;
}

void splev_gen_remove_rect(splev_gen *g, const splev_rect *r)
{
    for (int i = 0; i < g->nrects; i++) {
        const splev_rect *e = &g->rects[i];
        if (e->lx == r->lx && e->ly == r->ly && e->hx == r->hx &&
            e->hy == r->hy) {
            g->rects[i] = g->rects[--g->nrects];
            return;
        }
    }
}

static int rect_intersect(const splev_rect *a, const splev_rect *b,
                          splev_rect *out)
{
    if (b->lx > a->hx || b->ly > a->hy || b->hx < a->lx || b->hy < a->ly)
        return 0;
    out->lx = gen_max(a->lx, b->lx);
    out->ly = gen_max(a->ly, b->ly);
    out->hx = gen_min(a->hx, b->hx);
    out->hy = gen_min(a->hy, b->hy);
    return out->lx <= out->hx && out->ly <= out->hy;
}

/* Allocate r2 out of r1: r1 goes, every other rectangle that r2 touches is
 * split too, and the four margins big enough for a room come back. */
void splev_gen_split_rects(splev_gen *g, splev_rect r1, splev_rect r2)
{
    splev_rect old = r1, cut;
    splev_gen_remove_rect(g, &r1);
    for (int i = g->nrects - 1; i >= 0; i--)
        if (i < g->nrects && rect_intersect(&g->rects[i], &r2, &cut))
            splev_gen_split_rects(g, g->rects[i], cut);
    if (r2.ly - old.ly - 1 > (old.hy < SPLEV_ROWNO - 1 ? 2 * YLIM : YLIM + 1) + 4) {
        splev_rect r = {old.lx, old.ly, old.hx, r2.ly - 2};
        splev_gen_add_rect(g, &r);
    }
    if (r2.lx - old.lx - 1 > (old.hx < SPLEV_COLNO - 1 ? 2 * XLIM : XLIM + 1) + 4) {
        splev_rect r = {old.lx, old.ly, r2.lx - 2, old.hy};
        splev_gen_add_rect(g, &r);
    }
    if (old.hy - r2.hy - 1 > (old.ly > 0 ? 2 * YLIM : YLIM + 1) + 4) {
        splev_rect r = {old.lx, r2.hy + 2, old.hx, old.hy};
        splev_gen_add_rect(g, &r);
    }
    if (old.hx - r2.hx - 1 > (old.lx > 0 ? 2 * XLIM : XLIM + 1) + 4) {
        splev_rect r = {r2.hx + 2, old.ly, old.hx, old.hy};
        splev_gen_add_rect(g, &r);
    }
}
