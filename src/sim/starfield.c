// starfield.c -- placeholder until issue 6 (stars stay at their origin).
#include "sim/starfield.h"

#include <string.h>

#include "core/mem.h"

bool starfield_init(Starfield *sf, uint32_t n, double w, double h, Rng *rng) {
    memset(sf, 0, sizeof *sf);
    if (n == 0) return true;
    sf->s = mem_alloc(n, sizeof *sf->s);
    if (!sf->s) return false;
    sf->count = n;
    for (uint32_t i = 0; i < n; i++) {
        Star *s = &sf->s[i];
        s->ox = s->x = (float)rng_range(rng, 0, w);
        s->oy = s->y = (float)rng_range(rng, 0, h);
        s->size = (float)rng_range(rng, 1, 3);
    }
    return true;
}

void starfield_free(Starfield *sf) {
    mem_free(sf->s);
    memset(sf, 0, sizeof *sf);
}

void starfield_step(Starfield *sf, struct World *w) { (void)sf; (void)w; }

void starfield_hash(const Starfield *sf, Hash *h) {
    hash_u64(h, sf->count);
    hash_u64(h, sf->displaced);
}

void starfield_probes(const Starfield *sf, StarfieldProbes *out) {
    out->count = sf->count;
    out->displaced = sf->displaced;
}
