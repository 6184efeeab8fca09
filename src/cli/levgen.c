/* levgen.c - the generator's command line.  For now it lays out dungeon
 * scripts: `levgen --dungeon FILE [--seed N] [--format text|json]
 * [--count N]`.  Options are parsed into a struct first and the work is
 * dispatched from it, so level options can be added beside these. */
#include "splev.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_BAD_INPUT 1
#define EXIT_USAGE 2
#define DEFAULT_SEED 1
#define MAX_COUNT 100000000L

typedef enum { FORMAT_TEXT, FORMAT_JSON } out_format;

typedef struct options {
    const char *dungeon;   /* --dungeon FILE */
    uint64_t seed;         /* --seed N (default 1) */
    long count;            /* --count N: check N seeds (0: print one) */
    out_format format;     /* --format text|json */
    int help, version;
} options;

static const char usage_text[] =
    "Usage: levgen --dungeon FILE [--seed N] [--format text|json]\n"
    "              [--count N]\n"
    "       levgen --help | --version\n"
    "\n"
    "Lays out a compiled dungeon script (written by dgn_comp) for a seed and\n"
    "prints which dungeons exist, where their branches and special levels\n"
    "are, and which level file each special level uses.\n"
    "\n"
    "  --dungeon FILE    the compiled dungeon script\n"
    "  --seed N          the seed, 0..18446744073709551615 (default 1)\n"
    "  --format FMT      text (default) or json\n"
    "  --count N         lay out N seeds from --seed on, check each layout,\n"
    "                    and print a summary instead of the layouts\n"
    "  --help            this text\n"
    "  --version         the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or a failed layout, 2 usage error.\n";

static int usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* "levgen: message" and the hint, as every usage error ends. */
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("levgen: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nTry 'levgen --help'.\n", stderr);
    return EXIT_USAGE;
}

/* ---- option parsing ---- */

/* Whole decimal numbers only: no sign, no spaces, no trailing text. */
static int parse_u64(const char *text, uint64_t max, uint64_t *out)
{
    if (!text || text[0] < '0' || text[0] > '9')
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || v > max)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

static int set_seed(options *o, const char *v)
{
    if (parse_u64(v, UINT64_MAX, &o->seed) != 0)
        return usage_error("invalid seed '%s'", v);
    return 0;
}

static int set_count(options *o, const char *v)
{
    uint64_t n;
    if (parse_u64(v, MAX_COUNT, &n) != 0 || n == 0)
        return usage_error("invalid count '%s' (1..%ld)", v, MAX_COUNT);
    o->count = (long)n;
    return 0;
}

static int set_format(options *o, const char *v)
{
    if (strcmp(v, "text") == 0)
        o->format = FORMAT_TEXT;
    else if (strcmp(v, "json") == 0)
        o->format = FORMAT_JSON;
    else
        return usage_error("unknown format '%s' (text or json)", v);
    return 0;
}

static int set_dungeon(options *o, const char *v)
{
    o->dungeon = v;
    return 0;
}

/* One row per option taking a value; new options are new rows. */
typedef struct value_option {
    const char *name;
    int (*set)(options *, const char *);
} value_option;

static const value_option value_options[] = {
    {"--dungeon", set_dungeon},
    {"--seed", set_seed},
    {"--count", set_count},
    {"--format", set_format},
};

/* "--name value" or "--name=value".  Returns the number of arguments
 * used (1 or 2), 0 when arg is not this option, or -EXIT_USAGE. */
static int match_value_option(const value_option *vo, options *o, int argc,
                              char **argv, int i)
{
    size_t n = strlen(vo->name);
    const char *arg = argv[i];
    if (strncmp(arg, vo->name, n) != 0 || (arg[n] != '\0' && arg[n] != '='))
        return 0;
    if (arg[n] == '=')
        return vo->set(o, arg + n + 1) != 0 ? -EXIT_USAGE : 1;
    if (i + 1 >= argc) {
        usage_error("option '%s' needs a value", vo->name);
        return -EXIT_USAGE;
    }
    return vo->set(o, argv[i + 1]) != 0 ? -EXIT_USAGE : 2;
}

static int parse_one(options *o, int argc, char **argv, int i)
{
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
        o->help = 1;
        return 1;
    }
    if (strcmp(argv[i], "--version") == 0) {
        o->version = 1;
        return 1;
    }
    for (size_t k = 0; k < sizeof value_options / sizeof *value_options;
         k++) {
        int used = match_value_option(&value_options[k], o, argc, argv, i);
        if (used != 0)
            return used;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0')
        usage_error("unknown option '%s'", argv[i]);
    else
        usage_error("unexpected argument '%s'", argv[i]);
    return -EXIT_USAGE;
}

/* Fills o; returns 0, or the exit status of a usage error (reported). */
static int parse_options(options *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->seed = DEFAULT_SEED;
    o->format = FORMAT_TEXT;
    for (int i = 1; i < argc;) {
        int used = parse_one(o, argc, argv, i);
        if (used < 0)
            return -used;
        i += used;
    }
    if (!o->help && !o->version && !o->dungeon)
        return usage_error("nothing to do: give --dungeon FILE");
    return 0;
}

/* ---- the work ---- */

static void print_layout(const options *o, const splev_dgn_script *s,
                         const splev_layout *l)
{
    if (o->format == FORMAT_JSON)
        splev_layout_print_json(stdout, s, l);
    else
        splev_layout_print_text(stdout, s, l);
}

static int lay_out_one(const options *o, const splev_dgn_script *s)
{
    char err[256];
    splev_layout *l = splev_dgn_layout(s, o->seed, err, sizeof err);
    if (!l) {
        fprintf(stderr, "levgen: %s: seed %" PRIu64 ": %s\n", o->dungeon,
                o->seed, err);
        return EXIT_BAD_INPUT;
    }
    print_layout(o, s, l);
    splev_layout_free(l);
    return 0;
}

/* Lay out and check count seeds; a seed fails when the layout fails or
 * breaks an invariant. */
static int check_seeds(const options *o, const splev_dgn_script *s)
{
    long failed = 0;
    for (long i = 0; i < o->count; i++) {
        uint64_t seed = o->seed + (uint64_t)i;
        char err[256];
        splev_layout *l = splev_dgn_layout(s, seed, err, sizeof err);
        if (l && splev_layout_validate(s, l, err, sizeof err) != 0) {
            splev_layout_free(l);
            l = NULL;
        }
        if (!l) {
            printf("seed %" PRIu64 ": %s\n", seed, err);
            failed++;
        }
        splev_layout_free(l);
    }
    printf("%ld layouts, %ld failed\n", o->count, failed);
    return failed ? EXIT_BAD_INPUT : 0;
}

static int run_dungeon(const options *o)
{
    char err[512];
    splev_dgn_script *s = splev_dgn_load_file(o->dungeon, err, sizeof err);
    if (!s) {
        fprintf(stderr, "levgen: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int rc = o->count > 0 ? check_seeds(o, s) : lay_out_one(o, s);
    splev_dgn_script_free(s);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "levgen: write error\n");
        return EXIT_BAD_INPUT;
    }
    return rc;
}

int main(int argc, char **argv)
{
    options o;
    int rc = parse_options(&o, argc, argv);
    if (rc != 0)
        return rc;
    if (o.help) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (o.version) {
        puts("levgen (splev) " SPLEV_VERSION);
        return 0;
    }
    return run_dungeon(&o);
}
