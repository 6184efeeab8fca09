/* rng.c - PCG32 and the ranged draws built on it (see splev/rng.h). */
#include "splev/rng.h"

#define PCG_STREAM 0x5350ULL

/* The external definitions of the inline draws of splev/rng.h. */
extern uint32_t splev_rng_next(splev_rng *r);
extern int splev_rn2(splev_rng *r, int n);
extern void splev_rn2_skip(splev_rng *r, int n);
extern int splev_rnd(splev_rng *r, int n);
extern int splev_rn1(splev_rng *r, int a, int b);

void splev_rng_seed(splev_rng *r, uint64_t seed)
{
    r->state = 0;
    r->inc = (PCG_STREAM << 1) | 1u;
    splev_rng_next(r);
    r->state += seed;
    splev_rng_next(r);
}

int splev_dice(splev_rng *r, int n, int x)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += splev_rnd(r, x);
    return sum;
}

uint64_t splev_seed_derive(uint64_t seed, uint64_t stream)
{
    uint64_t z = seed + (stream + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
