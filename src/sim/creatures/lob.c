// lob.c -- the lob a boss answers a parked player with (lob.h): the watch
// on the player's stand, the wind-up, the arc that clears the rock onto
// the marked spot, the burst into shards. Pure, deterministic, no
// allocation.
#include "sim/creatures/lob.h"

#include "core/dmath.h"
#include "sim/tick.h"

// The launch speed that brings a lob from `from` to `to` in exactly n
// ticks, as move() moves it (the speed gains gravity, then the position
// the speed): to = from + n v0 + g n (n + 1) / 2.
static Vec2 launch_speed(const LobTuning *t, Vec2 from, Vec2 to, int n) {
    double fall = t->gravity_px * n * (n + 1) / 2.0;
    return v2((to.x - from.x) / n, (to.y - from.y - fall) / n);
}

static void move(const LobTuning *t, Vec2 *p, Vec2 *v) {
    v->y += t->gravity_px;
    *p = v2_add(*p, *v);
}

// Does the arc from `from` at speed v0 stay clear of rock for n ticks?
static bool arc_clear(const LobTuning *t, const Tilemap *map, Vec2 from, Vec2 v0, int n) {
    Vec2 p = from, v = v0;
    TileHit hit;
    for (int k = 0; k < n; k++) {
        Vec2 q = p;
        move(t, &p, &v);
        if (!tilemap_segment_open(map, q, p) && tilemap_cast(map, q, p, &hit)) return false;
    }
    return true;
}

// The first flight time of the tuning's whose arc from `from` to `to` is
// clear; 0 when none is.
static int clear_flight(const LobTuning *t, const Tilemap *map, Vec2 from, Vec2 to, Vec2 *v0) {
    for (int f = 0; f < LOB_MAX_FLIGHTS && t->flights[f] > 0; f++) {
        *v0 = launch_speed(t, from, to, t->flights[f]);
        if (arc_clear(t, map, from, *v0, t->flights[f])) return t->flights[f];
    }
    return 0;
}

// Aims the lob from `from` at the mark: straight onto it when an arc
// reaches it; else onto the nearest point in sight of the mark that an arc
// reaches (upward directions first); else straight at it anyway (it bursts
// on the rock on the way). Returns the flight time, sets the launch speed.
static int aim(const LobTuning *t, const Tilemap *map, Vec2 from, Vec2 mark, Vec2 *v0) {
    int n = clear_flight(t, map, from, mark, v0);
    if (n) return n;
    TileHit hit;
    for (double d = t->airburst_step_px; d <= t->airburst_px; d += t->airburst_step_px) {
        for (int k = 0; k < t->airburst_dirs; k++) {
            // Straight up first, then alternately either side of it.
            int side = (k + 1) / 2 * (k % 2 ? 1 : -1);
            double s, co;
            dm_sincos(-DM_PI / 2 + side * DM_TAU / t->airburst_dirs, &s, &co);
            Vec2 q = v2(mark.x + co * d, mark.y + s * d);
            if (tilemap_point_solid(map, q) || tilemap_cast(map, q, mark, &hit)) continue;
            n = clear_flight(t, map, from, q, v0);
            if (n) return n;
        }
    }
    n = t->flights[0];
    *v0 = launch_speed(t, from, mark, n);
    return n;
}

static void shard(const LobTuning *t, const TickCtx *ctx, Vec2 at, double ang, int ttl) {
    double s, co;
    dm_sincos(ang, &s, &co);
    double speed = t->shard_speed_px * ctx->shot_speed;
    bullets_spawn(ctx->bullets, OWNER_ENEMY, (EventWho)t->who, at, v2(co * speed, s * speed), t->shard_radius_px,
                  t->shard_damage, ttl);
}

// The lob bursts at `at`: a short splash all round, and shards aimed at
// the mark when it burst away from it.
static void burst(Lob *l, const LobTuning *t, const TickCtx *ctx, Vec2 at) {
    l->flight = 0;
    l->pos = at;
    l->vel = v2(0.0, 0.0);
    for (int k = 0; k < t->splash; k++) shard(t, ctx, at, DM_TAU * (k + 0.5) / t->splash, t->splash_ttl);
    Vec2 to = v2_sub(l->mark, at);
    if (v2_len2(to) > t->radius_px * t->radius_px) {
        double ang = dm_atan2(to.y, to.x);
        for (int k = 0; k < t->aimed; k++)
            shard(t, ctx, at, ang + t->spread_rad * (k - (t->aimed - 1) / 2.0), t->shard_ttl);
    }
    events_push(ctx->events, EV_ENEMY_SHOT, (EventWho)t->who, t->splash, at.x, at.y);
}

static void fly(Lob *l, const LobTuning *t, const TickCtx *ctx) {
    Vec2 q = l->pos;
    move(t, &l->pos, &l->vel);
    TileHit hit;
    if (!tilemap_segment_open(ctx->map, q, l->pos) && tilemap_cast(ctx->map, q, l->pos, &hit)) {
        burst(l, t, ctx, hit.point);
        return;
    }
    double r = t->radius_px + ctx->player.radius;
    if (--l->flight <= 0 || v2_len2(v2_sub(l->pos, ctx->player.pos)) <= r * r) burst(l, t, ctx, l->pos);
}

void lob_step(Lob *l, const LobTuning *t, Vec2 from, const TickCtx *ctx) {
    Vec2 p = ctx->player.pos;
    double rr = t->still_radius_px;
    if (v2_len2(v2_sub(p, l->still_at)) > rr * rr) {
        l->still_at = p;
        l->still_ticks = 0;
    } else if (l->still_ticks < 1000000) {
        l->still_ticks++;
    }
    if (l->flight > 0) fly(l, t, ctx);
    if (l->windup > 0 && --l->windup == 0) {
        l->pos = from;
        l->flight = aim(t, ctx->map, from, l->mark, &l->vel);
        l->count++;
        events_push(ctx->events, EV_LOB_SHOT, (EventWho)t->who, 0, from.x, from.y);
    }
    // One lob at a time; the next needs another full stand.
    if (l->windup == 0 && l->flight == 0 && l->still_ticks >= t->still_ticks) {
        l->still_ticks = 0;
        l->mark = p;
        l->windup = t->windup_ticks;
        events_push(ctx->events, EV_LOB_TELL, (EventWho)t->who, 0, p.x, p.y);
    }
}

void lob_cancel(Lob *l) { l->windup = l->flight = 0; }

FIELDS_HASH_FN(void lob_hash, Lob, LOB_FIELDS)
