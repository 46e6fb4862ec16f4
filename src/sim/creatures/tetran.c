// tetran.c -- the Tetran boss: forward-kinematic arms turned by a per-joint
// angle advance (wiggle mode lags the outer joints), a core with hit points,
// phases as health drops, bullet patterns from the arm tips, a break-up death.
#include "sim/creatures/tetran.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dmath.h"
#include "core/mem.h"
#include "sim/creatures/params.h"
#include "sim/creatures/tetran_local.h"
#include "sim/tick.h"

static const double PHASE_SPIN[TETRAN_PHASES] = TETRAN_PHASE_SPIN;
static const int PHASE_AIM_TICKS[TETRAN_PHASES] = TETRAN_PHASE_AIM_TICKS;
static const int PHASE_PATTERN_TICKS[TETRAN_PHASES] = TETRAN_PHASE_PATTERN_TICKS;

static const ParamDef PARAMS[] = {
    {"arms", PARAM_INT, PARAM_AS_INT, offsetof(TetranConfig, arms), 1, TETRAN_MAX_ARMS, 6, .doc = "number of arms"},
    {"segments", PARAM_INT, PARAM_AS_INT, offsetof(TetranConfig, segments), 1, TETRAN_MAX_SEGMENTS, 12,
     .doc = "segments per arm"},
    {"length", PARAM_INT, PARAM_AS_DOUBLE, offsetof(TetranConfig, length_px), 1, TETRAN_MAX_LENGTH_PX, 20,
     .doc = "segment length, px (the default reaches 240 px: a 15-tile circle in a 32 px arena)"},
    {"hp", PARAM_INT, PARAM_AS_INT, offsetof(TetranConfig, hp), 1, CREATURE_MAX_HP, 60, .doc = "core hit points"},
    {"spin", PARAM_NUM, PARAM_AS_DOUBLE, offsetof(TetranConfig, spin_rad), -TETRAN_MAX_SPIN_RAD, TETRAN_MAX_SPIN_RAD,
     0.05, .doc = "`rad_plus`: joint advance per tick, rad (negative turns the other way)"},
    {"core", PARAM_INT, PARAM_AS_DOUBLE, offsetof(TetranConfig, core_px), 4, 128, 26, .doc = "core radius, px"},
    {"fire", PARAM_INT, PARAM_AS_BOOL, offsetof(TetranConfig, fire), 0, 1, 1,
     .doc = "shoots at all (0 for calm test arenas)"},
};
static const ParamTable TABLE = {"tetran", sizeof(TetranConfig), PARAMS, (int)(sizeof PARAMS / sizeof PARAMS[0])};

const ParamTable *tetran_params(void) { return &TABLE; }

void tetran_config_default(TetranConfig *cfg) { param_defaults(&TABLE, cfg); }

bool tetran_config_set(TetranConfig *cfg, const char *key, const char *val, char *why, size_t why_n) {
    return param_set(&TABLE, cfg, key, val, why, why_n);
}

double tetran_arm_radius(const Tetran *c, int i) {
    double r = c->cfg.length_px * TETRAN_ARM_WIDTH;
    if (r > TETRAN_ARM_MAX_PX) r = TETRAN_ARM_MAX_PX;
    if (r < TETRAN_ARM_MIN_PX) r = TETRAN_ARM_MIN_PX;
    return r * (1.0 - TETRAN_ARM_TAPER * (double)i / (double)c->cfg.segments);
}

// Joint positions from the angles: segment i runs from joint i at angle
// rad[i] for length_px (the write-up's ux = cos(rad) * ds + pos). Recomputed
// from the core every tick, so lengths never drift.
static void forward_kinematics(Tetran *c) {
    int ns = c->cfg.segments;
    double len = c->cfg.length_px;
    for (int a = 0; a < c->cfg.arms; a++) {
        Vec2 *pt = &c->pts[a * (ns + 1)];
        const double *rad = &c->rad[a * ns];
        pt[0] = c->pos;
        double s = 0.0, co = 0.0;
        for (int i = 0; i < ns; i++) {
            // A straight run of the arm (every joint of a straight arm) has
            // one angle: its sine and cosine once.
            if (i == 0 || rad[i] != rad[i - 1]) dm_sincos(rad[i], &s, &co);
            pt[i + 1] = v2(pt[i].x + co * len, pt[i].y + s * len);
        }
    }
}

bool tetran_init(Tetran *c, const TetranConfig *cfg, Vec2 pos, Rng *rng) {
    memset(c, 0, sizeof *c);
    if (!param_valid(&TABLE, cfg)) return false;
    c->cfg = *cfg;
    int na = cfg->arms, ns = cfg->segments;
    size_t joints = (size_t)na * (size_t)ns;
    c->base_rad = mem_alloc((size_t)na, sizeof *c->base_rad);
    c->turn_rad = mem_alloc(joints, sizeof *c->turn_rad);
    c->stroke = mem_alloc(joints, sizeof *c->stroke);
    c->sway_dir = mem_alloc(joints, sizeof *c->sway_dir);
    c->rad = mem_alloc(joints, sizeof *c->rad);
    c->pts = mem_alloc((size_t)na * (size_t)(ns + 1), sizeof *c->pts);
    c->flinch_rad = mem_alloc(joints, sizeof *c->flinch_rad);
    c->flinch_vel = mem_alloc(joints, sizeof *c->flinch_vel);
    c->fall_prev = mem_alloc((size_t)na * (size_t)(ns + 1), sizeof *c->fall_prev);
    if (!c->base_rad || !c->turn_rad || !c->stroke || !c->sway_dir || !c->rad || !c->pts || !c->flinch_rad ||
        !c->flinch_vel || !c->fall_prev || !hitbox_init(&c->hits, na, ns)) {
        tetran_free(c);
        return false;
    }
    c->home = c->pos = pos;
    c->hp = c->hp_max = cfg->hp;
    c->alive = true;
    c->spin_rad = cfg->spin_rad;
    c->fire_timer = PHASE_AIM_TICKS[0];
    c->pattern_timer = 0;
    // Evenly spread from one random start angle in [0, 2*pi).
    double start = rng_range(rng, 0.0, DM_TAU);
    for (int a = 0; a < na; a++) {
        c->base_rad[a] = dm_wrap(start + DM_TAU * a / na);
        for (int i = 0; i < ns; i++) {
            c->rad[a * ns + i] = c->base_rad[a];
            c->sway_dir[a * ns + i] = 1;
        }
    }
    forward_kinematics(c);
    return true;
}

void tetran_free(Tetran *c) {
    mem_free(c->base_rad);
    mem_free(c->turn_rad);
    mem_free(c->stroke);
    mem_free(c->sway_dir);
    mem_free(c->rad);
    mem_free(c->pts);
    mem_free(c->flinch_rad);
    mem_free(c->flinch_vel);
    mem_free(c->fall_prev);
    hitbox_free(&c->hits);
    c->base_rad = c->turn_rad = c->stroke = c->rad = c->flinch_rad = c->flinch_vel = NULL;
    c->sway_dir = NULL;
    c->pts = c->fall_prev = NULL;
}

// --- wiggle mode and its sway (docs/tetran.md, "Wiggle mode") ---
//
// The write-up turns joint i by spin - i/100 extra per tick. In joint terms:
// joint 0 (the arm's offset from its base) gains spin, and every later
// joint's turn against the segment before it changes by -1/100 (so a
// straight arm curls into an even arc). Joint i takes stroke[i] (-1..1) of
// that; stroke 1 is the write-up exactly, and joint 0 takes joint 1's.
// "Curl" below is a joint's turn measured the way the write-up curls it
// (-turn), so the formula makes it grow.

// An arm's part in the sway: a pair's leader (an even arm with an odd
// neighbour after it), its follower (that odd arm), or alone (the last arm
// of an odd count, or a one-armed Tetran).
typedef enum SwayRole { SWAY_SOLO = 0, SWAY_LEAD, SWAY_FOLLOW } SwayRole;

static SwayRole role_of(const Tetran *c, int a) {
    if (a % 2) return SWAY_FOLLOW;
    return a + 1 < c->cfg.arms ? SWAY_LEAD : SWAY_SOLO;
}

// The sway's per-joint numbers for an arm of ns segments (ns >= 2).
typedef struct Sway {
    double exact;              // curl up to which a joint follows the write-up (its share of 2.5 rad, <= 0.5)
    double limit;              // curl at which the first curl stops and turns back (its share of 3.0 rad, <= 0.5)
    double margin;             // limit - exact: the room to brake in on the first curl (0 when the bend limit binds first)
    double swing;              // later runs sway between -swing and +swing (its share of TETRAN_SWAY_CURL_RAD, <= 0.5)
    double brake;              // the room to brake in on later runs
    double run_up;             // stroke gained per tick when it sets off again
    int wave;                  // joints that may turn back per tick, root first (>= 1)
    int follow;                // a follower's joint i sets off once its leader's joint i + follow has
} Sway;

static Sway sway_for(int ns) {
    Sway w;
    double joints = ns - 1;
    w.exact = dm_fmin(TETRAN_CURL_EXACT_RAD / joints, TETRAN_BEND_MAX_RAD);
    w.limit = dm_fmin(TETRAN_CURL_MAX_RAD / joints, TETRAN_BEND_MAX_RAD);
    w.margin = w.limit - w.exact;
    w.swing = dm_fmin(TETRAN_SWAY_CURL_RAD / joints, TETRAN_BEND_MAX_RAD);
    // Braking evenly from full speed over the margin takes 2 * margin / lag
    // ticks; the run-up takes as long, but at least TETRAN_SWAY_EASE_TICKS,
    // and later runs brake at the same rate (over at least what braking
    // from the write-up's speed in TETRAN_SWAY_EASE_TICKS takes).
    w.run_up = 1.0 / dm_fmax(2.0 * w.margin / TETRAN_WIGGLE_LAG_RAD, TETRAN_SWAY_EASE_TICKS);
    w.brake = dm_fmax(w.margin, 0.5 * TETRAN_SWAY_EASE_TICKS * TETRAN_WIGGLE_LAG_RAD);
    // The turning back passes w.wave joints per tick, so it crosses the arm
    // in TETRAN_SWAY_WAVE_TICKS, or a share of one end-to-end run.
    double travel = 2.0 * w.swing / (TETRAN_SWAY_SPEED * TETRAN_WIGGLE_LAG_RAD);
    w.wave = (int)ceil(joints / dm_fmin(TETRAN_SWAY_WAVE_TICKS, TETRAN_SWAY_WAVE_SHARE * travel));
    w.follow = (int)ceil(TETRAN_SWAY_FOLLOW_SHARE * joints);
    return w;
}

// One tick of wiggle mode for joint i >= 1 of an arm of ns segments (turn,
// stroke, dir point at its arm's arrays; lead at its leader's dir, for a
// follower), joints i+1.. already stepped this tick. dir is 2 on the
// wiggle's first curl, then +1 (curling the write-up's way) or -1.
// Returns the share of the write-up's step it moved this tick.
static double sway_joint(const Sway *w, double *turn, double *stroke, int8_t *dir, const int8_t *lead, int ns,
                         int i) {
    double curl = -turn[i], s = stroke[i];
    int d = dir[i] > 0 ? 1 : -1;
    bool first = dir[i] == 2;
    // Where this run ends: the first curl at the limit, later runs at the swing.
    double end = first ? w->limit : d * w->swing;
    // At its end (so at rest) it turns back: a leader's and a lone arm's
    // root joints at once, a follower's once its leader's joint w->follow
    // further out has (so the pair fans), a later joint once the one
    // w->wave joints nearer the root has (as of the start of this tick:
    // joints are stepped tip first; the leader is stepped before).
    bool go = true;
    if (i > w->wave) {
        go = (dir[i - w->wave] > 0) != (d > 0);
    } else if (lead) {
        int k = i + w->follow < ns - 1 ? i + w->follow : ns - 1;
        go = lead[k] != 2 && (lead[k] > 0) != (d > 0);
    }
    if (d * (curl - end) >= 0.0 && go) {
        d = -d;
        dir[i] = (int8_t)d;
        first = false;
        end = d * w->swing;
    }
    double top = first ? 1.0 : TETRAN_SWAY_SPEED;
    s = d > 0 ? dm_fmin(s + w->run_up, top) : dm_fmax(s - w->run_up, -top);
    // Braking: toward its end a joint moves at most as fast as lets it stop
    // there with an even deceleration (on the first curl full speed at
    // w->exact, so the write-up holds until then); without a margin the
    // first curl just stops at the limit.
    double room = dm_fmax(d * (end - curl), 0.0);
    double margin = first ? w->margin : w->brake;
    double cap = margin > 0.0 ? sqrt(room / margin) : room / TETRAN_WIGGLE_LAG_RAD;
    if (d * s > cap) s = d * cap;
    double to = curl + TETRAN_WIGGLE_LAG_RAD * s;
    if (d * (to - end) > 0.0) to = end;
    double moved = (to - curl) / TETRAN_WIGGLE_LAG_RAD;
    stroke[i] = to == end ? 0.0 : moved;      // arrived: at rest
    turn[i] = -to;
    return moved;
}

// The root (joint 0: the arm's offset from its base) in wiggle mode. While
// joint 1 follows the write-up the root does too: it turns by `moved` (joint
// 1's share this tick) times the spin. From the tick joint 1 leaves the
// write-up the root steers instead, turning at most TETRAN_SCISSOR_SPEED_RAD
// per tick and changing that by at most TETRAN_SCISSOR_ACCEL_RAD per tick
// (so it stops where it aims), to close up with its partner: about the
// pair's mean offset, a pair's roots, TAU / arms apart at rest, come
// within (1 - 2 * TETRAN_SCISSOR_SHARE) of that. A lone arm's root stops.
// stroke[0] is the root's turn per tick, rad; dir[0] is 2 while it follows
// the write-up.
static void sway_root(Tetran *c, int a, SwayRole role, double moved) {
    int ns = c->cfg.segments;
    double *turn = &c->turn_rad[a * ns], *stroke = &c->stroke[a * ns];
    int8_t *dir = &c->sway_dir[a * ns];
    if (dir[0] == 2 && dir[1] == 2 && moved >= 1.0 - 1e-9) {
        stroke[0] = moved * c->spin_rad;
        turn[0] = dm_wrap(turn[0] + stroke[0]);
        return;
    }
    if (dir[0] == 2) {
        dir[0] = 1;
        stroke[0] = moved * c->spin_rad;
    }
    double room = 0.0;
    if (role != SWAY_SOLO) {
        const double *other = &c->turn_rad[(role == SWAY_LEAD ? a + 1 : a - 1) * ns];
        double mean = turn[0] + 0.5 * dm_wrap(other[0] - turn[0]);
        double close = TETRAN_SCISSOR_SHARE * DM_TAU / c->cfg.arms;
        room = dm_wrap(mean + (role == SWAY_LEAD ? close : -close) - turn[0]);
    }
    double want = copysign(dm_fmin(TETRAN_SCISSOR_SPEED_RAD, sqrt(2.0 * TETRAN_SCISSOR_ACCEL_RAD * fabs(room))), room);
    double r = stroke[0];
    r = want > r ? dm_fmin(want, r + TETRAN_SCISSOR_ACCEL_RAD) : dm_fmax(want, r - TETRAN_SCISSOR_ACCEL_RAD);
    // Within a step of where it aims (and slow enough to stop there): it arrives.
    if (fabs(room) <= TETRAN_SCISSOR_ACCEL_RAD && fabs(r) <= 2.0 * TETRAN_SCISSOR_ACCEL_RAD) r = room;
    stroke[0] = r;
    turn[0] = dm_wrap(turn[0] + r);
}

// Wiggle mode for one arm. On its first tick every joint sets off as the
// write-up says (stroke 1; braking stops one already at its limit).
static void sway_arm(Tetran *c, int a, bool start) {
    int ns = c->cfg.segments;
    double *turn = &c->turn_rad[a * ns], *stroke = &c->stroke[a * ns];
    int8_t *dir = &c->sway_dir[a * ns];
    if (ns == 1) {                     // no joints to curl: the arm just turns with the write-up
        stroke[0] = c->spin_rad;
        turn[0] = dm_wrap(turn[0] + c->spin_rad);
        return;
    }
    SwayRole role = role_of(c, a);
    Sway w = sway_for(ns);
    if (start) {
        for (int i = 0; i < ns; i++) {
            dir[i] = 2;
            stroke[i] = i ? 1.0 : c->spin_rad;
        }
    }
    double moved = 0.0;
    const int8_t *lead = role == SWAY_FOLLOW ? &c->sway_dir[(a - 1) * ns] : NULL;
    for (int i = ns - 1; i >= 1; i--) moved = sway_joint(&w, turn, stroke, dir, lead, ns, i);
    sway_root(c, a, role, moved);
}

// After wiggle mode: every joint's offset from the base (the running sum of
// the turns) shrinks by one factor, so the arm keeps its shape as it
// straightens: the largest offset by TETRAN_EASE_RATE of itself, but at
// least TETRAN_EASE_MIN_RAD, and exactly to 0 when that is all that is left.
static void ease_arm(Tetran *c, int a) {
    int ns = c->cfg.segments;
    double *turn = &c->turn_rad[a * ns], *stroke = &c->stroke[a * ns];
    double off = 0.0, big = 0.0;
    for (int i = 0; i < ns; i++) {
        off += turn[i];
        big = dm_fmax(big, fabs(off));
        stroke[i] = 0.0;
    }
    if (big == 0.0) return;
    double step = dm_fmax(big * TETRAN_EASE_RATE, TETRAN_EASE_MIN_RAD);
    double keep = step >= big ? 0.0 : 1.0 - step / big;
    for (int i = 0; i < ns; i++) turn[i] *= keep;
}

// --- hit reactions (docs/tetran.md, "Hit reactions") ---
//
// Each joint's flinch is an extra bend on top of the pose the spin and the
// sway give (segments i.. turn by flinch[i]); the sway's own state never
// sees it, so once an arm's flinch is back to exactly 0 its pose is the
// undisturbed one, bit for bit. One tick of an arm's springs: each bend is
// pulled home, damped, and pulled toward its neighbours' (the root's inner
// neighbour is the core, fixed; the tip's outer one is itself), so a kick
// runs along the chain as it dies out. True while the arm still flinches.
static bool flinch_arm(Tetran *c, int a) {
    int ns = c->cfg.segments;
    double *f = &c->flinch_rad[a * ns], *v = &c->flinch_vel[a * ns];
    double big = 0.0;
    for (int i = 0; i < ns; i++) big = dm_fmax(big, dm_fmax(fabs(f[i]), fabs(v[i])));
    if (big == 0.0) return false;
    if (big < TETRAN_FLINCH_REST_RAD) {
        for (int i = 0; i < ns; i++) f[i] = v[i] = 0.0;
        return false;
    }
    double prev = 0.0;         // the inner neighbour's bend as of the start of the tick
    for (int i = 0; i < ns; i++) {
        double next = i + 1 < ns ? f[i + 1] : f[i];
        double acc = -TETRAN_FLINCH_STIFF * f[i] - TETRAN_FLINCH_DAMP * v[i] +
                     TETRAN_FLINCH_COUPLE * (prev + next - 2.0 * f[i]);
        prev = f[i];
        v[i] += acc;
    }
    for (int i = 0; i < ns; i++) {
        double to = f[i] + v[i];
        if (to > TETRAN_FLINCH_MAX_RAD) to = TETRAN_FLINCH_MAX_RAD, v[i] = 0.0;
        if (to < -TETRAN_FLINCH_MAX_RAD) to = -TETRAN_FLINCH_MAX_RAD, v[i] = 0.0;
        f[i] = to;
    }
    return true;
}

static void turn_arms(Tetran *c, bool start) {
    int ns = c->cfg.segments;
    for (int a = 0; a < c->cfg.arms; a++) {
        c->base_rad[a] = dm_wrap(c->base_rad[a] + c->spin_rad);
        if (c->wiggle) sway_arm(c, a, start);
        else ease_arm(c, a);
        bool flinch = flinch_arm(c, a);
        double off = 0.0;
        for (int i = 0; i < ns; i++) {
            off += c->turn_rad[a * ns + i];
            if (flinch) off += c->flinch_rad[a * ns + i];
            c->rad[a * ns + i] = dm_wrap(c->base_rad[a] + off);
        }
    }
}

static Vec2 tip_of(const Tetran *c, int a) { return tetran_joint(c, a, c->cfg.segments); }

// Outward direction at an arm's tip (its last segment's angle).
static Vec2 tip_dir(const Tetran *c, int a) {
    double s, co;
    dm_sincos(tetran_angle(c, a, c->cfg.segments - 1), &s, &co);
    return v2(co, s);
}

static int shoot(Tetran *c, const TickCtx *ctx, Vec2 at, Vec2 dir, double speed) {
    int k = bullets_spawn(ctx->bullets, OWNER_ENEMY, WHO_TETRAN, at, v2_scale(dir, speed * ctx->shot_speed),
                          TETRAN_SHOT_RADIUS_PX, TETRAN_SHOT_DAMAGE, TETRAN_SHOT_TTL_TICKS);
    if (k >= 0) c->shots++;
    return k >= 0;
}

// Aimed shots from one arm tip at a time (cycling arms); a 3-way spread in
// the last phase.
static void fire_aimed(Tetran *c, const TickCtx *ctx) {
    int a = (int)(c->shots % c->cfg.arms);
    Vec2 tip = tip_of(c, a);
    Vec2 to = v2_sub(ctx->player.pos, tip);
    double ang = dm_atan2(to.y, to.x);
    int fired = 0, spread = c->phase == TETRAN_PHASES - 1 ? 1 : 0;
    for (int k = -spread; k <= spread; k++) {
        double s, co;
        dm_sincos(ang + TETRAN_SPREAD_RAD * k, &s, &co);
        fired += shoot(c, ctx, tip, v2(co, s), TETRAN_SHOT_SPEED_PX * TETRAN_AIMED_SPEED);
    }
    if (fired) events_push(ctx->events, EV_ENEMY_SHOT, WHO_TETRAN, fired, tip.x, tip.y);
}

// Phase patterns: radial bursts from every tip (phase 1), or spiral streams:
// a few evenly spaced tips fire along their own direction every few ticks,
// so each stream curls into a spiral arm as the boss turns (2: two streams,
// 3: three), in bursts of TETRAN_SPIRAL_ON_VOLLEYS volleys and pauses of as
// many.
static void fire_pattern(Tetran *c, const TickCtx *ctx) {
    int fired = 0, na = c->cfg.arms;
    Vec2 first = c->pos;
    int streams = c->phase == 2 ? 2 : 3;
    if (streams > na) streams = na;
    bool spiral = c->phase >= 2;
    if (spiral && (c->volley / TETRAN_SPIRAL_ON_VOLLEYS) % 2) {
        c->volley++;
        return;
    }
    for (int a = 0; a < na; a++) {
        if (spiral && (a * streams) % na >= streams) continue;   // evenly spaced arms
        Vec2 tip = tip_of(c, a), dir;
        if (!spiral) dir = v2_norm(v2_sub(tip, c->pos));
        else dir = tip_dir(c, a);
        if (v2_len2(dir) == 0.0) dir = v2(1.0, 0.0);
        double speed = spiral ? TETRAN_SHOT_SPEED_PX * TETRAN_SPIRAL_SPEED : TETRAN_SHOT_SPEED_PX;
        if (shoot(c, ctx, tip, dir, speed) && !fired++) first = tip;
    }
    c->volley++;
    if (fired) events_push(ctx->events, EV_ENEMY_SHOT, WHO_TETRAN, fired, first.x, first.y);
}

void tetran_step(Tetran *c, const TickCtx *ctx) {
    c->hits.ok = false;                        // the arms move
    if (!c->alive) {
        if (c->dead_ticks < 1000000) c->dead_ticks++;
        c->wiggle = false;
        if (c->pts && c->dead_ticks <= TETRAN_FALL_TICKS) tetran_fall_step(c, ctx);
        return;
    }
    bool last = c->phase == TETRAN_PHASES - 1;
    if (last) c->auto_wiggle = (c->auto_wiggle + 1) % TETRAN_AUTO_WIGGLE_CYCLE_TICKS;
    bool was = c->wiggle;
    c->wiggle = ctx->player.wiggle || (last && c->auto_wiggle < TETRAN_AUTO_WIGGLE_ON_TICKS);

    double target = c->cfg.spin_rad * PHASE_SPIN[c->phase];
    if (c->spin_rad < target) c->spin_rad = dm_fmin(target, c->spin_rad + TETRAN_SPIN_ACCEL_RAD);
    else if (c->spin_rad > target) c->spin_rad = dm_fmax(target, c->spin_rad - TETRAN_SPIN_ACCEL_RAD);

    turn_arms(c, c->wiggle && !was);
    c->hover_rad = dm_wrap(c->hover_rad + TETRAN_HOVER_RAD_PER_TICK);
    c->pos = v2(c->home.x, c->home.y + TETRAN_HOVER_PX * dm_sin(c->hover_rad));
    forward_kinematics(c);

    if (c->hit_flash > 0) c->hit_flash--;
    if (!c->cfg.fire || ctx->state != GAME_PLAYING) return;
    if (--c->fire_timer <= 0) {
        fire_aimed(c, ctx);
        c->fire_timer = tick_fire_interval(ctx, PHASE_AIM_TICKS[c->phase]);
    }
    if (PHASE_PATTERN_TICKS[c->phase] > 0 && --c->pattern_timer <= 0) {
        fire_pattern(c, ctx);
        c->pattern_timer = tick_fire_interval(ctx, PHASE_PATTERN_TICKS[c->phase]);
    }
    tetran_seed_step(c, ctx);
}

bool tetran_bounds(const Tetran *c, Box *out) {
    if (!c->alive) return false;
    *out = box_around(c->pos, c->cfg.core_px);
    double r = tetran_arm_radius(c, 0);        // the thickest segment: the first
    for (int j = 0; j < c->cfg.arms * (c->cfg.segments + 1); j++) box_add(out, box_around(c->pts[j], r));
    return true;
}

bool tetran_blocks_win(const Tetran *c) { return c->alive && c->hp > 0; }

bool tetran_is_boss(const Tetran *c) {
    (void)c;
    return true;
}

int tetran_pushers(const Tetran *c, StarPusher *out, int max) {
    (void)c, (void)out, (void)max;
    return 0;
}

Vec2 tetran_pos(const Tetran *c) { return c->pos; }

bool tetran_alive(const Tetran *c) { return c->alive; }

void tetran_health(const Tetran *c, int *hp, int *hp_max) {
    *hp = c->hp;
    *hp_max = c->hp_max;
}

// As tetran_bullet_hit moves to phase k: hp * PHASES <= hp_max * (PHASES - k).
int tetran_phase_marks(const Tetran *c, int *hp, int max) {
    int n = 0;
    for (int k = 1; k < TETRAN_PHASES && n < max; k++) {
        int at = (int)((int64_t)c->hp_max * (TETRAN_PHASES - k) / TETRAN_PHASES);
        if (at >= 1) hp[n++] = at;
    }
    return n;
}

// --- descriptor ---

// Budget (level.h): arms x segments units; a player bullet in its box tests
// the box, the core and each arm's box.
static int64_t units(const void *cfg) {
    const TetranConfig *c = cfg;
    return (int64_t)c->arms * c->segments;
}
static int64_t hit_tests(const void *cfg) {
    const TetranConfig *c = cfg;
    return 2 + c->arms;
}

static const CreatureDesc DESC = {
    .name = "tetran",
    .boss_name = "TETRAN",
    .hash_order = 1,
    .summary = "a core with multi-jointed arms that turn as straight spokes and undulate in wiggle mode; "
               "it lobs a seed at a player who stands still",
    .cost = "`arms` x `segments`",
    .params = tetran_params,
    .units = units,
    .hit_tests = hit_tests,
};

const CreatureDesc *tetran_desc(void) { return &DESC; }

static FIELDS_HASH_FN(void config_hash, TetranConfig, TETRAN_CONFIG_FIELDS)

FIELDS_HASH_FN(void tetran_hash, Tetran, TETRAN_FIELDS)

void tetran_probes(const Tetran *c, TetranProbes *out) {
    memset(out, 0, sizeof *out);
    out->hp = c->hp;
    out->arms = c->cfg.arms;
    out->wiggle = c->wiggle ? 1.0 : 0.0;
    if (!c->pts) return;
    int ns = c->cfg.segments;
    double worst = 0.0, len = c->cfg.length_px;
    for (int a = 0; a < c->cfg.arms; a++) {
        for (int i = 0; i < ns; i++) {
            double e = fabs(v2_dist(tetran_joint(c, a, i), tetran_joint(c, a, i + 1)) - len);
            if (e > worst) worst = e;
        }
    }
    out->link_error = worst;
    // Rounded to a micro-pixel: a straight arm's summed cos/sin steps differ
    // from segments * length only in the last bits, and scripts compare ==.
    double reach = v2_dist(c->pos, tip_of(c, 0));
    out->reach = round(reach * 1e6) / 1e6;
    out->max_reach = ns * len;
    // Bends rounded to a nano-radian: a joint stopped at the 0.5 rad bend
    // limit reads 0.5, not 0.5 plus the rounding of its wrapped angles.
    double bend = 0.0, shortest = INFINITY;
    for (int a = 0; a < c->cfg.arms; a++) {
        for (int i = 1; i < ns; i++) bend = dm_fmax(bend, fabs(dm_wrap(tetran_angle(c, a, i) - tetran_angle(c, a, i - 1))));
        shortest = dm_fmin(shortest, v2_dist(c->pos, tip_of(c, a)));
    }
    out->bend = round(bend * 1e9) / 1e9;
    out->min_reach = round(shortest * 1e6) / 1e6;
    out->reach_ratio = out->min_reach / out->max_reach;
    out->blocked = (double)c->blocked;
    out->still = c->seed.still_ticks;
    out->seeds = (double)c->seed.count;
    // A segment's angle differs from its undisturbed one by the sum of the
    // flinch bends from the root to it.
    double flinch = 0.0;
    for (int a = 0; a < c->cfg.arms && c->alive; a++) {
        double sum = 0.0;
        for (int i = 0; i < ns; i++) {
            sum += c->flinch_rad[a * ns + i];
            flinch = dm_fmax(flinch, fabs(sum));
        }
    }
    out->flinch = flinch;
    if (!c->alive) {
        int n = c->cfg.arms * (ns + 1);
        double y = 0.0, fastest = 0.0;
        for (int j = 0; j < n; j++) {
            y += c->pts[j].y;
            fastest = dm_fmax(fastest, v2_dist(c->pts[j], c->fall_prev[j]));
        }
        out->fall_drop = y / n - c->fall_from_y;
        out->fall_speed = c->dead_ticks <= TETRAN_FALL_TICKS ? fastest : 0.0;
    }
}
