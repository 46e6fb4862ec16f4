// whale.c -- the whale shark: bouncing head, follow-the-leader body, boss
// phases and dives, bullets and contact. The algorithm is described in whale.h.
#include "sim/creatures/whale.h"
#include "sim/creatures/whale_local.h"

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
static const int SPOUT_SHOTS[WHALE_PHASES] = WHALE_SPOUT_SHOTS;

// The blow at a parked player (lob.h, whale.h's WHALE_BLOW_*).
static const LobTuning BLOW = {
    .still_radius_px = WHALE_STILL_RADIUS_PX,
    .still_ticks = WHALE_STILL_TICKS,
    .windup_ticks = WHALE_BLOW_WINDUP_TICKS,
    .gravity_px = WHALE_BLOW_GRAVITY_PX,
    .flights = WHALE_BLOW_FLIGHTS,
    .radius_px = WHALE_BLOW_RADIUS_PX,
    .airburst_px = WHALE_BLOW_AIRBURST_PX,
    .airburst_step_px = WHALE_BLOW_AIRBURST_STEP_PX,
    .airburst_dirs = WHALE_BLOW_AIRBURST_DIRS,
    .splash = WHALE_BLOW_SPLASH,
    .splash_ttl = WHALE_BLOW_SPLASH_TTL,
    .aimed = WHALE_BLOW_AIMED,
    .spread_rad = WHALE_BLOW_SPREAD_RAD,
    .shard_speed_px = WHALE_BLOW_SHARD_SPEED_PX,
    .shard_radius_px = WHALE_SPOUT_RADIUS_PX,
    .shard_damage = 1,
    .shard_ttl = WHALE_SPOUT_TTL_TICKS,
    .who = WHO_WHALE,
};

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
    {"escort", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(escort_px), 0, 1024, 0,
     .doc = "a hazard that keeps steering toward the point this many px above the player (0: it only cruises); "
            "the finale's whale, whose hide stops Tetran's shots"},
};
#undef FIELD
static const ParamTable TABLE = {"whale", sizeof(WhaleConfig), PARAMS, (int)(sizeof PARAMS / sizeof PARAMS[0])};

const ParamTable *whale_params(void) { return &TABLE; }

// Budget (level.h): its 9 body parts; a player bullet in its box tests the
// box and each body circle; and the stars it can part: the band two shield
// radii wide along its body and along the path it covers while a pushed
// star comes home at its top speed (a dive), plus a shield's disc.
static int64_t units(const void *cfg) {
    (void)cfg;
    return WHALE_SEGMENTS + 1;
}
static int64_t hit_tests(const void *cfg) {
    (void)cfg;
    return 1 + WHALE_SEGMENTS + 1;
}
static double star_reach(const void *cfg, int *pushers) {
    const WhaleConfig *c = cfg;
    double r = c->shield_px;
    double body = c->push_head ? 0.0 : c->size * ((WHALE_SEGMENTS - 1) * WHALE_SEG_LEN_PX + WHALE_TAIL_LEN_PX);
    double path = LEVEL_STAR_RETURN_TICKS * WHALE_DIVE_SPEED * c->speed;
    *pushers = c->push_head ? 1 : WHALE_PUSHERS;
    return 2.0 * r * (body + path) + DM_PI * r * r;
}

static const CreatureDesc DESC = {
    .name = "whale",
    .boss_name = "WHALE SHARK",
    .hash_order = 3,
    .summary = "a bouncing head with follow-the-leader segments whose body parts the starfield; it charges and "
               "spouts fans of shots (boss), or circles as an unkillable hazard",
    .cost = "9 (its body), plus its share of the star work",
    .params = whale_params,
    .units = units,
    .hit_tests = hit_tests,
    .star_reach = star_reach,
};

const CreatureDesc *whale_desc(void) { return &DESC; }

void whale_config_default(WhaleConfig *cfg) { param_defaults(&TABLE, cfg); }

bool whale_config_set(WhaleConfig *cfg, const char *key, const char *val, char *why, size_t why_n) {
    return param_set(&TABLE, cfg, key, val, why, why_n);
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
    c->escort_px = c->boss ? 0.0 : cfg->escort_px;
    c->margin_px = 0.5 * c->width[2] + 10.0 * size;

    // Heading: one of four diagonal quadrants, 25..65 degrees off the x axis,
    // so neither velocity component is tiny.
    uint32_t quadrant = rng_below(rng, 4);
    double a = rng_range(rng, 25.0, 65.0) * (DM_PI / 180.0) + quadrant * (DM_PI / 2.0);
    double s, co;
    dm_sincos(a, &s, &co);
    c->vel = c->turn_vel = v2(co * c->speed, s * c->speed);
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

// Is the point r px ahead of the head on x (ax) or y (ay), or diagonally
// when both are set, solid?
static bool blocked(const Whale *c, const Tilemap *m, double ax, double ay, double r) {
    double k = ax != 0.0 && ay != 0.0 ? DM_SQRT1_2 : 1.0;
    return solid(m, v2(c->pos.x + ax * r * k, c->pos.y + ay * r * k));
}

static double sign_of(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }

// Free distance from the head to solid along x (ax) or y (ay), searched
// in steps of a quarter margin up to max_px.
static double room(const Whale *c, const Tilemap *m, double ax, double ay, double max_px) {
    double step = 0.25 * c->margin_px, d = step;
    while (d < max_px && !blocked(c, m, ax, ay, d)) d += step;
    return d - step;
}

// The body's curl: the signed sum of the bends from the tail to the head's
// heading (positive the way a turn of sense +1 goes).
static double curl(const Whale *c) {
    double sum = 0.0;
    Vec2 ahead = v2_norm(c->vel), front = c->pos;
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        Vec2 d = v2_sub(front, c->seg[i]);
        if (v2_len(d) > 1e-9 && (ahead.x != 0.0 || ahead.y != 0.0))
            sum += dm_atan2(d.x * ahead.y - d.y * ahead.x, v2_dot(ahead, d));
        ahead = d;
        front = c->seg[i];
    }
    return sum;
}

// Plans a corner's U-turn: its sense and radius. Turning one way sweeps the
// head toward the x wall, the other toward the y wall, by at most twice the
// radius; it takes the sense with more room and the radius that keeps the
// margin there (at most WHALE_CORNER_RADIUS_PX, at least a quarter margin).
// Rotating by +a changes vx by -vy a and vy by vx a, so sense vx*vy shrinks
// vx first (sweeping toward the y wall). A body already curled more than
// WHALE_CURL_MAX_RAD that way turns the other way round: another U-turn the
// same way would coil it (a pocket beside a ledge, corner after corner).
static void corner_turn(Whale *c, const Tilemap *m, double vx, double vy, double look_px) {
    double to_x = room(c, m, vx, 0.0, look_px), to_y = room(c, m, 0.0, vy, look_px);
    double free_px = dm_fmax(to_x, to_y) - c->margin_px;
    c->turn_dir = (int)(to_y >= to_x ? vx * vy : -vx * vy);
    if (c->turn_dir * curl(c) > WHALE_CURL_MAX_RAD) c->turn_dir = -c->turn_dir;   // an S, not a coil
    c->turn_radius_px = dm_fmax(dm_fmin(0.5 * free_px, WHALE_CORNER_RADIUS_PX * c->size), WHALE_TURN_MIN_PX * c->size);
}

// A bounce. Looking ahead: the components of turn_vel (the velocity the
// head turns to) whose probe point, the margin plus WHALE_BOUNCE_RADIUS_PX
// (x size) ahead of the head in the direction it heads for, is solid flip
// (one bounce each; a corner met diagonally flips both), and the head turns
// onto turn_vel along that circle, so it keeps the margin from the wall.
// A corner: when one wall is seen and the other lies within the look-ahead
// plus the circle's radius, both flip at once and the head turns about in
// one sweep (corner_turn: wall by wall, or on the wide circle, it would run
// deep into the corner and crumple the body there).
// Close by, for when the head could not see the wall early enough (a dive,
// rock just behind the wall it turned from): a component of the velocity
// moving toward solid within the margin flips in turn_vel (a bounce, unless
// the turn had flipped it already) and the head turns there on a circle of
// WHALE_TURN_MIN_PX, the shorter way: it still never reaches the rock, and
// the follow's bend limit keeps the body from folding.
static void bounce(Whale *c, const Tilemap *m) {
    double sx = sign_of(c->turn_vel.x), sy = sign_of(c->turn_vel.y);
    double radius = WHALE_BOUNCE_RADIUS_PX * c->size, ahead = c->margin_px + radius;
    // (Between two walls closer than that, e.g. in a gap beside a ledge,
    // looking ahead would flip to and fro: only the close-by rule works there.)
    bool fx = sx != 0.0 && blocked(c, m, sx, 0.0, ahead) && !blocked(c, m, -sx, 0.0, ahead);
    bool fy = sy != 0.0 && blocked(c, m, 0.0, sy, ahead) && !blocked(c, m, 0.0, -sy, ahead);
    bool corner = !fx && !fy && sx != 0.0 && sy != 0.0 && blocked(c, m, sx, sy, ahead);
    double vx = sign_of(c->vel.x), vy = sign_of(c->vel.y);
    corner |= fx && !fy && sy != 0.0 && blocked(c, m, 0.0, sy, ahead + radius);
    corner |= fy && !fx && sx != 0.0 && blocked(c, m, sx, 0.0, ahead + radius);
    if (corner) {
        fx = fy = true;
        corner_turn(c, m, vx, vy, ahead + radius);
    }
    if (fx) { c->turn_vel.x = -c->turn_vel.x; c->bounces++; }
    if (fy) { c->turn_vel.y = -c->turn_vel.y; c->bounces++; }
    bool nx = vx != 0.0 && blocked(c, m, vx, 0.0, c->margin_px);
    bool ny = vy != 0.0 && blocked(c, m, 0.0, vy, c->margin_px);
    if (!nx && !ny && vx != 0.0 && vy != 0.0 && blocked(c, m, vx, vy, c->margin_px)) nx = ny = true;
    if (nx && sign_of(c->turn_vel.x) == vx) { c->turn_vel.x = -c->turn_vel.x; c->bounces++; }
    if (ny && sign_of(c->turn_vel.y) == vy) { c->turn_vel.y = -c->turn_vel.y; c->bounces++; }
    if (nx || ny) {
        c->turn_dir = 0;
        c->turn_radius_px = WHALE_TURN_MIN_PX * c->size;
    }
}

// Turns the velocity toward turn_vel for a step of step_px and lands exactly
// on it: along a circle of WHALE_BOUNCE_RADIUS_PX (x size) the shorter way
// round, or along turn_radius_px when bounce set one (a corner, in the sense
// corner_turn planned; a wall close by).
static void turn(Whale *c, double step_px) {
    if (c->vel.x == c->turn_vel.x && c->vel.y == c->turn_vel.y) {
        c->turn_dir = 0;
        c->turn_radius_px = 0.0;
        return;
    }
    double v = v2_len(c->vel);
    Vec2 u = v2_scale(c->vel, 1.0 / v), goal = v2_norm(c->turn_vel);
    double ang = dm_atan2(u.x * goal.y - u.y * goal.x, v2_dot(u, goal));     // (-pi, pi]
    double left = c->turn_dir > 0 ? (ang >= 0.0 ? ang : ang + DM_TAU)
                : c->turn_dir < 0 ? (ang <= 0.0 ? -ang : DM_TAU - ang) : fabs(ang);
    double sense = c->turn_dir != 0 ? c->turn_dir : ang < 0.0 ? -1.0 : 1.0;
    double radius = c->turn_radius_px > 0.0 ? c->turn_radius_px : WHALE_BOUNCE_RADIUS_PX * c->size;
    double step = step_px / radius;
    if (left <= step) {
        c->vel = c->turn_vel;
        c->turn_dir = 0;
        c->turn_radius_px = 0.0;
        return;
    }
    double sn, cs;
    dm_sincos(sense * step, &sn, &cs);
    c->vel = v2((u.x * cs - u.y * sn) * v, (u.x * sn + u.y * cs) * v);
}

// The last resort, for rock the look-ahead cannot see in time (a slope's
// face met at a glancing angle by axis-aligned probes): a step that would
// put the head in rock or off the map is not taken; the head stays at from
// (free: it only ever moves to free points) and the velocity's components
// that lead into the rock (each alone, or both when only the diagonal
// does) flip at once, turn included. The follow's bend limit keeps the
// body from folding on the sudden turn.
static void stop_at_rock(Whale *c, const Tilemap *m, Vec2 from, Vec2 step) {
    c->pos = from;
    bool bx = step.x != 0.0 && solid(m, v2(from.x + step.x, from.y));
    bool by = step.y != 0.0 && solid(m, v2(from.x, from.y + step.y));
    if (!bx && !by) bx = by = true;
    if (bx) c->vel.x = -c->vel.x;
    if (by) c->vel.y = -c->vel.y;
    c->turn_vel = c->vel;
    c->turn_dir = 0;
    c->turn_radius_px = 0.0;
    c->bounces += bx + by;
}

void whale_move(Whale *c, const Tilemap *map) {
    double v = v2_len(c->vel);
    double step_max = 0.25 * c->margin_px;
    int n = v > step_max ? (int)ceil(v / step_max) : 1;
    for (int k = 0; k < n; k++) {
        Vec2 from = c->pos, step = v2_scale(c->vel, 1.0 / n);
        c->pos = v2_add(from, step);
        if (solid(map, c->pos)) stop_at_rock(c, map, from, step);
        bounce(c, map);
        turn(c, v / n);
    }
    whale_follow(c);
}

static void set_speed(Whale *c, double s) {
    Vec2 d = v2_norm(c->vel), t = v2_norm(c->turn_vel);
    if (d.x == 0.0 && d.y == 0.0) d = t = v2(1.0, 0.0);
    bool turning = c->vel.x != c->turn_vel.x || c->vel.y != c->turn_vel.y;
    c->vel = v2_scale(d, s);
    c->turn_vel = turning ? v2_scale(t, s) : c->vel;
}

static int phase_for(const Whale *c) {
    if (!c->boss) return 0;
    if (c->hp * 3 <= c->hp_max) return 2;
    if (c->hp * 3 <= c->hp_max * 2) return 1;
    return 0;
}

// Turns the heading toward target, never tighter than a circle of
// WHALE_TURN_RADIUS_PX (a sudden reversal would fold the body onto itself).
// A bounce's turn under way goes on toward its own goal afterwards.
static void steer(Whale *c, Vec2 target) {
    Vec2 d = v2_sub(target, c->pos);
    double v = v2_len(c->vel);
    if ((d.x == 0.0 && d.y == 0.0) || v == 0.0) return;
    bool turning = c->vel.x != c->turn_vel.x || c->vel.y != c->turn_vel.y;
    double max_turn = v / (WHALE_TURN_RADIUS_PX * c->size);
    double a = dm_atan2(c->vel.y, c->vel.x);
    double turn = dm_wrap(dm_atan2(d.y, d.x) - a);
    if (turn > max_turn) turn = max_turn;
    if (turn < -max_turn) turn = -max_turn;
    double sn, cs;
    dm_sincos(a + turn, &sn, &cs);
    c->vel = v2(cs * v, sn * v);
    if (!turning) c->turn_vel = c->vel;
}

// The spout: a fan of shots from the head at the player; every other volley
// (half) is turned half a spread, so it fills the gaps of the one before.
static void spout(Whale *c, const TickCtx *ctx, int half) {
    Vec2 d = v2_sub(ctx->player.pos, c->pos);
    double base = (d.x == 0.0 && d.y == 0.0) ? 0.0 : dm_atan2(d.y, d.x);
    int n = SPOUT_SHOTS[c->phase];
    for (int k = 0; k < n; k++) {
        double s, co;
        dm_sincos(base + (k - (n - 1) * 0.5 + 0.5 * half) * WHALE_SPOUT_SPREAD_RAD, &s, &co);
        Vec2 vel = v2_scale(v2(co, s), WHALE_SPOUT_SPEED_PX * ctx->shot_speed);
        bullets_spawn(ctx->bullets, OWNER_ENEMY, WHO_WHALE, c->pos, vel, WHALE_SPOUT_RADIUS_PX, 1,
                      WHALE_SPOUT_TTL_TICKS);
    }
    events_push(ctx->events, EV_ENEMY_SHOT, WHO_WHALE, n, c->pos.x, c->pos.y);
}

// Boss behaviour, two telegraphed attacks in turn. Every DIVE_EVERY ticks
// (a phase's; the difficulty's fire rate shortens it) the whale charges:
// it slows to telegraph while turning toward the player (its aim drawn as a
// line), then rushes, still homing for its first ticks, then cruises on at
// its phase's speed in whatever direction the rush and bounces left it.
// Where the rush ends, close to the player, it spouts: slows and swells for
// WHALE_SPOUT_WINDUP_TICKS, then fans WHALE_SPOUT_VOLLEYS volleys of shots
// at the player, WHALE_SPOUT_GAP_TICKS apart, and cruises on.
static void dive_step(Whale *c, const TickCtx *ctx) {
    double cruise = c->speed * PHASE_SPEED[c->phase];
    int every = DIVE_EVERY[c->phase] > 0 ? tick_fire_interval(ctx, DIVE_EVERY[c->phase]) : 0;
    switch (c->dive) {
    case WHALE_CRUISE:
        if (every > 0 && --c->dive_timer <= 0) {
            c->dive = WHALE_WINDUP;
            c->dive_timer = WHALE_WINDUP_TICKS;
            c->aim = ctx->player.pos;
            c->attacks++;
            events_push(ctx->events, EV_WHALE_TELL, WHO_WHALE, 0, c->pos.x, c->pos.y);
            set_speed(c, cruise * WHALE_WINDUP_SPEED);
        }
        break;
    case WHALE_SWELL:
        ++c->dive_timer;
        for (int v = 0; v + 1 < WHALE_SPOUT_VOLLEYS; v++)
            if (c->dive_timer == WHALE_SPOUT_WINDUP_TICKS + v * WHALE_SPOUT_GAP_TICKS) spout(c, ctx, v & 1);
        if (c->dive_timer >= WHALE_SPOUT_WINDUP_TICKS + (WHALE_SPOUT_VOLLEYS - 1) * WHALE_SPOUT_GAP_TICKS) {
            spout(c, ctx, (WHALE_SPOUT_VOLLEYS - 1) & 1);
            c->dive = WHALE_CRUISE;
            c->dive_timer = every;
            set_speed(c, cruise);
        }
        break;
    case WHALE_WINDUP:
        steer(c, ctx->player.pos);
        c->aim = ctx->player.pos;
        if (--c->dive_timer <= 0) {
            double s = c->speed * WHALE_DIVE_SPEED;
            set_speed(c, s > WHALE_DIVE_SPEED_MAX_PX ? WHALE_DIVE_SPEED_MAX_PX : s);
            c->dive = WHALE_DIVING;
            c->dive_timer = WHALE_DIVE_TICKS;
        }
        break;
    case WHALE_DIVING:
        if (c->dive_timer > WHALE_DIVE_TICKS - WHALE_DIVE_HOMING_TICKS) steer(c, ctx->player.pos);
        if (--c->dive_timer <= 0) {                   // the rush is over: swell to spout
            c->dive = WHALE_SWELL;
            c->dive_timer = 0;                         // counts the swell's ticks up
            c->attacks++;
            events_push(ctx->events, EV_WHALE_TELL, WHO_WHALE, 1, c->pos.x, c->pos.y);
            set_speed(c, cruise * WHALE_WINDUP_SPEED);
        }
        break;
    }
}

// Dead: it rolls onto its back and sinks, its velocity easing to a slow
// fall straight down, until it rests just above rock; the body sinks with
// it and follows.
static void sink(Whale *c, const Tilemap *m) {
    c->dead_ticks++;
    c->roll = dm_fmin(1.0, (double)c->dead_ticks / WHALE_ROLL_TICKS);
    Vec2 goal = v2(0.0, WHALE_SINK_PX * c->size);
    c->vel = v2_add(c->vel, v2_scale(v2_sub(goal, c->vel), WHALE_SINK_EASE));
    c->turn_vel = c->vel;
    Vec2 next = v2_add(c->pos, c->vel);
    double rest = WHALE_REST_PX * c->size + 0.5 * c->width[0];
    if (solid(m, v2(next.x, next.y + rest)) || solid(m, v2(next.x + sign_of(c->vel.x) * rest, next.y))) {
        c->vel = v2(0.0, 0.0);                         // resting on the rock
        c->turn_vel = c->vel;
    } else {
        c->pos = next;
    }
    // The body sinks too (each joint falls as the head does until it lies
    // on rock), then the follow places it exactly behind the head again:
    // the dead whale comes to lie along the floor, not hang from its head.
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        Vec2 down = v2(c->seg[i].x, c->seg[i].y + WHALE_SINK_PX * c->size);
        if (!solid(m, v2(down.x, down.y + 0.5 * c->width[i + 1] + WHALE_REST_PX * c->size))) c->seg[i] = down;
    }
    whale_follow(c);
}

static bool circle_hits(const Whale *c, Vec2 p, double r);

// Its hide stops every other creature's shots too (the finale's idea: the
// player shelters in the whale's shadow from Tetran's fire): an enemy shot
// not its own that touches the living whale is gone, with a spark
// (EV_BLOCKED). Counted in shots_eaten.
static void eat_shots(Whale *c, const TickCtx *ctx) {
    Box me;
    if (!ctx->bullets || !whale_bounds(c, &me)) return;
    Bullets *bs = ctx->bullets;
    for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i)) {
        const Bullet *b = &bs->b[i];
        if (b->owner != OWNER_ENEMY || b->from == WHO_WHALE) continue;
        if (!box_overlap(me, box_around(b->pos, b->radius)) || !circle_hits(c, b->pos, b->radius)) continue;
        events_push(ctx->events, EV_BLOCKED, WHO_WHALE, 1, b->pos.x, b->pos.y);
        bullets_kill(bs, i);
        c->shots_eaten++;
    }
}

void whale_step(Whale *c, const TickCtx *ctx) {
    c->age++;
    if (c->hurt_ticks > 0) c->hurt_ticks--;
    if (c->shudder_amp > 0.0) {                        // the shudder dies out
        c->shudder_ticks++;
        c->shudder_amp *= WHALE_SHUDDER_DECAY;
        if (c->shudder_amp < WHALE_SHUDDER_END_RAD) c->shudder_amp = 0.0;
    }
    if (!c->alive) {
        lob_cancel(&c->lob);                           // a blow in flight is gone with it
        sink(c, ctx->map);
        return;
    }
    if (c->boss) dive_step(c, ctx);
    else if (c->escort_px > 0.0) steer(c, v2(ctx->player.pos.x, ctx->player.pos.y - c->escort_px));
    whale_move(c, ctx->map);
    eat_shots(c, ctx);
    if (ctx->state == GAME_PLAYING) lob_step(&c->lob, &BLOW, c->pos, ctx);
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
    // The shudder: the wave restarts from the head, stronger (bounded).
    c->shudder_amp = dm_fmin(WHALE_SHUDDER_MAX_RAD, c->shudder_amp * 0.5 + WHALE_SHUDDER_KICK_RAD);
    c->shudder_ticks = 0;
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

bool whale_bounds(const Whale *c, Box *out) {
    if (!c->alive) return false;
    for (int i = 0; i <= WHALE_SEGMENTS; i++) {
        Vec2 q;
        double rq;
        part_circle(c, i, &q, &rq);
        if (i == 0) *out = box_around(q, rq);
        else box_add(out, box_around(q, rq));
    }
    return true;
}

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

FIELDS_HASH_FN(void whale_hash, Whale, WHALE_FIELDS)

void whale_probes(const Whale *c, WhaleProbes *out) {
    out->self_gap = whale_self_gap(c);
    out->attacks = (double)c->attacks;
    out->shudder = 0.0;
    for (int i = 0; i < WHALE_SEGMENTS; i++) out->shudder = dm_fmax(out->shudder, fabs(c->shudder_applied[i]));
    out->roll = c->roll;
    out->shots_eaten = (double)c->shots_eaten;
    out->blows = (double)c->lob.count;
    out->x = c->pos.x;
    out->y = c->pos.y;
    out->bounces = (double)c->bounces;
    out->link_error = whale_link_error(c);
    out->bend = whale_bend(c);
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
