/* splev/rng.h - the project's own pseudo-random generator.
 *
 * PCG32 (XSH-RR output on a 64-bit LCG).  Every draw of the library goes
 * through one of these; nothing uses the C library's rand(), so a seed gives
 * the same layout and the same map on every platform.  doc/formats.md
 * documents the algorithm and the ranged draws exactly. */
#ifndef SPLEV_RNG_H
#define SPLEV_RNG_H

#include <stdint.h>

typedef struct splev_rng {
    uint64_t state;
    uint64_t inc;
} splev_rng;

/* Seed the generator (stream 0x5350 "SP"). */
void splev_rng_seed(splev_rng *r, uint64_t seed);
/* Next raw 32-bit output. */
uint32_t splev_rng_next(splev_rng *r);
/* Uniform in 0..n-1 without modulo bias; n <= 0 gives 0 and draws nothing. */
int splev_rn2(splev_rng *r, int n);
/* Uniform in 1..n; n <= 0 gives 1 and draws nothing. */
int splev_rnd(splev_rng *r, int n);
/* rn2(a) + b. */
int splev_rn1(splev_rng *r, int a, int b);
/* n dice of x sides: the sum of n draws of rnd(x); n <= 0 gives 0. */
int splev_dice(splev_rng *r, int n, int x);
/* A seed for sub-stream `stream` of `seed` (per-level seeds of a dungeon):
 * SplitMix64 of seed + stream * golden ratio. */
uint64_t splev_seed_derive(uint64_t seed, uint64_t stream);

#endif
