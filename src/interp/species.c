/* species.c - what the interpreter knows of a monster species for its
 * spot: does it swim, fly or float, pass walls, like fire (SEMANTICS §4.5
 * MONSTER, the humidity of its location).
 *
 * The table covers the classes whose members all share a property (sea
 * monsters swim; bats and birds, vortices, lights fly; eyes and spheres
 * float; xorns pass walls; ghosts and shades are noncorporeal flyers) and
 * the named species we know to differ from their class (the elementals one
 * by one, swimmers of other classes, fire-lovers, a non-passing 'X').  A
 * name not in the table falls back to its class; a class not in the table
 * has none of these properties, and neither has a fully random monster.
 * Facts of the games' monsters, written here from general knowledge. */
#include "interp/vm.h"

#include "splev/interp.h"

#include <string.h>

enum { SP_SWIM = 1, SP_FLY = 2, SP_WALLS = 4, SP_FIRE = 8 };

typedef struct species {
    char cls;          /* the class letter; 0 for a named entry */
    const char *name;  /* NULL for a whole class */
    unsigned char f;   /* SP_* */
} species;

static const species table[] = {
    /* whole classes */
    {';', NULL, SP_SWIM},
    {'B', NULL, SP_FLY},
    {'v', NULL, SP_FLY},
    {'y', NULL, SP_FLY},
    {'e', NULL, SP_FLY},              /* floaters */
    {'X', NULL, SP_WALLS},
    {' ', NULL, SP_FLY | SP_WALLS},   /* ghost, shade: noncorporeal */
    /* named species */
    {0, "air elemental", SP_FLY},
    {0, "stalker", SP_FLY},
    {0, "fire elemental", SP_FLY | SP_FIRE},
    {0, "earth elemental", SP_WALLS},
    {0, "water elemental", SP_SWIM},
    {0, "fire vortex", SP_FLY | SP_FIRE},
    {0, "flaming sphere", SP_FLY | SP_FIRE},
    {0, "salamander", SP_FIRE},
    {0, "crocodile", SP_SWIM},
    {0, "baby crocodile", SP_SWIM},
    {0, "water moccasin", SP_SWIM},
    {0, "python", SP_SWIM},
    {0, "water nymph", SP_SWIM},
    {0, "water troll", SP_SWIM},
    {0, "killer bee", SP_FLY},
    {0, "queen bee", SP_FLY},
    {0, "xan", SP_FLY},
    {0, "jabberwock", SP_FLY},
    {0, "vampire", SP_FLY},
    {0, "vampire lord", SP_FLY},
    {0, "couatl", SP_FLY},
    {0, "Angel", SP_FLY},
    {0, "Archon", SP_FLY},
    {0, "ki-rin", SP_FLY},
    {0, "titan", SP_FLY},
    {0, "ghost", SP_FLY | SP_WALLS},
    {0, "shade", SP_FLY | SP_WALLS},
    {0, "xorn", SP_WALLS},
    {0, "Devil's Snare", 0},          /* a plant of class 'X' */
};

static int species_flags(char cls, const char *name)
{
    size_t n = sizeof table / sizeof *table;
    for (size_t i = 0; name && i < n; i++)
        if (table[i].name && !strcmp(table[i].name, name))
            return table[i].f;
    for (size_t i = 0; i < n; i++)
        if (!table[i].name && table[i].cls == cls)
            return table[i].f;
    return 0;
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
