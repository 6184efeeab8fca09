/* test_nesting.c - MONSTER inventories and containers (issue 18): the
 * verifier rejects every nesting the compiler cannot make, each with its
 * reason; the interpreter keeps each open box with where it lies, so a
 * function that opens a box of its own inside an open container (which
 * the compiler does make) and a crafted script run without the verifier
 * both put every object where it belongs. */
#include "common/common.h"
#include "interp_asm.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The verifier's answer for the program in a ("ok" or its reason). */
static const char *verify(tasm *a, char *err, size_t n)
{
    splev_levscript *d = asm_verify(a, "t", err, n);
    if (d) {
        splev_lev_free(d);
        snprintf(err, n, "ok");
    }
    return err;
}

/* OBJECT flags: 1 content, 2 container. */
static void object(tasm *a, const char *name, int flags)
{
    POBJ(a, '(', name);
    if (!(flags & 1)) {
        PCOORD(a, 2, 2);
        EI(a, 14);                   /* the coord attribute's key */
        asm_emit(a, OP_OBJECT, flags, 1, 0);
    } else {
        asm_emit(a, OP_OBJECT, flags, 0, 0);
    }
}

static void monster_block(tasm *a)
{
    PMON(a, 'd', "jackal");
    PCOORD(a, 3, 3);
    asm_emit(a, OP_MONSTER, 1, 0, 0);
}

static void expect(tasm *a, const char *want, const char *what)
{
    char err[300];
    const char *got = verify(a, err, sizeof err);
    CHECK(strstr(got, want) != NULL, "%s: %s (got: %s)", what, want, got);
}

static void rejected(void)
{
    tasm a;
    asm_init(&a);                    /* the crafted file of the report */
    object(&a, "large box", 2);
    object(&a, "chest", 2);
    object(&a, "apple", 1);
    E0(&a, POP_CONTAINER);
    E0(&a, POP_CONTAINER);
    expect(&a, "instruction 7 (OBJECT): not the content of the open container",
           "a box opened on the floor inside an open box");
    asm_init(&a);
    object(&a, "apple", 1);
    expect(&a, "instruction 1 (OBJECT): content outside any inventory or "
               "container", "content at top level");
    asm_init(&a);
    E0(&a, POP_CONTAINER);
    expect(&a, "instruction 0 (POP_CONTAINER): no container open",
           "a stray POP_CONTAINER");
    asm_init(&a);
    E0(&a, END_MONINVENT);
    expect(&a, "instruction 0 (END_MONINVENT): no inventory open",
           "a stray END_MONINVENT");
    asm_init(&a);
    object(&a, "large box", 2);
    monster_block(&a);
    E0(&a, END_MONINVENT);
    E0(&a, POP_CONTAINER);
    expect(&a, "instruction 6 (MONSTER): an inventory inside another "
               "inventory or container", "an inventory inside a box");
    asm_init(&a);
    monster_block(&a);
    object(&a, "sack", 3);
    E0(&a, END_MONINVENT);
    expect(&a, "instruction 5 (END_MONINVENT): no inventory open",
           "an inventory closed over an open box");
    asm_init(&a);
    object(&a, "large box", 2);
    for (int i = 0; i < 10; i++)
        object(&a, "sack", 3);
    expect(&a, "instruction 23 (OBJECT): more than 10 nested containers",
           "eleven nested boxes");
    asm_init(&a);
    object(&a, "large box", 2);
    expect(&a, "instruction 3: an inventory or container is still open at "
               "the end of the function", "a box left open");
    asm_init(&a);                    /* a box opened on one path only */
    EI(&a, 1);
    EI(&a, 2);
    E0(&a, CMP);
    asm_emit(&a, OP_JE, 0, 0, 5);
    object(&a, "large box", 2);
    E0(&a, POP_CONTAINER);
    expect(&a, "instruction 8: other inventories or containers open than "
               "by another path", "paths meeting with different boxes open");
    asm_init(&a);
    object(&a, "large box", 2);
    asm_emit(&a, OP_RETURN, 0, 0, 0);
    E0(&a, POP_CONTAINER);
    expect(&a, "instruction 4 (RETURN): an inventory or container is still "
               "open", "RETURN inside a box");
}

static const splev_object *floor_object(const splev_level *lev,
                                        const char *name)
{
    for (size_t i = 0; i < lev->nobjects; i++)
        if (lev->objects[i].name && !strcmp(lev->objects[i].name, name))
            return &lev->objects[i];
    return NULL;
}

/* CONTAINER "large box" { f() OBJECT "apple" } with f opening "chest" on
 * the floor and putting "ring" in it: as lev_comp compiles it. */
static void build_call_in_box(tasm *a)
{
    asm_init(a);
    object(a, "large box", 2);
    asm_emit(a, OP_CALL, 0, 0, 1);
    object(a, "apple", 1);
    E0(a, POP_CONTAINER);
    monster_block(a);                /* an inventory after it */
    object(a, "bag", 3);
    object(a, "gem", 1);
    E0(a, POP_CONTAINER);
    object(a, "dagger", 1);
    E0(a, END_MONINVENT);
    asm_func(a, "f", 0);
    object(a, "chest", 2);
    object(a, "ring", 1);
    E0(a, POP_CONTAINER);
    E0(a, RETURN);
}

static void check_level(const splev_level *lev, const char *how)
{
    const splev_object *box = floor_object(lev, "large box");
    const splev_object *chest = floor_object(lev, "chest");
    CHECK(box && box->ncontents == 1 && !strcmp(box->contents[0].name, "apple"),
          "%s: the apple is in the large box", how);
    CHECK(chest && chest->ncontents == 1 && !strcmp(chest->contents[0].name, "ring"),
          "%s: the function's ring is in its own chest", how);
    CHECK(lev->nobjects == 2, "%s: two objects on the floor (%zu)", how,
          lev->nobjects);
    const splev_monster *m = lev->nmonsters == 1 ? &lev->monsters[0] : NULL;
    CHECK(m && m->ninventory == 2 && !strcmp(m->inventory[0].name, "bag") &&
              m->inventory[0].ncontents == 1 &&
              !strcmp(m->inventory[0].contents[0].name, "gem") &&
              !strcmp(m->inventory[1].name, "dagger"),
          "%s: the jackal carries a bag with a gem, and a dagger", how);
}

static void call_in_box(void)
{
    tasm a;
    build_call_in_box(&a);
    splev_levscript *s = asm_build(&a, "t");
    CHECK(s != NULL, "a function opening a box inside a box verifies");
    if (!s)
        return;
    splev_genctx ctx;
    splev_genctx_init(&ctx);
    char err[300];
    splev_level *lev = splev_run(s, &ctx, 1, err, sizeof err);
    CHECK(lev != NULL, "it runs (%s)", lev ? "ok" : err);
    if (lev)
        check_level(lev, "verified");
    splev_level_free(lev);
    splev_lev_free(s);
}

/* The crafted script of the report, run without the verifier: the
 * interpreter keeps the floor box as a box of its own. */
static void unverified(void)
{
    tasm a;
    asm_init(&a);
    object(&a, "large box", 2);
    object(&a, "chest", 2);
    object(&a, "ring", 1);
    E0(&a, POP_CONTAINER);
    object(&a, "apple", 1);
    E0(&a, POP_CONTAINER);
    object(&a, "gem", 1);            /* content with nothing open: lost */
    E0(&a, POP_CONTAINER);           /* nothing to close */
    E0(&a, END_MONINVENT);
    splev_levscript s;
    asm_script(&a, &s, "t");
    splev_genctx ctx;
    splev_genctx_init(&ctx);
    char err[300];
    splev_level *lev = splev_run(&s, &ctx, 1, err, sizeof err);
    CHECK(lev != NULL, "the crafted script runs unverified (%s)",
          lev ? "ok" : err);
    if (!lev)
        return;
    const splev_object *box = floor_object(lev, "large box");
    const splev_object *chest = floor_object(lev, "chest");
    CHECK(box && box->ncontents == 1 && !strcmp(box->contents[0].name, "apple") &&
              chest && chest->ncontents == 1 &&
              !strcmp(chest->contents[0].name, "ring"),
          "unverified: each box holds its own content");
    CHECK(lev->nobjects == 3 && floor_object(lev, "gem"),
          "unverified: content with no box open goes on the floor");
    splev_level_free(lev);
}

/* A ROOM that cannot be placed is passed over up to its ENDROOM, pushes
 * and pops included (fuzz finding 16): the verifier follows that path
 * too, so a value may not cross a room's ENDROOM, and the ENDROOM must be
 * in the ROOM's function. */
static void room_fields(tasm *a)
{
    static const int32_t f[10] = {0, 100, 1, 0, 1, 1, 1, 1, 5, 3};
    for (int k = 0; k < 10; k++)
        EI(a, f[k]);
    asm_emit(a, OP_ROOM, 0, 0, 0);
}

static void rooms_passed_over(void)
{
    tasm a;
    asm_init(&a);
    room_fields(&a);
    EI(&a, 7);                       /* left for after the room */
    E0(&a, ENDROOM);
    E0(&a, POP);
    expect(&a, "instruction 13 (POP): stack underflow",
           "a value pushed in a room and used after its ENDROOM");
    asm_init(&a);
    room_fields(&a);
    room_fields(&a);
    E0(&a, ENDROOM);
    expect(&a, "instruction 10 (ROOM): its ENDROOM is not in the same "
               "function", "a ROOM left open");
    asm_init(&a);
    EI(&a, 7);
    room_fields(&a);
    room_fields(&a);
    EI(&a, 1);
    EI(&a, 2);
    asm_emit(&a, OP_ADD, 0, 0, 0);
    E0(&a, POP);
    E0(&a, ENDROOM);
    E0(&a, ENDROOM);
    E0(&a, POP);
    expect(&a, "ok", "nested rooms whose values stay inside");
}

int main(void)
{
    rejected();
    call_in_box();
    unverified();
    rooms_passed_over();
    return unit_status();
}
