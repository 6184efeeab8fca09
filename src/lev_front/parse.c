/* parse.c - the front end's driver: read a des-file (or take text from
 * memory), run the scanner and parser, resolve INCLUDEs, and report
 * variables used before any assignment.  Each file gets its own diag, so
 * messages name the file (and line) the problem is in, INCLUDEd or not. */
#define _XOPEN_SOURCE 700
#include "lev_front/lev_ctx.h"
#include "lev_front/arena.h"
#include "lev_front/lev_front.h"
#include "splev/levcomp.h"
#include "splev/variant.h"

#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* grammar/lev.y */
int lev_run_parser(lev_ctx *ctx, const char *text, size_t len);

/* The input limit of a file and of each file it INCLUDEs: the reading
 * stops there, so a huge file costs no more than the limit to refuse. */
static size_t input_limit(const lev_options *opt)
{
    return opt->max_input ? opt->max_input : SPLEV_LEVCOMP_MAX_INPUT;
}

/* ---- variables used before any assignment ----
 * Text order within a level (or a function body) is what counts: LEVEL
 * starts an empty table, a FUNCTION body has only its parameters.  A
 * table is a strmap of the names assigned (the values are unused). */
typedef strmap nameset;

/* The events the grammar noted (lev_ctx.h), in the order of a walk of
 * the tree: each LEVEL starts an empty table, a FUNCTION body has a table
 * of its parameters until its end, and a use of a name not in the table
 * is reported once. */
static void check_variables(diag *d, const lev_ctx *ctx)
{
    nameset level = {0};
    nameset *funcs = NULL;      /* the FUNCTION bodies open, innermost last */
    size_t nfuncs = 0, capfuncs = 0;
    for (size_t i = 0; i < ctx->nvlog; i++) {
        const lev_vevent *v = &ctx->vlog[i];
        nameset *ns = nfuncs ? &funcs[nfuncs - 1] : &level;
        switch (v->kind) {
        case LEV_VE_USE:
            if (!strmap_has(ns, v->e->sval)) {
                diag_error(d, lev_srcpos(v->e->pos),
                           "variable %s is used before any assignment to it",
                           v->e->sval);
                strmap_put(ns, v->e->sval, NULL); /* one message per name */
            }
            break;
        case LEV_VE_SET:
            strmap_put(ns, v->e->sval, NULL);
            break;
        case LEV_VE_LEVEL:
            strmap_free(&level);
            break;
        case LEV_VE_FUNC: {
            if (nfuncs == capfuncs) {
                capfuncs = capfuncs ? 2 * capfuncs : 4;
                funcs = xrealloc(funcs, capfuncs * sizeof *funcs);
            }
            nameset inner = {0};
            const lev_expr *params = v->e;
            for (size_t k = 0; params && k < params->nargs; k++)
                if (params->args[k] && params->args[k]->sval)
                    strmap_put(&inner, params->args[k]->sval, NULL);
            funcs[nfuncs++] = inner;
            break;
        }
        case LEV_VE_END:
            if (nfuncs)
                strmap_free(&funcs[--nfuncs]);
            break;
        }
    }
    while (nfuncs)
        strmap_free(&funcs[--nfuncs]);
    free(funcs);
    strmap_free(&level);
}

/* ---- the dialect (doc/dialects.md) ----
 * Forced by the options, else NetHack 3.6 when any level of the file has
 * the MAZE header, which only NetHack 3.6 knows. */
static int file_dialect(const lev_file *f, const lev_options *opt,
                        const lev_ctx *ctx)
{
    if (ctx->old343)
        return SPLEV_DIALECT_NETHACK343;
    /* a variant profile reads its game's files in its game's dialect */
    const splev_variant *v = splev_variant_get(opt->variant);
    int d = opt->dialect ? opt->dialect : v ? v->dialect : 0;
    if (d == SPLEV_LEVCOMP_DIALECT_UNNETHACK)
        return SPLEV_DIALECT_UNNETHACK;
    if (d == SPLEV_LEVCOMP_DIALECT_NETHACK36)
        return SPLEV_DIALECT_NETHACK36;
    for (size_t i = 0; i < f->nlevels; i++)
        if (f->levels[i]->maze_fill)
            return SPLEV_DIALECT_NETHACK36;
    return SPLEV_DIALECT_UNNETHACK;
}

/* ---- -Wdialect ---- */

void lev_ctx_dialect(lev_ctx *ctx, srcpos pos, int kind, const char *fmt,
                     ...)
{
    if (ctx->opt->no_dialect_warnings)
        return;
    char buf[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (ctx->ndnotes == ctx->capdnotes) {
        ctx->capdnotes = ctx->capdnotes ? ctx->capdnotes * 2 : 8;
        ctx->dnotes = xrealloc(ctx->dnotes,
                               ctx->capdnotes * sizeof *ctx->dnotes);
    }
    lev_dnote *n = &ctx->dnotes[ctx->ndnotes++];
    n->pos = pos;
    n->kind = kind;
    n->what = lev_arena_strndup(ctx->arena, buf, strlen(buf));
}

static int cmp_dnote(const void *a, const void *b)
{
    const lev_dnote *x = a, *y = b;
    if (x->pos.line != y->pos.line)
        return x->pos.line < y->pos.line ? -1 : 1;
    if (x->pos.col != y->pos.col)
        return x->pos.col < y->pos.col ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* The notes that concern the file's dialect, in text order.  A grow with
 * directions is reported only when nothing else tells the dialect: the
 * file was not forced, has no MAZE header and no UnNetHack-only
 * construct, so it could have been written for either game. */
static void report_dialect(diag *d, lev_ctx *ctx, const lev_file *f)
{
    int un_marks = 0;
    for (size_t i = 0; i < ctx->ndnotes; i++)
        un_marks |= ctx->dnotes[i].kind == LEV_DN_UN;
    int either = ctx->opt->dialect == SPLEV_LEVCOMP_DIALECT_AUTO &&
                 f->dialect == SPLEV_DIALECT_UNNETHACK && !un_marks;
    /* NetHack 3.4.3 has what 3.6 took from it (the MAZE header) */
    int nh = f->dialect != SPLEV_DIALECT_UNNETHACK;
    /* Most files are of the dialect of their notes: nothing to sort (a
     * 10 MB level can have 50,000 notes). */
    size_t shown = 0;
    for (size_t i = 0; i < ctx->ndnotes; i++) {
        int k = ctx->dnotes[i].kind;
        shown += (k == LEV_DN_UN && nh) || (k == LEV_DN_NH && !nh) ||
                 (k == LEV_DN_GROW && either);
    }
    if (shown > 0 && ctx->ndnotes > 1)
        qsort(ctx->dnotes, ctx->ndnotes, sizeof *ctx->dnotes, cmp_dnote);
    for (size_t i = 0; shown > 0 && i < ctx->ndnotes; i++) {
        const lev_dnote *n = &ctx->dnotes[i];
        if (n->kind == LEV_DN_UN && nh)
            diag_warning(d, n->pos, LEV_WDIALECT_UN, n->what);
        else if (n->kind == LEV_DN_NH && !nh)
            diag_warning(d, n->pos, LEV_WDIALECT_NH, n->what);
        else if (n->kind == LEV_DN_GROW && either)
            diag_warning(d, n->pos, "%s: NetHack 3.6 grows the other way; "
                         "read as UnNetHack (--dialect nethack36 for "
                         "NetHack 3.6) [-Wdialect]", n->what);
    }
    free(ctx->dnotes);
    ctx->dnotes = NULL;
    ctx->ndnotes = ctx->capdnotes = 0;
}

/* ---- one file ---- */

/* A fresh diag and ctx for one pass over text; diagnostics go to out
 * (NULL: held back, see diag_flush_held). */
static void start_pass(lev_ctx *ctx, diag *d, lev_file *f, char *text,
                       size_t len, const lev_options *opt, FILE *out,
                       int max_errors)
{
    f->src = text;
    f->src_len = len;
    diag_init(d, f->path, text, len);
    d->out = out;
    d->max_errors = max_errors;
    d->werror = opt->werror;
    d->no_warnings = opt->no_warnings;
    memset(ctx, 0, sizeof *ctx);
    ctx->d = d;
    d->gave_up_flag = &ctx->stop;       /* the scanner stops with it */
    ctx->file = f;
    ctx->file_id = f->id;
    ctx->arena = lev_file_arena(f);
    ctx->opt = opt;
    ctx->line = 1;
    ctx->col = 1;
    ctx->stmt_kw = -1;
    /* NetHack 3.4.3's dialect: forced, or told by the syntax; a file
     * that only looks like it gets a hint with its first error */
    int sniff = lev_old343_sniff(text, len);
    const splev_variant *v = splev_variant_get(opt->variant);
    int forced = opt->dialect ? opt->dialect : v ? v->dialect : 0;
    if (forced == SPLEV_LEVCOMP_DIALECT_NETHACK343)
        ctx->old343 = 1;
    else if (sniff == 2 && lev_old343_hybrid(text, len))
        ctx->hybrid = 1;        /* UnNetHack 3.5.1-3.5.2's mix */
    else if (forced == SPLEV_LEVCOMP_DIALECT_AUTO && sniff == 2)
        ctx->old343 = 1;
    else if (sniff)
        d->error_note = "this looks like the NetHack 3.4.3 dialect; "
                        "try --dialect nethack343";
}

/* text (len bytes and two NULs, from malloc) becomes the file's: later stages
 * (the checker) quote source lines from f->src.
 * At most two passes.  The first gives each literal tuple ("(3,4)") to
 * the parser as one token, which saves most of the parser's steps there,
 * and holds its diagnostics back.  When it meets a syntax error (which may
 * lie inside a literal: "foo(1,2)" where foo cannot be called) or an
 * INCLUDE (whose diagnostics cannot be held back), it stops, and the file
 * is parsed again token by token, which reports everything as usual.  A
 * file the first pass takes has one parse, so both passes would make the
 * same tree and the same diagnostics, in the same order. */
static lev_file *parse_text(const char *name, const char *real,
                            char *text, size_t len,
                            const lev_options *opt, const lev_incl *up,
                            int depth, int max_errors)
{
    FILE *out = opt->diag_out ? opt->diag_out : stderr;
    lev_file *f = lev_file_new(name);
    size_t nlen = strlen(name);
    if ((nlen > 4 && strcmp(name + nlen - 4, ".lua") == 0) ||
        lev_lua_text(text, len)) {
        /* NetHack 3.7's levels are Lua programs: one error, not a
         * syntax error on every line */
        fprintf(out, "%s: error: NetHack 3.7 Lua levels are not "
                "des-files\n", name);
        f->src = text;
        f->src_len = len;
        f->errors = 1;
        return f;
    }
    lev_incl me = {up, f->path, real};
    diag d;
    lev_ctx ctx;
    start_pass(&ctx, &d, f, text, len, opt, NULL, max_errors);
    ctx.chain = &me;
    ctx.include_depth = depth;
    ctx.literals = 1;
    int r = lev_run_parser(&ctx, text, len);
    if (ctx.retry) {
        diag_flush_held(&d, NULL);      /* dropped */
        free(ctx.dnotes);
        free(ctx.vlog);
        f->src = NULL;                  /* the text stays */
        lev_file_free(f);
        f = lev_file_new(name);
        me.name = f->path;
        start_pass(&ctx, &d, f, text, len, opt, out, max_errors);
        ctx.chain = &me;
        ctx.include_depth = depth;
        r = lev_run_parser(&ctx, text, len);
    } else {
        diag_flush_held(&d, out);
    }
    if (r != 0 && d.errors == 0)
        diag_error_nopos(&d, "could not be parsed");
    f->dialect = file_dialect(f, opt, &ctx);
    f->variant = opt->variant;
    report_dialect(&d, &ctx, f);
    /* After a syntax error an assignment may be missing from the tree:
     * checking the variables then would only repeat that error.  A file
     * without a variable token has none to check (most of them). */
    if (d.errors == 0 && ctx.vars > 0)
        check_variables(&d, &ctx);
    free(ctx.vlog);
    if (depth == 0 && d.errors == 0 && f->nlevels == 0) {
        int includes = 0;
        for (size_t i = 0; i < f->header.n; i++)
            includes |= f->header.v[i]->kind == LEV_S_INCLUDE;
        if (!includes) {
            srcpos none = {0, 0, 0, 0};
            diag_warning(&d, none, "no LEVEL in this file");
        }
    }
    f->errors += d.errors;
    f->warnings += d.warnings;
    return f;
}

static int default_max_errors(const lev_options *opt)
{
    return opt->max_errors > 0 ? opt->max_errors : 50;
}

lev_file *lev_parse_buffer(const char *name, const char *text, size_t len,
                           const lev_options *opt)
{
    static const lev_options none;
    if (!opt)
        opt = &none;
    char *real = NULL;
    if (strcmp(name, "-") != 0)
        real = realpath(name, NULL);
    char *own = xmalloc(len + 2);
    memcpy(own, text, len);
    own[len] = own[len + 1] = '\0';     /* the scanner's end (lev.l) */
    lev_file *f = parse_text(name, real, own, len, opt, NULL, 0,
                             default_max_errors(opt));
    free(real);
    return f;
}

/* lev_parse_buffer for text read from a file, which the lev_file keeps. */
static lev_file *parse_own_text(const char *name, char *text, size_t len,
                                const lev_options *opt)
{
    char *real = NULL;
    if (strcmp(name, "-") != 0)
        real = realpath(name, NULL);
    lev_file *f = parse_text(name, real, text, len, opt, NULL, 0,
                             default_max_errors(opt));
    free(real);
    return f;
}

lev_file *lev_parse_file(const char *path, const lev_options *opt)
{
    static const lev_options none;
    if (!opt)
        opt = &none;
    char err[200];
    size_t len = 0;
    char *text = read_whole_file(path, input_limit(opt), &len, err,
                                 sizeof err);
    if (!text) {
        lev_file *f = lev_file_new(path);
        fprintf(opt->diag_out ? opt->diag_out : stderr, "%s: error: %s\n",
                path, err);
        f->errors = 1;
        return f;
    }
    return parse_own_text(path, text, len, opt);
}

/* ---- INCLUDE ---- */

/* "a.des -> b.des -> c.des", outermost first, then `last`. */
static char *chain_text(const lev_incl *c, const char *last)
{
    size_t n = 0;
    for (const lev_incl *p = c; p; p = p->up)
        n++;
    const char **names = xcalloc(n ? n : 1, sizeof *names);
    size_t i = n;
    for (const lev_incl *p = c; p; p = p->up)
        names[--i] = p->name;
    bytebuf b;
    bb_init(&b);
    for (i = 0; i < n; i++)
        bb_printf(&b, "%s -> ", names[i]);
    bb_printf(&b, "%s", last);
    bb_u8(&b, 0);
    free(names);
    return (char *)b.data;
}

static char *join_path(const char *dir, size_t dirlen, const char *name)
{
    if (dirlen == 0)
        return xstrdup(name);
    return xasprintf("%.*s/%s", (int)dirlen, dir, name);
}

/* The file an INCLUDE names: relative to the including file, then each -I
 * directory.  Returns a malloc'd path, or NULL. */
static char *find_include(const lev_ctx *ctx, const char *name)
{
    if (name[0] == '/')
        return access(name, R_OK) == 0 ? xstrdup(name) : NULL;
    const char *from = ctx->file->path;
    const char *slash = strrchr(from, '/');
    char *p = join_path(from, slash ? (size_t)(slash - from) : 0, name);
    if (access(p, R_OK) == 0)
        return p;
    free(p);
    for (size_t i = 0; i < ctx->opt->n_include_dirs; i++) {
        const char *dir = ctx->opt->include_dirs[i];
        p = join_path(dir, strlen(dir), name);
        if (access(p, R_OK) == 0)
            return p;
        free(p);
    }
    return NULL;
}

void lev_ctx_include(lev_ctx *ctx, lev_stmt *s)
{
    diag *d = ctx->d;
    srcpos at = lev_srcpos(s->args[0]->pos);
    if (s->name[0] == '\0' || memchr(s->name, '\n', strlen(s->name))) {
        diag_error(d, at, "INCLUDE needs a file name");
        return;
    }
    char *path = find_include(ctx, s->name);
    if (!path) {
        diag_error(d, at, "cannot find INCLUDE file \"%s\"%s", s->name,
                   ctx->opt->n_include_dirs ? " (nor in any -I directory)"
                                            : "");
        return;
    }
    if (ctx->include_depth + 1 > LEV_MAX_INCLUDE_DEPTH) {
        char *chain = chain_text(ctx->chain, path);
        diag_error(d, at, "INCLUDE files nested more than %d deep: %s",
                   LEV_MAX_INCLUDE_DEPTH, chain);
        free(chain);
        free(path);
        return;
    }
    char *real = realpath(path, NULL);
    for (const lev_incl *c = ctx->chain; real && c; c = c->up) {
        if (c->real && strcmp(c->real, real) == 0) {
            char *chain = chain_text(ctx->chain, path);
            diag_error(d, at, "INCLUDE cycle: %s", chain);
            free(chain);
            free(real);
            free(path);
            return;
        }
    }
    char err[200];
    size_t len = 0;
    char *text = read_whole_file(path, input_limit(ctx->opt), &len,
                                 err, sizeof err);
    if (!text) {
        diag_error(d, at, "cannot read INCLUDE file \"%s\": %s", path, err);
    } else {
        int left = d->max_errors - d->errors;
        lev_file *inc = parse_text(path, real, text, len, ctx->opt,
                                   ctx->chain, ctx->include_depth + 1,
                                   left > 0 ? left : 1);
        lev_arena_use(ctx->arena);      /* back to this file's nodes */
        lev_file_adopt(ctx->file, inc);
        d->errors += inc->errors;
        d->warnings += inc->warnings;
        if (d->max_errors > 0 && d->errors >= d->max_errors)
            d->gave_up = ctx->stop = 1;
        s->included = inc;
    }
    free(real);
    free(path);
}
