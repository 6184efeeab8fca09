/* vault.c - random vaults: the weighted pick of a vault script, the room
 * loop of the standard generator, and the treasure vault it reserves. */
#include "gen/gen_int.h"

/* The game walks its list in reverse file order while (r -= freq) > 0,
 * so that entry gets one chance more and the last one one less (kept).  Frequencies below 1 count as 1. */
int splev_gen_pick_vault(splev_gen *g, const int *freqs, int n)
{
    if (n <= 0)
        return -1;
    int total = 0;
    for (int i = 0; i < n; i++)
        total += freqs[i] < 1 ? 1 : freqs[i];
    int r = gen_rn2(g, total);
    int i = n - 1;
    while (i > 0 && (r -= (freqs[i] < 1 ? 1 : freqs[i])) > 0)
        i--;
    return i;
}

/* One pass of the room loop without vault scripts: a plain random room,
 * joined and stocked (the standard-generator decision). */
static int plain_room(splev_gen *g)
{
    int r = splev_gen_create_room(g, -1, -1, -1, -1, -1, -1, SPLEV_GEN_OROOM,
                                  -1);
    if (r < 0)
        return 0;
    g->lev->rooms[r].needjoining = 1;
    g->lev->rooms[r].needfill = 1;
    return 1;
}

static int vault_room(splev_gen *g, const int *freqs, int nvaults,
                      splev_gen_vault_fn run_vault, void *ud)
{
    int pick = splev_gen_pick_vault(g, freqs, nvaults);
    g->vault_mode = 1;
    g->vault_failed = 0;
    int ok = run_vault(ud, g, pick);
    g->vault_mode = 0;
    return ok && !g->vault_failed;
}

int splev_gen_makerooms(splev_gen *g, const int *freqs, int nvaults,
                        splev_gen_vault_fn run_vault, void *ud)
{
    int tried_vault = 0;
    while (splev_gen_nroom(g) < SPLEV_GEN_MAXROOMS && splev_gen_rnd_rect(g)) {
        if (splev_gen_nroom(g) >= 6 && gen_rn2(g, 2) && !tried_vault) {
            tried_vault = 1;
            gen_create_room(g, -1, -1, 2, 2, -1, -1, SPLEV_GEN_VAULT, 1, 1);
            continue;
        }
        int ok = nvaults > 0 && run_vault
                     ? vault_room(g, freqs, nvaults, run_vault, ud)
                     : plain_room(g);
        if (!ok)
            break;
    }
    return splev_gen_nroom(g);
}

int splev_gen_sort_rooms(splev_gen *g)
{
    splev_room *r = g->lev->rooms;
    size_t n = g->lev->nrooms;
    for (size_t i = 0; i < n; i++)
        if (r[i].parent >= 0)
            return 0;
    /* insertion sort: stable, and n is at most 40 */
    for (size_t i = 1; i < n; i++) {
        splev_room cur = r[i];
        size_t j = i;
        while (j > 0 && (r[j - 1].lx > cur.lx ||
                         (r[j - 1].lx == cur.lx && r[j - 1].ly > cur.ly))) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = cur;
    }
    gen_sync_rooms(g);
    for (size_t i = 0; i < n; i++)
        g->smeq[i] = (int)i;
    return 1;
}

/* The closed 2x2 vault with its gold, where the reservation still fits,
 * else at a fresh spot. */
int splev_gen_make_vault(splev_gen *g)
{
    if (!g->vault_reserved)
        return -1;
    int w = 1, h = 1;
    if (!splev_gen_check_room(g, &g->vault_x, &w, &g->vault_y, &h, 1)) {
        if (!splev_gen_rnd_rect(g) ||
            gen_create_room(g, -1, -1, 2, 2, -1, -1, SPLEV_GEN_VAULT, 1, 1) != 0)
            return -1;
        w = h = 1;
        if (!splev_gen_check_room(g, &g->vault_x, &w, &g->vault_y, &h, 1))
            return -1;
    }
    g->vault_reserved = 0;
    splev_gen_newroom nr = {g->vault_x, g->vault_y, g->vault_x + w,
                            g->vault_y + h, 1, SPLEV_GEN_VAULT, 0, -1};
    int r = g->add_room ? g->add_room(g->add_room_ud, g, &nr)
                        : splev_gen_add_room(g, &nr);
    gen_sync_rooms(g);
    if (r < 0)
        return -1;
    int depth = g->depth < 0 ? -g->depth : g->depth;
    for (int x = nr.lx; x <= nr.hx; x++)
        for (int y = nr.ly; y <= nr.hy; y++)
            splev_level_add_gold(g->lev, x, y, gen_rn1(g, depth * 100, 51));
    return r;
}
