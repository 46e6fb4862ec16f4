// rng.c -- xorshift64* seeded through splitmix64.
#include "core/rng.h"

#include "core/log.h"

void rng_seed(Rng *r, uint64_t seed) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    r->s = z ? z : 0x2545F4914F6CDD1Dull;
}

uint64_t rng_next(Rng *r) {
    uint64_t x = r->s;
    ASSERT(x != 0);                    // xorshift's fixed point: seeded, never 0
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

double rng_unit(Rng *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

double rng_range(Rng *r, double lo, double hi) { return lo + (hi - lo) * rng_unit(r); }

uint32_t rng_below(Rng *r, uint32_t n) {
    ASSERT(n > 0);                     // an index below n: there is one
    return (uint32_t)((rng_next(r) >> 32) % n);
}
