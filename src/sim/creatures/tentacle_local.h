// tentacle_local.h -- what the tentacle boss's files share: tentacle.c (the
// creature), tentacle_chain.c (its chain update) and tentacle_lanes.c (the
// chain passes as vectors): the lane groups and the one-link steps, in the
// exact arithmetic the scalar and the vector passes must both make. Not
// for other files.
#pragma once
#include <stdbool.h>

#include "core/vec2.h"
#include "sim/creatures/tentacle.h"
#include "sim/map/tilemap.h"

// A lane group: up to TENTACLE_LANES neighbouring tentacles with the same
// node count, stepped through the chain passes together (solve_fabrik,
// clamp_chain): node by node, so the processor overlaps their chains of
// dependent square roots and divisions, or, with AVX2, one tentacle a lane
// of a four-wide vector (two vectors in step for more than four). A
// tentacle's own arithmetic is the same in any group, and no pass of one
// tentacle reads another, so grouping changes no result.
#define TENTACLE_LANES 8
typedef struct Lanes {
    int a0, k;                         // tentacles a0 .. a0 + k - 1
    TentacleNode *nd[TENTACLE_LANES];  // their nodes
} Lanes;

// Keeps p within radius of ref (the write-up's clamping_current_position).
// Scaling the offset (no trig) keeps the result within radius to an ulp or two.
static inline Vec2 clamp_near(Vec2 p, Vec2 ref, double radius) {
    Vec2 d = v2_sub(p, ref);
    double l = v2_len(d);
    if (l <= radius) return p;
    return v2_add(ref, v2_scale(d, radius / l));
}

// clamp_near giving the result's length |result - ref| in *len: the passes
// carry a link's length to the next node instead of taking the same square
// root of the same vector again (so the same bits).
static inline Vec2 clamp_link(Vec2 p, Vec2 ref, double radius, double *len) {
    Vec2 d = v2_sub(p, ref);
    double l = v2_len(d);
    if (l <= radius) {
        *len = l;
        return p;
    }
    Vec2 r = v2_add(ref, v2_scale(d, radius / l));
    *len = v2_len(v2_sub(r, ref));
    return r;
}

// The link from `from` to p turned about `from` (length kept) so that it
// meets prev, the direction of the link before it, at no more than
// TENTACLE_BEND_MAX_RAD. Unchanged when either is shorter than
// TENTACLE_LINK_MIN_PX (too short to have a direction). No angle is taken:
// the links meet within the limit exactly when the cosine between them
// (their dot product over their lengths) is at least the limit's cosine,
// and the turned link is prev rotated by the limit, scaled to the length.
// The lengths are known: len = |p - from| and pl = |prev| (pl < 0: not
// known yet, taken here); *out is the result's length |result - from| when
// the link is kept, -1 when it was turned.
static inline Vec2 bend_link(Vec2 from, Vec2 p, Vec2 prev, double len, double pl, double *out) {
    Vec2 d = v2_sub(p, from);
    if (pl < 0.0) pl = v2_len(prev);
    *out = len;
    if (len < TENTACLE_LINK_MIN_PX || pl < TENTACLE_LINK_MIN_PX) return p;
    if (v2_dot(prev, d) >= TENTACLE_BEND_COS * len * pl) return p;
    double s = v2_cross(prev, d) < 0.0 ? -TENTACLE_BEND_SIN : TENTACLE_BEND_SIN, co = TENTACLE_BEND_COS;
    Vec2 u = v2_scale(prev, len / pl);
    *out = -1.0;
    return v2_add(from, v2(u.x * co - u.y * s, u.x * s + u.y * co));
}

// bend_link (tentacle_local.h) with the lengths taken here.
static inline Vec2 limit_bend(Vec2 from, Vec2 p, Vec2 prev) {
    double out;
    return bend_link(from, p, prev, v2_dist(p, from), v2_len(prev), &out);
}

// The group from tentacle a0: as many tentacles as have its node count, at
// most TENTACLE_LANES, shared out evenly (10 tentacles: 5 + 5, not 8 + 2).
void tentacle_lanes_from(Tentacle *c, int a0, Lanes *g);

// The chain update of group g toward its head goals (one a tentacle):
// the solver (FABRIK or the write-up's follow), resting on rock, the final
// clamp (tentacle_chain.c); the chain passes on lanes back end k.
void tentacle_chain_update(Tentacle *c, const Lanes *g, const Vec2 *goal, const Tilemap *map, LanesKind k);

// Is there an arena to rest on (unit tests step tentacles without one)?
static inline bool tentacle_has_arena(const Tilemap *map) { return map->cells && map->w > 0 && map->h > 0; }

// Is the link from -> p (len long) in open air, so that settling it needs
// no cast: an arena, a link with a length, and tilemap_segment_open.
static inline bool tentacle_link_open(const Tilemap *map, Vec2 from, Vec2 p, double len) {
    return tentacle_has_arena(map) && !(len < TENTACLE_LINK_MIN_PX) && tilemap_segment_open(map, from, p);
}

// Resting on rock (tentacle_chain.c), node by node: node j of tentacle a
// moved out of the rock if it is too close (the nodes are independent). A
// node in an open cell needs nothing when tentacle_open_is_clear (the
// widest keep is within a tile), so the callers test that first.
bool tentacle_open_is_clear(const Tentacle *c, int a, const Tilemap *map);
void tentacle_keep_node(Tentacle *c, int a, int j, const Tilemap *map);

// The rock part of settling a link (tentacle_chain.c), for a link not in
// open air (tentacle_link_open false): p, already within L of from and
// bend-limited, len = |p - from|; if the link would enter rock the node
// slides along it (*out -1: length not known), else p (*out len).
Vec2 tentacle_settle_rock(const Tentacle *c, const Tilemap *map, Vec2 from, Vec2 p, Vec2 prev, double len,
                          double *out);

// The chain passes (tentacle_lanes.c: one text, tentacle_lanes.h, on core/
// lanes.h), on back end k (the same bits on each): each makes, lane by
// lane, the one-link steps' IEEE operations in their order.
// FABRIK's reach from the head target back to the tail and out again over
// the targets of g's n nodes, links at most L:
void tentacle_reach_lanes(LanesKind k, const Lanes *g, int n, double L);
// The wave across the body nodes' targets, then every node eased toward
// its target by t (n >= 2):
void tentacle_wave_lanes(LanesKind k, const Tentacle *c, const Lanes *g, int n, double t);
// Resting on rock over g's n nodes: the open-cell tests four tentacles at
// a time, tentacle_keep_node for the others; false (nothing done) unless
// tentacle_open_is_clear (true at once without an arena):
bool tentacle_keep_lanes(LanesKind k, Tentacle *c, const Lanes *g, int n, const Tilemap *map);
// clamp_chain: head to tail within L, then tail to head settling each link
// (tentacle_settle_rock per lane when the link is not in open air).
void tentacle_clamp_lanes(LanesKind k, const Tentacle *c, const Lanes *g, int n, const Tilemap *map);

// Death (tentacle_chain.c): tentacle a hangs from its tail (already at the
// anchor) under gravity for one tick: Verlet, each node's target holding
// where it was the tick before (start: the tick it died, from rest), then
// tail to head each link within L and out of rock (limp: no bend limit).
void tentacle_hang(Tentacle *c, int a, const Tilemap *map, bool start);

// One tick of tentacle a's flinch springs (tentacle_chain.c): nothing
// while the arm is at rest.
void tentacle_flex_step(Tentacle *c, int a);

// A winding-up tentacle's tip curls toward target (tentacle_chain.c): the
// last TENTACLE_WINDUP_CURL links turn together about the node before them
// by t of the angle between the last link and the head-to-target line,
// then are settled again (within L, bend-limited, out of rock).
void tentacle_aim_tip(Tentacle *c, int a, Vec2 target, double t, const Tilemap *map);
