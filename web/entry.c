/* entry.c - the playground's entry layer: what the page calls in the
 * WebAssembly build of the library (make web).
 *
 * The page hands over a des-file as text and gets back the compiler's
 * diagnostics and level names as JSON, then asks for one level, seed and
 * format at a time.  Everything goes through the public API (include/),
 * the same calls levgen makes, so the map and JSON are levgen's bytes:
 *
 *   web_compile(name, text, dialect, variant) -> {"errors": ..., ...}
 *   web_run(level, seed, format)               -> the level's text, or NULL
 *   web_error()                                -> why web_run gave NULL
 *
 * Returned strings stay valid until the next call of the same function. */
#include "entry.h"

#include "splev.h"
#include "splev/diag.h"
#include "splev/foreign.h"
#include "splev/interp.h"
#include "splev/levcomp.h"
#include "splev/variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* INCLUDE looks here after the file's own folder: the page's filesystem
 * holds the bundled dat/ include files there. */
static const char *const include_dirs[] = {"/dat"};

static struct {
    splev_levcomp *lc;      /* made for these two, remade when they change */
    int lc_dialect, lc_variant;
    splev_diags *diags;
    splev_compiled *compiled;
    splev_names *names[2];  /* built-in tables: UnNetHack's, NetHack 3.6's */
    char *compile_json;
    char *output;
    char error[700];
} S;

/* ---- a growable string ---- */
typedef struct {
    char *s;
    size_t len, cap;
    int oom;
} sbuf;

static void sb_add(sbuf *b, const char *text, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, text, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void sb_puts(sbuf *b, const char *text)
{
    sb_add(b, text, strlen(text));
}

static void sb_printf(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n >= 0)
        sb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* A JSON string: quotes, escapes for '"', '\\' and control bytes; other
 * bytes (UTF-8) as they are. */
static void sb_json_string(sbuf *b, const char *text)
{
    sb_puts(b, "\"");
    for (const unsigned char *p = (const unsigned char *)(text ? text : "");
         *p; p++) {
        if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            sb_add(b, esc, 2);
        } else if (*p == '\n') {
            sb_puts(b, "\\n");
        } else if (*p < 0x20) {
            sb_printf(b, "\\u%04x", *p);
        } else {
            sb_add(b, (const char *)p, 1);
        }
    }
    sb_puts(b, "\"");
}

/* ---- compiling ---- */

/* Level i of c is defined again later in the file: the game keeps the
 * last definition, so the page lists (and runs) only that one, as
 * levgen --list and --level do. */
static int redefined_later(const splev_compiled *c, size_t i)
{
    for (size_t j = i + 1; j < c->nlevels; j++)
        if (strcmp(c->levels[j].name, c->levels[i].name) == 0)
            return 1;
    return 0;
}

static void drop_compiled(void)
{
    splev_compiled_free(S.compiled);
    S.compiled = NULL;
}

/* The compiler for this dialect and variant: the cached one, or a new
 * one.  NULL with S.error set when it cannot be made. */
static splev_levcomp *compiler_for(int dialect, int variant)
{
    if (S.lc && S.lc_dialect == dialect && S.lc_variant == variant)
        return S.lc;
    drop_compiled();
    splev_levcomp_free(S.lc);
    S.lc = NULL;
    if (!S.diags && !(S.diags = splev_diags_new())) {
        snprintf(S.error, sizeof S.error, "out of memory");
        return NULL;
    }
    splev_levcomp_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.dialect = dialect;
    lo.variant = variant;
    lo.include_dirs = include_dirs;
    lo.n_include_dirs = sizeof include_dirs / sizeof *include_dirs;
    lo.diags = S.diags;
    S.lc = splev_levcomp_new(&lo, S.error, sizeof S.error);
    S.lc_dialect = dialect;
    S.lc_variant = variant;
    return S.lc;
}

static void json_diagnostics(sbuf *b)
{
    size_t n = S.diags ? splev_diags_count(S.diags) : 0;
    sb_puts(b, "\"diagnostics\": [");
    for (size_t i = 0; i < n; i++) {
        const splev_diagnostic *dg = splev_diags_get(S.diags, i);
        sb_puts(b, i ? ",\n  {" : "\n  {");
        sb_puts(b, "\"file\": ");
        sb_json_string(b, dg->file);
        sb_printf(b, ", \"line\": %d, \"column\": %d, \"end_column\": %d",
                  dg->line, dg->column, dg->end_column);
        sb_puts(b, ", \"severity\": ");
        sb_json_string(b, splev_severity_name(dg->severity));
        sb_puts(b, ", \"message\": ");
        sb_json_string(b, dg->message);
        if (dg->fixit) {
            sb_puts(b, ", \"fixit\": ");
            sb_json_string(b, dg->fixit);
        }
        sb_puts(b, "}");
    }
    sb_puts(b, n ? "\n]" : "]");
}

const char *web_compile(const char *name, const char *text, int dialect,
                        int variant)
{
    free(S.compile_json);
    S.compile_json = NULL;
    S.error[0] = '\0';
    drop_compiled();
    splev_levcomp *lc = NULL;
    if (dialect < SPLEV_LEVCOMP_DIALECT_AUTO ||
        dialect > SPLEV_LEVCOMP_DIALECT_NETHACK343)
        snprintf(S.error, sizeof S.error, "unknown dialect %d", dialect);
    else if (variant < 0 || variant >= SPLEV_VARIANT_COUNT)
        snprintf(S.error, sizeof S.error, "unknown variant %d", variant);
    else
        lc = compiler_for(dialect, variant);
    if (S.diags)
        splev_diags_clear(S.diags);
    if (lc) {
        S.compiled = splev_levcomp_buffer(lc, name, text, strlen(text));
        if (!S.compiled)
            snprintf(S.error, sizeof S.error, "out of memory");
    }
    sbuf b = {0};
    const splev_compiled *c = S.compiled;
    sb_printf(&b, "{\"errors\": %d, \"warnings\": %d, ",
              c ? c->errors : 1, c ? c->warnings : 0);
    sb_puts(&b, "\"failure\": ");
    sb_json_string(&b, S.error);
    sb_puts(&b, ",\n\"levels\": [");
    int first = 1;
    for (size_t i = 0; c && c->errors == 0 && i < c->nlevels; i++) {
        if (redefined_later(c, i))
            continue;
        if (!first)
            sb_puts(&b, ", ");
        first = 0;
        sb_json_string(&b, c->levels[i].name);
    }
    sb_puts(&b, "],\n");
    json_diagnostics(&b);
    sb_puts(&b, "}\n");
    if (b.oom) {
        free(b.s);
        return "{\"errors\": 1, \"warnings\": 0, \"failure\": "
               "\"out of memory\", \"levels\": [], \"diagnostics\": []}";
    }
    S.compile_json = b.s;
    return S.compile_json;
}

/* ---- running ---- */

/* The names table levgen gives a script of this dialect by default. */
static const splev_names *names_for(int dialect)
{
    int d = dialect == SPLEV_DIALECT_NETHACK36;
    if (!S.names[d])
        S.names[d] = splev_names_builtin(d ? SPLEV_DIALECT_NETHACK36
                                           : SPLEV_DIALECT_UNNETHACK);
    return S.names[d];
}

/* Whole decimal numbers 0 .. 2^64-1 only. */
static int parse_seed(const char *text, uint64_t *out)
{
    uint64_t v = 0;
    if (!text || !*text)
        return -1;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        unsigned dgt = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - dgt) / 10)
            return -1;
        v = v * 10 + dgt;
    }
    *out = v;
    return 0;
}

static const splev_levscript *find_level(const char *level)
{
    const splev_compiled *c = S.compiled;
    if (!c || c->errors) {
        snprintf(S.error, sizeof S.error, "the file is not compiled");
        return NULL;
    }
    for (size_t i = 0; i < c->nlevels; i++)
        if ((!level || !*level || strcmp(c->levels[i].name, level) == 0) &&
            !redefined_later(c, i))
            return c->levels[i].script;
    if (c->nlevels == 0)
        snprintf(S.error, sizeof S.error, "no LEVEL in this file");
    else
        snprintf(S.error, sizeof S.error, "no level named \"%s\"", level);
    return NULL;
}

/* The exporters' warnings (what a format cannot show) go into S.error
 * too, for the page to show beside the download. */
static char *export_level(const splev_level *lev, int format)
{
    splev_export_opts eo;
    memset(&eo, 0, sizeof eo);
    splev_diags_clear(S.diags);
    char *out = format == WEB_ASCIIFARM
                    ? splev_export_asciifarm(lev, &eo, S.diags)
                    : splev_export_roguecloud(lev, &eo, S.diags);
    size_t used = 0;
    for (size_t i = 0; i < splev_diags_count(S.diags) && used + 1 <
                           sizeof S.error; i++) {
        const splev_diagnostic *dg = splev_diags_get(S.diags, i);
        int n = snprintf(S.error + used, sizeof S.error - used, "%s%s: %s",
                         used ? "\n" : "", splev_severity_name(dg->severity),
                         dg->message);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    if (!out && !S.error[0])
        snprintf(S.error, sizeof S.error, "out of memory");
    return out;
}

const char *web_run(const char *level, const char *seed, int format)
{
    free(S.output);
    S.output = NULL;
    S.error[0] = '\0';
    uint64_t sd;
    if (parse_seed(seed, &sd) != 0) {
        snprintf(S.error, sizeof S.error,
                 "invalid seed '%s' (0..18446744073709551615)",
                 seed ? seed : "");
        return NULL;
    }
    const splev_levscript *s = find_level(level);
    if (!s)
        return NULL;
    splev_genctx ctx;
    splev_genctx_init(&ctx);
    ctx.names = names_for(s->dialect);
    splev_level *lev = splev_run(s, &ctx, sd, S.error, sizeof S.error);
    if (!lev)
        return NULL;
    switch (format) {
    case WEB_TEXT: S.output = splev_level_render_text(lev); break;
    case WEB_ANSI: S.output = splev_level_render_ansi(lev); break;
    case WEB_JSON: S.output = splev_level_to_json(lev); break;
    case WEB_SVG: S.output = splev_level_render_svg(lev); break;
    case WEB_ASCIIFARM:
    case WEB_ROGUECLOUD: S.output = export_level(lev, format); break;
    default:
        snprintf(S.error, sizeof S.error, "unknown format %d", format);
        break;
    }
    if (!S.output && !S.error[0])
        snprintf(S.error, sizeof S.error, "out of memory");
    splev_level_free(lev);
    return S.output;
}

const char *web_error(void)
{
    return S.error;
}

/* The --variant names in profile order, comma-separated ("" first for
 * none): the page builds its variant menu from them. */
const char *web_variants(void)
{
    static char list[512];
    if (list[0])
        return list;
    size_t used = 0;
    for (int i = 1; i < SPLEV_VARIANT_COUNT; i++) {
        const splev_variant *v = splev_variant_get(i);
        int n = snprintf(list + used, sizeof list - used, "%s%s:%s",
                         i > 1 ? "," : "", v->name, v->title);
        if (n < 0 || (size_t)n >= sizeof list - used)
            break;
        used += (size_t)n;
    }
    return list;
}

const char *web_version(void)
{
    return splev_version();
}
