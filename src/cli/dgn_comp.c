/* dgn_comp - the dungeon compiler: dungeon.def -> binary dungeon script.
 *
 *   dgn_comp [-o OUTFILE] [-D NAME]... [-Werror] [-w] [--check] [--dump]
 *            [--target splev|unnethack|nethack36 --game-version DATE_H]
 *            [--max-input-size BYTES] [FILE | -]
 *
 * Exit status: 0 compiled, 1 errors in the input, 2 usage. */
#include "classic/dgn_classic.h"
#include "common/common.h"
#include "dgn_front/dgn_front.h"
#include "splev.h"

#include <stdlib.h>
#include <string.h>

/* The default input limit: a dungeon.def is about 10 KB; 4 MiB is read
 * and refused in milliseconds. */
#define MAX_INPUT ((size_t)4 << 20)

typedef struct {
    const char *input;      /* "-" for standard input */
    const char *output;
    const char **defines;
    int n_defines;
    int check_only, dump, werror, no_warnings;
    classic_game target;    /* CLASSIC_NONE: our own format */
    const char *game_version;   /* the game build's include/date.h */
    size_t max_input;       /* a file of this many bytes or more is refused */
    diag_format df;         /* -fdiagnostics-format, -fdiagnostics-color */
    FILE *diag;             /* where reports go */
    int variant;            /* --variant: SPLEV_VARIANT_* (its level limit) */
} options;

static void usage(FILE *f)
{
    fputs("usage: dgn_comp [-o OUTFILE] [-D NAME]... [-Werror] [-w] [--check]\n"
          "                [--dump] [--target GAME --game-version DATE_H]\n"
          "                [--max-input-size BYTES] [FILE | -]\n"
          "Compile a dungeon description into a binary dungeon script.\n"
          "\n"
          "  -o OUTFILE   write the script to OUTFILE (default: dungeon)\n"
          "  -D NAME      NAME is on for the conditional lines ('%NAME rest',\n"
          "               '^?NAME' ... '^.'), as makedefs -e does\n"
          "  --target GAME  splev (default): our format; unnethack or\n"
          "               nethack36: the dungeon file that game loads\n"
          "  --game-version DATE_H  the game build's include/date.h (its\n"
          "               version record opens the file; needed by a game\n"
          "               target)\n"
          "  --variant V  one game's dungeon rules (doc/variants.md): its\n"
          "               level limit (hackem 64, splicehack 35, else 32)\n"
          "  -Werror      treat warnings as errors\n"
          "  -w           do not show warnings\n"
          "  --check      check the input, write nothing\n"
          "  --dump       print the checked script as text, write nothing\n"
          "  --max-input-size BYTES\n"
          "               refuse an input of BYTES bytes or more (default "
          "4194304)\n"
          "  -fdiagnostics-format=json  the reports as one JSON array on\n"
          "               standard error; =text: as lines (default)\n"
          "  -fdiagnostics-color=WHEN  auto (default: on a terminal, unless\n"
          "               NO_COLOR is set), always or never\n"
          "  --help       show this help\n"
          "  --version    show the version\n"
          "\n"
          "With no FILE, or FILE '-', the description is read from standard\n"
          "input.  Nothing is written when the input has an error.\n",
          f);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("dgn_comp: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'dgn_comp --help'.\n", stderr);
    return 2;
}


/* Returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, options *o)
{
    o->output = "dungeon";
    o->max_input = MAX_INPUT;
    o->defines = xcalloc((size_t)argc, sizeof *o->defines);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("dgn_comp (splev) %s\n", SPLEV_VERSION);
            return 0;
        } else if (strcmp(a, "-o") == 0) {
            if (++i >= argc)
                return usage_error("option %s needs a file name", a);
            o->output = argv[i];
        } else if (strncmp(a, "-o", 2) == 0) {
            o->output = a + 2;
        } else if (strcmp(a, "-D") == 0) {
            if (++i >= argc)
                return usage_error("option %s needs a name", a);
            o->defines[o->n_defines++] = argv[i];
        } else if (strncmp(a, "-D", 2) == 0) {
            o->defines[o->n_defines++] = a + 2;
        } else if (strcmp(a, "--target") == 0) {
            if (++i >= argc)
                return usage_error("option %s needs a game", a);
            int g = classic_game_by_name(argv[i]);
            if (g < 0)
                return usage_error("unknown target '%s' (splev, unnethack or "
                                   "nethack36)", argv[i]);
            o->target = (classic_game)g;
        } else if (strcmp(a, "--game-version") == 0) {
            if (++i >= argc)
                return usage_error("option %s needs a file name", a);
            o->game_version = argv[i];
        } else if (strcmp(a, "--variant") == 0) {
            if (++i >= argc)
                return usage_error("option %s needs a profile", a);
            o->variant = splev_variant_by_name(argv[i]);
            if (o->variant < 0)
                return usage_error("unknown variant '%s' (see --help)",
                                   argv[i]);
        } else if (strcmp(a, "-Werror") == 0) {
            o->werror = 1;
        } else if (strcmp(a, "-w") == 0) {
            o->no_warnings = 1;
        } else if (strcmp(a, "--max-input-size") == 0) {
            if (++i >= argc || parse_byte_count(argv[i], &o->max_input) != 0)
                return usage_error("option %s needs a number of bytes from 1 "
                                   "to 2^40", a);
        } else if (diag_format_option(&o->df, a) != 0) {
            if (diag_format_option(&o->df, a) < 0)
                return usage_error("bad value in '%s' (format: text or json; "
                                   "color: auto, always or never)", a);
        } else if (strcmp(a, "--check") == 0) {
            o->check_only = 1;
        } else if (strcmp(a, "--dump") == 0) {
            o->dump = 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else if (o->input) {
            return usage_error("only one input file is allowed ('%s')", a);
        } else {
            o->input = a;
        }
    }
    if (!o->input)
        o->input = "-";
    if (o->output[0] == '\0')
        return usage_error("%sempty output file name", "");
    if (o->target != CLASSIC_NONE && !o->game_version)
        return usage_error("--target %s needs --game-version DATE_H (the "
                           "game build's include/date.h)",
                           classic_game_name(o->target));
    if (o->target == CLASSIC_NONE && o->game_version)
        return usage_error("%s--game-version is only for --target unnethack "
                           "or nethack36", "");
    return -1;
}

/* The bytes to write: our script, or the game's dungeon file (NULL with
 * the errors reported when the game's compiler would not take the text). */
static unsigned char *output_bytes(const options *o, diag *d,
                                   const dgn_ast *ast,
                                   const splev_dgn_script *s,
                                   const classic_version *ver, size_t *n)
{
    if (o->target != CLASSIC_NONE)
        return dgn_classic_build(d, ast, o->target, ver, n);
    unsigned char *bytes = splev_dgn_encode(s, n);
    if (!bytes)
        fprintf(o->diag, "%s: error: out of memory\n", o->output);
    return bytes;
}

static int compile(const options *o)
{
    const char *shown = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
    char err[512];
    classic_version ver;
    memset(&ver, 0, sizeof ver);
    if (o->target != CLASSIC_NONE &&
        classic_version_read(o->game_version, o->target, &ver, err,
                             sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    size_t len = 0;
    char *src = read_whole_file(o->input, o->max_input, &len, err, sizeof err);
    if (!src) {
        fprintf(o->diag, "%s: error: %s\n", shown, err);
        return 1;
    }
    diag d;
    diag_init(&d, shown, src, len);
    d.out = o->diag;
    d.werror = o->werror;
    d.no_warnings = o->no_warnings;
    dgn_options dopt = {o->defines, o->n_defines, (int)o->target,
                        o->variant};
    dgn_ast ast;
    memset(&ast, 0, sizeof ast);
    dgn_parse_source(&d, src, len, &dopt, &ast);
    const splev_variant *pv = splev_variant_get(o->variant);
    splev_dgn_script *s =
        d.errors ? NULL
                 : dgn_check_limit(&d, &ast, pv->max_dungeon_levels);
    int status = 0;
    if (!s) {
        status = 1;
    } else if (o->dump) {
        dgn_dump(stdout, s);
    } else {
        size_t n = 0;
        unsigned char *bytes = output_bytes(o, &d, &ast, s, &ver, &n);
        if (!bytes) {
            status = 1;
        } else if (!o->check_only &&
                   write_file_atomic(o->output, bytes, n, err, sizeof err) != 0) {
            fprintf(o->diag, "%s: error: %s\n", o->output, err);
            status = 1;
        }
        free(bytes);
    }
    if (s)
        splev_dgn_script_free(s);
    dgn_ast_free(&ast);
    free(src);
    return status;
}

int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    diag_format_init(&o.df);
    int status = parse_args(argc, argv, &o);
    if (status < 0) {
        o.diag = diag_format_begin(&o.df);
        status = compile(&o);
        diag_format_end(&o.df);
    }
    free(o.defines);
    return status;
}
