/* foreign.h - the importers of the foreign room formats with the
 * project's own diagnostics (struct diag): what splev/foreign.h wraps for
 * callers, and what levgen and the unit tests call.  Same rules as there.
 * The exporters are in export/export.h. */
#ifndef SPLEV_IMPORT_FOREIGN_H
#define SPLEV_IMPORT_FOREIGN_H

#include "common/common.h"
#include "splev/foreign.h"

char *foreign_import_asciifarm(const char *file, const char *text, size_t len,
                               const splev_import_opts *opts, diag *d);
char *foreign_import_roguecloud(const char *file, const char *text,
                                size_t len, const splev_import_opts *opts,
                                diag *d);
splev_level *foreign_import_asciifarm_level(const char *file,
                                            const char *text, size_t len,
                                            const splev_import_opts *opts,
                                            diag *d);
splev_level *foreign_import_roguecloud_level(const char *file,
                                             const char *text, size_t len,
                                             const splev_import_opts *opts,
                                             diag *d);
char **foreign_roguecloud_room_names(const char *file, const char *text,
                                     size_t len, diag *d);

#endif
