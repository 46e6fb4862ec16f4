// invariants.h -- what must hold after every tick of any legal level under
// any input, checked by the soak (tests/soak/soak.c) and by every fuzz
// target that steps a World (tests/fuzz/): the player's and every
// creature's probe values finite (so every probe is), the 2-by-2 gait (at most one group
// stepping), leg counts in range, chains at their lengths (link errors and
// a tentacle's overreach below INVARIANT_LINK_PX), the bullet pool's count
// true. Header-only; needs core, sim and harness.
#pragma once
#include <math.h>
#include <stdio.h>

#include "sim/world.h"

// A chain's link error or a head's overreach above this is a broken
// constraint, not rounding (after 100,000 ticks they stay below 1e-12).
#define INVARIANT_LINK_PX 1e-6

// The creature probe structs are all doubles (params.h PROBE_FIELD).
#define INVARIANT_PROBES_ARE_DOUBLES(KIND, prefix, Type)                                                         \
    _Static_assert(sizeof(Type##Probes) % sizeof(double) == 0, #Type "Probes holds only doubles");
CREATURES(INVARIANT_PROBES_ARE_DOUBLES)
#undef INVARIANT_PROBES_ARE_DOUBLES

// NULL when every invariant holds after w's last tick, else what broke
// (written into buf).
static inline const char *invariant_broken(const World *w, char *buf, size_t n) {
    // The world's own probe values (the creatures' come below, for every
    // creature: together they are every probe --dump-state prints).
    const Player *p = &w->player;
    double own[] = {p->pos.x, p->pos.y, p->vel.x, p->vel.y, (double)w->stars.displaced};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (!isfinite(own[i])) {
            snprintf(buf, n, "tick %lld: player or star value %zu is %g", (long long)w->tick, i, own[i]);
            return buf;
        }
    LegsProbes lp;
    legs_probes(&w->player.legs, &lp);
    if (!isfinite(lp.foot_slip) || lp.groups_stepping > 1 || lp.legs < 0 || lp.legs > LEGS_COUNT || lp.planted < 0 ||
        lp.planted > LEGS_COUNT || lp.stepping < 0 || lp.stepping > LEGS_COUNT) {
        snprintf(buf, n, "tick %lld: legs %g planted %g stepping %g groups stepping %g", (long long)w->tick,
                 (double)lp.legs, (double)lp.planted, (double)lp.stepping, (double)lp.groups_stepping);
        return buf;
    }
    // Every creature of every kind, not only the first the probes read.
#define INVARIANT_KIND(KIND, prefix, Type)                                                                       \
    for (int k = 0; k < w->prefix##_count; k++) {                                                                      \
        Type##Probes pr;                                                                                               \
        memset(&pr, 0, sizeof pr);                                                                                     \
        prefix##_probes(&w->prefix##s[k], &pr);                                                                        \
        const double *v = (const double *)(const void *)&pr;                                                           \
        for (size_t f = 0; f < sizeof pr / sizeof(double); f++)                                                        \
            if (!isfinite(v[f])) {                                                                                     \
                snprintf(buf, n, "tick %lld: " #prefix " %d: probe field %zu is %g", (long long)w->tick, k, f, v[f]);  \
                return buf;                                                                                            \
            }                                                                                                          \
    }
    CREATURES(INVARIANT_KIND)
#undef INVARIANT_KIND
    for (int k = 0; k < w->tetran_count; k++) {
        TetranProbes pr;
        tetran_probes(&w->tetrans[k], &pr);
        if (pr.link_error > INVARIANT_LINK_PX) {
            snprintf(buf, n, "tick %lld: tetran %d: link error %g", (long long)w->tick, k, pr.link_error);
            return buf;
        }
    }
    for (int k = 0; k < w->tentacle_count; k++) {
        TentacleProbes pr;
        tentacle_probes(&w->tentacles[k], &pr);
        if (pr.link_error > INVARIANT_LINK_PX || pr.overreach > INVARIANT_LINK_PX) {
            snprintf(buf, n, "tick %lld: tentacle %d: link error %g, overreach %g", (long long)w->tick, k,
                     pr.link_error, pr.overreach);
            return buf;
        }
    }
    for (int k = 0; k < w->whale_count; k++) {
        WhaleProbes pr;
        whale_probes(&w->whales[k], &pr);
        if (pr.link_error > INVARIANT_LINK_PX) {
            snprintf(buf, n, "tick %lld: whale %d: link error %g", (long long)w->tick, k, pr.link_error);
            return buf;
        }
        // Its head never enters rock or leaves the map (it bounces off both).
        Vec2 h = w->whales[k].pos;
        const Tilemap *m = &w->map;
        if (!(h.x >= 0.0 && h.y >= 0.0 && h.x < (double)m->w * m->tile && h.y < (double)m->h * m->tile) ||
            tilemap_point_solid(m, h)) {
            snprintf(buf, n, "tick %lld: whale %d: head at %g, %g is in rock or off the map", (long long)w->tick, k,
                     h.x, h.y);
            return buf;
        }
    }
    int alive = 0;
    for (int i = 0; i < w->bullets.cap; i++) alive += w->bullets.b[i].alive;
    if (alive != w->bullets.count || w->bullets.count > w->bullets.cap) {
        snprintf(buf, n, "tick %lld: bullets.count %d, %d alive in a pool of %d", (long long)w->tick, w->bullets.count,
                 alive, w->bullets.cap);
        return buf;
    }
    if (w->player.hp < 0 || (int)w->state < GAME_PLAYING || (int)w->state > GAME_LOST) {
        snprintf(buf, n, "tick %lld: player hp %d, game state %d", (long long)w->tick, w->player.hp, (int)w->state);
        return buf;
    }
    return NULL;
}
