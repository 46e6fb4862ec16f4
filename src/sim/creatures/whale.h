// whale.h -- the whale shark: a head moving at constant velocity that bounces
// off the arena's walls, 8 follow-the-leader body segments (the last a short
// triangular tail), and the pusher points the starfield parts around.
//
// Movement (per tick): head += velocity (in sub-steps of at most a quarter of
// the wall margin, so fast whales cannot tunnel). Bounces are decided early
// and turned smoothly (docs/whale.md, "Movement"): when the point `margin +
// WHALE_BOUNCE_RADIUS_PX` px ahead of the head on x (or y) is solid -- a
// wall tile or outside the map -- and the head heads toward it, that
// component flips in turn_vel, the velocity the head turns to (one bounce),
// and the head turns onto it along a circle of WHALE_BOUNCE_RADIUS_PX; a
// corner flips both at once and is one planned U-turn (at most
// WHALE_CORNER_RADIUS_PX); rock within the margin still flips at once, the
// head then turning on a circle of WHALE_TURN_MIN_PX. Segment 0 then follows
// the head and each next segment the one before: the segment is placed
// exactly its length behind its target, along the line from the target to
// where the segment was (so spacing is exact every tick), turned to meet
// the segment ahead (segment 0: the head's heading) at no more than
// WHALE_BEND_MAX_RAD, and kept WHALE_GAP_KEEP_PX from every part ahead
// that is not its neighbour (it bends less, or the other way): the body
// never folds onto itself (whale_self_gap >= 0).
//
// Boss or hazard (spawn param boss=1|0, default 1): a boss has hit points and
// three phases (cruise; faster with dives at 2/3 hp; fastest with frequent
// dives at 1/3 hp), dies with EV_BOSS_DOWN and blocks the win while alive. A
// hazard cannot be hurt (bullets are blocked) and never blocks the win. Both
// hurt the player on contact.
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
#include "sim/creatures/lob.h"
#include "sim/creatures/params.h"
#include "sim/map/tilemap.h"

// Its entry in the creature list (creature.h): slot 3, its place in the
// step, bullet, contact and hash order (its descriptor's hash_order).
#define CREATURE_SLOT_3(X) X(WHALE, whale, Whale)

struct TickCtx;
struct Bullet;

#define WHALE_SEGMENTS 8
// Pusher points per whale handed to the starfield: the head and every
// segment's back end (push=body), or the head alone (push=head).
#define WHALE_PUSHERS (WHALE_SEGMENTS + 1)
#define WHALE_PHASES 3

// Tuning (not spawn parameters; docs/whale.md). Lengths are at size 1 and
// scale with size=; per-phase tables have one entry per phase.
// Body plan: seven body segments and a shorter tail; widths at the head and
// at each segment's back end, widest just behind the head like a whale
// shark's pectoral region, the last entry the tail fin's span.
#define WHALE_SEG_LEN_PX 26.0
#define WHALE_TAIL_LEN_PX 16.0
#define WHALE_WIDTH_PX {50, 60, 60, 54, 46, 36, 26, 16, 50}
#define WHALE_PHASE_SPEED {1.0, 1.5, 2.0}      // cruise speed factor per phase
#define WHALE_PHASE_DIVE_TICKS {270, 210, 160} // ticks between charges (0: none)
#define WHALE_WINDUP_TICKS 40                  // slowing down before a dive
#define WHALE_WINDUP_SPEED 0.6                 // speed factor while winding up
#define WHALE_TURN_RADIUS_PX 60.0              // tightest turn while steering
#define WHALE_BOUNCE_RADIUS_PX 90.0            // a bounce turns the head along a circle this size
#define WHALE_CORNER_RADIUS_PX 60.0            // a corner (both walls at once): at most this one
#define WHALE_GAP_KEEP_PX 2.0                  // the follow keeps non-adjacent parts' outlines this far apart
#define WHALE_TAIL_BEND_MAX_RAD 1.4            // the tail fin may swing this far to clear the body
#define WHALE_CURL_MAX_RAD 1.0                 // a corner's U-turn never adds to a body curled more than this
#define WHALE_TURN_MIN_PX 60.0                 // no turn is tighter: a body 60 px wide cannot fold on it
#define WHALE_BEND_MAX_RAD 0.75                // largest angle the follow lets consecutive segments meet at (docs/whale.md)
#define WHALE_DIVE_HOMING_TICKS 20             // first ticks of a dive still steer
#define WHALE_DIVE_TICKS 50
#define WHALE_DIVE_SPEED 3.0                   // speed factor while diving
#define WHALE_DIVE_SPEED_MAX_PX 48.0           // px per tick, whatever the base
#define WHALE_HURT_FLASH_TICKS 6
// The spout (a boss's second attack, where a charge ends): WHALE_SPOUT_WINDUP_TICKS
// of swelling (the telegraph: the whale slows, its head glows), then
// WHALE_SPOUT_VOLLEYS fans of WHALE_SPOUT_SHOTS shots at the player,
// WHALE_SPOUT_SPREAD_RAD apart, every other one turned half that.
#define WHALE_SPOUT_WINDUP_TICKS 36
#define WHALE_SPOUT_VOLLEYS 2
#define WHALE_SPOUT_GAP_TICKS 10               // between the spout's volleys
#define WHALE_SPOUT_SHOTS {7, 9, 11}           // per phase
#define WHALE_SPOUT_SPREAD_RAD 0.16
#define WHALE_SPOUT_SPEED_PX 5.0               // px per tick (x the difficulty's shot speed)
#define WHALE_SPOUT_RADIUS_PX 6.0
#define WHALE_SPOUT_TTL_TICKS 360
// No safe spot (docs/whale.md, "The blow"; creatures/lob.h): every whale,
// boss or hazard, answers a player who stays within WHALE_STILL_RADIUS_PX
// of one place for WHALE_STILL_TICKS: its blowhole swells for
// WHALE_BLOW_WINDUP_TICKS (a sight closes on the spot), then it blows a
// ball of water from its head in an arc over the rock onto the spot (or
// onto a point in sight of it), where it bursts into drops.
#define WHALE_STILL_RADIUS_PX 48.0
#define WHALE_STILL_TICKS 360
#define WHALE_BLOW_WINDUP_TICKS 60
#define WHALE_BLOW_GRAVITY_PX 0.12
#define WHALE_BLOW_FLIGHTS {90, 75, 105, 60, 120, 135, 150, 45}
#define WHALE_BLOW_RADIUS_PX 8.0
#define WHALE_BLOW_AIRBURST_PX 320.0
#define WHALE_BLOW_AIRBURST_STEP_PX 32.0
#define WHALE_BLOW_AIRBURST_DIRS 8
#define WHALE_BLOW_SPLASH 10
#define WHALE_BLOW_SPLASH_TTL 24
#define WHALE_BLOW_AIMED 3
#define WHALE_BLOW_SPREAD_RAD 0.2
#define WHALE_BLOW_SHARD_SPEED_PX 2.4
// A hit's shudder (docs/whale.md): a bend wave running from the head down
// the body, segment i turned by amp * sin(OMEGA t - K i) from where the
// follow puts it, once the wave has reached it (t ticks since the hit);
// the amplitude shrinks by WHALE_SHUDDER_DECAY a tick and ends below
// WHALE_SHUDDER_END_RAD; each hit sets it to half what is left plus
// WHALE_SHUDDER_KICK_RAD, at most WHALE_SHUDDER_MAX_RAD.
#define WHALE_SHUDDER_KICK_RAD 0.12
#define WHALE_SHUDDER_MAX_RAD 0.3
#define WHALE_SHUDDER_DECAY 0.92               // a tick: about 12 ticks to 1/e, 0.01 rad within 35
#define WHALE_SHUDDER_END_RAD 0.001
#define WHALE_SHUDDER_OMEGA 0.7                // rad per tick
#define WHALE_SHUDDER_K 0.9                    // rad per segment: the wave runs down the body
// Death (docs/whale.md): the whale rolls over onto its back over
// WHALE_ROLL_TICKS and sinks, its velocity easing (WHALE_SINK_EASE a tick)
// to WHALE_SINK_PX a tick straight down, until it rests WHALE_REST_PX above
// rock (the body follows, as in life).
#define WHALE_ROLL_TICKS 70
#define WHALE_SINK_PX 1.2
#define WHALE_SINK_EASE 0.04
#define WHALE_REST_PX 14.0
// The outline of a body part as drawn (whale_part_outline; x size): each
// segment's quad meets its neighbours along the mitre of their joint (the
// line halving the bend: no gap, no overlap), the head reaches
// WHALE_SNOUT_PX forward into the snout, WHALE_SNOUT_NARROW of its width
// there; the tail fin's apex and tips stand WHALE_FIN_PX beyond its joints.
#define WHALE_SNOUT_PX 9.0
#define WHALE_SNOUT_NARROW 0.82
#define WHALE_FIN_PX 6.0

// Spawn-line parameters (k=v): ranges, defaults and meanings in
// whale_params()'s table (docs/whale.md shows it).
typedef struct WhaleConfig {
    double speed;              // speed=   cruise px per tick
    int push_head;             // push=    1 when only the head parts stars (head), 0 (body)
    int hp;                    // hp=      ignored for a hazard
    int boss;                  // boss=    1: boss with hp and phases, 0: unkillable hazard
    double shield_px;          // shield=  star push radius
    double size;               // size=    body scale
    double escort_px;          // escort=  a hazard steers toward this far above the player (0: none)
} WhaleConfig;

typedef enum WhaleDive {
    WHALE_CRUISE = 0,          // moving at its phase's cruise speed
    WHALE_WINDUP,              // slowing down before a dive (telegraph)
    WHALE_DIVING,              // rushing toward where the player was
    WHALE_SWELL,               // slowing down before a spout (telegraph)
} WhaleDive;

// Its state in hash order (core/fields.h); the segments' ends and lengths
// are hashed segment by segment.
#define WHALE_SEGMENT_FIELDS(Y, n)                                               \
    Y(Vec2, seg, n, "back end of each segment, px (its front is the one ahead)") \
    Y(double, seg_len, n, "rest length of each segment, px (tail shorter)")
#define WHALE_FIELDS(X)                                                                                            \
    X(VAL, Vec2, pos, "head, px")                                                                                  \
    X(VAL, Vec2, vel, "px per tick")                                                                               \
    X(VAL, Vec2, turn_vel, "the velocity a bounce is turning the head to (== vel when not turning)")               \
    X(VAL, int, turn_dir, "the sense a corner's turn goes round: +1, -1, 0 the shorter way")                       \
    X(VAL, double, turn_radius_px, "this turn's radius when not the bounce's (a corner, a wall close by); 0 none") \
    X(ROWS, WHALE_SEGMENT_FIELDS, WHALE_SEGMENTS)                                                                  \
    X(ARR, double, width, WHALE_SEGMENTS + 1, "body width at the head (0) and each segment's back end")            \
    X(VAL, double, size, "body scale (size=)")                                                                     \
    X(VAL, double, margin_px, "wall margin ahead of the head (bounce probe distance)")                             \
    X(VAL, double, speed, "base cruise speed, px per tick")                                                        \
    X(VAL, double, shield_px, "star push radius")                                                                  \
    X(VAL, double, escort_px, "a hazard steers toward the point this far above the player (0: it cruises)")        \
    X(VAL, bool, push_head, "only the head pushes stars")                                                          \
    X(VAL, bool, boss, "boss (hp, phases) or hazard")                                                              \
    X(VAL, int, hp, "")                                                                                            \
    X(VAL, int, hp_max, "")                                                                                        \
    X(VAL, bool, alive, "")                                                                                        \
    X(VAL, int, phase, "0, 1, 2 (boss only; a hazard stays 0)")                                                    \
    X(VAL, WhaleDive, dive, "")                                                                                    \
    X(VAL, int, dive_timer, "ticks left in the current dive state (or until the next dive)")                       \
    X(VAL, Vec2, aim, "where a charge winding up is aimed (the player), px; drawn as its line")                    \
    X(VAL, int64_t, attacks, "attacks (charges and spouts) started so far")                                        \
    X(VAL, int64_t, bounces, "velocity component flips so far")                                                    \
    X(VAL, int64_t, age, "ticks stepped")                                                                          \
    X(VAL, int, dead_ticks, "ticks since it died (drawing the death)")                                             \
    X(VAL, int, hurt_ticks, "ticks of hit flash left (drawing only)")                                              \
    X(VAL, double, shudder_amp, "the last hit's shudder amplitude, rad (0: none)")                                 \
    X(VAL, int, shudder_ticks, "ticks since the last hit (the shudder's clock)")                                   \
    X(ARR, double, shudder_applied, WHALE_SEGMENTS, "each segment's shudder turn as of the last tick, rad")        \
    X(VAL, double, roll, "0 .. 1: rolled onto its back after death")                                               \
    X(VAL, int64_t, shots_eaten, "other creatures' shots its body stopped so far")                                \
    X(SUB, Lob, lob, lob_hash, "the blow at a parked player (lob.h; lob.count: blows so far)")
typedef struct Whale {
    FIELDS_MEMBERS(WHALE_FIELDS)
} Whale;
// Its hashed structs' tables (test_hash.c checks them).
#define WHALE_FIELD_TABLES(T) T(Whale, WHALE_FIELDS)

// Probes (docs/whale.md): the head's position, velocity flips so far, the
// worst segment spacing error, hp, phase, the largest angle between
// consecutive body segments (the head's heading to segment 0 included),
// the smallest gap between the outlines of two non-adjacent body parts and
// the attacks started so far, the largest shudder turn of any segment now
// (rad), how far it has rolled over after death (0..1), the other
// creatures' shots its body stopped so far and the blows at a parked player
// so far.
#define WHALE_PROBES(FIELD, COUNT)                                                                                    \
    FIELD(whale, x, "the head's position, px")                                                                        \
    FIELD(whale, y, "the head's position, px")                                                                        \
    FIELD(whale, bounces, "velocity flips of the head so far (each axis counted)")                                    \
    FIELD(whale, link_error, "largest gap between a segment link and its rest length, px")                            \
    FIELD(whale, hp, "*extension*: hit points left (a hazard whale, `boss=0`, reads its unused hp)")                  \
    FIELD(whale, phase, "*extension*: 0 cruising, 1 from 2/3 hp (faster, dives), 2 from 1/3 hp")                      \
    FIELD(whale, bend, "largest angle between consecutive body segments (the head's heading to the first included), " \
                       "rad")                                                                                         \
    FIELD(whale, self_gap, "smallest distance between the outlines of two non-adjacent body parts (head, segments, "  \
                           "tail fin), px; negative when two overlap ([whale.md](whale.md#body))")                    \
    FIELD(whale, attacks, "attacks (charges and spouts) the whale started so far "                                    \
                          "([whale.md](whale.md#it-fights-back-the-charge-and-the-spout))")                           \
    FIELD(whale, shudder, "*extension*: the largest turn, rad, a hit's shudder gives any body segment now "           \
                          "([whale.md](whale.md#a-hit-shudders-it))")                                                 \
    FIELD(whale, roll, "*extension*: 0 alive .. 1 rolled onto its back after death "                                  \
                       "([whale.md](whale.md#it-dies-as-a-body))")                                                    \
    FIELD(whale, shots_eaten, "*extension*: other creatures' shots the whale's hide stopped so far "                  \
                              "([whale.md](whale.md#the-finale-shelter-in-the-whales-shadow))")                       \
    FIELD(whale, blows, "*extension*: balls of water blown at a player who stood still "                              \
                        "([whale.md](whale.md#the-blow-no-safe-spot))")                                               \
    COUNT(whale, "*extension*: whale sharks in the arena")
typedef struct WhaleProbes {
    WHALE_PROBES(PROBE_FIELD, PROBE_NO_FIELD)
} WhaleProbes;

// The spawn parameters: key, kind, range, default, meaning.
const ParamTable *whale_params(void);
// Its descriptor (creature_desc.h): name, boss name, hash order, costs.
const CreatureDesc *whale_desc(void);
void whale_config_default(WhaleConfig *cfg);
// Sets one spawn parameter from its text (speed, push, hp, boss, shield,
// size). False with a reason in why for an unknown key, a non-numeric or
// out-of-range value.
bool whale_config_set(WhaleConfig *cfg, const char *key, const char *val, char *why, size_t why_n);
// Builds the whale with its head at pos (px), heading in a direction drawn
// from rng (never closer than 25 degrees to an axis), body laid out behind.
// Allocates nothing. False for a cfg outside the table's ranges.
bool whale_init(Whale *c, const WhaleConfig *cfg, Vec2 pos, Rng *rng);
void whale_free(Whale *c);
// One tick: phase/dive logic (boss), head movement with bounces, body follow;
// then other creatures' shots touching the body are stopped (killed in
// ctx->bullets, EV_BLOCKED). Bounces off ctx->map, dives at ctx->player.
void whale_step(Whale *c, const struct TickCtx *ctx);
// Moves the head by its velocity against map and bounces; then the body
// follows. The movement part of whale_step, usable without a tick.
void whale_move(Whale *c, const Tilemap *map);
// A player bullet reached p: true when the creature absorbs it (hit or blocked);
// damage and events are applied here.
bool whale_bullet_hit(Whale *c, const struct TickCtx *ctx, const struct Bullet *b);
// Does a circle (p, r) touch the living whale (head or any segment)?
bool whale_touches(const Whale *c, Vec2 p, double r);
// The box round every part a bullet can hit or the player can touch (its
// circles); false once dead.
bool whale_bounds(const Whale *c, Box *out);
// A living boss whale blocks the win; a hazard never does.
bool whale_blocks_win(const Whale *c);
// Spawned as a boss (boss=1), dead or alive: a hazard (boss=0) is not one,
// so an arena whose only creatures are hazards has no boss to defeat.
bool whale_is_boss(const Whale *c);
void whale_hash(const Whale *c, Hash *h);
void whale_probes(const Whale *c, WhaleProbes *out);
// Fills out (at most max) with the points that push stars this tick; 0 once
// the whale is dead.
int whale_pushers(const Whale *c, StarPusher *out, int max);
// The head, px.
Vec2 whale_pos(const Whale *c);
// Not yet killed (a hazard always).
bool whale_alive(const Whale *c);
// Hit points left (0 once dead) and at spawn; a hazard keeps its spawn hp.
void whale_health(const Whale *c, int *hp, int *hp_max);
// The hp at which phases 1 and 2 begin (2/3 and 1/3 of hp_max, rounded
// down; the boss bar's ticks): how many of hp[0..max) were filled (a mark
// below 1 hp is never reached and is left out); 0 for a hazard.
int whale_phase_marks(const Whale *c, int *hp, int max);
// Largest |segment spacing - rest length| over the body, px.
double whale_link_error(const Whale *c);
// Largest angle (radians, 0..pi) between consecutive segments, the head's
// heading (its velocity) to segment 0 included.
double whale_bend(const Whale *c);
// The outline of body part i (0 the head: segment 0 with its snout; 1..6
// the body segments; WHALE_SEGMENTS - 1 the triangular tail fin) as drawn:
// 4 corners (front left, back left, back right, front right; 3 for the
// tail: apex, tips), px, a convex polygon while bends are within
// WHALE_BEND_MAX_RAD; returns the count.
int whale_part_outline(const Whale *c, int i, Vec2 out[4]);
// The smallest distance, px, between the outlines of two non-adjacent body
// parts (whale_part_outline; parts i and j with |i - j| >= 2), negative
// (the depth of the overlap) when two of them overlap.
double whale_self_gap(const Whale *c);
