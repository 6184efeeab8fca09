/* names.h - the names tables: the monsters, objects, traps and room types
 * of a game, with their classes, generation frequencies and (monsters)
 * level, generation flags and alignment.  One table type serves the
 * checker (is this name known, which class does it carry, what is the
 * nearest name) and the interpreter (weighted random picks).  Tables come
 * from a file (kind<TAB>class<TAB>frequency<TAB>name lines, monsters
 * optionally followed by <TAB>level<TAB>flags<TAB>alignment) or from the
 * tables built into the library (tables.c, one per dialect). */
#ifndef SPLEV_NAMES_NAMES_H
#define SPLEV_NAMES_NAMES_H

#include "splev/interp.h"
#include "splev/rng.h"

#include <stddef.h>

enum { NK_MONSTER, NK_OBJECT, NK_TRAP, NK_ROOM, NK_COUNT };

/* Generation flags of a monster. */
enum {
    NF_NOGEN = 1, NF_UNIQUE = 2, NF_SMALLGROUP = 4, NF_LARGEGROUP = 8,
    NF_GENOCIDABLE = 16, NF_NOCORPSE = 32, NF_HELL = 64, NF_NOHELL = 128
};

typedef struct names_rec {
    unsigned char kind;     /* NK_* */
    char cls;
    int freq;
    int level, align;       /* monsters */
    unsigned flags;         /* NF_* (monsters) */
    const char *name;
} names_rec;

/* The built-in records of a dialect (SPLEV_DIALECT_*); NULL when none. */
const names_rec *names_builtin_recs(int dialect, size_t *n);

/* NK_* of "monster", "object", "trap", "room"; -1 for any other word. */
int names_kind(const char *word);
size_t names_count(const splev_names *t, int kind);
/* The names of a kind, in table order, NULL-terminated (suggest_word). */
const char *const *names_list(const splev_names *t, int kind);
/* 1 when name (of class cls, 0 any) is in the table; *case_only is set
 * when it matched only ignoring case. */
int names_find(const splev_names *t, int kind, const char *name, int cls,
               int *case_only);
int names_has_class(const splev_names *t, int kind, int cls);
/* The class of a name given alone: the first entry matching exactly,
 * else ignoring case; 0 when the table does not hold the name. */
int names_class(const splev_names *t, int kind, const char *name);
/* A name of this kind and class (0: any class), weighted by frequency:
 * one rn2(total) draw; NULL (and no draw) when nothing qualifies. */
const char *names_pick(const splev_names *t, int kind, int cls,
                       splev_rng *rng, char *cls_out);

/* The records of a kind, in table order. */
const names_rec *names_recs(const splev_names *t, int kind, size_t *n);

/* What the games' random species rules read (pick.c). */
typedef struct names_gen {
    int difficulty;         /* level_difficulty() */
    int ulevel;             /* the hero's experience level */
    int align;              /* SPLEV_AM_* of the level, else the dungeon */
    int in_hell;            /* Gehennom */
} names_gen;

/* rndmonst: any species of level difficulty/6 .. (difficulty + ulevel)/2
 * that is not nogen, unique or of the other side of Gehennom, weighted by
 * frequency plus the alignment shift: one rnd(total) draw; NULL (no draw)
 * when none qualifies. */
const char *names_rndmonst(const splev_names *t, const names_gen *g,
                           splev_rng *rng, char *cls_out);
int names_rndmonst_weight(const names_rec *r, const names_gen *g, int minlev,
                          int maxlev);
/* mkclass: a species of class cls, weakest first, stopping at random
 * past half the difficulty; allow: NF_NOGEN to let nogen ones in (the
 * level scripts do).  NULL when the class has none. */
const char *names_mkclass(const splev_names *t, int cls, const names_gen *g,
                          unsigned allow, splev_rng *rng);
/* mkobj(RANDOM_CLASS): a class by the game's percentages (Gehennom's
 * when in_hell), then an object of it by frequency. */
const char *names_rndobj(const splev_names *t, int in_hell, splev_rng *rng,
                         char *cls_out);

#endif
