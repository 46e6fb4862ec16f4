// starfield.h -- the background stars: each has an origin, is pushed away
// from the whale within its shield radius and eases home afterwards.
// (Issue 6 fills this in: spatial grid + active list.)
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/hash.h"
#include "core/rng.h"
#include "core/vec2.h"

#define STARS_MAX 2000000

typedef struct Star {
    float x, y;                // current position, px
    float ox, oy;              // origin
    float size;                // px
} Star;

typedef struct Starfield {
    Star *s;                   // count stars; owned
    uint32_t count;
    uint32_t displaced;        // stars more than 0.5 px from origin
} Starfield;

typedef struct StarfieldProbes {
    double count, displaced;
} StarfieldProbes;

// Scatters n stars over a w x h px area with the game PRNG.
bool starfield_init(Starfield *sf, uint32_t n, double w, double h, Rng *rng);
void starfield_free(Starfield *sf);
struct World;
// One tick: pushes by every pusher the world has (whales), eases others home.
void starfield_step(Starfield *sf, struct World *w);
void starfield_hash(const Starfield *sf, Hash *h);
void starfield_probes(const Starfield *sf, StarfieldProbes *out);
