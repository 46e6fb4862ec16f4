// legs.c -- the spider legs: grow/retract, ring-triggered steps, arc
// foothold casts that lead the motion, the 2-by-2 gait, two-bone IK with the
// knee capped and kept out of the rock (the .leg profile parser is
// leg_profile.c).
// Deterministic, no allocation in legs_step (see legs.h, docs/legs.md).
#include "sim/player/legs.h"

#include <math.h>
#include <string.h>

#include "core/dmath.h"

static const char *const LEG_NAMES[LEGS_COUNT] = {"front-left", "back-left", "front-right", "back-right"};

const char *legs_name(int i) { return (i >= 0 && i < LEGS_COUNT) ? LEG_NAMES[i] : "?"; }
int leg_side(int i) { return (i == LEG_FRONT_LEFT || i == LEG_FRONT_RIGHT) ? 1 : -1; }

void legs_init(Legs *legs) {
    memset(legs, 0, sizeof *legs);
    legs->scale = 1.0;
    legs->n = v2(0, -1);
    legs->t = v2_perp(legs->n);
    legs->rn = legs->n;
    legs->last_group = -1;
}

// ------------------------------------------------------------ building blocks

double leg_curve_eval(const LegCurve *c, double t) {
    if (!(t > 0.0)) t = 0.0;
    if (t > 1.0) t = 1.0;
    switch (c->kind) {
    case CURVE_LINEAR: return t;
    case CURVE_SMOOTHSTEP: return t * t * (3.0 - 2.0 * t);
    case CURVE_SMOOTHERSTEP: return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
    case CURVE_EASE_IN: return t * t;
    case CURVE_EASE_OUT: return 1.0 - (1.0 - t) * (1.0 - t);
    case CURVE_SINE: return (t <= 0.0 || t >= 1.0) ? 0.0 : dm_sin(DM_PI * t);
    case CURVE_PARABOLA: return 4.0 * t * (1.0 - t);
    case CURVE_POINTS: {
        int n = c->n;
        if (n <= 0) return 0.0;
        if (n == 1) return c->y[0];
        double x = t * (n - 1);
        int i = (int)x;
        if (i >= n - 1) return c->y[n - 1];
        double u = x - i;
        // Uniform Catmull-Rom through the points (ends repeated), so the
        // curve passes every control point and has no kinks.
        double p0 = c->y[i > 0 ? i - 1 : 0], p1 = c->y[i], p2 = c->y[i + 1];
        double p3 = c->y[i + 2 < n ? i + 2 : n - 1];
        return 0.5 * (2.0 * p1 + (p2 - p0) * u + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * u * u +
                      (3.0 * p1 - p0 - 3.0 * p2 + p3) * u * u * u);
    }
    }
    return t;
}

bool leg_arc_cast(const Tilemap *map, Vec2 root, Vec2 n, int side, double r, double step_deg, const LegBones *bones,
                  Vec2 *out) {
    if (!(step_deg > 0.0) || !(r > 0.0)) return false;
    Vec2 t = v2_scale(v2_perp(n), side >= 0 ? 1.0 : -1.0);
    int steps = (int)ceil(LEGS_ARC_SPAN_DEG / step_deg - 1e-9);
    double step = step_deg * (DM_PI / 180.0), span = LEGS_ARC_SPAN_DEG * (DM_PI / 180.0);
    Vec2 a = v2_add(root, v2_scale(n, r));
    for (int k = 1; k <= steps; k++) {
        double th = k * step;
        if (th > span) th = span;
        double s, c;
        dm_sincos(th, &s, &c);
        Vec2 b = v2_add(root, v2_scale(v2_add(v2_scale(n, c), v2_scale(t, s)), r));
        TileHit h;
        // A segment starting inside rock (a wall behind the body) is no
        // foothold: skip it and go on along the arc.
        if (tilemap_cast(map, a, b, &h) && !h.inside) {
            // Nor is a point closer to the body than the shell and
            // LEGS_SHELL_MARGIN_PX: the body would be past it at once.
            bool clear = !bones || !(bones->shell > 0.0) ||
                         v2_dist(h.point, bones->body) >= bones->shell + LEGS_SHELL_MARGIN_PX * bones->scale;
            if (clear && bones) {
                Vec2 knee, end;
                bool cut, cut_ahead = false;
                leg_knee(map, root, h.point, bones, n, 0, 1, n, &knee, &end, &cut);
                // Ahead into the rock the body will turn (an inner corner): no check.
                Vec2 next = v2_add(root, bones->ahead);
                if (!cut && !tilemap_point_solid(map, next)) {
                    // The body (the knee cap) goes along; the shell is not
                    // checked there: the foot will have stepped on by then.
                    LegBones moved = *bones;
                    moved.body = v2_add(bones->body, bones->ahead);
                    moved.shell = 0.0;
                    leg_knee(map, next, h.point, &moved, n, 0, 1, n, &knee, &end, &cut_ahead);
                }
                clear = !cut && !cut_ahead;
            }
            if (clear) {
                *out = h.point;
                return true;
            }
        }
        a = b;
    }
    return false;
}

// ------------------------------------------------------------------- the tick

// Where leg i's root sits before any slide out of the rock (the root frame).
static Vec2 nominal_root(const Legs *L, int i) {
    const LegProfile *p = &L->prof[i];
    Vec2 off = v2_add(v2_scale(v2_perp(L->rn), p->root_px.x * leg_side(i)), v2_scale(L->rn, -p->root_px.y));
    return v2_add(L->body, v2_scale(off, L->scale));
}

// The foot with no foothold: from the root where the profile puts it (a
// root slid round the rim would carry the foot into the body).
static Vec2 default_foot(const Legs *L, int i) {
    const LegProfile *p = &L->prof[i];
    Vec2 along = v2_scale(L->t, (double)leg_side(i));
    return v2_add(nominal_root(L, i), v2_add(v2_scale(along, p->default_px.x * L->scale),
                                             v2_scale(L->n, -p->default_px.y * L->scale)));
}

// A folded leg points straight out of the shell: its IK target at growth g
// starts from here (the root pushed out along the body's radius by
// LEGS_OUT_FOLD of the bones' length at g), so both knees of a short leg
// stand round the rim, never inside it.
static Vec2 fold_out(const Legs *L, int i, double g) {
    const Leg *leg = &L->leg[i];
    Vec2 u = v2_norm(v2_sub(leg->root, L->body));
    double len = (L->prof[i].upper_px + L->prof[i].lower_px) * L->scale * leg_extension(g);
    return v2_add(leg->root, v2_scale(u, LEGS_OUT_FOLD * len));
}

// A moving body places every foot ahead in the direction it goes: front
// feet far, back feet near.
double leg_cast_radius(const LegProfile *p, Vec2 vel, Vec2 t, int side, double extra) {
    double r = p->cast_radius_px + p->lead_ticks * v2_dot(vel, t) * side + extra;
    double lo = p->min_px / dm_cos(p->cast_step_deg * (DM_PI / 360.0)) + LEGS_RING_MARGIN_PX;
    double hi = p->max_px - LEGS_RING_MARGIN_PX;
    if (r < lo) r = lo;
    if (r > hi) r = hi;
    return r;
}

// Leg i's bones scaled by k (1: full size), with the knee caps for this
// body and the look-ahead of the foothold check.
static LegBones bones_of(const Legs *L, int i, const LegsBody *b, double k) {
    const LegProfile *p = &L->prof[i];
    return (LegBones){p->upper_px * k * L->scale, p->lower_px * k * L->scale, L->scale, b->pos,
                      LEGS_KNEE_CAP * b->radius, LEGS_KNEE_SOFT * b->radius, LEGS_KNEE_FAR * b->radius,
                      v2_scale(b->vel, 2.0 * p->step_ticks), LEGS_SHELL * b->radius};
}

// Another leg's foot -- planted, or the foothold its step lands on -- is
// closer than LEGS_APART_PX to at.
static bool foot_crowded(const Legs *L, int i, Vec2 at) {
    double apart = LEGS_APART_PX * L->scale;
    for (int j = 0; j < LEGS_COUNT; j++) {
        const Leg *o = &L->leg[j];
        if (j == i) continue;
        if (o->mode == LEG_PLANTED && v2_dist(o->target, at) < apart) return true;
        if (o->mode == LEG_STEPPING && !o->to_default && v2_dist(o->to, at) < apart) return true;
    }
    return false;
}

// A foothold closer than LEGS_APART_PX to another leg's foot (planted, or
// where a step lands) is moved: the arc is cast again at radii
// LEGS_APART_STEP_PX farther out, then nearer, each time (within the cast's
// clamps), and the first foothold far enough from the other feet is taken;
// none: the first one stands.
static void recast_apart(Legs *L, const Tilemap *map, int i, double r, const LegBones *bones) {
    const LegProfile *p = &L->prof[i];
    Leg *g = &L->leg[i];
    double lo = leg_cast_radius(p, v2(0, 0), L->t, 1, -1e9) * L->scale;   // the clamps
    double hi = leg_cast_radius(p, v2(0, 0), L->t, 1, 1e9) * L->scale;
    for (int k = 1; k <= LEGS_APART_TRIES; k++)
        for (int sgn = 1; sgn >= -1; sgn -= 2) {
            double rr = r + sgn * k * LEGS_APART_STEP_PX * L->scale;
            Vec2 at;
            if (rr < lo || rr > hi) continue;
            if (leg_arc_cast(map, g->root, L->n, leg_side(i), rr, p->cast_step_deg, bones, &at) &&
                !foot_crowded(L, i, at)) {
                g->cast_point = at;
                return;
            }
        }
}

static bool cast_for(Legs *L, const Tilemap *map, const LegsBody *b, int i, Vec2 *out) {
    const LegProfile *p = &L->prof[i];
    Leg *g = &L->leg[i];
    LegBones bones = bones_of(L, i, b, 1.0);
    double extra = g->mode == LEG_STEPPING ? LEGS_JITTER_REACH_PX * g->jitter : 0.0;
    double r = leg_cast_radius(p, v2_scale(b->vel, 1.0 / L->scale), L->t, leg_side(i), extra) * L->scale;
    g->cast_hit = leg_arc_cast(map, g->root, L->n, leg_side(i), r, p->cast_step_deg, &bones, &g->cast_point);
    if (!g->cast_hit && extra != 0.0) {
        // The jitter must not lose a foothold the plain radius finds (a
        // dangling foot steps when the plain arc hits: round an outer corner).
        r = leg_cast_radius(p, v2_scale(b->vel, 1.0 / L->scale), L->t, leg_side(i), 0.0) * L->scale;
        g->cast_hit = leg_arc_cast(map, g->root, L->n, leg_side(i), r, p->cast_step_deg, &bones, &g->cast_point);
    }
    // A foothold crowding another foot: the arc again, at other radii.
    if (g->cast_hit && foot_crowded(L, i, g->cast_point)) recast_apart(L, map, i, r, &bones);
    *out = g->cast_hit ? g->cast_point : default_foot(L, i);
    return g->cast_hit;
}

double leg_jitter(int leg, int step) {
    // splitmix64's finaliser over (leg, step).
    uint64_t z = (uint64_t)(uint32_t)step * 0x9E3779B97F4A7C15ull + (uint64_t)(uint32_t)leg * 0xD1B54A32D192ED03ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

static void start_step(Legs *L, const Tilemap *map, const LegsBody *b, int i) {
    Leg *g = &L->leg[i];
    g->steps++;
    g->jitter = leg_jitter(i, g->steps);
    g->mode = LEG_STEPPING;        // (before the cast: a stepping leg's foothold takes the jitter)
    Vec2 to;
    bool hit = cast_for(L, map, b, i, &to);
    g->from = g->target;
    g->to = to;
    g->to_default = !hit;
    g->step_tick = 0;
    // Lift along the perpendicular of the step, on the root's side of the
    // step line: off a flat surface that is away from it, and round an outer
    // corner (where the straight line cuts through the rock) it is the side
    // the rock's corner is on, so the foot arcs over it. A step of (almost)
    // no length lifts straight off the surface.
    Vec2 d = v2_sub(to, g->from);
    Vec2 lift = L->n;
    if (v2_len2(d) > 1e-6) {
        lift = v2_perp(v2_norm(d));
        Vec2 mid = v2_lerp(g->from, to, 0.5);
        double side = v2_dot(lift, v2_sub(g->root, mid));
        if (side < 0.0 || (side == 0.0 && v2_dot(lift, L->n) < 0.0)) lift = v2_scale(lift, -1.0);
    }
    g->lift_dir = lift;
}

static void land(Legs *L, int i, Events *ev) {
    Leg *g = &L->leg[i];
    if (g->to_default) {
        g->mode = LEG_DANGLING;
        g->target = default_foot(L, i);
        return;
    }
    g->mode = LEG_PLANTED;
    g->target = g->to;
    if (ev) events_push(ev, EV_STEP_LANDED, WHO_PLAYER, i, g->to.x, g->to.y);
}

// How far a planted foot is outside its ring (<= 0 inside) -- or closer to
// the body centre than the shell and LEGS_SHELL_NEAR_PX (the body climbs
// past it: it steps before its leg would have to cross the shell).
static double ring_excess(const Legs *L, int i) {
    const LegProfile *p = &L->prof[i];
    const Leg *g = &L->leg[i];
    double d = v2_dist(g->target, g->root);
    double lo = p->min_px * L->scale, hi = p->max_px * L->scale;
    double near = (LEGS_SHELL * LEGS_REF_RADIUS_PX + LEGS_SHELL_NEAR_PX) * L->scale;
    return dm_fmax(dm_fmax(d - hi, lo - d), near - v2_dist(g->target, L->body));
}
// The planted foot of group grp that the body is passing the most (closer
// to its centre than the shell + LEGS_SHELL_NEAR_PX), -1 none.
static int passed_foot(const Legs *L, int grp) {
    double near = (LEGS_SHELL * LEGS_REF_RADIUS_PX + LEGS_SHELL_NEAR_PX) * L->scale, most = 0.0;
    int best = -1;
    for (int i = 0; i < LEGS_COUNT; i++) {
        if (L->prof[i].group != grp || L->leg[i].mode != LEG_PLANTED) continue;
        double e = near - v2_dist(L->leg[i].target, L->body);
        if (e > most) {
            most = e;
            best = i;
        }
    }
    return best;
}

static void gait(Legs *L, const Tilemap *map, const LegsBody *b, Events *ev) {
    // Steps in flight advance; those done plant their foot. A group in the
    // air hurries while a planted foot of the other group waits outside its
    // ring, so that foot is not dragged far past its edge.
    bool waiting[2] = {false, false};
    for (int i = 0; i < LEGS_COUNT; i++) {
        const Leg *g = &L->leg[i];
        if (g->mode == LEG_PLANTED && (g->cut || ring_excess(L, i) > 0.0)) waiting[L->prof[i].group] = true;
    }
    for (int i = 0; i < LEGS_COUNT; i++) {
        Leg *g = &L->leg[i];
        if (g->mode != LEG_STEPPING) continue;
        g->step_tick += waiting[1 - L->prof[i].group] ? LEGS_HURRY : 1;
        if (g->step_tick >= L->prof[i].step_ticks) land(L, i, ev);
    }
    // Which legs want to step, and how badly.
    double urge[2] = {-1.0, -1.0};
    int busy = -1, down[2] = {0, 0};
    for (int i = 0; i < LEGS_COUNT; i++) {
        Leg *g = &L->leg[i];
        int grp = L->prof[i].group;
        if (g->mode == LEG_STEPPING) busy = grp;
        down[grp] += g->mode == LEG_PLANTED;
        if (g->mode == LEG_PLANTED) {
            // Outside its ring, or no knee reaches it clear of the rock.
            double e = g->cut ? dm_fmax(ring_excess(L, i), 1e-3) : ring_excess(L, i);
            if (e > 0.0 && e > urge[grp]) urge[grp] = e;
        } else if (g->mode == LEG_DANGLING) {
            Vec2 at;
            g->target = default_foot(L, i);
            if (cast_for(L, map, b, i, &at) && urge[grp] < 1e-3) urge[grp] = 1e-3;
        }
    }
    // One group at a time: a leg that must step takes its partner along; the
    // other group waits until this one has landed.
    if (busy < 0) {
        int pick = -1;
        if (urge[0] > 0.0 || urge[1] > 0.0) {
            if (urge[0] > urge[1]) pick = 0;
            else if (urge[1] > urge[0]) pick = 1;
            else pick = L->last_group == 0 ? 1 : 0;
            // A group with a foot the body is passing goes first, however
            // far the other's feet are out: waiting one more step, the body
            // climbed onto that foot and its leg crossed the whole shell.
            int passed0 = passed_foot(L, 0) >= 0, passed1 = passed_foot(L, 1) >= 0;
            if (passed0 != passed1) pick = passed0 ? 0 : 1;
        }
        // A group whose partner group has a foot dangling (no foothold:
        // round an outer corner) would leave one foot on the rock: that
        // group steps first when it can (its dangling foot found ground),
        // else this one waits until its foot is LEGS_WAIT_PX out of its ring.
        if (pick >= 0 && down[1 - pick] < 2) {
            // But a foot of this group that the body is passing (inside the
            // shell + LEGS_SHELL_NEAR_PX) steps at once, alone, while two
            // other feet stay down: waiting, its leg would cross the shell.
            int lone = passed_foot(L, pick);
            if (lone >= 0 && down[0] + down[1] - 1 >= 2) {
                start_step(L, map, b, lone);
                L->last_group = pick;
                pick = -1;
            } else if (urge[1 - pick] > 0.0) pick = 1 - pick;
            else if (urge[pick] < LEGS_WAIT_PX * L->scale) pick = -1;
        }
        if (pick >= 0) {
            for (int i = 0; i < LEGS_COUNT; i++)
                if (L->prof[i].group == pick && (L->leg[i].mode == LEG_PLANTED || L->leg[i].mode == LEG_DANGLING))
                    start_step(L, map, b, i);
            L->last_group = pick;
        }
    }
    // Feet in flight: eased along old->new, lifted off the surface.
    for (int i = 0; i < LEGS_COUNT; i++) {
        Leg *g = &L->leg[i];
        if (g->mode != LEG_STEPPING) continue;
        const LegProfile *p = &L->prof[i];
        double s = (double)g->step_tick / (double)p->step_ticks;
        // The foothold is re-cast while the foot is in the air, so it lands
        // where the arc finds ground now, not where it was when the body
        // had not moved yet (else a climbing leg lands already out of its ring).
        if (g->step_tick > 0) {
            Vec2 at;
            if (cast_for(L, map, b, i, &at)) {
                g->to = at;
                g->to_default = false;
            } else if (!g->to_default) {
                g->cast_hit = true;
                g->cast_point = g->to;
            }
        }
        Vec2 to = g->to_default ? default_foot(L, i) : g->to;
        Vec2 base = v2_lerp(g->from, to, leg_curve_eval(&p->ease, s));
        double lift = leg_curve_eval(&p->lift, s) * p->lift_px * (1.0 + LEGS_JITTER_LIFT * g->jitter) * L->scale;
        g->target = v2_add(base, v2_scale(g->lift_dir, lift));
        // A path that passes close by the root (a step round a corner) is
        // pushed out to the ring's inner edge: the leg never folds shut.
        Vec2 d = v2_sub(g->target, g->root);
        double dist = v2_len(d), lo = p->min_px * L->scale;
        if (dist < lo) g->target = v2_add(g->root, dist > 1e-9 ? v2_scale(d, lo / dist) : v2_scale(L->n, -lo));
    }
}

// A foot in the air is never aimed inside the shell: a target closer to
// the body centre than the root is moved out to the root's distance (the
// fold into the body on retraction stops at the rim, where the root is).
static void out_of_shell(Leg *g, Vec2 body) {
    Vec2 d = v2_sub(g->target, body);
    double dist = v2_len(d), rim = v2_dist(g->root, body);
    if (dist >= rim) return;
    g->target = v2_add(body, dist > 1e-9 ? v2_scale(d, rim / dist) : v2_sub(g->root, body));
}

// A foot in the air (stepping, growing, folding) whose leg cuts the rock
// with either knee -- its straight path round an outer corner runs through
// it, or a fold points through a ledge's lip -- gets its target adjusted:
// moved out to LEGS_CLEAR_PX off the surface when it is closer, then turned
// about the root, LEGS_CLEAR_STEP_DEG at a time up to LEGS_CLEAR_TRIES
// times, whichever way leads farther from the rock, until the leg clears.
static void clear_rock(Legs *L, const Tilemap *map, Leg *g, const LegBones *bones, int i, Vec2 fallback) {
    double clear = LEGS_CLEAR_PX * L->scale;
    Vec2 pt, out;
    if (tilemap_signed_distance(map, g->target, clear, &pt, &out) < clear) g->target = v2_add(pt, v2_scale(out, clear));
    double s, c;
    dm_sincos(LEGS_CLEAR_STEP_DEG * (DM_PI / 180.0), &s, &c);
    for (int k = 0;; k++) {
        out_of_shell(g, bones->body);
        g->bend = leg_knee(map, g->root, g->target, bones, L->n, g->bend, -leg_side(i), fallback, &g->knee, &g->foot,
                           &g->cut);
        if (!g->cut || k == LEGS_CLEAR_TRIES) return;
        Vec2 d = v2_sub(g->target, g->root);
        Vec2 a = v2_add(g->root, v2_rotate_sc(d, s, c));
        Vec2 b = v2_add(g->root, v2_rotate_sc(d, -s, c));
        // Never round into the shell (the way that keeps the target out of
        // it, else the one farther from the rock).
        double far = 4.0 * map->tile, rim = v2_dist(g->root, bones->body);
        bool in_a = v2_dist(a, bones->body) < rim, in_b = v2_dist(b, bones->body) < rim;
        if (in_a != in_b) g->target = in_a ? b : a;
        else g->target = tilemap_signed_distance(map, a, far, &pt, &out) >= tilemap_signed_distance(map, b, far, &pt, &out)
                             ? a : b;
    }
}

// Rock at p or within LEGS_ROOT_CLEAR_PX of it.
static bool rock_near(const Tilemap *map, Vec2 p, double scale) {
    Vec2 pt, nrm;
    double clear = LEGS_ROOT_CLEAR_PX * scale;
    return tilemap_signed_distance(map, p, clear, &pt, &nrm) < clear;
}

// How far p is from rock, px (negative inside; at most 4 tiles).
static double rock_dist(const Tilemap *map, Vec2 p) {
    Vec2 pt, nrm;
    return tilemap_signed_distance(map, p, 4.0 * map->tile, &pt, &nrm);
}

// A foot in the air whose leg no knee keeps out of the shell -- folding
// away beside the rock, its target pushed off the rock close to the root,
// the bones fold back over the body -- is aimed elsewhere: the target turned
// about the root, LEGS_AIM_STEP_DEG at a time up to LEGS_AIM_TRIES times
// either way (the nearer first), to the first aim whose leg stays out of
// the shell, clear of the rock if any such aim is, else through its edge
// (less seen than a leg across the eye). None: the leg stays.
static void aim_out_of_shell(Legs *L, const Tilemap *map, Leg *g, const LegBones *bones, int i, Vec2 fallback) {
    double zone = LEGS_ROOT_ZONE_PX * L->scale, slack = LEGS_SHELL_SLACK_PX * L->scale;
    if (leg_shell_depth(g->root, g->knee, g->foot, bones->body, bones->shell, zone) <= slack) return;
    Vec2 d = v2_sub(g->target, g->root);
    for (int pass = 0; pass < 2; pass++)
        for (int k = 1; k <= LEGS_AIM_TRIES; k++)
            for (int sgn = 1; sgn >= -1; sgn -= 2) {
                double s, c;
                dm_sincos(sgn * k * LEGS_AIM_STEP_DEG * (DM_PI / 180.0), &s, &c);
                Vec2 target = v2_add(g->root, v2_rotate_sc(d, s, c)), knee, foot;
                bool cut;
                int bend = leg_knee(map, g->root, target, bones, L->n, g->bend, -leg_side(i), fallback, &knee, &foot, &cut);
                if (leg_shell_depth(g->root, knee, foot, bones->body, bones->shell, zone) > slack) continue;
                if (pass == 0 && (leg_bone_cuts(map, g->root, knee, 0.0) ||
                                  leg_bone_cuts(map, knee, foot, LEGS_FOOT_TRIM_PX * L->scale)))
                    continue;
                g->target = target;
                g->knee = knee;
                g->foot = foot;
                g->bend = bend;
                g->cut = cut;
                return;
            }
}

// A leg that no knee keeps out of the shell (a foot planted round a sharp
// edge while the body rounds it: the thigh swept across the body), or a
// planted foot its leg no longer reaches (the root frame turning in an
// inner corner carried the root away from it: the foot left the rock),
// moves its root round the rim, LEGS_ROOT_SLIDE_DEG at a time, up to
// LEGS_ROOT_SHELL_TRIES times either way (the nearer first), to the first
// place, clear of rock, whose leg stays out of the shell and ends on the
// planted foot exactly (a planted foot never slips). None: the leg stays.
static void root_makes_way(Legs *L, const Tilemap *map, Leg *g, const LegBones *bones, int i, Vec2 fallback) {
    double zone = LEGS_ROOT_ZONE_PX * L->scale, slack = LEGS_SHELL_SLACK_PX * L->scale;
    bool planted = g->mode == LEG_PLANTED, reached = !planted || (g->foot.x == g->target.x && g->foot.y == g->target.y);
    if (reached && leg_shell_depth(g->root, g->knee, g->foot, bones->body, bones->shell, zone) <= slack) return;
    Vec2 off = v2_sub(g->root, bones->body);
    for (int k = 1; k <= LEGS_ROOT_SHELL_TRIES; k++)
        for (int sgn = 1; sgn >= -1; sgn -= 2) {
            double s, c;
            dm_sincos(sgn * k * LEGS_ROOT_SLIDE_DEG * (DM_PI / 180.0), &s, &c);
            Vec2 root = v2_add(bones->body, v2_rotate_sc(off, s, c));
            if (rock_near(map, root, L->scale)) continue;
            Vec2 knee, foot;
            bool cut;
            int bend = leg_knee(map, root, g->target, bones, L->n, g->bend, -leg_side(i), fallback, &knee, &foot, &cut);
            if (planted && (foot.x != g->target.x || foot.y != g->target.y)) continue;
            if (leg_shell_depth(root, knee, foot, bones->body, bones->shell, zone) > slack) continue;
            g->root = root;
            g->knee = knee;
            g->foot = foot;
            g->bend = bend;
            g->cut = cut;
            return;
        }
}

// The root frame: eases toward the surface normal, so at an inner corner
// (where the normal turns at once) the roots slide round the body.
static void turn_root_frame(Legs *L, bool snap) {
    if (snap) {
        L->rn = L->n;
        return;
    }
    // Facing the other way (a wall jump across a shaft onto the opposite
    // wall before the legs had folded away), the straight ease never turns:
    // the frame first turns a quarter round, then eases on from there.
    Vec2 from = v2_dot(L->rn, L->n) < LEGS_ROOT_FLIP_DOT ? v2_perp(L->n) : L->rn;
    Vec2 r = v2_add(from, v2_scale(v2_sub(L->n, from), LEGS_ROOT_EASE));
    L->rn = v2_len2(r) > 1e-12 ? v2_norm(r) : L->n;
}

void legs_step(Legs *L, const Tilemap *map, const LegsBody *b, Events *ev) {
    // Folded away and off the walls: nothing moves (not even the roots), so
    // the state does not depend on the profiles until the legs are used.
    bool idle = !b->attached && !L->attached;
    for (int i = 0; i < LEGS_COUNT && idle; i++) idle = L->leg[i].grow <= 0.0 && L->leg[i].mode == LEG_FREE;
    if (idle) {
        L->planted = L->stepping = L->groups_stepping = L->out = 0;
        L->foot_slip = 0.0;
        for (int i = 0; i < LEGS_COUNT; i++) L->leg[i].prev_planted = false;
        return;
    }
    L->scale = b->radius > 0.0 ? b->radius / LEGS_REF_RADIUS_PX : 1.0;
    if (b->attached) {
        Vec2 n = v2_norm(b->normal);
        if (n.x == 0.0 && n.y == 0.0) n = v2(0, -1);
        L->n = n;
        L->t = v2_perp(n);
        // Legs coming out from nothing take the surface's frame at once.
        bool fresh = !L->attached;
        for (int i = 0; i < LEGS_COUNT && fresh; i++) fresh = L->leg[i].grow <= 0.0;
        turn_root_frame(L, fresh);
    }
    if (!b->attached) {
        for (int i = 0; i < LEGS_COUNT; i++) {
            Leg *g = &L->leg[i];
            if (g->mode != LEG_FREE || (L->attached && g->grow > 0.0)) {
                // target = lerp(fold_out, root + fold, reach): the foot where it is now.
                double e = leg_reach(g->grow);
                Vec2 o = fold_out(L, i, g->grow);
                g->fold = e > 1e-6 ? v2_sub(v2_scale(v2_sub(g->foot, v2_scale(o, 1.0 - e)), 1.0 / e), g->root)
                                   : v2(0, 0);
                g->mode = LEG_FREE;
            }
        }
    }
    L->attached = b->attached;
    L->body = b->pos;
    Vec2 rt = v2_perp(L->rn);
    double rs, rc;
    dm_sincos(LEGS_ROOT_SLIDE_DEG * (DM_PI / 180.0), &rs, &rc);
    for (int i = 0; i < LEGS_COUNT; i++) {
        const LegProfile *p = &L->prof[i];
        Vec2 off = v2_scale(v2_add(v2_scale(rt, p->root_px.x * leg_side(i)), v2_scale(L->rn, -p->root_px.y)), L->scale);
        // A root in the rock (a floor or ceiling beside the wall: the shell
        // reaches past the body's collision circle) slides round the rim
        // toward the back until it is out. Folding away, the frame is the
        // last surface's, whose back may now face the rock (dropped from a
        // ceiling onto a floor): there it slides the way away from the rock.
        for (int k = 0; k < LEGS_ROOT_SLIDE_TRIES && rock_near(map, v2_add(b->pos, off), L->scale); k++) {
            Vec2 a = v2(off.x * rc - off.y * rs, off.x * rs + off.y * rc);
            Vec2 c = v2(off.x * rc + off.y * rs, -off.x * rs + off.y * rc);
            if (b->attached) off = v2_dot(a, L->rn) >= v2_dot(c, L->rn) ? a : c;
            else off = rock_dist(map, v2_add(b->pos, a)) >= rock_dist(map, v2_add(b->pos, c)) ? a : c;
        }
        L->leg[i].root = v2_add(b->pos, off);
    }

    if (!b->attached) {
        for (int i = 0; i < LEGS_COUNT; i++) {
            Leg *g = &L->leg[i];
            g->grow -= 1.0 / L->prof[i].retract_ticks;
            if (g->grow < 1e-9) g->grow = 0.0;
            // The fold is stored at full size: the foot pulls in (smoothstep)
            // faster than the bones shrink (ease-out), so the knee folds up.
            g->target = v2_lerp(fold_out(L, i, g->grow), v2_add(g->root, g->fold), leg_reach(g->grow));
        }
    } else {
        for (int i = 0; i < LEGS_COUNT; i++) {
            Leg *g = &L->leg[i];
            if (g->mode != LEG_FREE) continue;
            g->grow += 1.0 / L->prof[i].grow_ticks;
            if (g->grow > 1.0 - 1e-9) g->grow = 1.0;
            Vec2 goal;
            bool hit = cast_for(L, map, b, i, &goal);
            g->target = v2_lerp(fold_out(L, i, g->grow), goal, leg_reach(g->grow));
            if (g->grow >= 1.0) {
                g->to = goal;
                g->to_default = !hit;
                land(L, i, ev);
            }
        }
        gait(L, map, b, ev);
    }

    // IK, counters, and how far any planted foot moved this tick.
    L->planted = L->stepping = L->groups_stepping = L->out = 0;
    L->foot_slip = 0.0;
    bool grp_step[2] = {false, false};
    for (int i = 0; i < LEGS_COUNT; i++) {
        Leg *g = &L->leg[i];
        const LegProfile *p = &L->prof[i];
        LegBones bones = bones_of(L, i, b, leg_extension(g->grow));
        Vec2 fallback = v2_add(v2_scale(L->t, (double)leg_side(i)), v2_scale(L->n, -1.0));
        if (g->mode != LEG_PLANTED) out_of_shell(g, b->pos);
        // Outward: front knees forward, back knees backward (away from the
        // surface while the foot is on its reach side).
        g->bend = leg_knee(map, g->root, g->target, &bones, L->n, g->bend, -leg_side(i), fallback, &g->knee, &g->foot,
                           &g->cut);
        if (g->cut && g->mode != LEG_PLANTED) clear_rock(L, map, g, &bones, i, fallback);
        if (g->grow > 0.0 && g->mode != LEG_PLANTED) aim_out_of_shell(L, map, g, &bones, i, fallback);
        if (g->grow > 0.0) root_makes_way(L, map, g, &bones, i, fallback);
        bool planted = g->mode == LEG_PLANTED;
        if (planted && g->prev_planted) {
            double s = v2_dist(g->foot, g->prev_foot);
            if (s > L->foot_slip) L->foot_slip = s;
        }
        g->prev_foot = g->foot;
        g->prev_planted = planted;
        L->planted += planted;
        L->stepping += g->mode == LEG_STEPPING;
        if (g->mode == LEG_STEPPING) grp_step[p->group] = true;
        L->out += g->grow > 0.0;
    }
    L->groups_stepping = grp_step[0] + grp_step[1];
}
