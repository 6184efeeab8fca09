/* rng.c - PCG32 and the ranged draws built on it (see splev/rng.h). */
#include "splev/rng.h"

#define PCG_MULT 6364136223846793005ULL
#define PCG_STREAM 0x5350ULL

uint32_t splev_rng_next(splev_rng *r)
{
    uint64_t old = r->state;
    r->state = old * PCG_MULT + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

void splev_rng_seed(splev_rng *r, uint64_t seed)
{
    r->state = 0;
    r->inc = (PCG_STREAM << 1) | 1u;
    splev_rng_next(r);
    r->state += seed;
    splev_rng_next(r);
}

int splev_rn2(splev_rng *r, int n)
{
    if (n <= 0)
        return 0;
    /* Reject the low values that would make some results more likely. */
    uint32_t un = (uint32_t)n;
    uint32_t v = splev_rng_next(r);
    /* The threshold (2^32 mod n) is below n, so a draw of at least n is
     * always kept: the division that finds it is needed only below n. */
    if (v >= un)
        return (int)(v % un);
    uint32_t threshold = (0u - un) % un;
    for (;;) {
        if (v >= threshold)
            return (int)(v % un);
        v = splev_rng_next(r);
    }
}

int splev_rnd(splev_rng *r, int n)
{
    return n <= 0 ? 1 : splev_rn2(r, n) + 1;
}

int splev_rn1(splev_rng *r, int a, int b)
{
    return splev_rn2(r, a) + b;
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
