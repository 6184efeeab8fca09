/* species.c - what the interpreter knows of a monster species for its
 * spot: does it swim, fly or float, pass walls, like fire (SEMANTICS §4.5
 * MONSTER, the humidity of its location).
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

typedef struct species {
    char cls;          /* the class letter */
    const char *name;  /* NULL for the whole class */
    unsigned char f;   /* SP_* */
} species;

/* Grouped by class, a class's default first.  CLASSES lists every class
 * of the table: a monster of any other class is looked up no further. */
static const char classes[] = ";BvyeX E:nSTaxJVAH";
static const species table[] = {
    {';', NULL, SP_SWIM},             /* sea monsters */
    {'B', NULL, SP_FLY},              /* bats and birds */
    {'v', NULL, SP_FLY},              /* vortices */
    {'v', "fire vortex", SP_FLY | SP_FIRE},
    {'y', NULL, SP_FLY},              /* lights */
    {'e', NULL, SP_FLY},              /* eyes and spheres float */
    {'e', "flaming sphere", SP_FLY | SP_FIRE},
    {'X', NULL, SP_WALLS},            /* xorns */
    {'X', "xorn", SP_WALLS},
    {'X', "Devil's Snare", 0},        /* a plant */
    {' ', NULL, SP_FLY | SP_WALLS},   /* ghosts, shades: noncorporeal */
    {' ', "ghost", SP_FLY | SP_WALLS},
    {' ', "shade", SP_FLY | SP_WALLS},
    {'E', "air elemental", SP_FLY},
    {'E', "stalker", SP_FLY},
    {'E', "fire elemental", SP_FLY | SP_FIRE},
    {'E', "earth elemental", SP_WALLS},
    {'E', "water elemental", SP_SWIM},
    {':', "salamander", SP_FIRE},
    {':', "crocodile", SP_SWIM},
    {':', "baby crocodile", SP_SWIM},
    {'n', "water nymph", SP_SWIM},
    {'S', "water moccasin", SP_SWIM},
    {'S', "python", SP_SWIM},
    {'T', "water troll", SP_SWIM},
    {'a', "killer bee", SP_FLY},
    {'a', "queen bee", SP_FLY},
    {'x', "xan", SP_FLY},
    {'J', "jabberwock", SP_FLY},
    {'V', "vampire", SP_FLY},
    {'V', "vampire lord", SP_FLY},
    {'A', "couatl", SP_FLY},
    {'A', "Angel", SP_FLY},
    {'A', "Archon", SP_FLY},
    {'A', "ki-rin", SP_FLY},
    {'H', "titan", SP_FLY},
};

/* SP_* of a species: its own entry, else its class's default, else 0. */
static int species_flags(char cls, const char *name)
{
    int f = 0, seen = 0;
    if (!cls) {
        /* A name given without a class: any class's entry of that name. */
        for (size_t i = 0; name && i < sizeof table / sizeof *table; i++)
            if (table[i].name && !strcmp(table[i].name, name))
                return table[i].f;
        return 0;
    }
    if (!memchr(classes, cls, sizeof classes - 1))
        return 0;
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        if (table[i].cls != cls) {
            if (seen)
                break;
            continue;
        }
        seen = 1;
        if (!table[i].name)
            f = table[i].f;
        else if (name && !strcmp(table[i].name, name))
            return table[i].f;
    }
    return f;
}

int vm_species_humidity(char cls, const char *name)
{
    int f = species_flags(cls, name);
    int h = f & SP_SWIM ? H_WET : H_DRY;
    if (f & SP_FLY)
        h |= H_WET | H_HOT;
    if (f & SP_WALLS)
        h |= H_SOLID;
    if (f & SP_FIRE)
        h |= H_HOT;
    return h;
}

int splev_passes_walls(char cls, const char *name)
{
    return (species_flags(cls, name) & SP_WALLS) != 0;
}
