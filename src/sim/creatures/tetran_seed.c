// tetran_seed.c -- no safe spot at Tetran (issue 23): a player who stands
// still too long is marked, the core swells and lobs a seed in an arc that
// clears the rock onto the marked spot, where it bursts into shards. Pure,
// deterministic, no allocation: a few hundred tile casts when a seed is aimed.
#include <math.h>

#include "core/dmath.h"
#include "sim/creatures/tetran_local.h"
#include "sim/tick.h"

static const int FLIGHTS[] = TETRAN_SEED_FLIGHTS;
#define NFLIGHTS ((int)(sizeof FLIGHTS / sizeof FLIGHTS[0]))

// The launch speed that brings a seed from `from` to `to` in exactly n
// ticks, as seed_move moves it (the speed gains gravity, then the position
// the speed): to = from + n v0 + g n (n + 1) / 2.
static Vec2 launch_speed(Vec2 from, Vec2 to, int n) {
    double fall = TETRAN_SEED_GRAVITY_PX * n * (n + 1) / 2.0;
    return v2((to.x - from.x) / n, (to.y - from.y - fall) / n);
}

static void seed_move(Vec2 *p, Vec2 *v) {
    v->y += TETRAN_SEED_GRAVITY_PX;
    *p = v2_add(*p, *v);
}

// Does the arc from `from` at speed v0 stay clear of rock for n ticks?
static bool arc_clear(const Tilemap *map, Vec2 from, Vec2 v0, int n) {
    Vec2 p = from, v = v0;
    TileHit hit;
    for (int k = 0; k < n; k++) {
        Vec2 q = p;
        seed_move(&p, &v);
        if (!tilemap_segment_open(map, q, p) && tilemap_cast(map, q, p, &hit)) return false;
    }
    return true;
}

// The first flight time of FLIGHTS whose arc from `from` to `to` is clear;
// 0 when none is.
static int clear_flight(const Tilemap *map, Vec2 from, Vec2 to, Vec2 *v0) {
    for (int f = 0; f < NFLIGHTS; f++) {
        *v0 = launch_speed(from, to, FLIGHTS[f]);
        if (arc_clear(map, from, *v0, FLIGHTS[f])) return FLIGHTS[f];
    }
    return 0;
}

// Aims the seed from the core at the mark: straight onto it when an arc
// reaches it; else onto the nearest point in sight of the mark that an arc
// reaches (upward directions first); else straight at it anyway (it bursts
// on the rock on the way). Returns the flight time, sets the launch speed.
static int aim(const Tetran *c, const Tilemap *map, Vec2 *v0) {
    Vec2 from = c->pos, mark = c->seed_mark;
    int n = clear_flight(map, from, mark, v0);
    if (n) return n;
    TileHit hit;
    for (double d = TETRAN_SEED_AIRBURST_STEP_PX; d <= TETRAN_SEED_AIRBURST_PX; d += TETRAN_SEED_AIRBURST_STEP_PX) {
        for (int k = 0; k < TETRAN_SEED_AIRBURST_DIRS; k++) {
            // Straight up first, then alternately either side of it.
            int side = (k + 1) / 2 * (k % 2 ? 1 : -1);
            double s, co;
            dm_sincos(-DM_PI / 2 + side * DM_TAU / TETRAN_SEED_AIRBURST_DIRS, &s, &co);
            Vec2 q = v2(mark.x + co * d, mark.y + s * d);
            if (tilemap_point_solid(map, q) || tilemap_cast(map, q, mark, &hit)) continue;
            n = clear_flight(map, from, q, v0);
            if (n) return n;
        }
    }
    n = FLIGHTS[0];
    *v0 = launch_speed(from, mark, n);
    return n;
}

static void shard(Tetran *c, const TickCtx *ctx, Vec2 at, double ang, int ttl) {
    double s, co;
    dm_sincos(ang, &s, &co);
    double speed = TETRAN_SHOT_SPEED_PX * TETRAN_SEED_SHARD_SPEED * ctx->shot_speed;
    // Not counted in c->shots: that count picks the arm of the next aimed
    // shot and measures the fire rate; the seeds have their own count.
    (void)c;
    bullets_spawn(ctx->bullets, OWNER_ENEMY, WHO_TETRAN, at, v2(co * speed, s * speed), TETRAN_SHOT_RADIUS_PX,
                  TETRAN_SHOT_DAMAGE, ttl);
}

// The seed bursts at `at`: a short splash all round, and shards aimed at
// the mark when it burst away from it.
static void burst(Tetran *c, const TickCtx *ctx, Vec2 at) {
    c->seed_flight = 0;
    c->seed_pos = at;
    c->seed_vel = v2(0.0, 0.0);
    for (int k = 0; k < TETRAN_SEED_SPLASH; k++)
        shard(c, ctx, at, DM_TAU * (k + 0.5) / TETRAN_SEED_SPLASH, TETRAN_SEED_SPLASH_TTL);
    Vec2 to = v2_sub(c->seed_mark, at);
    if (v2_len2(to) > TETRAN_SEED_RADIUS_PX * TETRAN_SEED_RADIUS_PX) {
        double ang = dm_atan2(to.y, to.x);
        for (int k = 0; k < TETRAN_SEED_AIMED; k++)
            shard(c, ctx, at, ang + TETRAN_SPREAD_RAD * (k - (TETRAN_SEED_AIMED - 1) / 2.0), TETRAN_SHOT_TTL_TICKS);
    }
    events_push(ctx->events, EV_ENEMY_SHOT, WHO_TETRAN, TETRAN_SEED_SPLASH, at.x, at.y);
}

static void fly(Tetran *c, const TickCtx *ctx) {
    Vec2 q = c->seed_pos;
    seed_move(&c->seed_pos, &c->seed_vel);
    TileHit hit;
    if (!tilemap_segment_open(ctx->map, q, c->seed_pos) && tilemap_cast(ctx->map, q, c->seed_pos, &hit)) {
        burst(c, ctx, hit.point);
        return;
    }
    double r = TETRAN_SEED_RADIUS_PX + ctx->player.radius;
    if (--c->seed_flight <= 0 || v2_len2(v2_sub(c->seed_pos, ctx->player.pos)) <= r * r) burst(c, ctx, c->seed_pos);
}

void tetran_seed_step(Tetran *c, const TickCtx *ctx) {
    Vec2 p = ctx->player.pos;
    double rr = TETRAN_STILL_RADIUS_PX;
    if (v2_len2(v2_sub(p, c->still_at)) > rr * rr) {
        c->still_at = p;
        c->still_ticks = 0;
    } else if (c->still_ticks < 1000000) {
        c->still_ticks++;
    }
    if (c->seed_flight > 0) fly(c, ctx);
    if (c->seed_windup > 0 && --c->seed_windup == 0) {
        c->seed_pos = c->pos;
        c->seed_flight = aim(c, ctx->map, &c->seed_vel);
        c->seeds++;
        events_push(ctx->events, EV_ENEMY_SHOT, WHO_TETRAN, 1, c->pos.x, c->pos.y);
    }
    // One seed at a time; the next needs another full stand.
    if (c->seed_windup == 0 && c->seed_flight == 0 && c->still_ticks >= TETRAN_STILL_TICKS) {
        c->still_ticks = 0;
        c->seed_mark = p;
        c->seed_windup = TETRAN_SEED_WINDUP_TICKS;
        events_push(ctx->events, EV_WINDUP, WHO_TETRAN, 0, c->pos.x, c->pos.y);
    }
}
