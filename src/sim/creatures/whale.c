// whale.c -- the whale shark: bouncing head, follow-the-leader body, boss
// phases and dives, bullets and contact. The algorithm is described in whale.h.
#include "sim/creatures/whale.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/dmath.h"
#include "core/text.h"
#include "sim/creatures/params.h"
#include "sim/tick.h"

static const double WIDTH_PX[WHALE_SEGMENTS + 1] = WHALE_WIDTH_PX;
static const double PHASE_SPEED[WHALE_PHASES] = WHALE_PHASE_SPEED;
static const int DIVE_EVERY[WHALE_PHASES] = WHALE_PHASE_DIVE_TICKS;

static const ParamChoice PUSH[] = {{"head", 1}, {"body", 0}, {NULL, 0}};

#define FIELD(f) offsetof(WhaleConfig, f)
static const ParamDef PARAMS[] = {
    {"speed", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(speed), 0.1, 32, 2,
     .doc = "cruise speed, px per tick (the head's velocity magnitude)"},
    {"push", PARAM_CHOICE, PARAM_AS_INT, FIELD(push_head), 0, 0, 0, PUSH, true,
     .doc = "which points part the stars: the head only (as in the write-up) or the head and all 8 segment joints"},
    {"hp", PARAM_INT, PARAM_AS_INT, FIELD(hp), 1, CREATURE_MAX_HP, 60, .doc = "hit points (a boss only)"},
    {"boss", PARAM_INT, PARAM_AS_INT, FIELD(boss), 0, 1, 1,
     .doc = "1: a boss with hp and phases that blocks the win; 0: an unkillable hazard that blocks bullets and "
            "never blocks the win"},
    {"shield", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(shield_px), 8, 512, 90, .doc = "star push radius, px"},
    {"size", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(size), 0.25, 4, 1,
     .doc = "body scale (segment lengths, widths, wall margin)"},
};
#undef FIELD
static const ParamTable TABLE = {"whale", sizeof(WhaleConfig), PARAMS, (int)(sizeof PARAMS / sizeof PARAMS[0])};

const ParamTable *whale_params(void) { return &TABLE; }

void whale_config_default(WhaleConfig *cfg) { param_defaults(&TABLE, cfg); }

bool whale_config_set(WhaleConfig *cfg, const char *key, const char *val, char *why, size_t why_n) {
    return param_set(&TABLE, cfg, key, val, why, why_n);
}

// Places every segment exactly its rest length behind its target, along the
// line from the target back to where the segment is now; a segment sitting
// on its target keeps the heading of the one ahead.
static void follow(Whale *c) {
    Vec2 target = c->pos;
    Vec2 back = v2_scale(v2_norm(c->vel), -1.0);
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        Vec2 d = v2_sub(c->seg[i], target);
        double len = v2_len(d);
        Vec2 dir = len > 1e-9 ? v2_scale(d, 1.0 / len) : back;
        c->seg[i] = v2_add(target, v2_scale(dir, c->seg_len[i]));
        back = dir;
        target = c->seg[i];
    }
}

void whale_free(Whale *c) { (void)c; }

bool whale_init(Whale *c, const WhaleConfig *cfg, Vec2 pos, Rng *rng) {
    memset(c, 0, sizeof *c);
    if (!param_valid(&TABLE, cfg)) return false;
    double size = cfg->size;
    c->pos = pos;
    c->speed = cfg->speed;
    c->shield_px = cfg->shield_px;
    c->push_head = cfg->push_head != 0;
    c->boss = cfg->boss != 0;
    c->hp = c->hp_max = cfg->hp;
    c->alive = true;
    for (int i = 0; i < WHALE_SEGMENTS; i++)
        c->seg_len[i] = (i == WHALE_SEGMENTS - 1 ? WHALE_TAIL_LEN_PX : WHALE_SEG_LEN_PX) * size;
    for (int i = 0; i <= WHALE_SEGMENTS; i++) c->width[i] = WIDTH_PX[i] * size;
    c->size = size;
    c->margin_px = 0.5 * c->width[2] + 10.0 * size;

    // Heading: one of four diagonal quadrants, 25..65 degrees off the x axis,
    // so neither velocity component is tiny.
    uint32_t quadrant = rng_below(rng, 4);
    double a = rng_range(rng, 25.0, 65.0) * (DM_PI / 180.0) + quadrant * (DM_PI / 2.0);
    double s, co;
    dm_sincos(a, &s, &co);
    c->vel = v2(co * c->speed, s * c->speed);
    Vec2 back = v2(-co, -s);
    Vec2 at = pos;
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        at = v2_add(at, v2_scale(back, c->seg_len[i]));
        c->seg[i] = at;
    }
    c->dive_timer = DIVE_EVERY[0];
    return true;
}

static bool solid(const Tilemap *m, Vec2 p) {
    double wpx = (double)m->w * m->tile, hpx = (double)m->h * m->tile;
    if (!(p.x >= 0.0 && p.y >= 0.0 && p.x < wpx && p.y < hpx)) return true;
    return tilemap_point_solid(m, p);
}

// Flips the velocity components whose probe point, margin px ahead of the
// head in the direction of travel, lies in solid material.
static void bounce(Whale *c, const Tilemap *m) {
    double sx = c->vel.x > 0 ? 1.0 : c->vel.x < 0 ? -1.0 : 0.0;
    double sy = c->vel.y > 0 ? 1.0 : c->vel.y < 0 ? -1.0 : 0.0;
    double r = c->margin_px;
    bool fx = sx != 0.0 && solid(m, v2(c->pos.x + sx * r, c->pos.y));
    bool fy = sy != 0.0 && solid(m, v2(c->pos.x, c->pos.y + sy * r));
    if (!fx && !fy && sx != 0.0 && sy != 0.0) {
        const double k = DM_SQRT1_2;   // a corner met diagonally
        if (solid(m, v2(c->pos.x + sx * r * k, c->pos.y + sy * r * k))) fx = fy = true;
    }
    if (fx) { c->vel.x = -c->vel.x; c->bounces++; }
    if (fy) { c->vel.y = -c->vel.y; c->bounces++; }
}

void whale_move(Whale *c, const Tilemap *map) {
    double v = v2_len(c->vel);
    double step_max = 0.25 * c->margin_px;
    int n = v > step_max ? (int)ceil(v / step_max) : 1;
    for (int k = 0; k < n; k++) {
        c->pos = v2_add(c->pos, v2_scale(c->vel, 1.0 / n));
        bounce(c, map);
    }
    follow(c);
}

static void set_speed(Whale *c, double s) {
    Vec2 d = v2_norm(c->vel);
    if (d.x == 0.0 && d.y == 0.0) d = v2(1.0, 0.0);
    c->vel = v2_scale(d, s);
}

static int phase_for(const Whale *c) {
    if (!c->boss) return 0;
    if (c->hp * 3 <= c->hp_max) return 2;
    if (c->hp * 3 <= c->hp_max * 2) return 1;
    return 0;
}

// Turns the heading toward target, never tighter than a circle of
// WHALE_TURN_RADIUS_PX (a sudden reversal would fold the body onto itself).
static void steer(Whale *c, Vec2 target) {
    Vec2 d = v2_sub(target, c->pos);
    double v = v2_len(c->vel);
    if ((d.x == 0.0 && d.y == 0.0) || v == 0.0) return;
    double max_turn = v / (WHALE_TURN_RADIUS_PX * c->size);
    double a = dm_atan2(c->vel.y, c->vel.x);
    double turn = dm_wrap(dm_atan2(d.y, d.x) - a);
    if (turn > max_turn) turn = max_turn;
    if (turn < -max_turn) turn = -max_turn;
    double sn, cs;
    dm_sincos(a + turn, &sn, &cs);
    c->vel = v2(cs * v, sn * v);
}

// Boss behaviour: every DIVE_EVERY ticks (phases 1 and 2) the whale slows to
// telegraph while turning toward the player, then rushes, still homing
// for its first ticks, then cruises on at its phase's
// speed in whatever direction the rush and bounces left it.
static void dive_step(Whale *c, const TickCtx *ctx) {
    double cruise = c->speed * PHASE_SPEED[c->phase];
    int every = DIVE_EVERY[c->phase];
    switch (c->dive) {
    case WHALE_CRUISE:
        if (every > 0 && --c->dive_timer <= 0) {
            c->dive = WHALE_WINDUP;
            c->dive_timer = WHALE_WINDUP_TICKS;
            set_speed(c, cruise * WHALE_WINDUP_SPEED);
        }
        break;
    case WHALE_WINDUP:
        steer(c, ctx->player.pos);
        if (--c->dive_timer <= 0) {
            double s = c->speed * WHALE_DIVE_SPEED;
            set_speed(c, s > WHALE_DIVE_SPEED_MAX_PX ? WHALE_DIVE_SPEED_MAX_PX : s);
            c->dive = WHALE_DIVING;
            c->dive_timer = WHALE_DIVE_TICKS;
        }
        break;
    case WHALE_DIVING:
        if (c->dive_timer > WHALE_DIVE_TICKS - WHALE_DIVE_HOMING_TICKS) steer(c, ctx->player.pos);
        if (--c->dive_timer <= 0) {
            c->dive = WHALE_CRUISE;
            c->dive_timer = every;
            set_speed(c, cruise);
        }
        break;
    }
}

void whale_step(Whale *c, const TickCtx *ctx) {
    c->age++;
    if (c->hurt_ticks > 0) c->hurt_ticks--;
    if (!c->alive) {
        c->dead_ticks++;
        return;
    }
    if (c->boss) dive_step(c, ctx);
    whale_move(c, ctx->map);
}

// Centre and radius of the hit circle of body part i (0 the head, i >= 1
// the middle of segment i-1).
static void part_circle(const Whale *c, int i, Vec2 *p, double *r) {
    if (i == 0) {
        *p = c->pos;
        *r = 0.5 * c->width[1];
        return;
    }
    Vec2 front = i == 1 ? c->pos : c->seg[i - 2];
    *p = v2_lerp(front, c->seg[i - 1], 0.5);
    double wmid = 0.5 * (c->width[i - 1] + c->width[i]);
    if (i == WHALE_SEGMENTS) wmid = 0.5 * c->width[WHALE_SEGMENTS - 1];   // the tail fin is thin
    *r = 0.5 * wmid;
}

static bool circle_hits(const Whale *c, Vec2 p, double r) {
    for (int i = 0; i <= WHALE_SEGMENTS; i++) {
        Vec2 q;
        double rq;
        part_circle(c, i, &q, &rq);
        double rr = r + rq;
        if (v2_len2(v2_sub(p, q)) <= rr * rr) return true;
    }
    return false;
}

bool whale_bullet_hit(Whale *c, const TickCtx *ctx, const Bullet *b) {
    if (!c->alive || !circle_hits(c, b->pos, b->radius)) return false;
    if (!c->boss) {
        events_push(ctx->events, EV_BLOCKED, WHO_WHALE, 0, b->pos.x, b->pos.y);
        return true;
    }
    c->hp -= b->damage > 0 ? b->damage : 1;
    c->hurt_ticks = WHALE_HURT_FLASH_TICKS;
    events_push(ctx->events, EV_HIT, WHO_WHALE, c->hp, b->pos.x, b->pos.y);
    if (c->hp <= 0) {
        c->hp = 0;
        c->alive = false;
        c->dead_ticks = 0;
        events_push(ctx->events, EV_BOSS_DOWN, WHO_WHALE, 0, c->pos.x, c->pos.y);
        return true;
    }
    int ph = phase_for(c);
    if (ph != c->phase) {
        c->phase = ph;
        events_push(ctx->events, EV_PHASE, WHO_WHALE, ph, c->pos.x, c->pos.y);
        if (c->dive == WHALE_CRUISE) {
            c->dive_timer = DIVE_EVERY[ph] / 2;   // the first dive of a phase comes soon
            set_speed(c, c->speed * PHASE_SPEED[ph]);
        }
    }
    return true;
}

bool whale_touches(const Whale *c, Vec2 p, double r) { return c->alive && circle_hits(c, p, r); }

bool whale_blocks_win(const Whale *c) { return c->boss && c->alive; }

bool whale_is_boss(const Whale *c) { return c->boss; }

Vec2 whale_pos(const Whale *c) { return c->pos; }

bool whale_alive(const Whale *c) { return c->alive; }

void whale_health(const Whale *c, int *hp, int *hp_max) {
    *hp = c->hp;
    *hp_max = c->hp_max;
}

// As phase_for: phase k from hp * 3 <= hp_max * (3 - k).
int whale_phase_marks(const Whale *c, int *hp, int max) {
    int n = 0;
    for (int k = 1; k < WHALE_PHASES && n < max && c->boss; k++) {
        int at = c->hp_max * (WHALE_PHASES - k) / WHALE_PHASES;
        if (at >= 1) hp[n++] = at;
    }
    return n;
}

void whale_hash(const Whale *c, Hash *h) {
    hash_f64(h, c->pos.x);
    hash_f64(h, c->pos.y);
    hash_f64(h, c->vel.x);
    hash_f64(h, c->vel.y);
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        hash_f64(h, c->seg[i].x);
        hash_f64(h, c->seg[i].y);
        hash_f64(h, c->seg_len[i]);
    }
    for (int i = 0; i <= WHALE_SEGMENTS; i++) hash_f64(h, c->width[i]);
    hash_f64(h, c->size);
    hash_f64(h, c->margin_px);
    hash_f64(h, c->speed);
    hash_f64(h, c->shield_px);
    hash_u64(h, c->push_head);
    hash_u64(h, c->boss);
    hash_i64(h, c->hp);
    hash_i64(h, c->hp_max);
    hash_u64(h, c->alive);
    hash_i64(h, c->phase);
    hash_i64(h, c->dive);
    hash_i64(h, c->dive_timer);
    hash_i64(h, c->bounces);
    hash_i64(h, c->age);
    hash_i64(h, c->dead_ticks);
    hash_i64(h, c->hurt_ticks);
}

double whale_link_error(const Whale *c) {
    double worst = 0.0;
    Vec2 target = c->pos;
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        double e = fabs(v2_dist(c->seg[i], target) - c->seg_len[i]);
        if (e > worst) worst = e;
        target = c->seg[i];
    }
    return worst;
}

void whale_probes(const Whale *c, WhaleProbes *out) {
    out->x = c->pos.x;
    out->y = c->pos.y;
    out->bounces = (double)c->bounces;
    out->link_error = whale_link_error(c);
    out->hp = c->hp;
    out->phase = c->phase;
}

int whale_pushers(const Whale *c, StarPusher *out, int max) {
    if (!c->alive || max <= 0) return 0;
    int n = 0;
    out[n++] = (StarPusher){c->pos.x, c->pos.y, c->shield_px};
    if (c->push_head) return n;
    for (int i = 0; i < WHALE_SEGMENTS && n < max; i++)
        out[n++] = (StarPusher){c->seg[i].x, c->seg[i].y, c->shield_px};
    return n;
}
