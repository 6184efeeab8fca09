/* sheol.c - INIT_MAP sheollev: UnNetHack's frozen Sheol levels
 * (SEMANTICS §8.2.1). */
#include "gen/gen_int.h"

int splev_gen_sheol(splev_gen *g)
{
    (void)g;
    return 0;
}
