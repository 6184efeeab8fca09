/* vm.h - internal state of the level interpreter, shared by its files:
 * values, frames, the generation state (frame, room stack, containers)
 * and the helpers that statements use.  Not installed. */
#ifndef SPLEV_INTERP_VM_H
#define SPLEV_INTERP_VM_H

#include <stdint.h>
#include <string.h>

#include "gen/gen.h"
#include "interp/rooms.h"
#include "levcode/limits.h"
#include "levcode/opcodes.h"
#include "splev/interp.h"
#include "splev/level.h"
#include "splev/levscript.h"
#include "splev/rng.h"

#define XN SPLEV_COLNO
#define YN SPLEV_ROWNO

/* Humidity bits of get_location (CF_* plus the run-time ones). */
enum { H_DRY = 1, H_WET = 2, H_HOT = 4, H_SOLID = 8, H_ANY = 16,
       H_NOWARN = 32, H_SPACE = 64, H_STAIRS = 128 };

/* A selection: bit y of col[x] for cell (x, y), so x-major order is
 * column by column, low bits first.  Released selections go back to the
 * pool they came from (the vm's, kept from run to run). */
typedef struct vsel {
    int refs;
    struct vsel *next;        /* in the pool */
    struct vsel **pool;
    int lo, hi;               /* no bits outside columns lo..hi */
    uint32_t col[XN];
} vsel;

#define VSEL_ROWS ((1u << YN) - 1u)

static inline int vsel_has(const vsel *s, int x, int y)
{
    return (s->col[x] >> y) & 1u;
}

/* Column x may now hold bits. */
static inline void vsel_widen(vsel *s, int x)
{
    if (x < s->lo)
        s->lo = x;
    if (x > s->hi)
        s->hi = x;
}

/* Every selected (x, y) with x >= x0, x-major; the body may `continue`
 * but not `break`. */
#define VSEL_FOR(sel, x0, x, y)                                              \
    for (int x = (x0) > (sel)->lo ? (x0) : (sel)->lo; x <= (sel)->hi; x++)   \
        for (uint32_t vsel_w_ = (sel)->col[x]; vsel_w_;                       \
             vsel_w_ &= vsel_w_ - 1u)                                          \
            for (int y = bit_low(vsel_w_), vsel_once_ = 1; vsel_once_;   \
                 vsel_once_ = 0)

/* A heap string (concatenations); constants point into the script. */
typedef struct vstr {
    int refs;
    uint32_t len;
    char s[];
} vstr;

/* A run-time value.  Fields per type as in splev_const; STR, MONST and
 * OBJ use s/len; `own` is the counted vstr or vsel behind s or a SEL. */
typedef struct val {
    int t;
    int32_t a, b, c, d;
    uint32_t len;             /* here: no padding, 40 bytes */
    const char *s;
    void *own;
} val;

typedef struct slot {
    int is_array;
    val v;
    val *elems;
    uint32_t n;
} slot;

/* Frames keep their slot buffers between calls and runs (capslots). */
typedef struct frame {
    uint32_t func;
    uint32_t ret_pc;
    slot *slots;
    uint32_t capslots;
} frame;

/* A MAP constant's cells (mapcache.c): column mx is cells[mx * h ..];
 * plain[mx] says when the column is copied whole: VM_COL_PLAIN always,
 * VM_COL_AFTER_LEFT when column mx - 1 was drawn from the map too. */
enum { VM_COL_PLAIN = 1, VM_COL_AFTER_LEFT = 2 };
typedef struct vm_mapcols {
    splev_cell *cells;
    uint8_t *plain;
} vm_mapcols;
typedef struct vm_mapcache vm_mapcache;
typedef struct vm_pushes vm_pushes;
typedef struct vm_snapshot vm_snapshot;

/* Containers, and one monster inventory, for each of a few nested calls */
#define VM_MAX_NEST (4 * (MAX_CONTAINER_NEST + 1))

/* An open inventory or container (stmt.c). */
typedef struct vm_nest {
    int8_t kind;       /* NEST_* */
    int monster;       /* NEST_MONSTER, NEST_INVENTORY: the monster, or -1
                        * for one that was not created */
    int index;         /* the box: in the level's objects, the monster's
                        * inventory or the box below it */
} vm_nest;
enum { NEST_MONSTER, NEST_FLOOR, NEST_INVENTORY, NEST_INSIDE, NEST_LOST };

typedef struct vm {
    const splev_levscript *s;
    splev_genctx ctx;
    splev_rng rng;
    splev_level *lev;
    val *stack;
    size_t sp, cap;
    vsel *sel_pool;               /* released selections */
    vm_mapcache *maps;            /* MAP constants seen, kept between runs */
    vm_pushes *pushes_cache;      /* the script's push runs, kept too */
    const vm_pushes *pushes;      /* ... for this run's script */
    frame *frames;
    int nframes, capframes;
    uint32_t pc;
    uint32_t end;                  /* the current function's code end */
    uint64_t steps;
    char *err;
    size_t errlen;
    int failed, exited;
    size_t things;
    /* generation state */
    int xstart, ystart, xsize, ysize;
    int init_map_used;
    int allow_flips;
    int align_reg[3];
    int solidify, inaccessibles, corrmaze, is_maze;
    int roomstack[MAX_ROOM_NEST];  /* room index, ROOM_NONE or ROOM_FAILED */
    int nrooms_open;
    int failed_nest;               /* ROOMs opened inside a failed room */
    int mines_joined;              /* INIT_MAP mines was joined (MAP) */
    int prevstair_x, prevstair_y;  /* NetHack 3.4.3: the map part's last
                                    * STAIR outside rooms (x 0: none) */
    uint32_t mon_at[XN];           /* bit y of [x]: a monster on (x, y) */
    size_t mon_noted;              /* monsters already in mon_at */
    /* Open MONSTER inventories and containers, innermost last: where a
     * content object goes.  A function called inside a container may
     * open a box of its own on the floor, so each entry says where its
     * object is (stmt.c, "nest"). */
    vm_nest nest[VM_MAX_NEST];
    int nnest;
    /* The generator stage: one context per run.  Its `mark` array is
     * SpLev_Map, the cells MAP, doors, stairs and MAZEWALK set. */
    splev_gen gen;
} vm;

/* The script is written in the NetHack 3.6 dialect: the run-time rules
 * that differ from UnNetHack's (doc/dialects.md) follow 3.6. */
static inline int vm_nh36(const vm *v)
{
    return v->s->dialect == SPLEV_DIALECT_NETHACK36;
}

/* The script is written in NetHack 3.4.3's dialect: the few engine rules
 * where 3.4.3 differs from 3.6 (doc/dialects.md, "Run-time rules"). */
static inline int vm_nh343(const vm *v)
{
    return v->s->dialect == SPLEV_DIALECT_NETHACK343;
}

/* Room stack slots that are not a room index. */
#define ROOM_NONE (-1)
#define ROOM_FAILED (-2)

/* ---- vm.c ---- */
void vm_error(vm *v, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void vm_val_release(val *x);
val vm_val_sel_new(vm *v);       /* empty */
val vm_val_const(const splev_const *c);   /* a constant's value (owns nothing) */
vsel *vm_val_sel_mut(val *x);           /* unshare before writing */
int vm_too_many_things(vm *v);       /* the error; 0 */
/* One more thing on the level: 0 (and an error) over the limit. */
static inline int vm_count_thing(vm *v)
{
    return ++v->things <= v->ctx.max_things || vm_too_many_things(v);
}
/* The step budget counts work, not only instructions: a statement that
 * walks cells or retries a placement charges what it did, so that any
 * runaway script ends as quickly as a loop of plain instructions does.
 * run_loop checks the budget after each instruction. */
static inline void vm_charge(vm *v, uint64_t work)
{
    v->steps += work;
}
/* 1 while the budget lasts; else the step-limit error at the current
 * instruction and 0. */
int vm_steps_left(vm *v);

/* ---- place.c: coordinates ---- */
int vm_croom(const vm *v);           /* current room index or -1 */
int vm_hero_level(const vm *v);      /* context's hero level, 1..30 */
static inline int vm_isok(int x, int y)
{
    return x >= 1 && x < XN && y >= 0 && y < YN;
}
/* Resolve a coordinate value; 0 when no spot was found (x, y = -1). */
int vm_coord_resolve(vm *v, const val *c, int humidity, int *x, int *y);
/* The same, with the commonest case here: explicit coordinates outside
 * any room that land on the map are the frame's origin plus them (what
 * get_location's offset and check make of them too). */
static inline int vm_coord(vm *v, const val *c, int humidity, int *x, int *y)
{
    if (!(c->c & CF_RANDOM) && v->nrooms_open == 0) {
        int64_t xx = (int64_t)c->a + v->xstart, yy = (int64_t)c->b + v->ystart;
        if (xx >= 1 && xx < XN && yy >= 0 && yy < YN) {
            *x = (int)xx;
            *y = (int)yy;
            return 1;
        }
    }
    return vm_coord_resolve(v, c, humidity, x, y);
}
int vm_coord_random(vm *v, const val *c, int humidity, int *x, int *y);
/* Move (x, y) to the nearest cell no monster has and the monster may
 * stand on (humidity h; rock and walls too when walls); 0 when the
 * whole level has none. */
int vm_free_spot(vm *v, int *x, int *y, int h, int walls);
/* Whether a monster stands on (x, y). */
int vm_monster_at(vm *v, int x, int y);
/* Move the monster on (x, y), if any, to the nearest free dry spot (the
 * game's rloc "insurance" before a shopkeeper takes the cell); 0 when
 * there is none. */
int vm_move_monster_away(vm *v, int x, int y);

/* ---- species.c ---- */
/* The humidity of a MONSTER's first attempt at its spot:
 * DRY, or WET for a swimmer; WET|HOT added for a flyer or floater, SOLID
 * for a wall-passer, HOT for a fire-lover. */
int vm_species_humidity(char cls, const char *name);
/* Resolve an explicit frame/room-relative (x, y) with ANY_LOC. */
void vm_rel(vm *v, int *x, int *y, int use_room);
void vm_set_type_lit(vm *v, int x, int y, int t, int lit);
int vm_somexy(vm *v, int room, int *x, int *y);

/* ---- sel.c ---- */
int vm_sel_op(vm *v, int op);        /* SEL_* opcodes; 0 on error */

/* ---- place.c: MAP ---- */
int vm_map(vm *v, const splev_insn *in);

/* ---- mapcache.c ---- */
/* The cells of MAP constant m (tmpl: the terrains' templates, of which
 * plain columns use only those that do not depend on the level). */
const vm_mapcols *vm_mapcache_get(vm_mapcache **c, const splev_const *m,
                                  const splev_cell tmpl[SPLEV_TERRAIN_COUNT]);
void vm_mapcache_free(vm_mapcache *c);
/* A zeroed block of size bytes the epilogue keeps in the cache from run
 * to run (epilogue.c, its wall memo); NULL at the first call, so that a
 * lone run makes none. */
void *vm_mapcache_walls(vm_mapcache **c, size_t size);

/* ---- pushes.c ---- */
/* From pc on: ninsns instructions that only push nvals values, the
 * ones at vals[first ..] (0, 0 when pc is no push).  An element of an
 * array at an index the run pushed is VM_V_ELEM (a = index, b = slot),
 * read when the run is copied; nelems of them. */
typedef struct vm_push_run {
    uint32_t ninsns, nvals, first, nelems;
} vm_push_run;
enum { VM_V_ELEM = SPLEV_V_COUNT };
struct vm_pushes {
    splev_insn *code;       /* copies of what the table was built from */
    splev_const *consts;
    uint32_t ninsns, nconsts;
    vm_push_run *runs;      /* per pc */
    val *vals;
    size_t nvals, capvals;
    uint32_t prefix_end;    /* main's opening ends here (0: none) */
    vm_snapshot *snap;      /* where the opening left the level */
};
/* The push runs of script s (built or rebuilt in *cache as needed). */
const vm_pushes *vm_pushes_get(vm_pushes **cache, const splev_levscript *s);
void vm_pushes_free(vm_pushes *p);

/* ---- snapshot.c ---- */
/* sn when it was taken for this script and context, else NULL. */
const vm_snapshot *vm_snapshot_usable(const vm_snapshot *sn,
                                      const splev_levscript *s,
                                      const splev_genctx *ctx);
/* Its grid (the level's reset copies it) and the rest of its state: the
 * run goes on where the opening ended. */
const splev_cell (*vm_snapshot_grid(const vm_snapshot *sn))[YN];
void vm_snapshot_resume(vm *v, const vm_snapshot *sn);
/* After the opening ran up to end: keep where it left the level in *snp
 * when it drew nothing (rng0: the generator before it) and left only
 * cells and flags. */
void vm_snapshot_take(vm *v, vm_snapshot **snp, const splev_genctx *ctx,
                      const splev_rng *rng0, uint32_t end);
void vm_snapshot_free(vm_snapshot *sn);
/* How many of a runner's runs started from a snapshot (for the tests). */
unsigned vm_runner_resumes(const splev_runner *r);

/* ---- stmt.c ---- */
int vm_make_stair(vm *v, int x, int y, int up, int ladder);
int vm_statement(vm *v, const splev_insn *in);   /* 0 on error */
/* Its MONSTER and OBJECT, which the run loop calls itself (the commonest
 * statements, one call level less). */
int vm_st_monster(vm *v, const splev_insn *in);
int vm_st_object(vm *v, const splev_insn *in);
void vm_set_door_orientation(splev_level *lev, int x, int y);

/* ---- pushes and pops: each pop checks the type and errors with
 * `what` (the error paths in vm.c; the verifier proved the depth) ---- */
int vm_pop_mistyped(vm *v, int type, const char *what, val *out);
int vm_core_ints(const splev_insn *in, val *a);

static inline int vm_pop_val(vm *v, val *out)
{
    *out = v->stack[--v->sp];
    return 1;
}

static inline int vm_pop_type(vm *v, int type, const char *what, val *out)
{
    *out = v->stack[--v->sp];
    return out->t == type || vm_pop_mistyped(v, type, what, out);
}

static inline int vm_pop_type_or_null(vm *v, int type, const char *what,
                                      val *out)
{
    *out = v->stack[--v->sp];
    return out->t == type || out->t == SPLEV_V_NULL ||
           vm_pop_mistyped(v, type, what, out);
}

/* Integers own nothing: the top is read and dropped. */
static inline int vm_pop_int(vm *v, const char *what, int32_t *out)
{
    const val *top = &v->stack[v->sp - 1];
    if (top->t == SPLEV_V_INT) {
        *out = top->a;
        v->sp--;
        return 1;
    }
    val x = *top;
    v->sp--;
    *out = 0;
    return vm_pop_mistyped(v, SPLEV_V_INT, what, &x);
}

static inline void vm_push_val(vm *v, val x)
{
    v->stack[v->sp++] = x;
}

static inline void vm_push_int(vm *v, int32_t i)
{
    val *x = &v->stack[v->sp++];
    memset(x, 0, sizeof *x);
    x->t = SPLEV_V_INT;
    x->a = i;
}


/* ---- genops.c: the generator stage's statements ---- */
void vm_gen_init(vm *v);
int vm_gen_statement(vm *v, const splev_insn *in);   /* 0 on error */
/* The current slot is a failed room (asked before every instruction). */
static inline int vm_room_failed(const vm *v)
{
    return v->nrooms_open > 0 && v->roomstack[v->nrooms_open - 1] == ROOM_FAILED;
}
/* One opcode inside a failed room: only the room ones count; 0 on
 * error. */
int vm_failed_room_step(vm *v, const splev_insn *in);
/* A DOOR the script made at (x, y): count it for the rooms around it. */
void vm_gen_door_made(vm *v, int x, int y);
/* The `inaccessibles` pass of the epilogue: every floor cell the stairs
 * cannot reach gets a way out. */
void vm_gen_way_out(vm *v);

/* ---- epilogue.c ---- */
void vm_epilogue(vm *v);
/* stock.c: the epilogue's second step, after the doors are linked to
 * their rooms: the rooms that ask to be filled are stocked. */
void vm_stock_rooms(vm *v);

#endif
