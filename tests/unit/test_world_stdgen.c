/* test_world_stdgen.c - the standard generator alone (splev/world.h) over
 * many seeds: room counts and sizes, the stairs in different rooms, every
 * ordinary room reachable from the up stair, the treasure vault closed,
 * the branch on its level, the maze's stairs reachable; same seed, same
 * level; the walking check itself. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#include "splev/world.h"

enum { SEEDS = 1000 };

typedef uint8_t grid[SPLEV_COLNO][SPLEV_ROWNO];

static int walk(int t)
{
    return t == SPLEV_ROOM || t == SPLEV_CORR || t == SPLEV_DOOR ||
           t == SPLEV_SDOOR || t == SPLEV_SCORR ||
           (t >= SPLEV_STAIRS && t <= SPLEV_ALTAR);
}

/* 8-connected flood (doors orthogonal only) from (x, y). */
static void flood(const splev_level *lev, int x0, int y0, grid seen)
{
    static int qx[SPLEV_COLNO * SPLEV_ROWNO], qy[SPLEV_COLNO * SPLEV_ROWNO];
    memset(seen, 0, sizeof(grid));
    int h = 0, t = 0;
    qx[t] = x0;
    qy[t++] = y0;
    seen[x0][y0] = 1;
    while (h < t) {
        int x = qx[h], y = qy[h++];
        for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++) {
                int nx = x + dx, ny = y + dy;
                if (nx < 1 || nx >= SPLEV_COLNO || ny < 0 || ny >= SPLEV_ROWNO ||
                    seen[nx][ny] || !walk(lev->cells[nx][ny].typ))
                    continue;
                int diag = dx && dy;
                int d1 = lev->cells[x][y].typ == SPLEV_DOOR ||
                         lev->cells[x][y].typ == SPLEV_SDOOR;
                int d2 = lev->cells[nx][ny].typ == SPLEV_DOOR ||
                         lev->cells[nx][ny].typ == SPLEV_SDOOR;
                if (diag && (d1 || d2))
                    continue;
                seen[nx][ny] = 1;
                qx[t] = nx;
                qy[t++] = ny;
            }
    }
}

static int room_at(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->nrooms; i++) {
        const splev_room *r = &lev->rooms[i];
        if (x >= r->lx && x <= r->hx && y >= r->ly && y <= r->hy)
            return (int)i;
    }
    return -1;
}

/* Some interior cell of room r was reached. */
static int room_seen(const splev_room *r, grid seen)
{
    for (int x = r->lx; x <= r->hx; x++)
        for (int y = r->ly; y <= r->hy; y++)
            if (seen[x][y])
                return 1;
    return 0;
}

/* The vault's niche on lev: 1 when a teleport trap sits on a secret
 * corridor with "ad aerarium" two rows away, past a room's wall; -1 when
 * an "ad aerarium" has no such trap. */
static int vault_niche(const splev_level *lev)
{
    int tele = splev_trap_from_name("teleport"), found = 0;
    for (size_t e = 0; e < lev->nengravings; e++) {
        const splev_engraving *en = &lev->engravings[e];
        if (!en->text || strcmp(en->text, "ad aerarium") != 0)
            continue;
        int ok = 0;
        for (size_t t = 0; t < lev->ntraps; t++) {
            const splev_trap *tr = &lev->traps[t];
            int dy = tr->y - en->y;
            if (tr->type == tele && tr->x == en->x && (dy == 2 || dy == -2) &&
                lev->cells[tr->x][tr->y].typ == SPLEV_SCORR &&
                lev->cells[tr->x][en->y + dy / 2].typ == SPLEV_SDOOR)
                ok = 1;
        }
        if (!ok)
            return -1;
        found = 1;
    }
    return found;
}

static void test_rooms(void)
{
    int bad_count = 0, bad_size = 0, same_room = 0, unreached = 0;
    int vault_open = 0, vaults = 0, no_branch = 0, bad_stairs = 0;
    int niches = 0, bad_niches = 0;
    long rooms = 0;
    int shops = 0, temples = 0, others = 0, bad_temple = 0;
    for (uint64_t s = 1; s <= SEEDS; s++) {
        splev_genctx ctx;
        splev_genctx_init(&ctx);
        ctx.depth = ctx.dunlev = 2 + (int)(s % 20);
        ctx.has_branch = s % 3 == 0;
        ctx.branch_portal = s % 6 == 0;
        splev_level *lev = splev_stdgen_rooms(&ctx, s);
        int n = 0, up = -1, down = -1, branch = 0;
        for (size_t i = 0; i < lev->nrooms; i++) {
            const splev_room *r = &lev->rooms[i];
            if (r->rtype == 4) {
                vaults++;
                continue;
            }
            n++;
            int w = r->hx - r->lx + 1, h = r->hy - r->ly + 1;
            bad_size += w < 1 || h < 1 || w > 20 || h > 10;
        }
        rooms += n;
        bad_count += n < 2 || n > 40;
        for (size_t i = 0; i < lev->nstairs; i++) {
            const splev_stair *st = &lev->stairs[i];
            if (st->kind == SPLEV_SK_STAIR)
                *(st->up ? &up : &down) = (int)i;
            else
                branch++;
        }
        if (up < 0 || down < 0) {
            bad_stairs++;
            splev_level_free(lev);
            continue;
        }
        same_room += room_at(lev, lev->stairs[up].x, lev->stairs[up].y) ==
                     room_at(lev, lev->stairs[down].x, lev->stairs[down].y);
        no_branch += ctx.has_branch != (branch == 1);
        grid seen;
        flood(lev, lev->stairs[up].x, lev->stairs[up].y, seen);
        for (size_t i = 0; i < lev->nrooms; i++) {
            const splev_room *r = &lev->rooms[i];
            if (r->rtype == 4)
                vault_open += room_seen(r, seen);
            else
                unreached += !room_seen(r, seen);
            shops += r->rtype >= 20 && r->rtype <= 32;
            others += r->rtype != 0 && r->rtype != 4 && r->rtype != 10 &&
                      (r->rtype < 20 || r->rtype > 32);
            if (r->rtype == 10) {
                temples++;
                int altar = 0;
                for (int x = r->lx; x <= r->hx; x++)
                    for (int y = r->ly; y <= r->hy; y++)
                        altar += lev->cells[x][y].typ == SPLEV_ALTAR;
                bad_temple += altar != 1;
            }
        }
        unreached += splev_world_check_reach(lev, NULL, 0) != 0;
        int niche = vault_niche(lev);
        niches += niche > 0;
        bad_niches += niche < 0;
        splev_level_free(lev);
    }
    CHECK(bad_count == 0, "rooms: 2..40 rooms per level (%d levels off)",
          bad_count);
    CHECK(rooms > SEEDS * 5L, "rooms: %.1f rooms per level on average",
          (double)rooms / SEEDS);
    CHECK(bad_size == 0, "rooms: sizes within 1x1..20x10 (%d off)", bad_size);
    CHECK(bad_stairs == 0, "rooms: an up and a down stair (%d missing)",
          bad_stairs);
    CHECK(same_room == 0, "rooms: stairs in different rooms (%d same)",
          same_room);
    CHECK(unreached == 0, "rooms: every room and stair reachable (%d not)",
          unreached);
    CHECK(vaults > SEEDS / 10 && vault_open == 0,
          "rooms: %d treasure vaults, %d reachable by walking", vaults,
          vault_open);
    CHECK(niches > vaults / 5 && niches < vaults / 2 && bad_niches == 0,
          "rooms: %d of the %d vaults have the teleporter niche (one in "
          "three asked), %d 'ad aerarium' elsewhere", niches, vaults,
          bad_niches);
    CHECK(shops > SEEDS / 20 && temples > 0 && others > 0 && bad_temple == 0,
          "rooms: special rooms by depth: %d shops, %d temples (%d without "
          "one altar), %d others", shops, temples, bad_temple, others);
    CHECK(no_branch == 0, "rooms: the branch when asked (%d wrong)", no_branch);
}

static void test_ends_and_maze(void)
{
    int bad = 0, blocked = 0;
    for (uint64_t s = 1; s <= SEEDS / 4; s++) {
        splev_genctx ctx;
        splev_genctx_init(&ctx);
        ctx.top_level = s % 2;
        ctx.bottom_level = !(s % 2);
        ctx.has_branch = 1;
        splev_level *lev = splev_stdgen_rooms(&ctx, s);
        splev_level *maze = splev_stdgen_maze(&ctx, s);
        for (int k = 0; k < 2; k++) {
            const splev_level *l = k ? maze : lev;
            int up = 0, down = 0;
            for (size_t i = 0; i < l->nstairs; i++)
                if (l->stairs[i].kind == SPLEV_SK_STAIR)
                    *(l->stairs[i].up ? &up : &down) += 1;
            bad += up != !ctx.top_level || down != !ctx.bottom_level ||
                   l->nstairs != 2;
            blocked += splev_world_check_reach(l, NULL, 0) != 0;
        }
        splev_level_free(lev);
        splev_level_free(maze);
    }
    CHECK(bad == 0, "ends: no up stair on top, no down stair at the bottom "
          "(%d wrong)", bad);
    CHECK(blocked == 0, "ends and mazes: stairs reachable (%d blocked)",
          blocked);
}

static void test_same_seed(void)
{
    splev_genctx ctx;
    splev_genctx_init(&ctx);
    ctx.depth = 7;
    int same = 1;
    for (uint64_t s = 1; s <= 20; s++) {
        splev_level *a = splev_stdgen_rooms(&ctx, s);
        splev_level *b = splev_stdgen_rooms(&ctx, s);
        char *ta = splev_level_to_json(a), *tb = splev_level_to_json(b);
        same &= strcmp(ta, tb) == 0;
        free(ta);
        free(tb);
        splev_level_free(a);
        splev_level_free(b);
    }
    CHECK(same, "same seed, same level");
}

/* The walking check on a hand-made level: a room split by a moat, the up
 * stair west of it, the down stair east.  Water stops the walk; a raised
 * drawbridge with its wall does not (the level's own way over); a door is
 * passed, but not diagonally. */
static void test_check_reach(void)
{
    splev_level *lev = splev_level_new("moat");
    for (int x = 10; x <= 30; x++)
        for (int y = 5; y <= 7; y++)
            lev->cells[x][y].typ = SPLEV_ROOM;
    for (int y = 5; y <= 7; y++)
        lev->cells[20][y].typ = SPLEV_MOAT;
    splev_level_add_stair(lev, SPLEV_SK_STAIR, 10, 6, 1, NULL);
    splev_level_add_stair(lev, SPLEV_SK_STAIR, 30, 6, 0, NULL);
    char msg[200];
    int water = splev_world_check_reach(lev, msg, sizeof msg);
    CHECK(water == 1 && strcmp(msg, "stair down at (30,6) not reachable "
                                     "from (10,6)") == 0,
          "reach: water stops the walk (%d: %s)", water, msg);
    lev->cells[20][6].typ = SPLEV_DRAWBRIDGE_UP;
    lev->cells[21][6].typ = SPLEV_DBWALL;
    lev->cells[21][5].typ = lev->cells[21][7].typ = SPLEV_VWALL;
    int bridge = splev_world_check_reach(lev, NULL, 0);
    CHECK(bridge == 0, "reach: a raised drawbridge is passable (%d)", bridge);
    lev->cells[20][6].typ = SPLEV_MOAT;
    lev->cells[21][6].typ = SPLEV_VWALL;
    lev->cells[20][5].typ = SPLEV_ROOM;
    lev->cells[21][4].typ = SPLEV_DOOR;
    lev->cells[21][4].doormask = SPLEV_D_CLOSED;
    lev->cells[22][4].typ = SPLEV_ROOM;
    int diag = splev_world_check_reach(lev, NULL, 0);
    lev->cells[21][5].typ = SPLEV_DOOR;
    lev->cells[21][5].doormask = SPLEV_D_LOCKED;
    int door = splev_world_check_reach(lev, NULL, 0);
    CHECK(diag == 1 && door == 0,
          "reach: a locked door is passed, a door not diagonally (%d, %d)",
          diag, door);
    splev_level_free(lev);
}

int main(void)
{
    test_check_reach();
    test_rooms();
    test_ends_and_maze();
    test_same_seed();
    return unit_status();
}
