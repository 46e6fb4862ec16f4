// tentacle.c -- the tentacle boss: body drift, the head goals, aiming and
// firing, damage, phases and death; the chain update (follow or FABRIK,
// both lerped and finished by a hard clamp) is tentacle_chain.c, its
// vector passes tentacle_lanes.c. Deterministic; never allocates after
// init.
#include "sim/creatures/tentacle.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dmath.h"
#include "core/mem.h"
#include "sim/creatures/params.h"
#include "sim/creatures/tentacle_local.h"
#include "sim/tick.h"

static const ParamChoice SOLVERS[] = {
    {"follow", TENTACLE_SOLVER_FOLLOW},
    {"fabrik", TENTACLE_SOLVER_FABRIK},
    {NULL, 0},
};

static const LobTuning SPORE = {
    .still_radius_px = TENTACLE_STILL_RADIUS_PX,
    .still_ticks = TENTACLE_STILL_TICKS,
    .windup_ticks = TENTACLE_SPORE_WINDUP_TICKS,
    .gravity_px = TENTACLE_SPORE_GRAVITY_PX,
    .flights = TENTACLE_SPORE_FLIGHTS,
    .radius_px = TENTACLE_SPORE_RADIUS_PX,
    .airburst_px = TENTACLE_SPORE_AIRBURST_PX,
    .airburst_step_px = TENTACLE_SPORE_AIRBURST_STEP_PX,
    .airburst_dirs = TENTACLE_SPORE_AIRBURST_DIRS,
    .splash = TENTACLE_SPORE_SPLASH,
    .splash_ttl = TENTACLE_SPORE_SPLASH_TTL,
    .aimed = TENTACLE_SPORE_AIMED,
    .spread_rad = TENTACLE_SPREAD_RAD,
    .shard_speed_px = TENTACLE_SPORE_SHARD_SPEED_PX,
    .shard_radius_px = TENTACLE_SHOT_RADIUS_PX,
    .shard_damage = TENTACLE_SHOT_DAMAGE,
    .shard_ttl = TENTACLE_SHOT_TTL_TICKS,
    .who = WHO_TENTACLE,
};

#define FIELD(f) offsetof(TentacleConfig, f)
static const ParamDef PARAMS[] = {
    {"tentacles", PARAM_INT, PARAM_AS_INT, FIELD(tentacles), 1, TENTACLE_MAX_ARMS, 3, .doc = "tentacles on the body"},
    {"nodes", PARAM_INT, PARAM_AS_INT, FIELD(nodes), 2, TENTACLE_MAX_NODES, 16,
     .doc = "nodes per tentacle at spawn, tail and head included"},
    {"link", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(link_px), 1, 256, 22,
     .doc = "maximum link length, px (total length = (nodes-1) * link)"},
    {"hp", PARAM_INT, PARAM_AS_INT, FIELD(hp), 1, CREATURE_MAX_HP, 60, .doc = "body hit points"},
    {"home", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(home_px), 0, 32, 1.6,
     .doc = "speed of the head's target toward the player, px per tick (x1.6 from phase 1)"},
    {"lerp", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(lerp), 0.01, 1, 0.3,
     .doc = "fraction of the way a node moves to its target, per move step"},
    {"aim", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(aim_deg), 0, 90, 5,
     .doc = "firing tolerance, degrees, between the last link and the head-to-player direction"},
    {"cooldown", PARAM_INT, PARAM_AS_INT, FIELD(cooldown), 1, 6000, 70,
     .doc = "ticks between one tentacle's volleys"},
    {"bullet", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(bullet_px), 0.5, 32, 3.5, .doc = "bullet speed, px per tick"},
    {"grow", PARAM_INT, PARAM_AS_INT, FIELD(grow), 0, TENTACLE_MAX_GROW, 4,
     .doc = "nodes `add_node` adds to every tentacle at each phase change"},
    {"sway", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(sway_px), 0, 512, 64,
     .doc = "how far (px) the heads stand off from the player and swing sideways (0 = home straight onto him)"},
    {"roam", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(roam_px), 0, 4096, 96,
     .doc = "how far (px) the body drifts sideways from its spawn point to follow the player"},
    {"wave", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(wave), 0, 1, 0.15,
     .doc = "amplitude of a travelling wave along each tentacle, in links (0 = the pure update)"},
    {"solver", PARAM_CHOICE, PARAM_AS_INT, FIELD(solver), 0, 0, TENTACLE_SOLVER_FABRIK, SOLVERS,
     .doc = "the chain update (below)"},
    {"drift", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(drift_px), 0, 32, 0.45,
     .doc = "how fast (px per tick) the body drifts toward the player, within `roam`"},
    {"dive", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(dive_px), 0, 4096, 0,
     .doc = "how far (px) the body may sink below its spawn height toward a player far below (out of rock)"},
};
#undef FIELD
static const ParamTable TABLE = {"tentacle", sizeof(TentacleConfig), PARAMS,
                                 (int)(sizeof PARAMS / sizeof PARAMS[0])};

const ParamTable *tentacle_params(void) { return &TABLE; }

// Budget (level.h): the nodes it can grow to, tentacles x (nodes + 2 x
// grow); a player bullet in its box tests the box, the body and each
// tentacle's box.
static int64_t units(const void *cfg) {
    const TentacleConfig *c = cfg;
    return (int64_t)c->tentacles * (c->nodes + (TENTACLE_PHASES - 1) * (int64_t)c->grow);
}
static int64_t hit_tests(const void *cfg) {
    const TentacleConfig *c = cfg;
    return 2 + c->tentacles;
}

static const CreatureDesc DESC = {
    .name = "tentacle",
    .boss_name = "TENTACLE",
    .hash_order = 2,
    .summary = "a body whose tentacles home on the player, kept in shape by two constraint passes; a tentacle "
               "winds up and fires when its tip points at him",
    .cost = "`tentacles` x (`nodes` + 2 x `grow`): the nodes it can grow to",
    .params = tentacle_params,
    .units = units,
    .hit_tests = hit_tests,
};

const CreatureDesc *tentacle_desc(void) { return &DESC; }

void tentacle_config_default(TentacleConfig *cfg) { param_defaults(&TABLE, cfg); }

bool tentacle_config_set(TentacleConfig *cfg, const char *key, const char *val, char *why, size_t why_n) {
    return param_set(&TABLE, cfg, key, val, why, why_n);
}

// --- geometry helpers ---

static TentacleNode *node_at(Tentacle *c, int a, int j) { return &c->nodes[c->arms[a].first + j]; }

static Vec2 step_toward(Vec2 p, Vec2 goal, double max_px) {
    Vec2 d = v2_sub(goal, p);
    double l = v2_len(d);
    if (l <= max_px) return goal;
    return v2_add(p, v2_scale(d, max_px / l));
}

double tentacle_total_length(const Tentacle *c, int a) { return (c->arms[a].n - 1) * c->link_px; }

double tentacle_half_width(const Tentacle *c, int a, int j) {
    int n = c->arms[a].n;
    double s = n > 1 ? (double)j / (n - 1) : 0.0;
    double base = 4.0 + c->link_px * 0.5;
    if (base > c->radius * 0.45) base = c->radius * 0.45;
    double tip = 1.5;
    // Slightly convex taper: thick near the body, a whip at the end.
    return tip + (base - tip) * (1.0 - s) * (1.0 - 0.35 * s);
}

Vec2 tentacle_anchor(const Tentacle *c, int a) {
    Vec2 d = c->arms[a].root_dir;
    return v2(c->pos.x + d.x * c->radius * 0.8, c->pos.y + d.y * c->radius * 0.8);
}

// The arm's derived constants: the root's direction and the wave's steps
// along a chain of its node count (tentacle_chain.c's wave_sizes), so a
// tick works out none of these sines.
static void arm_constants(TentacleArm *arm) {
    dm_sincos(arm->root_rad, &arm->root_dir.y, &arm->root_dir.x);
    int h = arm->n - 1;
    if (h < 1) h = 1;
    dm_sincos(DM_PI / h, &arm->wave_step[0].x, &arm->wave_step[0].y);
    dm_sincos(9.0 / h, &arm->wave_step[1].x, &arm->wave_step[1].y);
}

double tentacle_aim_error(const Tentacle *c, int a, Vec2 target) {
    const TentacleArm *arm = &c->arms[a];
    Vec2 head = tentacle_node_at(c, a, arm->n - 1);
    Vec2 prev = tentacle_node_at(c, a, arm->n - 2);
    if (v2_len2(v2_sub(head, prev)) < 1e-18) return DM_PI;      // no last link, no direction: never aimed
    double tip = dm_atan2(head.y - prev.y, head.x - prev.x);
    double to = dm_atan2(target.y - head.y, target.x - head.x);
    double d = dm_wrap(to - tip);
    return d < 0 ? -d : d;
}

int tentacle_nearest_tip(const Tentacle *c, Vec2 p) {
    int best = 0;
    double best_d = 0.0;
    for (int a = 0; a < c->arm_count; a++) {
        double d = v2_len2(v2_sub(tentacle_node_at(c, a, c->arms[a].n - 1), p));
        if (a == 0 || d < best_d) best = a, best_d = d;
    }
    return best;
}

double tentacle_bend(const Tentacle *c, int a) {
    const TentacleArm *arm = &c->arms[a];
    const TentacleNode *nd = &c->nodes[arm->first];
    double worst = 0.0;
    Vec2 prev = v2(0.0, 0.0);
    bool have = false;
    for (int j = 1; j < arm->n; j++) {
        Vec2 d = v2_sub(nd[j].pos, nd[j - 1].pos);
        if (v2_len(d) < TENTACLE_LINK_MIN_PX) continue;
        if (have) {
            double ang = dm_atan2(prev.x * d.y - prev.y * d.x, v2_dot(prev, d));
            worst = dm_fmax(worst, fabs(ang));
        }
        prev = d;
        have = true;
    }
    return worst;
}

static double aim_tolerance(const Tentacle *c) { return c->cfg.aim_deg * (DM_PI / 180.0); }

bool tentacle_fire_ready(const Tentacle *c, int a, Vec2 target) {
    if (!c->alive || c->arms[a].windup < TENTACLE_WINDUP_TICKS) return false;
    return tentacle_aim_error(c, a, target) <= aim_tolerance(c);
}

// --- lifetime ---

bool tentacle_init(Tentacle *c, const TentacleConfig *cfg, Vec2 pos, Rng *rng) {
    memset(c, 0, sizeof *c);
    // tentacle_config_set guarantees the ranges; refuse anything else rather
    // than overrun arms[] or allocate a giant pool.
    if (!param_valid(&TABLE, cfg)) return false;
    c->cfg = *cfg;
    c->pos = c->home = pos;
    c->look = v2(0.0, 1.0);
    c->link_px = cfg->link_px;
    c->radius = 34.0 + 2.0 * cfg->tentacles;
    if (c->radius > 72.0) c->radius = 72.0;
    c->hp = c->hp_max = cfg->hp;
    c->alive = true;
    c->arm_count = cfg->tentacles;
    int cap = cfg->nodes + 2 * cfg->grow;      // room for both phase changes
    c->node_total = c->arm_count * cap;
    c->nodes = mem_alloc((size_t)c->node_total, sizeof *c->nodes);
    c->flex = mem_alloc((size_t)c->node_total, sizeof *c->flex);
    if (!c->nodes || !c->flex || !hitbox_init(&c->hits, c->arm_count, cap - 1)) return false;
    for (int a = 0; a < c->arm_count; a++) {
        TentacleArm *arm = &c->arms[a];
        arm->first = a * cap;
        arm->n = cfg->nodes;
        arm->cap = cap;
        // Tails spread over the lower and side rim (the eye looks out of the top half).
        double spread = c->arm_count > 1 ? (double)a / (c->arm_count - 1) : 0.5;
        arm->root_rad = DM_PI * (0.05 + 0.9 * spread);
        arm->sway_rad = DM_TAU * a / c->arm_count + rng_range(rng, 0.0, 0.5);
        arm_constants(arm);
        arm->cooldown = cfg->cooldown / 2 + (int)rng_below(rng, (uint32_t)cfg->cooldown);
        // Spawned in a settled pose: out of the rim along the root's
        // direction, curving toward straight down by TENTACLE_SPAWN_TURN_RAD
        // a link, every link at full length (a slack or folded start is what
        // the solver's passes turn into zig-zags).
        double dir = arm->root_rad, s, co;
        Vec2 p = tentacle_anchor(c, a);
        for (int j = 0; j < arm->n; j++) {
            TentacleNode *nd = node_at(c, a, j);
            nd->pos = nd->target = p;
            dm_sincos(dir, &s, &co);
            p = v2(p.x + co * c->link_px, p.y + s * c->link_px);
            double down = DM_PI / 2.0 - dir;
            dir += dm_fmax(-TENTACLE_SPAWN_TURN_RAD, dm_fmin(TENTACLE_SPAWN_TURN_RAD, down));
        }
    }
    return true;
}

void tentacle_free(Tentacle *c) {
    hitbox_free(&c->hits);
    mem_free(c->nodes);
    mem_free(c->flex);
    c->nodes = NULL;
    c->flex = NULL;
    c->node_total = 0;
}

bool tentacle_add_node(Tentacle *c, int a) {
    TentacleArm *arm = &c->arms[a];
    if (arm->n >= arm->cap) return false;
    TentacleNode *base = &c->nodes[arm->first];
    memmove(&base[2], &base[1], (size_t)(arm->n - 1) * sizeof *base);
    TentacleFlex *fx = &c->flex[arm->first];
    memmove(&fx[2], &fx[1], (size_t)(arm->n - 1) * sizeof *fx);
    fx[1] = (TentacleFlex){{0.0, 0.0}, {0.0, 0.0}};
    // Midway between the tail and the old first body node: both new links
    // are half the old one, so the chain stays within link_px.
    Vec2 mid = v2_lerp(base[0].pos, base[2].pos, 0.5);
    base[1].pos = base[1].target = mid;
    arm->n++;
    arm_constants(arm);
    return true;
}

// The two waves of head_goal this tick, for tentacles a0 .. a0 + k - 1
// (four angles a dm_sincos4): the standoff's cosine into stand_cos, the
// swing's sine into side_sin.
static void head_waves(const Tentacle *c, int a0, int k, double *stand_cos, double *side_sin) {
    enum { N = 2 * TENTACLE_LANES + 4 };          // two angles a tentacle, a spare vector's room
    double tt = (double)c->age, ang[N] = {0}, s[N], co[N];
    for (int l = 0; l < k; l++) {
        const TentacleArm *arm = &c->arms[a0 + l];
        ang[2 * l] = tt * 0.013 + arm->sway_rad * 1.7;
        ang[2 * l + 1] = tt * (0.021 + 0.003 * ((a0 + l) % 4)) + arm->sway_rad;
    }
    for (int i = 0; i < 2 * k; i += 4) dm_sincos4(&ang[i], &s[i], &co[i]);
    for (int l = 0; l < k; l++) {
        stand_cos[l] = co[2 * l];
        side_sin[l] = s[2 * l + 1];
    }
}

// Where tentacle a's head wants to be: short of the player on the line from
// its tail, swinging sideways, so the tip sweeps across the player (and
// fires as it crosses) instead of stacking on him. The standoff breathes
// from 0.2 to 1.1 sway: now and then a head lunges close enough to touch.
static Vec2 head_goal(const Tentacle *c, int a, Vec2 player, double stand_cos, double side_sin) {
    const TentacleArm *arm = &c->arms[a];
    Vec2 tail = c->nodes[arm->first].pos;
    Vec2 u = v2_norm(v2_sub(player, tail));
    if (u.x == 0.0 && u.y == 0.0) u = v2(0.0, 1.0);
    double sway = c->cfg.sway_px;
    double stand = sway * (0.65 + 0.45 * stand_cos);
    // The sideways swing grows with the tentacle, so long ones fan out wide.
    double swing = sway * (0.9 + 0.003 * tentacle_total_length(c, a));
    double side = swing * side_sin;
    return v2_add(v2_sub(player, v2_scale(u, stand)), v2_scale(v2_perp(u), side));
}

// Where a winding-up tentacle's head wants to be: where it is, drawn back
// toward its tail by TENTACLE_WINDUP_REAR_PX a tick (it stops swinging and
// rears; its tip curls to aim: tentacle_aim_tip).
static Vec2 windup_goal(const Tentacle *c, int a) {
    const TentacleArm *arm = &c->arms[a];
    const TentacleNode *nd = &c->nodes[arm->first];
    return step_toward(nd[arm->n - 1].pos, nd[0].pos, TENTACLE_WINDUP_REAR_PX);
}

static void set_phase(Tentacle *c, const TickCtx *ctx, int phase) {
    while (c->phase < phase) {
        c->phase++;
        for (int a = 0; a < c->arm_count; a++)
            for (int k = 0; k < c->cfg.grow; k++) tentacle_add_node(c, a);
        events_push(ctx->events, EV_PHASE, WHO_TENTACLE, c->phase, c->pos.x, c->pos.y);
    }
}

static void fire(Tentacle *c, const TickCtx *ctx, int a, Vec2 player) {
    TentacleArm *arm = &c->arms[a];
    Vec2 head = tentacle_node_at(c, a, arm->n - 1);
    double base = dm_atan2(player.y - head.y, player.x - head.x);
    int count = c->phase >= 2 ? 3 : 1;
    for (int k = 0; k < count; k++) {
        double ang = base + (k - (count - 1) * 0.5) * TENTACLE_SPREAD_RAD, s, co;
        dm_sincos(ang, &s, &co);
        Vec2 vel = v2_scale(v2(co * c->cfg.bullet_px, s * c->cfg.bullet_px), ctx->shot_speed);
        if (bullets_spawn(ctx->bullets, OWNER_ENEMY, WHO_TENTACLE, head, vel, TENTACLE_SHOT_RADIUS_PX,
                          TENTACLE_SHOT_DAMAGE, TENTACLE_SHOT_TTL_TICKS) >= 0)
            c->shots++;
    }
    events_push(ctx->events, EV_ENEMY_SHOT, WHO_TENTACLE, a, head.x, head.y);
    arm->cooldown = tick_fire_interval(ctx, c->cfg.cooldown);
    c->last_windup = arm->windup;
    arm->windup = 0;
}

// The wind-ups, after the chains have moved: each winding tentacle counts
// on and fires once wound up and aimed (or gives up, cooling down again);
// then, while fewer than TENTACLE_WINDING_MAX wind up, the cooled-down
// tentacle whose tip points nearest the player starts (EV_WINDUP).
static void wind_up(Tentacle *c, const TickCtx *ctx, Vec2 player) {
    if (!c->alive || ctx->state == GAME_LOST) {
        for (int a = 0; a < c->arm_count; a++) c->arms[a].windup = 0;
        return;
    }
    int winding = 0;
    for (int a = 0; a < c->arm_count; a++) {
        TentacleArm *arm = &c->arms[a];
        if (arm->windup == 0) continue;
        arm->windup++;
        if (tentacle_fire_ready(c, a, player)) {
            fire(c, ctx, a, player);
        } else if (arm->windup >= TENTACLE_WINDUP_GIVEUP_TICKS) {
            arm->windup = 0;
            arm->cooldown = tick_fire_interval(ctx, c->cfg.cooldown) / 3;
        } else {
            winding++;
        }
    }
    while (winding < TENTACLE_WINDING_MAX) {
        int best = -1;
        double best_err = 0.0;
        for (int a = 0; a < c->arm_count; a++) {
            if (c->arms[a].windup > 0 || c->arms[a].cooldown > 0) continue;
            // A tip with a clear line to the player comes first (its error
            // counts from 2 pi up only when the line is blocked by rock).
            double err = tentacle_aim_error(c, a, player);
            TileHit hit;
            if (tentacle_has_arena(ctx->map) &&
                tilemap_cast(ctx->map, tentacle_node_at(c, a, c->arms[a].n - 1), player, &hit))
                err += DM_TAU;
            if (best < 0 || err < best_err) best = a, best_err = err;
        }
        if (best < 0) break;
        c->arms[best].windup = 1;
        Vec2 head = tentacle_node_at(c, best, c->arms[best].n - 1);
        events_push(ctx->events, EV_WINDUP, WHO_TENTACLE, best, head.x, head.y);
        winding++;
    }
}

// The dead body sinks for TENTACLE_SINK_TICKS, stopping where its lowest
// point meets rock (without an arena it stays where it died).
static void fall(Tentacle *c, const Tilemap *map) {
    if (!tentacle_has_arena(map) || c->dead_ticks > TENTACLE_SINK_TICKS) {
        c->fall_vy = 0.0;
        return;
    }
    c->fall_vy = dm_fmin(c->fall_vy + TENTACLE_FALL_G, TENTACLE_FALL_MAX);
    double y = c->pos.y + c->fall_vy;
    if (!tilemap_point_solid(map, v2(c->pos.x, y + c->radius))) {
        c->pos.y = y;
        return;
    }
    // Landed: up in whole px until the lowest point is out of the rock.
    while (y > c->pos.y && tilemap_point_solid(map, v2(c->pos.x, y + c->radius))) y -= 1.0;
    c->pos.y = y;
    c->fall_vy = 0.0;
}

// Is the body's circle at p clear of rock?
static bool body_clear(const Tentacle *c, const Tilemap *map, Vec2 p) {
    Vec2 point, normal;
    if (tilemap_point_solid(map, p)) return false;
    return tilemap_nearest(map, p, c->radius, &point, &normal) >= c->radius;
}

static void step_body(Tentacle *c, Vec2 player, const Tilemap *map) {
    double tt = (double)c->age;
    if (c->alive) {
        // A diving body roams its whole `roam` only after a player far
        // below it (two radii under its spawn height); one up at its own
        // height it follows no farther than TENTACLE_ROAM_HIGH_PX.
        double roam = c->cfg.roam_px;
        if (c->cfg.dive_px > 0.0 && player.y < c->home.y + 2.0 * c->radius) roam = dm_fmin(roam, TENTACLE_ROAM_HIGH_PX);
        double gx = player.x;
        if (gx < c->home.x - roam) gx = c->home.x - roam;
        if (gx > c->home.x + roam) gx = c->home.x + roam;
        double gy = c->home.y;
        if (c->cfg.dive_px > 0.0 && fabs(c->pos.x - gx) <= c->radius) {
            // Diving, once above its goal (it travels at its spawn height):
            // down toward where its first tentacle reaches the player (0.8
            // of its length above him), at most dive px.
            double want_y = player.y - 0.8 * tentacle_total_length(c, 0);
            gy = dm_fmin(dm_fmax(want_y, c->home.y), c->home.y + c->cfg.dive_px);
        }
        gy += TENTACLE_BODY_BOB_PX * dm_sin(tt * 0.035);
        Vec2 next = step_toward(c->pos, v2(gx, gy), c->cfg.drift_px);
        // A diving body keeps out of rock: it moves only where its circle
        // stays clear; blocked, it moves along x alone, else rises (to get
        // over what blocks it), else stays.
        if (c->cfg.dive_px > 0.0 && tentacle_has_arena(map) && !body_clear(c, map, next)) {
            next = v2(next.x, c->pos.y);
            if (!body_clear(c, map, next)) next = v2(c->pos.x, c->pos.y - c->cfg.drift_px);
            if (!body_clear(c, map, next)) next = c->pos;
        }
        // It never closes in on the player itself (its tentacles do that).
        double gap = v2_dist(next, player);
        if (gap < c->radius + TENTACLE_BODY_KEEP_PX && gap < v2_dist(c->pos, player)) next = c->pos;
        c->pos = next;
        Vec2 want = v2_norm(v2_sub(player, c->pos));
        if (want.x != 0.0 || want.y != 0.0)
            c->look = v2_norm(v2_lerp(c->look, want, TENTACLE_LOOK_EASE));
    } else {
        fall(c, map);
    }
}

static void step(Tentacle *c, const TickCtx *ctx, LanesKind lanes) {
    c->hits.ok = false;                        // the links move
    c->age++;
    if (!c->alive) c->dead_ticks++;
    if (c->hurt_ticks > 0) c->hurt_ticks--;
    Vec2 player = ctx->player.pos;
    step_body(c, player, ctx->map);

    if (c->alive) {
        int want = c->hp * 3 <= c->hp_max ? 2 : c->hp * 3 <= c->hp_max * 2 ? 1 : 0;
        if (want > c->phase) set_phase(c, ctx, want);
    }
    double home = c->cfg.home_px * (c->phase >= 1 ? 1.6 : 1.0);
    if (!c->alive) {
        // Dead: every tentacle hangs from the body as a chain.
        for (int a = 0; a < c->arm_count; a++) {
            c->nodes[c->arms[a].first].pos = tentacle_anchor(c, a);
            tentacle_hang(c, a, ctx->map, c->dead_ticks == 1);
        }
        lob_cancel(&c->lob);                     // a spore in flight withers with the boss
        for (int a = 0; a < c->arm_count; a++) tentacle_flex_step(c, a);
        return;
    }

    for (int a0 = 0; a0 < c->arm_count;) {
        Lanes g;
        tentacle_lanes_from(c, a0, &g);
        Vec2 goal[TENTACLE_LANES];
        double stand_cos[TENTACLE_LANES], side_sin[TENTACLE_LANES];
        head_waves(c, a0, g.k, stand_cos, side_sin);
        for (int l = 0; l < g.k; l++) {
            TentacleArm *arm = &c->arms[a0 + l];
            TentacleNode *nd = g.nd[l];
            nd[0].pos = nd[0].target = tentacle_anchor(c, a0 + l);     // the tail is stuck
            if (arm->windup > 0)
                goal[l] = windup_goal(c, a0 + l);
            else
                goal[l] = step_toward(nd[arm->n - 1].target, head_goal(c, a0 + l, player, stand_cos[l], side_sin[l]),
                                      home);
            if (arm->flinch > 0) {
                // Recoil: the head target is pushed back toward the body.
                goal[l] = step_toward(goal[l], nd[0].pos, 3.0);
                arm->flinch--;
            }
        }
        tentacle_chain_update(c, &g, goal, ctx->map, lanes);
        for (int l = 0; l < g.k; l++) {
            int a = a0 + l;
            TentacleArm *arm = &c->arms[a];
            TentacleNode *nd = g.nd[l];
            // The head's target never runs ahead of what the chain can reach.
            nd[arm->n - 1].target = clamp_near(nd[arm->n - 1].target, nd[0].pos, tentacle_total_length(c, a));
            if (arm->windup > 0) tentacle_aim_tip(c, a, player, TENTACLE_WINDUP_AIM, ctx->map);
            if (arm->cooldown > 0) arm->cooldown--;
            tentacle_flex_step(c, a);
        }
        a0 += g.k;
    }
    wind_up(c, ctx, player);
    if (ctx->state == GAME_PLAYING && c->arm_count > 0) {
        // The spore leaves the tip nearest the marked spot (the player's
        // until one is marked).
        Vec2 at = c->lob.windup > 0 ? c->lob.mark : player;
        int a = tentacle_nearest_tip(c, at);
        lob_step(&c->lob, &SPORE, tentacle_node_at(c, a, c->arms[a].n - 1), ctx);
    }
}

void tentacle_step(Tentacle *c, const TickCtx *ctx) { step(c, ctx, lanes_best()); }

void tentacle_step_scalar(Tentacle *c, const TickCtx *ctx) { step(c, ctx, LANES_SCALAR); }

void tentacle_step_on(Tentacle *c, const TickCtx *ctx, LanesKind k) {
    step(c, ctx, lanes_can_run(k) ? k : LANES_SCALAR);
}

bool tentacle_bounds(const Tentacle *c, Box *out) {
    if (!c->alive) return false;
    *out = box_around(c->pos, c->radius);
    for (int a = 0; a < c->arm_count; a++) {
        double r = tentacle_half_width(c, a, 0);   // the thickest skin: at the tail
        for (int j = 0; j < c->arms[a].n; j++) box_add(out, box_around(tentacle_node_at(c, a, j), r));
    }
    return true;
}

bool tentacle_blocks_win(const Tentacle *c) { return c->alive; }

bool tentacle_is_boss(const Tentacle *c) {
    (void)c;
    return true;
}

int tentacle_pushers(const Tentacle *c, StarPusher *out, int max) {
    (void)c, (void)out, (void)max;
    return 0;
}

Vec2 tentacle_pos(const Tentacle *c) { return c->pos; }

bool tentacle_alive(const Tentacle *c) { return c->alive; }

void tentacle_health(const Tentacle *c, int *hp, int *hp_max) {
    *hp = c->hp;
    *hp_max = c->hp_max;
}

// As tentacle_step moves to phase k: hp * 3 <= hp_max * (3 - k).
int tentacle_phase_marks(const Tentacle *c, int *hp, int max) {
    int n = 0;
    for (int k = 1; k < TENTACLE_PHASES && n < max; k++) {
        int at = c->hp_max * (TENTACLE_PHASES - k) / TENTACLE_PHASES;
        if (at >= 1) hp[n++] = at;
    }
    return n;
}

// --- hash and probes ---

static FIELDS_HASH_FN(void config_hash, TentacleConfig, TENTACLE_CONFIG_FIELDS)
static FIELDS_HASH_FN(void arm_hash, TentacleArm, TENTACLE_ARM_FIELDS)
static FIELDS_HASH_FN(void node_hash, TentacleNode, TENTACLE_NODE_FIELDS)
static FIELDS_HASH_FN(void flex_hash, TentacleFlex, TENTACLE_FLEX_FIELDS)

// Each tentacle in use, then its nodes, each with its flex.
static void hash_arms(const Tentacle *c, Hash *h) {
    for (int a = 0; a < c->arm_count; a++) {
        const TentacleArm *arm = &c->arms[a];
        arm_hash(arm, h);
        for (int j = 0; j < arm->n; j++) {
            node_hash(&c->nodes[arm->first + j], h);
            flex_hash(&c->flex[arm->first + j], h);
        }
    }
}

FIELDS_HASH_FN(void tentacle_hash, Tentacle, TENTACLE_FIELDS)

void tentacle_probes(const Tentacle *c, TentacleProbes *out) {
    memset(out, 0, sizeof *out);
    out->hp = c->hp;
    out->count = c->arm_count;
    out->shots = (double)c->shots;
    out->last_windup = c->last_windup;
    out->spores = (double)c->lob.count;
    double best = -1.0, droop = 0.0;
    for (int a = 0; a < c->arm_count; a++) {
        const TentacleArm *arm = &c->arms[a];
        const TentacleNode *nd = &c->nodes[arm->first];
        for (int j = 1; j < arm->n; j++) {
            double ex = v2_dist(nd[j].pos, nd[j - 1].pos) - c->link_px;
            if (ex > out->link_error) out->link_error = ex;
        }
        double reach = v2_dist(nd[arm->n - 1].pos, nd[0].pos), total = tentacle_total_length(c, a);
        if (reach > best) {
            best = reach;
            out->reach = reach;
            out->max_reach = total;
        }
        if (reach - total > out->overreach) out->overreach = reach - total;
        out->bend = dm_fmax(out->bend, tentacle_bend(c, a));
        out->winding += arm->windup > 0;
        for (int j = 1; j < arm->n; j++) out->flinch = dm_fmax(out->flinch, v2_len(c->flex[arm->first + j].off));
        droop += total > 0.0 ? (nd[arm->n - 1].pos.y - nd[0].pos.y) / total : 0.0;
    }
    if (c->arm_count > 0) out->droop = droop / c->arm_count;
}
