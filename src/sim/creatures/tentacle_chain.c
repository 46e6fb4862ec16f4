#include <stdio.h>
// tentacle_chain.c -- the tentacle boss's chain update (tentacle.c has the
// rest of the creature): the travelling wave, the two solvers (the
// write-up's follow steps, or FABRIK), resting on rock and the final
// clamp, over a lane group of tentacles (tentacle_local.h), the vector
// passes (tentacle_lanes.c) where the processor has them. Deterministic;
// never allocates.
#include <math.h>

#include "core/dmath.h"
#include "sim/creatures/tentacle_local.h"

void tentacle_lanes_from(Tentacle *c, int a0, Lanes *g) {
    int same = 1;
    while (a0 + same < c->arm_count && c->arms[a0 + same].n == c->arms[a0].n) same++;
    int groups = (same + TENTACLE_LANES - 1) / TENTACLE_LANES;
    g->a0 = a0;
    g->k = (same + groups - 1) / groups;
    for (int l = 0; l < g->k; l++) g->nd[l] = &c->nodes[c->arms[a0 + l].first];
}

// Our addition for life: a small travelling wave across the chain, zero at
// the tail and near the head (so aiming stays the solver's), added to the
// tail-side targets. The final clamp still bounds every link.
//
// Its size at body node j = 1..n-2 of tentacle a this tick, into size[j]:
// wave * L * sin(pi s) (eased out over the last fifth) * sin(9 s - 0.09 age
// + sway), s = j / (n-1). Both sines step along the chain by a fixed
// rotation (worked out when the node count changes: tentacle.c's
// arm_constants), so a tentacle costs one sincos a tick, not two sines a
// node.
static void wave_sizes(const Tentacle *c, int a, double *size) {
    const TentacleArm *arm = &c->arms[a];
    int h = arm->n - 1;
    double sa = 0.0, ca = 1.0, sp, cp;
    double sda = arm->wave_step[0].x, cda = arm->wave_step[0].y, sdp = arm->wave_step[1].x, cdp = arm->wave_step[1].y;
    dm_sincos(arm->sway_rad - (double)c->age * 0.09, &sp, &cp);
    for (int j = 1; j < h; j++) {
        double t = sa * cda + ca * sda;
        ca = ca * cda - sa * sda;
        sa = t;
        t = sp * cdp + cp * sdp;
        cp = cp * cdp - sp * sdp;
        sp = t;
        double s = (double)j / h;
        size[j] = c->cfg.wave * c->link_px * sa * (s < 0.8 ? 1.0 : (1.0 - s) * 5.0) * sp;
    }
}

// The wave's offset at body node j: size across the chain's direction there.
static inline Vec2 wave(const Tentacle *c, int a, int j, double size) {
    const TentacleNode *nd = &c->nodes[c->arms[a].first];
    Vec2 dir = v2_norm(v2_sub(nd[j + 1].pos, nd[j - 1].pos));
    return v2_scale(v2_perp(dir), size);
}

// The baseline: the six steps of the write-up, then the hard clamp.
static void solve_follow(Tentacle *c, int a, Vec2 head_goal) {
    TentacleArm *arm = &c->arms[a];
    TentacleNode *nd = &c->nodes[arm->first];
    int n = arm->n, h = n - 1;
    double L = c->link_px, t = c->cfg.lerp, size[TENTACLE_NODES_CAP];
    wave_sizes(c, a, size);
    nd[h].target = head_goal;                                      // (1)
    for (int j = h - 1; j >= 1; j--) {                             // (2) head -> tail
        nd[j].target = clamp_near(nd[j].pos, nd[j + 1].pos, L);
        if (j + 2 <= h) nd[j].target = limit_bend(nd[j + 1].pos, nd[j].target, v2_sub(nd[j + 1].pos, nd[j + 2].pos));
    }
    for (int j = 1; j < n; j++) nd[j].pos = v2_lerp(nd[j].pos, nd[j].target, t);     // (3)
    for (int j = 1; j < h; j++) {                                  // (4) tail -> head
        nd[j].target = clamp_near(nd[j].pos, nd[j - 1].pos, L);
        if (j >= 2) nd[j].target = limit_bend(nd[j - 1].pos, nd[j].target, v2_sub(nd[j - 1].pos, nd[j - 2].pos));
        nd[j].target = v2_add(nd[j].target, wave(c, a, j, size[j]));
    }
    nd[h].target = clamp_near(nd[h].target, nd[0].pos, tentacle_total_length(c, a));  // (5)
    for (int j = 1; j < n; j++) nd[j].pos = v2_lerp(nd[j].pos, nd[j].target, t);     // (6)
}

// FABRIK: reach from the head goal back to the tail, then from the tail out,
// each node pulled to within L of the one before (bend-limited); nodes then
// ease toward the solution. (Placing every node exactly L away, as FABRIK
// proper does, pushes a slack chain's nodes apart: it buckles into
// zig-zags, or bend-limited into rings.)
//
// The k tentacles of a lane group (same node count) are solved in lockstep,
// node by node: each pass is a chain of dependent square roots and
// divisions along a tentacle, and stepping k independent chains together
// lets the processor overlap them. Each tentacle's arithmetic is exactly
// what it is alone.
static void solve_fabrik(Tentacle *c, const Lanes *g, const Vec2 *head_goal, LanesKind lanes) {
    int k = g->k, n = c->arms[g->a0].n, h = n - 1;
    double L = c->link_px, t = c->cfg.lerp, total = tentacle_total_length(c, g->a0);
    TentacleNode *const *nd = g->nd;
    for (int l = 0; l < k; l++) {
        for (int j = 0; j < n; j++) nd[l][j].target = nd[l][j].pos;
        nd[l][h].target = clamp_near(head_goal[l], nd[l][0].pos, total);
    }
    tentacle_reach_lanes(lanes, g, n, L);        // tentacle_lanes.h: clamp_link, bend_link lane by lane
    tentacle_wave_lanes(lanes, c, g, n, t);       // the wave (wave_sizes' sines), the ease
}

static bool rock_at(const Tilemap *map, int x, int y) { return tilemap_at(map, x, y) != TILE_EMPTY; }

// True when nothing solid is within keep (<= one tile) of p: the tile
// under p is empty and each non-empty one of its eight neighbours (outside
// the map counts as rock) has its whole box farther than keep (plus a hair,
// for rounding), so tilemap_nearest would find nothing closer either. A
// node lying next to a wall is then not searched for every tick; only the
// neighbours p is that close to are looked at.
static bool clear_within(const Tilemap *map, Vec2 p, double keep) {
    double s = map->tile, far = keep + 1e-6;
    int cx = (int)floor(p.x / s), cy = (int)floor(p.y / s);
    if (rock_at(map, cx, cy)) return false;
    // p's distances to its cell's left, right, top and bottom sides.
    double gl = p.x - cx * s, gr = (cx + 1) * s - p.x, gu = p.y - cy * s, gd = (cy + 1) * s - p.y;
    bool l = gl < far, r = gr < far, u = gu < far, d = gd < far;
    if ((l && rock_at(map, cx - 1, cy)) || (r && rock_at(map, cx + 1, cy)) || (u && rock_at(map, cx, cy - 1)) ||
        (d && rock_at(map, cx, cy + 1)))
        return false;
    double far2 = far * far;
    return !((l && u && gl * gl + gu * gu < far2 && rock_at(map, cx - 1, cy - 1)) ||
             (r && u && gr * gr + gu * gu < far2 && rock_at(map, cx + 1, cy - 1)) ||
             (l && d && gl * gl + gd * gd < far2 && rock_at(map, cx - 1, cy + 1)) ||
             (r && d && gr * gr + gd * gd < far2 && rock_at(map, cx + 1, cy + 1)));
}

// Tentacles rest on rock rather than sink into it: a node closer to a solid
// surface than 0.7 of its half width (or inside rock) is moved out to that
// distance. Runs before the chain clamp, so the link bound still holds; a
// clamp may then tuck a node back in a little, which only looks. Each node
// on its own (its move reads only its position and the map), so the
// vector pass (tentacle_keep_lanes) may test four at a time which need
// looking at.
bool tentacle_open_is_clear(const Tentacle *c, int a, const Tilemap *map) {
    // No node keeps more than 0.7 of the widest half width (the root's):
    // when that is within a tile, a node in an open cell needs nothing.
    return 0.7 * tentacle_half_width(c, a, 0) <= map->tile;
}

void tentacle_keep_node(Tentacle *c, int a, int j, const Tilemap *map) {
    TentacleNode *nd = &c->nodes[c->arms[a].first + j];
    double keep = 0.7 * tentacle_half_width(c, a, j);
    if (keep <= map->tile && clear_within(map, nd->pos, keep)) return;   // the common case, cheaply
    Vec2 point = nd->pos, normal = v2(0.0, -1.0);
    double d, far = 8.0 * map->tile;
    if (tilemap_point_solid(map, nd->pos)) {                   // in rock: find the way out
        d = tilemap_signed_distance(map, nd->pos, far, &point, &normal);
        if (d <= -far) return;                                 // no exit that close: leave it
    } else {
        d = tilemap_nearest(map, nd->pos, keep, &point, &normal);
    }
    if (d >= keep) return;
    nd->pos = v2_add(point, v2_scale(normal, keep));
}

static void keep_out_of_rock(Tentacle *c, int a, const Tilemap *map) {
    if (!tentacle_has_arena(map)) return;                      // no arena (unit tests)
    const TentacleArm *arm = &c->arms[a];
    const TentacleNode *nd = &c->nodes[arm->first];
    bool open_is_clear = tentacle_open_is_clear(c, a, map);
    for (int j = 1; j < arm->n; j++) {
        if (open_is_clear && tilemap_open_at(map, nd[j].pos)) continue;
        tentacle_keep_node(c, a, j, map);
    }
}

// Where a node at p may stay, given the settled node before it (from) and
// the last link before it with a direction (prev; zero for none): (1)
// within L of from, scaling the offset (no trig, so the link is <= L to an
// ulp or two); (2) turned about from so the link meets prev at no more
// than TENTACLE_BEND_MAX_RAD; (3) if the link from there would enter rock
// (a wall thinner than a link, a corner), the node slides along the
// surface it met instead (so a tentacle drapes over a ledge), or, when that
// is blocked too, the link ends just before the surface along the same
// direction (so the bend is kept). A link that starts in rock is left alone
// (there is no way out along it).
//
// pl is |prev| (-1: not known); *out the result's length |result - from|
// (-1: not known).
Vec2 tentacle_settle_rock(const Tentacle *c, const Tilemap *map, Vec2 from, Vec2 p, Vec2 prev, double len,
                          double *out) {
    double L = c->link_px;
    *out = len;
    if (!map->cells || map->w <= 0 || map->h <= 0) return p;     // no arena (unit tests)
    TileHit hit;
    if (len < TENTACLE_LINK_MIN_PX || !tilemap_cast(map, from, p, &hit) || hit.inside) return p;
    *out = -1.0;
    Vec2 rest = v2_sub(p, hit.point);
    Vec2 slide = v2_sub(rest, v2_scale(hit.normal, v2_dot(rest, hit.normal)));
    Vec2 q = v2_add(v2_add(hit.point, v2_scale(hit.normal, TENTACLE_ROCK_GAP_PX)), slide);
    q = limit_bend(from, clamp_near(q, from, L), prev);
    TileHit again;
    if (!tilemap_cast(map, from, q, &again)) return q;
    double t = dm_fmax(hit.t - TENTACLE_ROCK_GAP_PX / len, 0.0);
    return v2_add(from, v2_scale(v2_sub(p, from), t));
}

static Vec2 settle_link(const Tentacle *c, const Tilemap *map, Vec2 from, Vec2 p, Vec2 prev, double pl,
                        double *out) {
    double len;
    p = clamp_link(p, from, c->link_px, &len);
    p = bend_link(from, p, prev, len, pl, &len);
    if (len < 0.0) len = v2_dist(p, from);
    if (tentacle_link_open(map, from, p, len)) {
        *out = len;
        return p;
    }
    return tentacle_settle_rock(c, map, from, p, prev, len, out);
}

// The write-up's clamping_current_position in both directions. Head to tail
// first: the head drags the chain after it (without this the tail-side clamp
// would undo the head's progress every tick and a taut chain could never
// turn). Then tail to head, last, which is the guarantee, settling each link
// before the next (settle_link): no node is farther than L from the one
// before, so every link <= L and the head stays within the total length of
// the tail; no two links meet at more than TENTACLE_BEND_MAX_RAD; no link
// crosses rock. The passes are tentacle_lanes.h's (settling a link not in
// open air: tentacle_settle_rock).
static void clamp_chain(Tentacle *c, const Lanes *g, const Tilemap *map, LanesKind lanes) {
    tentacle_clamp_lanes(lanes, c, g, c->arms[g->a0].n, map);
}

void tentacle_chain_update(Tentacle *c, const Lanes *g, const Vec2 *goal, const Tilemap *map, LanesKind lanes) {
    if (c->cfg.solver == TENTACLE_SOLVER_FABRIK) solve_fabrik(c, g, goal, lanes);
    else
        for (int l = 0; l < g->k; l++) solve_follow(c, g->a0 + l, goal[l]);
    if (!tentacle_keep_lanes(lanes, c, g, c->arms[g->a0].n, map))
        for (int l = 0; l < g->k; l++) keep_out_of_rock(c, g->a0 + l, map);
    clamp_chain(c, g, map, lanes);
}

void tentacle_hang(Tentacle *c, int a, const Tilemap *map, bool start) {
    TentacleNode *nd = &c->nodes[c->arms[a].first];
    int n = c->arms[a].n;
    for (int j = 1; j < n; j++) {
        if (start) nd[j].target = nd[j].pos;
        Vec2 v = v2_scale(v2_sub(nd[j].pos, nd[j].target), TENTACLE_HANG_DRAG);
        nd[j].target = nd[j].pos;
        nd[j].pos = v2(nd[j].pos.x + v.x, nd[j].pos.y + v.y + TENTACLE_FALL_G);
    }
    keep_out_of_rock(c, a, map);
    // Limp: no bend limit (turning links about their joints would throw
    // the chain about), only the link length and the rock.
    for (int j = 1; j < n; j++) {
        double len, out;
        Vec2 p = clamp_link(nd[j].pos, nd[j - 1].pos, c->link_px, &len);
        if (tentacle_has_arena(map) && !tentacle_link_open(map, nd[j - 1].pos, p, len))
            p = tentacle_settle_rock(c, map, nd[j - 1].pos, p, v2(0.0, 0.0), len, &out);
        nd[j].pos = p;
    }
}

// A damped spring per node (semi-implicit Euler): the velocity loses
// TENTACLE_FLEX_DAMP of itself and is pulled back by TENTACLE_FLEX_STIFF of
// the offset, then moves it; an offset beyond TENTACLE_FLEX_MAX_PX is
// scaled back to it. When every node's offset and velocity are below
// TENTACLE_FLEX_REST_PX they are set to 0 and the arm rests.
void tentacle_flex_step(Tentacle *c, int a) {
    TentacleArm *arm = &c->arms[a];
    if (!arm->flexing) return;
    TentacleFlex *f = &c->flex[arm->first];
    bool moving = false;
    for (int j = 1; j < arm->n; j++) {
        Vec2 v = v2_sub(v2_scale(f[j].vel, 1.0 - TENTACLE_FLEX_DAMP), v2_scale(f[j].off, TENTACLE_FLEX_STIFF));
        Vec2 o = v2_add(f[j].off, v);
        double l = v2_len(o);
        if (l > TENTACLE_FLEX_MAX_PX) o = v2_scale(o, TENTACLE_FLEX_MAX_PX / l);
        f[j].vel = v;
        f[j].off = o;
        moving = moving || fabs(o.x) >= TENTACLE_FLEX_REST_PX || fabs(o.y) >= TENTACLE_FLEX_REST_PX ||
                 fabs(v.x) >= TENTACLE_FLEX_REST_PX || fabs(v.y) >= TENTACLE_FLEX_REST_PX;
    }
    if (moving) return;
    for (int j = 1; j < arm->n; j++) f[j] = (TentacleFlex){{0.0, 0.0}, {0.0, 0.0}};
    arm->flexing = false;
}

void tentacle_aim_tip(Tentacle *c, int a, Vec2 target, double t, const Tilemap *map) {
    TentacleNode *nd = &c->nodes[c->arms[a].first];
    int h = c->arms[a].n - 1, k0 = h - TENTACLE_WINDUP_CURL;
    if (k0 < 1) k0 = 1;
    if (h - k0 < 1) return;
    Vec2 last = v2_sub(nd[h].pos, nd[h - 1].pos), to = v2_sub(target, nd[h].pos);
    if (v2_len(last) < TENTACLE_LINK_MIN_PX || v2_len(to) < TENTACLE_LINK_MIN_PX) return;
    // The links past node k0 turn about it together by t of the tip's error.
    double s, co, ang = t * dm_atan2(v2_cross(last, to), v2_dot(last, to));
    dm_sincos(ang, &s, &co);
    Vec2 pivot = nd[k0].pos;
    for (int j = k0 + 1; j <= h; j++) {
        Vec2 d = v2_sub(nd[j].pos, pivot);
        nd[j].pos = v2_add(pivot, v2(d.x * co - d.y * s, d.x * s + d.y * co));
    }
    // Settled again from the pivot out: within L, bend-limited against the
    // last link with a direction (as clamp_chain), out of rock.
    Vec2 prev = v2(0.0, 0.0);
    double pl = 0.0;
    for (int j = k0; j >= 1 && pl < TENTACLE_LINK_MIN_PX; j--) {
        prev = v2_sub(nd[j].pos, nd[j - 1].pos);
        pl = v2_len(prev);
    }
    if (pl < TENTACLE_LINK_MIN_PX) prev = v2(0.0, 0.0), pl = 0.0;
    for (int j = k0 + 1; j <= h; j++) {
        double len;
        nd[j].pos = settle_link(c, map, nd[j - 1].pos, nd[j].pos, prev, pl, &len);
        Vec2 d = v2_sub(nd[j].pos, nd[j - 1].pos);
        if (len < 0.0) len = v2_len(d);
        if (len >= TENTACLE_LINK_MIN_PX) prev = d, pl = len;
    }
}
