// tentacle.h -- the tentacle boss: a hovering body whose tentacles (node chains
// within a maximum link length, tail stuck to the body) home slowly on the
// player and fire when a tip points at him. docs/tentacle.md: update, bounds.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cpu.h"
#include "core/fields.h"
#include "core/hash.h"
#include "core/rng.h"
#include "core/vec2.h"
#include "sim/background/starfield.h"
#include "sim/creatures/hitbox.h"
#include "sim/creatures/creature_desc.h"
#include "sim/creatures/lob.h"
#include "sim/creatures/params.h"

// Its entry in the creature list (creature.h): slot 2, its place in the
// step, bullet, contact and hash order (its descriptor's hash_order).
#define CREATURE_SLOT_2(X) X(TENTACLE, tentacle, Tentacle)

struct TickCtx;
struct Bullet;

// Spawn-parameter bounds that size things (the rest of the ranges and every
// default are in tentacle_params()'s table, shown in docs/tentacle.md).
#define TENTACLE_MAX_ARMS 32
#define TENTACLE_MAX_NODES 256     // per tentacle at spawn (tail and head included)
#define TENTACLE_MAX_GROW 64       // nodes added per tentacle at each phase change
#define TENTACLE_PHASES 3          // 0 calm, 1 grown + faster homing, 2 spreads
#define TENTACLE_NODES_CAP (TENTACLE_MAX_NODES + 2 * TENTACLE_MAX_GROW)   // the most nodes a tentacle reaches

// Tuning (not spawn parameters; docs/tentacle.md).
#define TENTACLE_BODY_BOB_PX 10.0       // vertical hover amplitude
#define TENTACLE_BODY_KEEP_PX 96.0      // the body stops short of the player by this much beyond its radius
#define TENTACLE_ROAM_HIGH_PX 96.0      // a diving body's roam while the player is up at its height
#define TENTACLE_LOOK_EASE 0.12         // eye turn per tick (fraction of the way)
#define TENTACLE_SPREAD_RAD 0.22        // angle between bullets of a spread
#define TENTACLE_SHOT_RADIUS_PX 5.0
#define TENTACLE_SHOT_TTL_TICKS 300
#define TENTACLE_SHOT_DAMAGE 1
#define TENTACLE_CHIP_PER_HP 3          // blocked bullets per body hp
#define TENTACLE_FLINCH_TICKS 10        // a tentacle's recoil after blocking a bullet
#define TENTACLE_HURT_TICKS 8           // flash after a hit
#define TENTACLE_SPAWN_TURN_RAD 0.12    // spawn pose: each link turns this much toward straight down
#define TENTACLE_BEND_MAX_RAD 0.9       // largest angle between adjacent links the final pass allows
// Its cosine and sine, exactly as dm_sincos gives them (test_tentacle checks):
// the bend limit is tested and applied with them, no angle taken.
#define TENTACLE_BEND_COS 0x1.3e43a9692e21dp-1
#define TENTACLE_BEND_SIN 0x1.91103985da841p-1
#define TENTACLE_ROCK_GAP_PX 0.25       // a node stopped by rock stays this far off the surface
#define TENTACLE_LINK_MIN_PX 1e-3       // a shorter link has no direction (bends skip it)
// The wind-up (docs/tentacle.md, "Wind-up"): a tentacle whose cooldown has
// run out winds up before it fires -- it stops swinging, rears back and
// straightens along the line to the player -- for at least WINDUP_TICKS,
// then fires once its tip points at the player; at most WINDING_MAX wind
// up at once; one not aimed after WINDUP_GIVEUP_TICKS gives up (no shot).
#define TENTACLE_WINDUP_TICKS 36
#define TENTACLE_WINDUP_GIVEUP_TICKS 150
#define TENTACLE_WINDING_MAX 2
#define TENTACLE_WINDUP_AIM 0.25        // fraction of its error the tip turns toward the player a tick
#define TENTACLE_WINDUP_CURL 3          // links at the tip that curl to aim
#define TENTACLE_WINDUP_REAR_PX 0.6     // the head's draw back toward the tail, px a tick
// Hit reactions (docs/tentacle.md, "Flinch"): a blocked bullet kicks the
// nodes around the one it struck along its flight; each node's offset from
// the chain is a damped spring that settles back to 0 (dead within 60
// ticks), at most FLEX_MAX_PX.
#define TENTACLE_FLEX_KICK_PX 4.0       // velocity given to the struck node, px per tick
#define TENTACLE_FLEX_SPREAD 4          // nodes either side that share the kick (linearly less)
#define TENTACLE_FLEX_STIFF 0.0625      // spring: velocity change per px of offset, per tick
#define TENTACLE_FLEX_DAMP 0.5          // fraction of the velocity lost per tick
#define TENTACLE_FLEX_MAX_PX 16.0
#define TENTACLE_FLEX_REST_PX 1e-3      // offsets and velocities below this are snapped to 0
// Death (docs/tentacle.md, "Death"): the body sinks a little (stopped by
// rock) and hangs there; the tentacles hang from it as chains under
// gravity (Verlet, links at most link_px, kept out of rock).
#define TENTACLE_FALL_G 0.2             // px per tick^2 (the body's sinking and the chains')
#define TENTACLE_FALL_MAX 0.35          // the body's fastest sinking, px per tick
#define TENTACLE_SINK_TICKS 240         // ticks after death the body sinks
#define TENTACLE_HANG_DRAG 0.96         // fraction of a hanging node's velocity kept per tick
// No safe spot (docs/tentacle.md, "The spore"; creatures/lob.h): a player
// who stays within TENTACLE_STILL_RADIUS_PX of one place for
// TENTACLE_STILL_TICKS is marked; the tip nearest the spot swells for
// TENTACLE_SPORE_WINDUP_TICKS (a sight closes on the spot), then spits a
// spore in an arc over the rock onto the spot (or onto a point in sight of
// it), where it bursts. The swelling tip is not a shot's wind-up: it
// keeps homing, and tentacle.winding does not count it.
#define TENTACLE_STILL_RADIUS_PX 48.0
#define TENTACLE_STILL_TICKS 360
#define TENTACLE_SPORE_WINDUP_TICKS 60
#define TENTACLE_SPORE_GRAVITY_PX 0.1
#define TENTACLE_SPORE_FLIGHTS {60, 45, 75, 90, 105, 120, 30}
#define TENTACLE_SPORE_RADIUS_PX 6.0
#define TENTACLE_SPORE_AIRBURST_PX 320.0
#define TENTACLE_SPORE_AIRBURST_STEP_PX 32.0
#define TENTACLE_SPORE_AIRBURST_DIRS 8
#define TENTACLE_SPORE_SPLASH 8
#define TENTACLE_SPORE_SPLASH_TTL 24
#define TENTACLE_SPORE_AIMED 3
#define TENTACLE_SPORE_SHARD_SPEED_PX 3.0

typedef enum TentacleSolver {
    TENTACLE_SOLVER_FOLLOW = 0,    // the lerped two-pass follow update (baseline)
    TENTACLE_SOLVER_FABRIK,        // FABRIK (Aristidou & Lasenby 2011), lerped
} TentacleSolver;

// Spawn-line parameters (k=v): ranges, defaults and meanings in
// tentacle_params()'s table (docs/tentacle.md shows it).
#define TENTACLE_CONFIG_FIELDS(X)                                                                 \
    X(VAL, int, tentacles, "")                                                                    \
    X(VAL, int, nodes, "per tentacle, tail and head included")                                    \
    X(VAL, double, link_px, "maximum link length")                                                \
    X(VAL, int, hp, "body hit points")                                                            \
    X(VAL, double, home_px, "head target speed toward the player, px per tick")                   \
    X(VAL, double, lerp, "fraction of the way a node moves to its target per pass")               \
    X(VAL, double, aim_deg, "tip-to-player angular tolerance for firing, degrees")                \
    X(VAL, int, cooldown, "ticks between a tentacle's volleys")                                   \
    X(VAL, double, bullet_px, "bullet speed, px per tick")                                        \
    X(VAL, int, grow, "nodes add_node()s to each tentacle per phase change")                      \
    X(VAL, double, sway_px, "heads' standoff from and sideways swing around the player")          \
    X(VAL, double, roam_px, "how far the body drifts from its spawn point")                       \
    X(VAL, double, wave, "travelling-wave amplitude in links")                                    \
    X(VAL, int, solver, "TentacleSolver")                                                         \
    X(VAL, double, drift_px, "body speed toward its roam goal, px per tick")                      \
    X(VAL, double, dive_px, "how far the body may sink below its spawn height toward the player")
typedef struct TentacleConfig {
    FIELDS_MEMBERS(TENTACLE_CONFIG_FIELDS)
} TentacleConfig;

// One chain node: where it is and where it is heading.
#define TENTACLE_NODE_FIELDS(X) \
    X(VAL, Vec2, pos, "")       \
    X(VAL, Vec2, target, "")
typedef struct TentacleNode {
    FIELDS_MEMBERS(TENTACLE_NODE_FIELDS)
} TentacleNode;

// One node's flinch: its offset from the chain's node and the offset's
// velocity (px, px per tick). Drawn, touched and aimed with the offset.
#define TENTACLE_FLEX_FIELDS(X) \
    X(VAL, Vec2, off, "")       \
    X(VAL, Vec2, vel, "")
typedef struct TentacleFlex {
    FIELDS_MEMBERS(TENTACLE_FLEX_FIELDS)
} TentacleFlex;

// One tentacle: nodes[first .. first+n-1] of the boss's node pool; index 0 is
// the tail (stuck to the body), n-1 the head. Room for cap nodes is reserved
// at init, so add_node never allocates.
#define TENTACLE_ARM_FIELDS(X)                                                                            \
    X(VAL, int, first, "")                                                                                \
    X(VAL, int, n, "")                                                                                    \
    X(VAL, int, cap, "")                                                                                  \
    X(VAL, double, root_rad, "where the tail sits on the body's rim")                                     \
    X(SKIP, Vec2, root_dir, "(cos, sin) of root_rad, worked out once at init: derived")                   \
    X(SKIPA, Vec2, wave_step, 2, "the travelling wave's two rotations a node for this n, as (sin, cos): " \
      "pi/(n-1) and 9/(n-1); derived, worked out when n changes")                                         \
    X(VAL, double, sway_rad, "phase of the head's wandering")                                             \
    X(VAL, int, cooldown, "ticks until this tentacle may fire again")                                     \
    X(VAL, int, flinch, "ticks of recoil after a blocked bullet")                                         \
    X(VAL, int, windup, "ticks wound up so far (0: not winding up)")                                      \
    X(VAL, bool, flexing, "some node's flex is not at rest")
typedef struct TentacleArm {
    FIELDS_MEMBERS(TENTACLE_ARM_FIELDS)
} TentacleArm;

// The whole boss: body + tentacles. Its state in hash order (core/fields.h):
// the tentacles come last, each with its nodes.
#define TENTACLE_FIELDS(X)                                                                                \
    X(VAL, Vec2, pos, "body centre, px")                                                                  \
    X(VAL, Vec2, home, "spawn point the body drifts around")                                              \
    X(VAL, Vec2, look, "unit vector the eye looks along (eases to the player)")                           \
    X(VAL, double, radius, "body radius, px")                                                             \
    X(VAL, double, link_px, "maximum link length, px")                                                    \
    X(VAL, int, hp, "")                                                                                   \
    X(VAL, int, hp_max, "")                                                                               \
    X(VAL, int, chip, "blocked hits on tentacles; every 3 cost the body 1 hp")                            \
    X(VAL, int, phase, "0..TENTACLE_PHASES-1")                                                            \
    X(VAL, bool, alive, "")                                                                               \
    X(VAL, int64_t, age, "ticks stepped")                                                                 \
    X(VAL, int64_t, dead_ticks, "ticks since death (0 while alive)")                                      \
    X(VAL, int, hurt_ticks, "flash after a hit (looks only, but simulated)")                              \
    X(VAL, int64_t, shots, "bullets fired so far")                                                        \
    X(VAL, int, last_windup, "ticks of wind-up before the latest volley (0 before the first)")            \
    X(VAL, double, fall_vy, "the dead body's fall speed, px per tick")                                    \
    X(VAL, int, arm_count, "")                                                                            \
    X(SUB, TentacleConfig, cfg, config_hash, "its spawn parameters (tentacle.c walks them)")              \
    X(OWNA, TentacleArm, arms, TENTACLE_MAX_ARMS, "the first arm_count, each with its nodes (hash_arms)") \
    X(OWNP, TentacleNode, nodes, "arm_count * arms[i].cap; owned; each arm's n (hash_arms)")              \
    X(OWNP, TentacleFlex, flex, "one per node, beside nodes; owned; hashed with its node (hash_arms)")    \
    X(HOOK, hash_arms)                                                                                    \
    X(SUB, Lob, lob, lob_hash, "the spore at a parked player (lob.h; lob.count: spores so far)")          \
    X(SKIP, int, node_total, "the node pool's size, fixed at init")                                       \
    X(SKIP, HitBoxes, hits, "the links' boxes for bullet tests: follow from the nodes (hitbox.h)")
typedef struct Tentacle {
    FIELDS_MEMBERS(TENTACLE_FIELDS)
} Tentacle;
// Its hashed structs' tables (test_hash.c checks them).
#define TENTACLE_FIELD_TABLES(T)                                                        \
    T(Tentacle, TENTACLE_FIELDS) T(TentacleConfig, TENTACLE_CONFIG_FIELDS) T(TentacleArm, TENTACLE_ARM_FIELDS) \
    T(TentacleNode, TENTACLE_NODE_FIELDS) T(TentacleFlex, TENTACLE_FLEX_FIELDS)

// Probes (docs/tentacle.md): body hp, tentacle count, bullets fired, the
// worst link excess, the longest tail-to-head distance, that tentacle's
// total length, how far any head is beyond its total length, the largest
// angle between adjacent links of any tentacle (rad); tentacles winding up
// now, the ticks of wind-up before the latest volley, the largest node
// offset from the chain (px), how far the tentacles hang: the mean of
// (head y - tail y) / total length (1: every one straight down), and the
// spores spat at a parked player so far.
#define TENTACLE_PROBES(FIELD, COUNT)                                                                           \
    FIELD(tentacle, hp, "its hit points")                                                                       \
    FIELD(tentacle, count, "tentacles of the first tentacle boss")                                              \
    FIELD(tentacle, shots, "bullets its tentacles fired so far")                                                \
    FIELD(tentacle, link_error, "largest excess of a link over its maximum length, px")                         \
    FIELD(tentacle, reach, "largest tail-to-head distance of any tentacle, px")                                 \
    FIELD(tentacle, max_reach, "total length of the tentacle with the largest reach, px")                       \
    FIELD(tentacle, overreach, "how far any head is beyond its tentacle's total length, px (0 when none)")      \
    FIELD(tentacle, bend, "largest angle between adjacent links of any tentacle, rad")                          \
    FIELD(tentacle, winding, "tentacles winding up a shot now (at most 2)")                                     \
    FIELD(tentacle, last_windup, "ticks of wind-up before the latest shot (0 before the first)")                \
    FIELD(tentacle, flinch, "largest node displacement (px) from the undisturbed chain (a hit's push)")         \
    FIELD(tentacle, droop, "*extension*: after the boss's death, how straight down the tentacles hang (1: all " \
                           "straight down)")                                                                    \
    FIELD(tentacle, spores, "*extension*: spores spat at a player who stood still (docs/tentacle.md)")
typedef struct TentacleProbes {
    TENTACLE_PROBES(PROBE_FIELD, PROBE_NO_FIELD)
} TentacleProbes;

// The tentacle boss parts no stars.
#define TENTACLE_PUSHERS 0

// The spawn parameters: key, kind, range, default, meaning.
const ParamTable *tentacle_params(void);
// Its descriptor (creature_desc.h): name, boss name, hash order, costs.
const CreatureDesc *tentacle_desc(void);
void tentacle_config_default(TentacleConfig *cfg);
// Sets one spawn parameter from its text. False with a reason in why (e.g.
// "expected an integer 2..256") for an unknown key or a bad value.
bool tentacle_config_set(TentacleConfig *cfg, const char *key, const char *val, char *why, size_t why_n);
// Builds the creature at pos (px); allocates at load time only (node room for
// nodes + 2*grow per tentacle). False on no memory or a config outside the
// table's ranges.
bool tentacle_init(Tentacle *c, const TentacleConfig *cfg, Vec2 pos, Rng *rng);
void tentacle_free(Tentacle *c);
// One tick. Homes on and aims at ctx->player, rests on ctx->map's rock,
// spawns bullets and pushes events.
void tentacle_step(Tentacle *c, const struct TickCtx *ctx);
// The same tick with the chain passes on core/lanes.h's scalar back end,
// or on back end k (one this build cannot run: scalar), where
// tentacle_step takes the fastest (lanes_best): one text, the same bits
// (the tests compare them).
void tentacle_step_scalar(Tentacle *c, const struct TickCtx *ctx);
void tentacle_step_on(Tentacle *c, const struct TickCtx *ctx, LanesKind k);
// A player bullet reached p: true when the creature absorbs it. The body
// takes the bullet's damage; a tentacle blocks it (EV_BLOCKED, recoil) and
// every third blocked bullet costs the body 1 hp.
bool tentacle_bullet_hit(Tentacle *c, const struct TickCtx *ctx, const struct Bullet *b);
// Does a circle (p, r) touch the body or a tentacle (tapered capsules)? False once dead.
bool tentacle_touches(const Tentacle *c, Vec2 p, double r);
// The box round every part a bullet can hit or the player can touch: the
// body and every node, as thick as the thickest skin; false once dead.
bool tentacle_bounds(const Tentacle *c, Box *out);
// Still a living boss the arena needs defeated to be won.
bool tentacle_blocks_win(const Tentacle *c);
// Always a boss (true).
bool tentacle_is_boss(const Tentacle *c);
void tentacle_hash(const Tentacle *c, Hash *h);
void tentacle_probes(const Tentacle *c, TentacleProbes *out);
// None: returns 0.
int tentacle_pushers(const Tentacle *c, StarPusher *out, int max);
// The body's centre, px.
Vec2 tentacle_pos(const Tentacle *c);
// Not yet killed (a hazard always).
bool tentacle_alive(const Tentacle *c);
// Body hit points left (0 once dead) and at spawn.
void tentacle_health(const Tentacle *c, int *hp, int *hp_max);
// The body hp at which phases 1 and 2 begin (2/3 and 1/3 of hp_max, rounded
// down; the boss bar's ticks): how many of hp[0..max) were filled (a mark
// below 1 hp is never reached and is left out).
int tentacle_phase_marks(const Tentacle *c, int *hp, int max);

// --- the chain, exposed for drawing and tests ---

// Node j (0 tail .. n-1 head) of tentacle a.
static inline const TentacleNode *tentacle_node(const Tentacle *c, int a, int j) {
    return &c->nodes[c->arms[a].first + j];
}
// Where node j of tentacle a is seen: the chain's node plus its flinch
// offset (the same bits as the node's when the offset is 0). Drawing,
// touching and aiming use this.
static inline Vec2 tentacle_node_at(const Tentacle *c, int a, int j) {
    int i = c->arms[a].first + j;
    return v2_add(c->nodes[i].pos, c->flex[i].off);
}
// Sum of tentacle a's maximum link lengths: (n-1) * link_px.
double tentacle_total_length(const Tentacle *c, int a);
// Half the tentacle's thickness at node j (px), tapering to the tip; shared
// by drawing and collision so what you see is what hurts.
double tentacle_half_width(const Tentacle *c, int a, int j);
// Adds a node to tentacle a between the tail and the next node (the write-up's
// add_node: the new node appears next to the tail). False when its reserved
// room is full. Keeps every link within link_px.
bool tentacle_add_node(Tentacle *c, int a);
// Absolute angle (radians, 0..pi) between tentacle a's last link (as seen:
// tentacle_node_at) and the
// direction from its head to target (pi when the last link has no length).
double tentacle_aim_error(const Tentacle *c, int a, Vec2 target);
// True when tentacle a may fire at target now: alive, wound up for at
// least TENTACLE_WINDUP_TICKS, and tentacle_aim_error <= the aim tolerance.
bool tentacle_fire_ready(const Tentacle *c, int a, Vec2 target);
// The tentacle whose head (as seen) is nearest p: the one that spits the
// spore at a parked player (0 without tentacles).
int tentacle_nearest_tip(const Tentacle *c, Vec2 p);
// Where the tail of tentacle a is stuck on the body rim (px).
Vec2 tentacle_anchor(const Tentacle *c, int a);
// The largest angle (radians, 0..pi) between adjacent links of tentacle a
// (links shorter than TENTACLE_LINK_MIN_PX have no direction and are skipped).
double tentacle_bend(const Tentacle *c, int a);
