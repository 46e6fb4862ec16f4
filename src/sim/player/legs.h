// legs.h -- the spider player's four legs: analytic two-bone IK, steps
// triggered by a [min, max] ring around each root, footholds found by
// line-casting along an arc, and the 2-by-2 gait. Reads tiles through
// tilemap_cast; never allocates in legs_step. Profiles: docs/legs.md.
//
// Frames: the body stays upright, so a leg's root is a fixed offset from the
// body centre (mirrored toward the side the wall is on). Footholds and steps live in the
// surface frame: n is the surface normal (surface -> body), t = v2_perp(n).
// A front leg reaches along +t, a back leg along -t. Lengths in profiles are
// px for a body of radius 12 (tile 32) and scale with the body radius.
#pragma once
#include <stdbool.h>

#include "core/hash.h"
#include "core/text.h"
#include "core/vec2.h"
#include "sim/events.h"
#include "sim/map/tilemap.h"

#define LEGS_COUNT 4
#define LEGS_REF_RADIUS_PX 12.0   // body radius the profiles are written for
#define LEG_CURVE_MAX_POINTS 16

// Leg index = file: 0 front-left, 1 back-left, 2 front-right, 3 back-right.
// Left legs are on the near side, right legs on the far side (drawn darker);
// all grow out of the back, behind the body.
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

// One leg's tuning, loaded from assets/legs/<name>.leg (see docs/legs.md).
typedef struct LegProfile {
    int group;                 // gait group 0 or 1 (one left + one right leg each)
    Vec2 root_px;              // root from body centre: x toward the wall's side, y down
    double upper_px, lower_px; // bone lengths (root->knee, knee->foot)
    double min_px, max_px;     // the ring: a planted foot outside it steps
    Vec2 default_px;           // foot with no foothold: x along the reach side, y toward the surface
    double cast_radius_px;     // radius of the foothold arc
    double cast_step_deg;      // angular step of the arc's line casts (arc spans 180)
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

typedef struct Leg {
    LegMode mode;
    double grow;               // 0 retracted .. 1 fully out
    Vec2 root;                 // world px, this tick
    Vec2 target;               // IK target, world px
    Vec2 knee, foot;           // solved IK: drawn joint and foot (end point)
    Vec2 prev_foot;            // foot last tick (for foot_slip)
    bool prev_planted;         // planted last tick
    Vec2 from, to;             // step endpoints, world px
    bool to_default;           // the step ends at the default position (follows the body)
    Vec2 lift_dir;             // unit, away from the surface, perpendicular to the step
    int step_tick;             // ticks into the current step
    Vec2 fold;                 // foot - root when the retract began
    bool cast_hit;             // last arc cast found a foothold (debug overlay)
    Vec2 cast_point;           // ... there
} Leg;

typedef struct Legs {
    LegProfile prof[LEGS_COUNT];
    Leg leg[LEGS_COUNT];
    double scale;              // body radius / LEGS_REF_RADIUS_PX, this tick
    double side;               // +1 roots lean right (wall on the right) .. -1 left, eased
    Vec2 n, t;                 // surface frame used this tick
    bool attached;
    int last_group;            // the group that stepped last (tie-break), -1 none
    int planted, stepping, groups_stepping, out;
    double foot_slip;          // largest planted-foot movement this tick, px
} Legs;

typedef struct LegsProbes {
    double legs, planted, stepping, groups_stepping, foot_slip;
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

// One tick: grow/retract, gait, steps, IK. Pushes EV_STEP_LANDED per landing.
void legs_step(Legs *legs, const Tilemap *map, const LegsBody *body, Events *ev);
void legs_hash(const Legs *legs, Hash *h);
void legs_probes(const Legs *legs, LegsProbes *out);

// --- building blocks (public for tests and the debug overlay) ---

// Curve value at t (clamped to [0,1]).
double leg_curve_eval(const LegCurve *c, double t);
// Two-bone IK from root toward target with bone lengths l1, l2. bend +1 puts
// the knee on the v2_perp side of root->target, -1 on the other. Reachable
// targets are hit exactly; out of range it stretches (or folds) as far as it
// can along the target direction; a zero-length target uses `fallback` as the
// direction. Returns true when the target was reachable.
bool leg_ik(Vec2 root, Vec2 target, double l1, double l2, int bend, Vec2 fallback, Vec2 *knee, Vec2 *end);
// The arc foothold search: from root + r*n, line-casts segment by segment,
// rotating by step_deg toward side*t, over 180 degrees. The first hit is the
// foothold. False (out untouched) when nothing is hit.
bool leg_arc_cast(const Tilemap *map, Vec2 root, Vec2 n, int side, double r, double step_deg, Vec2 *out);
// +1 for front legs, -1 for back legs.
int leg_side(int i);
// The knee side leg_ik uses for leg i: knees point away from the surface
// and outward (front legs forward, back legs backward).
int leg_bend(int i);
