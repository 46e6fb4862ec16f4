// rng.h -- small deterministic PRNG (xorshift64*), one per purpose:
// the game's lives in World, the visual one in the renderer. Never call one
// twice in a single expression (argument evaluation order is unspecified).
#pragma once
#include <stdint.h>

#include "core/fields.h"

// Its state in hash order (core/fields.h).
#define RNG_FIELDS(X) X(VAL, uint64_t, s, "the xorshift64* state")
typedef struct Rng {
    FIELDS_MEMBERS(RNG_FIELDS)
} Rng;
static inline FIELDS_HASH_FN(void rng_hash, Rng, RNG_FIELDS)

// Any seed works, 0 included (it is mixed first).
void rng_seed(Rng *r, uint64_t seed);
uint64_t rng_next(Rng *r);
// Uniform in [0, 1) with 53 bits.
double rng_unit(Rng *r);
// Uniform in [lo, hi).
double rng_range(Rng *r, double lo, double hi);
// Uniform integer in [0, n); n > 0.
uint32_t rng_below(Rng *r, uint32_t n);
