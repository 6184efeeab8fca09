/* version.c - what a program that loads the library at run time asks of
 * it (the Python package): its version, its free(), and the sizes of the
 * structures it fills. */
#include "splev.h"

#include <stdlib.h>

const char *splev_version(void)
{
    return SPLEV_VERSION;
}

void splev_free(void *p)
{
    free(p);
}

size_t splev_genctx_size(void)
{
    return sizeof(splev_genctx);
}

size_t splev_levcomp_opts_size(void)
{
    return sizeof(splev_levcomp_opts);
}

size_t splev_compiled_level_size(void)
{
    return sizeof(splev_compiled_level);
}
