/* levgen.c - the generator's command line: lays out dungeon scripts,
 * generates levels from level scripts, exports them to other games' map
 * formats and imports those maps as des-files.  Options are parsed into a
 * struct first and the work is dispatched from it. */
#define _POSIX_C_SOURCE 200809L
#include "classic/lev_load.h"
#include "classic/lev_translate.h"
#include "export/export.h"
#include "import/foreign.h"
#include "stats/stats.h"
#include "common/common.h"
#include "splev.h"
#include "splev/foreign.h"
#include "splev/interp.h"
#include "splev/levcomp.h"
#include "splev/world.h"
#include "splev/variant.h"

#include <sys/inotify.h>
#include <sys/stat.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>
#include <time.h>

#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_BAD_INPUT 1
#define EXIT_USAGE 2
#define DEFAULT_SEED 1
#define MAX_COUNT 100000000L

typedef enum {
    FORMAT_TEXT, FORMAT_JSON, FORMAT_ANSI, FORMAT_ASCIIFARM, FORMAT_ROGUECLOUD,
    FORMAT_SVG, FORMAT_HTML, FORMAT_JSONL
} out_format;

typedef struct options {
    const char *dungeon;   /* --dungeon FILE */
    const char *input;     /* FILE.lev, or the foreign map with --import */
    const char *import;    /* --import asciifarm|roguecloud */
    const char *output;    /* -o FILE (default: standard output) */
    const char *encyclopedia; /* --encyclopedia FILE (asciifarm) */
    const char *room;      /* --room NAME (roguecloud) */
    const char *names;     /* --names FILE */
    uint64_t seed;         /* --seed N (default 1) */
    long count;            /* --count N: check N seeds (0: print one) */
    long stats;            /* --stats N: statistics over N seeds */
    out_format format;     /* --format */
    int format_given;
    int crlf, split;       /* --crlf, --split */
    splev_genctx ctx;      /* --depth ... */
    const char *level;     /* --level NAME: a level of a .des file */
    int all;               /* --all: every level of a .des file, or with
                            * --dungeon every level of the dungeon */
    const char *levels_dir; /* --levels DIR: the .lev files of a dungeon */
    const char *out_dir;   /* --out DIR: one file per level */
    const char *level_at;  /* --level-at DUNGEON:LEVEL */
    int disasm;            /* --disasm: list the code instead */
    int list;              /* --list: the names of the file's levels */
    int watch;             /* --watch: redraw whenever the file changes */
    int dialect;           /* --dialect: SPLEV_LEVCOMP_DIALECT_* of a .des */
    int variant;           /* --variant: SPLEV_VARIANT_* of a .des */
    classic_game classic;  /* --classic: read FILE as that game's .lev */
    int help, version;
    const char *given[48]; /* the options given, each once (see acts_in) */
    int ngiven;
} options;

static const char usage_text[] =
    "Usage: levgen [options] FILE.lev|FILE.des\n"
    "       levgen --count N --format jsonl [-o FILE] FILE.lev|FILE.des\n"
    "       levgen --stats N [--seed S] [--format text|json|svg|html]\n"
    "              FILE.lev|FILE.des\n"
    "       levgen --disasm FILE.lev|FILE.des\n"
    "       levgen --list FILE.lev|FILE.des\n"
    "       levgen --watch [--seed N] [--level NAME] FILE.des\n"
    "       levgen --dungeon FILE [--seed N] [--format text|json] [--count N]\n"
    "       levgen --dungeon FILE --levels DIR --all [--out DIR]\n"
    "              [--format text|json|svg|html]\n"
    "       levgen --dungeon FILE --levels DIR --level-at DUNGEON:LEVEL\n"
    "       levgen --import asciifarm|roguecloud FILE [--room NAME] [--split]\n"
    "       levgen --help | --version\n"
    "\n"
    "Generates the level of a compiled level script (written by lev_comp)\n"
    "for a seed and shows it; lays out a compiled dungeon script (written by\n"
    "dgn_comp); or turns another game's map into a des-file.\n"
    "\n"
    "  --level NAME      the level of a .des file to run (default: the first)\n"
    "  --dialect D       read a .des file as unnethack, nethack36 or nethack343\n"
    "                    (default: by its syntax, doc/dialects.md)\n"
    "  --variant V       compile a .des file for one game's words (see\n"
    "                    lev_comp --help and doc/variants.md)\n"
    "  --all             run every level of a .des file, one after another\n"
    "  --disasm          print the level script's code instead of running it\n"
    "  --list            print the names of the file's levels, one a line\n"
    "  --watch           show the level, and again whenever FILE.des is\n"
    "                    saved (its diagnostics while it has errors);\n"
    "                    until interrupted\n"
    "  --classic GAME    read FILE.lev as the file of unnethack's or\n"
    "                    nethack36's own lev_comp (default: recognised by\n"
    "                    its version record)\n"
    "  --seed N          the seed, 0..18446744073709551615 (default 1)\n"
    "  --format FMT      levels: text (default), ansi, json, jsonl (one\n"
    "                    line, with the seed), svg, asciifarm, roguecloud;\n"
    "                    dungeons: text or json\n"
    "  -o, --output FILE write there (atomically) instead of standard output\n"
    "  --count N         generate or lay out N seeds from --seed on and print\n"
    "                    a summary (failures with their seeds); with\n"
    "                    --format jsonl every level, one JSON object a line\n"
    "  --stats N         generate N seeds from --seed on and report heat\n"
    "                    maps, stair reachability, terrain shares, counts\n"
    "                    per level and the failed seeds (text, json, svg,\n"
    "                    html)\n"
    "  --dungeon FILE    lay out this compiled dungeon script\n"
    "  --levels DIR      with --dungeon: the compiled levels (NAME.lev)\n"
    "  --all             with --dungeon and --levels: generate every level\n"
    "                    of the dungeon (html: one page with all of them)\n"
    "  --out DIR         write each level (or dungeon.html) into DIR and\n"
    "                    print a summary line per level\n"
    "  --level-at D:L    generate level L of dungeon D (name or number) as\n"
    "                    the whole run makes it\n"
    "  --import KIND     read FILE as an Asciifarm room (asciifarm) or a\n"
    "                    Rogue Cloud rooms file (roguecloud); write a des-file\n"
    "  --room NAME       the Rogue Cloud room to import or to name on export\n"
    "  --split           import maps beyond 76x21 as several levels\n"
    "                    (default: crop them, with a warning)\n"
    "  --crlf            Rogue Cloud export: CR LF line ends\n"
    "  --encyclopedia F  Asciifarm export: also write our template\n"
    "                    encyclopedia to F and use its templates\n"
    "  --names FILE      names table (kind, class, frequency, name) for\n"
    "                    classes of named monsters and objects and random\n"
    "                    picks (default: the built-in table of the level's\n"
    "                    dialect); --names none: no table\n"
    "  --depth N         level.depth (default 1); --difficulty N\n"
    "  --hero-level N    the hero's experience level, 1..30 (default 1):\n"
    "                    random species reach level (difficulty + N) / 2\n"
    "  --align A         hero alignment: lawful, neutral, chaotic\n"
    "  --role NAME       hero.role; --night: time.night is 1\n"
    "  --flip-everywhere mirror any level at random, not only Sokoban\n"
    "  --max-steps N     instructions a script may run (default 10000000)\n"
    "  --help            this text\n"
    "  --version         the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or a failed generation, 2 usage error.\n";

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

#define MAX_STATS 1000000L

static int set_stats(options *o, const char *v)
{
    uint64_t n;
    if (parse_u64(v, MAX_STATS, &n) != 0 || n == 0)
        return usage_error("invalid --stats count '%s' (1..%ld)", v,
                           MAX_STATS);
    o->stats = (long)n;
    return 0;
}

static int set_format(options *o, const char *v)
{
    static const struct {
        const char *name;
        out_format f;
    } formats[] = {
        {"text", FORMAT_TEXT}, {"json", FORMAT_JSON}, {"ansi", FORMAT_ANSI},
        {"asciifarm", FORMAT_ASCIIFARM}, {"roguecloud", FORMAT_ROGUECLOUD},
        {"svg", FORMAT_SVG}, {"html", FORMAT_HTML}, {"jsonl", FORMAT_JSONL},
    };
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        if (strcmp(v, formats[i].name) == 0) {
            o->format = formats[i].f;
            o->format_given = 1;
            return 0;
        }
    return usage_error("unknown format '%s' (text, ansi, json, jsonl, svg, "
                       "html, asciifarm or roguecloud)", v);
}

static int set_output(options *o, const char *v)
{
    if (!*v)
        return usage_error("empty output file name");
    o->output = v;
    return 0;
}

static int set_import(options *o, const char *v)
{
    if (strcmp(v, "asciifarm") != 0 && strcmp(v, "roguecloud") != 0)
        return usage_error("unknown import format '%s' (asciifarm or "
                           "roguecloud)", v);
    o->import = v;
    return 0;
}

static int set_dialect(options *o, const char *v)
{
    o->dialect = splev_levcomp_dialect(v);
    if (o->dialect < 0)
        return usage_error("unknown dialect '%s' (unnethack, nethack36 "
                           "or nethack343)", v);
    return 0;
}

static int set_variant(options *o, const char *v)
{
    o->variant = splev_variant_by_name(v);
    if (o->variant < 0)
        return usage_error("unknown variant '%s' (%s)", v,
                           splev_variant_names());
    return 0;
}

static int set_classic(options *o, const char *v)
{
    int g = classic_game_by_name(v);
    if (g <= 0)
        return usage_error("unknown game '%s' (unnethack or nethack36)", v);
    o->classic = (classic_game)g;
    return 0;
}

static int set_int(const char *what, const char *v, int lo, int hi, int *out)
{
    uint64_t n;
    int neg = v[0] == '-';
    if (parse_u64(v + neg, (uint64_t)hi + (neg ? 1 : 0), &n) != 0 ||
        (neg ? -(int64_t)n < lo : (int64_t)n > hi))
        return usage_error("invalid %s '%s' (%d..%d)", what, v, lo, hi);
    *out = neg ? -(int)n : (int)n;
    return 0;
}

static int set_depth(options *o, const char *v)
{
    return set_int("depth", v, -10, 100, &o->ctx.depth);
}

static int set_difficulty(options *o, const char *v)
{
    return set_int("difficulty", v, 0, 100, &o->ctx.difficulty);
}

static int set_hero_level(options *o, const char *v)
{
    return set_int("hero level", v, 1, 30, &o->ctx.hero_level);
}

static int set_align(options *o, const char *v)
{
    if (strcmp(v, "lawful") == 0)
        o->ctx.hero_align = SPLEV_AM_LAWFUL;
    else if (strcmp(v, "neutral") == 0)
        o->ctx.hero_align = SPLEV_AM_NEUTRAL;
    else if (strcmp(v, "chaotic") == 0)
        o->ctx.hero_align = SPLEV_AM_CHAOTIC;
    else
        return usage_error("unknown alignment '%s' (lawful, neutral or "
                           "chaotic)", v);
    return 0;
}

static int set_max_steps(options *o, const char *v)
{
    if (parse_u64(v, UINT64_MAX, &o->ctx.max_steps) != 0 ||
        o->ctx.max_steps == 0)
        return usage_error("invalid step limit '%s'", v);
    return 0;
}

/* One row per option taking a value; new options are new rows.  A row
 * without a set function stores the value as it is in the string field
 * at offset. */
typedef struct value_option {
    const char *name;
    int (*set)(options *, const char *);
    size_t offset;
} value_option;

#define STRING_FIELD(f) NULL, offsetof(options, f)

static int set_out_dir(options *o, const char *v)
{
    if (!*v)
        return usage_error("empty --out folder");
    o->out_dir = v;
    return 0;
}

static int set_level_at(options *o, const char *v)
{
    const char *colon = strrchr(v, ':');
    if (!colon || colon == v || !colon[1])
        return usage_error("--level-at wants DUNGEON:LEVEL, not '%s'", v);
    o->level_at = v;
    return 0;
}

static const value_option value_options[] = {
    {"--level-at", set_level_at, 0},
    {"--levels", STRING_FIELD(levels_dir)},
    {"--level", STRING_FIELD(level)},
    {"--out", set_out_dir, 0},
    {"--dungeon", STRING_FIELD(dungeon)},
    {"--seed", set_seed, 0},
    {"--count", set_count, 0},
    {"--stats", set_stats, 0},
    {"--format", set_format, 0},
    {"--output", set_output, 0},
    {"-o", set_output, 0},
    {"--import", set_import, 0},
    {"--encyclopedia", STRING_FIELD(encyclopedia)},
    {"--room", STRING_FIELD(room)},
    {"--names", STRING_FIELD(names)},
    {"--dialect", set_dialect, 0},
    {"--variant", set_variant, 0},
    {"--classic", set_classic, 0},
    {"--depth", set_depth, 0},
    {"--difficulty", set_difficulty, 0},
    {"--hero-level", set_hero_level, 0},
    {"--align", set_align, 0},
    {"--role", STRING_FIELD(ctx.hero_role)},
    {"--max-steps", set_max_steps, 0},
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
    int used = arg[n] == '=' ? 1 : 2;
    const char *v = arg[n] == '=' ? arg + n + 1 : i + 1 < argc ? argv[i + 1]
                                                                : NULL;
    if (!v) {
        usage_error("option '%s' needs a value", vo->name);
        return -EXIT_USAGE;
    }
    if (!vo->set) {
        *(const char **)((char *)o + vo->offset) = v;
        return used;
    }
    return vo->set(o, v) != 0 ? -EXIT_USAGE : used;
}

/* Remember that the option named name was given (a name from the tables
 * below, so pointers compare). */
static void note_given(options *o, const char *name)
{
    for (int k = 0; k < o->ngiven; k++)
        if (o->given[k] == name)
            return;
    if (o->ngiven < (int)(sizeof o->given / sizeof *o->given))
        o->given[o->ngiven++] = name;
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
    static const struct {
        const char *name;
        size_t offset;
    } flags[] = {
        {"--crlf", offsetof(options, crlf)},
        {"--split", offsetof(options, split)},
        {"--night", offsetof(options, ctx) + offsetof(splev_genctx, night)},
        {"--flip-everywhere",
         offsetof(options, ctx) + offsetof(splev_genctx, flip_everywhere)},
        {"--all", offsetof(options, all)},
        {"--disasm", offsetof(options, disasm)},
        {"--list", offsetof(options, list)},
        {"--watch", offsetof(options, watch)},
    };
    for (size_t k = 0; k < sizeof flags / sizeof *flags; k++)
        if (strcmp(argv[i], flags[k].name) == 0) {
            *(int *)((char *)o + flags[k].offset) = 1;
            note_given(o, flags[k].name);
            return 1;
        }
    for (size_t k = 0; k < sizeof value_options / sizeof *value_options;
         k++) {
        int used = match_value_option(&value_options[k], o, argc, argv, i);
        if (used > 0)
            note_given(o, value_options[k].name);
        if (used != 0)
            return used;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
        usage_error("unknown option '%s'", argv[i]);
        return -EXIT_USAGE;
    }
    if (o->input) {
        usage_error("unexpected argument '%s'", argv[i]);
        return -EXIT_USAGE;
    }
    o->input = argv[i];
    return 1;
}

/* ---- every option acts, or is a usage error ----
 * What a run does (its mode), and for each option the modes it acts in.
 * An option given where it would do nothing is refused, so that a
 * misspelt command never quietly does something else.  (-o and --output
 * are not checked here.) */
enum {
    M_LEV = 1,          /* run a .lev file */
    M_DES = 2,          /* run a level of a .des file */
    M_LEV_DISASM = 4,   /* --disasm of a .lev */
    M_DES_DISASM = 8,   /* --disasm of a .des */
    M_IMPORT = 16,      /* --import */
    M_LAYOUT = 32,      /* --dungeon alone: a layout */
    M_WORLD_ALL = 64,   /* --dungeon --levels --all */
    M_WORLD_AT = 128,   /* --dungeon --levels --level-at */
    M_RUN = M_LEV | M_DES,
    M_WORLD = M_WORLD_ALL | M_WORLD_AT,
    M_ANY = 255
};

static const char *const mode_words[] = {
    "with a .lev file", "with a .des file", "with --disasm", "with --disasm",
    "with --import", "when laying out a dungeon", "with --dungeon --all",
    "with --dungeon --level-at"};

static const struct {
    const char *name;
    unsigned modes;
} acts_in[] = {
    {"--level", M_DES | M_DES_DISASM},
    {"--dialect", M_DES | M_DES_DISASM},
    {"--variant", M_DES | M_DES_DISASM},
    {"--all", M_DES | M_DES_DISASM | M_WORLD_ALL},
    {"--seed", M_RUN | M_LAYOUT | M_WORLD},
    {"--count", M_RUN | M_LAYOUT | M_WORLD_ALL},
    {"--stats", M_RUN},
    {"--list", M_RUN},
    {"--watch", M_DES},
    {"--format", M_RUN | M_LAYOUT | M_WORLD},
    {"--level-at", M_WORLD_AT},
    {"--levels", M_WORLD},
    {"--out", M_WORLD_ALL},
    {"--room", M_IMPORT | M_RUN},
    {"--split", M_IMPORT},
    {"--crlf", M_RUN},
    {"--encyclopedia", M_RUN},
    {"--names", M_RUN | M_WORLD},
    {"--depth", M_RUN},
    {"--difficulty", M_RUN},
    {"--hero-level", M_RUN},
    {"--align", M_RUN | M_WORLD},
    {"--role", M_RUN | M_WORLD},
    {"--night", M_RUN | M_WORLD},
    {"--max-steps", M_RUN | M_WORLD},
};

static int is_des(const char *path);

static unsigned run_mode(const options *o)
{
    if (o->dungeon)
        return o->all ? M_WORLD_ALL : o->level_at ? M_WORLD_AT : M_LAYOUT;
    if (o->import)
        return M_IMPORT;
    int des = is_des(o->input);
    if (o->disasm)
        return des ? M_DES_DISASM : M_LEV_DISASM;
    return des ? M_DES : M_LEV;
}

/* 0, or the exit status of a usage error about an option that would do
 * nothing in this run. */
static int check_acting(const options *o)
{
    unsigned mode = run_mode(o);
    int bit = 0;
    while ((1u << bit) != mode)
        bit++;
    for (int k = 0; k < o->ngiven; k++)
        for (size_t t = 0; t < sizeof acts_in / sizeof *acts_in; t++)
            if (strcmp(acts_in[t].name, o->given[k]) == 0 &&
                !(acts_in[t].modes & mode))
                return usage_error("%s does nothing %s", o->given[k],
                                   mode_words[bit]);
    if (mode == M_IMPORT && o->room && strcmp(o->import, "roguecloud") != 0)
        return usage_error("--room goes with --import roguecloud");
    if ((mode & M_RUN) && (o->room || o->crlf) &&
        o->format != FORMAT_ROGUECLOUD)
        return usage_error("%s goes with --format roguecloud",
                           o->room ? "--room" : "--crlf");
    return 0;
}

/* --stats N: one level, a summary format. */
static int stats_usage(const options *o)
{
    if (o->count > 0)
        return usage_error("give either --count or --stats");
    if (o->all)
        return usage_error("--stats looks at one level (--level NAME)");
    if (o->encyclopedia)
        return usage_error("--encyclopedia goes with --format asciifarm");
    if (o->format != FORMAT_TEXT && o->format != FORMAT_JSON &&
        o->format != FORMAT_SVG && o->format != FORMAT_HTML)
        return usage_error("--stats reports as text, json, svg or html");
    return check_acting(o);
}

/* Fills o; returns 0, or the exit status of a usage error (reported). */
static int parse_options(options *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->seed = DEFAULT_SEED;
    o->format = FORMAT_TEXT;
    splev_genctx_init(&o->ctx);
    for (int i = 1; i < argc;) {
        int used = parse_one(o, argc, argv, i);
        if (used < 0)
            return -used;
        i += used;
    }
    if (o->help || o->version)
        return 0;
    if (o->dungeon && o->input)
        return usage_error("give either --dungeon FILE or a level file, "
                           "not both");
    if (!o->dungeon && !o->input)
        return usage_error("nothing to do: give a level file or --dungeon FILE");
    if (o->import && !o->input)
        return usage_error("--import needs the file to read");
    int world = o->dungeon && (o->all || o->level_at);
    if (world && !o->levels_dir)
        return usage_error("--all and --level-at with --dungeon need "
                           "--levels DIR");
    if (o->levels_dir && !world)
        return usage_error("--levels goes with --dungeon and --all or "
                           "--level-at");
    if (o->all && o->level_at)
        return usage_error("give either --all or --level-at");
    if (o->out_dir && !(o->dungeon && o->all))
        return usage_error("--out goes with --dungeon and --all");
    if (world && o->format != FORMAT_TEXT && o->format != FORMAT_JSON &&
        o->format != FORMAT_SVG && o->format != FORMAT_HTML)
        return usage_error("dungeon levels are shown as text, json, svg "
                           "or html");
    if (o->dungeon && o->all && o->format == FORMAT_SVG && !o->out_dir &&
        o->count == 0)
        return usage_error("--format svg of every level needs --out DIR");
    if (o->level_at && o->format == FORMAT_HTML)
        return usage_error("--format html shows the whole dungeon (--all)");
    if (o->dungeon && !world && o->format != FORMAT_TEXT &&
        o->format != FORMAT_JSON)
        return usage_error("a dungeon layout is shown as text or json");
    if (o->list && (o->stats || o->count || o->format_given || o->level ||
                    o->all || o->output))
        return usage_error("--list prints the level names; give it alone "
                           "with the file");
    if (o->watch && (o->stats || o->count || o->all || o->list ||
                     o->output || o->disasm))
        return usage_error("--watch shows one level on the terminal (--seed, "
                           "--level, --format)");
    if (o->stats > 0)
        return stats_usage(o);
    if (!o->dungeon && o->format == FORMAT_HTML)
        return usage_error("--format html goes with --dungeon and --all");
    if (o->count > 0 && o->format != FORMAT_TEXT &&
        (o->format != FORMAT_JSONL || o->dungeon))
        return usage_error("--count N prints a summary (--format text)%s",
                           o->dungeon ? "" : " or every level (--format "
                           "jsonl)");
    if (o->format == FORMAT_JSONL && (o->dungeon || o->import))
        return usage_error("--format jsonl is for the levels of a level "
                           "file");
    if (o->encyclopedia && o->format != FORMAT_ASCIIFARM)
        return usage_error("--encyclopedia goes with --format asciifarm");
    return check_acting(o);
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

/* ---- where --count writes: -o FILE or standard output ---- */

/* The stream of a --count run, and with -o FILE the temporary beside
 * FILE it goes to until it is complete. */
static FILE *count_out;
static char *count_tmp;

/* 0, or the exit status after a message. */
static int count_open(const options *o)
{
    count_out = stdout;
    count_tmp = NULL;
    if (!o->output || strcmp(o->output, "-") == 0)
        return 0;
    /* a device or a pipe (/dev/null, a FIFO) is written to as it is */
    struct stat st;
    int special = stat(o->output, &st) == 0 && !S_ISREG(st.st_mode);
    if (!special)
        count_tmp = xasprintf("%s.tmp%ld", o->output, (long)getpid());
    count_out = fopen(special ? o->output : count_tmp, "w");
    if (!count_out) {
        fprintf(stderr, "levgen: %s: %s\n", o->output, strerror(errno));
        free(count_tmp);
        count_tmp = NULL;
        count_out = stdout;
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* Finish the output: flushed, and with -o FILE renamed into place (even
 * when some seeds failed: the file says which).  Returns rc, or the exit
 * status of a write error. */
static int count_close(const options *o, int rc)
{
    int bad = fflush(count_out) != 0 || ferror(count_out);
    if (count_tmp) {
        bad |= fclose(count_out) != 0;
        if (!bad && rename(count_tmp, o->output) != 0)
            bad = 1;
        if (bad)
            remove(count_tmp);
        free(count_tmp);
        count_tmp = NULL;
    }
    count_out = stdout;
    if (bad) {
        fprintf(stderr, "levgen: %s: write error\n",
                o->output ? o->output : "standard output");
        return EXIT_BAD_INPUT;
    }
    return rc;
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
            fprintf(count_out, "seed %" PRIu64 ": %s\n", seed, err);
            failed++;
        }
        splev_layout_free(l);
    }
    fprintf(count_out, "%ld layouts, %ld failed\n", o->count, failed);
    return failed ? EXIT_BAD_INPUT : 0;
}

static int run_world(const options *o, const splev_dgn_script *s);

static int run_dungeon(const options *o)
{
    char err[512];
    splev_dgn_script *s = splev_dgn_load_file(o->dungeon, err, sizeof err);
    if (!s) {
        fprintf(stderr, "levgen: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int rc = o->count > 0 ? count_open(o) : 0;
    if (rc == 0)
        rc = o->all || o->level_at ? run_world(o, s)
             : o->count > 0        ? check_seeds(o, s)
                                   : lay_out_one(o, s);
    if (o->count > 0)
        rc = count_close(o, rc);
    splev_dgn_script_free(s);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "levgen: write error\n");
        return EXIT_BAD_INPUT;
    }
    return rc;
}

/* ---- levels ---- */

/* Write text to -o FILE atomically, or to standard output. */
static int emit(const options *o, const char *what, const char *text)
{
    char err[300];
    const char *path = o->output ? o->output : "-";
    if (write_file_atomic(path, text, strlen(text), err, sizeof err) != 0) {
        fprintf(stderr, "levgen: %s: %s\n", o->output ? o->output : what, err);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* The level in the chosen format, as a malloc'd string; NULL after an
 * error has been reported. */
static char *format_level(const options *o, const splev_level *lev)
{
    splev_export_opts eo;
    memset(&eo, 0, sizeof eo);
    eo.room_name = o->room;
    eo.crlf = o->crlf;
    eo.encyclopedia = o->encyclopedia != NULL;
    diag d;
    diag_init(&d, o->input, NULL, 0);
    switch (o->format) {
    case FORMAT_JSON: return splev_level_to_json(lev);
    case FORMAT_ANSI: return splev_level_render_ansi(lev);
    case FORMAT_SVG: return splev_level_render_svg(lev);
    case FORMAT_ASCIIFARM: return foreign_export_asciifarm(lev, &eo, &d);
    case FORMAT_ROGUECLOUD: return foreign_export_roguecloud(lev, &eo, &d);
    default: return splev_level_render_text(lev);
    }
}

static splev_levscript *load_level_script(const options *o)
{
    char err[600];
    splev_levscript *s = splev_lev_load_file(o->input, err, sizeof err);
    if (!s)
        fprintf(stderr, "levgen: %s\n", err);
    return s;
}

static int write_jsonl(FILE *f, const splev_level *lev, uint64_t seed);

static int show_level(const options *o, const splev_levscript *s)
{
    char err[600];
    splev_level *lev = splev_run(s, &o->ctx, o->seed, err, sizeof err);
    if (!lev) {
        fprintf(stderr, "%s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (o->format == FORMAT_JSONL) {
        int rc = count_open(o);
        if (rc == 0 && write_jsonl(count_out, lev, o->seed) != 0)
            rc = EXIT_BAD_INPUT;
        splev_level_free(lev);
        return count_close(o, rc);
    }
    char *text = format_level(o, lev);
    int rc = text ? emit(o, o->input, text) : EXIT_BAD_INPUT;
    if (!text && o->format != FORMAT_ASCIIFARM &&
        o->format != FORMAT_ROGUECLOUD)
        fprintf(stderr, "levgen: out of memory\n");   /* the others say */
    if (rc == 0 && o->encyclopedia) {
        char *enc = splev_asciifarm_encyclopedia();
        char werr[300];
        if (!enc) {
            fprintf(stderr, "levgen: out of memory\n");
            rc = EXIT_BAD_INPUT;
        } else if (write_file_atomic(o->encyclopedia, enc, strlen(enc), werr,
                                     sizeof werr) != 0) {
            fprintf(stderr, "levgen: %s: %s\n", o->encyclopedia, werr);
            rc = EXIT_BAD_INPUT;
        }
        free(enc);
    }
    free(text);
    splev_level_free(lev);
    return rc;
}

/* The level's JSON on one line, with its seed first:
 * {"seed": N, ...the object of splev_level_to_json...}.  The pretty
 * printer's line breaks and indentation lie outside strings (a string
 * holds no raw newline), so dropping them leaves the same JSON. */
static int write_jsonl(FILE *f, const splev_level *lev, uint64_t seed)
{
    char *json = splev_level_to_json(lev);
    if (!json)
        return -1;
    char *w = json;
    int in_string = 0;
    for (const char *p = json; *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1])
                *w++ = *p++;
            else if (*p == '"')
                in_string = 0;
        } else if (*p == '"') {
            in_string = 1;
        } else if (*p == '\n') {
            while (p[1] == ' ')
                p++;
            continue;
        }
        *w++ = *p;
    }
    *w = '\0';
    const char *body = json[0] == '{' ? json + 1 : json;
    fprintf(f, "{\"seed\": %" PRIu64 "%s%s\n", seed,
            *body && *body != '}' ? ", " : "", body);
    free(json);
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "levgen: 1234/100000 levels, 5678 levels/s" on a terminal's stderr,
 * from the second second of a run on, at most four times a second. */
typedef struct progress {
    int on;
    double start, last;
} progress;

static void progress_tick(progress *p, long done, long total, int end)
{
    if (!p->on)
        return;
    double t = now_seconds();
    if (!end && (t - p->start < 1.0 || t - p->last < 0.25))
        return;
    if (end && p->last == 0)
        return;             /* a short run shows nothing */
    p->last = t;
    double rate = t > p->start ? (double)done / (t - p->start) : 0;
    fprintf(stderr, "\rlevgen: %ld/%ld levels, %.0f levels/s%s", done,
            total, rate, end ? "\n" : "");
}

/* Generate count levels from seed on: with --format jsonl write each
 * (seed included), else report failures and the time. */
static int check_levels(const options *o, const splev_levscript *s)
{
    long failed = 0;
    int jsonl = o->format == FORMAT_JSONL;
    clock_t start = clock();
    progress pr = {isatty(2), now_seconds(), 0};
    splev_runner *r = splev_runner_new();
    for (long i = 0; i < o->count; i++) {
        uint64_t seed = o->seed + (uint64_t)i;
        char err[600];
        const splev_level *lev = splev_runner_run(r, s, &o->ctx, seed, err,
                                                  sizeof err);
        if (!lev) {
            if (jsonl)
                fprintf(stderr, "levgen: seed %" PRIu64 ": %s\n", seed, err);
            else
                fprintf(count_out, "seed %" PRIu64 ": %s\n", seed, err);
            failed++;
        } else if (jsonl && write_jsonl(count_out, lev, seed) != 0) {
            failed++;
        }
        progress_tick(&pr, i + 1, o->count, 0);
    }
    progress_tick(&pr, o->count, o->count, 1);
    splev_runner_free(r);
    double ms = (double)(clock() - start) * 1000.0 / CLOCKS_PER_SEC;
    if (!jsonl)
        fprintf(count_out, "%ld levels, %ld failed, %.3f ms per level\n",
                o->count, failed, ms / (double)o->count);
    else if (failed)
        fprintf(stderr, "levgen: %ld of %ld levels failed\n", failed,
                o->count);
    return failed ? EXIT_BAD_INPUT : 0;
}

/* Whether text output gets colour: a terminal, and no NO_COLOR. */
static int colour_wanted(const options *o)
{
    const char *nc = getenv("NO_COLOR");
    return !o->output && isatty(1) && !(nc && *nc);
}

/* --stats N: N seeds from --seed on through one runner, then the report
 * in the chosen format.  Failed seeds are part of the report; the exit
 * status is 1 when any failed. */
static int run_stats(const options *o, const splev_levscript *s)
{
    lev_stats *st = lev_stats_new(s->name, o->stats);
    splev_runner *r = splev_runner_new();
    progress pr = {isatty(2), now_seconds(), 0};
    for (long i = 0; i < o->stats; i++) {
        uint64_t seed = o->seed + (uint64_t)i;
        char err[600];
        const splev_level *lev = splev_runner_run(r, s, &o->ctx, seed, err,
                                                  sizeof err);
        if (lev)
            lev_stats_add(st, seed, lev);
        else
            lev_stats_fail(st, seed, err);
        progress_tick(&pr, i + 1, o->stats, 0);
    }
    progress_tick(&pr, o->stats, o->stats, 1);
    splev_runner_free(r);
    char *text = o->format == FORMAT_JSON ? lev_stats_json(st)
                 : o->format == FORMAT_SVG ? lev_stats_svg(st)
                 : o->format == FORMAT_HTML ? lev_stats_html(st)
                 : lev_stats_text(st, colour_wanted(o));
    int rc = emit(o, o->input, text);
    free(text);
    if (rc == 0 && lev_stats_failures(st) > 0)
        rc = EXIT_BAD_INPUT;
    lev_stats_free(st);
    return rc;
}

/* A level source: a .des file, or a NetHack 3.7 .lua level, which the
 * compiler refuses with its one error rather than the loader with "bad
 * magic". */
static int is_des(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && (strcmp(path + n - 4, ".des") == 0 ||
                     strcmp(path + n - 4, ".lua") == 0);
}

/* The built-in names tables, made when a level first needs one. */
static splev_names *builtin_names[2];

static void free_builtin_names(void)
{
    for (int i = 0; i < 2; i++) {
        splev_names_free(builtin_names[i]);
        builtin_names[i] = NULL;
    }
}

/* The names table a script runs with: --names FILE, none with --names
 * none, else the built-in one of the script's dialect. */
static const splev_names *names_of(const options *o, int dialect)
{
    if (o->names)
        return o->ctx.names;
    int d = dialect == SPLEV_DIALECT_NETHACK36;
    if (!builtin_names[d])
        builtin_names[d] = splev_names_builtin(d ? SPLEV_DIALECT_NETHACK36
                                                 : SPLEV_DIALECT_UNNETHACK);
    return builtin_names[d];
}

/* --names FILE: load it into o->ctx.names (*out, freed by the caller);
 * --names none: no table.  0, or the exit status after a message. */
static int load_names(options *o, splev_names **out)
{
    *out = NULL;
    o->ctx.names = NULL;
    if (!o->names || strcmp(o->names, "none") == 0)
        return 0;
    char err[600];
    *out = splev_names_load(o->names, err, sizeof err);
    if (!*out) {
        fprintf(stderr, "levgen: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    o->ctx.names = *out;
    return 0;
}

/* Run, check or list one script. */
static int use_script(const options *o, const splev_levscript *script)
{
    options with = *o;
    with.ctx.names = names_of(o, script->dialect);
    o = &with;
    const splev_levscript *s = script;
    if (o->list) {
        printf("%s\n", s->name ? s->name : "");
        return fflush(stdout) == 0 ? 0 : EXIT_BAD_INPUT;
    }
    if (o->disasm) {
        splev_lev_disasm(stdout, s);
        return fflush(stdout) == 0 ? 0 : EXIT_BAD_INPUT;
    }
    return o->stats > 0   ? run_stats(o, s)
           : o->count > 0 ? check_levels(o, s)
                          : show_level(o, s);
}

/* Level i of c is defined again later in the file: the game's build
 * keeps the last definition (lev_comp writes it over the first), so a
 * preview shows only that one. */
static int redefined_later(const splev_compiled *c, size_t i)
{
    for (size_t j = i + 1; j < c->nlevels; j++)
        if (strcmp(c->levels[j].name, c->levels[i].name) == 0)
            return 1;
    return 0;
}

/* A .des file compiled in memory: --level NAME, --all, or the first. */
static int run_des(const options *o)
{
    splev_levcomp_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.dialect = o->dialect;
    lo.variant = o->variant;
    lo.no_names = o->names && strcmp(o->names, "none") == 0;
    lo.names_file = lo.no_names ? NULL : o->names;
    char err[600];
    splev_levcomp *lc = splev_levcomp_new(&lo, err, sizeof err);
    splev_compiled *c = splev_levcomp_file(lc, o->input);
    int rc = 0;
    if (c->errors) {
        fprintf(stderr, "levgen: %s: not compiled (%d error%s)\n", o->input,
                c->errors, c->errors == 1 ? "" : "s");
        rc = EXIT_BAD_INPUT;
    } else if (c->nlevels == 0) {
        fprintf(stderr, "levgen: %s: no LEVEL in this file\n", o->input);
        rc = EXIT_BAD_INPUT;
    }
    if (rc == 0 && o->list) {
        for (size_t i = 0; i < c->nlevels; i++)
            if (!redefined_later(c, i))
                printf("%s\n", c->levels[i].name);
        rc = fflush(stdout) == 0 ? 0 : EXIT_BAD_INPUT;
        splev_compiled_free(c);
        splev_levcomp_free(lc);
        return rc;
    }
    size_t used = 0;
    const char *want = o->level ? o->level
                     : !o->all && rc == 0 ? c->levels[0].name : NULL;
    for (size_t i = 0; rc == 0 && i < c->nlevels; i++) {
        if ((want && strcmp(c->levels[i].name, want) != 0) ||
            redefined_later(c, i))
            continue;
        used++;
        rc = use_script(o, c->levels[i].script);
    }
    if (rc == 0 && used == 0) {
        fprintf(stderr, "levgen: %s: no level named \"%s\"; its levels:",
                o->input, o->level);
        for (size_t i = 0; i < c->nlevels; i++)
            if (!redefined_later(c, i))
                fprintf(stderr, " %s", c->levels[i].name);
        fputc('\n', stderr);
        rc = EXIT_BAD_INPUT;
    }
    splev_compiled_free(c);
    splev_levcomp_free(lc);
    return rc;
}

/* A file that opens with a game's version record rather than our magic. */
static int is_classic_file(const char *path)
{
    unsigned char head[8];
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return classic_lev_sniff(head, n) != CLASSIC_NONE;
}

/* The level's name: the file's base name without ".lev" (a game's .lev
 * does not hold its name). */
static void level_name_of(const char *path, char *out, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".lev") == 0)
        n -= 4;
    if (n >= len)
        n = len - 1;
    memcpy(out, base, n);
    out[n] = '\0';
}

/* A game's own .lev: verified completely, then listed (--disasm), or
 * translated into our level script and run.  What the translation does
 * not cover yet is reported, never guessed at. */
static int run_classic(const options *o)
{
    char err[600];
    size_t len = 0;
    unsigned char *bytes = (unsigned char *)read_whole_file(
        o->input, 64u << 20, &len, err, sizeof err);
    if (!bytes) {
        fprintf(stderr, "levgen: %s: %s\n", o->input, err);
        return EXIT_BAD_INPUT;
    }
    classic_lev *l = classic_lev_decode(bytes, len, o->classic, err,
                                        sizeof err);
    free(bytes);
    if (!l) {
        fprintf(stderr, "levgen: %s: bad level file (%s)\n", o->input, err);
        return EXIT_BAD_INPUT;
    }
    int rc = 0;
    if (o->disasm) {
        classic_lev_disasm(stdout, l);
        rc = fflush(stdout) == 0 ? 0 : EXIT_BAD_INPUT;
    } else {
        char name[64];
        level_name_of(o->input, name, sizeof name);
        splev_levscript *s = classic_lev_translate(l, name, err, sizeof err);
        if (s) {
            rc = use_script(o, s);
            splev_lev_free(s);
        } else {
            fprintf(stderr, "levgen: %s: %s\n", o->input, err);
            rc = EXIT_BAD_INPUT;
        }
    }
    classic_lev_free(l);
    return rc;
}

/* ---- --watch: the level again whenever its file is saved ---- */

/* One drawing: a header line, then the level, or the file's diagnostics
 * while it does not compile or the run fails. */
static void watch_draw(const options *o, int round)
{
    if (isatty(1))
        fputs("\033[H\033[2J", stdout);
    printf("levgen --watch %s: seed %" PRIu64 ", version %d\n", o->input,
           o->seed, round);
    splev_levcomp_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.dialect = o->dialect;
    lo.no_names = o->names && strcmp(o->names, "none") == 0;
    lo.names_file = lo.no_names ? NULL : o->names;
    lo.diags = splev_diags_new();
    char err[600];
    splev_levcomp *lc = lo.diags ? splev_levcomp_new(&lo, err, sizeof err)
                                 : NULL;
    splev_compiled *c = lc ? splev_levcomp_file(lc, o->input) : NULL;
    size_t pick = 0;
    while (c && o->level && pick < c->nlevels &&
           strcmp(c->levels[pick].name, o->level) != 0)
        pick++;
    if (!c || c->errors || pick >= c->nlevels) {
        splev_diags_print(lo.diags, stdout);
        if (c && !c->errors)
            printf("%s: no level%s%s\n", o->input, o->level ? " named " : "",
                   o->level ? o->level : "");
    } else {
        options with = *o;
        with.ctx.names = names_of(o, c->levels[pick].script->dialect);
        splev_level *lev = splev_run(c->levels[pick].script, &with.ctx,
                                     o->seed, err, sizeof err);
        char *text = lev ? format_level(o, lev) : NULL;
        fputs(text ? text : lev ? "out of memory\n" : err, stdout);
        if (!lev)
            fputc('\n', stdout);
        free(text);
        splev_level_free(lev);
    }
    fflush(stdout);
    splev_compiled_free(c);
    splev_levcomp_free(lc);
    splev_diags_free(lo.diags);
}

/* Whether the inotify events in buf (n bytes) name the file base. */
static int names_file(const char *buf, ssize_t n, const char *base)
{
    for (ssize_t at = 0; at < n;) {
        const struct inotify_event *ev = (const void *)(buf + at);
        if (ev->len && strcmp(ev->name, base) == 0)
            return 1;
        at += (ssize_t)sizeof *ev + ev->len;
    }
    return 0;
}

/* Watch the file's folder (an editor may save by renaming a new file
 * over the old one); draw on each save.  Ends with a signal. */
static int run_watch(const options *o)
{
    const char *slash = strrchr(o->input, '/');
    const char *base = slash ? slash + 1 : o->input;
    char *dir = slash ? xstrndup(o->input, (size_t)(slash - o->input + 1))
                      : xstrdup(".");
    int fd = inotify_init1(IN_CLOEXEC);
    if (fd < 0 || inotify_add_watch(fd, dir, IN_CLOSE_WRITE | IN_MOVED_TO) <
                      0) {
        fprintf(stderr, "levgen: %s: cannot watch: %s\n", dir,
                strerror(errno));
        free(dir);
        if (fd >= 0)
            close(fd);
        return EXIT_BAD_INPUT;
    }
    free(dir);
    int round = 1;
    watch_draw(o, round);
    _Alignas(struct inotify_event) char buf[4096];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        int hit = names_file(buf, n, base);
        /* one save can make several events: take those of the next 50 ms */
        struct pollfd p = {fd, POLLIN, 0};
        while (poll(&p, 1, 50) > 0 && (n = read(fd, buf, sizeof buf)) > 0)
            hit |= names_file(buf, n, base);
        if (hit)
            watch_draw(o, ++round);
    }
    close(fd);
    return EXIT_BAD_INPUT;
}

static int run_level(options *o)
{
    if (!is_des(o->input) && (o->level || o->all)) {
        fprintf(stderr, "levgen: --level and --all choose among the levels "
                "of a .des file\n");
        return EXIT_USAGE;
    }
    splev_names *names;
    int rc = load_names(o, &names);
    if (rc != 0)
        return rc;
    if (o->count > 0 && !o->disasm && (rc = count_open(o)) != 0) {
        splev_names_free(names);
        return rc;
    }
    rc = EXIT_BAD_INPUT;
    if (o->watch) {
        rc = run_watch(o);
    } else if (is_des(o->input)) {
        rc = run_des(o);
    } else if (o->classic || is_classic_file(o->input)) {
        rc = run_classic(o);
    } else {
        splev_levscript *s = load_level_script(o);
        if (s)
            rc = use_script(o, s);
        splev_lev_free(s);
    }
    if (o->count > 0 && !o->disasm)
        rc = count_close(o, rc);
    splev_names_free(names);
    free_builtin_names();
    return rc;
}

/* ---- import of foreign maps ---- */

static int run_import(const options *o)
{
    char err[300];
    size_t len = 0;
    char *text = read_whole_file(o->input, 64u << 20, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s: error: %s\n", o->input, err);
        return EXIT_BAD_INPUT;
    }
    splev_import_opts io;
    memset(&io, 0, sizeof io);
    io.room = o->room;
    io.split = o->split;
    diag d;
    diag_init(&d, o->input, text, len);
    char *des = strcmp(o->import, "asciifarm") == 0
                    ? foreign_import_asciifarm(o->input, text, len, &io, &d)
                    : foreign_import_roguecloud(o->input, text, len, &io, &d);
    int rc = des && d.errors == 0 ? emit(o, o->input, des) : EXIT_BAD_INPUT;
    free(des);
    free(text);
    return rc;
}

/* ---- whole dungeons (--dungeon FILE --levels DIR --all / --level-at) ---- */

/* "The Gnomish Mines" -> "the-gnomish-mines" */
static void slug(const char *name, char *out, size_t len)
{
    size_t n = 0;
    int dash = 0;
    for (; *name && n + 2 < len; name++) {
        unsigned char c = (unsigned char)*name;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            out[n++] = (char)c;
            dash = 0;
        } else if (c >= 'A' && c <= 'Z') {
            out[n++] = (char)(c - 'A' + 'a');
            dash = 0;
        } else if (!dash && n > 0) {
            out[n++] = '-';
            dash = 1;
        }
    }
    if (n > 0 && out[n - 1] == '-')
        n--;
    out[n] = '\0';
}

static const char *format_ext(out_format f)
{
    return f == FORMAT_JSON ? "json" : f == FORMAT_SVG ? "svg" : "txt";
}

/* Stairs the level has, and whether one can walk between them. */
static void level_summary(const splev_layout *l, const splev_world_level *wl,
                          char *out, size_t len)
{
    int up = 0, down = 0, branch = 0;
    char reach[200] = "";
    if (wl->lev) {
        for (size_t i = 0; i < wl->lev->nstairs; i++) {
            const splev_stair *st = &wl->lev->stairs[i];
            if (st->kind == SPLEV_SK_BRANCH_STAIR ||
                st->kind == SPLEV_SK_BRANCH_PORTAL)
                branch++;
            else if (st->kind == SPLEV_SK_STAIR || st->kind == SPLEV_SK_LADDER)
                *(st->up ? &up : &down) += 1;
        }
        char msg[160];
        if (splev_world_check_reach(wl->lev, msg, sizeof msg) == 0)
            snprintf(reach, sizeof reach, "reach ok");
        else
            snprintf(reach, sizeof reach, "BLOCKED: %s", msg);
    }
    char file[48];
    snprintf(file, sizeof file, "%s", wl->file[0] ? wl->file : "-");
    snprintf(out, len, "%3d  %-22.22s %2d  depth %2d  %-9s %-12s up %d down %d "
             "branch %d/%d  %s%s%s%s", wl->ledger,
             l->dungeons[wl->dungeon].name, wl->level, wl->depth,
             splev_world_source_name(wl->source), file, up, down, branch,
             wl->n_branch_stairs, wl->lev ? reach : "FAILED: ",
             wl->error ? wl->error : "", wl->note[0] ? "  (" : "",
             wl->note[0] ? wl->note : "");
    if (wl->note[0])
        strncat(out, ")", len - strlen(out) - 1);
}

static int same_ascii_ci(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x >= 'A' && x <= 'Z')
            x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z')
            y += 'a' - 'A';
        if (x != y)
            return 0;
    }
    return 1;
}

/* DUNGEON:LEVEL -> layout indices; the dungeon by name (any case) or by
 * its number in the overview (1-based). */
static int find_level_at(const options *o, const splev_layout *l, int *d,
                         int *k)
{
    const char *colon = strrchr(o->level_at, ':');
    size_t n = (size_t)(colon - o->level_at);
    uint64_t v;
    *d = -1;
    for (int i = 0; i < l->n_dungeons; i++)
        if (strlen(l->dungeons[i].name) == n &&
            same_ascii_ci(l->dungeons[i].name, o->level_at, n))
            *d = i;
    if (*d < 0) {
        char num[24];
        snprintf(num, sizeof num, "%.*s", (int)(n < 20 ? n : 20), o->level_at);
        if (parse_u64(num, (uint64_t)l->n_dungeons, &v) == 0 && v > 0)
            *d = (int)v - 1;
    }
    if (*d < 0 || parse_u64(colon + 1, 1000, &v) != 0 || v < 1 ||
        (int)v > l->dungeons[*d].num_levels) {
        fprintf(stderr, "levgen: --level-at %s: no such level in this layout\n",
                o->level_at);
        return -1;
    }
    *k = (int)v;
    return 0;
}

static int write_text(const char *path, const char *text)
{
    char err[300];
    if (write_file_atomic(path, text, strlen(text), err, sizeof err) != 0) {
        fprintf(stderr, "levgen: %s: %s\n", path, err);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* --all --format json without --out: one JSON document, every level
 * with where it came from and its model. */
static int world_json(const splev_layout *l, const splev_world *w)
{
    printf("{\n\"seed\": %" PRIu64 ",\n\"levels\": [", w->seed);
    for (int i = 0; i < w->n_levels; i++) {
        const splev_world_level *wl = &w->levels[i];
        printf("%s\n{\"dungeon\": ", i ? "," : "");
        json_string(stdout, l->dungeons[wl->dungeon].name);
        printf(", \"level\": %d, \"depth\": %d, \"ledger\": %d, "
               "\"seed\": %" PRIu64 ", \"source\": \"%s\", \"file\": ",
               wl->level, wl->depth, wl->ledger, wl->seed,
               splev_world_source_name(wl->source));
        if (wl->file[0])
            json_string(stdout, wl->file);
        else
            fputs("null", stdout);
        printf(", \"reach\": %s, \"map\": ",
               wl->lev && splev_world_check_reach(wl->lev, NULL, 0) == 0
                   ? "true" : "false");
        char *text = wl->lev ? splev_level_to_json(wl->lev) : NULL;
        if (text) {
            size_t n = strlen(text);
            while (n > 0 && text[n - 1] == '\n')
                n--;
            fwrite(text, 1, n, stdout);
        } else {
            fputs("null", stdout);
        }
        free(text);
        fputs("}", stdout);
    }
    fputs("\n]\n}\n", stdout);
    return ferror(stdout) ? EXIT_BAD_INPUT : 0;
}

static int world_all(const options *o, const splev_dgn_script *s,
                     const splev_layout *l, const splev_world_opts *wo)
{
    char err[300];
    splev_world *w = splev_world_generate(s, l, wo, err, sizeof err);
    if (!w) {
        fprintf(stderr, "levgen: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int rc = 0, failed = 0;
    if (o->out_dir && mkdir(o->out_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "levgen: %s: cannot create: %s\n", o->out_dir,
                strerror(errno));
        splev_world_free(w);
        return EXIT_BAD_INPUT;
    }
    bytebuf b;
    bb_init(&b);
    for (int i = 0; i < w->n_levels; i++)
        failed += w->levels[i].lev == NULL;
    if (o->format == FORMAT_HTML) {
        char *page = splev_world_render_html(s, l, w);
        if (o->out_dir) {
            char *path = xasprintf("%s/dungeon.html", o->out_dir);
            rc = write_text(path, page);
            free(path);
        } else {
            rc = emit(o, o->dungeon, page);
        }
        free(page);
    }
    if (o->format == FORMAT_JSON && !o->out_dir) {
        rc = world_json(l, w);
        bb_free(&b);
        splev_world_free(w);
        return rc ? rc : failed ? EXIT_BAD_INPUT : 0;
    }
    for (int i = 0; rc == 0 && i < w->n_levels; i++) {
        const splev_world_level *wl = &w->levels[i];
        char line[512];
        level_summary(l, wl, line, sizeof line);
        if (o->format == FORMAT_HTML) {
            if (o->out_dir)
                bb_printf(&b, "%s\n", line);
            continue;
        }
        if (o->out_dir) {
            bb_printf(&b, "%s\n", line);
            if (!wl->lev)
                continue;
            char sl[64];
            slug(l->dungeons[wl->dungeon].name, sl, sizeof sl);
            char *path = xasprintf("%s/%03d-%s-%d.%s", o->out_dir, wl->ledger,
                                   sl, wl->level, format_ext(o->format));
            char *text = format_level(o, wl->lev);
            rc = text ? write_text(path, text) : EXIT_BAD_INPUT;
            free(text);
            free(path);
        } else {
            bb_printf(&b, "== %s\n", line);
            char *text = wl->lev ? format_level(o, wl->lev) : NULL;
            if (text)
                bb_printf(&b, "%s\n", text);
            free(text);
        }
    }
    if (rc == 0 && (o->out_dir || o->format != FORMAT_HTML)) {
        bb_printf(&b, "%d levels, %d failed\n", w->n_levels, failed);
        if (fwrite(b.data, 1, b.len, stdout) != b.len)
            rc = EXIT_BAD_INPUT;
    }
    bb_free(&b);
    splev_world_free(w);
    return rc ? rc : failed ? EXIT_BAD_INPUT : 0;
}

/* --all --count N: whole dungeons for N seeds from --seed on (each its
 * own layout), the failures and the time per dungeon (generation only). */
static int world_count(const options *o, const splev_dgn_script *s,
                       splev_world_opts *wo)
{
    long failed = 0, levels = 0, blocked = 0;
    double ms = 0;
    for (long i = 0; i < o->count; i++) {
        char err[300];
        wo->seed = o->seed + (uint64_t)i;
        splev_layout *l = splev_dgn_layout(s, wo->seed, err, sizeof err);
        if (!l) {
            fprintf(count_out, "seed %" PRIu64 ": %s\n", wo->seed, err);
            failed++;
            continue;
        }
        clock_t start = clock();
        splev_world *w = splev_world_generate(s, l, wo, err, sizeof err);
        ms += (double)(clock() - start) * 1000.0 / CLOCKS_PER_SEC;
        for (int k = 0; w && k < w->n_levels; k++) {
            levels++;
            if (!w->levels[k].lev) {
                fprintf(count_out, "seed %" PRIu64 ": ledger %d: %s\n",
                        wo->seed, w->levels[k].ledger, w->levels[k].error);
                failed++;
            } else if (splev_world_check_reach(w->levels[k].lev, NULL, 0)) {
                blocked++;
            }
        }
        splev_world_free(w);
        splev_layout_free(l);
    }
    fprintf(count_out, "%ld dungeons, %ld levels, %ld failed, %ld with a "
            "stair out of reach, %.3f ms per dungeon\n", o->count, levels,
            failed, blocked, ms / (double)o->count);
    return failed ? EXIT_BAD_INPUT : 0;
}

static int world_one(const options *o, const splev_dgn_script *s,
                     const splev_layout *l, const splev_world_opts *wo)
{
    int d, k;
    if (find_level_at(o, l, &d, &k) != 0)
        return EXIT_BAD_INPUT;
    splev_world_level wl;
    splev_world_generate_one(s, l, wo, d, k, &wl);
    int rc;
    if (!wl.lev) {
        fprintf(stderr, "%s\n", wl.error ? wl.error : "generation failed");
        rc = EXIT_BAD_INPUT;
    } else {
        char *text = format_level(o, wl.lev);
        rc = text ? emit(o, o->dungeon, text) : EXIT_BAD_INPUT;
        free(text);
    }
    splev_world_level_clear(&wl);
    return rc;
}

static int run_world(const options *o, const splev_dgn_script *s)
{
    char err[256];
    splev_layout *l = splev_dgn_layout(s, o->seed, err, sizeof err);
    if (!l) {
        fprintf(stderr, "levgen: %s: seed %" PRIu64 ": %s\n", o->dungeon,
                o->seed, err);
        return EXIT_BAD_INPUT;
    }
    splev_names *names = NULL;
    splev_world_opts wo;
    memset(&wo, 0, sizeof wo);
    wo.levels_dir = o->levels_dir;
    wo.seed = o->seed;
    wo.base = o->ctx;
    options with = *o;
    if (load_names(&with, &names) != 0) {
        splev_layout_free(l);
        return EXIT_BAD_INPUT;
    }
    /* the dungeons' levels are UnNetHack's */
    wo.base.names = names_of(&with, SPLEV_DIALECT_UNNETHACK);
    int rc = o->all && o->count > 0 ? world_count(o, s, &wo)
             : o->all                 ? world_all(o, s, l, &wo)
                                      : world_one(o, s, l, &wo);
    splev_names_free(names);
    free_builtin_names();
    splev_layout_free(l);
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
    if (o.dungeon)
        return run_dungeon(&o);
    if (o.import)
        return run_import(&o);
    return run_level(&o);
}
