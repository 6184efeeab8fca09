/* splev.h - the library a game links, and everything it exports:
 *
 *   splev/levcomp.h   compile des-files in memory
 *   splev/levscript.h compiled level scripts: encode, verify, decode
 *   splev/interp.h    run a level script into a level (the names tables,
 *                     the generation context, runners)
 *   splev/level.h     a generated level as plain data; text, SVG, JSON
 *   splev/dungeon.h   dungeon scripts and dungeon layouts
 *   splev/world.h     every level of a laid-out dungeon
 *   splev/foreign.h   two other games' map formats
 *   splev/diag.h      diagnostics as records
 *   splev/rng.h       the seeded generator
 *
 * Link with `pkg-config --cflags --libs splev` (the library needs -lm).
 * Every name the library exports begins with splev_ (or SPLEV_ for
 * macros); nothing else of it is visible to the program.
 *
 * Threads.  The library keeps no state between calls: every object
 * (compiler, runner, names table, level, script ...) belongs to the
 * caller.  Use one compiler and one runner per thread; objects only read
 * (a compiled script, a names table, a dungeon script) may be shared by
 * threads once made.
 *
 * Errors.  Nothing in the library ends the program or writes anything
 * but the diagnostics it is asked for.  Bad input gives an error result:
 * NULL or -1 with a message in the caller's buffer, or reports in a
 * splev_diags list.  Running out of memory inside a call makes that call
 * return its error result ("out of memory"); memory the failed call had
 * taken is not given back, and a runner or compiler it used should be
 * freed.  doc/library.md tells the rules in full. */
#ifndef SPLEV_H
#define SPLEV_H

#include "splev/api.h"
#include "splev/diag.h"
#include "splev/dungeon.h"
#include "splev/foreign.h"
#include "splev/interp.h"
#include "splev/levcomp.h"
#include "splev/level.h"
#include "splev/levscript.h"
#include "splev/rng.h"
#include "splev/variant.h"
#include "splev/world.h"

#define SPLEV_VERSION "0.1.0"

SPLEV_BEGIN_DECLS

/* The library's version, "0.1.0" (SPLEV_VERSION of the build). */
SPLEV_API
const char *splev_version(void);
/* free() as the library calls it: for the malloc'd results (texts, JSON,
 * encoded scripts) when the caller's language has its own allocator. */
SPLEV_API
void splev_free(void *p);
/* sizeof(splev_genctx), sizeof(splev_levcomp_opts) and
 * sizeof(splev_compiled_level) of the build, for bindings that lay the
 * structures out themselves. */
SPLEV_API
size_t splev_genctx_size(void);
SPLEV_API
size_t splev_levcomp_opts_size(void);
SPLEV_API
size_t splev_compiled_level_size(void);

SPLEV_END_DECLS

#endif
