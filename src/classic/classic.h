/* classic.h - what the games' own file formats share: the version record
 * that opens every .lev and dungeon file the classic compilers write, read
 * from the game build's include/date.h.  Internal to the project. */
#ifndef SPLEV_CLASSIC_H
#define SPLEV_CLASSIC_H

#include <stddef.h>
#include <stdint.h>

/* The games whose files we write (and read). */
typedef enum classic_game {
    CLASSIC_NONE = 0,      /* our own format */
    CLASSIC_UNNETHACK,
    CLASSIC_NETHACK36
} classic_game;

/* "unnethack" / "nethack36" -> the game, or CLASSIC_NONE for "splev";
 * -1 for an unknown name. */
int classic_game_by_name(const char *name);
const char *classic_game_name(classic_game g);

/* A build's version record: VERSION_NUMBER, VERSION_FEATURES,
 * VERSION_SANITY1, VERSION_SANITY2 and (NetHack 3.6) VERSION_SANITY3, in
 * that order; n is 4 for UnNetHack, 5 for NetHack 3.6.  On disk each is a
 * native unsigned long (8 bytes little endian on the LP64 hosts the games
 * are built on; we always write that). */
typedef struct classic_version {
    uint64_t v[5];
    int n;
} classic_version;

/* Read the record for game g from a date.h.  Returns 0, or -1 with a
 * message in err that names the file ("FILE: no VERSION_SANITY3 ..."). */
int classic_version_read(const char *path, classic_game g,
                         classic_version *out, char *err, size_t errlen);

/* Append the record's n words (8 bytes each, little endian) to out;
 * returns the bytes written (n * 8). */
size_t classic_version_put(const classic_version *v, unsigned char *out);

/* 8-byte and 4-byte little-endian stores, as the LP64 games write a long
 * and an int. */
static inline void classic_put64(unsigned char *p, uint64_t x)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(x >> (8 * i));
}
static inline void classic_put32(unsigned char *p, uint32_t x)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(x >> (8 * i));
}

#endif
