/* Unit tests of the PRNG: fixed outputs for fixed seeds (the same on every
 * platform), ranges, and no bias-induced values out of range. */
#include "splev/rng.h"
#include "unit.h"

int main(void)
{
    splev_rng r;
    splev_rng_seed(&r, 1);
    uint32_t first[4];
    for (int i = 0; i < 4; i++)
        first[i] = splev_rng_next(&r);
    printf("# seed 1: %u %u %u %u\n", (unsigned)first[0], (unsigned)first[1],
           (unsigned)first[2], (unsigned)first[3]);
    /* Golden values: a change to the generator changes every map. */
    CHECK(first[0] == 2199807473u && first[1] == 4018071637u &&
              first[2] == 3427508665u && first[3] == 3541574829u,
          "seed 1 gives the documented first four outputs");

    splev_rng a, b;
    splev_rng_seed(&a, 42);
    splev_rng_seed(&b, 42);
    int same = 1;
    for (int i = 0; i < 1000; i++)
        same &= splev_rng_next(&a) == splev_rng_next(&b);
    CHECK(same, "same seed, same sequence");

    splev_rng_seed(&r, 7);
    int inrange = 1, hist[7] = {0};
    for (int i = 0; i < 70000; i++) {
        int v = splev_rn2(&r, 7);
        inrange &= v >= 0 && v < 7;
        if (v >= 0 && v < 7)
            hist[v]++;
    }
    CHECK(inrange, "rn2(7) stays in 0..6");
    int even = 1;
    for (int i = 0; i < 7; i++)
        even &= hist[i] > 9000 && hist[i] < 11000;
    CHECK(even, "rn2(7) is roughly uniform");

    splev_rng_seed(&r, 7);
    splev_rng before = r;
    CHECK(splev_rn2(&r, 0) == 0 && r.state == before.state,
          "rn2(0) is 0 and draws nothing");
    CHECK(splev_rnd(&r, -3) == 1 && r.state == before.state,
          "rnd(-3) is 1 and draws nothing");
    int d = splev_dice(&r, 3, 6);
    CHECK(d >= 3 && d <= 18, "3d6 in 3..18");
    /* skip makes rn2's draws: the same state after, for small ranges
     * and for one (0x60000000) where a quarter of the draws are redrawn */
    static const int ranges[] = {-1, 0, 1, 2, 17, 75, 0x60000000};
    int skip_same = 1, redraws = 0;
    for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; k++) {
        splev_rng_seed(&a, 99);
        splev_rng_seed(&b, 99);
        for (int i = 0; i < 4000; i++) {
            splev_rng step = a;
            (void)splev_rn2(&a, ranges[k]);
            splev_rng_next(&step);
            redraws += ranges[k] > 0 && a.state != step.state;
            splev_rn2_skip(&b, ranges[k]);
            skip_same &= a.state == b.state;
        }
    }
    CHECK(skip_same, "rn2_skip draws exactly what rn2 draws");
    CHECK(redraws > 500, "the skip test met redrawn values (%d)", redraws);
    CHECK(splev_seed_derive(1, 0) != splev_seed_derive(1, 1) &&
              splev_seed_derive(1, 5) == splev_seed_derive(1, 5),
          "derived seeds differ per stream and are stable");
    return unit_status();
}
