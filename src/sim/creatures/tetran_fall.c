// tetran_fall.c -- Tetran dying as a body (docs/tetran.md, "Death"): at 0
// hp the arms go limp and fall as chains with the core onto the rock.
// Moved out of tetran.c unchanged (tetran_local.h).
#include <math.h>

#include "core/dmath.h"
#include "sim/creatures/tetran_local.h"
#include "sim/events.h"
#include "sim/tick.h"

// Pushes a body of radius r at *p out of the rock; true (with the surface
// normal) when it touched.
static bool rest_on_rock(const Tilemap *map, Vec2 *p, double r, Vec2 *normal) {
    Vec2 at, n;
    double d = tilemap_signed_distance(map, *p, r, &at, &n);
    if (d >= r) return false;
    *p = v2_add(*p, v2_scale(n, r - d));
    *normal = n;
    return true;
}

static Vec2 cap_speed(Vec2 v) {
    double s2 = v2_len2(v);
    if (s2 <= TETRAN_FALL_MAX_SPEED_PX * TETRAN_FALL_MAX_SPEED_PX) return v;
    return v2_scale(v, TETRAN_FALL_MAX_SPEED_PX / sqrt(s2));
}

// The dead body for one tick: the core drops onto the rock; each arm is a
// limp chain hanging from it (verlet: a joint keeps the step it made last
// tick, gravity added), its links held at their length and its joints out
// of the rock, sliding there with friction. The segments' angles follow
// the joints, so the drawing needs nothing else.
void tetran_fall_step(Tetran *c, const TickCtx *ctx) {
    int ns = c->cfg.segments;
    double len = c->cfg.length_px;
    c->fall_vel = cap_speed(v2(c->fall_vel.x * TETRAN_FALL_KEEP, c->fall_vel.y + TETRAN_FALL_GRAVITY_PX));
    c->pos = v2_add(c->pos, c->fall_vel);
    Vec2 n;
    if (rest_on_rock(ctx->map, &c->pos, c->cfg.core_px, &n)) {
        double into = v2_dot(c->fall_vel, n);
        Vec2 v = into < 0.0 ? v2_sub(c->fall_vel, v2_scale(n, into)) : c->fall_vel;
        c->fall_vel = v2_scale(v, TETRAN_FALL_FRICTION);
    }
    for (int a = 0; a < c->cfg.arms; a++) {
        Vec2 *pt = &c->pts[a * (ns + 1)], *prev = &c->fall_prev[a * (ns + 1)];
        for (int k = 1; k <= ns; k++) {
            Vec2 v = cap_speed(v2_scale(v2_sub(pt[k], prev[k]), TETRAN_FALL_KEEP));
            prev[k] = pt[k];
            pt[k] = v2(pt[k].x + v.x, pt[k].y + v.y + TETRAN_FALL_GRAVITY_PX);
        }
        prev[0] = pt[0];
        pt[0] = c->pos;
        for (int it = 0; it < TETRAN_FALL_ITERATIONS; it++) {
            for (int k = 1; k <= ns; k++) {
                Vec2 d = v2_sub(pt[k], pt[k - 1]);
                double l = v2_len(d);
                if (l < 1e-9) continue;
                Vec2 fix = v2_scale(d, (l - len) / l);
                // The core is pinned; further out both ends give way.
                if (k == 1) {
                    pt[k] = v2_sub(pt[k], fix);
                } else {
                    pt[k] = v2_sub(pt[k], v2_scale(fix, 0.5));
                    pt[k - 1] = v2_add(pt[k - 1], v2_scale(fix, 0.5));
                }
            }
            for (int k = 1; k <= ns; k++) {
                if (!rest_on_rock(ctx->map, &pt[k], tetran_arm_radius(c, k - 1) * 0.8, &n)) continue;
                // Friction: the step it makes along the rock shrinks.
                Vec2 v = v2_sub(pt[k], prev[k]);
                double into = v2_dot(v, n);
                Vec2 along = v2_sub(v, v2_scale(n, into));
                prev[k] = v2_sub(pt[k], v2_scale(along, TETRAN_FALL_FRICTION));
            }
        }
        for (int i = 0; i < ns; i++) {
            Vec2 d = v2_sub(pt[i + 1], pt[i]);
            c->rad[a * ns + i] = dm_atan2(d.y, d.x);
        }
    }
}

// The body goes limp: each joint sets off at the speed the spin gave it
// (turning about the core), the flinch dropped; the core starts to fall.
void tetran_die(Tetran *c, const TickCtx *ctx) {
    c->alive = false;
    c->hp = 0;
    c->wiggle = false;
    c->dead_ticks = 1;
    c->fall_vel = v2(0.0, 0.0);
    lob_cancel(&c->seed);                     // a seed in flight withers with the boss
    int ns = c->cfg.segments, n = c->cfg.arms * (ns + 1);
    double y = 0.0;
    for (int j = 0; j < n; j++) {
        Vec2 r = v2_sub(c->pts[j], c->pos);
        c->fall_prev[j] = v2_sub(c->pts[j], cap_speed(v2(-r.y * c->spin_rad, r.x * c->spin_rad)));
        y += c->pts[j].y;
    }
    for (int j = 0; j < c->cfg.arms * ns; j++) c->flinch_rad[j] = c->flinch_vel[j] = 0.0;
    c->fall_from_y = y / n;
    events_push(ctx->events, EV_BOSS_DOWN, WHO_TETRAN, 0, c->pos.x, c->pos.y);
}

