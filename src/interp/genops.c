/* genops.c - the statements that run the generator stage (src/gen):
 * INIT_MAP, MAZEWALK, ROOM/SUBROOM with the room stack and the
 * failed-room rule (inside a room that could not be made, only room
 * statements run), ROOMDOOR, CORRIDOR, RANDOM_CORRIDORS, door bookkeeping
 * and the way-out check of the `inaccessibles` flag.
 * The interpreter resolves every operand; the stage gets plain values
 * (doc/generators.md, "What the interpreter passes"). */
#include "interp/rooms.h"
#include "interp/vm.h"
#include "splev/variant.h"

#include <stdio.h>

/* The engine inputs of the stage come from the generation context. */
void vm_gen_init(vm *v)
{
    splev_gen *g = &v->gen;
    const splev_genctx *c = &v->ctx;
    splev_gen_init(g, v->lev, &v->rng);
    /* NetHack 3.4.3 scripts: 3.6's engine rules, which are 3.4.3's
     * (doc/dialects.md, the third dialect) */
    g->dialect = v->s->dialect != SPLEV_DIALECT_UNNETHACK ? SPLEV_GEN_NH36
                                                         : SPLEV_GEN_UN;
    g->old343 = vm_nh343(v);
    g->room_abs = splev_variant_has_feature(v->s->variant,
                                            SPLEV_VF_ROOM_ABSOLUTE);
    g->depth = c->depth;
    g->difficulty = c->difficulty >= 1 ? c->difficulty : c->depth;
    /* The context cannot say above or below Minetown: the Mines outside
     * Minetown take the upper levels' 9 in 10 (doc/interpreter.md). */
    g->mines_lit_k = c->in_mines && !c->in_minetown ? 9 : 0;
    g->sheol_dlevel = c->dunlev;
    g->can_fall = c->can_dig_down && !(v->lev->flags & SPLEV_F_HARDFLOOR);
}

/* Terrain operands come as integers or map characters (-1: none). */
static int pop_terrain(vm *v, const char *what, int32_t *t)
{
    val x;
    vm_pop_val(v, &x);
    if (x.t == SPLEV_V_INT || x.t == SPLEV_V_MAPCHAR) {
        *t = x.a;
        return 1;
    }
    vm_error(v, "%s: %s must be a map character",
             splev_ops[v->s->code[v->pc].op].name, what);
    vm_val_release(&x);
    return 0;
}

static int bad_terrain(int t)
{
    return t < 0 || (t >= SPLEV_TRANSPARENT && !SPLEV_IS_VTERRAIN(t));
}

static int st_init_map(vm *v, const splev_insn *in)
{
    int32_t fill, walled, lit, joined, smoothed, bg, fg;
    if (!pop_terrain(v, "the fill", &fill) || !vm_pop_int(v, "walled", &walled) ||
        !vm_pop_int(v, "the light", &lit) || !vm_pop_int(v, "joined", &joined) ||
        !vm_pop_int(v, "smoothed", &smoothed) ||
        !pop_terrain(v, "the background", &bg) ||
        !pop_terrain(v, "the terrain", &fg))
        return 0;
    v->init_map_used = 1;
    int style = in->arg;
    if (style == SPLEV_GEN_INIT_NONE)
        return 1;
    if (style > SPLEV_GEN_INIT_ROGUE) {
        vm_error(v, "INIT_MAP: unknown style %d", style);
        return 0;
    }
    if ((style <= SPLEV_GEN_INIT_MINES && bad_terrain(fg)) ||
        (style == SPLEV_GEN_INIT_MINES && bad_terrain(bg))) {
        vm_error(v, "INIT_MAP: bad terrain %d", (int)(bad_terrain(fg) ? fg : bg));
        return 0;
    }
    if (style == SPLEV_GEN_INIT_MINES && fill >= SPLEV_TRANSPARENT)
        fill = -1;
    v->mines_joined = splev_gen_init_map(&v->gen, style, fg, bg, smoothed,
                                         joined, lit, walled, fill);
    vm_charge(v, v->gen.work);      /* Sheol's retry loops */
    v->gen.work = 0;
    return vm_steps_left(v);
}

static int st_mazewalk(vm *v)
{
    int32_t fill, stocked, dir;
    val c;
    if (!pop_terrain(v, "the fill", &fill) || !vm_pop_int(v, "stocked", &stocked) ||
        !vm_pop_int(v, "the direction", &dir) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the start", &c))
        return 0;
    if (dir != SPLEV_GEN_NORTH && dir != SPLEV_GEN_SOUTH &&
        dir != SPLEV_GEN_EAST && dir != SPLEV_GEN_WEST) {
        vm_error(v, "MAZEWALK: bad direction %d", (int)dir);
        return 0;
    }
    int x, y;
    vm_coord(v, &c, H_ANY, &x, &y);
    if (!vm_isok(x, y))
        return 1;
    if (fill >= SPLEV_TRANSPARENT)
        fill = -1;
    splev_gen_mazewalk(&v->gen, x, y, dir, stocked != 0, fill);
    return 1;
}

/* ---- the room stack ---- */

/* ROOM and SUBROOM: build as a subroom of the current room when
 * there is one, whatever the opcode; push the room or "failed". */
static int st_room(vm *v)
{
    int32_t f[10];
    for (int k = 9; k >= 0; k--)
        if (!vm_pop_int(v, "a room field", &f[k]))
            return 0;
    if (v->nrooms_open >= MAX_ROOM_NEST) {
        vm_error(v, "ROOM: rooms nested deeper than %d", MAX_ROOM_NEST);
        return 0;
    }
    splev_gen_roomspec rs = {f[0], f[1], f[2], (f[3] & 1) != 0,
                             !(f[3] & 4), f[4], f[5], f[6], f[7], f[8], f[9]};
    int room = splev_gen_build_room(&v->gen, vm_croom(v), &rs);
    v->roomstack[v->nrooms_open++] = room >= 0 ? room : ROOM_FAILED;
    return 1;
}

/* Inside a failed room only ROOM, SUBROOM and ENDROOM count:
 * nested rooms are counted so that their ENDROOMs match. */
int vm_failed_room_step(vm *v, const splev_insn *in)
{
    if (in->op == OP_ROOM) {
        v->failed_nest++;
    } else if (in->op == OP_ENDROOM) {
        if (v->failed_nest > 0)
            v->failed_nest--;
        else
            v->nrooms_open--;
    }
    return 1;
}

static int st_roomdoor(vm *v)
{
    int32_t pos, walls, state, secret;
    if (!vm_pop_int(v, "the position", &pos) || !vm_pop_int(v, "the walls", &walls) ||
        !vm_pop_int(v, "the door state", &state) ||
        !vm_pop_int(v, "secret", &secret))
        return 0;
    int room = vm_croom(v);
    if (room < 0)
        return 1;   /* a ROOMDOOR outside any room does nothing */
    if (walls == 0 || walls > SPLEV_GEN_ANYWALL)
        walls = -1;
    splev_gen_roomdoor(&v->gen, room, secret, state, walls, pos);
    return 1;
}

static int st_corridor(vm *v)
{
    int32_t f[6];
    for (int k = 5; k >= 0; k--)
        if (!vm_pop_int(v, "a corridor field", &f[k]))
            return 0;
    if (f[3] < 0)   /* (room, wall, door), n: the dead end of length n */
        splev_gen_corridor(&v->gen, f[0], f[1], f[2], -1, f[5], 0);
    else
        splev_gen_corridor(&v->gen, f[0], f[1], f[2], f[3], f[4], f[5]);
    return 1;
}

static int st_random_corridors(vm *v)
{
    int32_t style;
    if (!vm_pop_int(v, "the style", &style))
        return 0;
    splev_gen_makecorridors(&v->gen, style < -1 || style > 3 ? 0 : style);
    return 1;
}

int vm_gen_statement(vm *v, const splev_insn *in)
{
    switch (in->op) {
    case OP_INIT_MAP: return st_init_map(v, in);
    case OP_MAZEWALK: return st_mazewalk(v);
    case OP_ROOM: return st_room(v);
    case OP_ROOMDOOR: return st_roomdoor(v);
    case OP_CORRIDOR: return st_corridor(v);
    case OP_RANDOM_CORRIDORS: return st_random_corridors(v);
    default: return vm_statement(v, in);
    }
}

/* Every room (and subroom) whose walls hold (x, y) gets the door, as
 * the game's door linking does at the start of the epilogue. */
void vm_gen_door_made(vm *v, int x, int y)
{
    const splev_level *lev = v->lev;
    for (size_t i = 0; i < lev->nrooms; i++) {
        const splev_room *r = &lev->rooms[i];
        if (x >= r->lx - 1 && x <= r->hx + 1 && y >= r->ly - 1 &&
            y <= r->hy + 1)
            splev_gen_add_door(&v->gen, (int)i);
    }
}

/* `inaccessibles`: a working flood fill and a bounded number of tries,
 * where the games' check can loop forever; regions it gave up on are
 * written on the level as a warning. */
void vm_gen_way_out(vm *v)
{
    int n = splev_gen_ensure_way_out(&v->gen);
    if (n > 0) {
        char msg[96];
        snprintf(msg, sizeof msg,
                 "ensure a way out: gave up on %d unreachable region%s", n,
                 n == 1 ? "" : "s");
        splev_level_add_warning(v->lev, msg);
    }
}
