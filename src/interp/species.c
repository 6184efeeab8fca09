/* species.c - what the interpreter knows of a monster species for its
 * spot: does it swim, fly or float, pass walls, like fire (the humidity a
 * MONSTER's location is drawn with).
 *
 * The table covers the classes whose members all share a property (sea
 * monsters swim; bats and birds, vortices, lights fly; eyes and spheres
 * float; xorns pass walls; ghosts and shades are noncorporeal flyers) and
 * the named species we know to differ from their class (the elementals one
 * by one, swimmers and flyers of other classes, fire-lovers, a non-passing
 * 'X').  A name is looked up within its class; one given without a class
 * among all the names.  A name not in the table falls back to its class; a
 * class not in the table has none of these properties, and neither has a
 * fully random monster.
 * Facts of the games' monsters, written here from general knowledge. */
#include "interp/vm.h"

#include "splev/interp.h"

#include <string.h>

enum { SP_SWIM = 1, SP_FLY = 2, SP_WALLS = 4, SP_FIRE = 8 };

/* A named species that differs from its class. */
typedef struct named {
    const char *name;
    unsigned char f;   /* SP_* */
} named;

/* A class: its members' default, and the named ones. */
typedef struct sclass {
    unsigned char f;
    unsigned char n;
    const named *names;
} sclass;

static const named vortices[] = {{"fire vortex", SP_FLY | SP_FIRE}};
static const named spheres[] = {{"flaming sphere", SP_FLY | SP_FIRE}};
static const named xorns[] = {
    {"xorn", SP_WALLS},
    {"Devil's Snare", 0},             /* a plant */
};
static const named ghosts[] = {
    {"ghost", SP_FLY | SP_WALLS},
    {"shade", SP_FLY | SP_WALLS},
};
static const named elementals[] = {
    {"air elemental", SP_FLY},
    {"stalker", SP_FLY},
    {"fire elemental", SP_FLY | SP_FIRE},
    {"earth elemental", SP_WALLS},
    {"water elemental", SP_SWIM},
};
static const named lizards[] = {
    {"salamander", SP_FIRE},
    {"crocodile", SP_SWIM},
    {"baby crocodile", SP_SWIM},
};
static const named nymphs[] = {{"water nymph", SP_SWIM}};
static const named snakes[] = {
    {"water moccasin", SP_SWIM},
    {"python", SP_SWIM},
};
static const named trolls[] = {{"water troll", SP_SWIM}};
static const named ants[] = {
    {"killer bee", SP_FLY},
    {"queen bee", SP_FLY},
};
static const named grid_bugs[] = {{"xan", SP_FLY}};
static const named jabberwocks[] = {{"jabberwock", SP_FLY}};
static const named vampires[] = {
    {"vampire", SP_FLY},
    {"vampire lord", SP_FLY},
};
static const named angels[] = {
    {"couatl", SP_FLY},
    {"Angel", SP_FLY},
    {"Archon", SP_FLY},
    {"ki-rin", SP_FLY},
};
static const named giants[] = {{"titan", SP_FLY}};

#define NAMES(a) (unsigned char)(sizeof a / sizeof *a), a

/* By class letter; a class not here has none of the properties. */
static const sclass classes[128] = {
    [';'] = {SP_SWIM, 0, NULL},           /* sea monsters */
    ['B'] = {SP_FLY, 0, NULL},            /* bats and birds */
    ['v'] = {SP_FLY, NAMES(vortices)},
    ['y'] = {SP_FLY, 0, NULL},            /* lights */
    ['e'] = {SP_FLY, NAMES(spheres)},     /* eyes and spheres float */
    ['X'] = {SP_WALLS, NAMES(xorns)},
    [' '] = {SP_FLY | SP_WALLS, NAMES(ghosts)},  /* noncorporeal */
    ['E'] = {0, NAMES(elementals)},
    [':'] = {0, NAMES(lizards)},
    ['n'] = {0, NAMES(nymphs)},
    ['S'] = {0, NAMES(snakes)},
    ['T'] = {0, NAMES(trolls)},
    ['a'] = {0, NAMES(ants)},
    ['x'] = {0, NAMES(grid_bugs)},
    ['J'] = {0, NAMES(jabberwocks)},
    ['V'] = {0, NAMES(vampires)},
    ['A'] = {0, NAMES(angels)},
    ['H'] = {0, NAMES(giants)},
};

/* The entry of name in class c, or NULL. */
static const named *find_named(const sclass *c, const char *name)
{
    for (unsigned i = 0; name && i < c->n; i++)
        if (!strcmp(c->names[i].name, name))
            return &c->names[i];
    return NULL;
}

/* SP_* of a species: its own entry, else its class's default, else 0. */
static inline int species_flags(char cls, const char *name)
{
    unsigned char k = (unsigned char)cls;
    if (!cls) {
        /* A name given without a class: any class's entry of that name,
         * the classes that have named entries in letter order. */
        static const char with_names[] = " :AEHJSTVXaenvx";
        for (unsigned i = 0; name && with_names[i]; i++) {
            const named *e = find_named(&classes[(unsigned char)with_names[i]],
                                        name);
            if (e)
                return e->f;
        }
        return 0;
    }
    if (k >= 128)
        return 0;
    const sclass *c = &classes[k];
    if (!c->n)
        return c->f;     /* most classes: no named entries */
    const named *e = find_named(c, name);
    return e ? e->f : c->f;
}

/* The humidity of SP_* flags: swimmers wet, others dry; flyers also
 * over water and lava; wall-passers also in rock; fire-lovers on lava. */
#define HUMIDITY(f) \
    (((f) & SP_SWIM ? H_WET : H_DRY) | ((f) & SP_FLY ? H_WET | H_HOT : 0) | \
     ((f) & SP_WALLS ? H_SOLID : 0) | ((f) & SP_FIRE ? H_HOT : 0))
static const unsigned char humidity[16] = {
    HUMIDITY(0), HUMIDITY(1), HUMIDITY(2), HUMIDITY(3), HUMIDITY(4),
    HUMIDITY(5), HUMIDITY(6), HUMIDITY(7), HUMIDITY(8), HUMIDITY(9),
    HUMIDITY(10), HUMIDITY(11), HUMIDITY(12), HUMIDITY(13), HUMIDITY(14),
    HUMIDITY(15),
};

int vm_species_humidity(char cls, const char *name)
{
    return humidity[species_flags(cls, name) & 15];
}

int splev_passes_walls(char cls, const char *name)
{
    return (species_flags(cls, name) & SP_WALLS) != 0;
}
