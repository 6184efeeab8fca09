/* splev/rng.h - the project's own pseudo-random generator.
 *
 * PCG32 (XSH-RR output on a 64-bit LCG).  Every draw of the library goes
 * through one of these; nothing uses the C library's rand(), so a seed gives
 * the same layout and the same map on every platform.  doc/formats.md
 * documents the algorithm and the ranged draws exactly. */
#ifndef SPLEV_RNG_H
#define SPLEV_RNG_H

#include <stdint.h>

#include "splev/api.h"

SPLEV_BEGIN_DECLS

typedef struct splev_rng {
    uint64_t state;
    uint64_t inc;
} splev_rng;

/* Seed the generator (stream 0x5350 "SP"). */
SPLEV_API
void splev_rng_seed(splev_rng *r, uint64_t seed);
/* The draws are inline definitions (C99 inline: rng.c holds the
 * external ones), so the generators' inner loops call nothing. */

/* Next raw 32-bit output. */
SPLEV_API inline uint32_t splev_rng_next(splev_rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

/* Uniform in 0..n-1 without modulo bias; n <= 0 gives 0 and draws nothing.
 * The low values that would make some results more likely are drawn
 * again; that threshold (2^32 mod n) is below n, so a draw of at least n
 * is always kept and the division that finds it is needed only below n. */
SPLEV_API inline int splev_rn2(splev_rng *r, int n)
{
    if (n <= 0)
        return 0;
    uint32_t un = (uint32_t)n;
    uint32_t v = splev_rng_next(r);
    if (v >= un)
        return (int)(v % un);
    uint32_t threshold = (0u - un) % un;
    while (v < threshold)
        v = splev_rng_next(r);
    return (int)(v % un);
}

/* The draws of splev_rn2(r, n) without its value: a search that can tell
 * from one draw that the next is of no use skips the division. */
SPLEV_API inline void splev_rn2_skip(splev_rng *r, int n)
{
    if (n <= 0)
        return;
    uint32_t un = (uint32_t)n;
    uint32_t v = splev_rng_next(r);
    if (v >= un)
        return;
    uint32_t threshold = (0u - un) % un;
    while (v < threshold)
        v = splev_rng_next(r);
}

/* Uniform in 1..n; n <= 0 gives 1 and draws nothing. */
SPLEV_API inline int splev_rnd(splev_rng *r, int n)
{
    return n <= 0 ? 1 : splev_rn2(r, n) + 1;
}

/* rn2(a) + b. */
SPLEV_API inline int splev_rn1(splev_rng *r, int a, int b)
{
    return splev_rn2(r, a) + b;
}

/* n dice of x sides: the sum of n draws of rnd(x); n <= 0 gives 0. */
SPLEV_API
int splev_dice(splev_rng *r, int n, int x);
/* A seed for sub-stream `stream` of `seed` (per-level seeds of a dungeon):
 * SplitMix64 of seed + stream * golden ratio. */
SPLEV_API
uint64_t splev_seed_derive(uint64_t seed, uint64_t stream);

SPLEV_END_DECLS

#endif
