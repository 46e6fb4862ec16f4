// tentacle_lanes.c -- the tentacles' chain passes over a lane group, four
// tentacles a vector of core/lanes.h, two vectors in the same loop for a
// group of five to eight: one text (tentacle_lanes.h) compiled for every
// back end this build has, run on the one the caller names (lanes_best,
// or scalar for tentacle_step_scalar), the same bits on each. A vector
// short of four tentacles repeats its first in the spare lanes.
#include "sim/creatures/tentacle_local.h"

#include "core/dmath.h"
#include "core/lanes.h"

// A group's lanes as one or two halves of four (more than four tentacles:
// two vectors stepped in the same loop, so the processor overlaps their
// chains); a half short of four repeats its first tentacle.
typedef struct Half {
    TentacleNode *nd[4];
    int a0, k; // its tentacles a0 .. a0 + k - 1
} Half;

static int halves(const Lanes *g, Half h[2]) {
    int n = g->k > 4 ? 2 : 1, k0 = n == 2 ? (g->k + 1) / 2 : g->k;
    for (int i = 0; i < n; i++) {
        int first = i == 0 ? 0 : k0;
        h[i].a0 = g->a0 + first;
        h[i].k = i == 0 ? k0 : g->k - k0;
        for (int l = 0; l < 4; l++) h[i].nd[l] = g->nd[first + (l < h[i].k ? l : 0)];
    }
    return n;
}

#define LANES_TEXT "sim/creatures/tentacle_lanes.h"
#include "core/lanes_each.h"

void tentacle_reach_lanes(LanesKind k, const Lanes *g, int n, double L) {
    Half h[2];
    int nh = halves(g, h);
    LANES_CALL(k, reach_halves, (h, nh, n, L));
}

void tentacle_wave_lanes(LanesKind k, const Tentacle *c, const Lanes *g, int n, double t) {
    Half h[2];
    for (int i = 0, nh = halves(g, h); i < nh; i++) LANES_CALL(k, wave4, (c, &h[i], n, t));
}

bool tentacle_keep_lanes(LanesKind k, Tentacle *c, const Lanes *g, int n, const Tilemap *map) {
    if (!tentacle_has_arena(map)) return true; // nothing to rest on
    if (!tentacle_open_is_clear(c, g->a0, map)) return false;
    Half h[2];
    int nh = halves(g, h);
    LANES_CALL(k, keep_halves, (c, h, nh, n, map));
    return true;
}

void tentacle_clamp_lanes(LanesKind k, const Tentacle *c, const Lanes *g, int n, const Tilemap *map) {
    Half h[2];
    int nh = halves(g, h);
    LANES_CALL(k, clamp_halves, (c, h, nh, n, map));
}
