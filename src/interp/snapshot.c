/* snapshot.c - where a script's first statements leave the level, kept
 * by a runner for the script's next run.
 *
 * Many fixed-map scripts open with the same work on every run: INIT_MAP
 * fills the grid, MAP draws the map, FLAGS sets bits.  When that opening
 * draws no random number it makes the same grid for every seed, so the
 * runner keeps what it left (the grid, the generator stage and the
 * interpreter's generation state) and a later run of the same script with
 * the same context starts there instead.
 *
 * Why the level is the same: the opening (pushes.c finds it) is straight
 * code of main, pushes and the three statements only, with no jump, call,
 * variable or room, so every run executes the same instructions on the
 * same operands (the script's constants; MAP text compared here too);
 * those statements read only their operands, the context (compared whole)
 * and what the opening itself made.  The one seed-dependent input before
 * it, the random generator (the alignment registers are drawn first; none
 * of the three reads them), must be where the opening found it: an
 * INIT_MAP that draws or a MAP at a random spot leaves no snapshot.  The
 * level must have no records yet and the stack must be empty. */
#include "interp/vm.h"

#include "common/common.h"

#include <stdlib.h>
#include <string.h>

/* A MAP constant the opening drew, by its text. */
typedef struct snap_map {
    uint32_t index;
    char *text;
} snap_map;

struct vm_snapshot {
    int ready;
    splev_genctx ctx;           /* the context it was taken with */
    splev_func main;            /* the script's main function then */
    uint32_t flags;
    int dialect;
    snap_map *maps;
    size_t nmaps, capmaps;
    vm state;                   /* the generation state: copy_state's fields */
    unsigned lev_flags;
    splev_cell cells[XN][YN];
};

void vm_snapshot_free(vm_snapshot *sn)
{
    if (!sn)
        return;
    for (size_t i = 0; i < sn->nmaps; i++)
        free(sn->maps[i].text);
    free(sn->maps);
    free(sn);
}

/* The interpreter's generation state, everything statements may have
 * set before the first draw; not the run's buffers, its script, context,
 * random generator or alignment registers.  A field added to vm that
 * INIT_MAP, MAP or FLAGS set belongs here. */
static void copy_state(vm *to, const vm *from)
{
    to->pc = from->pc;
    to->steps = from->steps;
    to->things = from->things;
    to->xstart = from->xstart;
    to->ystart = from->ystart;
    to->xsize = from->xsize;
    to->ysize = from->ysize;
    to->init_map_used = from->init_map_used;
    to->allow_flips = from->allow_flips;
    to->solidify = from->solidify;
    to->inaccessibles = from->inaccessibles;
    to->corrmaze = from->corrmaze;
    to->is_maze = from->is_maze;
    memcpy(to->roomstack, from->roomstack, sizeof to->roomstack);
    to->nrooms_open = from->nrooms_open;
    to->failed_nest = from->failed_nest;
    to->mines_joined = from->mines_joined;
    to->prevstair_x = from->prevstair_x;
    to->prevstair_y = from->prevstair_y;
    memcpy(to->mon_at, from->mon_at, sizeof to->mon_at);
    to->mon_noted = from->mon_noted;
    memcpy(to->nest, from->nest, sizeof to->nest);
    to->nnest = from->nnest;
    /* the generator stage whole, but for what belongs to this run */
    splev_gen *g = &to->gen;
    splev_level *lev = g->lev;
    splev_rng *rng = g->rng;
    int *smeq = g->smeq, *doorct = g->doorct;
    size_t nknown = g->nknown, capknown = g->capknown;
    splev_gen_add_room_fn add_room = g->add_room;
    void *add_room_ud = g->add_room_ud;
    memcpy(g, &from->gen, sizeof *g);
    g->lev = lev;
    g->rng = rng;
    g->smeq = smeq;
    g->doorct = doorct;
    g->nknown = nknown;
    g->capknown = capknown;
    g->add_room = add_room;
    g->add_room_ud = add_room_ud;
}

static int same_ctx(const splev_genctx *a, const splev_genctx *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static int same_main(const splev_func *a, const splev_func *b)
{
    return a->entry == b->entry && a->end == b->end &&
           a->nslots == b->nslots && a->max_stack == b->max_stack;
}

static int same_maps(const vm_snapshot *sn, const splev_levscript *s)
{
    for (size_t i = 0; i < sn->nmaps; i++) {
        const splev_const *m = &s->consts[sn->maps[i].index];
        if (m->len && memcmp(m->str, sn->maps[i].text, m->len) != 0)
            return 0;
    }
    return 1;
}

const vm_snapshot *vm_snapshot_usable(const vm_snapshot *sn,
                                      const splev_levscript *s,
                                      const splev_genctx *ctx)
{
    if (!sn || !sn->ready || !same_ctx(ctx, &sn->ctx) ||
        !same_main(&s->funcs[0], &sn->main) || s->flags != sn->flags ||
        s->dialect != sn->dialect || !same_maps(sn, s))
        return NULL;
    return sn;
}

const splev_cell (*vm_snapshot_grid(const vm_snapshot *sn))[YN]
{
    return sn->cells;
}

void vm_snapshot_resume(vm *v, const vm_snapshot *sn)
{
    copy_state(v, &sn->state);
    v->lev->flags = sn->lev_flags;
}

/* Nothing recorded yet but cells and flags. */
static int bare_level(const splev_level *l)
{
    return !l->nrooms && !l->nstairs && !l->nlregions && !l->naltars &&
           !l->ngraves && !l->nengravings && !l->ngolds && !l->ntraps &&
           !l->ndrawbridges && !l->nmonsters && !l->nobjects &&
           !l->nmessages && !l->nwarnings && !l->nsounds && !l->nmongen &&
           !l->sound_freq && !l->mongen_percent;
}

static void keep_maps(vm_snapshot *sn, const splev_levscript *s, uint32_t end)
{
    for (size_t i = 0; i < sn->nmaps; i++)
        free(sn->maps[i].text);
    sn->nmaps = 0;
    for (uint32_t pc = s->funcs[0].entry; pc < end; pc++) {
        const splev_insn *in = &s->code[pc];
        if (in->op != OP_MAP || in->a == 0)
            continue;
        const splev_const *m = &s->consts[in->arg];
        grow_array((void **)&sn->maps, &sn->capmaps, sn->nmaps + 1,
                   sizeof *sn->maps);
        snap_map *k = &sn->maps[sn->nmaps++];
        k->index = (uint32_t)in->arg;
        k->text = xmalloc(m->len + 1u);
        if (m->len)
            memcpy(k->text, m->str, m->len);
    }
}

void vm_snapshot_take(vm *v, vm_snapshot **snp, const splev_genctx *ctx,
                      const splev_rng *rng0, uint32_t end)
{
    const splev_levscript *s = v->s;
    if (v->failed || v->exited || v->pc != end || v->nframes != 1 ||
        v->sp != 0 || v->rng.state != rng0->state || v->rng.inc != rng0->inc ||
        !bare_level(v->lev) || v->gen.smeq || v->gen.doorct ||
        v->gen.add_room)
        return;
    if (!*snp)
        *snp = xcalloc(1, sizeof **snp);
    vm_snapshot *sn = *snp;
    sn->ready = 1;
    memcpy(&sn->ctx, ctx, sizeof sn->ctx);
    sn->main = s->funcs[0];
    sn->flags = s->flags;
    sn->dialect = s->dialect;
    keep_maps(sn, s, end);
    copy_state(&sn->state, v);
    sn->lev_flags = v->lev->flags;
    memcpy(sn->cells, v->lev->cells, sizeof sn->cells);
}
