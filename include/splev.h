/* splev.h - the library a game links: dungeon scripts and layouts, level
 * scripts and the generator that runs them, and the seeded generator. */
#ifndef SPLEV_H
#define SPLEV_H

#include "splev/rng.h"
#include "splev/dungeon.h"

#define SPLEV_VERSION "0.1.0"

#endif
