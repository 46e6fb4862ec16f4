// player_surface.c -- the body against the rock (player_local.h): pushed out
// of solid, moved in sub-steps that slide along what they meet, and the
// surfaces it touches, found over the exact union of the tiles
// (tilemap_nearest), so seams between tiles are never bumps.
#include "sim/player/player_local.h"

static void contacts_add(Contacts *c, Vec2 n) {
    for (int i = 0; i < c->n; i++)
        if (v2_dot(c->normal[i], n) > 0.999) return;
    if (c->n < MAX_CONTACTS) c->normal[c->n++] = n;
}

// Pushes the circle out of solid: a few rounds of "nearest surface closer
// than r: move to r along its normal" (an inner corner needs two). The
// nearest point over the union of tiles has no seams, so no internal bumps.
void player_push_out(const Tilemap *m, Vec2 *pos, double r, Contacts *c) {
    for (int i = 0; i < 4; i++) {
        Vec2 pt, n;
        double d = tilemap_nearest(m, *pos, r, &pt, &n);
        if (!(d < r - CONTACT_EPS)) break;
        *pos = v2_add(pt, v2_scale(n, r));
        contacts_add(c, n);
    }
}

// Moves by delta in sub-steps of at most r/2, pushing out after each; what is
// left of the motion slides along any surface it met.
Vec2 player_move_body(const Tilemap *m, Vec2 pos, double r, Vec2 delta, Contacts *c) {
    double len = v2_len(delta);
    int steps = len > 0.0 ? (int)ceil(len / (0.5 * r)) : 1;
    if (steps < 1) steps = 1;
    if (steps > 64) steps = 64;
    Vec2 step = v2_scale(delta, 1.0 / steps);
    for (int i = 0; i < steps; i++) {
        pos = v2_add(pos, step);
        int before = c->n;
        player_push_out(m, &pos, r, c);
        for (int k = before; k < c->n; k++) step = clip(step, c->normal[k]);
    }
    return pos;
}

// The surface seen from pos pulled k toward `hint`, looked at again along
// that surface's own normal, so *a is the point of it under pos (the first
// look's nearest point is nearest to the pulled point, not to pos).
// When the first look's normal is the hint itself, bit for bit (a flat
// floor, a wall, a slope walked along), the second would be the same look:
// it is not made again.
static bool surface_toward(const Tilemap *m, Vec2 pos, Vec2 hint, double k, double reach, Vec2 *a, Vec2 *n) {
    for (int i = 0; i < 2; i++) {
        Vec2 q = v2_sub(pos, v2_scale(hint, k));
        if (tilemap_nearest(m, q, reach + k, a, n) > reach + k) return false;
        if (v2_same_bits(*n, hint)) break;
        hint = *n;
    }
    return true;
}

// The surfaces touching a body at pos, within reach of its centre. The first
// is the nearest one; when two are (nearly) as near, the one toward `toward`
// (the normal of the surface the body was on) wins, so a wall met while
// walking cannot steal the floor. A second one is looked for away from the
// first (an inner corner). Normals point from the surface to pos. Returns
// 0..2 and the first surface point in *pt.
int player_find_surfaces(const Tilemap *m, Vec2 pos, double r, double reach, Vec2 toward, Vec2 *pt, Vec2 normals[2]) {
    double k = 0.5 * r, s = r / PLAYER_RADIUS_PX;
    Vec2 a, n, ab, nb;
    double d0 = tilemap_nearest(m, pos, reach, &a, &n);
    if (d0 > reach) return 0;
    if (surface_toward(m, pos, toward, k, reach, &ab, &nb) && v2_dist(pos, ab) <= d0 + TIE_PX * s) {
        a = ab;
        n = nb;
    }
    Vec2 off = v2_sub(pos, a);
    double dist = v2_len(off);
    Vec2 n1 = dist > 1e-9 && v2_dot(off, n) > 0.0 ? v2_scale(off, 1.0 / dist) : n;
    *pt = a;
    normals[0] = n1;
    int count = 1;
    Vec2 b, n2;
    if (surface_toward(m, pos, v2_scale(n1, -1.0), k, r, &b, &n2)) {
        Vec2 off2 = v2_sub(pos, b);
        double d2 = v2_len(off2);
        if (d2 > 1e-9 && d2 <= r + TOUCH_PX * s && v2_dot(off2, n2) > 0.0) {
            Vec2 u = v2_scale(off2, 1.0 / d2);
            if (v2_dot(u, n1) < 0.995) normals[count++] = u;
        }
    }
    return count;
}

// The point of the surface toward `hint` under pos, when within reach, and
// the unit normal from it to pos.
static bool surface_point(const Tilemap *m, Vec2 pos, double r, double reach, Vec2 hint, Vec2 *a, Vec2 *n) {
    Vec2 n0;
    if (!surface_toward(m, pos, hint, 0.5 * r, reach, a, &n0)) return false;
    Vec2 off = v2_sub(pos, *a);
    double d = v2_len(off);
    if (d > reach) return false;
    *n = d > 1e-9 && v2_dot(off, n0) > 0.0 ? v2_scale(off, 1.0 / d) : n0;
    return true;
}

// The floor under the body: the surface toward `hint` (the last floor
// normal), when it is within reach and floor-like.
bool player_floor_under(const Tilemap *m, Vec2 pos, double r, double reach, Vec2 hint, Vec2 *a, Vec2 *n) {
    return surface_point(m, pos, r, reach, hint, a, n) && is_floor(*n);
}

// Moves the body to exactly r from the surface toward `hint` (when one is
// within reach), e.g. after the last sub-step slid it slightly off.
void player_settle(const Tilemap *m, Vec2 *pos, double r, double reach, Vec2 hint) {
    Vec2 a, n;
    if (!surface_point(m, *pos, r, reach, hint, &a, &n)) return;
    *pos = v2_add(a, v2_scale(n, r));
    Contacts c = {0};
    player_push_out(m, pos, r, &c);
}
