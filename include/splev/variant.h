/* splev/variant.h - variant profiles: which game's des-file words a file
 * is compiled for (doc/variants.md).
 *
 * A profile is data: the map characters it adds (or reads otherwise) with
 * their terrain, its extra trap names, FLAGS words, monster flags, object
 * options and door materials, the statements it has (SPLEV_VF_* bits) and
 * its dungeon limit.  lev_comp, dgn_comp and levgen take --variant NAME;
 * profile 0 (none) is the behaviour of the two base dialects. */
#ifndef SPLEV_VARIANT_H
#define SPLEV_VARIANT_H

#include "splev/api.h"

SPLEV_BEGIN_DECLS

enum {
    SPLEV_VARIANT_NONE = 0,     /* the dialect's own rules */
    SPLEV_VARIANT_UNNETHACK,
    SPLEV_VARIANT_NETHACK36,
    SPLEV_VARIANT_UNNETHACK35,
    SPLEV_VARIANT_UNNETHACKPLUS,
    SPLEV_VARIANT_SPORKHACK,
    SPLEV_VARIANT_DYNAHACK,
    SPLEV_VARIANT_EVILHACK,
    SPLEV_VARIANT_HACKEM,
    SPLEV_VARIANT_XNETHACK,
    SPLEV_VARIANT_GNOLLHACK,
    SPLEV_VARIANT_SPLICEHACK,
    /* NetHack 3.4.3's lineage: its dialect (doc/dialects.md) */
    SPLEV_VARIANT_NETHACK343,
    SPLEV_VARIANT_SLASHEM,
    SPLEV_VARIANT_GRUNTHACK,
    SPLEV_VARIANT_FIQHACK,
    SPLEV_VARIANT_COUNT
};

/* Constructs a profile has (splev_variant.features). */
enum {
    SPLEV_VF_UN_MAPCHARS = 1u << 0,     /* M t Y U as UnNetHack reads them */
    SPLEV_VF_FORGE = 1u << 1,           /* FORGE: selection */
    SPLEV_VF_MAGIC_CHEST = 1u << 2,     /* MAGIC_CHEST: selection */
    SPLEV_VF_MINDEPTH = 1u << 3,        /* MINDEPTH: int */
    SPLEV_VF_TREE = 1u << 4,            /* TREE: coord */
    SPLEV_VF_DOOR_MATERIAL = 1u << 5,   /* DOOR: iron, state, place */
    SPLEV_VF_DOOR_FLAGS = 1u << 6,      /* locked&irondoor */
    SPLEV_VF_MINESLIGHT = 1u << 7,      /* INIT_MAP light mineslight */
    SPLEV_VF_WALLIFY_REGION = 1u << 8,  /* WALLIFY: (x1,y1,x2,y2) */
    SPLEV_VF_LEVELDESC_EARLY = 1u << 9, /* dgn: LEVELDESC before LEVEL */
    SPLEV_VF_DGN_TILESET = 1u << 10,    /* dgn: TILESET, LEVEL display name */
    SPLEV_VF_DESCR_MORE = 1u << 11,     /* dgn: more DESCRIPTION words */
    SPLEV_VF_GNOLL_STMTS = 1u << 12,    /* GnollHack's noted statements */
    SPLEV_VF_ROOM_ABSOLUTE = 1u << 13,  /* ROOM (x,y) is a map position */
    SPLEV_VF_GRADIENT_COMMA = 1u << 14  /* gradient(radial, (1, 5), ...) */
};

typedef struct splev_variant {
    const char *name;           /* as --variant takes it: "evilhack" */
    const char *title;          /* as messages name it: "EvilHack" */
    int dialect;                /* SPLEV_LEVCOMP_DIALECT_* of its files */
    const char *mapchars;       /* map characters it adds or redefines */
    const unsigned char *mapterrain; /* their terrain, one per character */
    unsigned features;          /* SPLEV_VF_* */
    const char *const *traps;   /* trap names it adds; NULL-terminated */
    const char *const *flags;   /* FLAGS words it adds */
    const char *const *monflags; /* monster flags it adds */
    const char *const *objopts; /* object options it adds */
    const char *const *doormats; /* door materials */
    int max_dungeon_levels;     /* levels in one dungeon */
} splev_variant;

/* The profile with this name (SPLEV_VARIANT_*), or -1. */
SPLEV_API
int splev_variant_by_name(const char *name);
/* Profile i (0 .. SPLEV_VARIANT_COUNT-1); NULL out of range. */
SPLEV_API
const splev_variant *splev_variant_get(int i);
/* "a, b or c": every --variant name, for usage messages. */
SPLEV_API
const char *splev_variant_names(void);
/* The terrain of map character c in profile v, or -1 when the profile
 * does not change that character (the base table decides). */
SPLEV_API
int splev_variant_mapchar(int v, int c);
/* "EvilHack/HackEM": the titles of the profiles with a feature bit, a
 * map character, or a word in one of the lists (which: 't' traps, 'f'
 * flags, 'm' monster flags, 'o' object options, 'd' door materials), and
 * the name of the first ("evilhack") in *first.  "" when none. */
SPLEV_API
const char *splev_variant_who_feature(unsigned feature, const char **first);

/* Whether profile v, one chosen with --variant (not 0, none), has the
 * construct(s) feature (SPLEV_VF_*). */
SPLEV_API
int splev_variant_has_feature(int v, unsigned feature);
SPLEV_API
const char *splev_variant_who_mapchar(int c, const char **first);
SPLEV_API
const char *splev_variant_who_word(int which, const char *word,
                                   const char **first);
/* Whether profile v has word in list which (as above). */
SPLEV_API
int splev_variant_has_word(int v, int which, const char *word);
/* GnollHack's statements that are accepted and not kept (BRAZIER,
 * TILESET, ...): the keyword of number k, NULL past the last. */
SPLEV_API
const char *splev_variant_noted_stmt(int k);

SPLEV_END_DECLS


#endif
