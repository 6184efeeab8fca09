/* lev_comp - the level compiler: des-files in, one NAME.lev per LEVEL out
 * (written atomically), vaults.dat for the random vaults.  --target
 * chooses the format: our level scripts, or the files UnNetHack's or
 * NetHack 3.6's own loader reads (src/classic/lev_classic.c), which need
 * the game build's date.h (--game-version).  Each file is
 * compiled on its own: a file with any error writes none of its levels,
 * the others are still written (the games' lev_comp keeps the levels
 * written before the first error).
 * Exit status: 0 all files compiled, 1 errors in the input, 2 usage. */
#define _XOPEN_SOURCE 700
#include "classic/classic.h"
#include "common/common.h"
#include "lev_front/lev_front.h"
#include "splev/levcomp.h"
#include "splev/variant.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define VERSION "lev_comp (splev) 0.1.0"

static void usage(FILE *f)
{
    fputs("usage: lev_comp [-o DIR] [-I DIR]... [--names FILE] [-W...] "
          "[--check]\n"
          "                [--dialect D] [--parse-only] [--dump-ast] "
          "[--disasm] FILE.des... | -\n"
          "Compiles UnNetHack and NetHack 3.6 des-files into level scripts, "
          "DIR/NAME.lev\nfor each LEVEL (or MAZE).\n"
          "  -o DIR         write the .lev files (and vaults.dat) there "
          "(default .)\n"
          "  -I DIR         look for INCLUDE files in DIR too\n"
          "  --names FILE   check monster, object and trap names and room "
          "types\n"
          "                 against this table (kind, class, frequency, "
          "name), not\n"
          "                 the built-in one of the file's dialect; "
          "--names none:\n"
          "                 no checks\n"
          "  -Wall          also pedantic warnings (ragged MAP rows, "
          "coordinates\n"
          "                 outside the map)\n"
          "  -Werror        warnings are errors; -w: no warnings\n"
          "  -Wno-dialect   no warnings about constructs of the other "
          "dialect\n"
          "                 (-Wdialect, the default, shows them)\n"
          "  --dialect D    read every file as unnethack, nethack36 or "
          "nethack343\n"
          "                 (default: by its syntax, doc/dialects.md)\n"
          "  --variant V    compile for one game's des-file words (doc/"
          "variants.md):\n"
          "                 unnethack, nethack36, unnethack-3.5, "
          "unnethackplus,\n"
          "                 sporkhack, dynahack, evilhack, hackem, xnethack,\n"
          "                 gnollhack, splicehack; the NetHack 3.4.3 "
          "lineage:\n"
          "                 nethack343, slashem, grunthack or fiqhack\n"
          "  --check        run every check, write nothing\n"
          "  --parse-only   check the syntax only\n"
          "  --dump-ast     print the syntax tree of each file\n"
          "  --disasm       print each level's code instead of writing it\n"
          "  --verify       run the verifying loader on every level written\n"
          "  --max-errors N stop a file after N errors (default 50)\n"
          "  --max-input-size BYTES\n"
          "                 refuse a file of BYTES bytes or more (default "
          "16777216)\n"
          "  --target T     the .lev format to write: splev (ours, the "
          "default),\n"
          "                 unnethack or nethack36 (what that game's own "
          "lev_comp\n"
          "                 writes, for its loader); these need "
          "--game-version\n"
          "  --game-version DATE_H  the game build's include/date.h (its "
          "version\n"
          "                 record opens every file)\n"
          "  -fdiagnostics-format=json  the reports as one JSON array on "
          "standard\n"
          "                 error (doc/diagnostics-json.md); =text: as "
          "lines (default)\n"
          "  -fdiagnostics-color=WHEN  auto (default: on a terminal, "
          "unless NO_COLOR\n"
          "                 is set), always or never\n"
          "  --help, --version\n", f);
}

typedef struct vault {
    char *name;
    uint32_t freq;
} vault;

/* A level written in this run: where its name was defined. */
typedef struct seen {
    char *name, *origin;
} seen;

typedef struct run {
    const char *outdir;
    seen *seen;             /* every level name written, for duplicates */
    size_t nseen, capseen;
    size_t *shash;          /* seen index + 1 by name, open addressing */
    size_t shcap;
    int no_warnings, werror;
    FILE *diag;             /* where reports go (-fdiagnostics-format) */
    int mode;               /* 0 write, 1 check, 2 disasm */
    vault *vaults;
    size_t nvaults, capvaults;
    size_t *vhash;          /* vault index + 1 by name, open addressing */
    size_t vhcap;
    char *path;             /* out_path's buffer */
    size_t pathcap;
    int any_vault;
    int status;
} run;

static size_t name_hash(const char *s)
{
    size_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The vault table's slot for name: its vault's, or the empty one. */
static size_t *vault_slot(const run *r, const char *name)
{
    size_t j = name_hash(name) & (r->vhcap - 1);
    while (r->vhash[j] && strcmp(r->vaults[r->vhash[j] - 1].name, name) != 0)
        j = (j + 1) & (r->vhcap - 1);
    return &r->vhash[j];
}

static void note_vault(run *r, const splev_compiled_level *l)
{
    r->any_vault = 1;
    if ((r->nvaults + 1) * 2 > r->vhcap) {
        free(r->vhash);
        r->vhcap = r->vhcap ? r->vhcap * 2 : 64;
        r->vhash = xcalloc(r->vhcap, sizeof *r->vhash);
        for (size_t i = 0; i < r->nvaults; i++)
            *vault_slot(r, r->vaults[i].name) = i + 1;
    }
    size_t *slot = vault_slot(r, l->name);
    if (*slot) {
        r->vaults[*slot - 1].freq = l->vault_freq;
        return;
    }
    if (r->nvaults == r->capvaults) {
        r->capvaults = r->capvaults ? r->capvaults * 2 : 64;
        r->vaults = xrealloc(r->vaults, r->capvaults * sizeof *r->vaults);
    }
    r->vaults[r->nvaults].name = xstrdup(l->name);
    r->vaults[r->nvaults++].freq = l->vault_freq;
    *slot = r->nvaults;
}

/* DIR/NAME.EXT in the run's buffer, valid until the next call (memcpy:
 * this runs once per level written). */
static const char *out_path(run *r, const char *name, const char *ext)
{
    const char *dir = r->outdir ? r->outdir : ".";
    size_t nd = strlen(dir), nn = strlen(name), ne = strlen(ext);
    if (nd + nn + ne + 2 > r->pathcap) {
        r->pathcap = nd + nn + ne + 64;
        free(r->path);
        r->path = xmalloc(r->pathcap);
    }
    char *p = r->path;
    memcpy(p, dir, nd);
    p[nd] = '/';
    memcpy(p + nd + 1, name, nn);
    memcpy(p + nd + 1 + nn, ext, ne + 1);
    return p;
}

static void write_out(run *r, const char *name, const void *data, size_t len)
{
    const char *path = out_path(r, name, "");
    char err[300];
    if (write_file_atomic(path, data, len, err, sizeof err) != 0) {
        fprintf(stderr, "lev_comp: %s: %s\n", path, err);
        r->status = 1;
    }
}

static void write_failed(run *r, const char *name, const char *err)
{
    const char *path = out_path(r, name, ".lev");
    fprintf(stderr, "lev_comp: %s: %s\n", path, err);
    r->status = 1;
}

/* The levels of one des-file replace their old files together: if one
 * cannot be written, none is (each keeps its old content). */
static void write_levels(run *r, const splev_compiled *c)
{
    if (c->nlevels == 0)
        return;
    out_batch *b = out_begin();
    char err[300];
    for (size_t i = 0; i < c->nlevels; i++) {
        if (out_interrupted()) {
            out_abort(b);
            return;
        }
        const splev_compiled_level *l = &c->levels[i];
        const char *path = out_path(r, l->name, ".lev");
        int bad = out_stage(b, path, l->bytes, l->len, err, sizeof err);
        if (bad) {
            out_abort(b);
            write_failed(r, l->name, err);
            return;
        }
    }
    size_t failed;
    if (out_commit(b, &failed, err, sizeof err) != 0)
        write_failed(r, c->levels[failed].name, err);
}

static size_t *seen_slot(const run *r, const char *name)
{
    size_t j = name_hash(name) & (r->shcap - 1);
    while (r->shash[j] && strcmp(r->seen[r->shash[j] - 1].name, name) != 0)
        j = (j + 1) & (r->shcap - 1);
    return &r->shash[j];
}

/* A name defined twice in one run: the later level replaces the file (it
 * is what a game would load); say so, naming both definitions.  Returns 1
 * when that is an error (-Werror). */
static int note_name(run *r, const splev_compiled_level *l)
{
    if ((r->nseen + 1) * 2 > r->shcap) {
        free(r->shash);
        r->shcap = r->shcap ? r->shcap * 2 : 64;
        r->shash = xcalloc(r->shcap, sizeof *r->shash);
        for (size_t i = 0; i < r->nseen; i++)
            *seen_slot(r, r->seen[i].name) = i + 1;
    }
    size_t *slot = seen_slot(r, l->name);
    if (*slot) {
        seen *old = &r->seen[*slot - 1];
        if (!r->no_warnings || r->werror)
            fprintf(r->diag, "%s: %s: level \"%s\" is defined again; "
                    "this definition replaces the one at %s\n", l->origin,
                    r->werror ? "error" : "warning", l->name, old->origin);
        free(old->origin);
        old->origin = xstrdup(l->origin);
        return r->werror;
    }
    grow_array((void **)&r->seen, &r->capseen, r->nseen + 1,
               sizeof *r->seen);
    r->seen[r->nseen].name = xstrdup(l->name);
    r->seen[r->nseen++].origin = xstrdup(l->origin);
    *slot = r->nseen;
    return 0;
}

static void handle_levels(run *r, const splev_compiled *c)
{
    int bad = 0;
    for (size_t i = 0; i < c->nlevels; i++) {
        const splev_compiled_level *l = &c->levels[i];
        bad |= note_name(r, l);
        if (l->vault_freq)
            note_vault(r, l);
        if (r->mode == 2)
            splev_lev_disasm(stdout, l->script);
    }
    if (bad)
        r->status = 1;
    else if (r->mode == 0)
        write_levels(r, c);
}

/* vaults.dat afresh: "FREQ NAME" per random vault, each once (UnNetHack
 * appends to it). */
static void write_vaults(run *r)
{
    if (!r->any_vault || r->mode != 0)
        return;
    bytebuf b;
    bb_init(&b);
    for (size_t i = 0; i < r->nvaults; i++) {
        char num[16], *q = num + sizeof num;
        *--q = ' ';
        uint32_t f = r->vaults[i].freq;
        do
            *--q = (char)('0' + f % 10);
        while (f /= 10);
        bb_put(&b, q, (size_t)(num + sizeof num - q));
        bb_put(&b, r->vaults[i].name, strlen(r->vaults[i].name));
        bb_put(&b, "\n", 1);
    }
    write_out(r, "vaults.dat", b.data, b.len);
    bb_free(&b);
}

static int make_outdir(const char *dir)
{
    if (!dir)
        return 0;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "lev_comp: cannot create %s: %s\n", dir,
                strerror(errno));
        return -1;
    }
    return 0;
}

typedef struct args {
    int dump, parse_only, extra, verify;
    int target;             /* classic_game */
    const char *names, *game_version;
    classic_version version;
    const char **dirs, **files;
    size_t ndirs, nfiles;
    lev_options fo;
    diag_format df;
    run r;
} args;


/* --target and --game-version agree; a classic target reads its version
 * record now, before anything is compiled. */
static int check_target(args *a)
{
    if (a->target == CLASSIC_NONE) {
        if (a->game_version) {
            fprintf(stderr, "lev_comp: --game-version is only for --target "
                            "unnethack or nethack36\n");
            return 2;
        }
        return 0;
    }
    const char *t = classic_game_name((classic_game)a->target);
    if (a->fo.variant > SPLEV_VARIANT_NETHACK36) {
        fprintf(stderr, "lev_comp: --target %s writes that game's own .lev "
                        "format, which has no --variant %s words\n", t,
                splev_variant_get(a->fo.variant)->name);
        return 2;
    }
    if (!a->game_version) {
        fprintf(stderr, "lev_comp: --target %s needs --game-version DATE_H "
                        "(the game build's include/date.h)\n", t);
        return 2;
    }
    if (a->verify || a->r.mode == 2) {
        fprintf(stderr, "lev_comp: --%s works with --target splev only\n",
                a->verify ? "verify" : "disasm");
        return 2;
    }
    char err[400];
    if (classic_version_read(a->game_version, (classic_game)a->target,
                             &a->version, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    return 0;
}

/* An option that takes a value (s, then v): 0, or the exit status. */
static int value_option(args *a, const char *s, const char *v)
{
    if (s[1] == 'I') {
        a->dirs[a->ndirs++] = v;
    } else if (s[1] == 'o') {
        a->r.outdir = v;
    } else if (s[2] == 'n') {
        a->names = v;
    } else if (s[2] == 't') {
        a->target = classic_game_by_name(v);
        if (a->target < 0) {
            fprintf(stderr, "lev_comp: --target must be splev, "
                            "unnethack or nethack36, not '%s'\n", v);
            return 2;
        }
    } else if (s[2] == 'g') {
        a->game_version = v;
    } else if (s[2] == 'v') {
        a->fo.variant = splev_variant_by_name(v);
        if (a->fo.variant < 0) {
            fprintf(stderr, "lev_comp: --variant must be %s, not "
                            "'%s'\n", splev_variant_names(), v);
            return 2;
        }
    } else if (s[2] == 'd') {
        a->fo.dialect = splev_levcomp_dialect(v);
        if (a->fo.dialect < 0) {
            fprintf(stderr, "lev_comp: --dialect must be unnethack, "
                            "nethack36 or nethack343, not '%s'\n", v);
            return 2;
        }
    } else if (strcmp(s, "--max-input-size") == 0) {
        if (parse_byte_count(v, &a->fo.max_input) != 0) {
            fprintf(stderr, "lev_comp: --max-input-size needs a "
                            "number of bytes from 1 to 2^40\n");
            return 2;
        }
    } else {
        char *end;
        long n = strtol(v, &end, 10);
        if (*end || n < 1 || n > 1000000) {
            fprintf(stderr, "lev_comp: --max-errors needs a number "
                            "from 1 to 1000000\n");
            return 2;
        }
        a->fo.max_errors = (int)n;
    }
    return 0;
}

/* Parse the command line into a; returns 0, or the exit status to use. */
static int parse_args(args *a, int argc, char **argv)
{
    int opts_done = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (opts_done || s[0] != '-' || strcmp(s, "-") == 0) {
            a->files[a->nfiles++] = s;
        } else if (strcmp(s, "--") == 0) {
            opts_done = 1;
        } else if (diag_format_option(&a->df, s) != 0) {
            if (diag_format_option(&a->df, s) < 0) {
                fprintf(stderr, "lev_comp: bad value in '%s' (format: text "
                                "or json; color: auto, always or never)\n", s);
                return 2;
            }
        } else if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
            usage(stdout);
            return -1;
        } else if (strcmp(s, "--version") == 0) {
            puts(VERSION);
            return -1;
        } else if (strcmp(s, "--dump-ast") == 0) {
            a->dump = 1;
        } else if (strcmp(s, "--parse-only") == 0) {
            a->parse_only = 1;
        } else if (strcmp(s, "--check") == 0) {
            a->r.mode = 1;
        } else if (strcmp(s, "--disasm") == 0) {
            a->r.mode = 2;
        } else if (strcmp(s, "--verify") == 0) {
            a->verify = 1;
        } else if (strcmp(s, "-Werror") == 0) {
            a->fo.werror = 1;
        } else if (strcmp(s, "-w") == 0 || strcmp(s, "-Wnone") == 0) {
            a->fo.no_warnings = 1;
        } else if (strcmp(s, "-Wall") == 0) {
            a->extra = 1;
        } else if (strcmp(s, "-Wno-error") == 0) {
            a->fo.werror = 0;
        } else if (strcmp(s, "-Wdialect") == 0) {
            a->fo.no_dialect_warnings = 0;
        } else if (strcmp(s, "-Wno-dialect") == 0) {
            a->fo.no_dialect_warnings = 1;
        } else if ((strcmp(s, "-I") == 0 || strcmp(s, "-o") == 0 ||
                    strcmp(s, "--names") == 0 ||
                    strcmp(s, "--dialect") == 0 ||
                    strcmp(s, "--variant") == 0 ||
                    strcmp(s, "--target") == 0 ||
                    strcmp(s, "--game-version") == 0 ||
                    strcmp(s, "--max-errors") == 0 ||
                    strcmp(s, "--max-input-size") == 0) && i + 1 < argc) {
            int st = value_option(a, s, argv[++i]);
            if (st != 0)
                return st;
        } else if (strncmp(s, "-I", 2) == 0 && s[2]) {
            a->dirs[a->ndirs++] = s + 2;
        } else {
            fprintf(stderr, "lev_comp: unknown option '%s'\n", s);
            usage(stderr);
            return 2;
        }
    }
    if (a->nfiles == 0) {
        fprintf(stderr, "lev_comp: no input files\n");
        usage(stderr);
        return 2;
    }
    return check_target(a);
}

/* --parse-only and --dump-ast: the front end alone. */
static int front_only(args *a)
{
    int status = 0;
    for (size_t i = 0; i < a->nfiles; i++) {
        lev_file *f = lev_parse_file(a->files[i], &a->fo);
        if (a->dump)
            lev_dump(stdout, f);
        if (f->errors)
            status = 1;
        lev_file_free(f);
    }
    return status;
}

static int compile_all(args *a)
{
    splev_levcomp_opts o;
    memset(&o, 0, sizeof o);
    o.include_dirs = a->fo.include_dirs;
    o.n_include_dirs = a->fo.n_include_dirs;
    o.no_names = a->names && strcmp(a->names, "none") == 0;
    o.names_file = o.no_names ? NULL : a->names;
    o.werror = a->fo.werror;
    o.no_warnings = a->fo.no_warnings;
    o.extra_warnings = a->extra;
    o.bytes_only = !a->verify && a->r.mode != 2;
    o.max_errors = a->fo.max_errors;
    o.dialect = a->fo.dialect;
    o.variant = a->fo.variant;
    o.no_dialect_warnings = a->fo.no_dialect_warnings;
    o.max_input_size = a->fo.max_input;
    o.diag_out = a->fo.diag_out;
    o.classic_game = a->target;
    a->r.no_warnings = a->fo.no_warnings;
    a->r.werror = a->fo.werror;
    o.classic_version = &a->version;
    char err[400];
    splev_levcomp *lc = splev_levcomp_new(&o, err, sizeof err);
    if (!lc) {
        fprintf(stderr, "lev_comp: %s\n", err);
        return 2;
    }
    if (a->r.mode == 0 && make_outdir(a->r.outdir) != 0) {
        splev_levcomp_free(lc);
        return 1;
    }
    out_catch_signals();
    for (size_t i = 0; i < a->nfiles && !out_interrupted(); i++) {
        splev_compiled *c = splev_levcomp_file(lc, a->files[i]);
        if (c->errors)
            a->r.status = 1;
        handle_levels(&a->r, c);
        splev_compiled_free(c);
    }
    if (!out_interrupted())
        write_vaults(&a->r);
    splev_levcomp_free(lc);
    if (out_interrupted()) {
        /* stopped between two outputs: no temporary is left */
        fprintf(stderr, "lev_comp: interrupted: %zu output%s written\n",
                out_written(), out_written() == 1 ? "" : "s");
        return 128 + out_interrupted();
    }
    return a->r.status;
}

int main(int argc, char **argv)
{
    args a;
    memset(&a, 0, sizeof a);
    a.dirs = xcalloc((size_t)argc, sizeof *a.dirs);
    a.files = xcalloc((size_t)argc, sizeof *a.files);
    diag_format_init(&a.df);
    int status = parse_args(&a, argc, argv);
    a.fo.include_dirs = a.dirs;
    a.fo.n_include_dirs = a.ndirs;
    if (status == 0) {
        a.r.diag = a.fo.diag_out = diag_format_begin(&a.df);
        status = a.dump || a.parse_only ? front_only(&a) : compile_all(&a);
        diag_format_end(&a.df);
    } else if (status < 0) {
        status = 0;
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "lev_comp: cannot write the output\n");
        status = 1;
    }
    for (size_t i = 0; i < a.r.nseen; i++) {
        free(a.r.seen[i].name);
        free(a.r.seen[i].origin);
    }
    free(a.r.seen);
    free(a.r.shash);
    for (size_t i = 0; i < a.r.nvaults; i++)
        free(a.r.vaults[i].name);
    free(a.r.vaults);
    free(a.r.vhash);
    free(a.r.path);
    free(a.dirs);
    free(a.files);
    return status;
}
