// legs.h -- the spider player's four legs: analytic two-bone IK, steps
// triggered by a [min, max] ring around each root, footholds found by
// line-casting along an arc, and the 2-by-2 gait. Reads tiles through
// tilemap_cast; never allocates in legs_step. Profiles: docs/legs.md.
//
// Frames: footholds and steps live in the surface frame: n is the surface
// normal (surface -> body), t = v2_perp(n). A front leg reaches along +t, a
// back leg along -t. The roots sit on the body's surface side in a root
// frame that follows n with a short ease (so they slide round the body at a
// corner instead of jumping). Lengths in profiles are px for a body of
// radius 12 (tile 32) and scale with the body radius.
#pragma once
#include <stdbool.h>

#include "core/fields.h"
#include "core/hash.h"
#include "core/text.h"
#include "core/vec2.h"
#include "sim/events.h"
#include "sim/map/tilemap.h"

#define LEGS_COUNT 4
#define LEGS_REF_RADIUS_PX 12.0   // body radius the profiles are written for
#define LEG_CURVE_MAX_POINTS 16
// The rules' constants (docs/legs.md, "One tick"). Lengths are px for a
// body of radius 12 and scale with it; KNEE_CAP/SOFT/FAR are x the radius.
#define LEGS_ROOT_EASE 0.3        // the root frame turns this share of the way to n a tick
#define LEGS_ROOT_FLIP_DOT -0.999  // a root frame this close to facing away from n turns a quarter first
#define LEGS_WAIT_PX 12.0         // a group waits for the other's dangling foot until a foot is this far out
#define LEGS_HURRY 2              // step ticks a tick while the other group waits outside its ring
#define LEGS_RING_MARGIN_PX 0.5   // a lead foothold stays this far inside the ring
#define LEGS_ARC_SPAN_DEG 270.0   // the foothold arc: 180 degrees to straight into the surface, 90 on
#define LEGS_JITTER_LIFT 0.25     // a step's lift varies by up to this share ...
#define LEGS_JITTER_REACH_PX 2.0  // ... and its foothold radius by up to this (leg_jitter)
#define LEGS_KNEE_KEEP_PX 3.0     // knee sides closer than this keep last tick's
#define LEGS_KNEE_CAP 1.25        // knees at most this x radius past the body centre (away from
#define LEGS_KNEE_SOFT 0.4        // the surface), approached over this x radius (leg_cap_knee);
#define LEGS_KNEE_FAR 1.6         // the looser cap that lets a knee clear a rock corner
#define LEGS_SHELL 1.3            // the drawn shell's radius x the body radius (the renderer's too)
#define LEGS_ROOT_ZONE_PX 2.0     // a thigh's first px at its root may touch the shell (leg_shell_depth)
#define LEGS_SHELL_MARGIN_PX 4.0  // no foothold closer than the shell + this to the body centre
#define LEGS_SHELL_NEAR_PX 3.0    // a planted foot closer than the shell + this to the body steps
#define LEGS_SHELL_SLACK_PX 0.25  // a knee whose leg reaches deeper into the shell is not chosen
#define LEGS_OUT_FOLD 0.5         // a folded leg points out of the shell this share of its bones (fold_out)
#define LEGS_ROOT_CLEAR_PX 6.0    // a root closer than this to rock slides round the rim ...
#define LEGS_ROOT_SLIDE_DEG 10.0  // ... toward the back by this ...
#define LEGS_ROOT_SLIDE_TRIES 9   // ... up to this many times
#define LEGS_ROOT_SHELL_TRIES 4   // a leg in the shell slides its root up to this many times either way
#define LEGS_AIM_STEP_DEG 15.0    // a foot in the air whose leg is in the shell turns its aim by this ...
#define LEGS_AIM_TRIES 12         // ... up to this many times either way (aim_out_of_shell)
#define LEGS_APART_PX 10.0        // a foothold this close to another foot is cast again ...
#define LEGS_APART_STEP_PX 3.0    // ... at radii this much farther out, then nearer ...
#define LEGS_APART_TRIES 3        // ... up to this many steps each way (feet_min_gap >= 8)
#define LEGS_FOOT_TRIM_PX 1.0     // a shin's last px at the foot is not checked for rock
#define LEGS_CLEAR_PX 3.0         // a foot in the air whose leg cuts rock is kept this far off it ...
#define LEGS_CLEAR_STEP_DEG 15.0  // ... and turned about the root by this ...
#define LEGS_CLEAR_TRIES 6        // ... up to this many times until the leg clears

// Leg index = file: 0 front-left, 1 back-left, 2 front-right, 3 back-right.
// Left legs are on the near side (drawn in front of the body, lit), right
// legs on the far side (behind it, darker).
enum { LEG_FRONT_LEFT = 0, LEG_BACK_LEFT, LEG_FRONT_RIGHT, LEG_BACK_RIGHT };

typedef enum LegCurveKind {
    CURVE_LINEAR = 0,          // t
    CURVE_SMOOTHSTEP,          // 3t^2 - 2t^3
    CURVE_SMOOTHERSTEP,        // 6t^5 - 15t^4 + 10t^3
    CURVE_EASE_IN,             // t^2
    CURVE_EASE_OUT,            // 1 - (1-t)^2
    CURVE_SINE,                // sin(pi t): 0 -> 1 -> 0
    CURVE_PARABOLA,            // 4t(1-t): 0 -> 1 -> 0
    CURVE_POINTS,              // y[0..n-1] evenly spaced on [0,1], Catmull-Rom
} LegCurveKind;

// A curve on [0,1], evaluated by leg_curve_eval.
typedef struct LegCurve {
    LegCurveKind kind;
    int n;                     // control points (CURVE_POINTS only), 2..16
    double y[LEG_CURVE_MAX_POINTS];
} LegCurve;

// The keys of a .leg file, in docs/legs.md's order (legs_key_name spells them).
typedef enum LegKey {
    LEG_KEY_GROUP = 0, LEG_KEY_ROOT, LEG_KEY_UPPER, LEG_KEY_LOWER, LEG_KEY_MIN, LEG_KEY_MAX, LEG_KEY_DEFAULT,
    LEG_KEY_CAST_RADIUS, LEG_KEY_CAST_STEP, LEG_KEY_LEAD, LEG_KEY_STEP_TICKS, LEG_KEY_EASE, LEG_KEY_LIFT,
    LEG_KEY_LIFT_MAX, LEG_KEY_GROW_TICKS, LEG_KEY_RETRACT_TICKS, LEG_KEY_COUNT
} LegKey;

// One leg's tuning, loaded from assets/legs/<name>.leg (see docs/legs.md).
typedef struct LegProfile {
    int group;                 // gait group 0 or 1 (one left + one right leg each)
    Vec2 root_px;              // root from body centre: x along the reach side, y toward the surface
    double upper_px, lower_px; // bone lengths (root->knee, knee->foot)
    double min_px, max_px;     // the ring: a planted foot outside it steps
    Vec2 default_px;           // foot with no foothold: x along the reach side, y toward the surface
    double cast_radius_px;     // radius of the foothold arc
    double cast_step_deg;      // angular step of the arc's line casts (arc spans LEGS_ARC_SPAN_DEG)
    double lead_ticks;         // the arc radius grows by this x the body's speed toward the reach side
    int step_ticks;            // duration of one step
    LegCurve ease;             // step progress 0..1 -> 0..1 along old->new
    LegCurve lift;             // step progress -> lift factor (0 at both ends)
    double lift_px;            // max lift off the surface
    int grow_ticks;            // time to grow out on attach
    int retract_ticks;         // time to fold away on detach
} LegProfile;

typedef enum LegMode {
    LEG_FREE = 0,              // growing or retracting (not standing on anything)
    LEG_PLANTED,               // foot fixed on a foothold
    LEG_STEPPING,              // foot moving from `from` to `to`
    LEG_DANGLING,              // no foothold found: foot at the default position
} LegMode;

// A leg's state in hash order (core/fields.h).
#define LEG_FIELDS(X)                                                                       \
    X(VAL, LegMode, mode, "")                                                               \
    X(VAL, double, grow, "0 retracted .. 1 fully out")                                      \
    X(VAL, Vec2, root, "world px, this tick")                                               \
    X(VAL, Vec2, target, "IK target, world px")                                             \
    X(VAL, Vec2, knee, "solved IK: drawn joint")                                            \
    X(VAL, Vec2, foot, "solved IK: foot (end point)")                                       \
    X(VAL, Vec2, prev_foot, "foot last tick (for foot_slip)")                               \
    X(VAL, bool, prev_planted, "planted last tick")                                         \
    X(VAL, Vec2, from, "step start, world px")                                              \
    X(VAL, Vec2, to, "step end, world px")                                                  \
    X(VAL, bool, to_default, "the step ends at the default position (follows the body)")    \
    X(VAL, Vec2, lift_dir, "unit, away from the surface, perpendicular to the step")        \
    X(VAL, int, step_tick, "ticks into the current step")                                   \
    X(VAL, Vec2, fold, "retract: target = lerp(fold_out, root + fold, reach(grow))")        \
    X(VAL, bool, cast_hit, "last arc cast found a foothold (debug overlay)")                \
    X(VAL, Vec2, cast_point, "... there")                                                   \
    X(VAL, int, bend, "knee side used (leg_ik's bend), chosen every tick by leg_knee")      \
    X(VAL, bool, cut, "both knee solutions cut rock this tick (a planted foot then steps)") \
    X(VAL, int, steps, "steps started so far")                                              \
    X(VAL, double, jitter, "this step's variation, -1..1 (leg_jitter)")
typedef struct Leg {
    FIELDS_MEMBERS(LEG_FIELDS)
} Leg;

// The legs' state in hash order (legs_hash in legs_probes.c walks it).
#define LEGS_FIELDS(X)                                                                                         \
    X(SKIPA, LegProfile, prof, LEGS_COUNT, "the leg profiles: loaded with the World, never changed by a tick " \
      "(configuration, like the tiles, whose file hash the replay header carries)")                            \
    X(SUBA, Leg, leg, LEGS_COUNT, leg_hash, "")                                                                \
    X(VAL, double, scale, "body radius / LEGS_REF_RADIUS_PX, this tick")                                       \
    X(VAL, Vec2, body, "body centre, this tick")                                                               \
    X(VAL, Vec2, n, "surface frame used this tick: normal")                                                    \
    X(VAL, Vec2, t, "surface frame used this tick: tangent")                                                   \
    X(VAL, Vec2, rn, "root frame normal: eases toward n (LEGS_ROOT_EASE a tick)")                              \
    X(VAL, bool, attached, "")                                                                                 \
    X(VAL, int, last_group, "the group that stepped last (tie-break), -1 none")                                \
    X(VAL, int, planted, "")                                                                                   \
    X(VAL, int, stepping, "")                                                                                  \
    X(VAL, int, groups_stepping, "")                                                                           \
    X(VAL, int, out, "")                                                                                       \
    X(VAL, double, foot_slip, "largest planted-foot movement this tick, px")
typedef struct Legs {
    FIELDS_MEMBERS(LEGS_FIELDS)
} Legs;

typedef struct LegsProbes {
    double legs, planted, stepping, groups_stepping, foot_slip;
    double extension;          // mean of leg_extension over the legs: 0 retracted .. 1 out
    double feet_min_gap;       // legs_feet_min_gap
} LegsProbes;

// What legs_step needs of the body (filled by player_step every tick).
typedef struct LegsBody {
    Vec2 pos;                  // body centre, px
    Vec2 vel;                  // px per tick
    Vec2 normal;               // unit, surface -> body (used while attached)
    bool attached;             // PLAYER_WALL
    double radius;             // body radius, px
    int facing;                // -1 left, +1 right
} LegsBody;

// Retracted legs with no profiles yet (all zero): set legs->prof before
// the first legs_step (world_create copies the World's profiles in).
void legs_init(Legs *legs);
// Parses one profile text into *out (starting from *out's values: keys left
// out keep them) and checks the cross-key rules (arc inside the ring, ring
// inside the reach, curves that start and end right). path is for messages.
bool legs_parse_profile(LegProfile *out, const char *text, size_t len, const char *path, ParseError *err);

// One profile's text as read from its file (path for messages).
typedef struct LegProfileText {
    const char *text;
    size_t len;
    const char *path;
} LegProfileText;

// Parses the four profiles (leg order, see legs_name) over prof's values,
// all or nothing (prof untouched on failure): each as legs_parse_profile
// (a NUL byte is an error), then the gait rule that each group holds one
// left and one right leg. False + err with file:line:col.
bool legs_parse_profiles(LegProfile prof[LEGS_COUNT], const LegProfileText text[LEGS_COUNT], ParseError *err);
// 64-bit hash of the four profiles' values (canonical, like world_hash):
// recordings store it so a replay can tell that the legs were retuned.
uint64_t legs_profiles_hash(const LegProfile prof[LEGS_COUNT]);
// File name stem of leg i ("front-left" ...).
const char *legs_name(int i);
// A key as the files spell it ("cast_radius"); "?" out of range.
const char *legs_key_name(LegKey k);
// A named curve as the files spell it ("smoothstep"); NULL for CURVE_POINTS.
const char *legs_curve_name(LegCurveKind kind);

// One tick: grow/retract, gait, steps, IK. Pushes EV_STEP_LANDED per landing.
void legs_step(Legs *legs, const Tilemap *map, const LegsBody *body, Events *ev);
void legs_hash(const Legs *legs, Hash *h);
void legs_probes(const Legs *legs, LegsProbes *out);
// The largest distance of a planted foot from the nearest solid surface, px
// (0 when no foot is planted; a foot farther than 4 tiles reads 4 tiles).
double legs_foot_gap(const Legs *legs, const Tilemap *map);
// player.leg_over_body: the largest depth, px, that any leg's bones (the
// centre lines root->knee and knee->foot, the thigh's first
// LEGS_ROOT_ZONE_PX at its root left out) reach inside the shell, the
// circle of LEGS_SHELL x radius round the body centre `body`; 0 when none.
double legs_over_body(const Legs *legs, Vec2 body, double radius);
// player.feet_min_gap: while attached with two or more feet planted, the
// smallest distance between two planted feet, px; else 1000.
double legs_feet_min_gap(const Legs *legs);

// --- building blocks (public for tests and the debug overlay) ---

// Curve value at t (clamped to [0,1]).
double leg_curve_eval(const LegCurve *c, double t);
// Two-bone IK from root toward target with bone lengths l1, l2. bend +1 puts
// the knee on the v2_perp side of root->target, -1 on the other. Reachable
// targets are hit exactly; out of range it stretches (or folds) as far as it
// can along the target direction; a zero-length target uses `fallback` as the
// direction. Returns true when the target was reachable.
bool leg_ik(Vec2 root, Vec2 target, double l1, double l2, int bend, Vec2 fallback, Vec2 *knee, Vec2 *end);
// The foothold arc's radius for a body moving at vel (px per tick, profile
// scale) on a surface with tangent t, for a leg reaching along side*t:
// cast_radius + lead_ticks * (vel . t) * side + extra, clamped so that the
// foothold lands inside the ring (LEGS_RING_MARGIN_PX from its edges).
double leg_cast_radius(const LegProfile *p, Vec2 vel, Vec2 t, int side, double extra);
// A step's variation in -1..1, a fixed function of the leg and the step's
// number (an integer hash, not the game's random numbers): each step lifts
// a little higher or lower (LEGS_JITTER_LIFT) and reaches a little farther
// or nearer (LEGS_JITTER_REACH_PX), so the gait never repeats exactly.
double leg_jitter(int leg, int step);
// A leg's bones for the arc cast's check (leg_arc_cast).
typedef struct LegBones {
    double l1, l2;             // root->knee, knee->foot, px
    double scale;              // body radius / LEGS_REF_RADIUS_PX (for the px constants)
    Vec2 body;                 // body centre: the knee cap is measured from it
    double cap, soft;          // knee cap: see leg_cap_knee (px; cap <= 0: none)
    double far;                // the looser cap leg_knee falls back to (px, >= cap)
    Vec2 ahead;                // leg_arc_cast also checks from root + ahead (where the body goes:
                               // its velocity x 2 step_ticks in legs_step)
    double shell;              // the shell's radius round body, px (leg_shell_depth; <= 0: none):
                               // leg_knee prefers knees whose leg stays out of it
} LegBones;
// Keeps a knee from rising far from the surface: the knee's height over
// body along n (away from the surface) is eased down to at most cap by
// moving the knee toward the line root->end (as if the knee turned toward
// the viewer, out of the picture: the foot stays where it is). Heights
// below cap - soft are left alone; above it they approach cap smoothly
// (cap - soft + soft * x / (soft + x) for an excess x).
Vec2 leg_cap_knee(Vec2 root, Vec2 knee, Vec2 end, Vec2 n, const LegBones *bones);
// The arc foothold search: from root + r*n, line-casts segment by segment,
// rotating by step_deg toward side*t, over LEGS_ARC_SPAN_DEG degrees (past
// straight into the surface, so a leg that has passed an outer corner still
// finds the face round it). The first hit is the
// foothold -- with bones, the first hit that a capped knee reaches with
// neither bone cutting rock (leg_knee's cut), from root and, unless that
// is inside rock, from root + bones->ahead (round an outer corner the
// straight shin to a foothold too far round cuts the corner, or will once
// the body has moved on). False (out untouched) when nothing is hit.
bool leg_arc_cast(const Tilemap *map, Vec2 root, Vec2 n, int side, double r, double step_deg, const LegBones *bones,
                  Vec2 *out);
// How deep, px, the leg root->knee->end reaches inside the circle of radius
// shell round body: the largest shell - distance over the bones' centre
// lines, the thigh's first `zone` px at the root left out; 0 when outside.
double leg_shell_depth(Vec2 root, Vec2 knee, Vec2 end, Vec2 body, double shell, double zone);
// +1 for front legs, -1 for back legs.
int leg_side(int i);
// Growth g (0..1) -> the bones' length factor (ease-out: the leg unfolds
// knee first) and the target's distance factor (smoothstep: the foot
// follows). The same curves fold it back on retract, in reverse.
double leg_extension(double g);
double leg_reach(double g);
// Does the bone a->b pass through rock? The last `trim` px before b are not
// checked (a foot stands on the surface it ends at).
bool leg_bone_cuts(const Tilemap *map, Vec2 a, Vec2 b, double trim);
// Picks the knee for a leg and solves it (leg_ik): of the two solutions the
// one farther from the surface (along n); within LEGS_KNEE_KEEP_PX of each
// other, `keep` (the side used last tick; 0: the outward side `outward`).
// The knee is capped (leg_cap_knee). When a bone of that one cuts rock
// (leg_bone_cuts), the other side capped; when both cut, whichever side
// clears with the looser cap bones->far; else the first choice. Returns the
// bend used; *cut when neither knee clears the rock under the cap (the leg
// is strained: a planted foot then steps).
int leg_knee(const Tilemap *map, Vec2 root, Vec2 target, const LegBones *bones, Vec2 n, int keep, int outward,
             Vec2 fallback, Vec2 *knee, Vec2 *end, bool *cut);
