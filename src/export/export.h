/* export.h - the exporters to the foreign room formats with the project's
 * own diagnostics (struct diag): what splev/foreign.h wraps for callers,
 * and what levgen and the unit tests call.  NULL with an error in d when a
 * level cannot be written in the format. */
#ifndef SPLEV_EXPORT_EXPORT_H
#define SPLEV_EXPORT_EXPORT_H

#include "common/common.h"
#include "splev/foreign.h"

char *foreign_export_asciifarm(const splev_level *lev,
                               const splev_export_opts *opts, diag *d);
char *foreign_export_roguecloud(const splev_level *lev,
                                const splev_export_opts *opts, diag *d);

#endif
