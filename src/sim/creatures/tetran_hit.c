// tetran_hit.c -- what touches Tetran: a player's bullet against the core
// and the arms (the path's closest approach, so fast shots cannot tunnel;
// the arms' boxes, hitbox.h, skip what cannot be hit; a stopped shot
// pings and kicks the joint it struck), and the player's body against it.
// Moved out of tetran.c unchanged (tetran_local.h).
#include <math.h>

#include "sim/bullets.h"
#include "sim/creatures/tetran_local.h"
#include "sim/events.h"
#include "sim/tick.h"

// v kept to [0, 1] (NaN to 0), as fmin(fmax(v, 0), 1) without the calls.
static double clamp01(double v) { return v > 0.0 ? (v < 1.0 ? v : 1.0) : 0.0; }

// Closest approach of segments p0-p1 and q0-q1: the squared distance, and
// the parameter s along p where it happens (Ericson's clamped solution).
static double seg_seg_dist2(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1, double *s_out) {
    Vec2 d1 = v2_sub(p1, p0), d2 = v2_sub(q1, q0), r = v2_sub(p0, q0);
    double a = v2_dot(d1, d1), e = v2_dot(d2, d2), f = v2_dot(d2, r);
    double s = 0.0, t = 0.0;
    if (a <= 1e-12 && e <= 1e-12) {
        s = t = 0.0;
    } else if (a <= 1e-12) {
        t = clamp01(f / e);
    } else {
        double cc = v2_dot(d1, r);
        if (e <= 1e-12) {
            s = clamp01(-cc / a);
        } else {
            double b = v2_dot(d1, d2), den = a * e - b * b;
            s = den > 1e-12 ? clamp01((b * f - cc * e) / den) : 0.0;
            t = (b * s + f) / e;
            if (t < 0.0) {
                t = 0.0;
                s = clamp01(-cc / a);
            } else if (t > 1.0) {
                t = 1.0;
                s = clamp01((b - cc) / a);
            }
        }
    }
    *s_out = s;
    Vec2 cp = v2_add(p0, v2_scale(d1, s)), cq = v2_add(q0, v2_scale(d2, t));
    return v2_len2(v2_sub(cp, cq));
}

bool tetran_bullet_hit(Tetran *c, const TickCtx *ctx, const Bullet *b) {
    if (!c->alive) return false;
    // The bullet's path this tick, so fast shots cannot tunnel through an arm.
    Vec2 from = v2_sub(b->pos, b->vel), to = b->pos;
    double s_core = 2.0, s_arm = 2.0, s;
    double rc = c->cfg.core_px + b->radius;
    if (seg_seg_dist2(from, to, c->pos, c->pos, &s) <= rc * rc) s_core = s;
    // The segments whose boxes the path's box meets (hitbox.h): the others
    // cannot be hit, so s_arm, and the first segment (arm, then segment
    // order) that has it, are those of a test of every segment.
    int ns = c->cfg.segments, hit_a = 0, hit_i = 0;
    HitBoxes *h = &c->hits;
    bool boxed = h->box != NULL;                  // a Tetran made by tetran_init always is
    if (boxed && !h->ok) {
        for (int a = 0; a < c->cfg.arms; a++) {
            hitbox_chain_clear(h, a);
            for (int i = 0; i < ns; i++)
                hitbox_add(h, a, i, tetran_joint(c, a, i), tetran_joint(c, a, i + 1), tetran_arm_radius(c, i));
        }
        h->ok = true;
    }
    Box path = box_around(from, b->radius);
    box_add(&path, box_around(to, b->radius));
    for (int a = 0; a < c->cfg.arms; a++) {
        if (boxed && !hitbox_chain_may(h, a, path)) continue;
        for (int k = 0; k * HITBOX_CHUNK < ns; k++) {
            if (boxed && !hitbox_chunk_may(h, a, k, path)) continue;
            int end = (k + 1) * HITBOX_CHUNK < ns ? (k + 1) * HITBOX_CHUNK : ns;
            for (int i = k * HITBOX_CHUNK; i < end; i++) {
                double ra = tetran_arm_radius(c, i) + b->radius;
                if (seg_seg_dist2(from, to, tetran_joint(c, a, i), tetran_joint(c, a, i + 1), &s) <= ra * ra &&
                    s < s_arm) {
                    s_arm = s;
                    hit_a = a;
                    hit_i = i;
                }
            }
        }
    }
    if (s_core <= 1.0 && s_core <= s_arm) {
        int dmg = b->damage > 0 ? b->damage : 1;
        c->hp -= dmg;
        c->hit_flash = TETRAN_HIT_FLASH_TICKS;
        events_push(ctx->events, EV_HIT, WHO_TETRAN, dmg, b->pos.x, b->pos.y);
        if (c->hp <= 0) {
            tetran_die(c, ctx);
            return true;
        }
        int phase = 0;
        for (int k = 1; k < TETRAN_PHASES; k++)
            if ((int64_t)c->hp * TETRAN_PHASES <= (int64_t)c->hp_max * (TETRAN_PHASES - k)) phase = k;
        if (phase > c->phase) {
            c->phase = phase;
            c->pattern_timer = TETRAN_PHASE_PATTERN_DELAY_TICKS;
            c->auto_wiggle = 0;
            events_push(ctx->events, EV_PHASE, WHO_TETRAN, phase, c->pos.x, c->pos.y);
        }
        return true;
    }
    if (s_arm <= 1.0) {
        // The shot pushes the segment it struck sideways: the joint at its
        // root bends the way the shot crosses it (docs/tetran.md, "Hit
        // reactions"). The event's a is the arm times 64 plus the segment.
        Vec2 p0 = tetran_joint(c, hit_a, hit_i), p1 = tetran_joint(c, hit_a, hit_i + 1);
        double cross = (p1.x - p0.x) * b->vel.y - (p1.y - p0.y) * b->vel.x;
        int j = hit_a * ns + hit_i;
        c->flinch_vel[j] += cross >= 0.0 ? TETRAN_FLINCH_KICK_RAD : -TETRAN_FLINCH_KICK_RAD;
        c->blocked++;
        Vec2 at = v2_add(from, v2_scale(b->vel, s_arm));
        events_push(ctx->events, EV_BLOCKED, WHO_TETRAN, hit_a * TETRAN_MAX_SEGMENTS + hit_i, at.x, at.y);
        return true;
    }
    return false;
}

bool tetran_touches(const Tetran *c, Vec2 p, double r) {
    if (!c->alive) return false;
    double s, rc = c->cfg.core_px + r;
    if (v2_len2(v2_sub(p, c->pos)) <= rc * rc) return true;
    for (int a = 0; a < c->cfg.arms; a++) {
        for (int i = 0; i < c->cfg.segments; i++) {
            double ra = tetran_arm_radius(c, i) + r;
            if (seg_seg_dist2(p, p, tetran_joint(c, a, i), tetran_joint(c, a, i + 1), &s) <= ra * ra) return true;
        }
    }
    return false;
}

