/* variant.c - the variant profiles (splev/variant.h, doc/variants.md).
 *
 * Every fact here is one table row: what a game's own lev_comp scanner
 * and grammar accept beyond the two base dialects.  The compiler asks the
 * chosen profile; when a construct is missing from it, the same tables
 * say which profiles have it, for the error message. */
#include "splev/variant.h"

#include "splev/dungeon.h"
#include "splev/level.h"
#include "splev/levcomp.h"

#include <stdio.h>
#include <string.h>

#define UN SPLEV_LEVCOMP_DIALECT_UNNETHACK
#define NH SPLEV_LEVCOMP_DIALECT_NETHACK36
#define OLD SPLEV_LEVCOMP_DIALECT_NETHACK343

/* UnNetHack's own map characters: bog, dead tree, crystal ice wall, ice
 * wall (the base table has them; a profile without SPLEV_VF_UN_MAPCHARS
 * and with its own reading of M or U redefines them below). */
static const char *const no_words[] = {NULL};

static const char *const evil_traps[] = {"ice", "crossbow bolt", NULL};
static const char *const hackem_traps[] = {"crossbow bolt", "spear",
                                           "magic beam", NULL};
static const char *const dyna_traps[] = {"shuriken", NULL};
static const char *const xnh_flags[] = {"outdoors", NULL};
static const char *const hackem_flags[] = {"spooky", NULL};
static const char *const dead_flag[] = {"dead", NULL};
/* GnollHack's level flags that the level model has no bit for. */
static const char *const gnoll_flags[] = {
    "swampy", "desert", "throne_on_ground", "fountain_on_grass",
    "fountain_on_ground", "tree_on_ground",
    "mapping_does_not_reveal_special", "no_map_padding", NULL};
static const char *const dyna_objopts[] = {"prize", NULL};
static const char *const evil_doors[] = {"iron", "wooden", "steel",
                                         "bronze", "gold", "stone", NULL};

static const unsigned char evil_terrain[] = {
    SPLEV_GRASS, SPLEV_PUDDLE, SPLEV_SEWAGE, SPLEV_SAND, SPLEV_MAGIC_CHEST,
    SPLEV_FORGE};
static const unsigned char hackem_terrain[] = {
    SPLEV_GRASS, SPLEV_PUDDLE, SPLEV_SEWAGE, SPLEV_TOILET, SPLEV_VENT,
    SPLEV_MAGIC_CHEST, SPLEV_FORGE};
static const unsigned char xnh_terrain[] = {SPLEV_GRASS, SPLEV_GRASS};
static const unsigned char gnoll_terrain[] = {SPLEV_GRASS, SPLEV_GROUND};
static const unsigned char dyna_terrain[] = {SPLEV_MAGIC_CHEST};

#define UNF SPLEV_VF_UN_MAPCHARS
#define WREG SPLEV_VF_WALLIFY_REGION

static const splev_variant profiles[SPLEV_VARIANT_COUNT] = {
    [SPLEV_VARIANT_NONE] = {"none", "UnNetHack or NetHack 3.6", 0, "", NULL,
                            UNF | WREG, no_words, no_words, no_words,
                            no_words, no_words, SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_UNNETHACK] = {"unnethack", "UnNetHack", UN, "", NULL,
                                 UNF | WREG, no_words, no_words, no_words,
                                 no_words, no_words, SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_NETHACK36] = {"nethack36", "NetHack 3.6", NH, "", NULL,
                                 UNF | WREG, no_words, no_words, no_words,
                                 no_words, no_words, SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_UNNETHACK35] = {"unnethack-3.5", "UnNetHack 3.5.3", UN,
                                   "", NULL, UNF | WREG, no_words, no_words,
                                   no_words, no_words, no_words,
                                   SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_UNNETHACKPLUS] = {"unnethackplus", "UnNetHackPlus", UN,
                                     "", NULL, UNF | WREG, no_words,
                                     no_words, no_words, no_words, no_words,
                                     SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_SPORKHACK] = {"sporkhack", "SporkHack", UN, "", NULL,
                                 WREG, no_words, no_words, no_words,
                                 no_words, no_words, SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_DYNAHACK] = {"dynahack", "DynaHack", UN, "(",
                                dyna_terrain, WREG, dyna_traps, no_words,
                                no_words, dyna_objopts, no_words,
                                SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_EVILHACK] = {"evilhack", "EvilHack", NH, "gwsaZU",
                                evil_terrain,
                                SPLEV_VF_FORGE | SPLEV_VF_MAGIC_CHEST |
                                    SPLEV_VF_MINDEPTH |
                                    SPLEV_VF_DOOR_MATERIAL |
                                    SPLEV_VF_DESCR_MORE | WREG,
                                evil_traps, no_words, dead_flag, no_words,
                                evil_doors, SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_HACKEM] = {"hackem", "HackEM", NH, ",wsZVMU",
                              hackem_terrain,
                              SPLEV_VF_FORGE | SPLEV_VF_MAGIC_CHEST |
                                  SPLEV_VF_MINDEPTH | WREG,
                              hackem_traps, hackem_flags, dead_flag,
                              no_words, no_words, 64},
    [SPLEV_VARIANT_XNETHACK] = {"xnethack", "xNetHack", NH, ",g",
                                xnh_terrain,
                                SPLEV_VF_TREE | SPLEV_VF_DOOR_FLAGS |
                                    SPLEV_VF_MINESLIGHT |
                                    SPLEV_VF_LEVELDESC_EARLY |
                                    SPLEV_VF_ROOM_ABSOLUTE |
                                    SPLEV_VF_GRADIENT_COMMA | WREG,
                                no_words, xnh_flags, no_words, no_words,
                                no_words, SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_GNOLLHACK] = {"gnollhack", "GnollHack", NH, ",:",
                                 gnoll_terrain,
                                 SPLEV_VF_DGN_TILESET | SPLEV_VF_TREE |
                                     SPLEV_VF_GNOLL_STMTS | WREG,
                                 no_words, gnoll_flags, no_words, no_words,
                                 no_words,
                                 SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_SPLICEHACK] = {"splicehack", "SpliceHack", NH, "", NULL,
                                  WREG, no_words, no_words, no_words,
                                  no_words, no_words, 35},
    /* The 3.4.3 lineage reads its files in NetHack 3.4.3's dialect, whose
     * grammar holds the lineage's own words (SLASH'EM's key DOOR and
     * FLAGS, FIQHack's empty levregion), without UnNetHack's map
     * characters (bog, dead tree, ice walls). */
    [SPLEV_VARIANT_NETHACK343] = {"nethack343", "NetHack 3.4.3", OLD, "",
                                  NULL, WREG, no_words, no_words,
                                  no_words, no_words, no_words,
                                  SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_SLASHEM] = {"slashem", "SLASH'EM", OLD, "", NULL,
                               WREG, no_words, no_words, no_words,
                               no_words, no_words, SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_GRUNTHACK] = {"grunthack", "GruntHack", OLD, "", NULL,
                                 WREG, no_words, no_words, no_words,
                                 no_words, no_words, SPLEV_MAXLEVEL},
    [SPLEV_VARIANT_FIQHACK] = {"fiqhack", "FIQHack", OLD, "", NULL,
                               WREG, no_words, no_words, no_words,
                               no_words, no_words, SPLEV_MAXLEVEL},
};

int splev_variant_by_name(const char *name)
{
    for (int i = 1; i < SPLEV_VARIANT_COUNT; i++)
        if (strcmp(name, profiles[i].name) == 0)
            return i;
    return -1;
}

const splev_variant *splev_variant_get(int i)
{
    return i >= 0 && i < SPLEV_VARIANT_COUNT ? &profiles[i] : NULL;
}

const char *splev_variant_names(void)
{
    static char buf[512];
    if (!buf[0]) {
        size_t n = 0;
        for (int i = 1; i < SPLEV_VARIANT_COUNT; i++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
                                  i == 1 ? ""
                                  : i == SPLEV_VARIANT_COUNT - 1 ? " or "
                                                                 : ", ",
                                  profiles[i].name);
    }
    return buf;
}

/* UnNetHack's four characters, as the base table reads them. */
static int un_mapchar(int c)
{
    return c == 'M' || c == 't' || c == 'Y' || c == 'U';
}

int splev_variant_mapchar(int v, int c)
{
    const splev_variant *p = splev_variant_get(v);
    if (!p || c <= 0 || c > 255)
        return -1;
    const char *at = strchr(p->mapchars, c);
    if (at)
        return p->mapterrain[at - p->mapchars];
    if (!(p->features & SPLEV_VF_UN_MAPCHARS) && un_mapchar(c))
        return SPLEV_INVALID_TERRAIN;
    return -1;
}

/* The titles of the profiles (from 3 on: the base ones have nothing of
 * their own) that pass has(i), joined with '/'. */
static const char *who(int (*has)(int, const void *), const void *arg,
                       const char **first)
{
    static _Thread_local char buf[160];
    size_t n = 0;
    buf[0] = '\0';
    *first = NULL;
    for (int i = SPLEV_VARIANT_UNNETHACK; i < SPLEV_VARIANT_COUNT; i++) {
        if (!has(i, arg))
            continue;
        if (!*first)
            *first = profiles[i].name;
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? "/" : "",
                              profiles[i].title);
        if (n >= sizeof buf)
            break;
    }
    return buf;
}

static int has_feature(int i, const void *arg)
{
    return i >= SPLEV_VARIANT_UNNETHACK35 &&
           (profiles[i].features & *(const unsigned *)arg);
}

int splev_variant_has_feature(int v, unsigned feature)
{
    return v > 0 && v < SPLEV_VARIANT_COUNT &&
           (profiles[v].features & feature) != 0;
}

const char *splev_variant_who_feature(unsigned feature, const char **first)
{
    return who(has_feature, &feature, first);
}

static int has_mapchar(int i, const void *arg)
{
    int c = *(const int *)arg, t = splev_variant_mapchar(i, c);
    if (un_mapchar(c))
        return i != SPLEV_VARIANT_NETHACK36 &&
               t != SPLEV_INVALID_TERRAIN;
    return t >= 0 && t != SPLEV_INVALID_TERRAIN;
}

const char *splev_variant_who_mapchar(int c, const char **first)
{
    return who(has_mapchar, &c, first);
}

static const char *const *word_list(int v, int which)
{
    const splev_variant *p = &profiles[v];
    switch (which) {
    case 't': return p->traps;
    case 'f': return p->flags;
    case 'm': return p->monflags;
    case 'o': return p->objopts;
    case 'd': return p->doormats;
    default: return no_words;
    }
}

int splev_variant_has_word(int v, int which, const char *word)
{
    if (v < 0 || v >= SPLEV_VARIANT_COUNT)
        return 0;
    for (const char *const *w = word_list(v, which); *w; w++)
        if (strcmp(*w, word) == 0)
            return 1;
    return 0;
}

struct word_arg {
    int which;
    const char *word;
};

static int has_word(int i, const void *arg)
{
    const struct word_arg *a = arg;
    return splev_variant_has_word(i, a->which, a->word);
}

const char *splev_variant_who_word(int which, const char *word,
                                   const char **first)
{
    struct word_arg a = {which, word};
    return who(has_word, &a, first);
}

/* GnollHack's statements of its own, as its scanner names them (the
 * lexer's order: its rule for word k gives k). */
static const char *const noted_stmts[] = {
    "TILESET", "SPECIAL_TILESET", "BOUNDARY_TYPE", "FOREST", "FLOOR",
    "SUBTYPE", "MONSTER_GENERATION", "SPECIAL_REGION", "SPECIAL_LEVREGION",
    "NAMING", "ANVIL", "NPC", "LEVER", "BRAZIER", "SIGNPOST", "DECORATION",
    "CARPET", "THRONE", "MODRON_PORTAL", NULL};

const char *splev_variant_noted_stmt(int k)
{
    int n = (int)(sizeof noted_stmts / sizeof *noted_stmts) - 1;
    return k >= 0 && k < n ? noted_stmts[k] : NULL;
}
