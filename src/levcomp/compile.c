/* compile.c - the whole compiler in memory (splev/levcomp.h): front end,
 * checker, code generator, and the verifying loader run on every script
 * generated (unless bytes_only), so nothing that would be refused at load
 * time is returned. */
#include "splev/levcomp.h"
#include "splev/variant.h"
#include "splev/interp.h"

#include "classic/lev_classic.h"
#include "common/common.h"
#include "lev_check/lev_check.h"
#include "lev_emit/lev_emit.h"
#include "lev_front/lev_front.h"

#include <stdlib.h>
#include <string.h>

struct splev_levcomp {
    splev_levcomp_opts o;
    lev_names *names;       /* names_file's table, or NULL */
    lev_names *builtin[2];  /* the built-in tables, made when first used */
    lev_emitter *emitter;   /* its buffers serve every level compiled */
};

static splev_levcomp *levcomp_new(const splev_levcomp_opts *opts, char *err,
                                  size_t errlen)
{
    splev_levcomp *lc = xcalloc(1, sizeof *lc);
    if (opts)
        lc->o = *opts;
    lc->emitter = lev_emitter_new();
    if (lc->o.names_file && !lc->o.no_names) {
        lc->names = splev_names_load(lc->o.names_file, err, errlen);
        if (!lc->names) {
            lev_emitter_free(lc->emitter);
            free(lc);
            return NULL;
        }
    }
    return lc;
}

splev_levcomp *splev_levcomp_new(const splev_levcomp_opts *opts, char *err,
                                 size_t errlen)
{
    OOM_ENTRY(splev_levcomp *, oom_report(err, errlen),
              levcomp_new(opts, err, errlen));
}

void splev_levcomp_free(splev_levcomp *lc)
{
    if (!lc)
        return;
    splev_names_free(lc->names);
    splev_names_free(lc->builtin[0]);
    splev_names_free(lc->builtin[1]);
    lev_emitter_free(lc->emitter);
    free(lc);
}

void splev_compiled_free(splev_compiled *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nlevels; i++) {
        free(r->levels[i].name);
        free(r->levels[i].origin);
        free(r->levels[i].bytes);
        splev_lev_free(r->levels[i].script);
    }
    free(r->levels);
    free(r);
}

static void drop_levels(splev_compiled *r)
{
    for (size_t i = 0; i < r->nlevels; i++) {
        free(r->levels[i].name);
        free(r->levels[i].origin);
        free(r->levels[i].bytes);
        splev_lev_free(r->levels[i].script);
    }
    free(r->levels);
    r->levels = NULL;
    r->nlevels = 0;
}

/* Generate and verify one level; 0 (after a message) on failure.  The
 * level takes its name from the plan. */
static int build_level(splev_levcomp *lc, const lev_plan *p,
                       lev_plan_level *pl, splev_compiled_level *out)
{
    FILE *dout = lc->o.diag_out ? lc->o.diag_out : stderr;
    char err[300];
    size_t len = 0;
    unsigned char *bytes =
        lc->o.classic_game
            ? lev_classic_emit(p, pl, (classic_game)lc->o.classic_game,
                               lc->o.classic_version, &len, err, sizeof err)
            : lev_emit_level(lc->emitter, p, pl, &len, err, sizeof err);
    if (!bytes && lc->o.classic_game) {
        fprintf(dout, "%s\n", err);
        return 0;
    }
    if (!bytes) {
        fprintf(dout, "%s:%d: error: level \"%s\": %s\n", pl->file->path,
                pl->level->pos.line, pl->name, err);
        return 0;
    }
    splev_levscript *s = NULL;
    if (!lc->o.bytes_only && !lc->o.classic_game &&
        !(s = splev_lev_decode(bytes, len, err, sizeof err))) {
        oom_pass_on(err);
        fprintf(dout, "%s:%d: error: level \"%s\": internal error: the "
                "generated script fails verification (%s)\n", pl->file->path,
                pl->level->pos.line, pl->name, err);
        free(bytes);
        return 0;
    }
    out->name = pl->name;
    pl->name = NULL;
    out->bytes = bytes;
    out->len = len;
    out->script = s;
    out->vault_freq = pl->vault_freq;
    out->origin = xasprintf("%s:%d:%d", pl->file->path,
                            pl->level->name_pos.line, pl->level->name_pos.col);
    return 1;
}

/* The table a file's names are checked against: names_file's, else the
 * built-in one of the file's dialect; none with no_names. */
static const lev_names *names_for(splev_levcomp *lc, const lev_file *f)
{
    if (lc->o.no_names)
        return NULL;
    if (lc->names)
        return lc->names;
    int d = f->dialect != SPLEV_DIALECT_UNNETHACK;
    if (!lc->builtin[d])
        lc->builtin[d] = splev_names_builtin(d ? SPLEV_DIALECT_NETHACK36
                                               : SPLEV_DIALECT_UNNETHACK);
    return lc->builtin[d];
}

/* Check and generate a parsed file. */
static splev_compiled *compile_tree(splev_levcomp *lc, lev_file *f)
{
    splev_compiled *r = xcalloc(1, sizeof *r);
    r->errors = f->errors;
    r->warnings = f->warnings;
    lev_check_opts co;
    memset(&co, 0, sizeof co);
    co.names = names_for(lc, f);
    co.diag_out = lc->o.diag_out;
    co.werror = lc->o.werror;
    co.no_warnings = lc->o.no_warnings;
    co.extra_warnings = lc->o.extra_warnings;
    co.max_errors = lc->o.max_errors;
    co.no_dialect_warnings = lc->o.no_dialect_warnings;
    lev_plan *p = lev_check(f, &co);
    r->errors += p->errors;
    r->warnings += p->warnings;
    /* Only the checker quotes source lines: the text can go before the
     * code is generated (it is a tenth of a big level's peak memory). */
    free(f->src);
    f->src = NULL;
    f->src_len = 0;
    if (r->errors == 0 && p->nlevels) {   /* the front end's count too */
        r->levels = xcalloc(p->nlevels, sizeof *r->levels);
        for (size_t i = 0; i < p->nlevels; i++) {
            if (!build_level(lc, p, &p->levels[i], &r->levels[r->nlevels])) {
                r->errors++;
                continue;
            }
            r->nlevels++;
        }
    }
    if (r->errors)
        drop_levels(r);
    lev_plan_free(p);
    return r;
}

static void front_opts(const splev_levcomp *lc, lev_options *fo)
{
    memset(fo, 0, sizeof *fo);
    fo->include_dirs = lc->o.include_dirs;
    fo->n_include_dirs = lc->o.n_include_dirs;
    fo->max_errors = lc->o.max_errors;
    fo->diag_out = lc->o.diag_out;
    fo->werror = lc->o.werror;
    fo->no_warnings = lc->o.no_warnings;
    fo->dialect = lc->o.dialect;
    fo->no_dialect_warnings = lc->o.no_dialect_warnings;
    fo->max_input = lc->o.max_input_size;
    fo->variant = lc->o.variant;
    /* a profile reads its game's files in that game's dialect */
    const splev_variant *v = splev_variant_get(lc->o.variant);
    if (fo->dialect == SPLEV_LEVCOMP_DIALECT_AUTO && v)
        fo->dialect = v->dialect;
}

int splev_levcomp_dialect(const char *name)
{
    if (strcmp(name, "unnethack") == 0)
        return SPLEV_LEVCOMP_DIALECT_UNNETHACK;
    if (strcmp(name, "nethack36") == 0)
        return SPLEV_LEVCOMP_DIALECT_NETHACK36;
    if (strcmp(name, "nethack343") == 0)
        return SPLEV_LEVCOMP_DIALECT_NETHACK343;
    return -1;
}

/* Set in a thread where a compile ran out of memory: the front end keeps
 * per-thread tables (file numbers, the arena being built) that a jump out
 * of the middle of an update may leave half-changed, so that thread does
 * not compile again. */
static _Thread_local int front_end_lost;

/* One compile under an out-of-memory guard, its reports going to
 * opts.diags when that is set. */
static splev_compiled *compile_guarded(splev_levcomp *lc, const char *name,
                                       const char *text, size_t len)
{
    if (front_end_lost)
        return NULL;
    diags_capture cap = {NULL, NULL, 0};
    FILE *saved = lc->o.diag_out;
    oom_guard g;
    oom_push(&g);
    if (setjmp(g.jb) != 0) {
        front_end_lost = 1;
        lc->o.diag_out = saved;
        lc->emitter = NULL;     /* it may be mid-update: left, not used */
        diags_capture_end(&cap, lc->o.diags);
        return NULL;
    }
    if (!lc->emitter)
        lc->emitter = lev_emitter_new();
    if (lc->o.diags)
        lc->o.diag_out = diags_capture_begin(&cap);
    lev_options fo;
    front_opts(lc, &fo);
    lev_file *f = text ? lev_parse_buffer(name, text, len, &fo)
                       : lev_parse_file(name, &fo);
    splev_compiled *r = compile_tree(lc, f);
    lev_file_free(f);
    lc->o.diag_out = saved;
    diags_capture_end(&cap, lc->o.diags);
    oom_pop(&g);
    return r;
}

splev_compiled *splev_levcomp_file(splev_levcomp *lc, const char *path)
{
    return compile_guarded(lc, path, NULL, 0);
}

splev_compiled *splev_levcomp_buffer(splev_levcomp *lc, const char *name,
                                     const char *text, size_t len)
{
    return compile_guarded(lc, name, text ? text : "", text ? len : 0);
}
