/* lev_emit.h - the lev_comp code generator: one checked level (lev_check's
 * plan) in, its level script out as .lev bytes (doc/formats.md, "Level
 * script").  The operands follow doc/formats.md, "Operand conventions".
 * The tree must have passed lev_check without errors. */
#ifndef SPLEV_LEV_EMIT_H
#define SPLEV_LEV_EMIT_H

#include <stddef.h>

#include "lev_check/lev_check.h"

/* The generator's buffers, kept from one level to the next. */
typedef struct lev_emitter lev_emitter;
lev_emitter *lev_emitter_new(void);
void lev_emitter_free(lev_emitter *e);

/* The encoded script (malloc'd, *len bytes), or NULL with a reason in err
 * (a limit of the format was exceeded). */
unsigned char *lev_emit_level(lev_emitter *e, const lev_plan *p,
                              const lev_plan_level *pl, size_t *len,
                              char *err, size_t errlen);

#endif
