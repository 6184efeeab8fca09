/* entry.h - the playground's entry layer (web/entry.c): the functions the
 * page calls in the WebAssembly build.  Strings in and out are UTF-8. */
#ifndef SPLEV_WEB_ENTRY_H
#define SPLEV_WEB_ENTRY_H

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>
#define WEB_API EMSCRIPTEN_KEEPALIVE
#else
#define WEB_API
#endif

/* The formats of web_run. */
enum { WEB_TEXT, WEB_ANSI, WEB_JSON, WEB_SVG, WEB_ASCIIFARM,
       WEB_ROGUECLOUD };

/* Compile des-file text (name: the file's name in messages and for
 * INCLUDE; dialect SPLEV_LEVCOMP_DIALECT_*, variant SPLEV_VARIANT_*).
 * Returns JSON: {"errors": N, "warnings": N, "failure": "...",
 * "levels": [names], "diagnostics": [{"file", "line", "column",
 * "end_column", "severity", "message"[, "fixit"]}]}.  The compiled
 * levels are kept for web_run until the next compile. */
WEB_API const char *web_compile(const char *name, const char *text,
                                int dialect, int variant);
/* Generate the level named level ("" or NULL: the first) for seed (a
 * decimal string) and return it in a format (WEB_*), as levgen --format
 * prints it; NULL on failure (web_error says why). */
WEB_API const char *web_run(const char *level, const char *seed, int format);
/* Why the last web_run failed, or the exporter's warnings after a
 * successful Asciifarm or Rogue Cloud export; "" when none. */
WEB_API const char *web_error(void);
/* "name:Title,..." for every variant profile after none. */
WEB_API const char *web_variants(void);
WEB_API const char *web_version(void);

#endif
