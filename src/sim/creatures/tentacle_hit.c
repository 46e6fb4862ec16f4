// tentacle_hit.c -- what touches the tentacle boss: a player's bullet
// against its body and tentacles (the hit boxes, hitbox.h, skip what cannot
// be hit; a blocked shot pushes the nodes it struck and chips the body) and
// the player's body against it. Moved out of tentacle.c unchanged.
#include <math.h>

#include "core/dmath.h"
#include "sim/bullets.h"
#include "sim/creatures/tentacle_local.h"
#include "sim/events.h"
#include "sim/tick.h"

static double seg_dist2(Vec2 p, Vec2 a, Vec2 b, double *t_out) {
    Vec2 ab = v2_sub(b, a), ap = v2_sub(p, a);
    double l2 = v2_len2(ab), t = l2 > 0 ? v2_dot(ap, ab) / l2 : 0.0;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    *t_out = t;
    return v2_len2(v2_sub(p, v2_add(a, v2_scale(ab, t))));
}

// Index of the tentacle whose skin (as seen: tentacle_node_at) a circle
// (p, r) touches, or -1; *node: the nearer end of the link touched.
static int touched_arm(const Tentacle *c, Vec2 p, double r, int *node) {
    for (int a = 0; a < c->arm_count; a++) {
        const TentacleArm *arm = &c->arms[a];
        for (int j = 1; j < arm->n; j++) {
            double t;
            Vec2 p0 = tentacle_node_at(c, a, j - 1), p1 = tentacle_node_at(c, a, j);
            double d2 = seg_dist2(p, p0, p1, &t);
            double w0 = tentacle_half_width(c, a, j - 1), w1 = tentacle_half_width(c, a, j);
            double rr = r + w0 + (w1 - w0) * t;
            if (d2 <= rr * rr) {
                if (node) *node = t < 0.5 ? j - 1 : j;
                return a;
            }
        }
    }
    return -1;
}

// touched_arm for a bullet: the same answer, the links whose boxes the
// bullet's box misses skipped (hitbox.h). Builds the boxes when the links
// moved since they were last built.
static int touched_arm_boxed(Tentacle *c, Vec2 p, double r, int *node) {
    HitBoxes *h = &c->hits;
    if (!h->box) return touched_arm(c, p, r, node);
    if (!h->ok) {
        for (int a = 0; a < c->arm_count; a++) {
            const TentacleArm *arm = &c->arms[a];
            hitbox_chain_clear(h, a);
            for (int j = 1; j < arm->n; j++) {
                double w = dm_fmax(tentacle_half_width(c, a, j - 1), tentacle_half_width(c, a, j));
                hitbox_add(h, a, j - 1, tentacle_node_at(c, a, j - 1), tentacle_node_at(c, a, j), w);
            }
        }
        h->ok = true;
    }
    Box q = box_around(p, r);
    for (int a = 0; a < c->arm_count; a++) {
        if (!hitbox_chain_may(h, a, q)) continue;
        const TentacleArm *arm = &c->arms[a];
        for (int k = 0; k * HITBOX_CHUNK < arm->n - 1; k++) {
            if (!hitbox_chunk_may(h, a, k, q)) continue;
            int end = (k + 1) * HITBOX_CHUNK + 1 < arm->n ? (k + 1) * HITBOX_CHUNK + 1 : arm->n;
            for (int j = k * HITBOX_CHUNK + 1; j < end; j++) {
                double t;
                Vec2 p0 = tentacle_node_at(c, a, j - 1), p1 = tentacle_node_at(c, a, j);
                double d2 = seg_dist2(p, p0, p1, &t);
                double w0 = tentacle_half_width(c, a, j - 1), w1 = tentacle_half_width(c, a, j);
                double rr = r + w0 + (w1 - w0) * t;
                if (d2 <= rr * rr) {
                    *node = t < 0.5 ? j - 1 : j;
                    return a;
                }
            }
        }
    }
    return -1;
}

// A bullet struck node j of tentacle a flying along vel: the node and
// TENTACLE_FLEX_SPREAD either side (linearly less) are kicked along it;
// the tail stays stuck.
static void kick(Tentacle *c, int a, int j, Vec2 vel) {
    TentacleArm *arm = &c->arms[a];
    double l = v2_len(vel);
    if (!(l > 0.0)) return;
    Vec2 u = v2_scale(vel, TENTACLE_FLEX_KICK_PX / l);
    for (int k = j - TENTACLE_FLEX_SPREAD; k <= j + TENTACLE_FLEX_SPREAD; k++) {
        if (k < 1 || k >= arm->n) continue;
        int d = k > j ? k - j : j - k;
        TentacleFlex *f = &c->flex[arm->first + k];
        f->vel = v2_add(f->vel, v2_scale(u, 1.0 - (double)d / (TENTACLE_FLEX_SPREAD + 1)));
    }
    arm->flexing = true;
}

static void lose_hp(Tentacle *c, const TickCtx *ctx, int dmg, Vec2 at) {
    c->hp -= dmg;
    c->hurt_ticks = TENTACLE_HURT_TICKS;
    events_push(ctx->events, EV_HIT, WHO_TENTACLE, dmg, at.x, at.y);
    if (c->hp <= 0) {
        c->hp = 0;
        c->alive = false;
        events_push(ctx->events, EV_BOSS_DOWN, WHO_TENTACLE, 0, c->pos.x, c->pos.y);
    }
}

bool tentacle_bullet_hit(Tentacle *c, const TickCtx *ctx, const Bullet *b) {
    if (!c->alive) return false;
    double rr = c->radius + b->radius;
    if (v2_len2(v2_sub(b->pos, c->pos)) <= rr * rr) {
        lose_hp(c, ctx, b->damage > 0 ? b->damage : 1, b->pos);
        return true;
    }
    int j = 0, a = touched_arm_boxed(c, b->pos, b->radius, &j);
    if (a < 0) return false;
    c->arms[a].flinch = TENTACLE_FLINCH_TICKS;
    kick(c, a, j, b->vel);
    events_push(ctx->events, EV_BLOCKED, WHO_TENTACLE, a, b->pos.x, b->pos.y);
    if (++c->chip >= TENTACLE_CHIP_PER_HP) {
        c->chip = 0;
        lose_hp(c, ctx, 1, b->pos);
    }
    return true;
}

bool tentacle_touches(const Tentacle *c, Vec2 p, double r) {
    if (!c->alive) return false;
    double rr = c->radius + r;
    if (v2_len2(v2_sub(p, c->pos)) <= rr * rr) return true;
    return touched_arm(c, p, r, NULL) >= 0;
}

