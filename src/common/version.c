/* version.c - the library's version, for a program that loads it at run
 * time (the Python package checks it). */
#include "splev.h"

const char *splev_version(void)
{
    return SPLEV_VERSION;
}
