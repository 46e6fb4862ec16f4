// tetran.h -- the Tetran boss: a core with rotating multi-jointed arms and
// wiggle mode (after the Salamander/Gradius boss). Arms are forward-kinematic
// chains; the core is the weak spot; phases follow the core's health.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/fields.h"
#include "core/hash.h"
#include "core/rng.h"
#include "core/vec2.h"
#include "sim/background/starfield.h"
#include "sim/creatures/creature_desc.h"
#include "sim/creatures/hitbox.h"
#include "sim/creatures/lob.h"
#include "sim/creatures/params.h"

// Its entry in the creature list (creature.h): slot 1, its place in the
// step, bullet, contact and hash order (its descriptor's hash_order).
#define CREATURE_SLOT_1(X) X(TETRAN, tetran, Tetran)

struct TickCtx;
struct Bullet;

// Spawn-parameter bounds that size things (the rest of the ranges and every
// default are in tetran_params()'s table, shown in docs/tetran.md).
#define TETRAN_MAX_ARMS 64
#define TETRAN_MAX_SEGMENTS 64
#define TETRAN_MAX_LENGTH_PX 256
#define TETRAN_MAX_SPIN_RAD 0.2
#define TETRAN_PHASES 4

// Tuning (not spawn parameters; docs/tetran.md). Per-phase tables are
// initialisers with one entry per phase, 0..TETRAN_PHASES-1.
// Wiggle mode's per-joint lag: joint i gains spin - i * TETRAN_WIGGLE_LAG_RAD
// extra per tick (the write-up's i/100).
#define TETRAN_WIGGLE_LAG_RAD 0.01
// The sway that keeps wiggle mode bounded (docs/tetran.md, "Wiggle mode").
// From a straight arm every joint follows the write-up exactly until the
// arm's curl (its tip's direction against its root's) reaches
// TETRAN_CURL_EXACT_RAD or one joint's turn reaches TETRAN_BEND_MAX_RAD;
// then each joint brakes evenly, stops at its share of TETRAN_CURL_MAX_RAD
// (never past TETRAN_BEND_MAX_RAD) and turns back, running up over at least
// TETRAN_SWAY_EASE_TICKS ticks; the turning back runs from root to tip in
// about TETRAN_SWAY_WAVE_TICKS ticks (at most TETRAN_SWAY_WAVE_SHARE of the
// time a joint takes from one limit to the other), so the arms swing like
// whips between curling one way and the other.
#define TETRAN_CURL_EXACT_RAD 2.5
#define TETRAN_CURL_MAX_RAD 3.0
#define TETRAN_BEND_MAX_RAD 0.5
#define TETRAN_SWAY_EASE_TICKS 8
#define TETRAN_SWAY_WAVE_TICKS 12
#define TETRAN_SWAY_WAVE_SHARE 0.4
// After the first curl the arms sway between curling TETRAN_SWAY_CURL_RAD
// one way and the other, at up to TETRAN_SWAY_SPEED x the write-up's
// speed; each pair's second arm (a follower) turns back once its first
// arm's turning back has run TETRAN_SWAY_FOLLOW_SHARE of the way to the
// tip, so the pair fans as it swings.
#define TETRAN_SWAY_CURL_RAD 1.0
#define TETRAN_SWAY_SPEED 1.5
#define TETRAN_SWAY_FOLLOW_SHARE (1.0 / 3.0)
// Scissors: from the end of the write-up's curl the roots of each pair of
// arms close up about their mean, by TETRAN_SCISSOR_SHARE of the spacing
// at rest each (six arms: from 60 to 18 degrees apart), turning at most
// TETRAN_SCISSOR_SPEED_RAD per tick, speeding up and braking by at most
// TETRAN_SCISSOR_ACCEL_RAD per tick: the gaps between the pairs open.
#define TETRAN_SCISSOR_SHARE 0.35
#define TETRAN_SCISSOR_SPEED_RAD 0.03
#define TETRAN_SCISSOR_ACCEL_RAD 0.003
// After wiggle mode every joint's offset from its arm's base angle shrinks
// by one factor per arm: the largest offset by this fraction per tick, but
// by at least TETRAN_EASE_MIN_RAD, landing exactly on 0 (so the arm keeps
// its shape as it straightens, and is exactly straight within
// TETRAN_STRAIGHT_TICKS of any bend; the gaps close over about a second).
#define TETRAN_EASE_RATE 0.04
#define TETRAN_EASE_MIN_RAD 0.002
#define TETRAN_STRAIGHT_TICKS 140
// Ticks after death the core flickers and its last glow fades (looks only).
#define TETRAN_DEATH_TICKS 120
// Shots from the arm tips: px per tick (aimed ones x TETRAN_AIMED_SPEED,
// spiral streams x TETRAN_SPIRAL_SPEED), px, ticks, hp.
#define TETRAN_SHOT_SPEED_PX 2.6
#define TETRAN_AIMED_SPEED 1.15
#define TETRAN_SPIRAL_SPEED 0.8
#define TETRAN_SHOT_RADIUS_PX 5.0
#define TETRAN_SHOT_TTL_TICKS 420
#define TETRAN_SHOT_DAMAGE 1
#define TETRAN_SPREAD_RAD 0.22           // between the shots of the last phase's 3-way spread
// Spin per phase as a multiple of the spawn's spin: faster, reversed, fastest.
#define TETRAN_PHASE_SPIN {1.0, 1.2, -1.1, 1.2}
// Ticks between aimed shots, and between pattern volleys (0 = no pattern).
#define TETRAN_PHASE_AIM_TICKS {90, 75, 65, 75}
#define TETRAN_PHASE_PATTERN_TICKS {0, 100, 6, 12}
// Ticks to the first pattern volley after a phase change.
#define TETRAN_PHASE_PATTERN_DELAY_TICKS 30
// The spin changes toward the phase's target by at most this per tick, so
// a reversal reads as the boss braking and turning back.
#define TETRAN_SPIN_ACCEL_RAD 0.0008
// Last phase: wiggles on its own for the first part of each cycle: long
// enough to curl the arms into a spiral, then they ease straight again.
#define TETRAN_AUTO_WIGGLE_ON_TICKS 45
#define TETRAN_AUTO_WIGGLE_CYCLE_TICKS 180
// Spiral streams fire in bursts of this many volleys, then pause as long.
#define TETRAN_SPIRAL_ON_VOLLEYS 10
// The core hovers up and down around its spawn point.
#define TETRAN_HOVER_RAD_PER_TICK 0.013
#define TETRAN_HOVER_PX 10.0
// Ticks of white flash after a core hit.
#define TETRAN_HIT_FLASH_TICKS 6
// Arm thickness: half-thickness TETRAN_ARM_WIDTH x length at the root,
// within [TETRAN_ARM_MIN_PX, TETRAN_ARM_MAX_PX], tapering by
// TETRAN_ARM_TAPER toward the tip (what blocks shots and hurts on contact).
#define TETRAN_ARM_WIDTH 0.55
#define TETRAN_ARM_MIN_PX 1.5
#define TETRAN_ARM_MAX_PX 24.0
#define TETRAN_ARM_TAPER 0.45
// Flinch (docs/tetran.md, "Hit reactions"): a player shot stopped by an arm
// kicks the joint at the root of the segment it struck by
// TETRAN_FLINCH_KICK_RAD per tick of bend speed (the way the shot pushes).
// Every joint's flinch bend is a damped spring (stiffness
// TETRAN_FLINCH_STIFF, damping TETRAN_FLINCH_DAMP per tick) coupled to its
// neighbours' (TETRAN_FLINCH_COUPLE), so the kick runs along the chain and
// dies out; each bend stays within +-TETRAN_FLINCH_MAX_RAD, and once every
// bend and speed of an arm is under TETRAN_FLINCH_REST_RAD the arm's flinch
// is exactly 0 again (the undisturbed pose, bit for bit).
#define TETRAN_FLINCH_KICK_RAD 0.05
#define TETRAN_FLINCH_STIFF 0.04
#define TETRAN_FLINCH_DAMP 0.16
#define TETRAN_FLINCH_COUPLE 0.25
#define TETRAN_FLINCH_MAX_RAD 0.15
#define TETRAN_FLINCH_REST_RAD 1e-4
// Death (docs/tetran.md, "Death"): the core drops and the arms go limp,
// falling as chains under TETRAN_FALL_GRAVITY_PX px per tick^2 onto the
// rock (verlet joints, TETRAN_FALL_ITERATIONS passes of the link lengths
// and the rock a tick, speeds kept by TETRAN_FALL_KEEP a tick, sliding on
// the rock kept by TETRAN_FALL_FRICTION), for TETRAN_FALL_TICKS after the
// death; then the body lies still.
#define TETRAN_FALL_GRAVITY_PX 0.35
#define TETRAN_FALL_ITERATIONS 4
#define TETRAN_FALL_KEEP 0.985
#define TETRAN_FALL_FRICTION 0.6
#define TETRAN_FALL_TICKS 600
#define TETRAN_FALL_MAX_SPEED_PX 12.0
// No safe spot (docs/tetran.md, "The seed"): a player who stays within
// TETRAN_STILL_RADIUS_PX of one place for TETRAN_STILL_TICKS (on every
// difficulty: it answers standing still, not the fire rate) is marked: the core swells for
// TETRAN_SEED_WINDUP_TICKS, then lobs a seed at the marked spot, falling
// under TETRAN_SEED_GRAVITY_PX px per tick^2, its flight time the first of
// TETRAN_SEED_FLIGHTS whose arc is clear of rock. Where no arc reaches the
// spot, it flies to the nearest point in sight of the spot that one reaches
// (TETRAN_SEED_AIRBURST_DIRS directions, up to TETRAN_SEED_AIRBURST_PX
// away). It bursts at its end, on rock or on the player: TETRAN_SEED_SPLASH
// short-lived shards all round (TETRAN_SEED_SPLASH_TTL ticks), and, when it
// burst away from the mark, TETRAN_SEED_AIMED shards aimed at it.
#define TETRAN_STILL_RADIUS_PX 48.0
#define TETRAN_STILL_TICKS 420
#define TETRAN_SEED_WINDUP_TICKS 60
#define TETRAN_SEED_GRAVITY_PX 0.1
#define TETRAN_SEED_FLIGHTS {90, 75, 105, 60, 120, 135, 150, 45}
#define TETRAN_SEED_RADIUS_PX 7.0
#define TETRAN_SEED_AIRBURST_PX 320.0
#define TETRAN_SEED_AIRBURST_STEP_PX 32.0
#define TETRAN_SEED_AIRBURST_DIRS 8
#define TETRAN_SEED_SPLASH 8
#define TETRAN_SEED_SPLASH_TTL 24
#define TETRAN_SEED_AIMED 3
#define TETRAN_SEED_SHARD_SPEED 0.9        // x TETRAN_SHOT_SPEED_PX

// Spawn-line parameters (k=v): ranges, defaults and meanings in
// tetran_params()'s table (docs/tetran.md shows it).
#define TETRAN_CONFIG_FIELDS(X)                                  \
    X(VAL, int, arms, "")                                        \
    X(VAL, int, segments, "per arm")                             \
    X(VAL, double, length_px, "per segment (an integer)")        \
    X(VAL, int, hp, "core hit points")                           \
    X(VAL, double, spin_rad, "rad_plus: per-tick joint advance") \
    X(VAL, double, core_px, "core radius (an integer)")          \
    X(VAL, bool, fire, "shoots at all")
typedef struct TetranConfig {
    FIELDS_MEMBERS(TETRAN_CONFIG_FIELDS)
} TetranConfig;

// The arms' arrays, hashed element by element across each list: per arm,
// per joint (arms x segments), per joint position (arms x (segments + 1)).
#define TETRAN_ARM_FIELDS(Y, n)                            \
    Y(double, base_rad, n, "the angle a straight arm has")
#define TETRAN_JOINT_FIELDS(Y, n)                                                                        \
    Y(double, turn_rad, n, "joint 0 its offset from the base, [-pi, pi); joint i > 0 its angle against " \
      "segment i-1 (bounded by the sway)")                                                               \
    Y(double, stroke, n, "-1..1: the share of the write-up's advance it takes (wiggle)")                 \
    Y(int8_t, sway_dir, n, "i > 0: +1 curling as the write-up does, -1 turned back")                     \
    Y(double, rad, n, "absolute angle = wrap(base + turn[0] + ... + turn[i])")                           \
    Y(double, flinch_rad, n, "the hit reaction's extra bend (segments i.. turn by it), 0 at rest")       \
    Y(double, flinch_vel, n, "that bend's speed, rad per tick")
#define TETRAN_POINT_FIELDS(Y, n)                                                      \
    Y(Vec2, pts, n, "joint positions, [0] = core")                                     \
    Y(Vec2, fall_prev, n, "where it was a tick ago while the dead arms fall (verlet)")
// Its state in hash order (core/fields.h).
#define TETRAN_FIELDS(X)                                                                     \
    X(SUB, TetranConfig, cfg, config_hash, "its spawn parameters (tetran.c walks them)")     \
    X(VAL, Vec2, home, "spawn point, px")                                                    \
    X(VAL, Vec2, pos, "core centre (hovers around home), px")                                \
    X(VAL, double, hover_rad, "phase of the hover, bounded")                                 \
    X(VAL, int, hp, "")                                                                      \
    X(VAL, int, hp_max, "")                                                                  \
    X(VAL, bool, alive, "")                                                                  \
    X(VAL, int, phase, "0..TETRAN_PHASES-1, rises as hp drops")                              \
    X(VAL, double, spin_rad, "current rad_plus (phases change it; eased)")                   \
    X(VAL, bool, wiggle, "wiggle mode this tick (button or auto)")                           \
    X(VAL, int, auto_wiggle, "ticks into the auto-wiggle cycle (last phase)")                \
    X(VAL, int, fire_timer, "ticks to the next aimed shot")                                  \
    X(VAL, int, pattern_timer, "ticks to the next radial/spiral volley")                     \
    X(VAL, int, volley, "volleys fired so far (cycles arms and patterns)")                   \
    X(VAL, int, hit_flash, "ticks of white flash after a core hit (looks)")                  \
    X(VAL, int, dead_ticks, "ticks since death (break-up effect), 0 alive")                  \
    X(VAL, int64_t, shots, "bullets fired so far")                                           \
    X(VAL, int64_t, blocked, "player shots stopped by the arms so far")                      \
    X(VAL, Vec2, fall_vel, "the dead core's velocity, px per tick (0 alive)")                \
    X(VAL, double, fall_from_y, "the joints' mean y at death, px (0 alive)")                 \
    /* The seed (docs/tetran.md, "The seed"; creatures/lob.h): no safe spot for a player */ \
    /* who stands still. seed.count: seeds lobbed so far. */                                 \
    X(SUB, Lob, seed, lob_hash, "the seed at a parked player")                               \
    /* Arm state, allocated once in tetran_init (arms x segments); hashed once allocated: */ \
    X(PTRS, TETRAN_ARM_FIELDS, c->pts ? c->cfg.arms : 0)                                     \
    X(PTRS, TETRAN_JOINT_FIELDS, c->pts ? c->cfg.arms * c->cfg.segments : 0)                 \
    X(PTRS, TETRAN_POINT_FIELDS, c->pts ? c->cfg.arms * (c->cfg.segments + 1) : 0)           \
    X(SKIP, HitBoxes, hits, "the arms' boxes for bullet tests: follow from pts (hitbox.h)")
typedef struct Tetran {
    FIELDS_MEMBERS(TETRAN_FIELDS)
} Tetran;
// Its hashed structs' tables (test_hash.c checks them).
#define TETRAN_FIELD_TABLES(T) T(Tetran, TETRAN_FIELDS) T(TetranConfig, TETRAN_CONFIG_FIELDS) T(Lob, LOB_FIELDS)

// Probes (docs/tetran.md): core hp, arm count, wiggle mode 0/1, the worst
// segment length error, core-to-tip of arm 0 and that arm's total length,
// the largest angle between adjacent segments of any arm, the shortest
// core-to-tip distance of any arm and that over an arm's length; player
// shots the arms stopped so far, the largest angle (rad) by which any
// segment differs from its undisturbed pose (the flinch); once dead, how far
// (px) the joints have dropped on average since the death and the fastest
// joint's speed (px per tick; 0 alive); the ticks the player has stood
// still as the seed counts them, and the seeds lobbed so far.
#define TETRAN_PROBES(FIELD, COUNT)                                                                                  \
    FIELD(tetran, hp, "its hit points")                                                                              \
    FIELD(tetran, arms, "arms of the first Tetran")                                                                  \
    FIELD(tetran, wiggle, "1 while the arms are in wiggle mode for any reason, else 0")                              \
    FIELD(tetran, link_error, "largest gap between a segment's length and its rest length, px")                      \
    FIELD(tetran, reach, "distance from the core to the tip of arm 0, px")                                           \
    FIELD(tetran, max_reach, "total length of arm 0, px")                                                            \
    FIELD(tetran, bend, "largest angle between adjacent segments of any arm, rad")                                   \
    FIELD(tetran, min_reach, "shortest distance from the core to an arm's tip, px")                                  \
    FIELD(tetran, reach_ratio, "*extension*: `tetran.min_reach / tetran.max_reach` (a script cannot scale a probe: " \
                               "\"at least 40 % of the length\" is `tetran.reach_ratio >= 0.4`)")                    \
    FIELD(tetran, blocked, "player shots stopped by the arms so far")                                                \
    FIELD(tetran, flinch, "largest angle (rad) by which any joint differs from its undisturbed pose")                \
    FIELD(tetran, fall_drop, "*extension*: after its death, the mean drop (px) of its joints since it fell")         \
    FIELD(tetran, fall_speed, "*extension*: after its death, the fastest joint's move this tick (px)")               \
    FIELD(tetran, still, "*extension*: ticks the player has stayed within the seed's radius of one spot")            \
    FIELD(tetran, seeds, "*extension*: seeds lobbed at a player who stood still (docs/tetran.md)")                   \
    COUNT(tetran, "*extension*: Tetrans in the arena")
typedef struct TetranProbes {
    TETRAN_PROBES(PROBE_FIELD, PROBE_NO_FIELD)
} TetranProbes;

// The Tetran parts no stars.
#define TETRAN_PUSHERS 0

// The spawn parameters: key, kind, range, default, meaning.
const ParamTable *tetran_params(void);
// Its descriptor (creature_desc.h): name, boss name, hash order, costs.
const CreatureDesc *tetran_desc(void);
void tetran_config_default(TetranConfig *cfg);
// Sets one spawn parameter from its text. False with a reason in why (e.g.
// "expected an integer 1..64") for an unknown key or a bad value; cfg is
// unchanged then.
bool tetran_config_set(TetranConfig *cfg, const char *key, const char *val, char *why, size_t why_n);
// Builds the creature at pos (px); the arms start evenly spread from one
// random angle (one draw from rng). Allocates here only. False on no memory
// or a cfg outside the table's ranges.
bool tetran_init(Tetran *c, const TetranConfig *cfg, Vec2 pos, Rng *rng);
void tetran_free(Tetran *c);
// One tick: angles (each joint += spin; wiggle adds spin - i/100, swaying
// back before the curl limit; else ease back to straight), forward
// kinematics, phases, shots. Wiggles while
// ctx->player.wiggle (or on its own in the last phase); aims at the player;
// spawns bullets and pushes events; no allocation.
void tetran_step(Tetran *c, const struct TickCtx *ctx);
// A player bullet reached b->pos (moving b->vel this tick): true when the
// creature absorbs it. Core: damage, EV_HIT (EV_BOSS_DOWN at 0 hp). Arms:
// blocked without damage, EV_BLOCKED. Dead: false.
bool tetran_bullet_hit(Tetran *c, const struct TickCtx *ctx, const struct Bullet *b);
// Does a circle (p, r) touch a harmful part (arms or core) of a live Tetran?
bool tetran_touches(const Tetran *c, Vec2 p, double r);
// The box round every part a bullet can hit or the player can touch: the
// core and every joint, as thick as the thickest segment; false once dead.
bool tetran_bounds(const Tetran *c, Box *out);
// Still a living boss the arena needs defeated to be won.
bool tetran_blocks_win(const Tetran *c);
// Always a boss (true).
bool tetran_is_boss(const Tetran *c);
void tetran_hash(const Tetran *c, Hash *h);
void tetran_probes(const Tetran *c, TetranProbes *out);
// None: returns 0.
int tetran_pushers(const Tetran *c, StarPusher *out, int max);
// The core's centre, px.
Vec2 tetran_pos(const Tetran *c);
// Not yet killed (a hazard always).
bool tetran_alive(const Tetran *c);
// Core hit points left (0 once dead) and at spawn.
void tetran_health(const Tetran *c, int *hp, int *hp_max);
// The core hp at which phases 1, 2, 3 begin (75, 50, 25 % of hp_max,
// rounded down; the boss bar's ticks): how many of hp[0..max) were filled
// (a mark below 1 hp is never reached and is left out).
int tetran_phase_marks(const Tetran *c, int *hp, int max);

// Helpers for drawing and tests.
// Joint k (0..segments) of arm a; k = 0 is the core centre.
static inline Vec2 tetran_joint(const Tetran *c, int a, int k) {
    return c->pts[a * (c->cfg.segments + 1) + k];
}
// Angle of segment i of arm a, radians in [-pi, pi).
static inline double tetran_angle(const Tetran *c, int a, int i) { return c->rad[a * c->cfg.segments + i]; }
// Half thickness (px) of segment i of any arm: what blocks shots and hurts on
// contact (arms taper toward the tip; the drawing matches).
double tetran_arm_radius(const Tetran *c, int i);
