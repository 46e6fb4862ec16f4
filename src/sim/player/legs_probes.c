// legs_probes.c -- the legs' state hash and what scripts read of them: the
// counters, player.foot_gap, player.leg_over_body, player.feet_min_gap
// (docs/legs.md). Split from legs.c; pure, no allocation.
#include <math.h>

#include "sim/player/legs.h"

static FIELDS_HASH_FN(void leg_hash, Leg, LEG_FIELDS)

// The profiles are configuration read at load (like the tiles, whose file
// hash the replay header carries), not state, so they are left out; and
// folded-away legs do not move at all (legs_step). So retuning a leg only
// desyncs replays in which the legs are used.
FIELDS_HASH_FN(void legs_hash, Legs, LEGS_FIELDS)

void legs_probes(const Legs *L, LegsProbes *out) {
    out->legs = L->out;
    out->planted = L->planted;
    out->stepping = L->stepping;
    out->groups_stepping = L->groups_stepping;
    out->foot_slip = L->foot_slip;
    double e = 0.0;
    for (int i = 0; i < LEGS_COUNT; i++) e += leg_extension(L->leg[i].grow);
    out->extension = e / LEGS_COUNT;
    out->feet_min_gap = legs_feet_min_gap(L);
}

double legs_over_body(const Legs *L, Vec2 body, double radius) {
    double worst = 0.0, shell = LEGS_SHELL * radius, zone = LEGS_ROOT_ZONE_PX * L->scale;
    for (int i = 0; i < LEGS_COUNT; i++) {
        const Leg *g = &L->leg[i];
        if (g->grow <= 0.0) continue;
        double d = leg_shell_depth(g->root, g->knee, g->foot, body, shell, zone);
        if (d > worst) worst = d;
    }
    return worst;
}

double legs_feet_min_gap(const Legs *L) {
    double gap = 1000.0;
    if (!L->attached) return gap;
    for (int i = 0; i < LEGS_COUNT; i++)
        for (int j = i + 1; j < LEGS_COUNT; j++) {
            if (L->leg[i].mode != LEG_PLANTED || L->leg[j].mode != LEG_PLANTED) continue;
            double d = v2_dist(L->leg[i].foot, L->leg[j].foot);
            if (d < gap) gap = d;
        }
    return gap;
}

double legs_foot_gap(const Legs *L, const Tilemap *map) {
    double gap = 0.0;
    for (int i = 0; i < LEGS_COUNT; i++) {
        const Leg *g = &L->leg[i];
        if (g->mode != LEG_PLANTED) continue;
        double far = 4.0 * map->tile;
        Vec2 pt, nrm;
        double d = tilemap_nearest(map, g->foot, far, &pt, &nrm);
        if (d > far) d = far;
        if (d > gap) gap = d;
    }
    return gap;
}
